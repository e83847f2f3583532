"""Penalty entries (compensation.penalties), with the rule of the penalty code named."""
from fractions import Fraction

import pytest

from compensation.conventions import LENINGRAD, SOCHI, convention
from compensation.errors import ScoringError
from compensation.penalties import game_penalty, naming_penalty, penalty, tricks_penalty, whist_penalty
from compensation.settlement import balances
from compensation.sheet import Entries


@pytest.mark.parametrize("contract,sochi,leningrad", [
    # без одной на игре = one undertrick: p (Sochi), 2p (Leningrad)
    ("6s", 2, 4), ("7nt", 4, 8), ("8h", 6, 12), ("9c", 8, 16),
    ("10d", 10, 20),                     # the ten: p = 10 (Leningrad doubled)
    ("misere", 10, 20),                  # misère: one trick of a failed misère
])
def test_game_penalty(contract, sochi, leningrad):
    assert game_penalty(contract, SOCHI) == sochi
    assert game_penalty(contract, LENINGRAD) == leningrad


@pytest.mark.parametrize("contract,sochi,leningrad", [
    # без одной на висте: p (full responsibility) / half of 2p = p (Leningrad)
    ("6s", 2, 2), ("7s", 4, 4), ("8s", 6, 6), ("9s", 8, 8),
    ("10s", 10, 10), ("misere", 10, 10),
])
def test_whist_penalty(contract, sochi, leningrad):
    assert whist_penalty(contract, SOCHI) == sochi
    assert whist_penalty(contract, LENINGRAD) == leningrad


def test_rule_1_1_1_misere_and_ten_are_10():
    # seed 000, 1.1.1: "без одной в гору на висте (на мизере и десятерной - 10)"
    for conv in (SOCHI, LENINGRAD):
        assert whist_penalty("misere", conv) == 10
        assert whist_penalty("10nt", conv) == 10


def test_rule_1_2_2_bez_dvuh():
    # seed 000, 1.2.2: passer opens after the whister's lead: без двух на игре.
    # On a seven: 2 x 4 = 8 (Sochi), 2 x 8 = 16 (Leningrad).
    assert penalty("game", 2, SOCHI, "7s", count=2) == Entries.zero().add_gora(2, 8)
    assert penalty("game", 2, LENINGRAD, "7s", count=2).gora == (0, 0, 16)


def test_rule_1_3_3_1_raspasovka_three_tricks():
    # seed 000, 1.3.3.1: lead out of turn on raspasovka, 5-10 cards left: 3 tricks to gora.
    # k x r: first raspasovka r = 1 -> 3; second r = 2 -> 6; Leningrad first r = 2 -> 6.
    assert tricks_penalty(3, SOCHI) == 3
    assert tricks_penalty(3, SOCHI, raspasovka_round=2) == 6
    assert tricks_penalty(3, LENINGRAD) == 6
    assert penalty("tricks", 1, SOCHI, tricks=3, raspasovka_round=3).gora == (0, 9, 0)


def test_rule_4_4_further_offence_doubles():
    # seed 000, 4.2 then 4.4: a defender looks at an old trick twice on a six:
    # 2 (first) + 4 (doubled) = 6.
    first = penalty("whist", 1, SOCHI, "6s")
    second = penalty("whist", 1, SOCHI, "6s", count=2)
    assert (first + second).gora == (0, 6, 0)


def test_seed_002_amounts_are_settings():
    with pytest.raises(ScoringError) as err:
        naming_penalty("2.3", SOCHI)
    assert err.value.field == "penalty_002_2_3"
    conv = convention("sochi", penalty_002_2_3=4)
    assert penalty("naming", 0, conv, rule="2.3").gora == (4, 0, 0)
    with pytest.raises(ScoringError) as err:
        naming_penalty("9.9", conv)
    assert err.value.field == "rule"


def test_penalty_is_gora_only_and_costs_only_the_offender():
    # seed 001's note: "без одной, но висты на него не пишут": gora only.
    e = penalty("game", 0, SOCHI, "8s")
    assert e.pulya == (0, 0, 0) and all(x == 0 for row in e.whists for x in row)
    # G0 = 6: W0 = 10/3 x (6 - 18) = -40; the others +20 each.
    assert balances(e, SOCHI) == (-40, 20, 20)


@pytest.mark.parametrize("kwargs,field", [
    ({"kind": "game", "offender": 0, "contract": "raspasovka"}, "contract"),
    ({"kind": "whist", "offender": 0}, "contract"),
    ({"kind": "tricks", "offender": 0}, "tricks"),
    ({"kind": "tricks", "offender": 0, "tricks": 0}, "tricks"),
    ({"kind": "game", "offender": 3, "contract": "6s"}, "offender"),
    ({"kind": "game", "offender": 0, "contract": "6s", "count": 0}, "count"),
    ({"kind": "fine", "offender": 0, "contract": "6s"}, "kind"),
    ({"kind": "naming", "offender": 0}, "rule"),
])
def test_bad_penalty_requests(kwargs, field):
    kind = kwargs.pop("kind")
    offender = kwargs.pop("offender")
    with pytest.raises(ScoringError) as err:
        penalty(kind, offender, SOCHI, **kwargs)
    assert err.value.field == field


def test_dealer_can_be_penalised_with_four_players():
    conv = convention("sochi", players=4)
    e = penalty("game", 3, conv, "6s")
    # G3 = 2: W3 = 10/4 x (2 - 8) = -15; others +5.
    assert balances(e, conv) == (5, 5, 5, -15)
    assert sum(balances(e, conv)) == Fraction(0)
