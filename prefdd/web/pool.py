"""A small pool of worker processes for the searches the page asks for.

Every ruling and every table runs in a worker process, not in the server: the server's
event loop keeps serving the page and its files while rulings compute, and a job can be
stopped for real — when its time budget is spent, or when the browser that asked for it
has gone — by killing its worker (a new one is forked from a preloaded ``forkserver`` in a
few milliseconds). The queue of waiting jobs is bounded: when it is full the server says
so at once (503 with ``Retry-After``) instead of piling work up.

``workers=0`` runs each job in a thread of the server instead (tests; no killing).
"""
from __future__ import annotations

import gc
import logging
import multiprocessing
import signal
import threading
import time
from collections import deque
from concurrent.futures import Future
from typing import Any

from solver.limits import Limits

log = logging.getLogger("prefdd.web")
RSS_LIMIT = 400 * 1024 * 1024  # a worker grown past this after a job is replaced
GROWTH_LIMIT = 48 * 1024 * 1024  # ... or grown by more than this since it started (a long search's
#                                  memo stays in the process's heap after the job: a fresh worker is cheaper)
STOP_GRACE = 10.0  # seconds a stopped search has to state what it proved (its bounds take at most 5)


class Busy(Exception):
    """The queue is full, or the request could not start soon enough to finish within its
    budget: ``wait`` is the queue's expected wait in seconds (the ``Retry-After``)."""

    def __init__(self, why: str, wait: float = 0.0):
        super().__init__(why)
        self.wait = wait


class Stopped(Exception):
    """The job was stopped: ``why`` is "timeout" (``queued``: before it started) or "cancelled"."""

    def __init__(self, why: str, queued: bool = False, waited: float = 0.0):
        super().__init__(why)
        self.why, self.queued, self.waited = why, queued, waited


class WorkerDied(Exception):
    pass


class Job:
    __slots__ = ("name", "payload", "future", "deadline", "cancelled", "started", "created", "progress", "ended", "key")

    def __init__(self, name: str, payload, deadline: float, key: str | None = None):
        self.name, self.payload, self.deadline = name, payload, deadline
        self.key = key or name  # what its expected time is kept under (a ruling: its rule)
        self.created = time.monotonic()
        self.future: Future = Future()
        self.cancelled = threading.Event()
        self.started: float | None = None
        self.ended: float | None = None
        self.progress: dict | None = None  # the last counts the worker's search reported (jobs.report)

    def state(self) -> dict:
        """Where the job is, for the page's progress line: ``queued``/``running``/``done``, the
        seconds since it arrived and the last counts its search reported."""
        now = time.monotonic()
        st = "done" if self.future.done() else "running" if self.started is not None else "queued"
        out = {"state": st, "seconds": round((self.ended or now) - self.created, 1)}
        if self.progress is not None:
            out["progress"] = dict(self.progress)
        return out


