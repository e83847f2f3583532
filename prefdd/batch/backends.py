"""Where the chunks are answered: in this process, in local worker processes, or on Dask.

Every backend does one thing: take a lazy stream of units and give back each unit's answers
in the order the units came, keeping at most ``window`` units out, so neither the input nor
the futures pile up in memory however long the batch. A unit is ``(ready, work)``: answers
already known here (passed through as they are) and a chunk of work for a worker
(:func:`~prefdd.batch.work.answer_lines`); the workers run ahead of the one being
waited for by up to ``window`` chunks.
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from solver.russian import agree

from .errors import BackendError
from .work import compiled_on_first_use, preload


def local_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


class Backend:
    """The shared bounded-window loop; subclasses say how to submit and how to wait."""

    workers = 1
    local = True  # the workers share this machine's disk (and so its compiled-code cache)

    @property
    def window(self) -> int:
        """Units out at once: enough that every worker has the next chunk queued while the
        oldest one (the next to commit) is still being answered."""
        return 4 * self.workers + 2

    def imap_ordered(self, units: Iterable, call: tuple) -> Iterator[tuple[list, list]]:
        """``(ready, answers of work)`` for every ``(ready, work)`` unit, in unit order;
        ``call`` is ``(function, *arguments)``: ``function(work, *arguments)`` answers a chunk."""
        from collections import deque

        fn, *args = call
        units = iter(units)
        out: deque = deque()
        exhausted = False
        while True:
            while not exhausted and len(out) < self.window:
                unit = next(units, None)
                if unit is None:
                    exhausted = True
                    break
                ready, work = unit
                out.append((ready, self._submit(fn, work, args) if work else None))
            if not out:
                return
            ready, handle = out.popleft()
            yield ready, ([] if handle is None else self._result(handle))

    def _submit(self, fn, work, args):  # pragma: no cover - abstract
        raise NotImplementedError

    def _result(self, handle) -> list:  # pragma: no cover - abstract
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def describe(self, lang: str = "en") -> str:
        """The workers in a few words, for the first progress line (``lang``: ``ru`` or ``en``)."""
        if lang == "ru":
            return f"{self.workers} {agree(self.workers, 'исполнитель', 'исполнителя', 'исполнителей')}"
        return f"{self.workers} worker{'s' if self.workers != 1 else ''}"


class InlineBackend(Backend):
    """Answer in this very process: for debugging, small jobs and the Python API's ``workers=0``."""

    workers = 1

    def _submit(self, fn, work, args):
        return fn, work, args  # answered when its turn comes: in order, as the others are

    def _result(self, handle):
        fn, work, args = handle
        return fn(work, *args)

    def describe(self, lang: str = "en") -> str:
        if lang == "ru":
            return "без рабочих процессов (ответы в этом процессе)"
        return "no worker processes (answering in this process)"


