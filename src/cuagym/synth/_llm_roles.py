"""The roles' tools: the environment-API operations and workspace files, as function tools.

They act only through a role session (:class:`RoleSessionLike`, which the synthesis
orchestrator's ``RoleSession`` satisfies): workspace files are read and written *as the role*
inside its jail, environments are reached only through the role's API with its rights. Both
roles know every tool; each is *offered* only its own, and a call to the other role's tool goes
to the API anyway, which refuses and logs it — the barrier does not rest on the tool list.
"""

from __future__ import annotations

import json
import re
from typing import Any, Protocol

from cuagym.envs import StateQuery
from cuagym.llm import Tool, ToolError, ToolSpec
from cuagym.sandbox import ScriptResult
from cuagym.synth._llm_prompts import ROLE_OUTPUTS

__all__ = ["RoleApiLike", "RoleSessionLike", "missing_outputs", "role_tools"]

# A flat workspace: plain names only. Refusing '/' and '..' here matters: the session reads
# files as the orchestrator (root, on the host), so a path could otherwise leave the jail.
_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$")
_OUT_TAIL = 4000
ENVS = ["init", "gold"]


class RoleApiLike(Protocol):
    async def state(self, env: str, query: StateQuery | None = None) -> dict[str, Any]: ...

    async def run(
        self, env: str, script: str, code: str, timeout: float | None = None
    ) -> dict[str, Any]: ...

    async def reset(self, env: str) -> dict[str, Any]: ...

    async def reward(self, env: str, code: str, timeout: float | None = None) -> dict[str, Any]: ...


class RoleSessionLike(Protocol):
    @property
    def role(self) -> str: ...

    @property
    def round(self) -> int: ...

    @property
    def api(self) -> RoleApiLike: ...

    async def read_file(self, name: str) -> str | None: ...

    async def write_file(self, name: str, text: str) -> ScriptResult: ...


def _name(args: dict[str, Any]) -> str:
    name = str(args.get("name", ""))
    if not _NAME.match(name) or ".." in name:
        raise ToolError(f"bad file name {name!r}: a plain name in the workspace, e.g. reward.py")
    return name


def _tail(text: str) -> str:
    return (
        text
        if len(text) <= _OUT_TAIL
        else f"[... {len(text) - _OUT_TAIL} cut]\n" + text[-_OUT_TAIL:]
    )


def _dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)


def _script_result(result: dict[str, Any]) -> dict[str, Any]:
    return {
        "exit_code": result.get("exit_code"),
        "timed_out": result.get("timed_out"),
        "duration_s": result.get("duration_s"),
        "stdout": _tail(result.get("stdout") or ""),
        "stderr": _tail(result.get("stderr") or ""),
    }


def _syntax(name: str, text: str) -> str:
    if not name.endswith(".py"):
        return ""
    try:
        compile(text, name, "exec")
    except SyntaxError as exc:
        return f"; WARNING: SyntaxError line {exc.lineno}: {exc.msg}"
    return ""


def _spec(name: str, description: str, props: dict[str, Any], required: list[str]) -> ToolSpec:
    schema = {"type": "object", "properties": props, "required": required,
              "additionalProperties": False}  # fmt: skip
    return ToolSpec(name=name, description=description, parameters=schema)


_ENV = {"type": "string", "enum": ENVS, "description": "which environment"}
_CODE = {"type": "string", "description": "script text; omit to use the workspace file"}


