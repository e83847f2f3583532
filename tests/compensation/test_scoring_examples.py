"""Worked examples from scoring.md and the rule texts, one test each, source named."""
from fractions import Fraction

from compensation.conventions import LENINGRAD, SOCHI
from compensation.outcome import score_game, score_raspasovka
from compensation.penalties import penalty
from compensation.settlement import balances
from compensation.sheet import Entries

Z = Entries.zero(3)


def test_settlement_equivalent_form():
    # scoring.md, Settlement: "Equivalently each other player writes 10·G_i/N whists on i."
    # G = (6, 3, 0): the gora form and the written-whists form give the same balances.
    gora = Z.add_gora(0, 6).add_gora(1, 3)
    written = Z
    for i, g in enumerate(gora.gora):
        for j in range(3):
            if j != i and g:
                written = written.add_whists(j, i, Fraction(10) * g / 3)
    assert balances(gora, SOCHI) == balances(written, SOCHI)
    # by hand: mean gora 3 -> W = 10 x (3 - G) = (-30, 0, 30)
    assert balances(gora, SOCHI) == (-30, 0, 30)


def test_leningrad_pulya_worth_two_gora():
    # scoring.md, Leningrad: "one pulya point is worth two of gora (20 whists at
    # settlement)": P0 = 1 settles as G0 = -2.
    assert balances(Z.add_pulya(0, 1), LENINGRAD) == balances(Z.add_gora(0, -2), LENINGRAD)
    assert balances(Z.add_pulya(0, 1), LENINGRAD)[0] == Fraction(40, 3)


def test_two_whisters_on_a_seven_answer_for_one_each():
    # scoring.md, Sochi: "Two whisters on 6 or 7: each answers for half the obligation
    # (2 on a six, 1 on a seven)". 7: seat 1 takes his 1, seat 2 none -> seat 2 writes p = 4.
    e = score_game(7, 0, {1: "whist", 2: "whist"}, (9, 1, 0), SOCHI)
    assert e.gora == (0, 0, 4)


def test_half_whist_writes_half_the_obligation():
    # scoring.md, Sochi: "Half-whist: P_decl += p; the half-whister writes p·Q/2": on a six
    # 2 x 4 / 2 = 4.
    e = score_game(6, 0, {1: "half-whist", 2: "pass"}, None, SOCHI)
    assert e.pulya == (2, 0, 0) and e.whists[1][0] == 4


def test_seed_000_rule_1_4_1_raspasovka_three_and_two_tricks():
    # seed 000, 1.4.1.1-1.4.1.2: gathering a wrong trick on raspasovka: first offender 3
    # tricks to gora, second 2. First raspasovka of a series (r = 1): 3 and 2.
    e = penalty("tricks", 0, SOCHI, tricks=3) + penalty("tricks", 1, SOCHI, tricks=2)
    assert e.gora == (3, 2, 0)


def test_seed_001_declarer_violation_gora_no_whists():
    # seed 001's note: a declarer who could have made it without the violation
    # "записывает «без одной», но висты на него не пишут": on an 8, G0 += 6 and nothing else.
    e = penalty("game", 0, SOCHI, "8s")
    assert e == Z.add_gora(0, 6)


def test_seed_001_defender_violation():
    # seed 001's note: a defender's violation: the contract counts as made, the offender
    # writes no whists and gets без одной (on висте) per violation, the partner writes his
    # whists. 7, both whist, seat 1 (3 tricks) offends, seat 2 took 1:
    # P0 = 4; seat 2 writes 4 x 1 = 4; G1 = 4.
    made_for_partner = score_game(7, 0, {1: "pass", 2: "whist"}, (9, 0, 1), SOCHI)
    e = Z.add_pulya(0, 4).add_whists(2, 0, 4) + penalty("whist", 1, SOCHI, "7s")
    assert made_for_partner.whists[2][0] == 4        # his whists for his one trick
    # W0 = -4 + 10 x (4 - 4/3) + 10/3 x 4 = -4 + 80/3 + 40/3 = 36
    # W1 = 10 x (-4/3) + 10/3 x (4 - 12) = -40/3 - 80/3 = -40
    # W2 = 4 - 40/3 + 40/3 = 4
    assert balances(e, SOCHI) == (36, -40, 4)


def test_raspasovka_progression_sochi():
    # scoring.md: "G_i += r·t_i, where r is the current step (1, 2, 3 …)"; "a player with
    # no trick gets P_i += r": second raspasovka (r = 2), tricks 0-3-7.
    e = score_raspasovka((0, 3, 7), 2, SOCHI)
    assert e.gora == (0, 6, 14) and e.pulya == (2, 0, 0)
