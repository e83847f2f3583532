"""The one split of every layout scan (:mod:`solver.engine.shares`): answers in order, a
share's exception raised in the parent, a share killed (``kill -9``) named at once — a
process pool would have waited for its answer for ever — and the shares of a share run in
turn, in that process."""
import os
import signal
import time

import pytest

from solver.engine import shares
from solver.errors import PositionError


def _square(job, k, n):
    return (job + k) ** 2, n, os.getpid()


def test_the_answers_come_in_order_each_from_its_own_process():
    got = shares.in_shares(_square, 3, 2)
    assert [g[:2] for g in got] == [(9, 2), (16, 2)]
    assert len({g[2] for g in got} | {os.getpid()}) == 3


def _fails(job, k, n):
    if k == 1:
        raise ValueError("share two is broken")
    return k


def test_an_exception_in_a_share_is_raised_in_the_parent():
    with pytest.raises(ValueError, match="share two is broken"):
        shares.in_shares(_fails, None, 2)


def _dies(job, k, n):
    if k == 1:
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(job)
    return k


def test_a_share_killed_is_named_and_the_others_stopped():
    t0 = time.monotonic()
    with pytest.raises(PositionError) as err:
        shares.in_shares(_dies, 60, 2)
    assert err.value.kind == "share_died" and "exit code -9" in str(err.value)
    assert time.monotonic() - t0 < 30   # not the 60 s the other share would have slept


def _nested(job, k, n):
    return shares.can_fork(), [g[2] for g in shares.in_shares(_square, 0, 2)]


def test_a_share_splits_no_further():
    for can, pids in shares.in_shares(_nested, None, 2):
        assert not can and len(set(pids)) == 1   # its own shares ran in it, in turn


def test_the_shares_die_with_their_parent(tmp_path):
    """``kill -9`` of the process that split a scan takes its shares with it (Linux): no
    orphan keeps a core busy for an answer nobody reads."""
    import subprocess
    import sys

    if not sys.platform.startswith("linux"):
        pytest.skip("the parent-death signal is Linux's")
    pids = tmp_path / "pids"
    code = f"""
import os, time
from solver.engine import shares
def part(job, k, n):
    with open({str(pids)!r}, "a") as f:
        f.write(f"{{os.getpid()}}\\n")
    time.sleep(120)
shares.in_shares(part, None, 2)
"""
    proc = subprocess.Popen([sys.executable, "-c", code])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (not pids.exists() or len(pids.read_text().split()) < 2):
        time.sleep(0.05)
    children = [int(x) for x in pids.read_text().split()]
    assert len(children) == 2
    proc.kill()
    proc.wait()
    deadline = time.monotonic() + 10
    alive = children
    while alive and time.monotonic() < deadline:
        time.sleep(0.05)
        alive = [p for p in children if _alive(p)]
    assert alive == []


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:   # a zombie (dead, not yet reaped by init) is not alive
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def _in_a_daemon(conn):
    conn.send((shares.can_fork(), [g[2] for g in shares.in_shares(_square, 0, 2)], os.getpid()))


def test_a_daemon_worker_splits_too():
    """The web desk's workers are daemon processes, which ``multiprocessing`` lets have no
    children: the shares are forked without it, so a ruling at the desk has both cores as in the
    CLI (it had one)."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    worker = ctx.Process(target=_in_a_daemon, args=(send,), daemon=True)
    worker.start()
    can, pids, me = receive.recv()
    worker.join(30)
    assert can and len(set(pids) | {me}) == 3


def _layouts_share(job, k, n):
    eng, pos, lays = job
    inherited = eng._ltt
    got = eng.solve_layouts(pos, lays[k::n])
    return got, eng._ltt is inherited, 8 * len(eng._ltt)


@pytest.mark.skipif(not shares.can_fork(), reason="the shares run in this process here")
def test_a_share_searches_a_fresh_table_of_its_own():
    """A forked share writes nothing into the parent's layouts table (each page written would be
    a copy-on-write fault): it makes its own, at most SHARE_LAYOUTS_TABLE_MB; the same values."""
    from solver import Position
    from solver.engine import Engine
    from solver.engine.api import SHARE_LAYOUTS_TABLE_MB
    from solver.engine.many import split_layouts

    hands = [sum(1 << c for c in range(i, 15, 3)) for i in range(3)]   # five cards each
    pos = Position(hands, "s", 0, 0)
    lays = list(split_layouts(0, hands[0], hands[1] | hands[2], 1, 5))
    eng = Engine()
    eng.reserve_layouts(100_000)   # the parent's table larger than a share's (128 MB)
    want = eng.solve_layouts(pos, lays)
    table = eng._ltt
    parts = shares.in_shares(_layouts_share, (eng, pos, lays), 2, fresh_tables=True)
    for k, (got, inherited, nbytes) in enumerate(parts):
        assert got == want[k::2]
        assert not inherited and nbytes <= SHARE_LAYOUTS_TABLE_MB << 20 < 8 * len(table)
    for k, (got, inherited, _) in enumerate(shares.in_shares(_layouts_share, (eng, pos, lays), 2)):
        assert got == want[k::2] and inherited   # (not asked: the parent's table, as before)
    assert eng._ltt is table and eng.solve_layouts(pos, lays) == want   # the parent's, as it was
