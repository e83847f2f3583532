"""Candidates, worst-guess play and the claim check on endings small enough to check by hand.

Each test writes out the hand analysis the expected values come from.
"""
import pytest

from solver import Card, Position, PositionError
from solver.engine import Engine
from solver.imperfect import InfoSet, candidate_moves, check_claim, infoset_from_json, literal_worst, worst_guess_play

C = Card.parse


@pytest.fixture(scope="module")
def engine():
    return Engine(reuse_table=True)


def test_finesse_or_drop_is_a_real_guess(engine):
    # 7NT by seat 0, two tricks left (6-1-1 so far). Seat 2 leads ♠7; seat 0 holds ♠A ♠J,
    # seat 1 plays after him. Unseen: ♠Q ♠8 ♦7; seat 1 holds 2 of them, seat 2 one:
    #   seat 2 ♠Q (seat 1 ♠8 ♦7): ♠J wins the finesse, then ♠A: 2.  ♠A first: J loses to Q: 1.
    #   seat 2 ♠8 (seat 1 ♠Q ♦7): ♠A drops the bare queen, ♠J good: 2. ♠J loses to Q: 1.
    #   seat 2 ♦7 (seat 1 ♠Q ♠8): either way the queen makes: 1 and 1 (both best).
    # So both cards are candidates, each best in 2 of the 3 layouts: a real guess. The
    # real layout is the first one: double dummy 6 + 2 = 8, the wrong guess (♠A) 6 + 1 = 7.
    pos = Position([["As", "Js"], ["8s", "7d"], ["Qs"]], "7nt", declarer=0, leader=2,
                   trick=[(2, "7s")], taken=(6, 1, 1))
    info = InfoSet.from_position(pos)
    assert info.count == 3
    dec = candidate_moves(info, engine)
    assert set(dec.candidates) == {C("As"), C("Js")}
    assert dec.best_in == {C("Js"): 2, C("As"): 2}
    assert dec.real_values == {C("Js"): 8, C("As"): 7}
    assert dec.guess
    check = check_claim(info, claimed=8, engine=engine)
    assert check.double_dummy == 8 and check.worst_guess == 7 and check.guess_needed
    assert check.verdict == "needs a guess"
    assert check.worst.line[0] == C("As")
    assert check.worst.tricks == (7, 1, 2)   # the ♠Q wins the last trick for seat 2
    assert check_claim(info, claimed=7, engine=engine).verdict == "holds"
    # Had seat 2 held the ♦7 (queen guarded with seat 1) there is nothing to guess: 7 both ways.
    pos2 = Position([["As", "Js"], ["Qs", "8s"], ["7d"]], "7nt", declarer=0, leader=2,
                    trick=[(2, "7s")], taken=(6, 1, 1))
    c2 = check_claim(InfoSet.from_position(pos2), engine=engine)
    assert (c2.double_dummy, c2.worst_guess, c2.guess_needed) == (7, 7, False)


def test_a_suit_that_plays_itself(engine):
    # 8♥ by seat 0 with 4 tricks to go (4-1-1), on lead with ♥AKQJ: the four top trumps.
    # Whatever he leads and whatever the layout, each card wins: 8 tricks in every line,
    # every card is best in every layout (C(8, 4) = 70), no decision is a guess.
    rec = {"hands": [["Ah", "Kh", "Qh", "Jh"], ["Th", "9h", "As", "Ks"], ["8h", "7h", "Ad", "Kd"]],
           "contract": "8h", "declarer": 0, "leader": 0, "taken": [4, 1, 1]}
    info = infoset_from_json(rec)
    assert info.count == 70
    dec = candidate_moves(info, engine)
    assert len(dec.candidates) == 4 and set(dec.best_in.values()) == {70}
    check = check_claim(info, claimed=8, engine=engine)
    assert (check.double_dummy, check.worst_guess, check.guess_needed) == (8, 8, False)
    assert check.verdict == "holds"
    assert not any(d.guess for d in check.worst.decisions)


