"""A ``prefdd batch`` command killed mid-run, the way ``kill -9`` or a crash ends it: shared by
the resume tests (tests/prefdd/test_batch_resume.py, tests/prefdd/test_batch_parent.py)."""
import os
import signal
import subprocess
import time


def kill_9_after(cmd, out, lines: int, timeout: float = 60) -> bytes:
    """Start ``cmd`` in a session of its own, wait until ``out`` holds ``lines`` lines, then
    SIGKILL the command and its workers at once; returns the output's bytes at that moment.
    Fails if the run ended by itself before it could be killed."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and proc.poll() is None:
            if out.exists() and out.read_bytes().count(b"\n") >= lines:
                break
            time.sleep(0.01)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)  # the command and its workers, like kill -9 / a crash
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL, "the run finished before it could be killed"
    return out.read_bytes()
