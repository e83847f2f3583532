"""Deals as dealt: validation, the start position, play from a history."""
import pytest

from solver import Deal, IllegalMoveError, PositionError

HANDS = [["As", "Ks", "Js", "Ad", "Jd", "9d", "8d", "Ac", "Jc", "Tc"],
         ["Qs", "Ts", "9s", "Kh", "Jh", "Th", "Kd", "Td", "Qc", "8c"],
         ["8s", "Ah", "Qh", "9h", "7h", "Qd", "7d", "Kc", "9c", "7c"]]


def test_full_deal_and_play():
    d = Deal(HANDS, "6s", declarer=0, discard=["7s", "8h"])
    assert d.start().to_move == 0 and str(d).startswith("6♠ by seat 0")
    p = d.after(["As", "Qs", "8s"])  # the ace wins the first trick
    assert p.taken == [1, 0, 0] and p.leader == 0


def test_missing_card_in_a_full_deal_is_named():
    with pytest.raises(PositionError, match="missing 8h"):
        Deal(HANDS, "6s", declarer=0, discard=["7s"])


def test_unequal_hands_and_duplicates():
    with pytest.raises(PositionError, match="equal hands"):
        Deal([HANDS[0], HANDS[1], HANDS[2][:9]], "6s", declarer=0)
    with pytest.raises(PositionError, match="duplicate card As"):
        Deal(HANDS, "6s", declarer=0, discard=["As", "8h"])


def test_illegal_history():
    d = Deal(HANDS, "6s", declarer=0, discard=["7s", "8h"])
    with pytest.raises(IllegalMoveError, match=r"history\[1\].*must follow suit"):
        d.after(["As", "Kh"])