def _worker_main(conn) -> None:
    """A worker: run each job sent and send back its outcome, until the pipe closes. While a
    job runs, its search's counts go back as ``("progress", counts)`` (:data:`.jobs.REPORT`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server, which stops us
    from solver import interrupt

    from . import jobs

    # the page's Stop (Pool.stop): the search under way stops at its next check, as at its
    # deadline, and the job answers with what it proved
    signal.signal(signal.SIGUSR1, lambda *_: interrupt.ask())

    last = [0.0]

    def report(counts: dict, force: bool = False) -> None:  # the search's counts, twice a second at most
        now = time.monotonic()
        if force or now - last[0] >= 0.5:
            last[0] = now
            conn.send(("progress", counts))

    while True:
        try:
            name, payload = conn.recv()
        except (EOFError, OSError):
            return
        last[0] = 0.0
        interrupt.clear()  # a stop asked of the last job is not this one's
        jobs.REPORT = report
        try:
            outcome = jobs.run_job(name, payload)
        finally:
            jobs.REPORT = None
        gc.collect()  # what a job left in reference cycles goes now, before the size check
        conn.send(outcome)


class _Slot:
    """One worker process and the thread that feeds it jobs."""

    def __init__(self, pool: Pool, index: int):
        self.pool, self.index = pool, index
        self.proc: Any = None
        self.conn: Any = None
        self.job: Job | None = None
        self.base_rss: int | None = None  # the worker's size when it started
        self.thread = threading.Thread(target=self.loop, name=f"prefdd-worker-{index}", daemon=True)

    def start_process(self) -> None:
        parent, child = self.pool.ctx.Pipe()
        proc = self.pool.ctx.Process(target=_worker_main, args=(child,), daemon=True, name=f"prefdd-worker-{self.index}")
        proc.start()
        child.close()
        self.proc, self.conn = proc, parent
        self.base_rss = _rss(proc.pid)

    def kill(self) -> None:
        if self.proc is not None:
            try:
                self.proc.kill()
                self.proc.join(2)
            except (OSError, ValueError):
                pass
            try:
                self.conn.close()
            except OSError:
                pass
        self.proc = self.conn = None

    def loop(self) -> None:
        pool = self.pool
        while True:
            with pool.cond:
                while not pool.waiting and not pool.closed:
                    pool.cond.wait()
                if pool.closed:
                    self.kill()
                    return
                job = pool.waiting.popleft()
                self.job = job
            try:
                self.run(job)
            except Exception as e:  # a failure of the pool itself: the job fails, the pool goes on
                log.error("prefdd serve: worker %d: %s: %s", self.index, type(e).__name__, e)
                self.kill()
                if not job.future.done():
                    job.future.set_exception(WorkerDied(str(e)))
            finally:
                with pool.cond:
                    self.job = None

    def run(self, job: Job) -> None:
        pool = self.pool
        if job.future.done():
            return
        now = time.monotonic()
        if now > job.deadline or (now - job.created > 0.25 and now + pool.estimate(job.key) > job.deadline):
            # it waited and could no longer finish within its budget: refused now, not killed at its deadline
            pool.count("timeout")
            job.future.set_exception(Stopped("timeout", queued=True, waited=now - job.created))
            return
        if self.proc is None or not self.proc.is_alive():
            self.kill()
            self.start_process()
        job.started = time.monotonic()
        body, limits = job.payload
        if limits.seconds is not None:
            # the search gets what is left of the request's time, less the work after it
            left = job.deadline - job.started - tail(job.deadline - job.created)
            limits = Limits(limits.nodes, round(max(0.5, limits.within(Limits(seconds=left)).seconds or 0), 2))
        self.conn.send((job.name, (body, limits)))
        while True:
            if self.conn.poll(0.05):
                try:
                    out = self.conn.recv()
                except (EOFError, OSError):
                    self.kill()
                    pool.count("died")
                    job.future.set_exception(WorkerDied("the worker process ended"))
                    return
                if isinstance(out, tuple) and out and out[0] == "progress":
                    job.progress = out[1]
                    continue
                job.ended = time.monotonic()
                pool.took(job.key, job.ended - job.started)
                pool.count("done")
                job.future.set_result(out)
                self.recycle_if_large()
                return
            why = ("cancelled" if job.cancelled.is_set() else "timeout" if time.monotonic() > job.deadline
                   else "died" if not self.proc.is_alive() else None)
            if why is not None:
                job.ended = time.monotonic()
                if why == "timeout":  # it ran to its deadline: at least that long, for the next estimate
                    pool.took(job.key, job.ended - job.started)
                self.kill()  # the only way to stop a search in the middle
                pool.count(why)
                waited = (job.started or job.created) - job.created  # in the queue, before this worker took it
                job.future.set_exception(WorkerDied("the worker process ended") if why == "died"
                                         else Stopped(why, waited=waited))
                return

    def recycle_if_large(self) -> None:
        """Replace a worker the job left large: past ``RSS_LIMIT``, or ``GROWTH_LIMIT`` above its
        size at start (the next job gets a fresh one from the preloaded forkserver)."""
        rss = _rss(self.proc.pid) if self.proc is not None else None
        if rss is not None and (rss > RSS_LIMIT or (self.base_rss is not None and rss > self.base_rss + GROWTH_LIMIT)):
            self.kill()
            self.pool.count("recycled")


def _rss(pid: int) -> int | None:
    """A process's resident size (None: psutil missing, or the process gone)."""
    try:
        import psutil  # type: ignore[import-untyped]

        return psutil.Process(pid).memory_info().rss
    except Exception:
        return None


def tail(budget: float) -> float:
    """What a request's search leaves of its time for the work after it (the play-out, the
    sheet, the answer): 15 % of the budget, at least a second and a half."""
    return max(1.5, 0.15 * budget)


