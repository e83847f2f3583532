"""Random whisters' views for the layout tests: a random deal (the declarer's discard from
his twelve), some random plays, a seat's view with random shown voids, discard and talon."""
import random

from solver import Card, Position
from solver.imperfect import SeatView


def random_seat_views(seed: int, n: int, plays: tuple):
    """``n`` (rnd, position, view) from ``seed``, each after a random number of plays in ``plays``."""
    rnd = random.Random(seed)
    for _ in range(n):
        cards = list(range(32))
        rnd.shuffle(cards)
        hands = [cards[i * 10:(i + 1) * 10] for i in range(3)]
        talon = cards[30:]
        decl = rnd.randrange(3)
        h = hands[decl] + talon
        rnd.shuffle(h)
        disc, hands[decl] = h[:2], h[2:]
        pos = Position([sum(1 << c for c in x) for x in hands], rnd.choice("scdhn"), decl, rnd.randrange(3),
                       out=[Card(c) for c in disc])
        for _ in range(rnd.randrange(*plays)):
            pos.play(rnd.choice(pos.legal_moves()))
        seat = rnd.choice([s for s in range(3) if s != decl])
        hidden = tuple(s for s in range(3) if s != seat) if rnd.random() < 0.7 else (decl,)
        voids = {s: frozenset(x for x in rnd.sample(range(4), rnd.randrange(0, 3)) if not pos.hands[s] >> (8 * x) & 255)
                 for s in hidden}
        discard = sum(1 << c for c in disc) if rnd.random() < 0.7 else 0
        talon_mask = sum(1 << c for c in talon) if rnd.random() < 0.5 else 0
        yield rnd, pos, SeatView(pos, seat, hidden, discard, voids, talon_mask)
