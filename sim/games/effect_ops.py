"""The record every game uses to declare an effect code once: the content loader checks
card steps against the table and ``sim content ops`` prints it, so the two cannot drift."""

from typing import NamedTuple


class Op(NamedTuple):
    name: str  # the word a content file writes
    args: tuple[str, ...]  # what each argument of the step is, in order
    meaning: str  # one line: what the step does
    pages: str  # where the rulebook gives it, e.g. "pp. 10, 24"
    cost: bool = False  # a cost: the effect only resolves when every cost can be paid


def op_names(table: tuple[Op, ...]) -> tuple[str, ...]:
    """The effect words in code order: a step's code is its word's index."""
    return tuple(op.name for op in table)
