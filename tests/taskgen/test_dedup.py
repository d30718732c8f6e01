"""The three dedup checks, each on hand-made pairs; cosine with the real MiniLM model."""

from __future__ import annotations

import random

import pytest

from cuagym.taskgen._dedup import Deduper, NgramIndex, grams
from cuagym.taskgen._dedup_models import DedupConfig, DedupItem
from cuagym.taskgen._embed import MiniLMEmbedder
from cuagym.taskgen._template import slot_template, tokens

NO_COSINE = DedupConfig(cosine=None)


def item(text: str, apps: tuple[str, ...] = ("mail",)) -> DedupItem:
    return DedupItem(text, apps, slot_template(text))


def words(prefix: str, n: int) -> list[str]:
    return [f"{prefix}{i}" for i in range(n)]


def overlap_pair(shared: int) -> tuple[str, str]:
    """A new text with 100 distinct 4-grams, ``shared`` of which an earlier text contains."""
    new = words("w", 103)  # 103 tokens -> 100 4-grams
    earlier = new[: shared + 3] + words("x", 40)  # shared+3 tokens -> `shared` 4-grams
    return " ".join(earlier), " ".join(new)


@pytest.mark.parametrize(("shared", "rejected"), [(49, False), (50, False), (51, True)])
def test_four_gram_overlap_above_half_is_rejected(shared: int, rejected: bool) -> None:
    earlier, new = overlap_pair(shared)
    index = NgramIndex()
    index.add(grams(tokens(earlier), 4))
    share, other = index.best_overlap(grams(tokens(new), 4))
    assert share == pytest.approx(shared / 100) and other == 0
    dedup = Deduper(NO_COSINE)
    assert dedup.check(DedupItem(earlier, ("calc",), "frame-a")).accepted
    verdict = dedup.check(DedupItem(new, ("calc",), "frame-b"))
    assert verdict.accepted is not rejected
    if rejected:
        assert verdict.rule == "ngram" and verdict.other == 0
        assert verdict.score == pytest.approx(0.51)


def test_overlap_is_with_one_earlier_task_not_the_union() -> None:
    new = words("w", 103)
    a = " ".join(new[:33] + words("a", 10))  # 30 of the new text's 4-grams
    b = " ".join(new[30:63] + words("b", 10))  # 30 more, a different 30
    dedup = Deduper(NO_COSINE)
    assert all(v.accepted for v in dedup.check_batch([
        DedupItem(a, ("calc",), "a"), DedupItem(b, ("calc",), "b"),
    ]))  # fmt: skip
    assert dedup.check(DedupItem(" ".join(new), ("calc",), "c")).accepted  # 60 % only in union


def test_the_fourth_instance_of_a_template_per_app_is_rejected() -> None:
    texts = [
        "Star the email from Adele Galloway with the subject “Integration with our CRM”.",
        "Star the email from Tamsin Jovanovic with the subject “Training session next month”.",
        "Star the email from Dmitri Valdivia with the subject “Change of billing contact”.",
        "Star the email from Rosa Sokolova with the subject “Site visit in April”.",
    ]
    assert len({slot_template(t) for t in texts}) == 1
    dedup = Deduper(NO_COSINE)
    verdicts = dedup.check_batch([item(t) for t in texts])
    assert [v.accepted for v in verdicts] == [True, True, True, False]
    assert verdicts[3].rule == "template" and verdicts[3].score == 3
    # the same frame in another app is another app's template
    assert dedup.check(item(texts[3], ("team-chat",))).accepted
    # and a cross-app task counts for each of its apps
    assert dedup.check(item(texts[3].replace("Rosa", "Ines"), ("team-chat", "mail"))).rule == (
        "template"
    )


def test_exact_duplicates_and_short_texts() -> None:
    dedup = Deduper(NO_COSINE)
    assert dedup.check(item("Archive it now.")).accepted
    assert dedup.check(item("Archive it now.")).rule in ("ngram", "template")
    assert dedup.check(DedupItem("Archive it now", ("calc",), "other")).rule == "ngram"


def test_batches_decide_as_one_at_a_time() -> None:
    rng = random.Random(7)
    vocab = words("v", 30)
    texts = [" ".join(rng.choice(vocab) for _ in range(rng.randint(3, 12))) for _ in range(300)]
    items = [DedupItem(t, (rng.choice("abc"),), f"t{rng.randint(0, 20)}") for t in texts]
    one = Deduper(NO_COSINE)
    single = [one.check(x) for x in items]
    batched = Deduper(NO_COSINE)
    got = [v for k in range(0, len(items), 37) for v in batched.check_batch(items[k : k + 37])]
    assert got == single
    assert one.texts == batched.texts
    assert 0 < len(one.texts) < len(items)


# -- the cosine check, with the real model ----------------------------------------------------
ABOVE = [  # paraphrases MiniLM puts at or above 0.85
    ("Sort the orders in sales.xlsx by region, then by revenue from largest to smallest.",
     "In sales.xlsx, order the orders by region and then by revenue, largest first."),
    ("Archive every conversation in the inbox from Adele Kowalczyk.",
     "Move all inbox conversations sent by Adele Kowalczyk to the archive."),
]  # fmt: skip
BELOW = [  # a paraphrase and a related task MiniLM puts below 0.85
    ("Set the status of OPS-4 to Done because it shipped.",
     "Mark OPS-4 as Done now that it has shipped."),
    ("Assign WEB-9 to Priya Raman.", "Set the priority of WEB-9 to High."),
]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(("a", "b"), ABOVE)
def test_paraphrases_above_the_threshold_are_rejected(
    minilm: MiniLMEmbedder, a: str, b: str
) -> None:
    vectors = minilm.embed([a, b])
    assert float(vectors[0] @ vectors[1]) >= 0.85
    dedup = Deduper(DedupConfig(), minilm)
    assert dedup.check(item(a, ("calc",))).accepted
    verdict = dedup.check(item(b, ("calc",)))
    assert verdict.rule == "cosine" and verdict.score >= 0.85 and verdict.other == 0
    assert a in verdict.reason(dedup.texts)


@pytest.mark.slow
@pytest.mark.parametrize(("a", "b"), BELOW)
def test_pairs_below_the_threshold_pass(minilm: MiniLMEmbedder, a: str, b: str) -> None:
    vectors = minilm.embed([a, b])
    assert float(vectors[0] @ vectors[1]) < 0.85
    dedup = Deduper(DedupConfig(), minilm)
    assert [v.accepted for v in dedup.check_batch([item(a), item(b)])] == [True, True]


@pytest.mark.slow
def test_cosine_within_a_batch_and_only_survivors_are_embedded(minilm: MiniLMEmbedder) -> None:
    dedup = Deduper(DedupConfig(), minilm)
    (a, b), (c, _) = ABOVE[0], BELOW[0]
    verdicts = dedup.check_batch([item(a), item(c), item(b)])
    assert [v.rule for v in verdicts] == [None, None, "cosine"]
    assert verdicts[2].other == 0  # rejected for a task accepted earlier in the same batch
    assert dedup.embedded == 3
    later = dedup.check_batch([item(b), item(a)])
    assert [v.rule for v in later] == ["cosine", "ngram"]
    assert dedup.embedded == 4  # the exact repeat failed the 4-gram check before embedding
    vectors = minilm.embed([a, a.upper()])
    assert vectors.shape == (2, 384) and abs(float(vectors[0] @ vectors[0]) - 1.0) < 1e-4
