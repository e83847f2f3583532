"""The framed pipe both the batch's children and the worst-guess search's two processes use."""
import os

from solver.pipes import HEAD, Frames, Outbox, frame


def test_messages_split_however_the_bytes_arrive():
    msgs = [(b"A", b""), (b"P", b"x" * 70_000), (b"M", b"abc")]
    data = b"".join(frame(t, b) for t, b in msgs)
    for step in (1, 7, HEAD.size, 65_536, len(data)):
        f, out = Frames(), []
        for i in range(0, len(data), step):
            f.feed(data[i:i + step])
            while (m := f.next()) is not None:
                out.append(m)
        assert out == msgs


def test_a_full_pipe_keeps_the_rest_and_a_closed_one_ends_the_stream():
    r, w = os.pipe()
    os.set_blocking(r, False)
    os.set_blocking(w, False)
    box, got = Outbox(w), Frames()
    big = frame(b"P", bytes(range(256)) * 4096)   # 1 MB: more than a pipe holds
    box.put(big)
    assert box.waiting   # the pipe took part of it, the rest is kept, nothing blocked
    seen = []
    while box.waiting or not seen:
        assert got.read(r)   # the writer is still there
        while (m := got.next()) is not None:
            seen.append(m)
        box.flush()
    got.read(r)
    seen += [m for m in iter(got.next, None)]
    assert seen == [(b"P", bytes(range(256)) * 4096)]
    os.close(w)
    assert got.read(r) is False   # the writer closed its end
    os.close(r)


def test_a_reader_gone_makes_the_outbox_gone_not_an_error():
    r, w = os.pipe()
    os.set_blocking(w, False)
    os.close(r)
    box = Outbox(w)
    box.put(frame(b"P", b"lost"))
    assert box.gone and not box.waiting
    box.drain()   # nothing to write, no error
    os.close(w)
