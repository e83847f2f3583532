"""Positions: validation with named errors, legal play, tricks, play/undo, replay."""
import pytest

from solver import Card, IllegalMoveError, Position, PositionError, position_from_json, trick_winner

C = Card.parse


def pos3(h0, h1, h2, contract="s", declarer=0, leader=0, **kw):
    return Position([h0.split(), h1.split(), h2.split()], contract, declarer, leader, **kw)


def test_follow_suit_then_must_trump():
    # seat 1 is void in hearts and holds a spade (trump): he must trump, not discard
    p = pos3("Ah 7d", "Ks Kd", "8h 9d", contract="s", leader=0)
    p.play("Ah")
    assert [str(c) for c in p.legal_moves()] == ["Ks"]
    with pytest.raises(IllegalMoveError, match="must play a trump"):
        p.play("Kd")
    # no trump in no-trump: any card when void
    q = pos3("Ah 7d", "Ks Kd", "8h 9d", contract="nt", leader=0)
    q.play("Ah")
    assert {str(c) for c in q.legal_moves()} == {"Ks", "Kd"}


def test_no_duty_to_overtrump():
    p = pos3("Ah 7d", "8s 9d", "Ks 9s", contract="s", leader=0)
    p.play("Ah")
    p.play("8s")
    assert {str(c) for c in p.legal_moves()} == {"Ks", "9s"}  # may under-ruff


def test_trick_winner():
    assert trick_winner([(0, C("Ah")), (1, C("7s")), (2, C("Kh"))], trump=0) == 1
    assert trick_winner([(0, C("Ah")), (1, C("7s")), (2, C("Kh"))], trump=None) == 0
    assert trick_winner([(2, C("9d")), (0, C("Td")), (1, C("Ad"))], trump=3) == 1
    assert trick_winner([(1, C("9d")), (2, C("8s")), (0, C("9s"))], trump=0) == 0


def test_play_undo_restores():
    p = pos3("Ah 7d", "8s 9d", "Ks 9s", contract="s")
    before = (list(p.hands), p.leader, list(p.taken))
    for c in ["Ah", "8s", "9s"]:
        p.play(c)
    # seat 1 ruffs with the 8, seat 2 over-ruffs with the 9 and wins
    assert p.taken == [0, 0, 1] and p.leader == 2 and not p.trick
    for _ in range(3):
        p.undo()
    assert (p.hands, p.leader, p.taken) == before


@pytest.mark.parametrize("rec,msg", [
    ({"hands": [["As"], ["As"], ["Ks"]], "contract": "s", "declarer": 0, "leader": 0}, "duplicate card As"),
    ({"hands": [["As"], ["Qs"], ["Xs"]], "contract": "s", "declarer": 0, "leader": 0}, "hands[2]: not a card: 'Xs'"),
    ({"hands": [["As", "Ks"], ["Qs"], ["Js"]], "contract": "s", "declarer": 0, "leader": 0}, "hand sizes"),
    ({"hands": [["As"], ["Qs"], ["Js"]], "contract": "7z", "declarer": 0, "leader": 0}, "unknown contract"),
    ({"hands": [["As"], ["Qs"], ["Js"]], "contract": "5s", "declarer": 0, "leader": 0}, "6..10"),
    ({"hands": [["As"], ["Qs"], ["Js"]], "contract": "", "declarer": 0, "leader": 0}, "contract: empty"),
    ({"hands": [["As"], ["Qs"], ["Js"]], "contract": None, "declarer": 0, "leader": 0}, "unknown contract"),
    ({"hands": [["As"], ["Qs"], ["Js"]], "contract": "s", "declarer": 3, "leader": 0}, "declarer"),
    ({"hands": [["As"], ["Qs"], ["Js"]], "contract": "s", "declarer": 0}, "leader"),
    # the talon is the declarer's (seat 0): a talon card in a defender's hand cannot be; the
    # discard is out of play, so a card both discarded and held is a duplicate
    ({"hands": [["As"], ["Qs"], ["Js"]], "contract": "s", "declarer": 0, "leader": 0, "talon": ["Qs"]},
     "talon: talon card Qs is in hands[1], a defender's hand"),
    ({"hands": [["As"], ["Qs"], ["Js"]], "contract": "s", "declarer": 0, "leader": 0, "discard": ["As"]}, "duplicate card As"),
    ({"hands": [["As"], ["Qs"], ["Js"]], "contract": "s", "declarer": 0, "leader": 0, "discard": ["Ks", "Ks"]},
     "discard: duplicate card Ks"),
    ({"hands": [["As"], ["Qs"]], "contract": "s", "declarer": 0, "leader": 0}, "three hands"),
    # a trick in progress: seat 1 played a heart while still holding a spade that was led
    ({"hands": [["As", "Kd"], ["Qs"], ["Js", "Td"]], "contract": "nt", "declarer": 0, "to_move": 2,
      "trick": [[0, "9s"], [1, "7h"]]}, "hand sizes"),
    ({"hands": [["Ks"], ["Qs"], ["Js", "Td"]], "contract": "nt", "declarer": 0, "to_move": 2,
      "trick": [[0, "9s"], [1, "7h"]]}, "must follow suit"),
    ({"hands": [["Ks"], ["Qs"], ["Js", "Td"]], "contract": "nt", "declarer": 0, "to_move": 1,
      "trick": [[0, "9s"], [1, "7h"]]}, "to_move"),
])
def test_validation_names_the_problem(rec, msg):
    with pytest.raises(PositionError) as e:
        position_from_json(rec)
    assert msg in str(e.value)


