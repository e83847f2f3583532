"""Raspasovka rulings, each checked by hand (Sochi: N = 3, K = 10, r = 1 unless said)."""
import copy
import json
import pathlib
from fractions import Fraction

import pytest

from compensation.incident import IncidentError
from compensation.rulings import rule_incident

EX = pathlib.Path(__file__).parents[2] / "examples" / "incidents"
OPENED = json.loads((EX / "raspasovka_opened_cards.json").read_text())
# The deal: seat 0 holds the tops, takes tricks 1-8 (the talon ♦7 and ♣7 lead tricks 1-2,
# then first hand leads); seats 1 and 2 take nothing. Ending before trick 9, seat 0 on lead:
#   seat 0: ♠7 ♥8   seat 1: ♠9 ♥7   seat 2: ♠8 ♠10


def incident(violation, **top):
    inc = copy.deepcopy(OPENED)
    inc["violation"] = violation
    inc.update(top)
    return inc


def entries(r):
    return r.entries.to_dict()


def test_161_exit_to_a_trickless_player_by_the_coalition():
    # Seat 0 opens his cards: he takes tricks 9-10, result 10-0-0: gora 10 for him, pulya
    # 1 each for the two trick-less players.
    # Could seat 1 have been forced to take a trick? Seat 0 leads ♠7, seat 1 must play ♠9,
    # seat 2 plays ♠8 under it: yes, 1 trick. Seat 2 cannot be caught: he always has ♠8
    # below seat 1's ♠9 and is void in hearts.
    # Counterfactual 9-1-0 vs the ruled 10-0-0, seat 2's balance (W = 10(Ḡ-G) + 10(P-P̄)):
    #   ruled: 10(10/3 - 0) + 10(1 - 2/3) = 110/3;  cf: 10(10/3) + 10(1 - 1/3) = 40.
    #   damage 40 - 110/3 = 10/3 whists, written by seat 2 on seat 0.
    # Seat 1's own balance falls in the counterfactual (he loses his zero): no compensation.
    r = rule_incident(OPENED)
    e = entries(r)
    assert e["gora"] == [10, 0, 0] and e["pulya"] == [0, 1, 1]
    assert e["whists"][2][0] == "10/3"
    assert e["whists"][1][0] == 0
    forced = [f for f in r.figures if f.tricks == (9, 1, 0)]
    assert forced, "the counterfactual result 9-1-0 is shown"


def test_161_with_four_at_the_table_the_dealer_is_paid_too():
    # «на него пишут компенсацию»: every player the fault left worse off (rulings.md, who the
    # victims are) — with four, the dealer (seat 3), who takes no part in the raspasovka but
    # shares the settlement. Sochi, N = 4: W = (10/4)(ΣG − 4·G_i) + 10(P_i − P̄).
    #   ruled 10-0-0: G = (10, 0, 0, 0), P = (0, 1, 1, 0), P̄ = 1/2:
    #     seat 2: 25 + 5 = 30; the dealer: 25 − 5 = 20
    #   without the fault 9-1-0: G = (9, 1, 0, 0), P = (0, 0, 1, 0), P̄ = 1/4:
    #     seat 2: 25 + 15/2 = 65/2; the dealer: 25 − 5/2 = 45/2
    # Each lost 5/2: seat 2 and the dealer each write 5/2 on seat 0; seat 1 gains, nothing.
    r = rule_incident(dict(OPENED, scoring={"convention": "sochi", "set": {"players": 4}}))
    assert [(w.seat, w.on, w.amount) for w in r.writes if w.kind == "whists"] == [(2, 0, Fraction(5, 2)), (3, 0, Fraction(5, 2))]
    assert entries(r)["pulya"] == [0, 1, 1, 0]


def test_161_strict_reading_alone_finds_no_exit():
    # Seat 0 alone, seat 2 helping seat 1: on ♠7 seat 2 covers ♠9 with ♠10; on ♥8 seat 1
    # ducks ♥7. No trick can be forced: only the result 10-0-0, no whists.
    v = dict(OPENED["violation"], exit_reading="alone")
    r = rule_incident(incident(v))
    e = entries(r)
    assert e["gora"] == [10, 0, 0]
    assert all(x == 0 for row in e["whists"] for x in row)


