"""Every corpus table against a corpus whose figures are counted by hand below."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.analysis import CorpusError, analyze
from cuagym.analysis._corpus import read_corpus
from cuagym.analysis._tables import corpus_stats, nearest_rank
from tests.analysis.corpus import write_tuple

# Ten tuples. Word counts (whitespace tokens) are written after each instruction.
TUPLES = [
    # task_id, instruction, domain, apps, difficulty, platform, scenario
    ("t01", "Open the budget file.", "calc", ["calc"], "easy", "desktop", "commercial"),  # 4
    ("t02", "Please open the sales sheet and sort it by region.", "calc", ["calc"], "medium",
     "desktop", "commercial"),  # 10
    ("t03", "I want to create a chart of the totals.", "calc", ["calc", "writer"], "hard",
     "desktop", "educational"),  # 9
    ("t04", "Can you add a heading to the memo?", "writer", ["writer"], "easy", "desktop",
     "personal"),  # 8
    ("t05", "Create a slide " + "with text " * 15 + "now.", "impress", ["impress"], "hard",
     "desktop", "scientific"),  # 3 + 30 + 1 = 34
    ("t06", "The report is late. Send it to Ana.", "mail", ["mail"], "medium", "web",
     "commercial"),  # 8
    ("t07", "Copy the table " + "and the notes " * 20 + "into the memo.", "writer",
     ["calc", "writer", "impress"], "hard", "desktop", "commercial"),  # 3 + 60 + 3 = 66
    ("t08", "Post the " + "word " * 99 + "summary.", "team-chat", ["team-chat", "mail"], "hard",
     "cross", "commercial"),  # 2 + 99 + 1 = 102
    ("t09", "Sales are up.", "crm", ["crm"], "easy", "web", "personal"),  # 3, no verb
    ("t10", "Add " + "x " * 300 + "y.", "writer", ["writer", "calc"], "medium", "desktop",
     "educational"),  # 302
]  # fmt: skip
WORDS = [4, 10, 9, 8, 34, 8, 66, 102, 3, 302]


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "final"
    for task_id, text, domain, apps, difficulty, platform, scenario in TUPLES:
        write_tuple(root, task_id, text, domain=domain, apps=apps, difficulty=difficulty,
                    platform=platform, scenario=scenario)  # fmt: skip
    return root


def test_word_counts_are_what_the_test_says() -> None:
    assert [len(t[1].split()) for t in TUPLES] == WORDS


def test_domain_difficulty_counts_and_order(corpus: Path) -> None:
    stats = corpus_stats(read_corpus(corpus))
    assert stats.tuples == 10
    # writer 3 (t04 easy, t07 hard, t10 medium) and calc 3 (t01 easy, t02 medium, t03 hard):
    # equal totals order by name; then the four domains with one tuple, by name.
    assert stats.domain_difficulty == {
        "calc": {"easy": 1, "medium": 1, "hard": 1},
        "writer": {"easy": 1, "medium": 1, "hard": 1},
        "crm": {"easy": 1, "medium": 0, "hard": 0},
        "impress": {"easy": 0, "medium": 0, "hard": 1},
        "mail": {"easy": 0, "medium": 1, "hard": 0},
        "team-chat": {"easy": 0, "medium": 0, "hard": 1},
    }
    assert list(stats.domain_difficulty) == ["calc", "writer", "crm", "impress", "mail",
                                              "team-chat"]  # fmt: skip


def test_scenario_platform_task_type(corpus: Path) -> None:
    stats = corpus_stats(read_corpus(corpus))
    assert stats.scenario == {"commercial": 5, "educational": 2, "scientific": 1, "personal": 2}
    assert stats.platform == {"desktop": 7, "web": 2, "cross": 1}
    # cross-app: t03 (calc, writer), t07 (three apps), t08, t10.
    assert stats.task_type == {"single": 6, "cross": 4}


def test_first_verbs(corpus: Path) -> None:
    stats = corpus_stats(read_corpus(corpus))
    # open: t01, t02 ("Please" skipped) · create: t03 ("I want to" skipped), t05 · add: t04
    # ("Can you" skipped), t10 · send: t06 (second sentence) · copy: t07 · post: t08 ·
    # no verb: t09, counted apart. Ties by verb name.
    assert stats.first_verbs == [
        ("add", 2), ("create", 2), ("open", 2), ("copy", 1), ("post", 1), ("send", 1),
    ]  # fmt: skip
    assert stats.no_first_verb == 1
    assert sum(n for _, n in stats.first_verbs) + stats.no_first_verb == stats.tuples


def test_app_pairs(corpus: Path) -> None:
    stats = corpus_stats(read_corpus(corpus))
    # t03: calc+writer · t07: calc+impress, calc+writer, impress+writer · t08: mail+team-chat
    # · t10: calc+writer (apps listed writer, calc: pairs are sorted).
    assert stats.app_pairs == [
        ("calc", "writer", 3),
        ("calc", "impress", 1),
        ("impress", "writer", 1),
        ("mail", "team-chat", 1),
    ]


def test_instruction_words(corpus: Path) -> None:
    w = corpus_stats(read_corpus(corpus)).instruction_words
    # sorted: 3 4 8 8 9 10 34 66 102 302
    assert w.bins == {"0-29": 6, "30-59": 1, "60-99": 1, "100-149": 1, "150-249": 0, "250+": 1}
    assert w.mean == pytest.approx(546 / 10)
    # nearest rank ceil(p/100 * 10): p10 -> 1st (3), p25 -> 3rd (8), p50 -> 5th (9),
    # p75 -> 8th (66), p90 -> 9th (102), p99 -> 10th (302).
    assert (w.p10, w.p25, w.p50, w.p75, w.p90, w.p99, w.max) == (3, 8, 9, 66, 102, 302, 302)


def test_nearest_rank_edges() -> None:
    assert nearest_rank([5], 0) == 5
    assert nearest_rank([1, 2, 3, 4], 50) == 2
    assert nearest_rank([1, 2, 3, 4], 51) == 3
    assert nearest_rank([1, 2, 3, 4], 100) == 4
    with pytest.raises(ValueError):
        nearest_rank([], 50)


def test_json_is_the_contract_shape(corpus: Path) -> None:
    data = analyze(corpus).stats.to_json()
    assert list(data) == ["tuples", "domain_difficulty", "scenario", "platform", "task_type",
                          "first_verbs", "app_pairs", "instruction_words",
                          "no_first_verb"]  # fmt: skip
    assert data["app_pairs"][0] == ["calc", "writer", 3]
    assert data["first_verbs"][0] == ["add", 2] and data["no_first_verb"] == 1
    assert all(verb.isalpha() for verb, _ in data["first_verbs"])  # verbs only
    assert list(data["instruction_words"]) == ["bins", "mean", "p10", "p25", "p50", "p75",
                                               "p90", "p99", "max"]  # fmt: skip
    assert list(data["instruction_words"]["bins"]) == ["0-29", "30-59", "60-99", "100-149",
                                                       "150-249", "250+"]  # fmt: skip


def test_synth_output_folder_reads_final_only(tmp_path: Path) -> None:
    write_tuple(tmp_path / "out" / "final", "a1", "Open it.")
    write_tuple(tmp_path / "out" / "rejected", "r1", "Open it.")
    assert [t.task_id for t in read_corpus(tmp_path / "out")] == ["a1"]


def test_bad_tuples_are_all_named(tmp_path: Path) -> None:
    root = tmp_path / "final"
    write_tuple(root, "good", "Open it.")
    bad = write_tuple(root, "bad", "Open it.")
    (bad / "meta.json").write_text('{"platform": "moon"}')
    broken = write_tuple(root, "broken", "Open it.")
    (broken / "task_config.json").write_text("{not json")
    with pytest.raises(CorpusError) as err:
        read_corpus(root)
    text = str(err.value)
    assert "bad/meta.json: platform" in text
    assert "broken/task_config.json: invalid JSON" in text
    assert len(err.value.problems) == 2


def test_empty_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="no bundles found"):
        read_corpus(tmp_path)
    with pytest.raises(CorpusError, match="no such file"):
        read_corpus(tmp_path / "missing")
