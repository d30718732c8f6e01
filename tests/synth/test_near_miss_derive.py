"""Near misses derived from an initial and a gold state, without a sandbox (C7, DESIGN.md §13)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import openpyxl
import pytest

from cuagym.synth._near_miss_files import apply_ops, derive_files, read_bytes
from cuagym.synth._near_miss_models import FileOp, NearMissCandidate
from cuagym.synth._near_miss_run import sample_near_misses
from cuagym.synth._near_miss_values import perturbations
from cuagym.synth._near_miss_web import derive_web, edits

INITIAL = {
    "channels": [
        {"id": "c1", "topic": "old", "members": ["u1"]},
        {"id": "c2", "topic": "lunch"},
    ],
    "users": {"u1": {"name": "Ann", "role": "admin"}, "u2": {"name": "Bob", "role": "member"}},
    "ui": {"lastViewed": 1},
}
GOLD = {
    "channels": [
        {"id": "c1", "topic": "Q3 Planning", "members": ["u1", "u2"]},
        {"id": "c2", "topic": "lunch"},
        {"id": "c3", "topic": "launch", "createdAt": "2026-01-01T00:00:00Z", "private": True},
    ],
    "users": INITIAL["users"],
    "ui": {"lastViewed": 2},
}
QUOTED = "Set #c1's topic to 'Q3 Planning', add Bob, and create #launch (topic 'launch')."


def _derive() -> tuple[list[NearMissCandidate], list[str]]:
    found, allowed = derive_web("team-chat", INITIAL, GOLD, ["ui"], QUOTED)
    return found, [a.path for a in allowed]


def test_edits_match_entities_by_id_and_reach_leaves() -> None:
    found = {(e.path, e.op) for e in edits(INITIAL, GOLD)}
    assert (("channels", 0, "topic"), "changed") in found
    assert (("channels", 0, "members"), "changed") in found
    assert (("channels", 2), "added") in found
    assert not any(p[0] == "users" for p, _ in found)


def test_every_kind_of_web_near_miss_is_derived_and_volatile_paths_never_are() -> None:
    found, allowed = _derive()
    kinds = {c.kind for c in found}
    assert kinds == {"partial", "perturb", "collateral", "duplicate"}
    assert not any("ui" in c.path.split(": ", 1)[1].split(".")[0] for c in found)
    topic = [c for c in found if c.kind == "perturb" and c.path.endswith("[id=c1].topic")]
    hows = {c.state.rsplit("(", 1)[1].rstrip(")") for c in topic}
    assert {"case", "whitespace", "extra", "sibling"} <= hows
    # The state of a near miss differs from gold in exactly the path it names.
    extra = next(c for c in topic if c.state.endswith("(extra)"))
    assert extra.web_state["channels"][0]["topic"] == "Q3 Planning x"
    assert extra.web_state["channels"][1:] == GOLD["channels"][1:]
    dup = next(c for c in found if c.kind == "duplicate")
    ids = [ch["id"] for ch in dup.web_state["channels"]]
    assert ids == ["c1", "c2", "c3", "c3-2"]
    # Allowed: the added entity's own id and time stamp; its flag is always tried.
    assert "team-chat: channels[id=c3].id" in allowed
    assert "team-chat: channels[id=c3].createdAt" in allowed
    assert any(c.path.endswith("[id=c3].private") for c in found)


def test_a_field_the_instruction_does_not_quote_is_allowed_in_an_added_entity() -> None:
    gold = {**GOLD, "channels": [*GOLD["channels"][:2], {"id": "c3", "topic": "free words"}]}
    found, allowed = derive_web("team-chat", INITIAL, gold, ["ui"], QUOTED)
    assert "team-chat: channels[id=c3].topic" in [a.path for a in allowed]
    assert not any(c.path.endswith("[id=c3].topic") for c in found)


def test_a_single_change_has_no_partial_near_miss() -> None:
    gold = {
        **INITIAL,
        "channels": [{**INITIAL["channels"][0], "topic": "new"}, INITIAL["channels"][1]],
    }
    found, _ = derive_web("team-chat", INITIAL, gold, [], "")
    assert not any(c.kind == "partial" for c in found)  # undoing it is s_init: C4's business


def test_perturbations_never_return_the_value_itself() -> None:
    for value in ("Q3 Planning", "x", "", 3, 2.5, True, ["a", "b"], "ana@example.com"):
        for _, new in perturbations(value, ["other", 9]):
            assert new != value or type(new) is not type(value)
    assert "case" not in dict(perturbations("ana@example.com"))  # rule 3


def test_sampling_is_deterministic_bounded_and_covers_every_kind() -> None:
    found, _ = _derive()
    first = sample_near_misses(found, 6, "task-1")
    assert [c.state for c in first] == [c.state for c in sample_near_misses(found, 6, "task-1")]
    assert len(first) == 6
    assert {c.kind for c in first} == {"partial", "perturb", "collateral", "duplicate"}
    assert len(sample_near_misses(found, 1000, "t")) == len(found)


def _xlsx(rows: list[list[object]]) -> bytes:
    wb = openpyxl.Workbook()
    for row in rows:
        wb.active.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _tree(home: Path) -> dict[str, tuple[str, int, int, str | None, str | None]]:
    import hashlib

    out: dict[str, tuple[str, int, int, str | None, str | None]] = {}
    for path in sorted(home.rglob("*")):
        rel = path.relative_to(home).as_posix()
        if path.is_file():
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            out[rel] = ("file", path.stat().st_size, 0o644, digest, None)
        else:
            out[rel] = ("dir", 0, 0o755, None, None)
    return out


def test_desktop_near_misses_of_a_workbook_and_a_new_file(tmp_path: Path) -> None:
    init, gold = tmp_path / "init", tmp_path / "gold"
    for home in (init, gold):
        (home / "Documents").mkdir(parents=True)
        (home / "Documents" / "notes.txt").write_text("keep me\nas I am\n")
    (init / "Documents" / "b.xlsx").write_bytes(_xlsx([["Item", "Amount"], ["Rent", 950]]))
    (gold / "Documents" / "b.xlsx").write_bytes(
        _xlsx([["Item", "Amount"], ["Rent", 950], ["Total", "=SUM(B2:B2)"]])
    )
    (gold / "Documents" / "out.csv").write_text("a,b\n1,2\n")
    found = derive_files(init, gold, _tree(init), _tree(gold))
    kinds = {c.kind for c in found}
    assert kinds == {"partial", "perturb", "collateral", "symlink", "extra_copy"}
    states = [c.state for c in found]
    assert any("b.xlsx: Sheet!B3 is '=SUM(B2:B2)+1'" in s for s in states)
    assert any("b.xlsx: Sheet!A2 (which the task does not touch)" in s for s in states)
    assert any(s.startswith("Documents/out.csv is a symlink") for s in states)
    # Materialize a revert of one cell on a copy of gold: exactly that cell goes back.
    revert = next(c for c in found if c.kind == "partial" and c.path.endswith("Sheet!A3"))
    apply_ops(gold, revert.build())
    ws = openpyxl.load_workbook(gold / "Documents" / "b.xlsx").active
    assert ws["A3"].value is None and ws["B3"].value == "=SUM(B2:B2)"


@pytest.mark.skipif(os.geteuid() != 0, reason="chown needs root")
def test_host_writes_follow_no_link_and_keep_the_directory_owner(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "d").mkdir(parents=True)
    os.chown(home / "d", 1234, 1234)
    outside = tmp_path / "secret"
    outside.write_text("untouched")
    os.symlink(outside, home / "d" / "link")
    os.symlink(tmp_path, home / "escape")
    apply_ops(home, [FileOp("write", "d/link", b"new")])  # replaces the link, not its target
    assert outside.read_text() == "untouched" and (home / "d" / "link").read_bytes() == b"new"
    assert (home / "d" / "link").stat().st_uid == 1234
    with pytest.raises(OSError):
        apply_ops(home, [FileOp("write", "escape/secret", b"x")])
    assert outside.read_text() == "untouched"
    assert read_bytes(home, "escape/secret") is None


def test_a_phone_number_keeps_its_digits_and_only_they_are_perturbed() -> None:
    hows = dict(perturbations("(206) 555-0138"))
    assert "whitespace" not in hows and "case" not in hows  # rule 3: digits are the number
    assert hows["extra"] == "(206) 555-0138 x"


def test_a_paragraph_holding_a_field_mark_is_not_reverted() -> None:
    """Undoing it would leave a field (e.g. a table of contents) without its end mark."""
    import docx
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    from cuagym.synth._near_miss_office import units

    def save(doc: docx.Document) -> bytes:
        out = io.BytesIO()
        doc.save(out)
        return out.getvalue()

    init = docx.Document()
    init.add_paragraph("Title")
    init.add_paragraph("")
    gold = docx.Document()
    gold.add_paragraph("Title")
    end = gold.add_paragraph("")
    mark = OxmlElement("w:fldChar")
    mark.set(qn("w:fldCharType"), "end")
    end.add_run()._r.append(mark)
    changed, _ = units("docx", save(init), save(gold))
    assert [u.label for u in changed] == ["paragraph 2"]
    assert changed[0].revert is None


def test_an_empty_folder_the_task_makes_can_be_missing(tmp_path: Path) -> None:
    init, gold = tmp_path / "init", tmp_path / "gold"
    init.mkdir()
    for sub in ("Projects/a", "Projects/b"):
        (gold / sub).mkdir(parents=True)
    found = derive_files(init, gold, _tree(init), _tree(gold))
    assert sorted(c.path for c in found if c.kind == "partial") == ["Projects/a", "Projects/b"]
    apply_ops(gold, found[0].build())
    assert sorted(p.name for p in (gold / "Projects").iterdir()) == ["b"]


async def test_the_home_of_a_web_only_task_is_free(tmp_path: Path) -> None:
    """Rule 5: a task whose apps are all web apps has its result in the hub; a file a script
    left in the home makes no near miss (it did: a golden patch that copied itself there got
    its copy perturbed, and a web reward that rightly ignores the home failed C7)."""
    from cuagym.envs import LocalEnvironment
    from cuagym.synth._near_miss_run import HOME_FREE_WHY, derive_near_misses

    if os.geteuid() != 0:
        pytest.skip("the sandbox needs root")
    async with LocalEnvironment() as v_init, LocalEnvironment() as v_gold:
        await v_gold.run_script("open('/home/user/left.py', 'w').write('x = 1\\n')", "golden", 30)
        found, allowed, _ = await derive_near_misses(v_init, v_gold, None, home_free=True)
        assert found == [] and [a.why for a in allowed] == [HOME_FREE_WHY]
        found, allowed, _ = await derive_near_misses(v_init, v_gold, None)
        assert {c.path for c in found} >= {"left.py"} and allowed == []
