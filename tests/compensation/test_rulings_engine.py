"""Engine-backed rulings on small positions, each expected ruling derived by hand.

Conventions used throughout: Sochi, three players. Balances (whists) are
W_i = Σ w[i][j] − Σ w[j][i] + (10/3)(ΣG − 3·G_i) + 10·(P_i − P̄). Seats play 0 → 1 → 2.
Prices: 6 → 2, 7 → 4; obligation 6 → 4 (2 each with two whisters), 7 → 2 (1 each).
"""
from fractions import Fraction as F

import pytest

from compensation.rulings import rule_incident


def whists(r, i, j):
    return r.entries.whists[i][j]


# ---------------------------------------------------------------- positions
# T: 6NT by seat 0, defenders 1 and 2 both whist, 5-2-0 tricks already taken.
#   0: K♥ 7♥ 7♣    1: A♥ Q♥ A♣    2: 8♥ 9♣ 8♣
# If seat 1 leads, the declarer's K♥ always scores (he plays last to hearts): 1 trick.
# If seat 2 leads 8♥ the K♥ is caught between seat 2 and seat 1's A♥ Q♥: 0 tricks.
T = {"deal": {"hands": [["Kh", "7h", "7c"], ["Ah", "Qh", "Ac"], ["8h", "9c", "8c"]]}, "taken": [5, 2, 0],
     "contract": "6nt", "declarer": 0, "decisions": {"1": "whist", "2": "whist"}, "open": True}

# O: 6NT by 0, both whist, 5-1-1 taken; seat 1 leads K♣ and seat 2 overtakes with A♣.
#   0: Q♣ J♣ 7♥    1: K♣ 9♥ 8♥    2: A♣ 7♣ 10♥
# Seat 2 playing 7♣ under the K♣: the declarer's Q♣ J♣ lie under K♣ and A♣ and his 7♥ is
# the lowest heart: 0 tricks, final 5-2-3 (seat 1 leads hearts, seat 2's 10♥ wins, then A♣).
# Overtaking: K♣ A♣ J♣; seat 2 must lead 7♣ (Q♣ wins) or 10♥ then 7♣: 1 trick, final 6-1-3.
O = {"deal": {"hands": [["Qc", "Jc", "7h"], ["Kc", "9h", "8h"], ["Ac", "7c", "Th"]]}, "taken": [5, 1, 1],
     "contract": "6nt", "declarer": 0, "decisions": {"1": "whist", "2": "whist"}, "open": True,
     "first_leader": 1, "history": ["Kc", "Ac"]}

# C: 7NT by 0, both whist, 5-1-1 taken, seat 1 on lead.
#   0: A♥ Q♥ 7♠    1: 9♥ A♠ 8♠    2: K♥ 8♥ 7♣
# 9♥ (a single card below the queen) cuts through seat 2's K♥: the declarer wins Q♥, A♥
# (K♥ falls) — 2 tricks, final 7-2-1. Leading spades instead: seat 1 cashes A♠ 8♠, the
# declarer keeps A♥ for 1 trick, final 6-3-1.
C = {"deal": {"hands": [["Ah", "Qh", "7s"], ["9h", "As", "8s"], ["Kh", "8h", "7c"]]}, "taken": [5, 1, 1],
     "contract": "7nt", "declarer": 0, "decisions": {"1": "whist", "2": "whist"}, "open": True,
     "first_leader": 1, "history": ["9h"]}

# Q: 6NT by 0, both whist, 4-2-1 taken, the declarer on lead.
#   0: A♠ Q♠ 7♠    1: K♠ 10♥ 8♥    2: 10♠ 9♠ Q♥
# A♠ first drops the bare K♠, then Q♠ and 7♠ win: 3 tricks (7-2-1). Q♠ or 7♠ first loses
# to K♠, seat 1 leads a heart to seat 2's Q♥ and only A♠ is left: 1 trick (5-3-2).
Q = {"deal": {"hands": [["As", "Qs", "7s"], ["Ks", "Th", "8h"], ["Ts", "9s", "Qh"]]}, "taken": [4, 2, 1],
     "contract": "6nt", "declarer": 0, "decisions": {"1": "whist", "2": "whist"}, "first_leader": 0}

