"""The search's lookup tables, filled once: the kernel reads them, it never fills them.

:mod:`.kernel` is the search; what it looks up per node is filled here, once, before any
search (docs/kernel.md):

* ``SQ``, ``REP``, ``SPREAD``, ``NTH`` (:func:`fill_tables`), per suit byte: the arrays every
  search takes (:func:`searcher.build_tables <solver.engine.searcher.build_tables>`);
* :data:`MISERE_SUITS` (:func:`misere_suits_fill`) and ``SPREAD8``, the misère suits' table
  (:func:`kernel.misere_ceiling <solver.engine.kernel.misere_ceiling>`), a byte a suit holding.

How they reach the kernel (docs/backends.md):

* **Cython**: ``setup.py`` runs this file before the build (:func:`header_text`): the
  tables are C constants in ``tables.h`` (generated, not in git), compiled into the kernel
  (``MISERE_SUITS``, ``SPREAD8``: kernel.pxd) and into the entry points (``SQ`` …, copied
  into each process's arrays: searcher.pxd). A process fills nothing.
* **Numba**: :func:`.numba_kernel.jit_tables` loads this source under a name of its own
  and njit-s its functions; the kernel fills its ``MISERE_SUITS`` with them at import,
  before any search is compiled (Numba freezes the array into the code), and the entry
  points fill ``SQ`` … (:func:`.searcher.build_tables`).
* **plain Python**: the same functions, uncompiled (about a second, once a process).

Plain Python on plain sequences: no NumPy, no Cython (setup.py runs it as a file).
"""
NO_CEILING = 15  # misere_suits_fill: no count for the suit (the kernel's NO_CEILING)
ONE = 1  # the kernel's typed 1 (a NumPy int64 there); here a plain int, as the tables are bytes


def lowest_index(x):
    """Index of the lowest set bit (x > 0); under Numba LLVM's cttz (.numba_kernel)."""
    i = 0
    while not (x >> i) & 1:
        i += 1
    return i


def misere_suit_index(d, a, b):
    """The suit's entry in :data:`MISERE_SUITS`: 2 bits a card (7 .. ace), 0 for a card out
    of play, 1 the declarer's, 2 the defender's after him, 3 the other defender's — that is
    spread8(d) + 2 spread8(a) + 3 spread8(b); the kernel reads it in two lookups, not three
    (:func:`kernel.misere_ceiling <solver.engine.kernel.misere_ceiling>`: the hands are
    disjoint, so it is ``SPREAD8[d | b] + 2 * SPREAD8[a | b]``)."""
    return spread8(d | b) + 2 * spread8(a | b)


def spread8(x):
    """Bit i of the byte ``x`` moved to bit 2i."""
    x = (x | (x << 4)) & 0x0F0F
    x = (x | (x << 2)) & 0x3333
    return (x | (x << 1)) & 0x5555


def misere_suit_after(t, nxt, won):
    """What a suit holding ``nxt`` still costs him after a trick of it: its own count
    (:func:`misere_suits_fill`), or, if he won the trick, one more than his exit's."""
    if won:
        j = t[nxt] >> 4
        return j + 1 if j < NO_CEILING else NO_CEILING
    return t[nxt] & 15


def misere_best_answer(t, idx, d, top):
    """The declarer's best card of ``d`` played last to a trick of the suit whose highest
    card is ``top`` (8: a trick he cannot win — his discard): what the suit then costs."""
    best = NO_CEILING
    while d != 0:
        c = lowest_index(d)
        d &= d - 1
        v = misere_suit_after(t, idx & ~(3 << (2 * c)), c > top)
        if v < best:
            best = v
    return best


