"""One writer per output folder: an exclusive ``flock`` on ``<out>/.sim.lock``.

The lock is held for the whole life of a `sim run` (and of an ``--overwrite``'s emptying
of the folder). The file holds the writer's pid and host, for the message a second run
prints. The kernel drops a ``flock`` when its process dies, so a lock file left by a
killed run is simply taken over. The name starts with ``.`` so Parquet readers skip it,
and it lives beside ``run.json``, outside ``data/``, so readers never list it anyway.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import socket
from pathlib import Path

from sim.runner import RunError

LOCK_NAME = ".sim.lock"


class FolderBusy(RunError):
    """Another live process holds the folder's lock."""


def who(holder: dict) -> str:
    """'pid 123', or 'pid 123 on other-host' for a writer on another machine."""
    text = f"pid {holder.get('pid', '?')}"
    host = holder.get("host")
    if host and host != socket.gethostname():
        text += f" on {host}"
    return text


def busy_message(out: Path, holder: dict) -> str:
    return (f"--out {str(out)!r} is being written by another run ({who(holder)}) ; wait for it "
            "to finish or choose another --out")


def _read_holder(fd: int) -> dict:
    try:
        text = os.pread(fd, 4096, 0).decode("utf-8", "replace")
        found = json.loads(text)
        return found if isinstance(found, dict) else {}
    except (OSError, ValueError):
        return {}


def _flock(fd: int, path: Path) -> bool:
    """Try to take the lock without waiting: True if taken, False if another process holds it."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    except OSError as exc:
        if exc.errno in (errno.EAGAIN, errno.EACCES):
            return False
        raise RunError(f"cannot lock {str(path)!r} ({exc.strerror}) ; choose an --out on a "
                       "file system that supports file locks") from None


def holder(out: Path) -> dict | None:
    """The live writer of ``out`` ({'pid': ..., 'host': ...}), or None. Changes nothing:
    the lock file is only opened for reading, and never created."""
    path = out / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        if _flock(fd, path):
            fcntl.flock(fd, fcntl.LOCK_UN)
            return None
        return _read_holder(fd)
    finally:
        os.close(fd)


class FolderLock:
    """The exclusive lock on one output folder; ``release`` deletes the lock file.

    Raises FolderBusy (one line) when another live process holds it. Creating the folder
    (when it does not exist) is the only change made before the lock is held, and
    ``release`` takes the folder away again if it is still empty then.
    """

    def __init__(self, out: Path):
        self.out = out
        self.path = out / LOCK_NAME
        self.created = not out.exists()
        out.mkdir(parents=True, exist_ok=True)
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)  # no O_TRUNC: the holder's pid stays
            if not _flock(fd, self.path):
                found = _read_holder(fd)
                os.close(fd)
                self._forget_folder()
                raise FolderBusy(busy_message(out, found))
            # The previous holder may have deleted the file between our open and our lock;
            # then we hold a lock on a file nobody else sees: open the new one instead.
            try:
                same = os.stat(self.path).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        self.fd: int | None = fd
        os.ftruncate(fd, 0)
        os.pwrite(fd, (json.dumps({"pid": os.getpid(), "host": socket.gethostname()}) + "\n")
                  .encode(), 0)

    def release(self) -> None:
        if self.fd is None:
            return
        self.path.unlink(missing_ok=True)  # while still held, so no one locks a deleted file
        os.close(self.fd)
        self.fd = None
        self._forget_folder()

    def _forget_folder(self) -> None:
        """Remove the folder this lock created if nothing else was put in it."""
        if self.created:
            try:
                self.out.rmdir()
            except OSError:
                pass

    def __enter__(self) -> FolderLock:
        return self

    def __exit__(self, *exc) -> None:
        self.release()
