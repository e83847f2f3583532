"""FIXED rules: the entries against the rule text.

Leningrad is used where "на игре" and "на висте" must be told apart: on 6NT (p = 2)
"без одной в гору на игре" is 2p = 4 there, "на висте" half of it, 2 (Sochi: both 2).
"""
import pytest

from compensation.incident import IncidentError
from compensation.rulings import rule_incident

BASE = {"deal": {"hands": [["As", "Qs", "7s"], ["Ks", "Th", "8h"], ["Ts", "9s", "Qh"]]}, "taken": [4, 2, 1],
        "contract": "6nt", "declarer": 0, "decisions": {"1": "whist", "2": "pass"}}
LEN = {"convention": "leningrad"}


def gora(rule, offender, conv=None, **extra):
    inc = dict(BASE, violation=dict({"rule": rule, "offender": offender}, **extra))
    if conv:
        inc["scoring"] = conv
    r = rule_incident(inc)
    assert not any(any(row) for row in r.entries.whists) and not any(r.entries.pulya)
    return r.entries.gora


@pytest.mark.parametrize("rule,offender,expected", [
    ("1.1.1", 1, (0, 2, 0)),     # без одной в гору на висте: half of 2p under Leningrad
    ("1.1.3", 2, (0, 0, 4)),     # без одной в гору на игре (the passer)
    ("1.4.2.2", 1, (0, 2, 0)),   # defender: на висте
    ("1.4.2.1", 0, (4, 0, 0)),   # declarer: на игре
    ("4.1", 0, (4, 0, 0)),
    ("4.2", 2, (0, 0, 2)),
    ("5.3", 0, (4, 0, 0)),
    ("6", 1, (0, 4, 0)),
    ("11", 2, (0, 0, 2)),        # a gora entry "за проигрыш на висте"
])
def test_penalties_leningrad(rule, offender, expected):
    assert gora(rule, offender, LEN) == expected


def test_sochi_game_and_whist_penalties_equal_the_price():
    assert gora("1.1.3", 2) == (0, 0, 2)
    assert gora("1.1.1", 1) == (0, 2, 0)


def test_111_on_misere_is_10():
    inc = dict(BASE, contract="misere", decisions=None, violation={"rule": "1.1.1", "offender": 1})
    inc.pop("decisions")
    assert rule_incident(inc).entries.gora == (0, 10, 0)


def test_44_further_offence_doubles():
    assert gora("4.2", 1, LEN, offence_number=2) == (0, 4, 0)
    assert gora("4.2", 1, LEN, offence_number=3) == (0, 4, 0)  # double, not 4×


def test_11_once_per_trick():
    assert gora("11", 1, None, tricks=3) == (0, 6, 0)


@pytest.mark.parametrize("rule,offender", [("1", None), ("1.3.1", 0), ("5.1", 0), ("002.2.1", 0),
                                           ("002.7.1", None), ("002.3.2", 0)])
def test_no_entries(rule, offender):
    v = {"rule": rule}
    if offender is not None:
        v["offender"] = offender
    r = rule_incident(dict(BASE, violation=v))
    assert not r.writes


def test_52_made_contract_not_written_but_whists_are():
    # Actual 7-2-1 on 6NT, seat 1 the lone whister: made → no pulya; w10 = 2·3 = 6; the
    # defence is 1 short of 4 → seat 1 writes 2 gora; penalty 2 (Sochi) to the declarer.
    r = rule_incident(dict(BASE, result={"tricks": [7, 2, 1]}, violation={"rule": "5.2", "offender": 0}))
    e = r.entries
    assert e.pulya == (0, 0, 0) and e.gora == (2, 2, 0) and e.whists[1][0] == 6


def test_actual_result_is_written_with_the_penalty():
    r = rule_incident(dict(BASE, result={"tricks": [7, 2, 1]}, violation={"rule": "4.2", "offender": 2}))
    e = r.entries
    assert e.pulya == (2, 0, 0) and e.gora == (0, 2, 2) and e.whists[1][0] == 6


def test_seed_002_amounts_unset_are_named():
    r = rule_incident(dict(BASE, violation={"rule": "002.2.3", "offender": 0}))
    assert r.unset == ["penalty_002_2_3"] and not r.writes
    assert "penalty_002_2_3" in r.to_text("en") and "penalty_002_2_3" in r.to_text("ru")


def test_seed_002_amount_set():
    r = rule_incident(dict(BASE, violation={"rule": "002.2.3", "offender": 0}),
                      {"overrides": {"penalty_002_2_3": 5}})
    assert r.entries.gora == (5, 0, 0) and not r.unset


def test_002_51_no_pulya():
    r = rule_incident(dict(BASE, result={"tricks": [7, 2, 1]}, violation={"rule": "002.5.1", "offender": 0}))
    assert r.entries.pulya == (0, 0, 0) and r.entries.whists[1][0] == 6


def test_rule_text_in_both_languages():
    r = rule_incident(dict(BASE, violation={"rule": "6", "offender": 1}))
    assert "Просмотр сноса другим игроком" in r.to_text("ru")
    assert "looks at the discard" in r.to_text("en")
    j = r.to_json()
    assert j["rule"] == "6" and j["entries"]["gora"] == [0, 2, 0]
    assert j["settings"]["convention"] == "sochi"


def test_rule_5_parent_number_suggests_children():
    with pytest.raises(IncidentError) as e:
        rule_incident(dict(BASE, violation={"rule": "5", "offender": 0}))
    assert "5.1" in str(e.value) and e.value.field == "violation.rule"


def test_parent_number_on_the_wrong_contract_points_to_the_sub_rules():
    with pytest.raises(IncidentError) as e:
        rule_incident(dict(BASE, violation={"rule": "4", "offender": 1}))
    assert e.value.field == "violation.rule"
    assert "4.1" in str(e.value) and "4.2" in str(e.value)
