"""The start screen (DESIGN.md §6): the windows an agent sees at step 0, in order.

``task_config.json`` may carry ``start``, e.g. ``[{"app": "calc", "path":
"/home/user/Documents/budget.xlsx"}]`` for a desktop app on a file or ``[{"app": "team-chat",
"page": "/"}]`` for a web app (a path under the app's base; the environment binds the browser to
the rollout's session and never shows the token). A task without ``start`` gets its domain's
default.
"""

from __future__ import annotations

import posixpath
import re

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

__all__ = ["HOME", "StartWindow"]

HOME = "/home/user"
_APP = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


class StartWindow(BaseModel):
    """One window of the start screen: a desktop app (on a file or folder) or a web page."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    app: str = Field(description="app id: calc, writer, impress, files, chromium, team-chat, ...")
    path: str | None = Field(
        None, description="desktop: the file or folder to open, an absolute path under /home/user"
    )
    page: str | None = Field(
        None, description="web: a path under the app's base URL, starting with '/'"
    )

    @field_validator("app")
    @classmethod
    def _app_id(cls, value: str) -> str:
        if not _APP.match(value):
            raise ValueError(f"start window app {value!r} is not an app id (kebab/snake case)")
        return value

    @field_validator("path")
    @classmethod
    def _home_path(cls, value: str | None) -> str | None:
        if value is None:
            return None
        norm = posixpath.normpath(value)
        if not value.startswith("/") or not (norm == HOME or norm.startswith(HOME + "/")):
            raise ValueError(f"start window path {value!r} must be an absolute path under {HOME}")
        if norm != value.rstrip("/") or "\x00" in value:
            raise ValueError(f"start window path {value!r} is not normalized")
        return value

    @field_validator("page")
    @classmethod
    def _page(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if not value.startswith("/") or value.startswith("//") or any(c.isspace() for c in value):
            raise ValueError(
                f"start window page {value!r} must be a path under the app's base starting "
                "with a single '/' (no scheme, host or spaces)"
            )
        return value

    @model_validator(mode="after")
    def _one_target(self) -> StartWindow:
        if self.path is not None and self.page is not None:
            raise ValueError(
                f"start window for {self.app!r} has both a path and a page: a desktop app "
                "opens a path, a web app a page"
            )
        return self
