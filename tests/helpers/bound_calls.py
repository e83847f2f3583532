"""The kernel's bound functions called on a Position, as ``search_with`` calls them at a
trick start: the tests of the bounds (misère, trumps, no-trump) share these."""
from solver import Position
from solver.engine.backends import load_backend

K = load_backend("python").kernel  # the plain run of the source both compilers build


def tpos(h0, h1, h2, contract, declarer, leader):
    return Position([h0.split(), h1.split(), h2.split()], contract, declarer, leader)


def seats(p):
    """(declarer's hand, the next defender's, the other's, the leader's, the leader's partner
    — 0 when the declarer leads —, leader, declarer), as ``trick_verdict`` and
    ``misere_verdict`` take them."""
    d = int(p.declarer)
    ld = int(p.leader)
    h = p.hands
    return h[d], h[(d + 1) % 3], h[(d + 2) % 3], h[ld], (h[3 - d - ld] if ld != d else 0), ld, d


def trump_of(p):
    return -1 if p.trump is None else int(p.trump)


def tverdict(p, need):
    """The trump or no-trump verdict (``trick_verdict``): 1, 0, or -1 undecided."""
    return int(K.trick_verdict(*seats(p), trump_of(p), need, p.hands[0].bit_count()))


def mverdict(p, need):
    """The misère verdict (``misere_verdict``): 1, 0, or -1 undecided."""
    return int(K.misere_verdict(*seats(p), need, p.hands[0].bit_count()))


def takes_next(p):
    hd, he1, he2, hl, part, ld, d = seats(p)
    return bool(K.defence_takes_next(hd, he1, he2, hl, part, ld == d, trump_of(p)))
