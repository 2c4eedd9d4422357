"""The record every game uses to declare a tunable number once, with its range."""

from typing import NamedTuple


class Param(NamedTuple):
    name: str
    default: int
    low: int
    high: int
    source: str  # "rulebook p. N" or "assumed: reason"

    @property
    def assumed(self) -> bool:
        """The value was chosen here, not transcribed from the printed game."""
        return self.source.startswith("assumed")


def index_of(params: tuple[Param, ...]) -> dict[str, int]:
    """Position of each parameter in the engine's params vector, by name."""
    return {p.name: i for i, p in enumerate(params)}
