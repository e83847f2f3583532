"""The reference search on endings worked out by hand, and on the small reference deals."""
import pytest

from solver import Position, position_from_json
from solver import reference as ref
from solver.constraints import Constraints, LeadRestriction, PenaltyCard


def pos(h0, h1, h2, contract, declarer, leader):
    return Position([h0.split(), h1.split(), h2.split()], contract, declarer, leader)


def test_two_top_trumps():
    # Declarer (0) holds A K of trumps; nobody can beat them: 2 tricks.
    assert ref.solve(pos("As Ks", "Qs Js", "Ts 9s", "s", 0, 0)) == 2


def test_finesse_position():
    # No-trump, declarer 0 holds A Q of hearts. Seat 1 holds K 7, seat 2 holds 9 8.
    # Declarer on lead: the ace wins, then the queen loses to the king -> 1 trick.
    assert ref.solve(pos("Ah Qh", "Kh 7h", "9h 8h", "nt", 0, 0)) == 1
    # Seat 1 on lead (order 1, 2, 0): the king sits *after* the declarer? No: seat 2 plays
    # second and seat 0 last. Put the king with seat 2: seat 1 leads low, seat 2 must play
    # before the declarer; K or 7, declarer wins with the card just above -> 2 tricks.
    assert ref.solve(pos("Ah Qh", "9h 8h", "Kh 7h", "nt", 0, 1)) == 2


def test_ruff_beats_ace():
    # Hearts trump. Declarer 0 void in clubs with one trump; defender 1 leads the club ace:
    # declarer must trump (void, holds a trump) and wins; then he leads 7d and seat 2's Ad wins.
    assert ref.solve(pos("7h 7d", "Ac Kc", "Qc Ad", "h", 0, 1)) == 1


def test_misere_forced_trick():
    # Misère, declarer 0 holds the ace of spades alone in the suit, defenders hold the rest
    # of spades; the declarer leads (leader 0): whatever he leads, with only As and 7d and the
    # defenders holding higher diamonds, he exits with 7d (a defender must win with 8d/9d? no:
    # defenders hold 8d... ) — he exits 7d under 8d, then the defender leads a spade to As: 1 trick.
    assert ref.solve(pos("As 7d", "Ks 8d", "Qs 9d", "misere", 0, 0)) == 1
    # If he holds 7s instead of the ace he takes nothing.
    assert ref.solve(pos("7s 7d", "Ks 8d", "Qs 9d", "misere", 0, 0)) == 0


def test_penalty_card_must_be_played():
    # No-trump, declarer 0 leads from A Q; seat 1 holds K 7.
    # Free play: seat 1 plays the 7 under the ace and the king beats the queen -> 1 trick.
    p = pos("As Qs", "Ks 7s", "8s 9s", "nt", 0, 0)
    assert ref.solve(p) == 1
    # With Ks exposed as a penalty card to be played at the first chance, it must fall on
    # the ace; the queen is then high -> 2 tricks.
    c = Constraints((PenaltyCard(1, "Ks", "first"),))
    assert ref.solve(p, c) == 2
    # If it only has to be played when its suit is led, the same: spades are led.
    assert ref.solve(p, Constraints((PenaltyCard(1, "Ks", "suit"),))) == 2


def test_lead_restriction():
    # Seat 1 (defender) to lead; holding a club winner and a losing spade.
    p = pos("As 7c", "7s Ac", "8s Kc", "nt", 0, 1)
    assert ref.solve(p) == 1  # defence cashes Ac, then declarer's As wins the spade
    must_spade = Constraints(lead=LeadRestriction(1, 0, True))
    assert ref.solve(p, must_spade) == 1  # As wins, then declarer leads 7c to Ac: 1
    forbid_clubs = Constraints(lead=LeadRestriction(1, 1, False))
    assert ref.solve(p, forbid_clubs) == 1


@pytest.mark.slow
def test_small_reference_deals(reference_deals):
    done = 0
    for r in reference_deals:
        if len(r["hands"][0]) <= 7:
            assert ref.solve(position_from_json(r)) == r["declarer_tricks"], r["id"]
            done += 1
    assert done == 2
