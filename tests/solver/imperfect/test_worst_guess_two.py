"""The worst-guess search in two processes (issue 38): the same figures as one process.

From 20,000 layouts at the first decision (``worst_guess.TWO_FROM``) the search forks a second
process that searches the same tree with the cards of the first two tricks read from the last
(``_Search.mirror``); each sends the other every position it finishes, and takes the other's
instead of searching it again. A position's value is fixed by its memo key, so the values are
those of one process; what one process would have *counted* (``positions``, the scans behind
the layouts note) is read back from each finished position's record — the positions its value
read, in the first process's order (``_Search.walk``): nothing searched only because of the
other order is counted, and nothing is counted twice.

The threshold is lowered here so that small random endings take the two-process path; the
deterministic tests feed one search another's finished positions by hand (the exchange
without its timing)."""
import os
import random

import pytest
from helpers.endings import random_endings

import solver.imperfect.worst_guess as wg
from solver.engine import Engine, cy_backend
from solver.hands import cards_of
from solver.imperfect import InfoSet, worst_guess_play
from solver.imperfect.views import canonical_code, canonical_key

ENGINE = Engine(reuse_table=True)
CASES = [(4, 41, 0), (4, 42, 1), (5, 43, 2), (5, 44, 0)]


def _infos(n=4):
    for cards, seed, first in CASES:
        for pos in random_endings(n, cards, seed, first):
            yield InfoSet.from_position(pos)


def _one(monkeypatch, info, **kw):
    with monkeypatch.context() as m:
        m.setattr(wg, "TWO_FROM", 10 ** 9)
        return worst_guess_play(info, Engine(reuse_table=True), **kw)


def _same(a, b):
    assert (a.declarer_tricks, a.line, a.tricks, a.exact, a.bounds) == (b.declarer_tricks, b.line, b.tricks, b.exact,
                                                                        b.bounds)
    assert [d.to_json() for d in a.decisions] == [d.to_json() for d in b.decisions]
    assert a.positions == b.positions
    assert a.scans == b.scans and a.short_scans == b.short_scans


def _bare(info, guess="every_sequence", cands="best_somewhere"):
    s = wg._Search(info, Engine(reuse_table=True), guess, [], None, False, cands, None)
    s.records = {}
    return s


@pytest.mark.parametrize("guess", ["every_sequence", "greedy"])
def test_two_processes_give_what_one_gives(monkeypatch, guess):
    if not cy_backend.available():
        pytest.skip("only the Cython backend forks")
    monkeypatch.setattr(wg, "TWO_FROM", 1)
    forked = 0
    real_two = wg._Search.two

    def two(self, view):
        nonlocal forked
        pid = real_two(self, view)
        forked += pid is not None
        return pid

    monkeypatch.setattr(wg._Search, "two", two)
    for info in _infos():
        for cands in ("best_somewhere", "undominated"):
            one = _one(monkeypatch, info, guess=guess, candidates=cands)
            # Cython named: an earlier test may leave $PREFDD_ENGINE at another backend
            both = worst_guess_play(info, Engine(reuse_table=True, backend="cython"), guess=guess, candidates=cands)
            _same(both, one)
    assert forked > 0 or (os.cpu_count() or 1) < 2


def test_the_second_order_alone_counts_what_the_first_counts(monkeypatch):
    # The second process's order on its own (no other process): the same values, and its
    # records walked give the first order's positions and scans, in the first order's order —
    # at a floor it also read the cards the first order reads before it.
    floors = 0
    for info in _infos():
        for cands in ("best_somewhere", "undominated"):
            one = _one(monkeypatch, info, candidates=cands)
            if info.pos.is_over():
                continue
            s = _bare(info, cands=cands)
            s.mirror = True
            pess, opt = s.value(info, 0, False)
            assert pess == opt == one.declarer_tricks - info.pos.taken[info.pos.declarer]
            s.walk([s.keyof(info)])
            assert len(s.walked) == one.positions
            assert [(t, c, n) for t, c, n, _ in s.walked_scans] == one.scans
            floors += len(s.memo) > one.positions   # it searched some the first order did not need
    assert floors > 0


@pytest.mark.parametrize("share", [2, 3])
def test_positions_taken_from_the_other_process_lose_and_double_nothing(monkeypatch, share):
    # One search fed part of another's finished positions (every ``share``-th and those their
    # values read, as the pipe brings them): the same values and line, and the walk counts
    # each position once, exactly those one process searches — none lost under a position
    # taken whole, none the other order alone searched.
    for info in _infos():
        if info.pos.is_over():
            continue
        one = _one(monkeypatch, info)
        other = _bare(info)
        other.mirror = True
        other.value(info, 0, False)
        root = other.keyof(info)
        s = _bare(info)
        # a position arrives after every one its value read (the other finished them first)
        todo = [k for i, k in enumerate(sorted(other.memo)) if i % share == 0 and k != root]
        while todo:
            k = todo.pop()
            if k not in s.memo:
                s.memo[k] = other.memo[k]
                s.records[k] = other.records[k]
                todo += other.records[k][0]
        pess, opt = s.value(info, 0, False)
        assert pess == opt == one.declarer_tricks - info.pos.taken[info.pos.declarer]
        s.walk([root])
        s.touched = []
        line, decs = s.line(info, 0, False)
        s.walk(s.touched)
        assert line == one.line
        assert [d.to_json() for d in decs] == [d.to_json() for d in one.decisions]
        assert len(s.walked) == one.positions
        assert [(t, c, n) for t, c, n, _ in s.walked_scans] == one.scans


