"""The record every game uses to declare an effect code once: the content loader checks
card steps against the table and ``sim content ops`` prints it, so the two cannot drift."""

from typing import NamedTuple

import numpy as np


class Op(NamedTuple):
    name: str  # the word a content file writes
    args: tuple[str, ...]  # what each argument of the step is, in order
    meaning: str  # one line: what the step does
    pages: str  # where the rulebook gives it, e.g. "pp. 10, 24"
    cost: bool = False  # a cost: the effect only resolves when every cost can be paid


def op_names(table: tuple[Op, ...]) -> tuple[str, ...]:
    """The effect words in code order: a step's code is its word's index."""
    return tuple(op.name for op in table)


class EffectRows:
    """The effect table of a content file: each distinct list of steps stored once, as a
    row ``[n_steps, step 1, step 2, ...]`` of ints padded with zeros; row 0 is the empty
    effect. A step is a tuple of ``step_width`` ints (its code, then its arguments)."""

    def __init__(self, max_steps: int, step_width: int):
        self.width = 1 + max_steps * step_width
        self.rows: list[list[int]] = [[0] * self.width]
        self.index: dict[tuple, int] = {(): 0}

    def row(self, steps: list[tuple[int, ...]]) -> int:
        """The row holding ``steps``, added when new."""
        key = tuple(tuple(step) for step in steps)
        if key not in self.index:
            cells = [c for step in key for c in step]
            self.index[key] = len(self.rows)
            self.rows.append([len(key), *cells] + [0] * (self.width - 1 - len(cells)))
        return self.index[key]

    def table(self, multiple: int = 1) -> np.ndarray:
        """The rows, then empty ones up to a multiple of ``multiple``: content whose effects
        add a row then keeps the table's shape, and so the compiled kernels of a packed
        record type (``content_files.pack``)."""
        padding = [[0] * self.width] * (-len(self.rows) % multiple)
        return np.ascontiguousarray(np.array(self.rows + padding, dtype=np.int32))