class Pool:
    """``workers`` processes, at most ``queue`` jobs waiting; each job has a deadline.

    Admission by deadline: the pool keeps how long each kind of job took (a moving average,
    :meth:`took`); a job whose expected start — the running jobs' expected remainder and the
    waiting jobs' expected time shared among the workers — plus its own expected time passes
    its budget is refused at once (:class:`Busy` with that wait), and a waiting job that could
    no longer finish by its deadline is dropped when its turn comes instead of being started."""

    def __init__(self, workers: int = 2, queue: int = 8):
        if workers < 0 or queue < 0:
            raise ValueError("workers and queue must be >= 0")
        self.workers, self.queue = workers, queue
        self.cond = threading.Condition()
        self.waiting: deque[Job] = deque()
        self.closed = False
        self.stats: dict[str, int] = {}
        self.slots: list[_Slot] = []
        self.ctx: Any = None
        self._started = False
        self.expect: dict[str, float] = {}  # job key -> its expected seconds (a moving average of the last runs)
        self.first_guess: dict[str, float] = {}  # before any run: what the server expects (submit's ``expect``)

    def took(self, name: str, seconds: float) -> None:
        with self.cond:
            old = self.expect.get(name)
            self.expect[name] = seconds if old is None else 0.7 * old + 0.3 * seconds

    def estimate(self, name: str) -> float:
        return self.expect.get(name, self.first_guess.get(name, 1.0))

    def expected_wait(self, front: bool = False) -> float:
        """Seconds until a job submitted now would start (call with ``cond`` held)."""
        now = time.monotonic()
        free = []
        for s in self.slots:
            j = s.job
            if j is None or j.started is None:
                free.append(0.0 if j is None else self.estimate(j.key))
            else:
                free.append(max(0.5, self.estimate(j.key) - (now - j.started)))
        if not free:
            return 0.0
        if not front:
            for j in self.waiting:
                k = free.index(min(free))
                free[k] += self.estimate(j.key)
        return min(free)

    def count(self, what: str) -> None:
        with self.cond:
            self.stats[what] = self.stats.get(what, 0) + 1

    def _start(self) -> None:
        if self._started:
            return
        self._started = True
        if self.workers:
            method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
            self.ctx = multiprocessing.get_context(method)
            if method == "forkserver":
                # the jobs, and the compiled kernel a first search would load: a fresh worker answers at once
                # (a name that does not import, the kernel under Numba, is skipped by the forkserver)
                self.ctx.set_forkserver_preload(["prefdd.web.jobs", "solver.engine.cy_backend"])
            self.slots = [_Slot(self, i) for i in range(self.workers)]
            for s in self.slots:
                s.thread.start()

    def submit(self, name: str, payload, budget: float, front: bool = False, expect: float | None = None,
               key: str | None = None) -> Job:
        """Queue a job (``front``: ahead of the others, for the quick table requests); raises
        :class:`Busy` when every worker is busy and the queue is full, or when the job could not
        start soon enough to finish within ``budget`` seconds. ``expect``: its seconds before any
        such job has run; ``key``: what its time is kept under (default its name; a ruling's rule)."""
        job = Job(name, payload, time.monotonic() + budget, key)
        if expect is not None:
            self.first_guess.setdefault(job.key, expect)
        with self.cond:
            if self.closed:
                raise Busy("the server is stopping")
            self._start()
            if not self.workers:
                threading.Thread(target=self._inline, args=(job,), daemon=True).start()
                return job
            idle = sum(1 for s in self.slots if s.job is None)
            wait = self.expected_wait(front)
            if len(self.waiting) >= self.queue + idle:
                self.stats["refused"] = self.stats.get("refused", 0) + 1
                raise Busy("queue full", wait)
            if wait > 0 and wait + self.estimate(job.key) > budget:
                self.stats["refused"] = self.stats.get("refused", 0) + 1
                raise Busy("could not finish within its budget", wait)
            (self.waiting.appendleft if front else self.waiting.append)(job)
            self.cond.notify()
        return job

    def _inline(self, job: Job) -> None:
        from .jobs import run_job

        job.started = time.monotonic()
        job.future.set_result(run_job(job.name, job.payload))
        job.ended = time.monotonic()
        self.count("done")

    def cancel(self, job: Job) -> None:
        """Stop ``job``: dropped from the queue, or its worker killed if it is running."""
        job.cancelled.set()
        with self.cond:
            if job in self.waiting:
                self.waiting.remove(job)
                self.stats["cancelled"] = self.stats.get("cancelled", 0) + 1
                if not job.future.done():
                    job.future.set_exception(Stopped("cancelled", queued=True))

    def stop(self, job: Job) -> bool:
        """The page's Stop: a running job's search is asked to stop where it is and answer
        with what it proved (SIGUSR1 to its worker: :mod:`solver.interrupt`), its deadline
        moved out by ``STOP_GRACE`` for the bounds; True then. A job not yet running is
        cancelled (False: nothing was proven)."""
        import os

        with self.cond:
            slot = next((s for s in self.slots if s.job is job), None)
            proc = slot.proc if slot is not None and job.started is not None else None
        if proc is None or job.future.done():
            self.cancel(job)
            return False
        try:
            os.kill(proc.pid, signal.SIGUSR1)
        except (OSError, AttributeError):
            self.cancel(job)
            return False
        job.deadline = max(job.deadline, time.monotonic() + STOP_GRACE)
        self.count("stopped")
        return True

    def busy(self) -> int:
        with self.cond:
            return len(self.waiting) + sum(1 for s in self.slots if s.job is not None)

    def pids(self) -> list[int]:
        return [s.proc.pid for s in self.slots if s.proc is not None and s.proc.is_alive()]

    def close(self) -> None:
        with self.cond:
            self.closed = True
            for job in self.waiting:
                if not job.future.done():
                    job.future.set_exception(Stopped("cancelled", queued=True))
            self.waiting.clear()
            self.cond.notify_all()
        for s in self.slots:
            if s.job is not None:
                s.job.cancelled.set()
        for s in self.slots:
            if s.thread.is_alive():
                s.thread.join(3)
            s.kill()


__all__ = ["Busy", "Pool", "Stopped", "WorkerDied"]