# R: 6NT by 0, 5-2-0 taken, seat 1 on lead.
#   0: A♥ Q♥ 7♠    1: K♥ A♠ 8♠    2: 9♥ 8♥ 7♣
# Seat 1 leading hearts (or seat 2 leading a heart so that K♥ must fall under A♥) gives the
# declarer both hearts: 7-3-0. Seat 1 cashing A♠ 8♠ first leaves the declarer only A♥: 6-4-0.
R = {"deal": {"hands": [["Ah", "Qh", "7s"], ["Kh", "As", "8s"], ["9h", "8h", "7c"]]}, "taken": [5, 2, 0],
     "contract": "6nt", "declarer": 0, "decisions": {"1": "whist", "2": "whist"}, "first_leader": 1}

# Balances of the declarer (seat 0) in R, both whisting, 6NT:
#  7-3-0: P0 = 2, w10 = 6, seat 2 short 1 of his 2 (seat 1's surplus 1 covers the other): G2 = 2
#         W0 = −6 + (10/3)(2) + 10(2 − 2/3) = 14
#  6-4-0: P0 = 2, w10 = 8 → W0 = −8 + 40/3 = 16/3
W_730, W_640 = F(14), F(16, 3)


def test_1322_lead_out_of_turn_open():
    # Seat 1 should lead; seat 2 leads 8♥ out of turn and it stands.
    # Correct: 6-4-0 made: P0 = 2, w10 = 8 → W0 = −8 + 10(2 − 2/3) = 16/3.
    # Fault: 5-5-0, one down: G0 = 2, w10 = 2 + 10, w20 = 2 → W0 = −14 + (10/3)(2 − 6) = −82/3.
    # Damage = 16/3 + 82/3 = 98/3, the declarer writes it on seat 2.
    r = rule_incident(dict(T, first_leader=1, history=["8h"],
                           violation={"rule": "1.3.2.2", "offender": 2, "move": 0, "correction": "none"}))
    assert whists(r, 0, 2) == F(98, 3)
    assert sum(sum(row) for row in r.entries.whists) == F(98, 3)
    assert [f.tricks for f in r.figures] == [(6, 4, 0), (5, 5, 0)]
    # the declarer's choices: letting 8♥ stand (5 tricks) or demanding hearts from seat 1,
    # whose heart lead lets K♥ score (6): the demand is best
    assert [(o.declarer_tricks, o.best) for o in r.options] == [(5, False), (6, True)]


def test_1322_agreed_lead_splits_between_both_defenders():
    r = rule_incident(dict(T, first_leader=1, history=["8h"],
                           violation={"rule": "1.3.2.2", "offender": 2, "move": 0, "agreed": True}))
    assert whists(r, 0, 1) == whists(r, 0, 2) == F(49, 3)


def test_1322_no_compensation_when_the_lead_helped_the_declarer():
    # Seat 2 should lead (8♥ would beat the declarer); seat 1 leads out of turn: the
    # declarer makes his K♥ — he gained, nothing is written.
    r = rule_incident(dict(T, first_leader=2, history=["Ac"],
                           violation={"rule": "1.3.2.2", "offender": 1, "move": 0}))
    assert not r.writes


def test_1423_is_read_as_1322():
    r = rule_incident(dict(T, first_leader=1, history=["8h"],
                           violation={"rule": "1.4.2.3", "offender": 2, "move": 0}))
    assert whists(r, 0, 2) == F(98, 3)


def test_72_overtake_lets_the_contract_through():
    # Victim seat 1. Correct 5-2-3, one down: G0 = 2, w10 = 2 + 4, w20 = 2 + 6
    #   W1 = 6 + (10/3)·2 = 38/3.
    # Fault 6-1-3, made: P0 = 2, w10 = 2, w20 = 6; defence 4 tricks, seat 2's surplus covers
    #   seat 1: no gora. W1 = 2 − 20/3 = −14/3. Damage 52/3, seat 1 writes it on seat 2.
    r = rule_incident(dict(O, violation={"rule": "7.2", "offender": 2, "move": 1}))
    assert whists(r, 1, 2) == F(52, 3)
    assert [f.tricks for f in r.figures] == [(5, 2, 3), (6, 1, 3)]


