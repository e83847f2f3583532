"""Framed messages between processes on a pipe, neither end waiting on the other.

A message is its length, a one-byte tag and its body (:data:`HEAD`). The reading end splits
whole messages out of bytes as they come (:class:`Frames`); the writing end keeps what the
pipe cannot take now and writes it at its next call (:class:`Outbox`), so a process busy
writing to its peer never blocks on a peer busy writing back. The batch's worker processes
and the worst-guess search's two processes both speak it. Only ``os`` and ``struct``: the
batch's children start without paying for more.
"""
from __future__ import annotations

import os
import struct

HEAD = struct.Struct("<Qc")  # the body's length, the tag


def frame(tag: bytes, body: bytes) -> bytes:
    """One message as it goes down the pipe."""
    return HEAD.pack(len(body), tag) + body


def write_all(fd: int, data) -> None:
    """Write every byte of ``data`` to a blocking ``fd``."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class Frames:
    """The messages arriving on one pipe: bytes in (:meth:`feed`, :meth:`read`), whole
    ``(tag, body)`` messages out (:meth:`next`). Blocking and non-blocking readers split
    frames here alike."""

    def __init__(self):
        self._buf = bytearray()

    def feed(self, data: bytes) -> None:
        self._buf += data

    def read(self, fd: int) -> bool:
        """Take what a non-blocking ``fd`` holds now; False once its writer has closed it (or
        is gone): the messages already whole are still there to :meth:`next`."""
        while True:
            try:
                data = os.read(fd, 1 << 20)
            except BlockingIOError:
                return True
            except OSError:
                return False
            if not data:
                return False
            self._buf += data

    def next(self):
        """The next whole ``(tag, body)``, or None until more bytes have come."""
        if len(self._buf) < HEAD.size:
            return None
        size, tag = HEAD.unpack_from(self._buf)
        end = HEAD.size + size
        if len(self._buf) < end:
            return None
        body = bytes(self._buf[HEAD.size:end])
        del self._buf[:end]
        return tag, body


class Outbox:
    """Bytes for a non-blocking pipe: written as far as the pipe takes them now, the rest kept
    for the next :meth:`flush`. A reader that is gone (a broken pipe) makes it :attr:`gone`,
    and what was left is dropped: nobody will read it."""

    def __init__(self, fd: int):
        self.fd = fd
        self.buf = bytearray()
        self.gone = False

    def put(self, data: bytes) -> None:
        self.buf += data
        self.flush()

    def flush(self) -> None:
        while self.buf and not self.gone:
            try:
                n = os.write(self.fd, self.buf)
            except BlockingIOError:
                return
            except OSError:
                self.gone = True
                self.buf.clear()
                return
            del self.buf[:n]

    @property
    def waiting(self) -> bool:
        """Bytes the pipe has not taken yet, for a reader still there."""
        return bool(self.buf) and not self.gone

    def drain(self) -> None:
        """Write everything left, waiting on the pipe (at the end of a conversation)."""
        if self.waiting:
            os.set_blocking(self.fd, True)
            try:
                write_all(self.fd, self.buf)
            except OSError:
                self.gone = True
            self.buf.clear()
