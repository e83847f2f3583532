# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, infer_types=True, language_level=3
"""The search kernel's entry points: from Python arrays to the kernel's C pointers, the GIL released.

:mod:`.kernel` is the search; this module is how Python calls it, once per search: the
boundary checks (:func:`check_arrays`), :class:`Searcher` (one engine's arrays checked and
their buffers taken once, so that a solve passes only ints), the one-call entry points
:func:`search` and :func:`mtd` (with :func:`run_search` / :func:`run_mtd`), the lookup tables
(:func:`build_tables`) and the arrays the kernel takes (``zeros``, ``array``, ``view_of``,
made by :mod:`.arrays`). Compiled like the kernel (docs/backends.md):

* **Cython**: the extension ``solver.engine.searcher``; ``searcher.pxd`` cimports the
  kernel's drivers from the extension ``solver.engine.kernel`` (C calls through the
  kernel's exported function table: a few a search) and declares the entry points, which
  release the GIL and hand the kernel C pointers (:func:`data`).
* **Numba / plain Python**: this file is loaded once per compilation of the kernel, under a
  name of its own (``solver.engine._searcher_numba`` …, :func:`.backends.entry_module`), and
  :func:`bind` hands it that kernel's functions (under Numba the drivers are the doors of
  :mod:`.numba_kernel`, which take arrays).
"""
try:
    import cython
except ImportError:  # running the source uncompiled without Cython installed
    from solver.engine import _nocython as cython

if not cython.compiled:  # the Cython build has them from searcher.pxd (layout.pxi)
    from solver.engine.layout import (
        BUCKET,
        C_DECL,
        C_TRUMP,
        CFG_SIZE,
        S_ABORT,
        S_BUDGET,
        STATS_SIZE,
        WORK_SIZE,
    )

    def _unbound(*args):
        raise RuntimeError("searcher.py loaded uncompiled: bind(kernel) first (backends.entry_module)")

    # the kernel's functions this module calls, bound by bind() (compiled: cimported from the kernel)
    search_with = mtd_with = layouts_with = clear_history = fill_tables = _unbound

KERNEL_FUNCTIONS = ("search_with", "mtd_with", "layouts_with", "clear_history", "fill_tables")


def bind(kernel):
    """Uncompiled: call ``kernel``'s functions (this module's copy serves that kernel alone)."""
    if not cython.compiled:
        g = globals()
        for name in KERNEL_FUNCTIONS:
            g[name] = getattr(kernel, name)


def data(a):
    """The address of an array's first element: the kernel works on C pointers when compiled
    (uncompiled, the array itself; see the end of the file)."""
    return cython.address(a[0])


def data8(a):
    """:func:`data` for the byte tables (SQ, REP)."""
    return cython.address(a[0])


def run_search(root_h, root_leader, root_nt, root_tc, root_cs, target, cfg, pen_mask, pen_flags, plan_cards,
               tt, gen, stats, SQ, REP, SPREAD, NTH, W):
    ttlen = tt.shape[0]
    with cython.nogil:
        clear_history(data(W))
        r = search_with(data(root_h), root_leader, root_nt, data(root_tc), root_cs, target, data(cfg), data(pen_mask),
                        data(pen_flags), data(plan_cards), data(tt), ttlen, gen, data(stats), data8(SQ), data8(REP),
                        data(SPREAD), data(NTH), data(W))
    return r


def run_mtd(root_h, root_leader, root_nt, root_tc, root_cs, lo, hi, guess, cfg, pen_mask, pen_flags, plan_cards,
            tt, gen, stats, SQ, REP, SPREAD, NTH, W):
    ttlen = tt.shape[0]
    with cython.nogil:
        v = mtd_with(data(root_h), root_leader, root_nt, data(root_tc), root_cs, lo, hi, guess, data(cfg),
                     data(pen_mask), data(pen_flags), data(plan_cards), data(tt), ttlen, gen, data(stats), data8(SQ),
                     data8(REP), data(SPREAD), data(NTH), data(W))
    return v