def test_72_with_four_at_the_table_the_dealer_is_a_victim_too():
    # «Пострадавшие записывают компенсацию»: every player the overtake left worse off, the
    # dealer (seat 3) too — he writes consolation on a failed contract and shares the
    # settlement (rulings.md, who the victims are). Sochi, N = 4, pulya worth 10.
    # Correct 5-2-3, one down: G0 = 2; consolation 2 from seats 1, 2 and 3; seat 1's 2
    # tricks, seat 2's 3, at 2 each: w10 = 6, w20 = 8, w30 = 2. Gora term (10/4)(ΣG − 4·G_i):
    # +5 for each of seats 1-3. W1 = 6 + 5 = 11, W3 = 2 + 5 = 7.
    # Fault 6-1-3, made: P0 = 2 (mean 1/2: −5 for every other player), w10 = 2, w20 = 6,
    # the dealer writes nothing: W1 = 2 − 5 = −3, W3 = −5.
    # Seat 1 writes 14 on seat 2; the dealer 12; the declarer gained, nothing.
    r = rule_incident(dict(O, scoring={"convention": "sochi", "set": {"players": 4}},
                           violation={"rule": "7.2", "offender": 2, "move": 1}))
    assert [(w.seat, w.on, w.amount) for w in r.writes if w.kind == "whists"] == [(1, 2, 14), (3, 2, 12)]
    assert [(f.balance_of, f.balance) for f in r.figures] == [(1, 11), (1, -3), (3, 7), (3, -5)]
    assert "Сдающий пишет 12 вистов на вистующего третьей руки" in r.to_text("ru")


def test_10_erroneous_move_same_damage():
    # The same move judged as an erroneous move: the defence's best card is 7♣ (0 tricks
    # for the declarer against 1 after A♣); same balances as 7.2.
    r = rule_incident(dict(O, violation={"rule": "10", "offender": 2, "move": 1}))
    assert whists(r, 1, 2) == F(52, 3)


def test_71_overtaker_takes_the_partners_gora():
    # 6-0-1 taken: after the overtake the declarer gets his Q♣, 7-0-3 whatever seat 1 does
    # (his 9♥ 8♥ never win): seat 1 falls short. 6NT made: P0 = 2, w20 = 2·3 = 6; defence 3
    # of 4: seat 1 has 0 of his 2, seat 2's surplus 1 covers one: seat 1 charged 1 trick =
    # 2 gora, moved to seat 2.
    r = rule_incident(dict(O, taken=[6, 0, 1], result={"tricks": [7, 0, 3]},
                           violation={"rule": "7.1", "offender": 2, "move": 1}))
    e = r.entries
    assert e.pulya == (2, 0, 0) and e.gora == (0, 0, 2)
    assert e.whists[2][0] == 6 and e.whists[1][0] == 0


def test_82_cut_through():
    # Victim seat 2. Correct (spade lead) 6-3-1, 7NT one down: G0 = 4, w10 = 4 + 12,
    #   w20 = 4 + 4 → W2 = 8 + (10/3)·4 = 64/3.
    # Fault 7-2-1 made: P0 = 4, w10 = 8, w20 = 4 → W2 = 4 − 40/3 = −28/3. Damage 92/3.
    r = rule_incident(dict(C, violation={"rule": "8.2", "offender": 1, "move": 0}))
    assert whists(r, 2, 1) == F(92, 3)


def test_81_cut_through_partner_excused():
    # 6NT, 5-2-0 taken, actual 7-3-0: P0 = 2, w10 = 6; seat 2 short 1 (2 gora), moved to seat 1.
    r = rule_incident(dict(C, contract="6nt", taken=[5, 2, 0], result={"tricks": [7, 3, 0]},
                           violation={"rule": "8.1", "offender": 1, "move": 0}))
    assert r.entries.gora == (0, 2, 0)
    assert r.entries.pulya == (2, 0, 0) and r.entries.whists[1][0] == 6


def test_8_requires_a_card_below_the_queen():
    from compensation.incident import IncidentError

    with pytest.raises(IncidentError) as e:
        rule_incident(dict(C, history=["As"], violation={"rule": "8.2", "offender": 1, "move": 0}))
    assert e.value.field == "violation.move"