def test_the_memo_code_has_the_memo_key_s_equality():
    # ``canonical_code`` (one int) is equal for two declarer views exactly when
    # ``canonical_key`` is: every line of small endings (positions met again, voids shown),
    # with and without a card a defender is known to hold.
    rng = random.Random(38)
    by_key: dict = {}
    by_code: dict = {}

    def every(v):
        by_key.setdefault(canonical_key(v), set()).add(canonical_code(v))
        by_code.setdefault(canonical_code(v), set()).add(canonical_key(v))
        if not v.pos.is_over():
            for c in v.pos.legal_moves():
                every(v.after(c))

    for pos in random_endings(12, 3, 38) + random_endings(6, 3, 39, 1) + random_endings(6, 3, 40, 2):
        every(InfoSet.from_position(pos))
        a = (pos.declarer + 1) % 3
        every(InfoSet.from_position(pos, known={a: [str(rng.choice(cards_of(pos.hands[a])))]}))
    assert all(len(x) == 1 for x in by_key.values())
    assert all(len(x) == 1 for x in by_code.values())
    assert len(by_key) > 1000 and sum(1 for v in by_key.values()) < sum(1 for _ in by_code) + 1


def _windows(n=3):
    # the information rules' searches: a recorded line from the view (a random legal one), his
    # decisions counted in a window of its first cards, every decision resolved against him
    rng = random.Random(114)
    for info in _infos(n):
        if info.pos.is_over():
            continue
        p, rest = info.pos.copy(stack=False), []
        while not p.is_over():
            c = rng.choice(p.legal_moves())
            rest.append(str(c))
            p.play(c)
        for window in (3, 5, None):
            yield info, rest, window


def _window(engine, info, rest, window):
    return wg.resolve_against(info, engine, history=rest, window=window, informed=True, candidates="undominated")


def test_an_information_window_in_two_processes_gives_what_one_gives(monkeypatch):
    # 1.1.4's search (the declarer's view, a history and a window) in two processes: the keys
    # on the recorded line carry the depth, a child past the window is solved, not searched
    if not cy_backend.available():
        pytest.skip("only the Cython backend forks")
    monkeypatch.setattr(wg, "TWO_FROM", 1)
    forked = 0
    real_two = wg._Search.two

    def two(self, view):
        nonlocal forked
        pid = real_two(self, view)
        forked += pid is not None
        return pid

    monkeypatch.setattr(wg._Search, "two", two)
    for info, rest, window in _windows():
        with monkeypatch.context() as m:
            m.setattr(wg, "TWO_FROM", 10 ** 9)
            one = _window(Engine(reuse_table=True), info, rest, window)
        both = _window(Engine(reuse_table=True, backend="cython"), info, rest, window)
        _same(both, one)
    assert forked > 0 or (os.cpu_count() or 1) < 2


def test_a_window_s_second_order_alone_counts_what_the_first_counts(monkeypatch):
    for info, rest, window in _windows():
        with monkeypatch.context() as m:
            m.setattr(wg, "TWO_FROM", 10 ** 9)
            one = _window(Engine(reuse_table=True), info, rest, window)
        history = [wg.Card.parse(c) for c in rest]
        s = wg._Search(info, Engine(reuse_table=True), "every_sequence", history, window, True, "undominated", None)
        s.records = {}
        s.mirror = True
        pess, opt = s.value(info, 0, True)
        assert pess == opt == one.declarer_tricks - info.pos.taken[info.pos.declarer]
        s.walk([s.memo_key(info, 0, True)])
        s.touched = []
        line, decs = s.line(info, 0, True)
        s.walk(s.touched)
        assert line == one.line
        assert [d.to_json() for d in decs] == [d.to_json() for d in one.decisions]
        assert len(s.walked) == one.positions
        assert [(t, c, n) for t, c, n, _ in s.walked_scans] == one.scans


def test_the_prescan_reads_every_decision_one_process_would_split(monkeypatch):
    # Before the second process starts, every decision of SPLIT_FROM layouts or more that the
    # search can meet is scanned (split as one process splits it): the search scans none itself
    import solver.imperfect.candidates as cand
    monkeypatch.setattr(cand, "SPLIT_FROM", 6)
    real = wg.candidate_moves
    big = 0

    def scan(node, *a, **k):
        assert node.count < cand.SPLIT_FROM
        return real(node, *a, **k)

    for info, rest, window in _windows(2):
        history = [wg.Card.parse(c) for c in rest]
        s = wg._Search(info, Engine(reuse_table=True), "every_sequence", history, window, True, "undominated", None)
        s.workers = 1   # (what is scanned, not how)
        s.prescan(info, 0, True, set())
        big += len(s.decisions)
        with monkeypatch.context() as m:
            m.setattr(wg, "candidate_moves", scan)
            s.value(info, 0, True)
    assert big > 0
