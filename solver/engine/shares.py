"""One split of a layout scan across processes, for every scan that splits.

The candidates' pair states, single dummy's tallies and the engine's layouts loop each run
``part(job, k, n)`` for k = 0 .. n-1 through :func:`in_shares`: one forked process a share,
the job handed over by the fork (nothing pickled on the way in: the compiled kernel and the
parent's table come along), each share's answer sent back on a pipe. A share that dies
(``kill -9``, the out-of-memory killer) is named at once — a pool would wait for its answer
for ever — and the others are stopped. Where the platform cannot fork, the shares run one
after the other in this process: the same answers, one core.
"""
from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from typing import Any

from ..errors import PositionError

_IN_CHILD: list = [False]  # this process is a share: it splits nothing further
SHARE: list = [0]  # in a share forked by in_shares(fresh_tables=True), its pid (its engines make fresh layouts tables); else 0


def default_workers() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Shares may run in forked processes here: the platform forks and this process is not a
    share itself. (The shares are forked with ``os.fork``, not as ``multiprocessing``
    children: the web desk's workers, daemon processes, split their scans as the CLI does.)"""
    return sys.platform != "win32" and hasattr(os, "fork") and not _IN_CHILD[0]


def will_fork(n: int) -> bool:
    """:func:`in_shares` runs ``n`` shares at once, each in its own process (not in turn)."""
    return n >= 2 and can_fork()


def in_shares(part: Callable[[Any, int, int], Any], job: Any, n: int, poll: Callable[[], None] | None = None,
              every: float = 0.5, fresh_tables: bool = False) -> list:
    """``[part(job, k, n) for k in range(n)]``, each in a forked process where :func:`can_fork`
    (else in turn, here). ``poll`` is called every ``every`` seconds while they run (progress).
    An exception in a share is raised here; a share that dies raises
    :class:`~solver.errors.PositionError` (``share_died``). ``fresh_tables``: a forked share's
    engines search layouts tables of their own (:data:`SHARE`; ``Engine._layouts_searcher``)."""
    if not will_fork(n):
        out = []
        for k in range(n):
            out.append(part(job, k, n))
            if poll is not None:
                poll()
        return out
    from multiprocessing.connection import Connection, wait

    pids: list = []
    conns: list = []
    try:
        for k in range(n):
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:   # the share: never returns
                os.close(r)
                _share(Connection(w, readable=False), part, job, k, n, fresh_tables)
            os.close(w)
            pids.append(pid)
            conns.append(Connection(r, writable=False))
        results: list = [None] * n
        pending = set(range(n))
        while pending:
            ready = wait([conns[k] for k in pending], timeout=every)
            if poll is not None:
                poll()
            for conn in ready:
                k = conns.index(conn)  # type: ignore[arg-type]
                try:
                    kind, payload = conns[k].recv()
                except EOFError:
                    code = _reap(pids, k)
                    raise PositionError.of("share_died", None, k=k + 1, n=n, code=code) from None
                if kind == "error":
                    raise payload
                results[k] = payload
                pending.discard(k)
    finally:
        for k, pid in enumerate(pids):
            if pid:
                try:
                    os.kill(pid, signal.SIGKILL)   # a share still running: its answer is not needed
                except ProcessLookupError:
                    pass
                _reap(pids, k)
        for conn in conns:
            conn.close()
    return results


def _reap(pids: list, k: int) -> int | None:
    """Wait for share ``k`` to end; its exit code as ``multiprocessing`` gives it (``-9``: killed
    by that signal). A share already reaped gives None."""
    pid = pids[k]
    if not pid:
        return None
    pids[k] = 0
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


def _share(conn, part, job, k: int, n: int, fresh_tables: bool = False) -> None:
    """In a forked child: share ``k`` of the job, its answer (or its exception) sent back; the
    child ends here (``os._exit``: nothing of the parent's — its exit handlers, its buffers —
    runs twice)."""
    code = 0
    try:
        if fresh_tables:
            SHARE[0] = os.getpid()
        become_share()
        try:
            conn.send(("done", part(job, k, n)))
        except BaseException as e:  # noqa: BLE001 (sent to the parent, which raises it)
            try:
                conn.send(("error", e))
            except Exception:  # noqa: BLE001 (an exception that does not pickle: its words)
                conn.send(("error", RuntimeError(f"{type(e).__name__}: {e}")))
        conn.close()
    except BaseException:  # noqa: BLE001 (the parent names a share that sent nothing)
        code = 1
    finally:
        os._exit(code)


def become_share() -> None:
    """This process is from now a share of a split (a forked share, or the worst-guess search's
    second process): it splits nothing further, and dies with its parent."""
    _IN_CHILD[0] = True
    _die_with_parent()


def _die_with_parent() -> None:
    """Linux: this share is killed when its parent dies (``kill -9`` of ``prefdd``): an orphaned
    share would keep a core busy to the end of its layouts for an answer nobody reads.
    Elsewhere nothing: the share then stops at its next write to the closed pipe."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, 9)   # PR_SET_PDEATHSIG, SIGKILL
        if os.getppid() == 1:   # the parent died before the call
            os._exit(1)
    except (OSError, AttributeError):
        pass
