"""Many layouts of one position: their encoding, their order, and their split across processes.

A *layout* is the three hands (seats 0, 1, 2, card masks) of one deal; the layouts of an
information set share the contract, the trick on the table, the leader and the tricks
taken. :meth:`Engine.solve_layouts <solver.engine.api.Engine.solve_layouts>` hands them to
the kernel's compiled loop (``kernel.layouts_with``) as one flat int64 array, three words a
layout (:func:`encode_layouts`).

:func:`revolving_door` enumerates the ways to split cards between two hands so that
consecutive layouts differ by one swapped pair of cards (Knuth's Algorithm R, TAOCP 7.2.1.3):
neighbouring layouts then share most of their positions, and the previous layout's value is
a close first guess. :func:`run_split` runs the kernel's loop in ``workers`` processes, each
on a contiguous share of the layouts (the one split of every scan, :mod:`.shares`).
"""
from __future__ import annotations

import array
import itertools
import sys
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

from ..errors import PositionError


def encode_layouts(layouts, backend=None, counts: tuple | None = None, forbidden: int = 0):
    """The layouts as one flat int64 array, three words a layout (the backend's kind of array:
    a plain buffer for Cython, a NumPy array for Numba and plain Python).

    ``layouts``: an iterable of 3-tuples of hand masks, or an int64 array of shape (n, 3)
    (NumPy, or anything with the buffer protocol holding 3 n int64 words). With ``counts``
    (the cards each seat holds) every layout is checked: those counts, no card twice, none of
    ``forbidden`` (the trick's cards); a :class:`~solver.errors.PositionError` names the
    first bad one.
    """
    flat: Any
    if hasattr(layouts, "__array_interface__") or isinstance(layouts, (memoryview, array.array, bytes, bytearray)):
        flat = memoryview(layouts).cast("B").cast("q")
        if len(flat) % 3:
            raise PositionError.of("layout_words", "layouts", n=len(flat))
        buf = array.array("q", flat)
    elif isinstance(layouts, (list, tuple)) and all(len(h) == 3 for h in layouts):
        # 3-tuples of ints, converted in one call (a Python loop per layout cost as much as
        # searching a spades layout: benchmarks/log, issue 40's seventh round)
        try:
            buf = array.array("q", itertools.chain.from_iterable(layouts))
        except (TypeError, OverflowError):  # not all ints: each converted (or its error raised) as before
            buf = array.array("q", [int(h) for lay in layouts for h in lay])
    else:
        buf = array.array("q")
        for hands in layouts:
            if len(hands) != 3:
                raise PositionError.of("layout_hands", f"layouts[{len(buf) // 3}]", n=len(hands))
            buf.extend(int(h) for h in hands)
    if counts is not None:
        check_layouts(buf, counts, forbidden)
    return _of_backend(buf, backend)


def _of_backend(buf, backend):
    """An int64 ``array.array`` as the backend's kernel takes it."""
    if backend is None or backend.name == "cython":
        return memoryview(buf)
    import numpy as np

    return np.frombuffer(buf, np.int64).copy() if len(buf) else np.zeros(0, np.int64)


def check_layouts(flat, counts: tuple, forbidden: int = 0) -> None:
    """Every layout of ``flat`` holds ``counts`` cards a seat, no card twice, none of ``forbidden``."""
    c0, c1, c2 = counts
    for i, (a, b, c) in enumerate(zip(flat[0::3], flat[1::3], flat[2::3])):
        if (a | b | c) >> 32 or a < 0 or b < 0 or c < 0:
            raise PositionError.of("layout_mask", f"layouts[{i}]")
        if a.bit_count() != c0 or b.bit_count() != c1 or c.bit_count() != c2:
            raise PositionError.of("layout_sizes", f"layouts[{i}]", a_n=a.bit_count(), b_n=b.bit_count(),
                                   c_n=c.bit_count(), c0=c0, c1=c1, c2=c2)
        if a & b or a & c or b & c or (a | b | c) & forbidden:
            raise PositionError.of("layout_overlap", f"layouts[{i}]")


_REV = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))  # each byte's bits reversed


def lex_order(flat) -> list[int]:
    """The layouts of ``flat`` (three words each) in lexicographic order of their hands' cards
    — seat 0's first, then seat 1's; within a hand the cards by index, so the highest cards
    of the last suit vary fastest: the indices, in that order.

    The order neighbouring layouts are searched in changes the nodes (the table meets the
    positions of the layouts just before): over all 184,756 layouts of a hand this order
    took 37–40 % fewer nodes than the revolving door (one swap from one layout to the
    next, but the lowest cards varying fastest), benchmarks/RESULTS.md."""
    # a hand's bits reversed, as big-endian bytes: the lowest card the most significant — every
    # byte of the layouts reversed in one call, then each layout's key two slices (the words
    # little-endian: the low four bytes of an int64 hold its cards)
    try:
        raw = memoryview(flat).cast("B").tobytes()
    except (TypeError, ValueError):  # not a contiguous buffer
        raw = array.array("q", flat.tolist()).tobytes()
    if sys.byteorder != "little":
        words = array.array("q", raw)
        words.byteswap()
        raw = words.tobytes()
    raw = raw.translate(_REV)
    keys = [raw[j:j + 4] + raw[j + 8:j + 12] for j in range(0, len(raw), 24)]
    return sorted(range(len(keys)), key=keys.__getitem__, reverse=True)