def test_9_small_least_favourable_discard():
    # 6♠ by 0, seat 1 whists, seat 2 passes, 5-2-1 taken. Declarer: A♠ 7♦, discard 7♠ 8♦;
    # seat 1: K♠ Q♦, seat 2: Q♥ J♥. Keeping (A♠,7♠): 2 tricks; (A♠,7♦)/(A♠,8♦): 1;
    # any split without A♠: K♠ and Q♦ take both: 0 → worst 0, final 5-4-1 (6 splits).
    # Entries: без двух 2·2 = 4 gora; one down: G0 += 2, consolation 2 from each defender,
    # the lone whister 2·5 = 10 more → G0 = 6, w10 = 12, w20 = 2; no pulya.
    r = rule_incident({"deal": {"hands": [["As", "7d"], ["Ks", "Qd"], ["Qh", "Jh"]], "discard": ["7s", "8d"]},
                       "taken": [5, 2, 1], "contract": "6s", "declarer": 0,
                       "decisions": {"1": "whist", "2": "pass"}, "violation": {"rule": "9", "offender": 0}})
    e = r.entries
    assert e.gora == (6, 0, 0) and e.pulya == (0, 0, 0)
    assert e.whists[1][0] == 12 and e.whists[2][0] == 2
    assert sum(1 for o in r.options if o.best) == 1
    assert r.figures[0].tricks == (5, 4, 1)


def test_3_plans():
    # Position T with seat 2 on lead. Seat 2's plan "8♥" holds the declarer to 5 (5-5-0);
    # seat 1's plan "9♣" (played) gives him his K♥ (6-4-0).
    # Seat 2's balance: 5-5-0: G0 = 2, w20 = 2 → W2 = 2 + 20/3 = 26/3;
    #                   6-4-0: P0 = 2 → W2 = −20/3. Difference 46/3, written on seat 1.
    r = rule_incident(dict(T, first_leader=2, violation={
        "rule": "3", "plans": [{"seats": [2], "cards": ["8h"]}, {"seats": [1], "cards": ["9c"]}], "played": 1}))
    assert whists(r, 2, 1) == F(46, 3)
    assert sum(sum(row) for row in r.entries.whists) == F(46, 3)


def test_3_played_plan_was_better_nothing_written():
    r = rule_incident(dict(T, first_leader=2, violation={
        "rule": "3", "plans": [{"seats": [2], "cards": ["8h"]}, {"seats": [1], "cards": ["9c"]}], "played": 0}))
    assert not r.writes


def test_112_worst_first_lead():
    # Offender seat 2, victim seat 1. Proxy: the declarer's worst lead (Q♠ or 7♠) → 5-3-2, one
    # down: G0 = 2, w10 = 2 + 6, w20 = 2 + 4 → W1 = 8 + 20/3 = 44/3.
    # Actual 7-2-1 made: P0 = 2, w10 = 4, w20 = 2, seat 2 short 1 → G2 = 2;
    #   W1 = 4 + (10/3)(2) + 10(−2/3) = 4. Damage 32/3.
    # Plus 1.1.1's penalty: без одной на висте, 2 to seat 2's gora.
    r = rule_incident(dict(Q, result={"tricks": [7, 2, 1]}, violation={"rule": "1.1.2", "offender": 2}))
    e = r.entries
    assert e.whists[1][2] == F(32, 3)
    assert e.gora == (0, 0, 4) and e.pulya == (2, 0, 0)


def test_114_declarers_first_move_after_the_opening():
    # A first trick A♦ 7♦ 8♦ to the declarer, then as Q. Seat 1 whists, seat 2 (offender) passed.
    # Proxy 5-3-2, one down: G0 = 2, w10 = 2 + 2·5 = 12, w20 = 2 → W1 = 12 + 20/3 = 56/3.
    # Actual 7-2-1: P0 = 2, w10 = 2·3 = 6, seat 1 short 1 → G1 = 2;
    #   W1 = 6 + (10/3)(2 − 6) − 20/3 = −14. Damage 98/3. Penalty: 2 to seat 2's gora.
    r = rule_incident(dict(Q, deal={"hands": [["Ad", "As", "Qs", "7s"], ["7d", "Ks", "Th", "8h"],
                                              ["8d", "Ts", "9s", "Qh"]]}, taken=[3, 2, 1],
                           decisions={"1": "whist", "2": "pass"}, history=["Ad", "7d", "8d"],
                           result={"tricks": [7, 2, 1]}, violation={"rule": "1.1.4", "offender": 2, "move": 1}))
    assert r.entries.whists[1][2] == F(98, 3)
    assert r.entries.gora == (0, 2, 2)


