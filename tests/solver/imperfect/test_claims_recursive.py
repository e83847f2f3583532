"""Rule 1.6.2's "every guess wrong": the worst final result over every sequence of candidate
choices (the default), against the greedy reading (the worst candidate now, then on).

6NT by seat 0, 2-2-1 taken, the declarer on lead, closed defence:
    0: 10♠ A♦ 7♦ Q♣ A♥    1: K♣ K♠ J♥ K♥ 8♦    2: 7♣ 9♥ K♦ 10♣ 9♣
Read literally (``candidates = best_somewhere``: best in some layout he could believe in) the
candidates at the first lead are 10♠ Q♣ 7♦ A♦ A♥; with the default (undominated) only the
aces are, as each is best in all 252 layouts and the others are worse in some (5 tricks).
On the real layout 7♦ is the worst of them: it gives up the diamond (7♦ 8♦ K♦) and the
declarer ends with 4 — greedy stops there, nothing is left to guess.
Every sequence: 10♠ (worth 5 double dummy) loses to K♠; seat 1 cashes K♣ (Q♣ falls last),
leads J♥ to the A♥, and at 2 cards the declarer (A♦ 7♦ against K♥ 8♦ | K♦ 10♣) must guess:
A♦ drops the K♦ (2 more), 7♦ loses to it and 10♣ takes the last (none). 7♦ is a candidate
(right if seat 1 held K♦ x), so it is made for him: 3 in all, worse than greedy's 4.
"""
import pytest

from compensation.rulings import rule_incident
from solver import Position
from solver import reference as ref
from solver.engine import Engine
from solver.imperfect import InfoSet, worst_guess_play

HANDS = [["Ts", "Ad", "7d", "Qc", "Ah"], ["Kc", "Ks", "Jh", "Kh", "8d"], ["7c", "9h", "Kd", "Tc", "9c"]]


@pytest.fixture(scope="module")
def engine():
    return Engine(reuse_table=True)


def start():
    return Position(HANDS, "6nt", 0, 0, taken=[2, 2, 1])


def test_every_sequence_is_worse_than_greedy_here(engine):
    info = InfoSet.from_position(start())
    every = worst_guess_play(info, engine, candidates="best_somewhere")
    greedy = worst_guess_play(info, engine, candidates="best_somewhere", guess="greedy")
    assert (every.declarer_tricks, every.guess) == (3, "every_sequence")
    assert (greedy.declarer_tricks, greedy.guess) == (4, "greedy")
    assert str(greedy.line[0]) == "7d"
    assert [str(d.played) for d in every.decisions if d.guess] == ["Ts", "7d"]
    # undominated (the lenient setting): the aces are never worse, the rest worse somewhere: 5 both ways
    assert worst_guess_play(info, engine, candidates="undominated").declarer_tricks == 5
    assert worst_guess_play(info, engine, candidates="undominated", guess="greedy").declarer_tricks == 5
    # best_somewhere is 1.6.2's default
    assert worst_guess_play(info, engine).declarer_tricks == 3


def test_the_figures_by_the_reference_search():
    vals = {str(c): v for c, v in ref.card_values(start()).items()}
    assert vals["7d"] == 2 and vals["Ts"] == 3          # + 2 taken: 4 and 5 in the deal
    late = Position([["Ad", "7d"], ["Kh", "8d"], ["Kd", "Tc"]], "6nt", 0, 0, taken=[3, 5, 0])
    assert {str(c): v for c, v in ref.card_values(late).items()} == {"Ad": 2, "7d": 0}


def test_rule_162_names_the_reading_and_greedy_is_a_setting():
    inc = {"deal": {"hands": HANDS}, "taken": [2, 2, 1], "contract": "6nt", "declarer": 0,
           "decisions": {"1": "whist", "2": "whist"}, "first_leader": 0, "violation": {"rule": "1.6.2", "offender": 0, "candidates": "best_somewhere"}}
    every = rule_incident(inc)
    greedy = rule_incident(dict(inc, options={"guess": "greedy"}))
    assert [f.declarer_tricks for f in every.figures if f.source == "worst guess"][:1] == [3]
    assert [f.declarer_tricks for f in greedy.figures if f.source == "worst guess"][:1] == [4]
    assert greedy.settings["ruling_options"]["guess"] == "greedy"
