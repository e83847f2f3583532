"""The cards a trump or no-trump bound's verdict rests on (``trick_verdict``), for rank entries.

A trick start settled by a bound backs its cards up to the ancestors' table entries
(``W_REL``): each card names its suit's live cards from the top down to it (``rank_ks``), and
the claim is that every position with the same suit lengths in every hand and the same
owners of those top cards gets the same verdict. Checked by hand on positions where the
cards are worked out, then by re-dealing: the cards below each suit's named ones shuffled
among the hands (each hand keeping its length in the suit) and the live ranks relabelled
in order (the key holds ranks squeezed), the verdict must not move. Run on the plain kernel
loaded with rank entries compiled in (the cards are counted only there); the searches with
them against the reference are in ``tests/solver/test_rank_entries.py``, and the ones here on
trump and no-trump endings, where bound cuts are most of the leaves.
"""
import random

from helpers.strategies import positions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rank_entries import K, ranked_engine

from solver import Card, Position
from solver import reference as ref


def tpos(h0, h1, h2, contract, declarer, leader):
    return Position([h0.split(), h1.split(), h2.split()], contract, declarer, leader)


def verdict_and_cards(hands, trump, declarer, leader, need):
    d, ld = declarer, leader
    r = hands[0].bit_count()
    part = hands[3 - d - ld] if ld != d else 0
    v, rel = K.trick_verdict(hands[d], hands[(d + 1) % 3], hands[(d + 2) % 3], hands[ld], part, ld, d, trump, need, r)
    return int(v), int(rel)


def card(name):
    return 1 << int(Card.parse(name))


def of(p):
    return list(p.hands), (-1 if p.trump is None else int(p.trump)), int(p.declarer), int(p.leader)


def redeal(hands, rel, rng):
    """The same lengths per suit and hand, the same owners of each suit's top cards down to
    the lowest card of ``rel``; the cards below shuffled among the hands and every suit's
    live ranks relabelled to a random set of the same size, in order."""
    alive = hands[0] | hands[1] | hands[2]
    ks = K.rank_ks(rel, alive)
    out = [0, 0, 0]
    for s in range(4):
        live = [b for b in range(7, -1, -1) if (alive >> (8 * s + b)) & 1]  # from the top
        owners = [next(h for h in range(3) if (hands[h] >> (8 * s + b)) & 1) for b in live]
        k = (ks >> (4 * s)) & 15
        rest = owners[k:]
        rng.shuffle(rest)
        owners = owners[:k] + rest
        ranks = sorted(rng.sample(range(8), len(live)), reverse=True)
        for rank, h in zip(ranks, owners):
            out[h] |= 1 << (8 * s + rank)
    return out


# ---------------------------------------------------------------- by hand

def test_quick_tricks_name_the_declarer_s_winners():
    # No-trump, the declarer leads As Ks Ah against Qs 7h 8h and 7s 9s 7d: three quick
    # tricks, resting on the A K of spades (his, above the queen) and the ace of hearts.
    # The queen's owner, the small cards and the diamond do not matter.
    hands, trump, d, ld = of(tpos("As Ks Ah", "Qs 7h 8h", "7s 9s 7d", "nt", 0, 0))
    assert verdict_and_cards(hands, trump, d, ld, 3) == (1, card("Ks") | card("Ah"))


def test_a_defender_s_later_trick_names_his_top_card():
    # No-trump, the declarer leads As Kh; the Ah (seat 1) takes his Kh: the verdict "not
    # both" rests on the ace of hearts being a defender's (which one does not matter).
    hands, trump, d, ld = of(tpos("As Kh", "7s Ah", "8s 7h", "nt", 0, 0))
    assert verdict_and_cards(hands, trump, d, ld, 2) == (0, card("Ah"))


def test_trumps_by_length_name_no_card():
    # Spades trumps, the declarer holds five trumps against one each: three sure tricks by
    # length (five less two), whoever holds which trump.
    hands, trump, d, ld = of(tpos("7s 8s 9s Ts Js", "As 7h 8h 9h Th", "Ks 7d 8d 9d Td", "s", 0, 1))
    assert verdict_and_cards(hands, trump, d, ld, 3) == (1, 0)


def test_the_defenders_quick_tricks_and_the_entry_name_their_tops():
    # No-trump, seat 1 leads 7s 7h to the partner's As Ah (the declarer's Ks Kh are lower):
    # the entry is the spade ace over the declarer's king, the partner's two tricks rest on
    # his aces above the declarer's kings.
    hands, trump, d, ld = of(tpos("Ks Kh", "7s 7h", "As Ah", "nt", 0, 1))
    v, rel = verdict_and_cards(hands, trump, d, ld, 1)
    assert v == 0
    alive = hands[0] | hands[1] | hands[2]
    spades, hearts = int(Card.parse("As")) >> 3, int(Card.parse("Ah")) >> 3
    assert K.rank_ks(rel, alive) == (2 << (4 * spades)) | (2 << (4 * hearts))  # the ace and the king each


# ---------------------------------------------------------------- every re-deal of the rest

@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(min_cards=2, max_cards=10, mid_trick=False, strains=["s", "h", "d", "c", "nt"]),
       st.integers(1, 10), st.randoms(use_true_random=False))
def test_a_verdict_holds_for_every_position_sharing_its_cards(p, need, rng):
    hands, trump, d, ld = of(p)
    r = hands[0].bit_count()
    need = min(need, r)
    v, rel = verdict_and_cards(hands, trump, d, ld, need)
    if v < 0:
        return
    for _ in range(8):
        other = redeal(hands, rel, rng)
        assert verdict_and_cards(other, trump, d, ld, need)[0] == v, (hands, other, rel)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(min_cards=1, max_cards=4, mid_trick=False, strains=["s", "h", "nt"]), st.integers(1, 4),
       st.randoms(use_true_random=False))
def test_every_position_sharing_the_cards_has_the_verdict_s_value(p, need, rng):
    """The re-dealt positions' values (reference search) are on the verdict's side of ``need``."""
    hands, trump, d, ld = of(p)
    r = hands[0].bit_count()
    if need > r:
        return
    v, rel = verdict_and_cards(hands, trump, d, ld, need)
    if v < 0:
        return
    for _ in range(3):
        other = redeal(hands, rel, rng)
        q = Position([[Card(c) for c in range(32) if (h >> c) & 1] for h in other], p.contract, d, ld)
        assert (ref.solve(q) >= need) == (v == 1), (hands, other, rel)


def test_trump_and_no_trump_endings_with_rank_entries_agree_with_the_reference():
    rng = random.Random("bound cards")
    engines = [ranked_engine("python"), ranked_engine("python", reuse=True)]
    for i in range(120):
        n = 3 + i % 3
        cards = list(range(32))
        rng.shuffle(cards)
        p = Position([[Card(c) for c in cards[j * n:(j + 1) * n]] for j in range(3)], rng.choice(["s", "h", "nt"]),
                     rng.randrange(3), rng.randrange(3), out=[Card(c) for c in cards[3 * n:]])
        want = ref.solve(p)
        for e in engines:
            assert e.solve(p) == want, (i, e.reuse_table, p)