def take(flat, order: list[int], backend=None):
    """The layouts of ``flat`` in the given order, as :func:`encode_layouts` makes them."""
    words = flat.tolist()
    return _of_backend(array.array("q", [w for i in order for w in words[3 * i:3 * i + 3]]), backend)


def revolving_door(cards: int, k: int) -> Iterator[int]:
    """Every ``k``-card subset of the card mask ``cards`` (as a mask), each differing from the
    one before by one card out and one card in (Knuth's Algorithm R)."""
    idx = [i for i in range(32) if cards >> i & 1]
    n = len(idx)
    if not 0 <= k <= n:
        return
    if k == 0:
        yield 0
        return
    if k == n:
        yield cards
        return
    # c[1..k] the chosen positions, c[k+1] = n a sentinel (Knuth's R1-R5, 1-based)
    c = [0] + list(range(k)) + [n]
    while True:
        m = 0
        for j in range(1, k + 1):
            m |= 1 << idx[c[j]]
        yield m
        # R3: the easy cases
        if k & 1:
            if c[1] + 1 < c[2]:
                c[1] += 1
                continue
            j = 2
        else:
            if c[1] > 0:
                c[1] -= 1
                continue
            j = 2
            # R5 (try to increase c[j]) first for even k
            if c[j] + 1 < c[j + 1]:
                c[j - 1] = c[j]
                c[j] += 1
                continue
            j += 1
        while True:
            # R4: try to decrease c[j]
            if j > k:
                return
            if c[j] >= j:
                c[j] = c[j - 1]
                c[j - 1] = j - 2
                break
            j += 1
            # R5: try to increase c[j]
            if j > k:
                return
            if c[j] + 1 < c[j + 1]:
                c[j - 1] = c[j]
                c[j] += 1
                break
            j += 1


def split_layouts(fixed_seat: int, fixed_hand: int, unseen: int, seat_a: int, k: int, order: str = "door") -> Iterable[tuple]:
    """The layouts where ``fixed_seat`` holds ``fixed_hand`` and the cards of ``unseen`` are
    split between the other two seats, ``k`` of them to ``seat_a``: in revolving-door order
    (``door``, one swap from one to the next) or lexicographic (``lex``)."""
    seat_b = 3 - fixed_seat - seat_a
    if order == "door":
        subsets: Iterable[int] = revolving_door(unseen, k)
    elif order == "lex":
        import itertools

        idx = [i for i in range(32) if unseen >> i & 1]
        subsets = (sum(1 << i for i in comb) for comb in itertools.combinations(idx, k))
    else:
        raise ValueError(f"order: {order!r} is not 'door' or 'lex'")
    for a in subsets:
        hands = [0, 0, 0]
        hands[fixed_seat] = fixed_hand
        hands[seat_a] = a
        hands[seat_b] = unseen & ~a
        yield tuple(hands)


# ---------------------------------------------------------------- processes

def _layouts_share(job, k: int, n: int):
    """Share ``k`` of :func:`run_split`: the kernel's loop on its contiguous stretch of the
    layouts, with the parent's engine as the fork found it; (its answer, its nodes) back."""
    engine, pos, flat, bounds, mode, cards, flags, chunk, counters = job

    def report(done):
        if counters is not None:
            counters[k] = done

    out = engine._run_layouts(pos, flat[3 * bounds[k]:3 * bounds[k + 1]], mode, cards, flags, chunk, report)
    return out, engine.nodes


