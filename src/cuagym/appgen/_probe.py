"""``python -m cuagym.appgen._probe PROJECT``: load an app project in a fresh interpreter.

A build runs this in a subprocess after every round (the project's code is the Dev agent's: it
may fail to import, hang or exit, and must not take the pipeline with it). It prints one JSON
:class:`ProbeResult`: whether the project loads as a web app, the UI routes it serves, and what
is wrong (the seed breaks the schema or an invariant, the routes cannot be built, SKILL.md or
taxonomy.yaml missing).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cuagym.appgen._build_models import ProbeResult

__all__ = ["probe"]


def probe(path: Path) -> ProbeResult:
    from cuagym.appgen._workspace import load_app_dir

    try:
        spec = load_app_dir(path)
    except Exception as exc:  # whatever the app's code raises is the finding
        return ProbeResult(loaded=False, problems=[f"the project does not load: {exc}"])
    module = sys.modules.get(type(spec.web_app).__module__) if spec.web_app else None
    package = Path(module.__file__).parent if module and module.__file__ else Path()
    result = ProbeResult(loaded=True, app_id=spec.app_id, package_dir=str(package))
    problems = result.problems
    web = spec.web_app
    if spec.kind != "web" or web is None:
        problems.append(f"{spec.app_id} is a {spec.kind} app; appgen builds web apps")
        return result
    problems += [f"release: {p}" for p in spec.release.problems()]
    for what, file in (("SKILL.md", spec.skill_file), ("taxonomy.yaml", spec.taxonomy_file)):
        if file is None or not file.is_file():
            problems.append(f"{what}: the AppSpec ships none (put it beside the package)")
    try:
        state = web.state_model.model_validate(web.seed())
    except ValidationError as exc:
        problems.append(f"seed: does not fit the state schema: {exc.errors()[:3]}")
    except Exception as exc:
        problems.append(f"seed: {exc!r}")
    else:
        broken = list(web.invariants(state))
        problems += [f"seed: breaks an invariant at {v.path}: {v.message}" for v in broken]
    problems += _broken_state_problems(web)
    try:
        routes = list(web.routes())
    except Exception as exc:
        problems.append(f"routes: building the UI routes failed: {exc!r}")
    else:
        result.routes = [str(getattr(r, "path", "")) for r in routes]
    if web.templates_dir is None:
        problems.append("templates: the app has no templates/ folder beside its web app module")
    return result


def _broken_state_problems(web: Any) -> list[str]:
    """The audit stores each of ``web.broken_states()`` and expects a 422: each must fit the
    schema and break an invariant, and an app with invariants must declare one."""
    states = getattr(web, "broken_states", None)
    declared = dict(states()) if callable(states) else {}
    if not declared:
        return ["invariants: no broken_states() to prove them (the audit stores each: 422)"]
    problems = []
    for name, state in declared.items():
        try:
            valid = web.state_model.model_validate(state)
        except ValidationError as exc:
            problems.append(
                f"broken state {name!r}: does not fit the schema ({exc.error_count()} errors)"
            )
            continue
        if not list(web.invariants(valid)):
            problems.append(f"broken state {name!r}: breaks no invariant")
    return problems


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python -m cuagym.appgen._probe PROJECT")
    print(probe(Path(sys.argv[1])).model_dump_json())


if __name__ == "__main__":
    main()