class Searcher:
    """One engine's search, its arrays bound once: the table, the statistics, the work
    vector, the lookup tables and the root's own arrays are checked (and, compiled, their
    buffers taken) when it is made, a configuration when :meth:`use` is called; a solve
    then passes only the root's ints. ``search`` / ``mtd`` check and take every array on
    every call, which costs more than a small ending's search (benchmarks/call_cost.py).
    """

    def __init__(self, tt, stats, SQ, REP, SPREAD, NTH):
        self.h = zeros(3)
        self.tc = zeros(3)
        self.W = zeros(WORK_SIZE)
        self.ch = zeros(3)
        self.ctc = zeros(3)
        self.x = zeros(10)
        cfg = zeros(CFG_SIZE)
        check_arrays(self.h, 0, 0, self.tc, cfg, zeros(3), zeros(32), zeros(32), tt, stats, SQ, REP, SPREAD, NTH)
        self.tt = tt
        self.ttlen = tt.shape[0]
        self.stats = stats
        self.SQ = SQ
        self.REP = REP
        self.SPREAD = SPREAD
        self.NTH = NTH
        self.use(cfg, zeros(3), zeros(32), zeros(32))

    def use(self, cfg, pen_mask, pen_flags, plan_cards):
        """Search with this configuration (``cfg`` and the constraints' arrays) from now on.

        The arrays :func:`check_arrays` checks that are new here, checked inline (a solve's
        configuration changes with the strain and the declarer: the full check cost 3 µs, as
        much as the Python around a search; benchmarks/log, issue 40's tenth round); the full
        check only to say what is wrong."""
        if cfg.shape[0] < CFG_SIZE or pen_mask.shape[0] < 3 or pen_flags.shape[0] < 32 or plan_cards.shape[0] < 32 \
                or not (-1 <= cfg[C_TRUMP] <= 3) or not (0 <= cfg[C_DECL] <= 2):
            check_arrays(self.h, 0, 0, self.tc, cfg, pen_mask, pen_flags, plan_cards, self.tt, self.stats,
                         self.SQ, self.REP, self.SPREAD, self.NTH)
        self.cfg = cfg
        self.pen_mask = pen_mask
        self.pen_flags = pen_flags
        self.plan_cards = plan_cards

    def _root(self, h0, h1, h2, leader, nt, c0, c1, budget):
        if not (0 <= leader <= 2) or not (0 <= nt <= 2):
            raise ValueError(f"root: leader {leader}, {nt} cards in the trick (a seat 0..2, 0..2 cards)")
        self.h[0] = h0
        self.h[1] = h1
        self.h[2] = h2
        self.tc[0] = c0
        self.tc[1] = c1
        self.stats[S_BUDGET] = budget
        self.stats[S_ABORT] = 0
        return 0

    def mtd(self, h0, h1, h2, leader, nt, c0, c1, cs, lo, hi, guess, gen, budget):
        """:func:`mtd` on the root (hands ``h0..h2``, the trick's cards ``c0``, ``c1``) with
        ``budget`` nodes in all (``stats[S_NODES]`` counts on)."""
        self._root(h0, h1, h2, leader, nt, c0, c1, budget)
        with cython.nogil:
            v = mtd_with(data(self.h), leader, nt, data(self.tc), cs, lo, hi, guess, data(self.cfg),
                         data(self.pen_mask), data(self.pen_flags), data(self.plan_cards), data(self.tt), self.ttlen,
                         gen, data(self.stats), data8(self.SQ), data8(self.REP), data(self.SPREAD), data(self.NTH),
                         data(self.W))
        return v

    def layouts(self, lay, nlay, out, mode, cards, ncards, leader, nt, c0, c1, flags, gen, budget):
        """:func:`layouts_with` over ``nlay`` layouts (``lay``: 3 words each) of the root
        ``leader``, ``nt``, ``c0``, ``c1``; ``budget`` nodes a layout."""
        if nlay < 0 or lay.shape[0] < 3 * nlay:
            raise ValueError(f"lay: {lay.shape[0]} words, {nlay} layouts need {3 * nlay}")
        if not (0 <= ncards <= 10) or cards.shape[0] < max(ncards, 1) or (mode == 2 and ncards != 2):
            raise ValueError(f"cards: {ncards} cards (at most 10; 2 to compare), {cards.shape[0]} words")
        if out.shape[0] < nlay * (ncards if mode == 1 else 1):
            raise ValueError(f"out: {out.shape[0]} words, too few for {nlay} layouts")
        if not (0 <= mode <= 2):
            raise ValueError(f"mode: {mode} is not 0, 1 or 2")
        self._root(0, 0, 0, leader, nt, c0, c1, budget)
        with cython.nogil:
            r = layouts_with(data(lay), nlay, data(out), mode, data(cards), ncards, leader, nt, data(self.tc), flags,
                             data(self.h), data(self.ch), data(self.ctc), data(self.x), data(self.cfg), data(self.pen_mask),
                             data(self.pen_flags), data(self.plan_cards), data(self.tt), self.ttlen, gen, data(self.stats),
                             data8(self.SQ), data8(self.REP), data(self.SPREAD), data(self.NTH), data(self.W))
        return r

    def search(self, h0, h1, h2, leader, nt, c0, c1, cs, target, gen, budget):
        """:func:`search` on the root, as :meth:`mtd` takes it."""
        self._root(h0, h1, h2, leader, nt, c0, c1, budget)
        with cython.nogil:
            clear_history(data(self.W))
            r = search_with(data(self.h), leader, nt, data(self.tc), cs, target, data(self.cfg), data(self.pen_mask),
                            data(self.pen_flags), data(self.plan_cards), data(self.tt), self.ttlen, gen, data(self.stats),
                            data8(self.SQ), data8(self.REP), data(self.SPREAD), data(self.NTH), data(self.W))
        return r


