"""Russian number agreement, written once for the three packages: «1 взятка, 2 взятки,
5 взяток», «1 вист, 11 вистов, 21 вист», a fraction with the genitive singular («10/3
виста»), and verbs alike («рассмотрен 21 вариант», «рассмотрено 5»)."""
from __future__ import annotations

from fractions import Fraction


def agree(n, one: str, few: str, many: str) -> str:
    """The form of three (for 1, for 2-4, for 5-20 and 0) that agrees with the number ``n``."""
    n = Fraction(n)
    if n.denominator != 1:
        return few
    k = abs(n.numerator)
    if k % 10 == 1 and k % 100 != 11:
        return one
    if 2 <= k % 10 <= 4 and not 12 <= k % 100 <= 14:
        return few
    return many
