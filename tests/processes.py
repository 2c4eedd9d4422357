"""Help for tests that run code in other processes: interrupting a run the way a crash
does, and compiling twice on one empty kernel cache."""

import os
import signal
import subprocess
import sys
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


def printed_twice_on_one_cache(code: str, cache: Path) -> list[list[str]]:
    """Run ``python -c code`` twice, one after the other, on the kernel cache folder
    ``cache`` (empty before the first); the words each run printed."""
    env = dict(os.environ, SIM_CACHE_DIR=str(cache))
    return [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, check=True).stdout.split() for _ in range(2)]