def test_more_than_32_cards_impossible():
    # 33 distinct cards cannot exist: the 33rd is always a duplicate
    hands = [["7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As", "7c", "8c"],
             ["9c", "Tc", "Jc", "Qc", "Kc", "Ac", "7d", "8d", "9d", "Td"],
             ["Jd", "Qd", "Kd", "Ad", "7h", "8h", "9h", "Th", "Jh", "Qh"]]
    with pytest.raises(PositionError, match="duplicate card 7s"):
        position_from_json({"hands": hands, "contract": "s", "declarer": 0, "leader": 0,
                            "discard": ["Kh", "7s"]})
    with pytest.raises(PositionError, match="talon: two cards at most, got 3"):
        position_from_json({"hands": hands, "contract": "s", "declarer": 0, "leader": 0,
                            "talon": ["Kh", "Ah", "7s"]})


# a full deal: the declarer (seat 0) plays from his ten after the discard ♣K ♣A
FULL = [["7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As", "7h", "8h"],
        ["9h", "Th", "Jh", "Qh", "Kh", "Ah", "7d", "8d", "9d", "Td"],
        ["Jd", "Qd", "Kd", "Ad", "7c", "8c", "9c", "Tc", "Jc", "Qc"]]


@pytest.mark.parametrize("contract", ["6s", "misere"])
@pytest.mark.parametrize("talon", [["Kc", "Ac"], ["Ac", "Kc"], ["As", "Kc"], ["7h", "8h"]])
def test_the_talon_is_kept_or_discarded_in_every_contract(contract, talon):
    # He took the talon and discarded ♣K ♣A: the very two he picked up (the talon is the
    # discard), one of them (♠A kept), or neither (♥7 ♥8 kept). Out of play either way:
    # the discard, nothing else; the solver's record and the Deal agree.
    from solver import Deal

    rec = {"hands": FULL, "contract": contract, "declarer": 0, "leader": 0, "talon": talon, "discard": ["Kc", "Ac"]}
    pos = position_from_json(rec)
    assert pos.out == Card.parse("Kc").mask | Card.parse("Ac").mask
    deal = Deal(FULL, contract, 0, 0, talon, ["Kc", "Ac"])
    assert deal.start() == pos and position_from_json(deal.to_json()) == pos


def test_a_talon_card_on_the_table_is_no_defenders():
    # seat 0 (declarer) kept the talon's ♠A and has led it: on the table, not out of play
    rec = {"hands": [["Ks"], ["Qs", "7d"], ["Js", "8d"]], "contract": "s", "declarer": 0, "to_move": 1,
           "trick": [[0, "As"]], "taken": [5, 2, 1], "talon": ["As", "7h"], "discard": ["7h", "8h"]}
    assert position_from_json(rec).out == Card.parse("7h").mask | Card.parse("8h").mask
    with pytest.raises(PositionError, match=r"talon: talon card Qs is in hands\[1\]"):
        position_from_json(dict(rec, talon=["Qs", "7h"]))


def test_replay_names_first_illegal_move():
    rec = {"hands": [["Ah", "7d"], ["Ks", "Kd"], ["8h", "9d"]], "contract": "s", "declarer": 0,
           "leader": 0, "history": ["Ah", "Kd"]}
    with pytest.raises(IllegalMoveError) as e:
        position_from_json(rec)
    s = str(e.value)
    assert "history[1]" in s and "trick 1" in s and "seat 1" in s and "Kd" in s and "trump" in s


def test_replay_card_not_held():
    rec = {"hands": [["Ah", "7d"], ["Ks", "Kd"], ["8h", "9d"]], "contract": "s", "declarer": 0,
           "leader": 0, "history": ["Ah", "Ks", "8h", "7d"]}
    with pytest.raises(IllegalMoveError, match=r"history\[3\].*trick 2, seat 1.*does not hold 7d"):
        position_from_json(rec)


def test_history_builds_position():
    rec = {"hands": [["Ah", "7d"], ["Ks", "Kd"], ["8h", "9d"]], "contract": "s", "declarer": 0,
           "leader": 0, "history": ["Ah", "Ks", "8h", "Kd"]}
    p = position_from_json(rec)
    assert p.taken == [0, 1, 0] and p.to_move == 2 and [str(c) for _, c in p.trick] == ["Kd"]


def test_contract_parsing():
    from solver import Contract, Strain

    assert Contract.parse("7h").level == 7 and Contract.parse("7h").strain is Strain.HEARTS
    assert Contract.parse("10nt").level == 10 and Contract.parse("6♠").strain is Strain.SPADES
    assert Contract.parse("мизер").strain is Strain.MISERE
    assert Contract.parse("8б").strain is Strain.DIAMONDS
    for text, want in [("S", "s"), ("NT", "nt"), ("Misere", "misere"), ("7 hearts", "7h"), ("6 spades", "6s"),
                       ("8пики", "8s"), ("10 no trump", "10nt"), ("7♥", "7h"), ("6 бк", "6nt")]:
        assert str(Contract.parse(text)) == want, text