def _need(name, arr, want):
    if arr.shape[0] < want:
        raise ValueError(f"{name}: {arr.shape[0]} entries, the search needs at least {want}")


def check_arrays(root_h, root_leader, root_nt, root_tc, cfg, pen_mask, pen_flags, plan_cards, tt, stats,
                 SQ, REP, SPREAD, NTH):
    """The boundary: sizes and ranges checked once, a clear error instead of a crash."""
    for name, arr, want in (("root_h", root_h, 3), ("root_tc", root_tc, 3), ("cfg", cfg, CFG_SIZE),
                            ("pen_mask", pen_mask, 3), ("pen_flags", pen_flags, 32),
                            ("plan_cards", plan_cards, 32), ("stats", stats, STATS_SIZE), ("SQ", SQ, 65536),
                            ("REP", REP, 65536), ("SPREAD", SPREAD, 256), ("NTH", NTH, 2048)):
        _need(name, arr, want)
    n = tt.shape[0]
    if n < 2 * BUCKET or (n & (n - 1)) != 0:
        raise ValueError(f"tt: {n} entries, the table needs a power of two of at least {2 * BUCKET}")
    if not (0 <= root_leader <= 2):
        raise ValueError(f"root_leader: {root_leader} is not a seat 0..2")
    if not (0 <= root_nt <= 2):
        raise ValueError(f"root_nt: {root_nt} cards in the trick, expected 0..2")
    if not (-1 <= cfg[C_TRUMP] <= 3):
        raise ValueError(f"cfg[C_TRUMP]: {cfg[C_TRUMP]} is not a suit or -1")
    if not (0 <= cfg[C_DECL] <= 2):
        raise ValueError(f"cfg[C_DECL]: {cfg[C_DECL]} is not a seat 0..2")


def search(root_h, root_leader, root_nt, root_tc, root_cs, target, cfg, pen_mask, pen_flags, plan_cards,
           tt, gen, stats, SQ, REP, SPREAD, NTH):
    """Does the max side reach ``target``? 1, 0, or -1 (node budget exhausted).

    A fresh history of the leads; ``tt`` and ``stats`` are written in place (a thread must
    own its table and statistics vector); the search runs without the GIL.
    """
    check_arrays(root_h, root_leader, root_nt, root_tc, cfg, pen_mask, pen_flags, plan_cards, tt, stats,
                 SQ, REP, SPREAD, NTH)
    return run_search(root_h, root_leader, root_nt, root_tc, root_cs, target, cfg, pen_mask, pen_flags,
                      plan_cards, tt, gen, stats, SQ, REP, SPREAD, NTH, zeros(WORK_SIZE))


