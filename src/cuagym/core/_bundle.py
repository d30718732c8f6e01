"""The tuple bundle: one self-contained folder per task (DESIGN.md §2, a contract).

``OUT/final/<task_id>/`` holds an accepted tuple (REVIEW.md verdict PASS) and all seven files;
``OUT/rejected/<task_id>/`` holds a tuple that never converged: task_config.json, meta.json, its
last REVIEW.md (verdict FAIL) and whatever scripts and config exist. Which folder a bundle goes
to follows from its verdict, so a bundle can't land in the wrong place.

Writing is atomic (see ``_atomic``); an existing bundle of the same task id is refused unless
the caller asks to replace it, which a resumed run never needs. Loading validates every file
and reports every problem at once, each naming the file and field.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from cuagym.core._atomic import write_folder_atomically
from cuagym.core._osworld import OSWorldConfig
from cuagym.core._review import Review
from cuagym.core._task import TaskConfig, TaskMeta

__all__ = ["BUNDLE_FILES", "Bundle", "BundleError", "BundleKind", "BundleProblem"]

BundleKind = Literal["final", "rejected"]
TASK_CONFIG, META, REVIEW, CONFIG = "task_config.json", "meta.json", "REVIEW.md", "config.json"
SCRIPTS = ("initial_setup.py", "golden_patch.py", "reward.py")
BUNDLE_FILES = (TASK_CONFIG, META, *SCRIPTS, REVIEW, CONFIG)
_SCRIPT_FIELD = {"initial_setup.py": "initial_setup", "golden_patch.py": "golden_patch"}
_SCRIPT_FIELD["reward.py"] = "reward"

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class BundleProblem:
    """One thing wrong with a bundle: which file, which field (if any), what."""

    file: str
    field: str | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file}: {self.field}" if self.field else self.file
        return f"{where}: {self.message}"


class BundleError(ValueError):
    """A bundle folder that is missing files or holds invalid or inconsistent ones."""

    def __init__(self, path: str | os.PathLike[str], problems: list[BundleProblem]) -> None:
        self.path = Path(path)
        self.problems = problems
        lines = "\n".join(f"  {p}" for p in problems)
        super().__init__(f"invalid bundle {self.path}:\n{lines}")


class Bundle(BaseModel):
    """A (t, s_init, s_gold, r) tuple with its verdict, in memory."""

    model_config = ConfigDict(frozen=True)

    task: TaskConfig
    meta: TaskMeta
    review: Review
    initial_setup: str | None = None
    golden_patch: str | None = None
    reward: str | None = None
    config: OSWorldConfig | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Bundle:
        problems = _cross_problems(self)
        if problems:
            raise ValueError("; ".join(str(p) for p in problems))
        return self

    @property
    def task_id(self) -> str:
        return self.task.task_id

    @property
    def kind(self) -> BundleKind:
        """``final`` for an accepted tuple (verdict PASS), else ``rejected``."""
        return "final" if self.review.verdict == "PASS" else "rejected"

    def files(self) -> dict[str, bytes]:
        """Every file of the bundle folder, by name, as written to disk."""
        out = {
            TASK_CONFIG: _json_bytes(self.task.model_dump(mode="json")),
            META: _json_bytes(self.meta.model_dump(mode="json")),
        }
        for name, field in _SCRIPT_FIELD.items():
            text: str | None = getattr(self, field)
            if text is not None:
                out[name] = text.encode("utf-8")
        out[REVIEW] = self.review.render().encode("utf-8")
        if self.config is not None:
            out[CONFIG] = _json_bytes(self.config.to_json())
        return out

    def write(
        self,
        out_root: str | os.PathLike[str],
        kind: BundleKind | None = None,
        *,
        replace: bool = False,
    ) -> Path:
        """Write the bundle to ``out_root/<kind>/<task_id>/`` atomically; return that path.

        ``kind`` defaults to :attr:`kind` and, if given, must agree with it. An existing
        folder raises FileExistsError unless ``replace`` is true.
        """
        if kind is not None and kind != self.kind:
            raise ValueError(
                f"a bundle with verdict {self.review.verdict} is written to {self.kind}/, "
                f"not {kind}/"
            )
        target = Path(out_root) / self.kind / self.task_id
        return write_folder_atomically(out_root, target, self.files(), replace=replace)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Bundle:
        """Read and validate a bundle folder. Raises BundleError listing every problem."""
        folder = Path(path)
        if not folder.is_dir():
            raise BundleError(folder, [BundleProblem(str(folder), None, "not a folder")])
        problems: list[BundleProblem] = []
        task = _load_json(folder, TASK_CONFIG, TaskConfig, problems)
        meta = _load_json(folder, META, TaskMeta, problems)
        review = _load_review(folder, problems)
        config = _load_json(folder, CONFIG, OSWorldConfig, problems, required=False)
        scripts = {f: _read_text(folder, n, problems) for n, f in _SCRIPT_FIELD.items()}
        if task is not None and task.task_id != folder.name:
            problems.append(
                BundleProblem(
                    TASK_CONFIG, "task_id", f"is {task.task_id!r} but the folder is {folder.name!r}"
                )
            )
        if review is not None and folder.parent.name in ("final", "rejected"):
            want = "PASS" if folder.parent.name == "final" else "FAIL"
            if review.verdict != want:
                problems.append(
                    BundleProblem(
                        REVIEW,
                        "verdict",
                        f"is {review.verdict} but a bundle under {folder.parent.name}/ "
                        f"needs {want}",
                    )
                )
        if problems or task is None or meta is None or review is None:
            raise BundleError(folder, problems)
        parts: dict[str, Any] = {"task": task, "meta": meta, "review": review, "config": config}
        parts.update(scripts)
        # Check agreement between files first so the error names files and fields, not the
        # model; then build the bundle for real.
        problems = _cross_problems(cls.model_construct(**parts))
        if problems:
            raise BundleError(folder, problems)
        return cls(**parts)


def _cross_problems(b: Bundle) -> list[BundleProblem]:
    """What no single file can check: agreement between files, completeness of a final one."""
    out: list[BundleProblem] = []
    task, meta = b.task, b.meta
    if b.review.task_id != task.task_id:
        out.append(
            BundleProblem(REVIEW, "task_id", f"is {b.review.task_id!r}, not {task.task_id!r}")
        )
    for field in ("domain", "difficulty"):
        if getattr(meta, field) != getattr(task, field):
            msg = f"is {getattr(meta, field)!r} but task_config.json says {getattr(task, field)!r}"
            out.append(BundleProblem(META, field, msg))
    n_apps = len(set(task.apps))
    if (meta.task_type == "cross") != (n_apps > 1):
        out.append(
            BundleProblem(
                META, "task_type", f"is {meta.task_type!r} but the task uses {n_apps} app(s)"
            )
        )
    if b.config is not None:
        if b.config.id != task.task_id:
            out.append(BundleProblem(CONFIG, "id", f"is {b.config.id!r}, not {task.task_id!r}"))
        if b.config.instruction != task.instruction:
            out.append(BundleProblem(CONFIG, "instruction", "differs from task_config.json"))
    if b.review.verdict == "PASS":
        for name, field in _SCRIPT_FIELD.items():
            if getattr(b, field) is None:
                out.append(BundleProblem(name, None, "missing (required in an accepted bundle)"))
        if b.config is None:
            out.append(BundleProblem(CONFIG, None, "missing (required in an accepted bundle)"))
    return out


def _json_bytes(data: Any) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _read_text(
    folder: Path, name: str, problems: list[BundleProblem], *, required: bool = False
) -> str | None:
    path = folder / name
    if not path.is_file():
        if required:
            problems.append(BundleProblem(name, None, "missing"))
        return None
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.append(
            BundleProblem(name, None, f"not UTF-8 text ({exc.reason} at byte {exc.start})")
        )
    except OSError as exc:
        problems.append(BundleProblem(name, None, f"unreadable: {exc.strerror}"))
    return None


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _load_json(
    folder: Path,
    name: str,
    model: type[M],
    problems: list[BundleProblem],
    *,
    required: bool = True,
) -> M | None:
    text = _read_text(folder, name, problems, required=required)
    if text is None:
        return None
    try:
        data = json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as exc:
        problems.append(
            BundleProblem(
                name, None, f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
            )
        )
        return None
    except ValueError as exc:
        problems.append(BundleProblem(name, None, f"invalid JSON: {exc}"))
        return None
    if not isinstance(data, dict):
        problems.append(
            BundleProblem(name, None, f"must hold a JSON object, not {type(data).__name__}")
        )
        return None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems.extend(_validation_problems(name, exc))
        return None


def _load_review(folder: Path, problems: list[BundleProblem]) -> Review | None:
    text = _read_text(folder, REVIEW, problems, required=True)
    if text is None:
        return None
    try:
        return Review.parse(text)
    except ValidationError as exc:
        problems.extend(_validation_problems(REVIEW, exc))
    except ValueError as exc:
        problems.append(BundleProblem(REVIEW, None, str(exc).removeprefix("REVIEW.md: ")))
    return None


def _validation_problems(name: str, exc: ValidationError) -> list[BundleProblem]:
    out = []
    for err in exc.errors(include_url=False):
        field = ".".join(str(part) for part in err["loc"]) or None
        message = err["msg"].removeprefix("Value error, ")  # our validators' own words
        value = err.get("input")
        if err["type"] != "missing" and isinstance(value, str | int | float | bool | None):
            text = repr(value)
            message += f" (got {text if len(text) <= 60 else text[:57] + '...'})"
        out.append(BundleProblem(name, field, message))
    return out
