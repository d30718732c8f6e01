"""The consensus test corpus: bundles that must pass and bundles that each fail one target.

Checked in under ``tests/synth/bundles/{final,rejected}/<task_id>/`` so users can read them;
this module is their source. Regenerate (needs root: it verifies each bundle to write its
REVIEW.md) with::

    .venv/bin/python -m tests.synth.bundle_corpus

``EXPECTED`` is the condition vector each bundle must produce, C1..C7 (True ok, False failed,
None not run), with the reason it is built that way.
"""

from __future__ import annotations

import asyncio
import shutil
from dataclasses import dataclass
from pathlib import Path

from cuagym.core import Bundle, TaskConfig, TaskMeta
from cuagym.core.review import CONDITION_IDS
from cuagym.domains import load_domain
from cuagym.synth._osworld_config import osworld_config
from tests.synth import corpus_desktop as desk

ROOT = Path(__file__).parent / "bundles"
Vector = tuple[bool | None, ...]  # C1..C7
PASS: Vector = (True, True, True, True, True, True, True)


@dataclass(frozen=True)
class Case:
    task: TaskConfig
    initial_setup: str
    golden_patch: str
    reward: str
    expected: Vector
    why: str
    # A substring that the detail of each failing condition must contain: the named reason.
    reasons: tuple[tuple[str, str], ...] = ()
    web: bool = False
    family: str = ""


def _task(task_id: str, domain: str, instruction: str, context: str = "") -> TaskConfig:
    return TaskConfig(
        task_id=task_id,
        instruction=instruction,
        context=context,
        domain=domain,
        apps=[domain],
        difficulty="easy",
    )


def _desktop_cases() -> list[Case]:
    calc = _task("calc-total-row", "calc", desk.CALC_INSTRUCTION, desk.CALC_CONTEXT)
    writer = _task("writer-title-heading", "writer", desk.WRITER_INSTRUCTION, desk.WRITER_CONTEXT)
    files = _task("files-csv-dedupe", "files", desk.CSV_INSTRUCTION, desk.CSV_CONTEXT)

    def like(task: TaskConfig, task_id: str) -> TaskConfig:
        return task.model_copy(update={"task_id": task_id})

    return [
        Case(calc, desk.CALC_SETUP, desk.CALC_PATCH, desk.CALC_REWARD, PASS, "a correct xlsx task"),
        Case(
            writer,
            desk.WRITER_SETUP,
            desk.WRITER_PATCH,
            desk.WRITER_REWARD,
            PASS,
            "a correct docx task",
        ),
        Case(files, desk.CSV_SETUP, desk.CSV_PATCH, desk.CSV_REWARD, PASS, "a correct csv task"),
        Case(
            like(calc, "fail-c1-setup-crash"),
            desk.CALC_SETUP_CRASH,
            desk.CALC_PATCH,
            desk.CALC_REWARD,
            (False, None, None, None, True, None, None),
            "initial_setup.py saves into a folder it never created: nothing else can run",
            (("C1", "FileNotFoundError"), ("C3", "not run"), ("C4", "not run")),
        ),
        Case(
            like(writer, "fail-c2-patch-crash"),
            desk.WRITER_SETUP,
            desk.WRITER_PATCH_CRASH,
            desk.WRITER_REWARD,
            (True, False, None, True, True, True, None),
            "golden_patch.py opens a file name with the wrong case: V_gold is never built",
            (("C2", "PackageNotFoundError"), ("C3", "golden_patch.py failed")),
        ),
        Case(
            like(calc, "fail-c3-half-credit"),
            desk.CALC_SETUP,
            desk.CALC_PATCH,
            desk.CALC_REWARD_BOLD,
            (True, True, False, True, True, True, None),
            "reward.py also wants a bold total row, which the golden patch does not make",
            (("C3", "r(V_gold) = 0.5, want 1.0; failed checks: total_bold"),),
        ),
        Case(
            like(files, "fail-c4-constant-reward"),
            desk.CSV_SETUP,
            desk.CSV_PATCH,
            desk.CSV_REWARD_CONSTANT,
            (True, True, True, False, False, True, False),
            "reward.py prints REWARD: 1.0 without reading the file",
            (("C4", "r(V_init) = 1.0, want 0.0"), ("C5", "hardcoded_success")),
        ),
        Case(
            like(files, "fail-c4-init-already-solved"),
            desk.CSV_SETUP_SOLVED,
            desk.CSV_PATCH,
            desk.CSV_REWARD,
            (True, True, True, False, True, True, True),
            "initial_setup.py already writes the deduplicated file: the task is solved at start",
            (("C4", "r(V_init) = 1.0, want 0.0; passed checks"),),
        ),
        Case(
            like(writer, "fail-c5-subprocess"),
            desk.WRITER_SETUP,
            desk.WRITER_PATCH,
            desk.WRITER_REWARD_SUBPROCESS,
            (True, True, True, True, False, True, True),
            "a correct reward that also starts a process: only the scanner can tell",
            (("C5", "subprocess"),),
        ),
        Case(
            like(calc, "fail-c6-random-weights"),
            desk.CALC_SETUP,
            desk.CALC_PATCH,
            desk.CALC_REWARD_RANDOM,
            (True, True, True, True, True, False, False),
            "check weights drawn from random: 1.0 on gold and 0.0 on init every time, but a "
            "random score on any partly solved state",
            (("C6", "not deterministic"),),
        ),
        Case(
            like(files, "fail-contract-home-write"),
            desk.CSV_SETUP,
            desk.CSV_PATCH,
            desk.CSV_REWARD_WRITES,
            (True, True, False, False, False, None, None),
            "reward.py writes a cache file into /home/user (read-only for it) and crashes",
            (
                ("C3", "tried to write into /home/user"),
                ("C4", "tried to write into /home/user"),
                ("C5", "file_write"),
            ),
        ),
        Case(
            like(writer, "fail-contract-no-reward-line"),
            desk.WRITER_SETUP,
            desk.WRITER_PATCH,
            desk.WRITER_REWARD_NO_LINE,
            (True, True, False, False, True, None, None),
            "reward.py prints its checks but never a REWARD line",
            (("C3", "the last line must be 'REWARD: <float>'"), ("C4", "REWARD")),
        ),
        Case(
            like(calc, "fail-c7-rest-unchecked"),
            desk.CALC_SETUP,
            desk.CALC_PATCH,
            desk.CALC_REWARD_REST_UNCHECKED,
            (True, True, True, True, True, True, False),
            "reward.py checks the total row but not the rows above it: an edited amount scores 1.0",
            (("C7", "near misses scored 1.0"), ("C7", "which the task does not touch")),
        ),
        Case(
            like(calc, "fail-contract-exit-code"),
            desk.CALC_SETUP,
            desk.CALC_PATCH,
            desk.CALC_REWARD_EXIT,
            (True, True, True, False, True, True, False),
            "reward.py exits 1 when the state fails (the exit code is not the verdict)",
            (("C4", "exit code 1"),),
        ),
        Case(
            like(files, "fail-contract-out-of-range"),
            desk.CSV_SETUP,
            desk.CSV_PATCH,
            desk.CSV_REWARD_POINTS,
            (True, True, False, True, True, True, None),
            "reward.py prints its points (2) instead of a fraction",
            (("C3", "outside [0, 1]"),),
        ),
    ]


