"""What a deal writes on the score sheet: pulya, gora and whists, as an exact value.

``Entries`` holds, for N = 3 or 4 players (seat 3 is the dealer who sits out),
``pulya[i]``, ``gora[i]`` and ``whists[i][j]`` = whists player i writes on player j.
All numbers are ``fractions.Fraction``; entries add (``a + b``), scale (``2 * a``,
``a * Fraction(1, 2)``) and compare by value. Instances are immutable: the ``add_*``
methods return new entries.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from solver.seat import parse_seat

from .errors import ScoringError
from .numbers import json_number as number_out  # the one exact-number helper (numbers.py)


def _frac(x) -> Fraction:
    return x if isinstance(x, Fraction) else Fraction(x)


@dataclass(frozen=True)
class Entries:
    pulya: tuple
    gora: tuple
    whists: tuple  # whists[i][j]: i writes on j; whists[i][i] is always 0

    def __post_init__(self) -> None:
        n = len(self.pulya)
        if n not in (3, 4):
            raise ScoringError.of("entries_three_four", "players", got=n)
        if len(self.gora) != n or len(self.whists) != n or any(len(r) != n for r in self.whists):
            raise ScoringError.of("entries_n", "entries")
        object.__setattr__(self, "pulya", tuple(_frac(x) for x in self.pulya))
        object.__setattr__(self, "gora", tuple(_frac(x) for x in self.gora))
        object.__setattr__(self, "whists", tuple(tuple(_frac(x) for x in r) for r in self.whists))
        if any(self.whists[i][i] for i in range(n)):
            raise ScoringError.of("whists_on_self", "whists")

    @classmethod
    def zero(cls, n: int = 3) -> Entries:
        return cls((0,) * n, (0,) * n, tuple((0,) * n for _ in range(n)))

    @property
    def n(self) -> int:
        return len(self.pulya)

    def add_pulya(self, i: int, amount) -> Entries:
        parse_seat(i, "seat", players=self.n, error=ScoringError)
        p = list(self.pulya)
        p[i] += _frac(amount)
        return Entries(tuple(p), self.gora, self.whists)

    def add_gora(self, i: int, amount) -> Entries:
        parse_seat(i, "seat", players=self.n, error=ScoringError)
        g = list(self.gora)
        g[i] += _frac(amount)
        return Entries(self.pulya, tuple(g), self.whists)

    def add_whists(self, writer: int, on: int, amount) -> Entries:
        parse_seat(writer, "seat", players=self.n, error=ScoringError)
        parse_seat(on, "seat", players=self.n, error=ScoringError)
        if writer == on:
            raise ScoringError.of("whists_on_self", "whists")
        w = [list(r) for r in self.whists]
        w[writer][on] += _frac(amount)
        return Entries(self.pulya, self.gora, tuple(tuple(r) for r in w))

    def __add__(self, other: Entries) -> Entries:
        if not isinstance(other, Entries):
            return NotImplemented
        if other.n != self.n:
            raise ScoringError.of("entries_add", "players", n=self.n, m=other.n)
        return Entries(
            tuple(a + b for a, b in zip(self.pulya, other.pulya)),
            tuple(a + b for a, b in zip(self.gora, other.gora)),
            tuple(tuple(a + b for a, b in zip(r, s)) for r, s in zip(self.whists, other.whists)),
        )

    def __radd__(self, other):
        if other == 0:  # lets sum() work
            return self
        return NotImplemented

    def __mul__(self, k) -> Entries:
        if isinstance(k, bool) or not isinstance(k, (int, Fraction)):
            return NotImplemented
        return Entries(
            tuple(k * a for a in self.pulya),
            tuple(k * a for a in self.gora),
            tuple(tuple(k * a for a in r) for r in self.whists),
        )

    __rmul__ = __mul__

    def __repr__(self) -> str:
        """Numbers as numbers (``4``, ``'196/3'``), and it evaluates back to equal entries."""
        d = self.to_dict()
        return (f"Entries(pulya={tuple(d['pulya'])!r}, gora={tuple(d['gora'])!r}, "
                f"whists={tuple(tuple(r) for r in d['whists'])!r})")

    def to_dict(self) -> dict:
        """JSON-ready form: integers stay integers, other values become "p/q" strings."""
        return {
            "pulya": [number_out(x) for x in self.pulya],
            "gora": [number_out(x) for x in self.gora],
            "whists": [[number_out(x) for x in r] for r in self.whists],
        }


def total(entries: Iterable[Entries], n: int = 3) -> Entries:
    """The sum of a score sheet's entries (zero entries for an empty sheet)."""
    result = Entries.zero(n)
    for e in entries:
        result = result + e
    return result
