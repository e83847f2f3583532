"""The layouts of a view: every split of the unseen cards, listed lazily and counted exactly.

A first lead has C(20, 10) = 184,756 layouts from the declarer's seat and 42.7 million from a
defender's (the declarer's ten, the partner's ten and the discard's two unseen): they are
generated in order, never held in a list, and consumed in chunks by the solver. A random
sample is a named setting, never a default (``method == "sample"``: the real layout is
always among the drawn ones, and every figure built on it says it was sampled).
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations, islice
from math import comb
from typing import Any

from ..errors import PositionError
from ..hands import cards_of, mask_of

__all__ = ["Layouts", "declarer_layouts", "split_layouts", "unrank"]


@dataclass
class Layouts:
    """The layouts of one view: ``total`` of them, ``method`` "exact" (all), "open" (the
    cards are face up: one) or "sample" (a named setting: ``drawn`` of them, with ``seed``)."""

    total: int
    source: Any = field(repr=False)      # a callable giving a fresh iterator over the layouts
    method: str = "exact"
    seed: int | None = None
    drawn: int | None = None
    real: Any = None

    @classmethod
    def one(cls, real) -> Layouts:
        return cls(1, lambda: iter((real,)), "open", real=real)

    @property
    def exact(self) -> bool:
        return self.method != "sample"

    @property
    def used(self) -> int:
        return self.total if self.drawn is None else self.drawn

    def __len__(self) -> int:
        return self.used

    def __iter__(self) -> Iterator:
        return self.source()

    def chunks(self, size: int) -> Iterator[list]:
        """The layouts in lists of at most ``size``, in order."""
        it = iter(self)
        while True:
            part = list(islice(it, size))
            if not part:
                return
            yield part

    def describe(self) -> dict:
        out: dict[str, Any] = {"layouts": self.total, "used": self.used, "method": self.method}
        if self.method == "sample":
            out["seed"] = self.seed
        return out


def unrank(index: int, items: list, k: int) -> list:
    """The ``index``-th k-subset of ``items`` in lexicographic order (combinatorial number system)."""
    out = []
    n = len(items)
    start = 0
    for slot in range(k):
        for i in range(start, n):
            c = comb(n - i - 1, k - slot - 1)
            if index < c:
                out.append(items[i])
                start = i + 1
                break
            index -= c
    return out


def _check_sample(sample: int) -> None:
    if isinstance(sample, bool) or not isinstance(sample, int) or sample < 1:
        raise PositionError(f"sample: must be a whole number of at least 1, got {sample!r}")


def declarer_layouts(view, sample: int | None, seed: int) -> Layouts:
    """The declarer's view: first-defender masks, ``C(free, need)`` of them."""
    total = view.count
    free = cards_of(view.free)
    base = view.forced[view.defenders[0]]
    need = view.need

    def every():
        return (base | mask_of(c) for c in combinations(free, need))

    if sample is None or sample >= total:
        return Layouts(total, every, real=view.real)
    _check_sample(sample)
    picks = random.Random(seed).sample(range(total), sample)
    drawn = [base | mask_of(unrank(i, free, need)) for i in picks]
    if view.real not in drawn:
        drawn.append(view.real)
    return Layouts(total, lambda: iter(drawn), "sample", seed, len(drawn), view.real)


def split_layouts(view, sample: int | None, seed: int) -> Layouts:
    """Any seat's view: the unseen cards dealt to the holders (hidden seats, the discard)
    of their sizes, each card only to a holder not void in its suit."""
    total = view.count
    n = len(view.holders)

    def every():
        def go(i, free):
            if i == n - 1:
                if all(i in view.allowed[int(c)] for c in cards_of(free)):
                    yield (free,)
                return
            pool = [c for c in cards_of(free) if i in view.allowed[int(c)]]
            for combo in combinations(pool, view.sizes[i]):
                m = mask_of(combo)
                for rest in go(i + 1, free & ~m):
                    yield (m,) + rest
        return go(0, view.unseen)

    if sample is None or sample >= total:
        return Layouts(total, every, real=view.real)
    _check_sample(sample)
    rng = random.Random(seed)
    cards = cards_of(view.unseen)
    seen: set = set()
    drawn: list = []
    for _ in range(200 * sample):
        rng.shuffle(cards)
        hands, k = [], 0
        for size in view.sizes:
            hands.append(mask_of(cards[k:k + size]))
            k += size
        lay = tuple(hands)
        if lay not in seen and view.consistent(lay):
            seen.add(lay)
            drawn.append(lay)
            if len(drawn) >= sample:
                break
    if view.real not in seen:
        drawn.append(view.real)
    return Layouts(total, lambda: iter(drawn), "sample", seed, len(drawn), view.real)
