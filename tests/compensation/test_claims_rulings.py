"""Rulings for 1.6.2 and the claim: entries derived by hand (Sochi scoring, scoring.md)."""
import json
import pathlib

import pytest

from compensation.incident import IncidentError
from compensation.rulings import rule_incident
from compensation.rulings.claims import worst_guess_tricks
from solver import Position
from solver.engine import Engine

EX = pathlib.Path(__file__).resolve().parents[2] / "examples" / "incidents"

# 6♠ by seat 0, three tricks to go (5-1-1): ♠A ♥A ♥K; seat 1 ♠7 ♦8 ♦7 (whist), seat 2
# ♥8 ♥7 ♦9 (pass). Double dummy 8 (♠A first); every guess wrong 7 (a heart is ruffed),
# see tests/solver/imperfect/test_claims_search.py for the layouts.
END = {"deal": {"hands": [["As", "Ah", "Kh"], ["7s", "8d", "7d"], ["8h", "7h", "9d"]]},
       "contract": "6s", "declarer": 0, "decisions": {"1": "whist", "2": "pass"}, "first_leader": 0,
       "taken": [5, 1, 1], "history": []}


def test_claim_needing_a_guess_is_scored_with_the_wrong_guess():
    # By default (candidates best_somewhere: he is deemed not to have guessed the layout; a
    # heart is best in 14 of 20 layouts, so a guess — the rule's own «надо выбить козырь»):
    # he claims all three (concede 0): 8 double dummy, 7 with the wrong guess -> scored
    # 7-2-1. 6♠ made: P0 = 2. One whister (greedy): seat 1 writes 2 x 3 defence tricks = 6
    # on seat 0. Defence 3 < Q(6) = 4: seat 1 one short, gora 2.
    for violation in ({"rule": "claim", "concede": 0}, {"rule": "claim", "concede": 0, "candidates": "best_somewhere"}):
        r = rule_incident(dict(END, violation=violation))
        e = r.entries
        assert e.pulya == (2, 0, 0) and e.gora == (0, 2, 0)
        assert e.whists[1][0] == 6 and e.whists[2][0] == 0
        assert [f.declarer_tricks for f in r.figures] == [8, 7, 7]
        assert r.settings["ruling_options"]["candidates"] == "best_somewhere"
    assert any("надо выбить козырь" in n.ru and "default" in n.en for n in r.notes)


def test_claim_conceding_enough_stands():
    # He concedes one trick (claims 7): it holds even with every guess wrong read literally
    # (best_somewhere), so 7-2-1 as above.
    r = rule_incident(dict(END, violation={"rule": "claim", "concede": 1, "candidates": "best_somewhere"}))
    assert r.entries.pulya == (2, 0, 0) and r.entries.whists[1][0] == 6
    # Conceding two (claims 6) binds him: 6-3-1 with the extra trick to the whister:
    # P0 = 2, seat 1 writes 2 x 4 = 8, defence 4 = Q: no shortfall.
    r = rule_incident(dict(END, violation={"rule": "claim", "concede": 2}))
    e = r.entries
    assert e.pulya == (2, 0, 0) and e.gora == (0, 0, 0) and e.whists[1][0] == 8


def test_undominated_reading_finds_no_guess():
    # The lenient setting (candidates undominated): the heart leads are no guess — never
    # better than ♠A and worse in 6 layouts: the claim holds, 8-1-1: P0 = 2, seat 1 writes
    # 2 x 2 = 4, defence 2 < 4: two short, gora 4.
    for violation in ({"rule": "claim", "concede": 0, "candidates": "undominated"},):
        r = rule_incident(dict(END, violation=violation))
        e = r.entries
        assert e.pulya == (2, 0, 0) and e.gora == (0, 4, 0) and e.whists[1][0] == 4
        assert [f.declarer_tricks for f in r.figures] == [8, 8, 7]
    assert not any("a blunder" in n.en for n in r.notes)   # no decision of the line was a guess
    assert any("Every one of the 20 layouts was solved" in n.en for n in r.notes)


