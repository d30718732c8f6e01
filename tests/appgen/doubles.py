"""Test doubles of the appgen pipeline's agents and auditor (none of them is a model).

* :func:`plan_script`: the Plan agent's chat API as a script of ``write_plan`` calls;
* :func:`dev_script`: the Dev agent's chat API as a function of the request: round 1 writes
  the known app with its one seeded defect (``known_app_round1/``), a later round reads
  ``docs/AUDIT.md`` and writes the fix if the audit names the dead control;
* :class:`TemplateAuditor`: an auditor that finds a dead control the way the defect is made (a
  ``<button>`` outside every ``<form>``, a static reading of the templates), so the build's
  round logic can be tested before the real browser audit is there.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from cuagym.appgen import AuditReport, DeadControl
from cuagym.appgen._checks import AuditOutcome
from cuagym.appgen._workspace import find_project
from cuagym.llm import make_client
from cuagym.llm.scripted import Call, Reply, ScriptedChatApi, ScriptedRequest

HERE = Path(__file__).parent
KNOWN_PLAN = HERE / "known_plan.json"
KNOWN_APP = HERE / "known_app"
ROUND1 = HERE / "known_app_round1"
DEFECT_FILE = "src/recipe_box/templates/recipe.html"


def known_plan() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(KNOWN_PLAN.read_text(encoding="utf-8"))
    return data


def app_files(root: Path) -> dict[str, str]:
    """The project files under ``root`` (relative path -> text), caches left out."""
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts and p.name != "README.md"
    }


def scripted_client(api: ScriptedChatApi) -> Any:
    return make_client("openai:scripted-double", api_key="test", http_client=api.client())


def plan_replies(*plans: dict[str, Any]) -> list[Reply]:
    """One ``write_plan`` call per plan given, then a final answer."""
    replies = [Reply(calls=[Call("write_plan", {"plan": p})]) for p in plans]
    return [*replies, Reply(text="The plan is written.")]


def plan_script(*plans: dict[str, Any]) -> ScriptedChatApi:
    return ScriptedChatApi(plan_replies(*plans))


def plan_then_dev(plan: dict[str, Any], dev: Callable[[ScriptedRequest], Reply]) -> Any:
    """One script for both agents (one served double): the Plan agent's requests offer the
    ``write_plan`` tool, the Dev agent's do not."""
    replies = plan_replies(plan)

    def script(request: ScriptedRequest) -> Reply:
        if "write_plan" in request.tools:
            return replies[min(request.turn, len(replies)) - 1]
        return dev(request)

    return script


def _first_user_text(request: ScriptedRequest) -> str:
    for message in request.body.get("messages", []):
        if message.get("role") == "user":
            content = message.get("content")
            return content if isinstance(content, str) else json.dumps(content)
    return ""


def _round_of(request: ScriptedRequest) -> int:
    text = _first_user_text(request)
    return int(text.split("Round ", 1)[1].split(" ", 1)[0])


def dev_script(
    *, fixes: bool = True, sign: str = "toggle-favorite"
) -> Callable[[ScriptedRequest], Reply]:
    """The Dev double; ``fixes=False``: it never answers AUDIT.md (the build runs out of rounds).
    It fixes the defect when AUDIT.md contains ``sign`` (the real audit may name the control by
    another selector than its data-testid: the end-to-end test looks for "is dead")."""
    round1 = {**app_files(KNOWN_APP), **app_files(ROUND1)}
    fixed = app_files(KNOWN_APP)[DEFECT_FILE]

    def script(request: ScriptedRequest) -> Reply:
        k, turn = _round_of(request), request.turn
        if k == 1:
            if turn == 1:
                writes = [Call("write_file", {"path": p, "content": t}) for p, t in round1.items()]
                return Reply(text="Writing the app.", calls=writes)
            if turn == 2:
                return Reply(calls=[Call("check")])
            return Reply(text="Round 1 done.")
        if turn == 1:
            return Reply(calls=[Call("read_file", {"path": "docs/AUDIT.md"})])
        if turn == 2 and fixes and sign in request.tool_results[0][0]:
            return Reply(calls=[Call("write_file", {"path": DEFECT_FILE, "content": fixed})])
        return Reply(text=f"Round {k} done.")

    return script


class _Buttons(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms = 0
        self.buttons: list[str] = []
        self.dead: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "form":
            self.forms += 1
        elif tag == "button":
            testid = dict(attrs).get("data-testid") or "button"
            self.buttons.append(testid)
            if self.forms == 0:
                self.dead.append(testid)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.forms -= 1


class TemplateAuditor:
    """A fake auditor: a button outside every form is dead (on the route of its template)."""

    def __init__(self, fail_with: str | None = None) -> None:
        self.fail_with = fail_with
        self.calls: list[Path] = []

    def audit(self, project: Path, out: Path) -> AuditOutcome:
        self.calls.append(project)
        if self.fail_with is not None:
            return AuditOutcome(None, self.fail_with)
        found = find_project(project)
        package = found.import_root / found.target.split(":")[0].split(".")[0]
        templates = sorted((package / "templates").glob("*.html"))
        dead: list[DeadControl] = []
        controls = 0
        for template in templates:
            parser = _Buttons()
            parser.feed(template.read_text(encoding="utf-8"))
            controls += len(parser.buttons)
            dead += [DeadControl(route=template.stem, control=c) for c in parser.dead]
        report = AuditReport.of(found.app_id, len(templates), controls, dead, [])
        return AuditOutcome(report)


def replies_sent(api: ScriptedChatApi) -> Sequence[ScriptedRequest]:
    return api.requests
