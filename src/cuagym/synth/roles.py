"""What runs *inside* a role's jail: the procedural roles and a client for the role API.

    python -m cuagym.synth.roles procedural-generator       # task_config.json -> scripts
    python -m cuagym.synth.roles procedural-discriminator   # task_config.json -> reward.py
    python -m cuagym.synth.roles api GET /v1/whoami         # any role: call the env API
    python -m cuagym.synth.roles api POST /v1/envs/gold/state '{"paths": ["*.xlsx"]}'

The working directory is the role's workspace (its jail's /home/user). The procedural roles
read only ``task_config.json`` (the family is named there) and import the family's code from
the installed package; they cannot read the other role's output because nothing of it exists in
this jail. Standard library plus cuagym only; the API client is usable from any agent command.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import urllib.error
import urllib.request
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

__all__ = ["EnvApiClient", "EnvApiError", "main"]


class EnvApiError(RuntimeError):
    def __init__(self, status: int, body: Any) -> None:
        super().__init__(f"HTTP {status}: {body}")
        self.status = status
        self.body = body


class EnvApiClient:
    """The role's environment API (``$CUAGYM_ENV_API``, bearer ``$CUAGYM_ENV_TOKEN``)."""

    def __init__(self, url: str | None = None, token: str | None = None) -> None:
        self.url = (url or os.environ["CUAGYM_ENV_API"]).rstrip("/")
        self.token = token if token is not None else os.environ.get("CUAGYM_ENV_TOKEN", "")

    def call(self, method: str, path: str, body: Any = None, timeout: float = 600) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method.upper())
        req.add_header("Authorization", f"Bearer {self.token}")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return json.loads(resp.read() or b"null")
        except urllib.error.HTTPError as exc:
            raw = exc.read()
            try:
                payload: Any = json.loads(raw)
            except ValueError:
                payload = raw.decode("utf-8", "replace")
            raise EnvApiError(exc.code, payload) from None

    def whoami(self) -> Any:
        return self.call("GET", "/v1/whoami")

    def state(self, env: str, **query: Any) -> Any:
        return self.call("POST", f"/v1/envs/{env}/state", query)

    def run(self, env: str, script: str, code: str) -> Any:
        return self.call("POST", f"/v1/envs/{env}/run", {"script": script, "code": code})

    def reset(self, env: str) -> Any:
        return self.call("POST", f"/v1/envs/{env}/reset", {})

    def reward(self, env: str, code: str) -> Any:
        return self.call("POST", f"/v1/envs/{env}/reward", {"code": code})


def _family(task: Any) -> Any:
    """The task's family, importing only its own home app's families (not every app's)."""
    family_id = task.family
    if not family_id:
        raise SystemExit(f"task {task.task_id} names no procedural family (task_config.family)")
    for ep in entry_points(group="cuagym.families"):
        if ep.name == task.domain:
            for family in ep.load():
                if family.id == family_id:
                    return family
    # A home shipped in this package but not (yet) registered as an entry point.
    try:
        home = task.domain.replace("-", "_")
        module = importlib.import_module(f"cuagym.families.homes.{home}")
        for family in module.FAMILIES:
            if family.id == family_id:
                return family
    except (ImportError, AttributeError):
        pass
    raise SystemExit(
        f"no installed task family {family_id!r} in {task.domain!r} for task {task.task_id}"
    )


def _write(name: str, text: str) -> None:
    Path(name).write_text(text, encoding="utf-8")
    print(f"wrote {name} ({len(text)} bytes)")


def _procedural(role: str) -> int:
    from cuagym.core import TaskConfig

    task = TaskConfig.model_validate_json(Path("task_config.json").read_text(encoding="utf-8"))
    family = _family(task)
    if role == "generator":
        if Path("REVIEW.md").exists():
            # A procedural family is deterministic: the review cannot change its scripts, but
            # the transcript says it was read (the feedback loop is the same for every backend).
            print("read REVIEW.md from the last round")
        scripts = family.generate(task)
        _write("initial_setup.py", scripts.initial_setup)
        _write("golden_patch.py", scripts.golden_patch)
    else:
        _write("reward.py", family.write_reward(task))
        _write(
            "REVIEW.md",
            f"Procedural Discriminator: reward.py of family `{family.id}` "
            f"({task.domain}), derived from the task alone.\n",
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["procedural-generator"]:
        return _procedural("generator")
    if args[:1] == ["procedural-discriminator"]:
        return _procedural("discriminator")
    if args[:1] == ["api"] and len(args) in (3, 4):
        body = json.loads(args[3]) if len(args) == 4 else None
        try:
            print(json.dumps(EnvApiClient().call(args[1], args[2], body), indent=2))
        except EnvApiError as exc:
            print(json.dumps({"status": exc.status, "error": exc.body}), file=sys.stderr)
            return 1
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