# 6.1 (the discard seen) is in test_rulings_info.py: the reading compares the offender's
# decisions as made with the same resolved against him, both double dummy, never the
# recorded result (the old test here compared with it).


def test_121_declarer_chooses_the_first_lead():
    # Seat 1 whists, seat 2 passed and opened early. Options: free (6-4-0), spades (6-4-0),
    # hearts (7-3-0): best hearts, W0 = 14 with one whister too (7-3-0: w10 = 6, G1 = 2 → 14;
    # 6-4-0: w10 = 8 → 16/3). Within hearts seat 1's lead is forced (K♥, his only heart): as
    # made and resolved against him both 7-3-0 — the knowledge changed no decision, so no
    # compensation (the recorded 6-4-0 is not the comparison: docs/rulings.md, INFO rules).
    r = rule_incident(dict(R, decisions={"1": "whist", "2": "pass"}, result={"tricks": [6, 4, 0]},
                           violation={"rule": "1.2.1", "offender": 2}))
    best = [o for o in r.options if o.best]
    assert len(best) == 1 and best[0].declarer_tricks == 7 and best[0].value == W_730
    assert {o.value for o in r.options if not o.best} == {W_640}
    assert r.entries.whists[0][2] == 0
    assert any("No decision of the informed side to resolve against him" in n.en for n in r.notes)
    assert r.entries.gora == (0, 0, 2)


def test_122_second_lead_after_a_first_trick():
    r = rule_incident(dict(R, deal={"hands": [["7d", "Ah", "Qh", "7s"], ["Ad", "Kh", "As", "8s"],
                                              ["8d", "9h", "8h", "7c"]]}, taken=[5, 1, 0],
                           history=["Ad", "8d", "7d"], decisions={"1": "whist", "2": "pass"},
                           result={"tricks": [6, 4, 0]}, violation={"rule": "1.2.2", "offender": 2}))
    assert r.entries.gora == (0, 0, 4)  # без двух на игре: 2 × 2
    # the declarer's best choice for the second lead leaves seat 1 one card (as in 1.2.1):
    # nothing the knowledge could change, no compensation
    assert r.entries.whists[0][2] == 0


def test_23_exposed_defender_card_options():
    # Seat 2 exposes 8♥; the declarer may demand hearts from seat 1: 7-3-0 (W0 = 14) against
    # 6-4-0 (16/3) with no demand or a ban.
    r = rule_incident(dict(R, violation={"rule": "2.3", "offender": 2, "card": "8h"}))
    vals = {o.label.en.split(";")[0]: (o.declarer_tricks, o.value, o.best) for o in r.options}
    assert sorted(v[:2] for v in vals.values()) == [(6, W_640), (6, W_640), (7, W_730)]
    assert [o.best for o in r.options] == [False, True, False]
    assert not r.writes


def test_1321_lead_out_of_turn_closed():
    # Seat 2 leads 9♥ out of turn (seat 1 should lead). Accepting it forces K♥ under A♥:
    # 7-3-0; demanding hearts from seat 1: 7-3-0; seat 1 free or banned from hearts: 6-4-0.
    # Without the violation seat 1 cashes his spades: 6-4-0 (W0 = 16/3) — the declarer is
    # not damaged (14 > 16/3), nothing is written.
    r = rule_incident(dict(R, history=["9h"], violation={"rule": "1.3.2.1", "offender": 2, "move": 0, "card": "9h"}))
    assert [o.declarer_tricks for o in r.options] == [7, 6, 7, 6]
    assert not r.writes


def test_15_one_trick_compensation_when_the_contract_fails():
    # 7NT, seat 1 leads A♠ with 8♠ exposed. Actual 6-4-0, one down: G0 = 4, w10 = 4 + 16,
    # w20 = 4 → W0 = −24 − 80/3 = −152/3. One trick more (7-3-0, made): P0 = 4, w10 = 12 →
    # W0 = −12 + 80/3 = 44/3. Compensation 196/3 on seat 1; penalty 4 to seat 1's gora.
    r = rule_incident(dict(R, contract="7nt", history=["As"], result={"tricks": [6, 4, 0]},
                           violation={"rule": "1.5", "offender": 1, "move": 0, "cards": ["8s"]}))
    assert r.entries.whists[0][1] == F(196, 3)
    assert r.entries.gora == (4, 4, 0)