def misere_suits_fill(t):
    """Fill :data:`MISERE_SUITS`, one byte a suit holding (:func:`misere_suit_index`), from
    the fewest cards up (a play only removes cards, so it only lowers the index).

    The low 4 bits, k: the most tricks of the suit the misère declarer can be made to win
    when each one he wins is followed by his *exit in the suit* (the high bits), against
    defenders who lead any card of it whenever they like, each following to the other's
    lead, who discard any card of it at any time, and when he too may have to discard one of
    it at any time (another suit led while he is void): his answers are his choice. The
    high 4 bits, j: his best exit — he leads a card of the suit that every answer of the
    defenders beats, and the suit then costs j. ``NO_CEILING`` (15): no such count / no exit.

    k = 0 is "he ducks the suit for ever"; it uses the split of the defenders' cards (both
    must follow), which the merged test :func:`suit_safe` cannot. The game of a suit lets the
    defenders do everything the deal lets them do, and lets him do no more: so the sum over
    the suits is a sound ceiling (:func:`misere_ceiling`)."""
    for idx in range(65536):
        d = 0
        a = 0
        b = 0
        for i in range(8):
            w = (idx >> (2 * i)) & 3
            if w == 1:
                d |= 1 << i
            elif w == 2:
                a |= 1 << i
            elif w == 3:
                b |= 1 << i
        # his exit: the card whose worst answer leaves the suit cheapest; 256 stands for
        # "void" in the answers (its card index 8 lies outside the suit's 16 bits)
        j = NO_CEILING
        if d != 0 and (a | b) != 0:
            y = d
            while y != 0:
                c = lowest_index(y)
                y &= y - 1
                worst = 0
                ra = a if a != 0 else 256
                while ra != 0 and worst < NO_CEILING:
                    x1 = lowest_index(ra)
                    ra &= ra - 1
                    rb = b if b != 0 else 256
                    while rb != 0 and worst < NO_CEILING:
                        x2 = lowest_index(rb)
                        rb &= rb - 1
                        top = -1
                        if x1 < 8:
                            top = x1
                        if x2 < 8 and x2 > top:
                            top = x2
                        if top < c:
                            worst = NO_CEILING  # a defender can play under it: he wins the trick
                        else:
                            v = t[idx & ~(3 << (2 * c)) & ~(3 << (2 * x1)) & ~(3 << (2 * x2))] & 15
                            if v > worst:
                                worst = v
                if worst < j:
                    j = worst
        k = 0
        if d != 0:
            # a defender discards a card of the suit
            x = a | b
            while x != 0 and k < NO_CEILING:
                c = lowest_index(x)
                x &= x - 1
                v = t[idx & ~(3 << (2 * c))] & 15
                if v > k:
                    k = v
            # he discards one (he chooses which): his answer to a trick he cannot win
            best = misere_best_answer(t, idx, d, 8)
            if best > k:
                k = best
            # the defender after him leads, the other follows (or discards), he plays last
            xa = a
            while xa != 0 and k < NO_CEILING:
                x = lowest_index(xa)
                xa &= xa - 1
                rb = b if b != 0 else 256
                while rb != 0 and k < NO_CEILING:
                    x2 = lowest_index(rb)
                    rb &= rb - 1
                    top = x2 if (x2 > x and x2 < 8) else x
                    best = misere_best_answer(t, idx & ~(3 << (2 * x)) & ~(3 << (2 * x2)), d, top)
                    if best > k:
                        k = best
            # the other defender leads, he plays second, the defender after him last
            xb = b
            while xb != 0 and k < NO_CEILING:
                x = lowest_index(xb)
                xb &= xb - 1
                best = NO_CEILING
                y = d
                while y != 0:
                    c = lowest_index(y)
                    y &= y - 1
                    worst = 0
                    ra = a if a != 0 else 256
                    while ra != 0:
                        x1 = lowest_index(ra)
                        ra &= ra - 1
                        top = x1 if (x1 > x and x1 < 8) else x
                        v = misere_suit_after(t, idx & ~(3 << (2 * x)) & ~(3 << (2 * c)) & ~(3 << (2 * x1)), c > top)
                        if v > worst:
                            worst = v
                    if worst < best:
                        best = worst
                if best > k:
                    k = best
        t[idx] = k | (j << 4)


def fill_tables(sq, rep, spread, nth):
    """SQ, REP, SPREAD, NTH (see :func:`searcher.build_tables <solver.engine.searcher.build_tables>`)."""
    for b in range(256):
        k = 0
        for i in range(8):
            if (b >> i) & 1:
                nth[b * 8 + k] = i
                k += 1
        spread[b] = spread8(b)
    for a in range(256):
        for m in range(256):
            if m & ~a:
                continue
            out = 0
            k = 0
            rr = 0
            prev = False
            for i in range(8):
                if (a >> i) & 1:
                    inm = ((m >> i) & 1) == 1
                    if inm:
                        out |= ONE << k
                        if not prev:
                            rr |= ONE << i
                    prev = inm
                    k += 1
            sq[a * 256 + m] = out
            rep[a * 256 + m] = rr


def spread8_fill(t):
    """``SPREAD8``: :func:`spread8` of every byte."""
    for b in range(256):
        t[b] = spread8(b)


# ---------------------------------------------------------------- the Cython build's constants

def header_text() -> str:
    """``tables.h``: the filled tables as C constants (kernel.pxd, searcher.pxd)."""
    misere = bytearray(65536)
    misere_suits_fill(misere)
    spread8s = [0] * 256
    spread8_fill(spread8s)
    sq = bytearray(65536)
    rep = bytearray(65536)
    spread = [0] * 256
    nth = [0] * 2048
    fill_tables(sq, rep, spread, nth)

    def array(ctype, name, values):
        vals = list(values)
        rows = [", ".join(map(str, vals[i:i + 32])) for i in range(0, len(vals), 32)]
        return f"static const {ctype} {name}[{len(vals)}] = {{\n" + ",\n".join(rows) + "\n};\n"

    return ("/* Generated from solver/engine/tables.py (header_text) by setup.py before every build;\n"
            "   edit tables.py, not this file. */\n#include <stdint.h>\n"
            + array("uint8_t", "prefdd_misere_suits", misere) + array("uint16_t", "prefdd_spread8", spread8s)
            + array("uint8_t", "prefdd_sq", sq) + array("uint8_t", "prefdd_rep", rep)
            + array("int64_t", "prefdd_spread", spread) + array("int64_t", "prefdd_nth", nth))
