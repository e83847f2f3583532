"""Cards and hands: every notation parses and prints back."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver import ALL_CARDS, Card, CardError, Hand, Rank, Suit, parse_cards


@pytest.mark.parametrize("text,expected", [
    ("As", (Rank.ACE, Suit.SPADES)), ("Kd", (Rank.KING, Suit.DIAMONDS)), ("Th", (Rank.TEN, Suit.HEARTS)),
    ("10h", (Rank.TEN, Suit.HEARTS)), ("7c", (Rank.SEVEN, Suit.CLUBS)), ("A♠", (Rank.ACE, Suit.SPADES)),
    ("10♥", (Rank.TEN, Suit.HEARTS)), ("♦Q", (Rank.QUEEN, Suit.DIAMONDS)), ("J♣", (Rank.JACK, Suit.CLUBS)),
    # Russian: Т = туз (ace) as a rank, т = трефы (clubs) as a suit; position decides
    ("Тт", (Rank.ACE, Suit.CLUBS)), ("тт", (Rank.ACE, Suit.CLUBS)), ("ТТ", (Rank.ACE, Suit.CLUBS)),
    ("Тп", (Rank.ACE, Suit.SPADES)), ("10т", (Rank.TEN, Suit.CLUBS)), ("Кб", (Rank.KING, Suit.DIAMONDS)),
    ("Дч", (Rank.QUEEN, Suit.HEARTS)), ("Вт", (Rank.JACK, Suit.CLUBS)), ("7п", (Rank.SEVEN, Suit.SPADES)),
])
def test_parse(text, expected):
    c = Card.parse(text)
    assert (c.rank, c.suit) == expected


@pytest.mark.parametrize("bad", ["", "A", "Xs", "1h", "11s", "Az", "т", "As5", None, 31])
def test_bad_cards_are_named(bad):
    with pytest.raises(CardError) as e:
        Card.parse(bad)
    assert repr(bad) in str(e.value)


@given(st.sampled_from(ALL_CARDS))
def test_round_trips(card):
    assert Card.parse(str(card)) is card
    assert Card.parse(card.pretty()) is card
    assert Card.parse(card.russian()) is card


def test_all_32_distinct():
    assert len({str(c) for c in ALL_CARDS}) == 32
    assert [str(c) for c in parse_cards("7s 8s 9s Ts Js Qs Ks As")] == [str(c) for c in ALL_CARDS[:8]]


def test_suit_seniority_order():
    assert list(Suit) == [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS]
    assert "".join(s.symbol for s in Suit) == "♠♣♦♥"


def test_compact_hand():
    h = Hand(parse_cards("As Ks Js Ac Jc Tc Ad Jd 9d 8d"))
    assert h.compact() == "♠AKJ ♣AJ10 ♦AJ98 ♥—"
    assert Hand.parse("♠AKJ ♣AJ10 ♦AJ98 ♥—") == h
    assert len(h) == 10 and "As" in h and "Ah" not in h


@given(st.integers(0, 0xFFFFFFFF))
def test_hand_round_trip(mask):
    h = Hand(mask)
    assert Hand.parse(h.compact()) == h if mask else h.compact() == "♠— ♣— ♦— ♥—"
    assert Hand(list(h)) == h
