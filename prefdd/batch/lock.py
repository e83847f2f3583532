"""One run per output: an exclusive lock on ``OUTPUT.lock``, refused at once if it is held.

On POSIX the lock is ``fcntl.flock`` on the lock file — what ``filelock`` itself takes
there — called directly: importing ``filelock`` cost every ``prefdd batch`` start-up about
100 M instructions (it imports ``platform``, ``secrets``, ``pathlib`` …), more than the
rest of the parent's start. Elsewhere (Windows) ``filelock`` does it. The lock is the open
file description's: it is released when the file is closed, or when the process dies.
"""
from __future__ import annotations

import os
from typing import Any


class LockHeld(Exception):
    """Another process holds the lock."""


class RunLock:
    """An exclusive, non-blocking lock on ``path`` (created if missing; may stay behind)."""

    def __init__(self, path: str):
        self.path = path
        self._fd: int | None = None
        self._other: Any = None  # the filelock lock, where there is no fcntl

    def acquire(self) -> None:
        """Take the lock now or raise :class:`LockHeld`; OSError if the file cannot be made."""
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX
            return self._acquire_filelock()
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise LockHeld(self.path) from None
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd

    def _acquire_filelock(self) -> None:  # pragma: no cover - not POSIX
        from filelock import FileLock, Timeout

        lock = FileLock(self.path, timeout=0)
        try:
            lock.acquire()
        except Timeout:
            raise LockHeld(self.path) from None
        self._other = lock

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor releases the flock
            self._fd = None
        if self._other is not None:  # pragma: no cover - not POSIX
            self._other.release()
            self._other = None
