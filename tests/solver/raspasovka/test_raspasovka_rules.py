"""Raspasovka play rules: talon-led tricks, who leads, validation, and the solve command."""
import json
import pathlib
import subprocess
import sys

import pytest

from solver import Card
from solver.errors import IllegalMoveError
from solver.raspasovka import NOBODY, RaspasovkaError, RaspasovkaPosition, RaspasovkaRules
from solver.raspasovka.api import position_from_record

ROOT = pathlib.Path(__file__).parents[3]


def test_talon_trick_follow_suit_and_winner():
    # talon ♥10: seat 0 holds ♥7 so must play it; seat 1 no heart, may play anything;
    # seat 2 ♥8 beats ♥7: he takes trick 1. Then the second talon card ♠7 leads trick 2.
    pos = RaspasovkaPosition([["7h", "As"], ["Kc", "Ks"], ["8h", "Qs"]], ["Th", "7s"], done=0)
    assert pos.legal_moves() == [Card.parse("7h")]
    pos.play("7h")
    assert set(pos.legal_moves()) == {Card.parse("Kc"), Card.parse("Ks")}
    pos.play("Kc")
    assert pos.play("8h") == 2
    assert pos.taken == [0, 0, 1] and pos.to_move == 0 and pos.talon_card == Card.parse("7s")
    pos.play("As")
    pos.play("Ks")
    assert pos.play("Qs") == 0       # ♠A highest spade; the talon's ♠7 never wins
    pos.undo()
    assert pos.taken == [0, 0, 1] and pos.trick and pos.to_move == 2


def test_void_talon_trick_goes_to_nobody_by_default():
    pos = RaspasovkaPosition([["As"], ["Ks"], ["Qs"]], ["Th"], done=0)
    pos.play("As")
    pos.play("Ks")
    assert pos.play("Qs") == NOBODY and pos.taken == [0, 0, 0]
    pos = RaspasovkaPosition([["As"], ["Ks"], ["Qs"]], ["Th"], done=0,
                             rules=RaspasovkaRules(void_talon_trick="first_hand"))
    for c in ("As", "Ks"):
        pos.play(c)
    assert pos.play("Qs") == 0 and pos.taken == [1, 0, 0]


def test_talon_rules_count_tricks():
    r = RaspasovkaRules
    assert r("both").talon_tricks(2) == 2 and r("first").talon_tricks(2) == 1 and r("none").talon_tricks(2) == 0
    assert r("both").talon_tricks(0) == 0  # a talon not given cannot lead
    assert RaspasovkaRules.parse("оба").talon == "both"


def test_the_card_checks_shared_with_position_raise_the_raspasovka_error():
    """The checks a raspasovka position shares with a game's (solver.position's CardPlaces and
    check_hand_sizes) raise RaspasovkaError, the message as a game position words it."""
    with pytest.raises(RaspasovkaError, match=r"^hands\[1\]: not a 32-bit mask$"):
        RaspasovkaPosition([Card.parse("As").mask, 1 << 40, Card.parse("Ks").mask], done=9, leader=0)
    with pytest.raises(RaspasovkaError, match=r"^duplicate card As: in hands\[0\] and in trick\[0\]$"):
        RaspasovkaPosition([["As", "Qs"], ["Js", "9s"], ["Ks", "Ts"]], done=8, leader=0, trick=[[0, "As"]])
    # seat 0 led the 8s to trick 9: seat 1 to move holds one card, so seat 0 should hold none, not two
    with pytest.raises(RaspasovkaError, match=r"^hand sizes \[2, 1, 2\] cannot occur: with 1 card\(s\) on the table "
                                              r"and seat 1 to move holding 1, seat 0 should hold 0$"):
        RaspasovkaPosition([["As", "Qs"], ["Js"], ["Ks", "Ts"]], done=8, leader=0, trick=[[0, "8s"]])


def test_validation_names_the_field():
    with pytest.raises(RaspasovkaError, match="duplicate card As"):
        RaspasovkaPosition([["As"], ["As"], ["Qs"]], done=9, leader=0)
    with pytest.raises(RaspasovkaError, match="talon: at most two"):
        RaspasovkaPosition([["As"], ["Ks"], ["Qs"]], ["7h", "8h", "9h"], done=0)
    with pytest.raises(RaspasovkaError, match="led by the talon"):
        RaspasovkaPosition([["As"], ["Ks"], ["Qs"]], ["7h"], done=0, leader=1)
    with pytest.raises(RaspasovkaError, match="first hand"):
        RaspasovkaPosition([["As"], ["Ks"], ["Qs"]], ["7h", "8h"], done=2, leader=2)
    with pytest.raises(RaspasovkaError, match="tricks_done"):
        RaspasovkaPosition([["As", "7s"], ["Ks", "8s"], ["Qs", "9s"]], done=9, leader=0)
    with pytest.raises(RaspasovkaError, match="must follow suit"):
        # seat 2 played ♠Q on seat 1's ♥8 while still holding ♥9
        RaspasovkaPosition([["As", "7h"], ["Ks"], ["9h"]], done=8, trick=[(1, "8h"), (2, "Qs")])
    with pytest.raises(RaspasovkaError, match="talon_rule"):
        RaspasovkaRules.parse("three")
    pos = RaspasovkaPosition([["As", "7h"], ["Ks", "8h"], ["Qs", "9h"]], done=8, leader=0)
    pos.play("As")
    with pytest.raises(IllegalMoveError, match="follow suit"):
        pos.play("8h")


def test_record_with_history():
    rec = {"contract": "raspasovka", "player": 1, "hands": [["As", "7h"], ["Ks", "8h"], ["Qs", "9h"]],
           "talon": ["Td", "Tc"], "tricks_done": 0, "history": ["As", "Ks"]}
    pos = position_from_record(rec)
    # talon ♦10 leads trick 1, nobody has a diamond; seat 2 to move
    assert pos.to_move == 2 and pos.talon_card == Card.parse("Td")


def _cli(args, stdin=None):
    return subprocess.run([sys.executable, "-m", "prefdd", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


@pytest.mark.slow
def test_solve_command_dispatches_raspasovka():
    p = _cli(["solve", "--all-cards", "--line", str(ROOT / "examples" / "raspasovka_ending.json")])
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    # hand-checked in test_raspasovka_engine: seats 1 and 2 force one trick on seat 0
    assert out["player"] == 0 and out["player_tricks"] == 1 and out["player_total"] == 1
    assert set(out["card_values"]) == {"7s", "8h"} and len(out["line"]) == 6
    bad = '{"contract": "распасы", "hands": [["As"], ["Ks"], ["Qs"]], "tricks_done": 9, "leader": 0}\n'
    p = _cli(["solve"], stdin=bad)
    assert p.returncode == 2 and p.stderr.strip() == "prefdd solve: record 1: missing field 'player' (whose tricks are asked)"