def run_split(engine, pos, flat, mode: int, cards: list, flags: int, chunk: int, workers: int, progress=None):
    """The kernel's loop (``Engine._run_layouts``, ``mode`` as there) on ``workers``
    contiguous shares of the encoded layouts ``flat``, split the way every layout scan is
    (:func:`~solver.engine.shares.in_shares`). Returns the shares' answers in order, their
    first layouts' indices, and the nodes summed."""
    import multiprocessing

    from .shares import in_shares

    n = len(flat) // 3
    workers = max(1, min(workers, n))
    bounds = [n * w // workers for w in range(workers + 1)]
    counters = multiprocessing.RawArray("q", workers) if progress is not None else None

    def poll():
        if counters is not None:
            progress(sum(counters))

    parts = in_shares(_layouts_share, (engine, pos, flat, bounds, mode, cards, flags, chunk, counters), workers,
                      poll if progress is not None else None)
    return [out for out, _ in parts], bounds, sum(k for _, k in parts)


# ---------------------------------------------------------------- one scan's chunks, trusted

def lex_permutation(hands):
    """:func:`lex_order` of an (n, 3) int64 NumPy array of hands, computed in NumPy (the same
    order, ties kept as given): a layout scan sorts every chunk, and the per-layout Python
    key cost more than the search of the easy layouts."""
    import numpy as np

    rev = _rev16()
    h0, h1 = hands[:, 0], hands[:, 1]   # (seat 0's and seat 1's cards fit in 32 bits; their reversal,
    #                                     16 bits at a time, as one 64-bit key)
    key = (rev[h0 & 0xFFFF] << np.uint64(48)) | (rev[(h0 >> 16) & 0xFFFF] << np.uint64(32)) \
        | (rev[h1 & 0xFFFF] << np.uint64(16)) | rev[(h1 >> 16) & 0xFFFF]
    return np.argsort(~key, kind="stable")   # descending, ties in the given order (as ``sorted(reverse=True)``)


@cache
def _rev16():
    """Every 16-bit number's bits reversed, as a NumPy uint64 table (built once from :data:`_REV`)."""
    import numpy as np

    rev = np.frombuffer(_REV, np.uint8).astype(np.uint64)
    x = np.arange(1 << 16, dtype=np.uint64)
    return (rev[x & np.uint64(255)] << np.uint64(8)) | rev[x >> np.uint64(8)]


def solve_trusted(engine, pos, hands, cards=None, *, chunk: int = 2048):
    """:meth:`Engine.solve_layouts <solver.engine.api.Engine.solve_layouts>` for layouts a view
    built itself (``hands``: an (n, 3) int64 NumPy array, seats 0, 1, 2): not checked again
    and not converted from tuples, sorted by :func:`lex_permutation` — the same kernel loop,
    the same values, the same nodes. Returns an (n, len(cards)) array (``cards`` given: each
    card's value; they must be legal in every layout) or an (n,) array of the values, in the
    order given. An engine with a ``_count`` hook (the ruling's progress line) is told."""
    import numpy as np

    n = len(hands)
    mode = 0 if cards is None else 1
    k = 1 if cards is None else len(cards)
    flags = engine._layout_flags(True, True)
    perm = lex_permutation(hands) if n > 2 else None
    flat = np.ascontiguousarray(hands if perm is None else hands[perm], dtype=np.int64).reshape(-1)
    try:   # (the kernel's own buffers, read in place: no Python int a value)
        parts = engine._run_layouts(pos, flat, mode, list(cards or []), flags, chunk, None, buffers=True)
        out = np.asarray(parts[0], dtype=np.int64) if len(parts) == 1 else \
            np.concatenate([np.asarray(p, dtype=np.int64) for p in parts] or [np.zeros(0, np.int64)])
    finally:
        count = getattr(engine, "_count", None)
        if count is not None:
            count(n)
    out = out.reshape(n, k)
    if mode == 1 and n and int(out.min()) < 0:
        i, j = map(int, np.argwhere(out < 0)[0])
        raise PositionError.of("not_legal_in_a_layout", "cards", card=str(cards[j]), seat=pos.to_move)
    if perm is not None:
        back = np.empty_like(out)
        back[perm] = out
        out = back
    return out if mode == 1 else out[:, 0]


def better_trusted(engine, pos, hands, pairs, *, chunk: int = 2048) -> list:
    """:meth:`Engine.ever_better <solver.engine.api.Engine.ever_better>` for each ``(a, b)``
    of ``pairs`` over layouts a view built itself (``hands`` as :func:`solve_trusted`'s: not
    checked again, sorted once by :func:`lex_permutation`): for each pair, whether ``a`` is
    better than ``b`` for the side to move in some layout. Two null-window tests a layout at
    ``b``'s value in the layout before (``b`` as good, ``a`` no better), else one exact value
    (``b``'s) and one null-window test, a pair's search stopping at its first witness; a pair's
    layouts follow the last one's in the engine's table. An engine with a ``_count`` hook
    is told (the layouts once, every pair's nodes)."""
    import numpy as np

    n = len(hands)
    flags = engine._layout_flags(True, True)
    perm = lex_permutation(hands) if n > 2 else None
    flat = np.ascontiguousarray(hands if perm is None else hands[perm], dtype=np.int64).reshape(-1)
    count = getattr(engine, "_count", None)
    out = []
    for k, (a, b) in enumerate(pairs):
        try:
            found = engine._run_layouts(pos, flat, 2, [a, b], flags, chunk, None)
        finally:
            if count is not None:
                count(n if k == 0 else 0)
        if found is not None and found[1] < 0:
            raise PositionError.of("not_legal_in_a_layout", "cards", card=f"{a}/{b}", seat=pos.to_move)
        out.append(found is not None)
    return out