def _family_case(domain_id: str, family_id: str, seed: int) -> Case:
    family = load_domain(domain_id).family(family_id)
    task = family.sample(seed)
    scripts = family.generate(task)
    return Case(
        task,
        scripts.initial_setup,
        scripts.golden_patch,
        family.write_reward(task),
        PASS,
        f"{domain_id} family {family_id}, seed {seed}",
        web=True,
        family=family_id,
    )


# Appended to the family reward: "clean up" the session after scoring, through the
# hub's state API, which reward.py may only read.
_RESET_AFTER = """

r = requests.post(
    os.environ["CUAGYM_HUB"].rstrip("/") + "/team-chat/post",
    params={"sid": os.environ["CUAGYM_SID"]},
    headers={"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")},
    json={"action": "reset"},
    timeout=60,
)
"""
# Inserted before main() hands its checks to the frame: weights that depend on the clock.
_CLOCK_WEIGHTS = """\
    import time
    checks = [(n, p * (1 + time.time_ns() % 997 / 997) if p else p, ok, d)
              for n, p, ok, d in checks]
"""
_PRINT_LOOP = "    return checks\n"


def _web_cases() -> list[Case]:
    topic = _family_case("team-chat", "set-channel-topic", 0)
    dm = _family_case("team-chat", "send-direct-message", 1)
    react = _family_case("team-chat", "react-to-message", 2)
    lead = _family_case("crm", "update-lead-status", 0)

    def variant(base: Case, name: str, **changes: object) -> Case:
        task = base.task.model_copy(update={"task_id": f"{name}-web"})
        fields = {
            "task": task,
            "web": True,
            "family": base.family,
            "initial_setup": base.initial_setup,
            "golden_patch": base.golden_patch,
            "reward": base.reward,
        } | changes
        return Case(**fields)  # type: ignore[arg-type]

    assert _PRINT_LOOP in topic.reward
    return [
        topic,
        dm,
        react,
        lead,
        variant(
            topic,
            "fail-c3-noop-patch",
            golden_patch='print("nothing to change")\n',
            expected=(True, True, False, True, True, True, None),
            why="golden_patch.py forgets the edit: V_gold is still the initial state",
            reasons=(("C3", "r(V_gold) = 0.0, want 1.0; failed checks: topic_changed"),),
        ),
        variant(
            dm,
            "fail-c4-init-solved",
            initial_setup=dm.initial_setup + "\n\n" + dm.golden_patch,
            expected=(True, True, True, False, True, True, True),
            why="initial_setup.py also applies the golden patch: solved at start",
            reasons=(("C4", "r(V_init) = 1.0, want 0.0"),),
        ),
        variant(
            topic,
            "fail-contract-hub-write",
            reward=topic.reward + _RESET_AFTER,
            expected=(True, True, False, False, False, True, None),
            why="reward.py resets its hub session after scoring: a write to the state",
            reasons=(
                ("C3", "changed the hub state of team-chat"),
                ("C4", "changed the hub state of team-chat"),
                ("C5", "network"),
            ),
        ),
        variant(
            react,
            "fail-c6-clock-weights",
            reward=react.reward.replace(_PRINT_LOOP, _CLOCK_WEIGHTS + _PRINT_LOOP),
            expected=(True, True, True, True, True, False, True),
            why="check weights read the clock: same endpoint scores, different checks",
            reasons=(("C6", "not deterministic"),),
        ),
    ]


