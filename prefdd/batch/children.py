"""Local worker processes: a child answers chunks sent down a pipe and sends the answers
back up another, in the order it got them.

Why not ``concurrent.futures.ProcessPoolExecutor``: the parent searches too, so every
millisecond it spends before its first chunk or on the machinery is a millisecond of one
core of two. The pool costs ~45 ms of imports (``multiprocessing``, ``concurrent.futures``,
``logging``, ``socket``, ``pickle``...) before the child can start, and two helper threads in
the parent that wake for every chunk; two pipes, ``os.fork`` and ``select`` cost none of
that. A chunk is framed as a length, a tag and ``marshal`` data (the chunks are lines'
bytes and plain records, the answers plain tuples); anything ``marshal`` cannot carry goes
as ``pickle``, and so does an exception a chunk raised (raised in the parent when that
chunk's turn comes).

A child is *forked* (the Cython engine: it starts with the parent's loaded code and the
work function in memory) or *spawned* (a fresh interpreter, the Numba engine: Numba and
``fork`` do not mix; it is sent the work function first). It leaves Ctrl-C to the parent
and exits by itself when the parent dies (:func:`~.work.worker_init`), or when the
parent closes its pipe.
"""
from __future__ import annotations

import marshal
import os
import select
import sys

from solver.pipes import Frames, Outbox, frame, write_all

from .work import Answer, worker_init

MARSHAL, ANSWERS, PICKLE, ERROR = b"M", b"A", b"P", b"E"


class ChildDied(Exception):
    """The child's pipe closed while chunks were still out with it."""


def pack(value, tag: bytes = MARSHAL) -> bytes:
    """One framed message; marshal when it can carry ``value``, else pickle."""
    if tag == ANSWERS:
        body = marshal.dumps([tuple(a) for a in value])
    elif tag == MARSHAL:
        try:
            body = marshal.dumps(value)
        except ValueError:  # an object marshal does not know (a Python caller's record)
            return pack(value, PICKLE)
    else:
        import pickle

        body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return frame(tag, body)


def unpack(tag: bytes, body: bytes):
    if tag == ANSWERS:
        return [Answer(*t) for t in marshal.loads(body)]
    if tag == MARSHAL:
        return marshal.loads(body)
    import pickle

    return pickle.loads(body)


def _read_message(fd: int, frames: Frames):
    """The next ``(tag, body)`` on a blocking pipe, None at its end."""
    while True:
        msg = frames.next()
        if msg is not None:
            return msg
        data = os.read(fd, 1 << 20)
        if not data:
            return None
        frames.feed(data)


def serve(inbox: int, outbox: int, call: tuple, frames: Frames | None = None) -> None:
    """The child's life: each chunk read from ``inbox`` answered by ``call`` (``(function,
    *arguments)``) and its answers (or its exception) written to ``outbox``, until the
    parent closes the pipe. ``frames``: what was already read from ``inbox``."""
    fn, *args = call
    frames = frames or Frames()
    while True:
        msg = _read_message(inbox, frames)
        if msg is None:
            return
        try:
            answers = fn(unpack(*msg), *args)
            out = pack(answers, ANSWERS if all(type(a) is Answer for a in answers) else MARSHAL)
        except Exception as e:  # noqa: BLE001 - the parent raises it in the chunk's turn
            out = pack(e, ERROR)
        write_all(outbox, out)


def _spawned() -> None:  # pragma: no cover - runs in a spawned child (its coverage is not collected)
    """A spawned child's entry: ``python -c`` with the pipes' numbers and the parent's pid."""
    inbox, outbox, parent = (int(x) for x in sys.argv[1:4])
    worker_init(parent)
    frames = Frames()
    msg = _read_message(inbox, frames)
    if msg is not None:
        serve(inbox, outbox, unpack(*msg), frames)