def test_rule_1_6_2_full_deal_example():
    # 7♥ by seat 1, both whist; at trick 7 he opens ♣J10 ♦Q ♥A with the ♥J out (2-4-0 so far).
    # ♥A first: 7 (2-7-1), best in all 70 layouts. The ♦Q first (best in 4 of 70) lets the
    # ♥J ruff in the others: 2-5-3. A trump still to draw — the rule's own example: by
    # default (best_somewhere) the ♦Q is a guess and he is deemed to have got it wrong: two
    # down: G1 = 2 x 4 = 8; consolation 8 from each defender; whists 4 x 2 = 8 (seat 0) and
    # 4 x 3 = 12 (seat 2): seat 0 writes 16, seat 2 writes 20.
    inc = json.loads((EX / "rule_1_6_2_trump_still_out.json").read_text())
    # The lenient setting (undominated): the ♦Q is never better than ♥A and sometimes worse,
    # so no guess — he is credited with drawing the trump: 7, made (P1 = 4; whists 4 x 2 = 8
    # from seat 0, 4 x 1 = 4 from seat 2).
    inc["violation"]["candidates"] = "undominated"
    r = rule_incident(inc)
    e = r.entries
    assert e.pulya == (0, 4, 0) and e.gora == (0, 0, 0)
    assert e.whists[0][1] == 8 and e.whists[2][1] == 4
    assert [f.declarer_tricks for f in r.figures] == [7, 7, 5]
    del inc["violation"]["candidates"]
    r = rule_incident(inc)
    e = r.entries
    assert e.gora == (0, 8, 0) and e.pulya == (0, 0, 0)
    assert e.whists[0][1] == 16 and e.whists[2][1] == 20
    assert [f.declarer_tricks for f in r.figures] == [7, 5, 5]
    assert any("Q♦ best in 4, A♥ best in 70 (of 70 layouts)" in n.en for n in r.notes)


def test_rule_1_6_2_literal_reading_on_the_holding_claim():
    # At trick 8 (♣J10 ♦Q, trumps drawn) there is nothing to guess: 7 (made, P1 = 4; whists
    # 4 x 2 = 8 from seat 0, 4 x 1 = 4 from seat 2). Read literally, the ♦Q led first costs
    # two tricks: 2-5-3 as above.
    inc = json.loads((EX / "claim_holds.json").read_text())
    inc["violation"] = {"rule": "1.6.2", "offender": 1, "move": 21}
    e = rule_incident(inc).entries
    assert e.pulya == (0, 4, 0) and e.whists[0][1] == 8 and e.whists[2][1] == 4
    inc["violation"]["reading"] = "worst_legal_move"
    e = rule_incident(inc).entries
    assert e.gora == (0, 8, 0) and e.whists[0][1] == 16 and e.whists[2][1] == 20


def test_bad_claim_fields_are_named():
    with pytest.raises(IncidentError, match="violation.concede"):
        rule_incident(dict(END, violation={"rule": "claim", "concede": 4}))
    with pytest.raises(IncidentError, match="violation.reading"):
        rule_incident(dict(END, violation={"rule": "claim", "reading": "strict"}))
    with pytest.raises(IncidentError, match="violation.offender"):
        rule_incident(dict(END, violation={"rule": "1.6.2", "offender": 1}))
    with pytest.raises(IncidentError, match="violation.defence_tricks"):
        rule_incident(dict(END, decisions={"1": "whist", "2": "whist"},
                           violation={"rule": "claim", "concede": 2}))


def test_worst_guess_tricks_hook_for_rule_001():
    # The trump-coup ending of tests/solver/imperfect/test_claims_search.py: 1 trick of the 2 left with the
    # wrong guess (double dummy 2).
    pos = Position([["Ah", "8h"], ["9h", "7s"], ["8c"]], "8h", declarer=0, leader=2,
                   trick=[(2, "7c")], taken=(7, 0, 1))
    assert worst_guess_tricks(Engine(reuse_table=True), pos) == 1
