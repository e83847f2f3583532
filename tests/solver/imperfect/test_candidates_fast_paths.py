"""The candidate scan's fast paths against its plain path (issue 38).

* **Witness-first order**: an exact scan of many layouts looks at the real layout and a
  chunk spread over all of them first, then the rest (:func:`candidates.witness_first`).
  Every layout once, none left out: the same candidates, dominated cards and counts as the
  enumeration's own order.
* **Shared witnesses**: a scan split across processes publishes each share's witnesses to the
  others (a pair one share settled is not solved again by the rest). Split or not, the same
  decision.
* **Progress**: an engine with ``scan_progress`` hears every decision's scan, from its start
  to its end, with the layouts settled.

The thresholds are lowered here (a chunk of 32 layouts, witness-first from 256, a split from
300) so that small random endings — a few hundred layouts each, brute-force checked elsewhere
(``test_imperfect_bruteforce.py``) — take every path.
"""

from helpers.endings import random_endings

import solver.imperfect.candidates as cand
from solver.engine import Engine
from solver.imperfect import InfoSet
from solver.imperfect.candidates import candidate_moves

ENGINE = Engine(reuse_table=True)


def _decisions(n=12, cards=6, seed=38):
    out = []
    for pos in random_endings(n, cards, seed, 0):
        info = InfoSet.from_position(pos)
        if info.pos.to_move == info.pos.declarer and info.count >= 300:
            out.append(info)
    return out


def _plain(monkeypatch, info, rule):
    monkeypatch.setattr(cand, "WITNESS_FIRST", 10 ** 9)
    monkeypatch.setattr(cand, "SPLIT_FROM", 10 ** 9)
    return candidate_moves(info, Engine(reuse_table=True), candidates=rule, counts=False, workers=1)


def _same(a, b):
    assert a.candidates == b.candidates
    assert a.dominated == b.dominated
    assert a.exact and b.exact
    assert a.real_values == b.real_values


def test_the_witness_first_order_lists_every_layout_once(monkeypatch):
    monkeypatch.setattr(cand, "WITNESS_FIRST", 16)
    info = max(_decisions(), key=lambda i: i.count)
    plain = list(info.layouts())
    fast = list(cand.witness_first(info, info.layouts(), 40))
    assert fast[0] == info.real
    assert len(fast) == len(set(fast)) == len(plain) == info.count
    assert set(fast) == set(plain)


def test_witness_first_and_shared_witnesses_decide_as_the_plain_scan(monkeypatch):
    infos = _decisions()
    assert len(infos) >= 4
    checked = 0
    for rule in ("undominated", "best_somewhere"):
        for info in infos:
            plain = _plain(monkeypatch, info, rule)
            monkeypatch.setattr(cand, "CHUNK", 32)
            monkeypatch.setattr(cand, "WITNESS_FIRST", 16)
            for workers in (1, 2):
                monkeypatch.setattr(cand, "SPLIT_FROM", 300 if workers == 2 else 10 ** 9)
                fast = candidate_moves(info, Engine(reuse_table=True), candidates=rule, counts=False, workers=workers)
                _same(fast, plain)
                assert fast.covered <= info.count
                checked += 1
            monkeypatch.undo()
    assert checked == 4 * len(infos)


def test_counted_scans_are_the_same_whatever_the_split(monkeypatch):
    info = max(_decisions(), key=lambda i: i.count)
    monkeypatch.setattr(cand, "CHUNK", 32)
    monkeypatch.setattr(cand, "SPLIT_FROM", 10 ** 9)
    one = candidate_moves(info, Engine(reuse_table=True), counts=True, workers=1)
    monkeypatch.setattr(cand, "SPLIT_FROM", 300)
    two = candidate_moves(info, Engine(reuse_table=True), counts=True, workers=2)
    _same(one, two)
    assert one.best_in == two.best_in and one.best_in is not None


def test_two_shares_run_by_one_process_count_each_layout_once(monkeypatch):
    """One process may run two shares of one split one after the other (where the platform
    cannot fork; once, a pool process while the other was slow to start). Each share works
    on the scan as it was handed over, so the layouts covered and the counts come out as the
    unsplit scan's — seen on a loaded machine as 1,400 layouts covered of 924 before each
    share had its own copy."""
    info = max(_decisions(), key=lambda i: i.count)
    monkeypatch.setattr(cand, "CHUNK", 32)
    monkeypatch.setattr(cand, "SPLIT_FROM", 10 ** 9)
    one = candidate_moves(info, Engine(reuse_table=True), counts=True, workers=1)

    def one_process(part, job, n, poll=None, **_):  # every share in this process, in turn
        return [part(job, k, n) for k in range(n)]

    monkeypatch.setattr(cand, "in_shares", one_process)
    monkeypatch.setattr(cand, "will_fork", lambda n: False)   # as where the platform cannot fork:
    # shares in turn cannot wait for each other at a barrier
    monkeypatch.setattr(cand, "SPLIT_FROM", 300)
    two = candidate_moves(info, Engine(reuse_table=True), counts=True, workers=2)
    _same(one, two)
    assert two.covered == one.covered == info.count
    assert two.best_in == one.best_in


