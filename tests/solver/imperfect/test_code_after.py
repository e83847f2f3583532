"""The declarer's child memo code without the child view (issue 38): ``code_after(view, card)``
(with or without the view's own
code) is ``canonical_code(view.after(card))`` and the tricks the declarer takes with the card's trick,
on every step of random endings and of random whole deals (voids shown, known cards, open play),
so the worst-guess search may read a child's value from the memo before building the child."""
import random

from helpers.endings import random_endings

from solver.hands import cards_of
from solver.imperfect import InfoSet
from solver.imperfect.views import canonical_code, code_after
from solver.position import Position


def _check(v, counts):
    p = v.pos
    d = p.declarer
    for c in p.legal_moves():
        ch = v.after(c)
        code, won = code_after(v, c)
        assert won == ch.pos.taken[d] - p.taken[d]
        assert code_after(v, c, canonical_code(v)) == (code, won)   # from the view's own code
        if ch.pos.is_over():
            assert code is None
            counts[0] += 1
        else:
            assert code == canonical_code(ch)
            counts[1] += 1


def _every(v, counts):
    _check(v, counts)
    if not v.pos.is_over():
        for c in v.pos.legal_moves():
            _every(v.after(c), counts)


def test_code_after_every_step_of_small_endings():
    rng = random.Random(114)
    counts = [0, 0]
    for pos in random_endings(10, 3, 114) + random_endings(6, 3, 115, 1) + random_endings(6, 4, 116, 2):
        _every(InfoSet.from_position(pos), counts)
        a, b = (pos.declarer + 1) % 3, (pos.declarer + 2) % 3
        _every(InfoSet.from_position(pos, known={a: [str(rng.choice(cards_of(pos.hands[a])))]}), counts)
        _every(InfoSet.from_position(pos, known={b: [str(rng.choice(cards_of(pos.hands[b])))]}), counts)
        _every(InfoSet.from_position(pos, open_defence=True), counts)
    assert counts[0] > 100 and counts[1] > 5000


def test_code_after_on_random_whole_deals():
    # ten-card deals in every strain, a random line to the end, every legal card checked at
    # every step (voids shown on the way, a card known held, open play)
    rng = random.Random(38)
    counts = [0, 0]
    for n in range(120):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [sum(1 << x for x in deck[10 * i:10 * i + 10]) for i in range(3)]
        contract = rng.choice(["6s", "7c", "6d", "8h", "7nt", "misere"])
        declarer = rng.randrange(3)
        pos = Position(hands, contract, declarer, rng.randrange(3))
        a = (declarer + 1) % 3
        known = {a: [str(rng.choice(cards_of(hands[a])))]} if n % 3 == 0 else None
        v = InfoSet.from_position(pos, known=known, open_defence=n % 7 == 0)
        while True:
            _check(v, counts)
            if v.pos.is_over():
                break
            v = v.after(rng.choice(v.pos.legal_moves()))
    assert counts[0] > 100 and counts[1] > 10000


def test_the_light_child_is_the_child():
    # the card values' children of a plain unconstrained position (``Engine._light_child``) have
    # the search fields of ``Engine._child``'s, and the same trick winner, on random whole deals
    from solver.constraints import NO_CONSTRAINTS
    from solver.engine import Engine
    from solver.engine.api import _FREE

    eng = Engine()
    rng = random.Random(114)
    n = 0
    for _ in range(60):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [sum(1 << x for x in deck[10 * i:10 * i + 10]) for i in range(3)]
        p = Position(hands, rng.choice(["6s", "7c", "8h", "7nt", "misere"]), rng.randrange(3), rng.randrange(3))
        while not p.is_over():
            root = eng._root(p, NO_CONSTRAINTS, _FREE)
            for c in p.legal_moves():
                a, wa = eng._child(root, NO_CONSTRAINTS, c)
                b, wb = Engine._light_child(root, c)
                assert type(b.leader) is int and (a.hands, a.leader, a.nt, a.cards, a.cs, a.tricks, wa) == \
                    (b.hands, b.leader, b.nt, b.cards, b.cs, b.tricks, wb)
                n += 1
            p.play(rng.choice(p.legal_moves()))
    assert n > 5000
