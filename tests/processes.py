"""Help for tests that interrupt a run the way a crash does."""

import signal
import time
from pathlib import Path

DEADLINE_S = 600


def kill_after(proc, folder: Path, pattern: str, shards: int) -> None:
    """SIGKILL ``proc`` once ``folder`` holds ``shards`` files matching ``pattern``."""
    deadline = time.monotonic() + DEADLINE_S
    while len(list(folder.glob(pattern))) < shards:
        assert proc.poll() is None, proc.stderr.read().decode()
        assert time.monotonic() < deadline
        time.sleep(0.005)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
