"""How long a search may run: one value, :class:`Limits`, from every face down to the search.

``nodes`` is the engine's node budget (a search past it raises :class:`~solver.errors.SearchLimitError`);
``seconds`` is the time an exact search of what a player could know may take before it stops
and answers with what it proved (1.6.2, claims, the information rules, the single-dummy
analysis). ``None`` is no limit.

The faces: ``prefdd solve --node-budget/--budget``, ``prefdd rule --node-budget``, the batch's
``--node-budget``/``--record-seconds``, the desk's server (``prefdd serve --node-budget``, its
share of ``--time-budget``, less what the request already waited) and an incident's own
``violation.budget``.

**Precedence, written once** (:meth:`Limits.within`): every limit that applies is honoured —
of two limits of a kind the tighter one holds. So an incident's ``violation.budget`` can
shorten the desk's search but not lengthen it past the server's share of a request, and a
caller's limit never lifts one the incident set.
"""
from __future__ import annotations

from dataclasses import dataclass


def _tighter(a, b):
    return b if a is None else a if b is None else min(a, b)


@dataclass(frozen=True)
class Limits:
    nodes: int | None = None
    seconds: float | None = None

    def within(self, other: Limits | None) -> Limits:
        """The limits that hold when both these and ``other`` apply: the tighter of each kind."""
        if other is None:
            return self
        return Limits(_tighter(self.nodes, other.nodes), _tighter(self.seconds, other.seconds))

    @classmethod
    def of(cls, value) -> Limits:
        """``value`` as Limits: Limits as they are, a number as seconds, None as no limit."""
        if isinstance(value, Limits):
            return value
        return cls(seconds=None if value is None else float(value))


NONE = Limits()

__all__ = ["Limits", "NONE"]
