"""Whether an output path can be written, asked before any work: a command that would
play for an hour and then fail to write its file stops at once with one line instead."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_problem(path: Path, *, folder: bool = False) -> str | None:
    """Why nothing can be written at ``path`` (a file, or with ``folder`` a folder made
    there), or None. An existing folder is left untouched (the command checks what it
    holds); otherwise the nearest existing folder above the path must take a new entry:
    one is created and removed again."""
    path = Path(path)
    if path.is_dir() and not folder:
        return "is a folder ; give a file path"
    if path.exists() and folder and not path.is_dir():
        return "is a file ; give a folder path"
    if folder and path.is_dir():
        return None
    above = path.parent
    while not above.exists() and above != above.parent:
        above = above.parent
    if not above.is_dir():
        return f"lies under {str(above)!r}, which is a file ; give a path in a folder"
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".sim-probe-", dir=above))
    except OSError as exc:
        return f"cannot be written: {str(above)!r} takes no new files ({exc.strerror or exc}) " \
               "; give a path in a folder you can write"
    return None