class ProcessBackend(Backend):
    """``workers`` searching processes on this machine: this one and ``workers - 1`` children,
    each with its own engine.

    The children are kept fed (``queue`` chunks each in flight); this process commits the
    answers in input order and, whenever it has nothing to commit and the children's queue
    is full, answers the next chunk itself through the same :func:`~.work.answer_lines`.
    So its share shrinks when it has output to write, and on two cores the third process
    of a "parent and two workers" layout is gone. With ``workers=1`` there is no child at
    all: the batch is answered in this process, as ``prefdd solve`` answers it.

    On the Cython engine (where ``fork`` exists) the children are forked from this process
    after it has loaded the engine's code: they start at once, without each importing
    Python and the solver again. On Numba they are spawned (Numba's compiled state and
    ``fork`` do not mix well). The children are started at the first chunk sent out and
    talk over pipes (:mod:`.children`): no ``multiprocessing``, no helper thread here."""

    queue = 3  # chunks in flight per child: one answered, the next ones queued behind it

    def __init__(self, workers: int | None = None, start_method: str | None = None):
        self.workers = workers or local_cores()
        self.children = self.workers - 1
        self._kids: list = []
        self.start_method = start_method
        if not self.children:  # nothing to start
            return
        self.start_method = start_method or default_start_method()
        if self.start_method == "fork":
            preload()

    def imap_ordered(self, units: Iterable, call: tuple) -> Iterator[tuple[list, list]]:
        """As :meth:`Backend.imap_ordered`, this process answering chunks between commits.

        Each unit in flight holds a child's :class:`~.children.Pending` chunk, this
        process's answers (or the exception it met, raised when that unit's turn comes, as a
        child's would be), or nothing (a unit of lines settled without work). At most
        ``window`` units are out."""
        fn, *args = call
        if not self.children:  # the inline path: no child, no queue, nothing to wait for
            for ready, work in units:
                yield ready, (fn(work, *args) if work else [])
            return
        from collections import deque

        from .children import Pending, wait_any

        units = iter(units)
        out: deque = deque()
        exhausted = False
        limit = self.queue * self.children

        def settled(handle) -> bool:
            return not isinstance(handle, Pending) or handle.done

        def take():
            nonlocal exhausted
            unit = next(units, None)
            if unit is None:
                exhausted = True
            return unit

        while True:
            if self._kids:
                wait_any(self._kids, 0)  # take in what the children have sent, without waiting
            while out and settled(out[0][1]):
                ready, handle = out.popleft()
                yield ready, self._result(handle)
            busy = sum(len(k.pending) for k in self._kids)
            while not exhausted and busy < limit and len(out) < self.window:
                unit = take()
                if unit is None:
                    break
                ready, work = unit
                handle = self._send(call, work) if work else None
                out.append((ready, handle))
                busy += handle is not None
            if out and settled(out[0][1]):
                continue
            if not exhausted and len(out) < self.window:
                unit = take()  # nothing to commit and the children are fed: answer one here
                if unit is not None:
                    ready, work = unit
                    out.append((ready, self._answer_here(fn, work, args) if work else None))
                continue
            if not out:
                return
            wait_any(self._kids)

    def _send(self, call: tuple, work):
        """Give the chunk to the child with the fewest chunks out (started on first use)."""
        from .children import Child

        while len(self._kids) < self.children:
            self._kids.append(Child(call, self.start_method or "fork", self._kids))
        kid = min(self._kids, key=lambda k: (k.dead, len(k.pending)))
        return kid.send(work)

    @staticmethod
    def _answer_here(fn, work, args):
        try:
            return fn(work, *args)
        except Exception as e:  # noqa: BLE001 - raised in input order, as a child's failure is
            return _Failed(e)

    def _result(self, handle):
        from .children import ChildDied

        if handle is None:
            return []
        if isinstance(handle, list):
            return handle
        if isinstance(handle, _Failed):
            raise handle.error
        if isinstance(handle.error, ChildDied):
            raise BackendError("a worker process died (out of memory, or killed); "
                               "rerun the same command to finish") from None
        if handle.error is not None:
            raise handle.error
        return handle.result

    def close(self) -> None:
        kids, self._kids = self._kids, []
        for kid in kids:  # chunks still out are not wanted (an interrupt, an error): no waiting for them
            kid.close(kill=bool(kid.pending))

    def describe(self, lang: str = "en") -> str:
        if lang == "ru":
            if not self.children:
                return "1 рабочий процесс (этот: без дочерних)"
            return (f"{self.workers} {agree(self.workers, 'рабочий процесс', 'рабочих процесса', 'рабочих процессов')} "
                    f"(этот и {self.children} {agree(self.children, 'дочерний', 'дочерних', 'дочерних')})")
        if not self.children:
            return "1 worker process (this one: no child process)"
        return (f"{self.workers} worker processes (this one and {self.children} "
                f"child{'ren' if self.children != 1 else ''})")


class _Failed:
    """A chunk this process could not answer: its error, raised when the chunk's turn comes."""

    def __init__(self, error: BaseException):
        self.error = error


def default_start_method() -> str:
    """``fork`` for the Cython engine where the platform has it, else ``spawn``."""
    if hasattr(os, "fork") and not compiled_on_first_use():
        return "fork"
    return "spawn"


class ThreadBackend(Backend):
    """Threads in this process, one engine (and table) each. Both engines release the GIL
    while they search, so the threads run in parallel without worker processes' start-up;
    the Python around each search (parsing, rulings) still takes turns."""

    def __init__(self, threads: int | None = None):
        from concurrent.futures import ThreadPoolExecutor

        from solver.engine.backends import active_backend_name

        self.workers = threads or local_cores()
        self.engine = active_backend_name()
        self._pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="prefdd")

    def _submit(self, fn, work, args):
        return self._pool.submit(fn, work, *args)

    def _result(self, handle):
        return handle.result()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def describe(self, lang: str = "en") -> str:
        if lang == "ru":
            return f"{self.workers} {agree(self.workers, 'поток', 'потока', 'потоков')} (движок {self.engine})"
        return f"{self.workers} thread{'s' if self.workers != 1 else ''} on the {self.engine} engine"


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise BackendError("Dask is not installed: pip install 'prefdd[dask]' "
                           "(dask[distributed]) to run on a Dask cluster") from None
    return distributed


