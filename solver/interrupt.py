"""A search stopped from outside — the desk's Stop button — as a time budget stops it.

A worker process sets the flag from a signal handler (:func:`ask`); every place a search
checks its deadline asks :func:`passed` instead, so a stop is met where a budget would be,
and the search gives what it proved by then (bounds, "not exact"), never a guess. The one
who honours it clears it (:func:`clear`) before the little work that states the bounds.
"""
from __future__ import annotations

import time

_asked = [False]


def ask() -> None:
    """Stop the search under way at its next check (safe in a signal handler)."""
    _asked[0] = True


def clear() -> None:
    _asked[0] = False


def asked() -> bool:
    return _asked[0]


def passed(deadline: float | None) -> bool:
    """The search must stop: asked to, or past ``deadline`` (``time.monotonic()``; None: no limit)."""
    return _asked[0] or (deadline is not None and time.monotonic() > deadline)
