"""Settlement in whists, running sheets, damage and compensation (compensation.settlement)."""
from fractions import Fraction

import pytest

from compensation.conventions import LENINGRAD, SOCHI, convention
from compensation.errors import ScoringError
from compensation.outcome import score_game
from compensation.settlement import (
    balance,
    balances,
    compensation,
    compensation_entries,
    damage,
    resolve_split,
    running_balances,
    settle_sheet,
)
from compensation.sheet import Entries

Z = Entries.zero(3)
W2 = {1: "whist", 2: "whist"}


def test_gora_is_shared_by_n():
    # G = (30, 0, 0): each other player writes 10 x 30 / 3 = 100 on seat 0.
    assert balances(Z.add_gora(0, 30), SOCHI) == (-200, 100, 100)


def test_gora_divisor_n_minus_1():
    # divisor N-1 = 2: each other writes 10 x 30 / 2 = 150 on seat 0.
    conv = convention("sochi", gora_divisor="N-1")
    assert balances(Z.add_gora(0, 30), conv) == (-300, 150, 150)


def test_pulya_worth_k():
    # P = (4, 0, 0), mean 4/3: W0 = K x 8/3; Sochi K = 10 -> 80/3, Leningrad K = 20 -> 160/3.
    e = Z.add_pulya(0, 4)
    assert balances(e, SOCHI) == (Fraction(80, 3), Fraction(-40, 3), Fraction(-40, 3))
    assert balances(e, LENINGRAD)[0] == Fraction(160, 3)
    assert balances(e, SOCHI, include_pulya=False) == (0, 0, 0)


def test_whists_are_net():
    # seat 1 writes 20 on 0, seat 0 writes 5 on 1: W1 = 15, W0 = -15.
    e = Z.add_whists(1, 0, 20).add_whists(0, 1, 5)
    assert balances(e, SOCHI) == (-15, 15, 0)


def test_four_players():
    conv = convention("sochi", players=4)
    # G = (8, 0, 0, 0): 10/4 x (8 - 32) = -60 for seat 0, +20 for each other.
    assert balances(Entries.zero(4).add_gora(0, 8), conv) == (-60, 20, 20, 20)
    with pytest.raises(ScoringError) as err:
        balances(Z, conv)
    assert err.value.field == "players"


def test_running_sheet():
    d1 = score_game(7, 0, W2, (6, 3, 1), SOCHI)     # G0 4, w10 16, w20 8
    d2 = score_game(6, 1, {2: "pass", 0: "pass"}, None, SOCHI)  # P1 2
    run = running_balances([d1, d2], SOCHI)
    assert run[0] == balances(d1, SOCHI)
    assert run[1] == settle_sheet([d1, d2], SOCHI) == balances(d1 + d2, SOCHI)
    # by hand: whists W0 -24, W1 16, W2 8; gora 10/3 x (4 - 12) = -80/3 for 0, +40/3 others;
    # pulya P1 = 2: 10 x (2 - 2/3) = 40/3 for 1, -20/3 for 0 and 2.
    assert run[1] == (Fraction(-24 * 3 - 80 - 20, 3), Fraction(16 * 3 + 40 + 40, 3),
                      Fraction(8 * 3 + 40 - 20, 3))
    assert settle_sheet([], SOCHI) == (0, 0, 0)


def test_damage_made_versus_one_down():
    # seed 000 rule 1.5: the declarer who goes down writes compensation "for 1 trick
    # (the difference between the contract made and one down)". Sochi 6, both whist.
    made = score_game(6, 0, W2, (6, 2, 2), SOCHI)   # P0 2, w10 4, w20 4
    down = score_game(6, 0, W2, (5, 3, 2), SOCHI)   # G0 2, w10 2+6, w20 2+4
    # W0(made) = -8 + 10 x (2 - 2/3) = 16/3; W0(down) = -14 + 10/3 x (2 - 6) = -82/3
    assert balance(0, made, SOCHI) == Fraction(16, 3)
    assert balance(0, down, SOCHI) == Fraction(-82, 3)
    assert damage(0, made, down, SOCHI) == Fraction(98, 3)
    assert compensation(0, made, down, SOCHI) == Fraction(98, 3)
    # the other way round the damage is negative and nothing is owed
    assert damage(0, down, made, SOCHI) == Fraction(-98, 3)
    assert compensation(0, down, made, SOCHI) == 0
    # without the pulya term: -8 - (-82/3) = 58/3
    no_pulya = convention("sochi", pulya_in_damage=False)
    assert damage(0, made, down, no_pulya) == Fraction(58, 3)


def test_damage_to_a_defender():
    # 7 both whist; actual 7-2-1 (made) vs counterfactual 6-3-1 (down one): for seat 1
    # W1(made) = 8 - 10 x 4/3 = -16/3; W1(down) = 16 + 10/3 x 4 = 88/3; damage 104/3.
    made = score_game(7, 0, W2, (7, 2, 1), SOCHI)
    down = score_game(7, 0, W2, (6, 3, 1), SOCHI)
    assert damage(1, down, made, SOCHI) == Fraction(104, 3)


def test_compensation_entries_split_between_offenders():
    e = compensation_entries(0, [1, 2], 7, SOCHI)
    assert e.whists[0] == (0, Fraction(7, 2), Fraction(7, 2))
    assert balances(e, SOCHI) == (7, Fraction(-7, 2), Fraction(-7, 2))
    for args, field in (((0, [], 1), "offenders"), ((0, [0], 1), "offenders"),
                        ((0, [1], -1), "amount")):
        with pytest.raises(ScoringError) as err:
            compensation_entries(*args, SOCHI)
        assert err.value.field == field


def test_resolve_split_for_and_against_the_victim():
    # two equal defence lines of a made 7 (both whist): 2+1 or 1+2 for seats 1 and 2.
    a = score_game(7, 0, W2, (7, 2, 1), SOCHI)
    b = score_game(7, 0, W2, (7, 1, 2), SOCHI)
    assert resolve_split(1, [b, a], SOCHI) is a       # victim 1 prefers his 2 tricks
    assert resolve_split(2, [a, b], SOCHI) is b
    against = convention("sochi", counterfactual_split="against_victim")
    assert resolve_split(1, [a, b], against) is b
