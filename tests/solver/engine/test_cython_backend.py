"""The kernel's Cython compilation against its Numba one and against the reference minimax.

The two backends compile the same source (solver/engine/kernel.py), so on the same
arrays they must agree on everything observable: the value, the statistics vector (nodes, table hits, stores,
cutoff counters, the deciding root move) and the transposition table itself, bit for bit.
Values are also checked against :mod:`solver.reference` (plain minimax, no shared code)
and against the recorded answers of ``tests/data/reference_deals.jsonl``.

Skipped when the extension is not built; with ``PREFDD_REQUIRE_CYTHON=1`` (CI) a missing
extension fails the run instead.
"""
import os
import threading

import numpy as np
import pytest
from helpers.strategies import constraints_for, positions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver import Position, SearchLimitError, position_from_json
from solver import reference as ref
from solver.constraints import NO_CONSTRAINTS, Constraints, PenaltyCard
from solver.engine import Engine
from solver.engine import cy_backend as cy
from solver.engine import layout as core
from solver.engine.api import _Root
from solver.engine.backends import load_backend

if not cy.available():
    if os.environ.get("PREFDD_REQUIRE_CYTHON") == "1":
        pytest.fail(f"PREFDD_REQUIRE_CYTHON=1 but {cy.reason}; build it with `pip install -e .`",
                    pytrace=False)
    pytest.skip(cy.reason, allow_module_level=True)

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
NB = load_backend("numba")
CY = load_backend("cython")
TABLES = NB.tables


def cython_engine(**kw):
    e = Engine(backend="cython", **kw)
    assert e.backend.name == "cython"
    return e


def numba_engine(**kw):
    return Engine(backend="numba", **kw)


class Twin:
    """One problem's arrays, and a table + statistics vector per backend."""

    def __init__(self, pos, cons=NO_CONSTRAINTS, favour=None, table_entries=1 << 12):
        self.e = numba_engine(table_mb=table_entries * 16 / (1 << 20))
        self.args = self.e._begin(pos, cons, favour)
        self.cons = cons
        self.root = _Root(pos.copy(), cons, cons.initial(), self.e.backend)
        self.tt = {"numba": self.e.tt.copy(), "cython": self.e.tt.copy()}
        self.stats = {k: np.zeros(core.STATS_SIZE, np.int64) for k in self.tt}

    def _common(self, root, which):
        st_ = self.stats[which]
        st_[:] = 0
        st_[core.S_BUDGET] = 10**9
        cfg, pen_mask, pen_flags, plan = self.args
        return (root.h, root.leader, root.nt, root.tc, root.cs), (cfg, pen_mask, pen_flags, plan,
                                                                   self.tt[which], np.int64(self.e.gen), st_)

    def mtd(self, root, lo, hi, guess):
        """Both backends' exact value on their own tables; asserts they agree in every detail."""
        out = {}
        for which, fn in (("numba", NB.mtd), ("cython", CY.mtd)):
            head, tail = self._common(root, which)
            out[which] = fn(*head, np.int64(lo), np.int64(hi), np.int64(guess), *tail, *TABLES)
        self.same(out)
        return out["numba"]

    def search(self, root, target):
        out = {}
        for which, fn in (("numba", NB.search), ("cython", CY.search)):
            head, tail = self._common(root, which)
            out[which] = fn(*head, np.int64(target), *tail, *TABLES)
        self.same(out)
        return out["numba"]

    def same(self, out):
        assert out["numba"] == out["cython"]
        np.testing.assert_array_equal(self.stats["numba"], self.stats["cython"])  # nodes, hits, cutoffs...
        assert np.array_equal(self.tt["numba"], self.tt["cython"]), "the two tables differ"

    def hi(self, root):
        return self.e._score_range(root, self.args)


def _maximiser(pos):
    return (pos.to_move == pos.declarer) != pos.is_misere


# ---------------------------------------------------------------- known answers

@pytest.mark.slow
def test_reference_deals_values_and_nodes(reference_deals):
    """Every recorded full deal: the recorded value, and exactly Numba's node count."""
    n_eng, c_eng = numba_engine(), cython_engine()
    for r in reference_deals:
        pos = position_from_json(r)
        cv = c_eng.solve(pos)
        nv = n_eng.solve(pos)
        assert cv == nv == r["declarer_tricks"], r["id"]
        assert c_eng.nodes == n_eng.nodes, r["id"]