class DaskBackend(Backend):
    """A Dask cluster: at ``address`` (a running scheduler), or a local one of ``local`` workers.

    Chunks go out as tasks; answers come back in the order the chunks were sent, the
    cluster working ahead by ``window`` chunks. Workers need prefdd installed (the same version) to import the work function.
    """

    def __init__(self, address: str | None = None, local: int | None = None, *, client=None,
                 processes: bool = True, timeout: str = "20s"):
        distributed = _import_distributed()
        self._cluster = None
        self._own_client = client is None
        self.local = local is not None
        if client is None:
            if address is None:
                import logging

                with _ctrl_c_to_parent_only():
                    self._cluster = distributed.LocalCluster(
                        n_workers=local or local_cores(), threads_per_worker=1, processes=processes,
                        dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL)  # failures surface as task errors
                address = self._cluster
            try:
                client = distributed.Client(address, timeout=timeout)
            except (OSError, TimeoutError) as e:
                self.close()
                raise BackendError(f"cannot reach the Dask scheduler at {address}: {e}") from None
        self.client = client
        self.address = address if isinstance(address, str) else client.scheduler.address
        self.workers = max(1, sum(client.nthreads().values()))
        self._pending: set = set()
        self._distributed = distributed

    def _submit(self, fn, work, args):
        fut = self.client.submit(fn, work, *args, pure=False)
        self._pending.add(fut)
        return fut

    def _result(self, fut):
        try:
            return fut.result()
        except self._distributed.client.FutureCancelledError as e:
            raise BackendError(f"a Dask task was cancelled ({e}); rerun the same command to finish") from None
        finally:
            self._pending.discard(fut)
            fut.release()

    def close(self) -> None:
        pending = getattr(self, "_pending", None)
        if pending:
            try:
                for fut in list(pending):
                    fut.cancel()
            except Exception:  # noqa: BLE001 - best effort while shutting down
                pass
        if self._own_client and getattr(self, "client", None) is not None:
            self.client.close()
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None

    def describe(self, lang: str = "en") -> str:
        if lang == "ru":
            where = "локальный кластер Dask" if self._cluster is not None else f"кластер Dask по адресу {self.address}"
            return f"{where} ({self.workers} {agree(self.workers, 'поток', 'потока', 'потоков')} исполнителей)"
        where = "a local Dask cluster" if self._cluster is not None else f"the Dask cluster at {self.address}"
        return f"{where} ({self.workers} worker thread{'s' if self.workers != 1 else ''})"


class _ctrl_c_to_parent_only:
    """Start processes with SIGINT ignored (they inherit that), so that a Ctrl-C, sent by the
    terminal to every process of the job, reaches only this one, which then closes the
    cluster cleanly instead of every Dask worker printing its own KeyboardInterrupt."""

    def __enter__(self):
        import signal
        import threading

        self.old = None
        if threading.current_thread() is threading.main_thread():
            self.old = signal.signal(signal.SIGINT, signal.SIG_IGN)

    def __exit__(self, *exc):
        import signal

        if self.old is not None:
            signal.signal(signal.SIGINT, self.old)


def make_backend(workers: int | None = None, dask: str | None = None, dask_local: int | None = None,
                 threads: int | None = None) -> Backend:
    """``dask`` (a scheduler address) or ``dask_local`` (a count) pick Dask; ``threads`` threads
    in this process; otherwise local processes, all cores by default; ``workers=0`` answers
    in this process."""
    if sum(x is not None for x in (dask, dask_local, threads)) > 1:
        raise ValueError("give one of a Dask scheduler address, a local Dask cluster size or a thread count")
    if threads is not None:
        if threads < 1:
            raise ValueError(f"threads: expected 1 or more, got {threads}")
        return ThreadBackend(threads)
    if dask is not None or dask_local is not None:
        return DaskBackend(address=dask, local=dask_local)
    if workers == 0:
        return InlineBackend()
    if workers is not None and workers < 0:
        raise ValueError(f"workers: expected 0 or more, got {workers}")
    return ProcessBackend(workers)
