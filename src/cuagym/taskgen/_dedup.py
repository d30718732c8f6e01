"""The three dedup checks of DESIGN.md §8, against every task accepted so far.

* ``template`` — more than ``per_template`` (3) instances of one slot template in one app;
* ``ngram`` — the draft shares more than ``overlap`` (50 %) of its token 4-grams with one
  earlier task;
* ``cosine`` — MiniLM cosine similarity at least ``cosine`` (0.85) with an earlier task.

Drafts are checked in batches with the semantics of one-at-a-time checking: draft *i* is
compared with every task accepted before it, including those accepted earlier in its own batch.
The cheap checks run first against the tasks accepted before the batch; only survivors are
embedded (one batched forward pass), and the cosine check is a matrix product, never a loop over
pairs. The 4-gram check uses an inverted index (4-gram → tasks that contain it) and counts the
shared 4-grams of all candidates at once with ``bincount``.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from cuagym.taskgen._dedup_models import (
    DedupConfig,
    DedupItem,
    DedupVerdict,
    Embedder,
)
from cuagym.taskgen._template import tokens

__all__ = ["Deduper", "NgramIndex", "grams"]

Matrix = npt.NDArray[np.float32]


def grams(toks: Sequence[str], n: int) -> set[str]:
    """The distinct token n-grams (a text shorter than n is one gram of all its tokens)."""
    if len(toks) < n:
        return {" ".join(toks)} if toks else set()
    return {" ".join(toks[i : i + n]) for i in range(len(toks) - n + 1)}


class NgramIndex:
    """n-gram → ids of the documents containing it; overlap queries by counting postings."""

    def __init__(self) -> None:
        self._postings: dict[str, array[int]] = {}
        self.size = 0

    def add(self, doc_grams: set[str]) -> int:
        doc = self.size
        for g in doc_grams:
            self._postings.setdefault(g, array("i")).append(doc)
        self.size += 1
        return doc

    def best_overlap(self, doc_grams: set[str]) -> tuple[float, int | None]:
        """The largest share of ``doc_grams`` found in one indexed document, and its id."""
        if not doc_grams or not self.size:
            return 0.0, None
        lists = [self._postings[g] for g in doc_grams if g in self._postings]
        if not lists:
            return 0.0, None
        ids = np.concatenate([np.frombuffer(p, dtype=np.int32) for p in lists])
        counts = np.bincount(ids, minlength=self.size)
        best = int(counts.argmax())
        return float(counts[best]) / len(doc_grams), best


@dataclass
class _Matrix:
    """A growing row matrix of unit vectors."""

    rows: Matrix = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))
    n: int = 0

    def append(self, vectors: Matrix) -> None:
        if vectors.shape[0] == 0:
            return
        if self.rows.shape[1] != vectors.shape[1]:
            self.rows = np.zeros((max(1024, vectors.shape[0]), vectors.shape[1]), np.float32)
        need = self.n + vectors.shape[0]
        if need > self.rows.shape[0]:
            grown = np.zeros((max(need, 2 * self.rows.shape[0]), self.rows.shape[1]), np.float32)
            grown[: self.n] = self.rows[: self.n]
            self.rows = grown
        self.rows[self.n : need] = vectors
        self.n = need

    def view(self) -> Matrix:
        return self.rows[: self.n]


class Deduper:
    """The accepted corpus so far and the three checks against it."""

    def __init__(self, config: DedupConfig | None = None, embedder: Embedder | None = None):
        self.config = config or DedupConfig()
        if self.config.cosine is not None and embedder is None:
            raise ValueError("the cosine check needs an embedder (or DedupConfig(cosine=None))")
        self.embedder = embedder
        self.texts: list[str] = []
        self._templates: Counter[tuple[str, str]] = Counter()
        self._index = NgramIndex()
        # With the cosine check on, accepted task k is row k (every accepted task is embedded).
        self._vectors = _Matrix()
        self.embedded = 0

    def __len__(self) -> int:
        return len(self.texts)

    def check(self, item: DedupItem) -> DedupVerdict:
        return self.check_batch([item])[0]

    def check_batch(self, items: Sequence[DedupItem]) -> list[DedupVerdict]:
        """Verdicts in order; every accepted item joins the corpus before the next is checked."""
        cfg = self.config
        prepared = [grams(tokens(it.text), cfg.ngram) for it in items]
        verdicts: list[DedupVerdict | None] = [None] * len(items)
        # Phase 1: the tasks accepted before this batch (cheap checks first).
        for i, it in enumerate(items):
            verdicts[i] = self._template_verdict(it, Counter()) or self._ngram_verdict(prepared[i])
        survivors = [i for i, v in enumerate(verdicts) if v is None]
        vectors: Matrix | None = None
        before: npt.NDArray[np.float32] | None = None
        before_arg: npt.NDArray[np.intp] | None = None
        if cfg.cosine is not None and survivors:
            assert self.embedder is not None
            vectors = self.embedder.embed([items[i].text for i in survivors])
            self.embedded += len(survivors)
            if self._vectors.n:
                sims = vectors @ self._vectors.view().T
                before_arg = sims.argmax(axis=1)
                before = sims[np.arange(len(survivors)), before_arg]
        # Phase 2: in order, against the tasks accepted earlier in this batch too.
        batch_templates: Counter[tuple[str, str]] = Counter()
        accepted_here: list[int] = []  # positions in `survivors`
        inner = vectors @ vectors.T if vectors is not None and len(survivors) > 1 else None
        for pos, i in enumerate(survivors):
            it = items[i]
            verdict = self._template_verdict(it, batch_templates)
            if verdict is None:
                verdict = self._inner_ngram(prepared[i], [survivors[p] for p in accepted_here],
                                            prepared)  # fmt: skip
            if verdict is None and cfg.cosine is not None and vectors is not None:
                verdict = self._cosine_verdict(pos, before, before_arg, inner, accepted_here)
            if verdict is None:
                verdict = DedupVerdict(True)
                accepted_here.append(pos)
                for app in set(it.apps):
                    batch_templates[(app, it.template)] += 1
            verdicts[i] = verdict
        # Commit the accepted ones.
        for pos in accepted_here:
            i = survivors[pos]
            it = items[i]
            self.texts.append(it.text)
            self._index.add(prepared[i])
            for app in set(it.apps):
                self._templates[(app, it.template)] += 1
            if vectors is not None:
                self._vectors.append(vectors[pos : pos + 1])
        return [v for v in verdicts if v is not None]

    # -- the rules --------------------------------------------------------------------------
    def _template_verdict(
        self, item: DedupItem, extra: Counter[tuple[str, str]]
    ) -> DedupVerdict | None:
        limit = self.config.per_template
        if limit is None:
            return None
        for app in sorted(set(item.apps)):
            used = self._templates[(app, item.template)] + extra[(app, item.template)]
            if used >= limit:
                return DedupVerdict(False, "template", float(used))
        return None

    def _ngram_verdict(self, doc_grams: set[str]) -> DedupVerdict | None:
        if self.config.overlap is None:
            return None
        share, other = self._index.best_overlap(doc_grams)
        if share > self.config.overlap:
            return DedupVerdict(False, "ngram", share, other)
        return None

    def _inner_ngram(
        self, doc_grams: set[str], earlier: list[int], prepared: list[set[str]]
    ) -> DedupVerdict | None:
        limit = self.config.overlap
        if not doc_grams or limit is None:
            return None
        for k, j in enumerate(earlier):
            share = len(doc_grams & prepared[j]) / len(doc_grams)
            if share > limit:
                return DedupVerdict(False, "ngram", share, len(self.texts) + k)
        return None

    def _cosine_verdict(
        self,
        pos: int,
        before: npt.NDArray[np.float32] | None,
        before_arg: npt.NDArray[np.intp] | None,
        inner: Matrix | None,
        accepted_here: list[int],
    ) -> DedupVerdict | None:
        threshold = self.config.cosine
        assert threshold is not None
        if before is not None and before_arg is not None and before[pos] >= threshold:
            row = int(before_arg[pos])
            return DedupVerdict(False, "cosine", float(before[pos]), row)
        if inner is not None and accepted_here:
            sims = inner[pos, accepted_here]
            k = int(sims.argmax())
            if sims[k] >= threshold:
                return DedupVerdict(False, "cosine", float(sims[k]), len(self.texts) + k)
        return None