def test_reference_deals_all_cards_and_line(reference_deals):
    n_eng, c_eng = numba_engine(reuse_table=True), cython_engine(reuse_table=True)
    for r in reference_deals[:10] + reference_deals[-6:]:
        pos = position_from_json(r)
        a = c_eng.analyse(pos, all_cards=True, line=True)
        b = n_eng.analyse(pos, all_cards=True, line=True)
        assert a.card_values == b.card_values and a.line == b.line and a.nodes == b.nodes, r["id"]
        best = max if _maximiser(pos) else min
        assert best(a.card_values.values()) == r["declarer_tricks"], r["id"]
        p = pos.copy()
        for c in a.line:
            p.play(c)
        assert p.is_over() and p.taken[p.declarer] == r["declarer_tricks"], r["id"]


def test_hand_checked_ending():
    """Spades trump, declarer (0) on lead with AK of trumps against QJ and T9: two tricks;
    leading the K or the A is the same (touching), so both cards are worth 2."""
    pos = Position(hands=[["As", "Ks"], ["Qs", "Js"], ["Ts", "9s"]], contract="7s", declarer=0, leader=0)
    a = cython_engine().analyse(pos, all_cards=True, line=True)
    assert a.declarer_tricks == 2
    assert {str(c): v for c, v in a.card_values.items()} == {"As": 2, "Ks": 2}


def test_hand_checked_misere_exit():
    """Misère, declarer (0) holds 7h 8d and leads; West (1) has 9h Ad, East (2) Th Kd.
    Leading 7h (under both defenders' hearts) then 8d under both diamonds: no trick; the
    8d first also ducks. Both leads keep him clean, so the value is 0 for either card."""
    pos = Position(hands=[["7h", "8d"], ["9h", "Ad"], ["Th", "Kd"]], contract="misere", declarer=0, leader=0)
    assert cython_engine().card_values(pos) == {c: 0 for c in pos.legal_moves()}


# ---------------------------------------------------------------- random positions