class _Heard(Engine):
    def __init__(self):
        super().__init__(reuse_table=True)
        self.heard = []

    def scan_progress(self, covered, total, done):
        self.heard.append((covered, total, done))


def test_an_engine_with_a_progress_hook_hears_each_scan(monkeypatch):
    info = max(_decisions(), key=lambda i: i.count)
    monkeypatch.setattr(cand, "CHUNK", 32)
    for workers, split in ((1, 10 ** 9), (2, 300)):
        monkeypatch.setattr(cand, "SPLIT_FROM", split)
        eng = _Heard()
        d = candidate_moves(info, eng, counts=True, workers=workers)
        assert eng.heard[0] == (0, info.count, False)
        assert eng.heard[-1] == (info.count, info.count, True)
        assert sum(done for _, _, done in eng.heard) == 1
        assert d.covered == info.count
        if workers == 1:  # a report after each chunk (a split scan's parent polls its shares twice a second)
            assert len(eng.heard) == 2 + -(-info.count // 32)


def test_a_capped_scan_reads_the_same_layouts_in_shares_and_decides_the_same(monkeypatch):
    """Past the cap, the capped layouts (the real one and a spread) are read head first, then
    each share a contiguous stretch of them by number: the same set, the same decision, proven
    or not, as the spread order read as it is."""
    infos = _decisions()
    monkeypatch.setattr(cand, "CHUNK", 32)
    monkeypatch.setattr(cand, "SPLIT_FROM", 100)
    monkeypatch.setattr(cand, "CAPPED_HEAD", 1)  # a short head: the sorted stretches are read too
    checked = inexact = 0
    for info in infos:
        cap = info.count // 3
        capped = cand.capped_layouts(info, cap)
        for head in (1, 2):
            monkeypatch.setattr(cand, "CAPPED_HEAD", head)
            for n in (1, 2, 3):
                got = [lay for k in range(n) for part in cand._CappedInShares(info, capped, cap).chunks(32, (k, n))
                       for lay in part]
                assert sorted(got) == sorted(capped) and len(got) == cap
                assert got[0] == info.real
        for rule in ("undominated", "best_somewhere"):
            with monkeypatch.context() as m:
                m.setattr(cand, "_CappedInShares", lambda view, layouts, cap: layouts)
                plain = candidate_moves(info, Engine(reuse_table=True), candidates=rule, counts=False, workers=1,
                                        cap=cap)
            for workers in (1, 2):
                fast = candidate_moves(info, Engine(reuse_table=True), candidates=rule, counts=False,
                                       workers=workers, cap=cap)
                assert (fast.candidates, fast.undecided, fast.exact) == (plain.candidates, plain.undecided, plain.exact)
                checked += 1
                inexact += not fast.exact
    assert checked == 4 * len(infos)
    assert 0 < inexact < checked  # both kinds: settled within the cap, and left open by it


def test_a_split_scan_that_stops_on_proof_stops_at_the_same_place_whichever_share_is_slower(monkeypatch):
    """A scan that stops once the worst card on the real layout is proven (a window's last
    decision) runs its shares in step: which cards it proved, and so the card made for him,
    do not depend on which process happened to be faster (one share slowed down by turns)."""
    import time

    monkeypatch.setattr(cand, "SPLIT_FROM", 100)
    monkeypatch.setattr(cand, "FIRST_PIECE", 2)
    monkeypatch.setattr(cand, "CHUNK", 16)
    monkeypatch.setattr(cand, "use_numpy", lambda n: False)
    plain = cand._Scan._update_rows
    seen = 0
    for info in _decisions():
        real = Engine().analyse(info.pos, all_cards=True).card_values
        low = min(real.values())
        settle = [c for c, v in real.items() if v == low]
        got = []
        for slow in (0, 1):
            def update(self, rel, vals, tops, slow=slow):
                if self.share == slow:
                    time.sleep(0.01)
                return plain(self, rel, vals, tops)

            monkeypatch.setattr(cand._Scan, "_update_rows", update)
            d = candidate_moves(info, Engine(reuse_table=True), counts=False, workers=2, settle=settle,
                                settle_one=True, track_equal=True)
            got.append((d.candidates, d.undecided, d.level, d.covered, d.settled))
        assert got[0] == got[1], info.pos
        seen += got[0][4] and bool(got[0][1])
    assert seen > 0   # some scans stopped on proof with cards left undecided