def role_tools(session: RoleSessionLike) -> tuple[list[Tool], list[Tool]]:
    """(offered, hidden): the session role's tools, and the other role's (dispatched, not shown)."""

    async def read_file(args: dict[str, Any]) -> str:
        name = _name(args)
        text = await session.read_file(name)
        if text is None:
            raise ToolError(f"{name} is not in your workspace")
        return text

    async def write_file(args: dict[str, Any]) -> str:
        name, content = _name(args), str(args["content"])
        result = await session.write_file(name, content)
        if result.exit_code != 0:
            raise ToolError(f"could not write {name}: {_tail(result.stderr or result.stdout)}")
        return f"wrote {name} ({len(content.encode())} bytes){_syntax(name, content)}"

    async def code_of(args: dict[str, Any], default: str) -> str:
        code = args.get("code")
        if code is not None:
            return str(code)
        text = await session.read_file(default)
        if text is None:
            raise ToolError(f"no code given and {default} is not in your workspace yet")
        return text

    async def read_state(args: dict[str, Any]) -> str:
        query = StateQuery(
            paths=tuple(args.get("paths") or ("*",)),
            parse=bool(args.get("parse", True)),
            text_max_bytes=int(args.get("text_max_bytes", 8192)),
            hash=False,
            hub=args.get("hub", "diff") != "none",
        )
        data = await session.api.state(str(args["env"]), query)
        files = [{k: v for k, v in f.items() if v not in (None, 0) or k == "size"}
                 for f in data.get("files", [])]  # fmt: skip
        view: dict[str, Any] = {"files": files}
        if data.get("truncated"):
            view["truncated"] = True
        hub = data.get("hub")
        mode = args.get("hub", "diff")
        if hub and mode != "none":
            keep = {"diff": ("state_diff",), "current": ("current_state", "state_diff")}
            wanted = keep.get(mode)
            view["hub"] = {app: (go if wanted is None or not isinstance(go, dict)
                                 else {k: go.get(k) for k in wanted})
                           for app, go in hub.items()}  # fmt: skip
        return _dump(view)

    async def run_script(args: dict[str, Any]) -> str:
        script = str(args["script"])
        code = await code_of(args, f"{script}.py")
        result = await session.api.run(str(args["env"]), script, code)
        return _dump(_script_result(result))

    async def reset_env(args: dict[str, Any]) -> str:
        return _dump(await session.api.reset(str(args["env"])))

    async def run_reward(args: dict[str, Any]) -> str:
        code = await code_of(args, "reward.py")
        got = await session.api.reward(str(args["env"]), code)
        reward = got.get("reward") or {}
        return _dump({"reward": reward, "run": _script_result(got.get("result") or {})})

    common = [
        Tool(_spec("read_file", "Read a file of your workspace (task_config.json, SKILL.md, "
                   "REVIEW.md, or one you wrote).", {"name": {"type": "string"}}, ["name"]),
             read_file),
        Tool(_spec("write_file", "Create or replace a file of your workspace.",
                   {"name": {"type": "string"}, "content": {"type": "string"}},
                   ["name", "content"]), write_file),
        Tool(_spec("read_state", "The state-only view of an environment: files under /home/user "
                   "(text, parsed office files) and the web apps' hub state. Narrow with "
                   "`paths` (fnmatch globs) when the answer is cut.", {
                       "env": _ENV,
                       "paths": {"type": "array", "items": {"type": "string"}},
                       "parse": {"type": "boolean", "description": "parsed office/pdf views"},
                       "text_max_bytes": {"type": "integer"},
                       "hub": {"type": "string", "enum": ["none", "diff", "current", "full"],
                               "description": "hub state: the diff to the initial state "
                               "(default), current + diff, or everything"},
                   }, ["env"]), read_state),
    ]  # fmt: skip
    generator = [
        Tool(_spec("run_script", "Run initial_setup or golden_patch in one of your scratch "
                   "environments (for gold: initial_setup first, then golden_patch).", {
                       "env": _ENV,
                       "script": {"type": "string", "enum": ["initial_setup", "golden_patch"]},
                       "code": _CODE,
                   }, ["env", "script"]), run_script),
        Tool(_spec("reset_env", "Put a scratch environment back to clean.", {"env": _ENV},
                   ["env"]), reset_env),
    ]  # fmt: skip
    discriminator = [
        Tool(_spec("run_reward", "Run a reward.py on a throwaway copy of an environment; "
                   "returns the parsed checks and REWARD.", {"env": _ENV, "code": _CODE},
                   ["env"]), run_reward),
    ]  # fmt: skip
    if session.role == "generator":
        return common + generator, discriminator
    return common + discriminator, generator


async def missing_outputs(session: RoleSessionLike) -> list[str]:
    """The role's output files not (or emptily) written yet."""
    missing = []
    for name in ROLE_OUTPUTS[session.role]:
        text = await session.read_file(name)
        if not text or not text.strip():
            missing.append(name)
    return missing
