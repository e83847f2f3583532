"""Seats at the table: first, second and third hand, in play order.

A :class:`Seat` is an ``IntEnum``, so it is the bare ``0``, ``1``, ``2`` everywhere the code
used ints (list indices, JSON, ``% 3`` arithmetic), and prints as one (``f"seat {s}"`` is
``seat 0``). It adds the turn order (:attr:`Seat.next`, :attr:`Seat.prev`) and the names
players use: «первая рука» / "first hand". With four at the table the dealer (seat 3) takes
no part in the play, so he is not a :class:`Seat`; :func:`parse_seat` with ``players=4``
accepts him as the int 3.

:func:`parse_seat` is the one seat validator: every field that holds a seat goes through
it, and its error names the field (``PositionError`` with a ``path``; a caller whose input
errors are of another kind, an incident's or a score sheet's, passes that class as ``error``).
"""
from __future__ import annotations

import operator
from enum import IntEnum
from typing import Literal, overload

from .errors import PositionError, PrefError

_ENGLISH = ("first hand", "second hand", "third hand")
_RUSSIAN = ("первая рука", "вторая рука", "третья рука")


class Seat(IntEnum):
    """First (0), second (1) and third (2) hand; first hand leads to the first trick."""

    FIRST = 0
    SECOND = 1
    THIRD = 2

    @property
    def next(self) -> Seat:
        """The seat that plays after this one (to the left)."""
        return SEATS[(self + 1) % 3]

    @property
    def prev(self) -> Seat:
        """The seat that played before this one."""
        return SEATS[(self + 2) % 3]

    @property
    def english(self) -> str:
        return _ENGLISH[self]

    @property
    def russian(self) -> str:
        return _RUSSIAN[self]

    @classmethod
    def parse(cls, value: object, path: str = "seat", *, strict: bool = False) -> Seat:
        """A seat from ``0``/``1``/``2``, a Seat, ``"1"``, ``"first"``, ``"first hand"``,
        ``"первая рука"``, ``"вторая"``… (with ``strict``, as in a JSON record: an integer
        only); a :class:`PositionError` naming ``path`` otherwise."""
        return SEATS[parse_seat(value, path, strict=strict)]

    def __str__(self) -> str:  # "0", as a bare int prints
        return str(int(self))

    def __format__(self, spec: str) -> str:
        return format(int(self), spec)


SEATS: tuple[Seat, Seat, Seat] = (Seat.FIRST, Seat.SECOND, Seat.THIRD)

_BY_NAME: dict[str, int] = {}
for _s in range(3):
    for _name in (_ENGLISH[_s], _RUSSIAN[_s], ("first", "second", "third")[_s], ("1st", "2nd", "3rd")[_s],
                  _RUSSIAN[_s].split()[0], ("FIRST", "SECOND", "THIRD")[_s].lower()):
        _BY_NAME[_name] = _s


def _show(value: object) -> str:
    """The bad value as the error quotes it: its repr, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@overload
def parse_seat(value: object, path: str = ..., *, players: Literal[3] = ..., strict: bool = ...,
               error: type[PrefError] = ...) -> Seat: ...
@overload
def parse_seat(value: object, path: str = ..., *, players: int, strict: bool = ...,
               error: type[PrefError] = ...) -> int: ...
def parse_seat(value: object, path: str = "seat", *, players: int = 3, strict: bool = True,
               error: type[PrefError] = PositionError) -> int:
    """Check a seat field; returns a :class:`Seat` (or the int 3, the dealer, when
    ``players=4``). ``strict`` (JSON records): only an integer; else names and digit
    strings are read too. Booleans are never seats. The error is ``error.at(path, message)``."""
    top = players - 1
    want = f"a seat 0..{top}" if players != 3 else "a seat 0, 1 or 2"
    if isinstance(value, Seat):
        return value
    seat: int | None = None
    if isinstance(value, str) and not strict:
        t = " ".join(value.strip().lower().split())
        if t.isdigit():
            seat = int(t)
        elif t in _BY_NAME:
            seat = _BY_NAME[t]
        else:
            raise error.of("expected_seat_name", path, want=want, got=_show(value))
    elif not isinstance(value, bool):
        try:
            seat = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            seat = None
    if seat is None or not 0 <= seat <= top:
        raise error.of("expected_seat", path, want=want, got=_show(value))
    return SEATS[seat] if seat < 3 else seat


__all__ = ["Seat", "SEATS", "parse_seat"]