def test_a_trump_to_draw_before_cashing(engine):
    # 6♠ by seat 0, three tricks to go (5-1-1), on lead with ♠A ♥A ♥K.
    # Real layout: seat 1 ♠7 ♦8 ♦7 (the last trump, and no heart), seat 2 ♥8 ♥7 ♦9.
    # ♠A first draws the ♠7 (it must follow), then ♥A ♥K: 3 tricks in every layout.
    # ♥A first loses when the ♠7 sits with a player void in hearts (he must trump it), and
    # the ♠7 holder's other two cards all diamonds: 3 layouts with seat 1 holding ♠7, 3 with
    # seat 2 -> 6 of the C(6, 3) = 20 layouts. Elsewhere he follows and ♠A draws it next.
    # So ♥A (and its equal ♥K) is best in 14 layouts, ♠A in all 20; on the real layout the
    # hearts give 5 + 2 = 7 (ruffed), the trump 5 + 3 = 8. So the hearts are never better
    # than the trump and worse in 6 layouts. By default (best_somewhere: 1.6.2 deems him
    # not to have guessed the layout, and a card best in some layout is a guess) the hearts
    # are candidates and the wrong guess gives 7; the lenient setting (undominated) calls
    # them dominated and the claim holds with 8.
    rec = {"hands": [["As", "Ah", "Kh"], ["7s", "8d", "7d"], ["8h", "7h", "9d"]],
           "contract": "6s", "declarer": 0, "leader": 0, "taken": [5, 1, 1]}
    info = infoset_from_json(rec)
    assert info.count == 20
    dec = candidate_moves(info, engine)
    assert dec.best_in == {C("As"): 20, C("Kh"): 14, C("Ah"): 14}
    assert dec.candidates == [C("As")]
    assert dec.dominated == {C("Ah"): C("As"), C("Kh"): C("As")}
    assert dec.real_values == {C("As"): 8, C("Kh"): 7, C("Ah"): 7}
    check = check_claim(info, claimed=8, engine=engine, candidates="undominated")
    assert (check.double_dummy, check.worst_guess) == (8, 8)
    assert check.verdict == "holds"
    literal = check_claim(info, claimed=8, engine=engine)
    assert (literal.double_dummy, literal.worst_guess) == (8, 7)
    assert literal.verdict == "needs a guess"
    # the literal mode (worst legal card, then double dummy) leads a heart
    assert check.literal.declarer_tricks == 7


def test_a_possible_trump_coup(engine):
    # 8♥ by seat 0, two tricks to go (7-0-1). Seat 2 leads ♣7; seat 0, void in clubs, must
    # trump with ♥A or ♥8; seat 1 plays after him. Unseen ♥9 ♠7 ♣8, seat 2 holds one:
    #   seat 2 ♥9 (seat 1 ♣8 ♠7): ♥8 wins (seat 1 follows), ♥A wins: 2. ♥A then ♥8 led:
    #     seat 2's ♥9 takes it: 1.                                  -> ♥8 best
    #   seat 2 ♣8 (seat 1 ♥9 ♠7): seat 1 has no club and must trump: ♥8 is overtrumped by ♥9
    #     (сюркуп), then ♥A: 1. ♥A first: seat 1's ♥9 falls under it, ♥8 is good: 2. -> ♥A
    #   seat 2 ♠7 (seat 1 ♥9 ♣8): like the first: ♥8 best (2 against 1).
    # Candidates ♥8 (2 layouts) and ♥A (1). The real layout is the second: the wrong guess
    # ♥8 gives 7 + 1 = 8; double dummy 7 + 2 = 9.
    pos = Position([["Ah", "8h"], ["9h", "7s"], ["8c"]], "8h", declarer=0, leader=2,
                   trick=[(2, "7c")], taken=(7, 0, 1))
    info = InfoSet.from_position(pos)
    dec = candidate_moves(info, engine)
    assert dec.best_in == {C("8h"): 2, C("Ah"): 1}
    check = check_claim(info, claimed=9, engine=engine)
    assert (check.double_dummy, check.worst_guess, check.guess_needed) == (9, 8, True)
    assert check.worst.line[:2] == [C("8h"), C("9h")]