def test_133_bands():
    # 2 cards left (before trick 9): seat 1 takes the remaining 2 tricks: 8-2-0.
    r = rule_incident(incident({"rule": "1.3.3", "offender": 1, "move": 24}))
    assert entries(r)["gora"] == [8, 2, 0] and entries(r)["pulya"] == [0, 0, 1]
    # 6 cards left: 3 tricks to gora at r = 2 (second raspasovka in a row, 1-2-3): 6.
    r = rule_incident(incident({"rule": "1.3.3", "offender": 2, "cards_left": 6}, raspasovka_round=2))
    assert entries(r)["gora"] == [0, 0, 6]
    # 1 card left: nothing.
    r = rule_incident(incident({"rule": "1.3.3", "offender": 2, "cards_left": 1}))
    assert r.writes == []
    # Leningrad progression 2-4-6: 3 tricks at r = 2 on the first raspasovka: 6.
    r = rule_incident(incident({"rule": "1.3.3", "offender": 0, "cards_left": 10},
                               scoring={"convention": "leningrad"}))
    assert entries(r)["gora"] == [6, 0, 0]


def test_141_first_second_third_offenders():
    # trick 5: 3 and 2 and 2; trick 9: 2 and 1; trick 10: 1 and nothing.
    r = rule_incident(incident({"rule": "1.4.1", "offenders": [1, 2, 0], "trick": 5}))
    assert entries(r)["gora"] == [2, 3, 2]
    r = rule_incident(incident({"rule": "1.4.1", "offenders": [2, 1], "trick": 9}))
    assert entries(r)["gora"] == [0, 1, 2]
    r = rule_incident(incident({"rule": "1.4.1", "offenders": [2, 1], "trick": 10}))
    assert entries(r)["gora"] == [0, 0, 1]
    # the trick number from the moment: history[24] starts trick 9
    r = rule_incident(incident({"rule": "1.4.1", "offender": 0, "move": 24}))
    assert entries(r)["gora"] == [2, 0, 0]


def test_21_exposed_card():
    r = rule_incident(incident({"rule": "2.1", "offender": 1, "cards_left": 5}))
    assert entries(r)["gora"] == [0, 2, 0]  # more than four: 2 tricks
    r = rule_incident(incident({"rule": "2.1", "offender": 1, "cards_left": 4, "clarifies": False}))
    assert entries(r)["gora"] == [0, 1, 0]  # 4-2 and not clarifying: 1 trick
    r = rule_incident(incident({"rule": "2.1", "offender": 2, "move": 24, "clarifies": True}))
    assert entries(r)["gora"] == [8, 0, 2]  # clarifying: seat 2 takes tricks 9-10
    r = rule_incident(incident({"rule": "2.1", "offender": 2, "cards_left": 1}))
    assert r.writes == []
    with pytest.raises(IncidentError, match="violation.clarifies"):
        rule_incident(incident({"rule": "2.1", "offender": 2, "cards_left": 3}))


def test_43_and_44_doubling():
    r = rule_incident(incident({"rule": "4.3", "offender": 2}))
    assert entries(r)["gora"] == [0, 0, 1]
    r = rule_incident(incident({"rule": "4.3", "offender": 2, "offence_number": 2}))
    assert entries(r)["gora"] == [0, 0, 2]


def test_11_talking_once_per_trick():
    r = rule_incident(incident({"rule": "11", "offender": 0, "tricks": 3}, raspasovka_round=3))
    assert entries(r)["gora"] == [9, 0, 0]  # 3 tricks x r = 3


def test_rostov_penalty_tricks_are_whists():
    # Rostov: a penalty trick is written as a raspasovka trick, 5 x r whists, by the
    # offender's opponent with fewest tricks. The history gives seat 0 tricks 1-8; result
    # 8-2-0, offender seat 0: seat 2 (no trick) writes 5 whists on seat 0 for rule 4.3.
    # The deal's own result is written too: seat 2, fewest (0), writes 5 x 8 = 40 on seat 0
    # and 5 x 2 = 10 on seat 1. So seat 2 writes 45 on seat 0 in all.
    r = rule_incident(incident({"rule": "4.3", "offender": 0}, result={"tricks": [8, 2, 0]},
                               scoring={"convention": "rostov"}))
    e = entries(r)
    assert e["whists"][2][0] == 45 and e["whists"][2][1] == 10 and e["gora"] == [0, 0, 0]
    assert [(w.seat, w.on, w.amount) for w in r.writes if "4.3" in w.why.en] == [(2, 0, 5)]
    # tie between the two opponents (1-1, result 8-1-1): the penalty is split, 5/2 each
    r = rule_incident(incident({"rule": "11", "offender": 0}, result={"tricks": [8, 1, 1]},
                               scoring={"convention": "rostov"}))
    pen = sorted((w.seat, w.on, w.amount) for w in r.writes if "rule 11" in w.why.en)
    assert pen == [(1, 0, Fraction(5, 2)), (2, 0, Fraction(5, 2))]
    with pytest.raises(IncidentError, match="result.tricks"):
        rule_incident(incident({"rule": "4.3", "offender": 0}, scoring={"convention": "rostov"}))