def test_22_declarer_exposed_card_is_a_constraint():
    r = rule_incident(dict(Q, violation={"rule": "2.2", "offender": 0, "card": "Qs"}))
    assert not r.writes and len(r.figures) == 2
    assert r.figures[1].declarer_tricks <= r.figures[0].declarer_tricks


def test_001_declarer_could_have_made_without_a_guess():
    # 6NT, 4-2-1 taken; the declarer holds A♠ K♠ Q♠ in no-trump: three sure tricks whatever
    # he guesses (double dummy and worst guess both 7): без одной only, 2 gora, no whists.
    r = rule_incident(dict(Q, deal={"hands": [["As", "Ks", "Qs"], ["7s", "Th", "8h"], ["Ts", "9s", "Qh"]]},
                           violation={"rule": "001", "offender": 0, "move": 0}))
    assert r.entries.gora == (2, 0, 0) and not any(any(row) for row in r.entries.whists)
    assert not any(r.entries.pulya)


def test_001_declarer_needed_a_guess():
    # Position Q: double dummy the declarer makes 7 (A♠ drops the bare K♠), but only by
    # guessing over his 20 layouts (K♠ 10♥ 8♥ 10♠ 9♠ Q♥ split 3-3). Rule 001 asks what
    # happens when he is deemed not to have guessed: by default (best_somewhere) Q♠ is a
    # guess (best in 4 of 20: where K♠ is guarded); made for him, K♠ wins, seat 1 leads 8♥
    # to seat 2's Q♥ and he must discard from A♠ 7♠ — another guess (7♠ best in 2 of the 2
    # layouts left, A♠ in 1): A♠ thrown, 10♠ wins the last: 0 more tricks, 4 in all. The
    # deal is scored one trick below that, 3 tricks: the double-dummy split 7-2-1 with the 4
    # tricks taken off the declarer given to seat 1 (the first whister): 3-6-1. 6NT three
    # down: G0 = 3·2 = 6; each defender 3·2 consolation plus 2 a trick: w10 = 6 + 12 = 18,
    # w20 = 6 + 2 = 8; no pulya. The ruling names both guesses.
    r = rule_incident(dict(Q, violation={"rule": "001", "offender": 0, "move": 0}))
    e = r.entries
    assert e.gora == (6, 0, 0) and e.pulya == (0, 0, 0)
    assert e.whists[1][0] == 18 and e.whists[2][0] == 8
    worst = next(f for f in r.figures if f.source == "worst guess")
    assert worst.declarer_tricks == 4
    guesses = [n for n in r.notes if n.ru.startswith("Взятка 8: угадывание")]
    assert len(guesses) == 1 and "Дп лучший в 4" in guesses[0].ru and "за играющего ходят Дп" in guesses[0].ru
    assert r.settings["ruling_options"]["candidates"] == "best_somewhere"
    # The lenient setting (undominated): Q♠ is never better than 7♠ and sometimes worse, so
    # not a guess; 7♠ made for him, K♠ wins, he takes 1 more trick, 5 in all. Scored 4
    # tricks: 4-5-1, two down: G0 = 2·2 = 4; w10 = 4 + 10 = 14, w20 = 4 + 2 = 6.
    r = rule_incident(dict(Q, violation={"rule": "001", "offender": 0, "move": 0, "candidates": "undominated"}))
    e = r.entries
    assert e.gora == (4, 0, 0) and e.pulya == (0, 0, 0)
    assert e.whists[1][0] == 14 and e.whists[2][0] == 6
    worst = next(f for f in r.figures if f.source == "worst guess")
    assert worst.declarer_tricks == 5
    guesses = [n for n in r.notes if n.ru.startswith("Взятка 8: угадывание")]
    assert len(guesses) == 1 and "Тп" in guesses[0].ru and "за играющего ходят 7п" in guesses[0].ru
    assert "(из 20)" in guesses[0].ru


def test_001_defender_violation():
    # The contract counts as made (P0 = 2); seat 2 writes no whists, 2 gora; seat 1 writes
    # his whists for 2 tricks: 4.
    r = rule_incident(dict(Q, result={"tricks": [7, 2, 1]}, violation={"rule": "001", "offender": 2}))
    e = r.entries
    assert e.pulya == (2, 0, 0) and e.gora == (0, 0, 2)
    assert e.whists[1][0] == 4 and e.whists[2][0] == 0