def test_the_literal_reading_throws_away_aces(engine):
    # 8NT by seat 0, three tricks to go (5-1-1), on lead with ♥A ♥K ♠7. The defenders hold
    # ♠10 ♠9 ♠8 ♦9 ♦8 ♦7 (no heart), 3 each. Cashing the hearts first wins 2 in every
    # layout. Leading the ♠7 first loses it, and the defenders then lead spades or diamonds:
    # the declarer must throw his hearts under them: 0 tricks. So the only candidates are the
    # hearts (worst guess = double dummy = 7), while "worst legal move now, then double
    # dummy" leads the ♠7 and takes 5 + 0 = 5.
    rec = {"hands": [["Ah", "Kh", "7s"], ["Ts", "9d", "7d"], ["9s", "8s", "8d"]],
           "contract": "8nt", "declarer": 0, "leader": 0, "taken": [5, 1, 1]}
    info = infoset_from_json(rec)
    dec = candidate_moves(info, engine)
    assert set(dec.candidates) == {C("Ah"), C("Kh")}
    assert dec.best_in == {C("Ah"): 20, C("Kh"): 20, C("7s"): 0}
    assert dec.dominated == {C("7s"): C("Kh")}
    check = check_claim(info, engine=engine)
    assert (check.double_dummy, check.worst_guess) == (7, 7)
    lit = literal_worst(info.pos, engine)
    assert lit.declarer_tricks == 5 and lit.line == [C("7s")]


def test_open_defence_leaves_nothing_to_guess(engine):
    # The finesse position again, but the defence plays open (в светлую): the declarer sees
    # the queen, one layout, worst guess = double dummy.
    pos = Position([["As", "Js"], ["8s", "7d"], ["Qs"]], "7nt", declarer=0, leader=2,
                   trick=[(2, "7s")], taken=(6, 1, 1))
    check = check_claim(InfoSet.from_position(pos, open_defence=True), engine=engine)
    assert (check.double_dummy, check.worst_guess) == (8, 8)


def test_misere_worst_means_most_tricks(engine):
    # Misère by seat 0 (taken 0-4-4), two tricks to go. Seat 2 leads ♦9; seat 0 holds
    # ♦10 ♦7; seat 1 plays last. Unseen ♦J ♦8 ♠7, seat 2 holds one. The declarer wants none:
    #   A: seat 2 ♦J (seat 1 ♦8 ♠7): ♦7 ducks under the 9, then seat 2 leads ♦J over the 10:
    #      0. ♦10 beats 9 and 8: 1.                                          -> ♦7 best
    #   B: seat 2 ♦8 (seat 1 ♦J ♠7): seat 1 must play ♦J and wins either way, then leads ♠7
    #      and the declarer discards: 0 and 0.                                 -> both
    #   C: seat 2 ♠7 (seat 1 ♦J ♦8): after ♦7 seat 1 wins with ♦J and leads ♦8 under the
    #      declarer's 10: 1. After ♦10 seat 1 plays ♦8 under it: 1.            -> both
    # ♦7 is best in 3 layouts, ♦10 in 2; ♦10 is never better and worse in A: dominated, so
    # with undominated candidates (the lenient setting) nothing is left to guess (0 = 0).
    # By default (best_somewhere) the real layout is A: the wrong card (♦10) takes a trick:
    # worst 1.
    pos = Position([["Td", "7d"], ["8d", "7s"], ["Jd"]], "misere", declarer=0, leader=2,
                   trick=[(2, "9d")], taken=(0, 4, 4))
    info = InfoSet.from_position(pos)
    dec = candidate_moves(info, engine)
    assert dec.best_in == {C("7d"): 3, C("Td"): 2}
    assert dec.candidates == [C("7d")] and dec.dominated == {C("Td"): C("7d")}
    check = check_claim(info, claimed=0, engine=engine, candidates="undominated")
    assert (check.double_dummy, check.worst_guess, check.verdict) == (0, 0, "holds")
    literal = check_claim(info, claimed=0, engine=engine)
    assert literal.double_dummy == 0
    assert literal.worst_guess == 1
    assert literal.verdict == "needs a guess"


def test_a_sample_is_only_a_named_setting(engine):
    # Exact by default: every one of the 20 layouts. A sample is asked for by name; the same
    # seed gives the same layouts, the real one is always among them, and the result says so.
    rec = {"hands": [["As", "Ah", "Kh"], ["7s", "8d", "7d"], ["8h", "7h", "9d"]],
           "contract": "6s", "declarer": 0, "leader": 0, "taken": [5, 1, 1]}
    info = infoset_from_json(rec)
    exact = candidate_moves(info, engine)
    assert exact.layouts.method == "exact" and exact.covered == 20 and exact.exact
    a = candidate_moves(info, engine, sample=6, seed=11)
    b = candidate_moves(info, engine, sample=6, seed=11)
    assert list(a.layouts) == list(b.layouts) and info.real in list(a.layouts)
    j = a.to_json()
    assert j["method"] == "sample" and j["seed"] == 11 and j["layouts"] == 20 and j["used"] in (6, 7)
    # ♠A is best in every layout, so in every sampled one
    assert a.best_in[C("As")] == len(a.layouts)


