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

log = logging.getLogger("prefdd.web")
RSS_LIMIT = 400 * 1024 * 1024  # a worker grown past this after a job is replaced


class Busy(Exception):
    """The queue is full."""


class Stopped(Exception):
    """The job was stopped: ``why`` is "timeout" (``queued``: before it started) or "cancelled"."""

    def __init__(self, why: str, queued: bool = False, waited: float = 0.0):
        super().__init__(why)
        self.why, self.queued, self.waited = why, queued, waited


class WorkerDied(Exception):
    pass


class Job:
    __slots__ = ("name", "payload", "future", "deadline", "cancelled", "started", "created")

    def __init__(self, name: str, payload, deadline: float):
        self.name, self.payload, self.deadline = name, payload, deadline
        self.created = time.monotonic()
        self.future: Future = Future()
        self.cancelled = threading.Event()
        self.started: float | None = None


def _worker_main(conn) -> None:
    """A worker: run each job sent and send back its outcome, until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server, which stops us
    from .jobs import run_job

    while True:
        try:
            name, payload = conn.recv()
        except (EOFError, OSError):
            return
        outcome = run_job(name, payload)
        gc.collect()  # what a job left in reference cycles goes now, before the size check
        conn.send(outcome)


class _Slot:
    """One worker process and the thread that feeds it jobs."""

    def __init__(self, pool: Pool, index: int):
        self.pool, self.index = pool, index
        self.proc: Any = None
        self.conn: Any = None
        self.job: Job | None = None
        self.thread = threading.Thread(target=self.loop, name=f"prefdd-worker-{index}", daemon=True)

    def start_process(self) -> None:
        parent, child = self.pool.ctx.Pipe()
        proc = self.pool.ctx.Process(target=_worker_main, args=(child,), daemon=True, name=f"prefdd-worker-{self.index}")
        proc.start()
        child.close()
        self.proc, self.conn = proc, parent

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
        if time.monotonic() > job.deadline:
            pool.count("timeout")
            job.future.set_exception(Stopped("timeout", queued=True))
            return
        if self.proc is None or not self.proc.is_alive():
            self.kill()
            self.start_process()
        job.started = time.monotonic()
        self.conn.send((job.name, job.payload))
        while True:
            if self.conn.poll(0.05):
                try:
                    out = self.conn.recv()
                except (EOFError, OSError):
                    self.kill()
                    pool.count("died")
                    job.future.set_exception(WorkerDied("the worker process ended"))
                    return
                pool.count("done")
                job.future.set_result(out)
                self.recycle_if_large()
                return
            why = ("cancelled" if job.cancelled.is_set() else "timeout" if time.monotonic() > job.deadline
                   else "died" if not self.proc.is_alive() else None)
            if why is not None:
                self.kill()  # the only way to stop a search in the middle
                pool.count(why)
                waited = (job.started or job.created) - job.created  # in the queue, before this worker took it
                job.future.set_exception(WorkerDied("the worker process ended") if why == "died"
                                         else Stopped(why, waited=waited))
                return

    def recycle_if_large(self) -> None:
        try:
            import psutil  # type: ignore[import-untyped]

            if psutil.Process(self.proc.pid).memory_info().rss > RSS_LIMIT:
                self.kill()
                self.pool.count("recycled")
        except Exception:  # psutil missing or the process gone: nothing to do
            pass


class Pool:
    """``workers`` processes, at most ``queue`` jobs waiting; each job has a deadline."""

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

    def submit(self, name: str, payload, budget: float, front: bool = False) -> Job:
        """Queue a job (``front``: ahead of the others, for the quick table requests); raises
        :class:`Busy` when every worker is busy and the queue is full."""
        job = Job(name, payload, time.monotonic() + budget)
        with self.cond:
            if self.closed:
                raise Busy("the server is stopping")
            self._start()
            if not self.workers:
                threading.Thread(target=self._inline, args=(job,), daemon=True).start()
                return job
            idle = sum(1 for s in self.slots if s.job is None)
            if len(self.waiting) >= self.queue + idle:
                self.stats["refused"] = self.stats.get("refused", 0) + 1
                raise Busy("queue full")
            (self.waiting.appendleft if front else self.waiting.append)(job)
            self.cond.notify()
        return job

    def _inline(self, job: Job) -> None:
        from .jobs import run_job

        job.started = time.monotonic()
        job.future.set_result(run_job(job.name, job.payload))
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