def cases() -> dict[str, Case]:
    """Every case of the corpus, by task id."""
    return {c.task.task_id: c for c in [*_desktop_cases(), *_web_cases()]}


def meta_for(case: Case) -> TaskMeta:
    return TaskMeta(
        platform="web" if case.web else "desktop",
        domain=case.task.domain,
        difficulty=case.task.difficulty,
        scenario="commercial",
        task_type="single",
        source_pass="procedural" if case.family else "user",
        backend="procedural",
        rounds=1,
    )


def bundle_folder(task_id: str) -> Path:
    kind = "final" if cases()[task_id].expected == PASS else "rejected"
    return ROOT / kind / task_id


def _mark(ok: bool | None) -> str:
    return {True: "ok", False: "**fail**", None: "–"}[ok]


def readme() -> str:
    """bundles/README.md: every bundle, its expected condition vector and why."""
    lines = [
        "# Consensus test corpus",
        "",
        "Bundles for `cuagym verify` and `tests/synth/test_consensus_corpus.py`. Those under",
        "`final/` must pass C1-C7; each one under `rejected/` is built to fail the conditions",
        "marked **fail** (– = not run: its inputs are missing). Source and regeneration:",
        "`tests/synth/bundle_corpus.py` (`.venv/bin/python -m tests.synth.bundle_corpus`).",
        "",
        "    .venv/bin/cuagym verify tests/synth/bundles/final/* --json",
        "",
        "| bundle | C1 | C2 | C3 | C4 | C5 | C6 | C7 | why |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for task_id, case in cases().items():
        kind = "final" if case.expected == PASS else "rejected"
        marks = " | ".join(_mark(ok) for ok in case.expected)
        lines.append(f"| `{kind}/{task_id}` | {marks} | {case.why} |")
    return "\n".join(lines) + "\n"


async def _write_all() -> None:
    from cuagym.synth._consensus import ConsensusRunner

    shutil.rmtree(ROOT / "final", ignore_errors=True)
    shutil.rmtree(ROOT / "rejected", ignore_errors=True)
    (ROOT / "README.md").write_text(readme(), encoding="utf-8")
    async with ConsensusRunner() as runner:
        for case in cases().values():
            report = await runner.check(
                case.task, case.initial_setup, case.golden_patch, case.reward
            )
            bundle = Bundle(
                task=case.task,
                meta=meta_for(case),
                review=report.to_review(feedback=case.why),
                initial_setup=case.initial_setup,
                golden_patch=case.golden_patch,
                reward=case.reward,
                config=osworld_config(
                    case.task,
                    initial_setup=case.initial_setup,
                    reward=case.reward,
                    web_apps=case.task.apps if case.web else (),
                ),
            )
            path = bundle.write(ROOT)
            got = tuple(report.conditions[c].ok for c in CONDITION_IDS)
            flag = "" if got == case.expected else f"   <-- expected {case.expected}"
            print(f"{path.relative_to(ROOT)}: {got}{flag}")


if __name__ == "__main__":
    asyncio.run(_write_all())