def test_claim_input_errors(engine):
    pos = Position([["As", "Js"], ["8s", "7d"], ["Qs"]], "7nt", declarer=0, leader=2,
                   trick=[(2, "7s")], taken=(6, 1, 1))
    with pytest.raises(PositionError, match=r"claim: declarer's tricks must be 6\.\.8"):
        check_claim(InfoSet.from_position(pos), claimed=9, engine=engine)
    with pytest.raises(PositionError, match="guess"):
        worst_guess_play(InfoSet.from_position(pos), engine, guess="some")
    # candidates only where the declarer is to move
    p = Position([["As", "Js"], ["8s", "7d"], ["Qs", "9s"]], "7nt", declarer=0, leader=2, taken=(6, 1, 1))
    with pytest.raises(PositionError, match="not the declarer"):
        candidate_moves(InfoSet.from_position(p), engine)


def test_undominated_candidates_drop_the_forgotten_trump(engine):
    # The trump-to-draw ending again with candidates="undominated": ♥A / ♥K are never better
    # than ♠A (3 = 3 in 14 layouts) and worse in 6, so they are no guess; ♠A is alone and
    # the claim needs no guess (8 = 8). The finesse-or-drop guess survives: ♠J beats ♠A in
    # one layout, ♠A beats ♠J in another, neither dominates.
    rec = {"hands": [["As", "Ah", "Kh"], ["7s", "8d", "7d"], ["8h", "7h", "9d"]],
           "contract": "6s", "declarer": 0, "leader": 0, "taken": [5, 1, 1]}
    info = infoset_from_json(rec)
    assert candidate_moves(info, engine, candidates="undominated").candidates == [C("As")]
    check = check_claim(info, engine=engine, candidates="undominated")
    assert (check.double_dummy, check.worst_guess) == (8, 8)
    pos = Position([["As", "Js"], ["8s", "7d"], ["Qs"]], "7nt", declarer=0, leader=2,
                   trick=[(2, "7s")], taken=(6, 1, 1))
    dec = candidate_moves(InfoSet.from_position(pos), engine, candidates="undominated")
    assert set(dec.candidates) == {C("As"), C("Js")}


def test_a_trump_still_to_draw_is_a_guess_by_default():
    """Rule 1.6.2's own example, «надо выбить козырь», in its simplest form: ♠A ♦A ♦K against
    one outstanding ♠7, 3 cards each, closed, spades trumps, 4 tricks taken.
    By hand: the 6 unseen cards (♠7 ♥7 ♥8 ♦7 ♦8 ♣7) split 3-3: C(6,3) = 20 layouts. ♠A
    first draws the trump and the diamonds stand: 3 tricks, 7 in all, in every layout. ♦A
    (or ♦K) first is as good wherever the ♠7's holder has a diamond — 20 less the 2·C(3,2)
    = 6 layouts where his other two cards are hearts and the club — and one trick worse in
    those 6 (he ruffs). So the diamond is best in 14 layouts and never better than ♠A:
    best_somewhere (the default: he is deemed not to have guessed the layout) makes it a
    guess — 6 with every guess wrong, here as on the real layout; undominated does not — 7."""
    pos = Position([["As", "Ad", "Kd"], ["7s", "7h", "8h"], ["7d", "8d", "7c"]], "s", 0, 0, taken=[4, 2, 1])
    info = InfoSet.from_position(pos)
    assert info.count == 20
    check = check_claim(info, claimed=7)
    assert (check.double_dummy, check.worst_guess, check.verdict) == (7, 6, "needs a guess")
    assert check.worst.candidates == "best_somewhere"
    lenient = check_claim(info, claimed=7, candidates="undominated")
    assert (lenient.double_dummy, lenient.worst_guess, lenient.verdict) == (7, 7, "holds")
    counted = candidate_moves(info, candidates="best_somewhere", counts=True)
    assert {str(c): n for c, n in counted.best_in.items()} == {"As": 20, "Ad": 14, "Kd": 14}
    assert {str(c) for c in candidate_moves(info, candidates="undominated").candidates} == {"As"}