def mtd(root_h, root_leader, root_nt, root_tc, root_cs, lo, hi, guess, cfg, pen_mask, pen_flags, plan_cards,
        tt, gen, stats, SQ, REP, SPREAD, NTH):
    """Exact score in [lo, hi], or -1 if the node budget ran out (see :func:`mtd_with`)."""
    check_arrays(root_h, root_leader, root_nt, root_tc, cfg, pen_mask, pen_flags, plan_cards, tt, stats,
                 SQ, REP, SPREAD, NTH)
    return run_mtd(root_h, root_leader, root_nt, root_tc, root_cs, lo, hi, guess, cfg, pen_mask, pen_flags,
                   plan_cards, tt, gen, stats, SQ, REP, SPREAD, NTH, zeros(WORK_SIZE))


def build_tables():
    """SQ, REP, SPREAD, NTH: the lookup tables of the search, per suit byte (7 .. ace).

    * ``SQ[alive*256 + mine]`` — ``mine``'s bits squeezed to their ranks among ``alive``
      (the key of a position free of absolute ranks: played cards squeezed out).
    * ``REP[alive*256 + mine]`` — one card (the lowest) of each run of ``mine`` that touches
      once the cards not alive are removed: equivalent cards searched once.
    * ``SPREAD[b]`` — bit i of b moved to bit 2i (2-bit owner codes).
    * ``NTH[b*8 + k]`` — position of the k-th set bit of b (decoding relative best moves).

    Filled by :func:`.tables.fill_tables`: compiled, at build time (copied here from
    ``tables.h``); under Numba and plain Python, here.
    """
    sq = zeros8(65536)  # bytes: 64 KB each, cache-resident (int64: 512 KB)
    rep = zeros8(65536)
    spread = zeros(256)
    nth = zeros(2048)
    if cython.compiled:
        copy_tables(data8(sq), data8(rep), data(spread), data(nth))
    else:  # tables.fill_tables, njit-ed under Numba (bound from the kernel: its TABLES)
        fill_tables(sq, rep, spread, nth)
    return sq, rep, spread, nth


def copy_tables(sq, rep, spread, nth):
    """Compiled: the tables filled at build time (tables.h, written by :mod:`.tables`) into
    this process's arrays — a copy, nothing computed at start-up."""
    for i in range(65536):
        sq[i] = TABLE_SQ[i]  # type: ignore[name-defined]  # noqa: F821 (searcher.pxd: tables.h)
        rep[i] = TABLE_REP[i]  # type: ignore[name-defined]  # noqa: F821
    for i in range(256):
        spread[i] = TABLE_SPREAD[i]  # type: ignore[name-defined]  # noqa: F821
    for i in range(2048):
        nth[i] = TABLE_NTH[i]  # type: ignore[name-defined]  # noqa: F821


# ---------------------------------------------------------------- the arrays the kernel takes
# made by solver/engine/arrays.py: plain buffers for the Cython build (no NumPy), NumPy arrays
# for Numba and plain Python (imported by its absolute name: benchmarks/dev/ab_kernel.py
# compiles this file outside the package)

if cython.compiled:
    from solver.engine.arrays import buffer_array as array  # noqa: F401 (Backend.array)
    from solver.engine.arrays import buffer_view_of as view_of  # noqa: F401 (Backend.table)
    from solver.engine.arrays import buffer_zeros as zeros
    from solver.engine.arrays import buffer_zeros8 as zeros8
else:
    from solver.engine.arrays import numpy_array as array  # noqa: F401 (Backend.array)
    from solver.engine.arrays import numpy_view_of as view_of  # noqa: F401 (Backend.table)
    from solver.engine.arrays import numpy_zeros as zeros
    from solver.engine.arrays import numpy_zeros8 as zeros8

if not cython.compiled:
    def data(a):  # noqa: F811
        """Uncompiled, the array itself: Numba's doors take arrays, plain Python indexes them."""
        return a

    data8 = data
