"""Rules that rule on misère (the catchers are the victims or the offenders): 10, 3, 6.1,
1.1.2, 1.5, 1.3.2.1, 2.3. Rules 7 and 8 name the whister and stay game-only.

M: misère by seat 0, 0-3-4 taken (three cards left), catchers 1 and 2.
    0: J♥ A♦ J♣    1: J♦ 8♥ K♠    2: 10♠ K♥ 7♠
Seat 1 on lead. J♦ catches it: seat 2 throws K♥, the declarer must win A♦ and then J♥ and
J♣ too (nobody follows) — 3 tricks. 8♥ or K♠ lets him escape (J♥ under K♥, or a discard):
0 tricks. (The reference search confirms both below.)

Sochi misère: made, 10 to the declarer's pulya; each trick 10 to his gora. Balances:
    made (0 tricks):  declarer W0 = 10·(10 − 10/3) = 200/3, each catcher −100/3
    3 tricks (G0 30): declarer W0 = (10/3)(30 − 90) = −200, each catcher (10/3)·30 = 100
    2 tricks (G0 20): declarer W0 = (10/3)(20 − 60) = −400/3
"""
from fractions import Fraction as F

import pytest

from compensation.incident import IncidentError
from compensation.rulings import rule_incident
from solver import Position
from solver import reference as ref

HANDS = [["Jh", "Ad", "Jc"], ["Jd", "8h", "Ks"], ["Ts", "Kh", "7s"]]
M = {"deal": {"hands": HANDS}, "taken": [0, 3, 4], "contract": "misere", "declarer": 0, "open": True,
     "first_leader": 1}
CAUGHT = ["Jd", "Kh", "Ad", "Jc", "Ks", "7s", "Jh", "8h", "Ts"]


def comp(r):
    return [(w.seat, w.on, w.amount) for w in r.writes if w.kind == "whists"]


def test_the_ending_by_the_reference_search():
    vals = {str(c): v for c, v in ref.card_values(Position(HANDS, "misere", 0, 1, taken=[0, 3, 4])).items()}
    assert vals == {"Jd": 3, "8h": 0, "Ks": 0}
    first = {str(c): v for c, v in ref.card_values(Position(HANDS, "misere", 0, 0, taken=[0, 3, 4])).items()}
    assert first["Jh"] == 0 and first["Ad"] == 3          # the declarer's own first lead (rule 1.1.2)


def test_10_a_catchers_escape_lead_is_erroneous():
    # Seat 1 leads 8♥, not agreed: the declarer escapes. Correct: J♦ (3 tricks, W2 = 100);
    # after the fault 0 tricks (W2 = −100/3). Seat 2 writes 400/3 on seat 1.
    r = rule_incident(dict(M, history=["8h"], violation={"rule": "10", "offender": 1, "move": 0}))
    assert comp(r) == [(2, 1, F(400, 3))]
    assert [f.tricks for f in r.figures] == [(3, 3, 4), (0, 5, 5)]


def test_3_the_better_catching_plan_is_compensated():
    # Seat 2's plan (J♦) against seat 1's (8♥), played: the difference for seat 2 is 100 + 100/3.
    r = rule_incident(dict(M, violation={"rule": "3", "plans": [{"seats": [2], "cards": ["Jd"]},
                                                                {"seats": [1], "cards": ["8h"]}], "played": 1}))
    assert comp(r) == [(2, 1, F(400, 3))]
    assert [o.best for o in r.options] == [True, False]   # on misère the best plan gives him most tricks


def test_112_the_declarers_informed_first_lead():
    # Catcher seat 1 showed his cards before the declarer's closed first lead. Not knowing
    # the split (20 layouts), A♦ and J♥ are his candidates (each best in some layout); A♦
    # made for him is caught for 3 (W2 = 100). As made, J♥: escaped (W2 =
    # −100/3). The knowledge decided the misère: seat 2 writes 400/3 on seat 1; 1.1.1's
    # penalty on misère is 10.
    r = rule_incident(dict(M, open=False, first_leader=0, history=["Jh"], violation={"rule": "1.1.2", "offender": 1}))
    assert comp(r) == [(2, 1, F(400, 3))]
    assert r.entries.gora == (0, 10, 0)
    # the declarer's own bad lead (J♣: caught for 3 as made) is no knowledge that helped
    r = rule_incident(dict(M, open=False, first_leader=0, history=["Jc"], violation={"rule": "1.1.2", "offender": 1}))
    assert comp(r) == []


