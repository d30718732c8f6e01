"""The ``llm`` Dev backend: a tool loop in the orchestrator's process over the project only.

Tools: ``list_files``, ``read_file``, ``write_file``, ``delete_file`` on paths inside the
project (no absolute path, no ``..``, no link followed), ``docs/<name>`` read-only for the
round's documents, and ``check`` (the fast static checks). The model's key stays in this process;
the app's code is never run here (``check`` loads it in a subprocess).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from cuagym.appgen._dev import DevBackend, DevSession, DevTurn
from cuagym.appgen._render import render

if TYPE_CHECKING:  # the llm extra's clients; imported where the loop runs
    from cuagym.llm import ChatClient, PriceTable, Tool

__all__ = ["LlmDevBackend"]

MAX_READ = 200_000
MAX_WRITE = 400_000


class _Workspace:
    def __init__(self, session: DevSession) -> None:
        self.session = session
        self.root = session.project.resolve()

    def path(self, rel: str, *, for_write: bool = False) -> Path:
        from cuagym.llm import ToolError

        pure = PurePosixPath(rel)
        if not rel or pure.is_absolute() or ".." in pure.parts or "\\" in rel:
            raise ToolError(f"{rel!r}: give a path relative to the workspace, without '..'")
        if pure.parts[0] == "docs":
            raise ToolError(f"{rel!r}: docs/ is read-only")
        path = self.root.joinpath(*pure.parts)
        for parent in [path, *path.parents]:
            if parent == self.root:
                break
            if parent.is_symlink():
                raise ToolError(f"{rel!r}: links are not followed")
        if for_write and path.is_dir():
            raise ToolError(f"{rel!r} is a folder")
        return path

    async def list_files(self, args: dict[str, Any]) -> str:
        names = [f"docs/{n}" for n in sorted(self.session.docs)]
        for path in sorted(self.root.rglob("*")):
            if "__pycache__" in path.parts or path.is_dir() or path.is_symlink():
                continue
            names.append(path.relative_to(self.root).as_posix())
        return "\n".join(names)

    async def read_file(self, args: dict[str, Any]) -> str:
        from cuagym.llm import ToolError

        rel = str(args["path"])
        if rel.startswith("docs/"):
            text = self.session.docs.get(rel.removeprefix("docs/"))
            if text is None:
                raise ToolError(f"no document {rel}; there are: {', '.join(self.session.docs)}")
            return text
        path = self.path(rel)
        if not path.is_file():
            raise ToolError(f"no file {rel}")
        return path.read_text(encoding="utf-8", errors="replace")[:MAX_READ]

    async def write_file(self, args: dict[str, Any]) -> str:
        from cuagym.llm import ToolError

        rel, text = str(args["path"]), str(args["content"])
        if len(text) > MAX_WRITE:
            raise ToolError(f"{rel}: {len(text)} characters is more than {MAX_WRITE}")
        path = self.path(rel, for_write=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return f"wrote {rel} ({len(text)} characters)"

    async def delete_file(self, args: dict[str, Any]) -> str:
        from cuagym.llm import ToolError

        rel = str(args["path"])
        path = self.path(rel, for_write=True)
        if not path.is_file():
            raise ToolError(f"no file {rel}")
        path.unlink()
        return f"deleted {rel}"

    async def check(self, args: dict[str, Any]) -> str:
        findings = await asyncio.to_thread(self.session.check)  # loads the app in a subprocess
        if not findings:
            return "clean: no static finding"
        return "\n".join(f"{f.priority} {f.where}: {f.detail}" for f in findings)


def _tools(ws: _Workspace) -> list[Tool]:
    from cuagym.llm import Tool, ToolSpec

    def spec(name: str, description: str, **props: str) -> ToolSpec:
        return ToolSpec(
            name=name,
            description=description,
            parameters={
                "type": "object",
                "properties": {k: {"type": "string", "description": v} for k, v in props.items()},
                "required": list(props),
                "additionalProperties": False,
            },
        )

    path = "a path relative to the workspace"
    return [
        Tool(spec("list_files", "Every file of the workspace and the documents."), ws.list_files),
        Tool(spec("read_file", "Read a file or a document (docs/...).", path=path), ws.read_file),
        Tool(
            spec("write_file", "Create or replace a file.", path=path, content="the whole text"),
            ws.write_file,
        ),
        Tool(spec("delete_file", "Delete a file.", path=path), ws.delete_file),
        Tool(spec("check", "Run the static checks on the project."), ws.check),
    ]


def _first_message(session: DevSession) -> str:
    docs = session.docs
    parts = [f"Round {session.round} of building `{session.plan.app_id}`."]
    for name in ("AUDIT.md", "TEST.md"):
        if name in docs:
            parts.append(f"## docs/{name}\n\n{docs[name]}")
    parts.append(f"## docs/TODO.md\n\n{docs.get('TODO.md', '')}")
    parts.append(
        "docs/DESIGN.md, docs/plan.json and docs/KIT.md hold the rest. Work through the "
        "findings first, then TODO.md; run `check` before you finish."
    )
    return "\n\n".join(parts)


class LlmDevBackend(DevBackend):
    """The Dev agent played by one chat model (``openai:NAME`` or ``anthropic:NAME``)."""

    name = "llm"

    def __init__(
        self,
        client: ChatClient,
        *,
        prices: PriceTable | None = None,
        max_turns: int = 80,
        time_budget_s: float = 3600.0,
    ) -> None:
        self.client = client
        self.prices = prices
        self.max_turns = max_turns
        self.time_budget_s = time_budget_s

    async def aclose(self) -> None:
        await self.client.aclose()

    async def run_round(self, session: DevSession) -> DevTurn:
        from cuagym.llm import AgentLoop

        ws = _Workspace(session)
        loop = AgentLoop(
            self.client,
            prices=self.prices,
            max_turns=self.max_turns,
            time_budget_s=min(self.time_budget_s, session.timeout_s),
        )
        system = render(
            "dev_system.md.j2", app_id=session.plan.app_id, package=session.plan.package
        )
        result = await loop.run(system, _first_message(session), _tools(ws))
        code = {"done": 0, "max_turns": 0, "time_budget": 124, "error": 1}[result.stop]
        summary = json.dumps({"stop": result.stop, "turns": result.turns, "error": result.error})
        return DevTurn(
            exit_code=code,
            transcript=f"{result.transcript}\n[llm] {summary}",
            timed_out=result.stop == "time_budget",
            model=str(self.client.spec),
            tokens_in=result.usage.tokens_in,
            tokens_out=result.usage.tokens_out,
            cost_usd=result.cost_usd,
        )