class Child:
    """One worker process and its two pipes, seen from the parent. Chunks are answered in
    the order they are sent; :meth:`send` returns a :class:`Pending` that :meth:`poll`
    fills when the answers are back."""

    def __init__(self, call: tuple, start_method: str, others: list[Child]):
        inbox, to_child = os.pipe()  # the chunks: the child reads, this process writes
        from_child, outbox = os.pipe()  # the answers: the child writes, this process reads
        parent = os.getpid()
        if start_method == "fork":
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the child (its coverage is not collected)
                code = 0
                try:
                    for other in others:  # their pipes would keep their ends open past their close
                        other._close_fds()
                    os.close(to_child)
                    os.close(from_child)
                    worker_init(parent)  # not getppid(): this process may already be orphaned
                    serve(inbox, outbox, call)
                except BaseException:  # noqa: BLE001 - nothing to report to: the parent sees the pipe close
                    code = 1
                finally:
                    os._exit(code)
            self.pid = pid
        else:
            import subprocess

            keep = (inbox, outbox)
            self._proc = subprocess.Popen(
                [sys.executable, "-c", "from prefdd.batch.children import _spawned; _spawned()",
                 str(inbox), str(outbox), str(parent)], pass_fds=keep, stdin=subprocess.DEVNULL)
            self.pid = self._proc.pid
        os.close(inbox)
        os.close(outbox)
        self.to_child, self.from_child = to_child, from_child
        os.set_blocking(self.to_child, False)
        os.set_blocking(self.from_child, False)
        self._out = Outbox(self.to_child)  # framed chunks not yet taken by the pipe
        self._in = Frames()
        self.pending: list[Pending] = []  # chunks out with the child, oldest first
        self.dead = False
        if start_method != "fork":
            self._queue(pack(call, PICKLE))

    def send(self, work) -> Pending:
        handle = Pending()
        if self.dead:
            handle.settle(error=ChildDied())
            return handle
        self.pending.append(handle)
        self._queue(pack(work))
        return handle

    def _queue(self, data: bytes) -> None:
        if not self.dead:
            self._out.put(data)
            self._check_pipe()

    def flush(self) -> None:
        """Write what the pipe takes now, without blocking (the child may be busy writing)."""
        if not self.dead:
            self._out.flush()
            self._check_pipe()

    def _check_pipe(self) -> None:
        if self._out.gone:   # a broken pipe: the child is gone
            self._died()

    @property
    def wants_to_write(self) -> bool:
        return self._out.waiting and not self.dead

    def poll(self) -> None:
        """Read what the child has sent (without blocking) and settle the chunks it answers."""
        if self.dead:
            return
        alive = self._in.read(self.from_child)
        while (msg := self._in.next()) is not None:
            tag, body = msg
            if tag == ERROR:
                self.pending.pop(0).settle(error=unpack(tag, body))
            else:
                self.pending.pop(0).settle(result=unpack(tag, body))
        if not alive:
            self._died()

    def _died(self) -> None:
        self.dead = True
        for handle in self.pending:
            handle.settle(error=ChildDied())
        self.pending = []

    def _close_fds(self) -> None:
        for fd in (self.to_child, self.from_child):
            try:
                os.close(fd)
            except OSError:
                pass

    def close(self, kill: bool) -> None:
        """End the child: its pipe closed (it exits once its chunk is done), or killed at once
        (``kill``: its chunks are not wanted: an interrupt, an error); then reaped."""
        self._close_fds()
        if kill:
            import signal

            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        proc = getattr(self, "_proc", None)
        if proc is not None:
            proc.wait()
        else:
            try:
                os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass


class Pending:
    """A chunk out with a child: ``done`` once its answers (``result``) or its error are back."""

    __slots__ = ("done", "result", "error")

    def __init__(self):
        self.done = False
        self.result: list | None = None
        self.error: BaseException | None = None

    def settle(self, result: list | None = None, error: BaseException | None = None) -> None:
        """The chunk's answers, or the error it met (its own, or its child's death), are in."""
        self.result, self.error, self.done = result, error, True


def wait_any(children: list[Child], timeout: float | None = None) -> None:
    """Block until some child has sent something (or a pipe can take more), then take it in."""
    readers = [c.from_child for c in children if not c.dead]
    writers = [c.to_child for c in children if c.wants_to_write]
    if readers or writers:
        select.select(readers, writers, [], timeout)
    for c in children:
        c.flush()
        c.poll()
