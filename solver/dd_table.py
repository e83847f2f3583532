"""The double-dummy table: the declarer's tricks for every strain and every declarer.

Like endplay's ``DDTable[Denom, Player]``: ``table[Strain.HEARTS, Seat.SECOND]`` (or
``table["h", 1]``) is the tricks seat 1 takes from here declaring hearts, against the best
defence, with the hands open; misère counts the tricks the declarer cannot avoid. Built by
:meth:`DDTable.compute` from a position at the start of a trick (18 solves), printed as a
grid, and written as the ``table`` object of ``prefdd solve --table``:
``{"s": [6, 4, 3], "c": [...], ..., "misere": [0, 2, 1]}``.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .contract import Contract, Strain, parse_strain
from .errors import PositionError, PrefError
from .position import Position
from .seat import SEATS, parse_seat

TABLE_STRAINS: tuple[Strain, ...] = (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS,
                                     Strain.NO_TRUMP, Strain.MISERE)
_LABELS = {Strain.SPADES: "♠", Strain.CLUBS: "♣", Strain.DIAMONDS: "♦", Strain.HEARTS: "♥",
           Strain.NO_TRUMP: "NT", Strain.MISERE: "misère"}


class DDTable:
    """Tricks by strain (♠ ♣ ♦ ♥ NT misère) × declarer seat (0, 1, 2); immutable."""

    __slots__ = ("_rows",)

    def __init__(self, tricks: Mapping[Any, Sequence[int]]):
        rows: dict[Strain, tuple[int, int, int]] = {}
        for key, row in tricks.items():
            strain = _strain(key)
            if not isinstance(row, (list, tuple)) or len(row) != 3 or not all(
                    isinstance(t, int) and not isinstance(t, bool) and 0 <= t <= 10 for t in row):
                raise PositionError.of("table_row", f"table.{strain.code}", got=row)
            rows[strain] = (int(row[0]), int(row[1]), int(row[2]))
        missing = [s.code for s in TABLE_STRAINS if s not in rows]
        if missing:
            raise PositionError.of("missing_strains", "table", strains=", ".join(missing))
        self._rows = rows

    @classmethod
    def compute(cls, position: Position, engine: Any = None, constraints: Any = None) -> DDTable:
        """Solve every strain with each seat declaring, from ``position``'s hands, leader,
        tricks taken and cards out (its own contract and declarer are ignored). A trick must
        not be in progress: its cards were played under the position's trump. ``constraints``
        (penalty cards, a lead restriction, a plan) apply to every strain, checked for each."""
        if position.trick:
            raise PositionError.of("trick_start", "trick")
        if engine is None:
            from .per_thread import thread_engine

            engine = thread_engine()
        from .constraints import NO_CONSTRAINTS, check_constraints

        cons = constraints or NO_CONSTRAINTS
        rows = {}
        for strain in TABLE_STRAINS:
            row = []
            for d in SEATS:
                pos = Position(position.hands, Contract(strain), d, position.leader, taken=position.taken,
                               out=position.out)
                if cons:
                    check_constraints(pos, cons)
                row.append(engine.solve(pos, cons))
            rows[strain] = row
        return cls(rows)

    def __getitem__(self, key: Any) -> Any:
        """``table[strain]``: the row (seats 0, 1, 2); ``table[strain, seat]``: one count."""
        if isinstance(key, tuple) and len(key) == 2:
            return self._rows[_strain(key[0])][parse_seat(key[1], "seat", strict=False)]
        return self._rows[_strain(key)]

    def __iter__(self):
        return iter(TABLE_STRAINS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DDTable) and other._rows == self._rows

    def __hash__(self) -> int:
        return hash(tuple(self._rows[s] for s in TABLE_STRAINS))

    def to_json(self) -> dict[str, list[int]]:
        """``{"s": [6, 4, 3], ..., "misere": [0, 2, 1]}``: the ``table`` of ``prefdd solve --table``."""
        return {s.code: list(self._rows[s]) for s in TABLE_STRAINS}

    @classmethod
    def from_json(cls, data: Any) -> DDTable:
        if not isinstance(data, dict):
            raise PositionError.of("strains_object", "table", got=type(data).__name__)
        return cls(data)

    def to_list(self) -> list[list[int]]:
        """Rows in the order ♠ ♣ ♦ ♥ NT misère, each seats 0, 1, 2."""
        return [list(self._rows[s]) for s in TABLE_STRAINS]

    def pretty(self) -> str:
        """A grid, one row a strain, one column a declarer::

            declarer   0   1   2
            ♠          6   4   3
            ...
            misère     0   2   1
        """
        lines = ["declarer" + "".join(f"{s:>4}" for s in SEATS)]
        for strain in TABLE_STRAINS:
            lines.append(f"{_LABELS[strain]:<8}" + "".join(f"{t:>4}" for t in self._rows[strain]))
        return "\n".join(lines)

    __str__ = pretty

    def __repr__(self) -> str:
        return f"DDTable({self.to_json()!r})"


def _strain(key: Any) -> Strain:
    if isinstance(key, Strain):
        strain = key
    elif isinstance(key, str):
        try:
            strain = parse_strain(key)
        except PrefError:
            raise PositionError.of("unknown_strain", "table", got=key) from None
    else:
        raise PositionError.of("unknown_strain", "table", got=key)
    if strain not in _LABELS:
        raise PositionError.of("no_table_row", "table", strain=strain.code)
    return strain