def test_61_a_catcher_saw_the_discard():
    # The discard is 7♦ 7♥. Catcher seat 1 looked at it, led J♦ and caught the misère for 3,
    # the recorded result. Before the look he knew only his own hand (open play starts after
    # the first lead): the 8 cards he does not hold split 3 (declarer) + 3 (seat 2) + 2
    # (discard) = C(8,3)·C(5,3) = 560 ways, and none of his leads is dominated in them — so
    # the lead is a decision the knowledge could change (rulings.md: no decision is excused
    # because its candidates are the same with the knowledge as without), resolved against
    # him: K♠, the declarer discards and escapes — 0 tricks (W0 = 200/3) against 3 as made
    # (W0 = −200). The knowledge led to the declarer's loss: he writes 200/3 + 200 = 800/3
    # on seat 1. Rule 6's penalty on misère: 10; the real result 3 tricks: G0 30.
    r = rule_incident(dict(M, deal={"hands": HANDS, "discard": ["7d", "7h"]}, history=CAUGHT,
                           result={"tricks": [3, 3, 4]}, violation={"rule": "6.1", "offender": 1, "move": 0}))
    assert comp(r) == [(0, 1, F(800, 3))]
    assert r.entries.gora == (30, 10, 0)
    assert [f.tricks for f in r.figures] == [(0, 5, 5), (3, 3, 4)]
    assert any("560 layouts" in n.en for n in r.notes)
    assert any("trick 8: K♠, J♦, 8♥ possible, K♠ made for him" in n.en for n in r.notes)


def test_15_two_cards_led_on_misere():
    # Closed play; seat 1 leads J♦ with 8♥ beneath it. The misère failed (3 tricks): the
    # declarer writes one trick's compensation on seat 1: W0(2 tricks) − W0(3) = −400/3 + 200
    # = 200/3; penalty без одной на игре, on misère 10.
    r = rule_incident(dict(M, open=False, history=CAUGHT, result={"tricks": [3, 3, 4]},
                           violation={"rule": "1.5", "offender": 1, "move": 0, "cards": ["8h"]}))
    assert comp(r) == [(0, 1, F(200, 3))]
    assert r.entries.gora == (30, 10, 0)


def test_1321_lead_out_of_turn_by_a_catcher():
    # Seat 2 leads K♥ out of turn (seat 1 should lead), closed. Letting it stand: the
    # declarer plays J♥ under the K♥ and escapes (0 tricks, W0 = 200/3); seat 1
    # leading freely with K♥ a penalty card: J♦ catches him (3 tricks, −200); demanding
    # hearts: 8♥, escape; forbidding hearts: J♦, caught. No violation: J♦, −200: the lead out
    # of turn did the declarer no harm — but it harmed the offender's partner: «компенсацию
    # за возможные убытки пишут на нарушителя» pays every player the fault left worse off
    # (rulings.md, who the victims are). Catcher seat 1: 3 tricks without it (W1 = 100),
    # 0 with it left standing, the declarer's best option (W1 = −100/3): he writes 400/3 on
    # seat 2.
    r = rule_incident(dict(M, open=False, history=["Kh"],
                           violation={"rule": "1.3.2.1", "offender": 2, "move": 0, "card": "Kh"}))
    assert [(o.declarer_tricks, o.value) for o in r.options] == [(0, F(200, 3)), (3, F(-200)), (0, F(200, 3)),
                                                                 (3, F(-200))]
    assert comp(r) == [(1, 2, F(400, 3))]


def test_23_exposed_card_of_a_catcher():
    # Seat 2's K♥ exposed. The declarer may demand hearts from seat 1 (8♥: escape, 200/3)
    # or forbid them (J♦: caught, −200); no demand: J♦, −200. Best: demand.
    r = rule_incident(dict(M, open=False, violation={"rule": "2.3", "offender": 2, "card": "Kh"}))
    assert [(o.declarer_tricks, o.value, o.best) for o in r.options] == [
        (3, F(-200), False), (0, F(200, 3), True), (3, F(-200), False)]


@pytest.mark.parametrize("rule", ["7.1", "7.2", "8.1", "8.2"])
def test_whisters_rules_stay_game_only(rule):
    with pytest.raises(IncidentError) as e:
        rule_incident(dict(M, history=["8h"], violation={"rule": rule, "offender": 1, "move": 0}))
    assert e.value.field == "violation.rule" and "misere" in e.value.message
