"""The play profile: the mechanisms a player uses, counted per player-game.

Each game declares its mechanisms once, as data (``PROFILE`` in the module its registry
entry names in ``GameInfo.profile``). The engine counts them in the same pass as play, and
the dataset carries one integer column ``use_<name>`` per mechanism and seat, so that a
report can show how the bots play next to the figures their play produced.
"""

import importlib
from typing import NamedTuple

import numpy as np

COLUMN_PREFIX = "use_"


class Mechanism(NamedTuple):
    name: str  # column ``use_<name>``: a lower-case identifier
    meaning: str  # what one count is, in a designer's words
    page: str  # where the rulebook describes it, e.g. "p. 7"
    # the picks (City-states, Roles, Hero sets, as printed) whose ability or cue concerns
    # this mechanism: a verdict on them is weakened when the bots skip or abuse it
    picks: tuple[str, ...] = ()


def column(mechanism: Mechanism) -> str:
    return COLUMN_PREFIX + mechanism.name


def load_profile(module: str) -> tuple[Mechanism, ...]:
    """The mechanisms a game's profile module declares (``PROFILE``), in column order."""
    return importlib.import_module(module).PROFILE if module else ()


def indices(profile: tuple[Mechanism, ...]) -> dict[str, int]:
    """Each mechanism's index in a seat's counts, by name."""
    return {m.name: k for k, m in enumerate(profile)}


def one_use_table(event_names: tuple[str, ...], event_mechanisms: dict[str, str],
                  use: dict[str, int]) -> np.ndarray:
    """Per event code: the index of the mechanism one such event is a use of, or -1 (a
    game's ``EVENT_MECHANISMS``, read by its compiled ``count_use``)."""
    table = np.full(len(event_names), -1, np.int32)
    for event, name in event_mechanisms.items():
        table[event_names.index(event)] = use[name]
    return table