@settings(max_examples=800, **SETTINGS)
@given(st.data())
@pytest.mark.slow
def test_mtd_search_and_table_identical(data):
    """On the same arrays: the same value, statistics and table for the root, for every
    child (each allowed card played) and for every null-window target."""
    pos = data.draw(positions(max_cards=5))
    cons = data.draw(constraints_for(pos)) if data.draw(st.booleans()) else NO_CONSTRAINTS
    favour = None
    if not pos.is_misere and not cons and data.draw(st.booleans()):
        favour = data.draw(st.sampled_from([s for s in range(3) if s != pos.declarer]))
    t = Twin(pos, cons, favour)
    root = t.root
    hi = t.hi(root)
    value = t.mtd(root, 0, hi, data.draw(st.integers(0, hi)))
    for target in range(0, hi + 2):
        assert t.search(root, target) == (1 if value >= target else 0)
    for card in t.e._allowed(root, cons):
        child, _ = t.e._child(root, cons, card)
        ch = t.hi(child)
        t.mtd(child, 0, ch, ch // 2)


@settings(max_examples=1000, **SETTINGS)
@given(st.data())
@pytest.mark.slow
def test_card_values_match_reference(data):
    """Every card's value (each legal card played and the child solved), with and without
    constraints, trump / no-trump / misère, mid-trick: the Cython engine = plain minimax."""
    pos = data.draw(positions(max_cards=4))
    cons = data.draw(constraints_for(pos)) if data.draw(st.booleans()) else NO_CONSTRAINTS
    e = cython_engine(table_mb=0.06)
    assert e.solve(pos, cons) == ref.solve(pos, cons)
    assert e.card_values(pos, cons) == ref.card_values(pos, cons)


@settings(max_examples=300, **SETTINGS)
@given(st.data())
@pytest.mark.slow
def test_split_matches_reference(data):
    pos = data.draw(positions(max_cards=3, strains=["s", "h", "nt"]))
    favour = data.draw(st.sampled_from([s for s in range(3) if s != pos.declarer]))
    a = cython_engine(table_mb=0.06).analyse(pos, favour=favour)
    decl, x = ref.solve_split(pos, favour)
    assert a.declarer_tricks == decl
    assert a.defender_tricks[favour] == x


@settings(max_examples=150, **SETTINGS)
@given(positions(min_cards=6, max_cards=8, mid_trick=True))
def test_larger_positions_same_as_numba(pos):
    """Deeper searches, the table reused across the calls of one analysis: identical
    card values, principal line and node count; the line realises the value."""
    a = cython_engine(table_mb=1, reuse_table=True).analyse(pos, all_cards=True, line=True)
    b = numba_engine(table_mb=1, reuse_table=True).analyse(pos, all_cards=True, line=True)
    assert (a.declarer_tricks, a.card_values, a.line, a.nodes) == (b.declarer_tricks, b.card_values, b.line, b.nodes)
    p = pos.copy()
    start = p.taken[p.declarer]
    for c in a.line:
        p.play(c)
    assert p.is_over() and p.taken[p.declarer] - start == a.declarer_tricks


# ---------------------------------------------------------------- the table, the budget, bad input

def test_a_table_filled_by_one_backend_serves_the_other(reference_deals):
    """Entries are exact facts in one layout: Numba re-solving on Cython's table (same
    generation) finds the answer with fewer nodes than from empty, and the same value."""
    pos = position_from_json(reference_deals[3])
    t = Twin(pos, table_entries=1 << 16)
    hi = t.hi(t.root)
    v = t.mtd(t.root, 0, hi, hi // 2)
    fresh_nodes = int(t.stats["numba"][core.S_NODES])
    t.tt["numba"] = t.tt["cython"]  # Numba reads the table Cython wrote
    head, tail = t._common(t.root, "numba")
    assert NB.mtd(*head, np.int64(0), np.int64(hi), np.int64(hi // 2), *tail, *TABLES) == v
    assert t.stats["numba"][core.S_NODES] < fresh_nodes


def test_node_budget_stops_search(reference_deals):
    e = cython_engine(node_budget=500)
    with pytest.raises(SearchLimitError, match="node budget"):
        e.solve(position_from_json(reference_deals[19]))
    assert e._stats[core.S_ABORT] == 1


def test_penalty_card_changes_the_answer():
    """No-trump, the declarer (0) holds K♥ 7♠, seat 1 A♥ 8♥, seat 2 9♠ 8♠; 0 leads.
    Free: on the K♥ seat 1 wins with the A♥ and cashes the 8♥ (declarer 0); on the 7♠
    seat 2 wins and the declarer's K♥ falls to the A♥ later (0). With the 8♥ exposed
    ("first": play it at the first chance) seat 1 must drop it under the K♥, which wins,
    then seat 2 takes the spade: 1 trick, only by leading the K♥ (the 7♠ first: seat 1
    discards the 8♥, seat 2 wins and the A♥ beats the K♥ at the end: 0)."""
    pos = Position(hands=[["Kh", "7s"], ["Ah", "8h"], ["9s", "8s"]], contract="nt", declarer=0, leader=0)
    free = cython_engine().card_values(pos)
    assert {str(c): v for c, v in free.items()} == {"Kh": 0, "7s": 0}
    cons = Constraints((PenaltyCard(1, "8h", "first"),), None, None)
    forced = cython_engine().card_values(pos, cons)
    assert {str(c): v for c, v in forced.items()} == {"Kh": 1, "7s": 0}
    assert forced == ref.card_values(pos, cons)


@pytest.mark.parametrize("field,bad", [("root_h", np.zeros(2, np.int64)), ("cfg", np.zeros(5, np.int64)),
                                       ("tt", np.zeros(12, np.int64)), ("stats", np.zeros(4, np.int64))])
def test_bad_arrays_are_refused_with_the_field_named(reference_deals, field, bad):
    t = Twin(position_from_json(reference_deals[0]))
    head, tail = t._common(t.root, "cython")
    names = ["root_h", "root_leader", "root_nt", "root_tc", "root_cs", "cfg", "pen_mask", "pen_flags",
             "plan_cards", "tt", "gen", "stats"]
    argv = list(head) + [np.int64(3)] + list(tail)
    argv[names.index(field) + (1 if names.index(field) >= 5 else 0)] = bad
    with pytest.raises(ValueError, match=field):
        CY.search(*argv, *TABLES)


def test_compiled_layout_matches_layout_module():
    """The extension's array indices are compiled in (kernel.pxd includes layout.pxi, which
    layout.py writes): the file must be what layout.py writes now, and the build made from it."""
    import pathlib

    from solver.engine import layout

    pxi = pathlib.Path(layout.__file__).with_name(layout.PXI)
    assert pxi.read_text() == layout.pxi_text(), "layout.pxi is stale: rebuild (python setup.py build_ext --inplace)"
    assert {k for k, v in vars(layout).items() if k.isupper() and isinstance(v, int)} == set(layout.__all__)
    assert CY.kernel.BUILT_LAYOUT == layout.LAYOUT_HASH, "the extension is stale: rebuild it (setup.py build_ext)"
    assert NB.kernel.BUILT_LAYOUT == layout.LAYOUT_HASH
    changed = dict(layout.layout_items(), W_HIST=layout.W_HIST + 1)  # the digest tells a changed layout
    assert layout.layout_hash(changed.items()) != layout.LAYOUT_HASH


def test_tables_same_in_both_compilations_and_by_hand():
    for mine, theirs in zip(CY.tables, NB.tables):
        np.testing.assert_array_equal(mine, theirs)
    SQ, REP, SPREAD, NTH = CY.tables
    alive = 0b00101101  # cards 0, 2, 3, 5 of a suit still out
    assert SQ[alive * 256 + 0b00100100] == 0b1010  # cards 2 and 5 are the 2nd and 4th live ones
    assert REP[alive * 256 + 0b00100100] == 0b00100100  # card 3 between them: two runs
    assert REP[alive * 256 + 0b00001100] == 0b00000100  # 2 and 3 touch: one run, its lowest
    assert REP[alive * 256 + 0b00101000] == 0b00001000  # 3 and 5 touch once 4 (played) is out
    assert SPREAD[0b101] == 0b10001
    assert [NTH[0b10100100 * 8 + k] for k in range(3)] == [2, 5, 7]


def test_tables_header_is_what_tables_py_writes():
    """The Cython build compiles in the tables that tables.py filled at build time (tables.h,
    setup.py writes it): the file must be what tables.py writes now (the extension's SQ …
    are compared with Numba's above; its misère table by the searches' equality)."""
    import pathlib

    from solver.engine import tables

    h = pathlib.Path(tables.__file__).with_name("tables.h")
    assert h.read_text() == tables.header_text(), "tables.h is stale: rebuild (python setup.py build_ext --inplace)"
    misere = np.zeros(65536, np.uint8)
    tables.misere_suits_fill(misere)
    np.testing.assert_array_equal(NB.kernel.MISERE_SUITS, misere)  # Numba's (jitted fill) = plain Python's


# ---------------------------------------------------------------- threads

def test_threads_one_table_each_give_the_sequential_answers(reference_deals):
    deals = [position_from_json(r) for r in reference_deals[:16]]
    expected = [r["declarer_tricks"] for r in reference_deals[:16]]
    results = [None] * len(deals)

    def work(k):
        e = cython_engine()  # one table per thread
        for i in range(k, len(deals), 4):
            results[i] = e.solve(deals[i])

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert results == expected


def test_search_releases_the_gil(reference_deals):
    """While one thread searches, another runs Python and sees the table half-written.

    The worker clears its table and runs one long mtd (~0.1 s: a hard misère deal on a
    256-entry table, entries overwritten all the time). The main thread snapshots the
    table meanwhile. Were the GIL held through the C call, every snapshot would show the
    table either empty (before the call) or final (after it): never anything between."""
    t = Twin(position_from_json(next(r for r in reference_deals if r["id"] == "eshav8")), table_entries=256)
    head, tail = t._common(t.root, "cython")
    tt = t.tt["cython"]
    empty = bytes(tt.nbytes)
    seen_between = False
    for _ in range(3):  # a busy machine may not schedule the main thread at all once
        started, done = threading.Event(), threading.Event()

        def worker(started=started, done=done):
            tt[:] = 0
            started.set()
            CY.mtd(*head, 0, 10, 0, *tail, *TABLES)
            done.set()

        th = threading.Thread(target=worker)
        th.start()
        started.wait()
        snaps = []
        while not done.is_set():
            snaps.append(tt.tobytes())
        th.join()
        final = tt.tobytes()
        if any(s not in (empty, final) for s in snaps):
            seen_between = True
            break
    assert seen_between


# ---------------------------------------------------------------- the plain-Python run of the kernel

@settings(max_examples=60, **SETTINGS)
@given(st.data())
def test_plain_python_kernel_same_as_compiled(data):
    """``PREFDD_ENGINE=python`` runs kernel.py uncompiled (for debuggers and coverage): the
    same values, card values and node counts as the compiled kernel."""
    pos = data.draw(positions(max_cards=3))
    cons = data.draw(constraints_for(pos)) if data.draw(st.booleans()) else NO_CONSTRAINTS
    a = Engine(backend="python", table_mb=0.06).analyse(pos, cons, all_cards=True)
    b = cython_engine(table_mb=0.06).analyse(pos, cons, all_cards=True)
    assert (a.declarer_tricks, a.card_values, a.nodes) == (b.declarer_tricks, b.card_values, b.nodes)
    assert a.declarer_tricks == ref.solve(pos, cons)


def test_every_kernel_function_is_compiled_by_numba_too():
    """Each function kernel.pxd declares (the entry points, which release the GIL in Python,
    are searcher.pxd's; the lookup tables are filled by tables.py) is njit-ed in the Numba
    module: none falls back to slow Python calls there."""
    import pathlib
    import re

    from numba.core.registry import CPUDispatcher

    pxd = (pathlib.Path(CY.kernel.__file__).with_name("kernel.pxd")).read_text()
    names = set(re.findall(r"^cdef (?:inline )?[\w\s(),*]*?\b(\w+)\(", pxd, re.M))
    names |= {"u64", "i64", "lowest_index", "highest_bit", "pop8"}
    assert not names & {"run_search", "run_mtd", "data", "data8", "Searcher"}
    assert {"search_with", "order_moves", "tt_victim", "misere_verdict"} <= names
    plain = sorted(n for n in names if not isinstance(getattr(NB.kernel, n), CPUDispatcher))
    assert plain == []
