"""Exact numbers in and out: the one place a ``Fraction`` is read from input or written
to JSON and text.

Scoring is exact (``Fraction``) and rounds only on output, so every amount leaves the
program in one of two forms: JSON gets an ``int`` when the value is whole and the string
``"p/q"`` otherwise (:func:`json_number`; :func:`exact_number` reads it back), text gets
``4`` or ``196/3``, with ``(≈65.33)`` after it where a reader wants the size
(:func:`text_number`).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from .errors import ScoringError

Number = int | Fraction


def exact_number(value: Any, path: str = "number") -> Fraction:
    """An exact value from an int, a Fraction, ``"196/3"``, ``"2.5"`` (or a float, taken
    exactly); a :class:`ScoringError` naming ``path`` otherwise (booleans are not numbers)."""
    if isinstance(value, bool):
        raise ScoringError.of("expected_number", path, got=value)
    try:
        return Fraction(value.strip() if isinstance(value, str) else value)
    except (TypeError, ValueError, ZeroDivisionError):
        raise ScoringError.of("expected_number", path, got=value) from None


def json_number(x: Number) -> int | str:
    """For JSON: an int when whole, else the string ``"p/q"``."""
    x = Fraction(x)
    return int(x) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def text_number(x: Number, approx: bool = False, decimal: str = ".") -> str:
    """For a reader: ``4``, ``-7/2``; with ``approx`` ``196/3 (≈65.33)`` (Russian text
    passes ``decimal=","``: ``≈65,33``)."""
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    exact = f"{x.numerator}/{x.denominator}"
    return f"{exact} (≈{f'{float(x):.2f}'.replace('.', decimal)})" if approx else exact


__all__ = ["exact_number", "json_number", "text_number"]
