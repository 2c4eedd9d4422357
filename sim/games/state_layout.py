"""What every game's state layout shares: the fingerprint its compiled engine is checked
against before a game is played."""

import hashlib

from sim.runner import RunError


class LayoutMismatch(RunError):
    """The compiled engine was built for another state layout than the one loaded now."""


def layout_key(fields) -> int:
    """A fingerprint of a state layout, from each field's name and length in order, below
    2**62 so that it is an int64 in compiled code. The engine's entry compares the value
    frozen into it when it was compiled with the one Python computes now."""
    text = ";".join(f"{name}:{length}" for name, length, _ in fields)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little") >> 2


def field_spans(fields) -> tuple[dict[str, tuple[int, int]], int]:
    """Each field's (offset, length) by name, in declaration order, and the state size."""
    spans, offset = {}, 0
    for name, length, _ in fields:
        spans[name] = (offset, length)
        offset += length
    return spans, offset


def game_and_runtime(fields, runtime) -> tuple[dict[str, tuple[int, int]], int, int, int]:
    """Of a state whose game's ``fields`` come first and the process's ``runtime`` words
    after: each field's (offset, length) by name, the state size, the game's size (where
    the runtime words start) and the layout key."""
    spans, size = field_spans(fields + runtime)
    return spans, size, spans[runtime[0][0]][0], layout_key(fields + runtime)


def refuse_mismatch(played: bool, game: str) -> None:
    """Raise ``LayoutMismatch`` when the engine refused to play (``played`` is False)."""
    if not played:
        raise LayoutMismatch(
            f"{game}: the compiled engine was built for another state layout than the one "
            "loaded now, so no game was played ; start a new process, which compiles from "
            "the current sources")
