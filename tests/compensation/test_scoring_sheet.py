"""Entries (compensation.sheet): an exact, addable value for N = 3 or 4 players."""
from fractions import Fraction

import pytest

from compensation.conventions import SOCHI
from compensation.errors import ScoringError
from compensation.outcome import score_game
from compensation.settlement import balances
from compensation.sheet import Entries, number_out, total


def test_add_scale_and_sum():
    a = Entries.zero().add_pulya(0, 2).add_whists(1, 0, 4)
    b = Entries.zero().add_gora(2, 3).add_whists(1, 0, 1)
    s = a + b
    assert s.pulya == (2, 0, 0) and s.gora == (0, 0, 3) and s.whists[1][0] == 5
    assert sum([a, b]) == s == total([a, b])
    assert 2 * a == a + a
    half = a * Fraction(1, 2)
    assert half.whists[1][0] == 2 and half.pulya[0] == 1
    assert a.add_pulya(0, 1) != a          # immutable: a new value
    assert a.pulya == (2, 0, 0)


def test_seed_002_rule_7_2_average_of_two_trump_suits():
    # seed 002, 7.2: "the average of the results under the two trump suits": average each
    # player's score. 7 with both whisting: under one trump 7-2-1 (made), under the other
    # 6-3-1 (down one): the averaged entries settle to the average of the balances.
    made = score_game(7, 0, {1: "whist", 2: "whist"}, (7, 2, 1), SOCHI)
    down = score_game(7, 0, {1: "whist", 2: "whist"}, (6, 3, 1), SOCHI)
    avg = (made + down) * Fraction(1, 2)
    # by hand: P0 = 2, G0 = 2; w10 = (8 + 16)/2 = 12, w20 = (4 + 8)/2 = 6
    assert avg.pulya == (2, 0, 0) and avg.gora == (2, 0, 0)
    assert avg.whists[1][0] == 12 and avg.whists[2][0] == 6
    assert balances(avg, SOCHI) == tuple((x + y) / 2 for x, y in
                                         zip(balances(made, SOCHI), balances(down, SOCHI)))


def test_four_seats_and_errors():
    e = Entries.zero(4).add_whists(3, 0, 8)
    assert e.n == 4 and e.whists[3][0] == 8
    with pytest.raises(ScoringError):
        Entries.zero(3).add_whists(1, 1, 2)
    with pytest.raises(ScoringError):
        Entries.zero(3).add_gora(3, 1)
    with pytest.raises(ScoringError):
        Entries.zero(3) + Entries.zero(4)
    with pytest.raises(ScoringError):
        Entries.zero(5)


def test_number_out():
    assert number_out(Fraction(4)) == 4 and isinstance(number_out(Fraction(4)), int)
    assert number_out(Fraction(-7, 2)) == "-7/2"
    e = Entries.zero().add_gora(1, Fraction(1, 3))
    assert e.to_dict()["gora"] == [0, "1/3", 0]