def test_002_6_pushed_into_a_dearer_contract():
    # 3-2-2 taken; the declarer named 6NT, was pushed to 7NT. Double dummy he takes all three:
    # 6-2-2. 6NT made: P0 = 2, w10 = w20 = 4 → W0 = −8 + 40/3 = 16/3. 7NT one down: G0 = 4,
    # w10 = w20 = 4 + 8 → W0 = −24 − 80/3 = −152/3. Loss 56, split between the two pushers.
    r = rule_incident(dict(Q, contract="7nt", taken=[3, 2, 2],
                           violation={"rule": "002.6", "offenders": [1, 2], "named": "6nt"}))
    assert r.entries.whists[0][1] == r.entries.whists[0][2] == 28


def test_002_72_average_of_both_trumps():
    # Spades: A♠ Q♠ 7♠ are all trumps: 6-2-2 made → P0 = 2, w10 = w20 = 4.
    # Hearts: after A♠ seat 1 ruffs the spades and seat 2's Q♥ wins the hearts: 4-3-3, two
    # down → G0 = 4, w10 = w20 = 2·2 + 2·3 = 10. Average: P0 = 1, G0 = 2, w10 = w20 = 7.
    r = rule_incident(dict(Q, contract="6s", taken=[3, 2, 2],
                           violation={"rule": "002.7.2", "trumps": ["s", "h"]}))
    e = r.entries
    assert e.pulya == (1, 0, 0) and e.gora == (2, 0, 0)
    assert e.whists[1][0] == 7 and e.whists[2][0] == 7


def test_resolve_against_offender_option():
    # With resolve=against_offender every admissible alternative is tried and the best for
    # the victim is taken; in O the only non-overtaking card is 7♣, so the same damage.
    r = rule_incident(dict(O, options={"resolve": "against_offender"},
                           violation={"rule": "7.2", "offender": 2, "move": 1}))
    assert whists(r, 1, 2) == F(52, 3)


def test_compare_actual_option():
    # 8.2 compared with a recorded actual result instead of double dummy after the fault:
    # actual 7-2-1 equals the double-dummy result, so the same 92/3.
    r = rule_incident(dict(C, result={"tricks": [7, 2, 1]}, options={"compare": "actual"},
                           violation={"rule": "8.2", "offender": 1, "move": 0}))
    assert whists(r, 2, 1) == F(92, 3)


def test_1322_corrected_by_demand_no_damage():
    # Seat 2 led 8♥ out of turn; the declarer demanded hearts from seat 1, whose heart lead
    # lets K♥ score (he plays last): 6-4-0 as with correct play — no damage.
    r = rule_incident(dict(T, first_leader=1, history=["Qh"],
                           violation={"rule": "1.3.2.2", "offender": 2, "move": 0, "card": "8h",
                                      "correction": "demand"}))
    assert not r.writes
    assert [f.tricks for f in r.figures] == [(6, 4, 0), (6, 4, 0)]


def test_1322_on_misere_runs_the_same_comparison():
    # Misère by seat 0 (7♥ 9♥), 0-4-4 taken. Whoever leads, the declarer ducks every trick:
    # 0 tricks both ways, no damage.
    r = rule_incident({"deal": {"hands": [["7h", "9h"], ["8h", "As"], ["Th", "Ks"]]}, "taken": [0, 4, 4],
                       "contract": "misere", "declarer": 0, "open": True, "first_leader": 1, "history": ["Th"],
                       "violation": {"rule": "1.3.2.2", "offender": 2, "move": 0}})
    assert not r.writes
    assert [f.declarer_tricks for f in r.figures] == [0, 0]


def test_72_with_four_at_the_table():
    # players=4: the dealer (seat 3) writes consolation too and the gora divisor is 4.
    # Correct 5-2-3: G0 = 2, w10 = 2 + 4 = 6 → W1 = 6 + (10/4)·2 = 11.
    # Fault 6-1-3: P0 = 2, w10 = 2 → W1 = 2 + 10(0 − 2/4) = −3. Damage 14.
    r = rule_incident(dict(O, violation={"rule": "7.2", "offender": 2, "move": 1}), {"overrides": {"players": 4}})
    assert r.entries.n == 4 and whists(r, 1, 2) == 14