def test_the_deal_result_is_written_when_given():
    # Rule 4.3, result 8-2-0 recorded (Sochi, r = 1): the penalty, 1 trick to gora for seat
    # 1, plus the deal's own entries: 8 and 2 tricks to gora, a pulya point for seat 2's zero.
    r = rule_incident(incident({"rule": "4.3", "offender": 1}, result={"tricks": [8, 2, 0]}))
    assert entries(r)["gora"] == [8, 3, 0] and entries(r)["pulya"] == [0, 0, 1]
    # without result.tricks: only the penalty, and the ruling says the deal is scored as usual
    r = rule_incident(incident({"rule": "4.3", "offender": 1}))
    assert entries(r)["gora"] == [0, 1, 0] and any("result.tricks" in n.en for n in r.notes)


def test_a_result_that_contradicts_the_play_is_an_error():
    # after the 24 cards of the history seat 0 has won 8 tricks: 4-2-4 cannot be the result
    with pytest.raises(IncidentError) as e:
        rule_incident(incident({"rule": "4.3", "offender": 1}, result={"tricks": [4, 2, 4]}))
    assert e.value.field == "result.tricks" and "4-2-4" in str(e.value) and "8-0-0" in str(e.value)
    assert rule_incident(incident({"rule": "4.3", "offender": 1}, result={"tricks": [9, 0, 1]}))
    # the whole deal played: trick 9, seat 0 leads ♠7, seat 1 ♠9 wins over seat 2's ♠8;
    # trick 10, seat 1 leads ♥7, seat 2 (no hearts) ♠10, seat 0's ♥8 wins: 9-1-0, and the
    # recorded result must be that
    full = incident({"rule": "4.3", "offender": 1})
    full["history"] += ["7s", "9s", "8s", "7h", "Ts", "8h"]
    rule_incident(dict(full, result={"tricks": [9, 1, 0]}))
    with pytest.raises(IncidentError) as e:
        rule_incident(dict(full, result={"tricks": [10, 0, 0]}))
    assert e.value.field == "result.tricks" and "10-0-0" in str(e.value) and "9-1-0" in str(e.value)


def test_documented_names_are_read_not_halved():
    # offence_number 2 (rule 4.4) doubles: 2 tricks, not 1; tricks 4 (rule 11): 4, not 1
    assert entries(rule_incident(incident({"rule": "4", "offender": 2, "offence_number": 2})))["gora"] == [0, 0, 2]
    assert entries(rule_incident(incident({"rule": "11", "offender": 2, "tricks": 4})))["gora"] == [0, 0, 4]
    # the old names are unknown fields, named with the nearest known one
    with pytest.raises(IncidentError) as e:
        rule_incident(incident({"rule": "4.3", "offender": 2, "occurrence": 2}))
    assert e.value.field == "violation.occurrence"


def test_errors_name_the_field():
    with pytest.raises(IncidentError, match="violation.move"):
        rule_incident(incident({"rule": "1.6.1", "offender": 0}))
    with pytest.raises(IncidentError, match="violation.exit_reading"):
        rule_incident(incident({"rule": "1.6.1", "offender": 0, "move": 24, "exit_reading": "maybe"}))
    bad = incident({"rule": "1.6.1", "offender": 0, "move": 24})
    h = bad["history"]
    h[0], h[3] = h[3], h[0]  # ♣A on the talon's ♦7 while holding diamonds: must follow suit
    with pytest.raises(IncidentError, match=r"history\[0\]"):
        rule_incident(bad)
    with pytest.raises(IncidentError, match="violation.cards_left"):
        rule_incident(incident({"rule": "1.3.3", "offender": 0, "cards_left": 11}))


def test_161_search_honours_the_rulings_node_budget():
    # 1.6.1 asks the raspasovka solver whether an exit existed; that search must stop at the
    # ruling's node budget (prefdd rule --node-budget, the web page's budget) like every other
    from solver.engine import Engine
    from solver.errors import SearchLimitError

    early = incident({"rule": "1.6.1", "offender": 0, "move": 6}, history=OPENED["history"][:6])
    assert rule_incident(early, engine=Engine(reuse_table=True)).rule == "1.6.1"
    with pytest.raises(SearchLimitError, match="node budget of 5 exhausted"):
        rule_incident(early, engine=Engine(node_budget=5, reuse_table=True))
