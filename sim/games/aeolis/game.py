"""Aeolis as the runner sees it: a cell's setup in, result columns out."""

from dataclasses import dataclass

import numpy as np

from sim.games.aeolis import layout as L
from sim.games.aeolis.content import Content
from sim.games.aeolis.engine import play_batch, play_one, work_arrays
from sim.games.state_layout import refuse_mismatch
from sim.threads import in_chunks
from strategies.aeolis.styles import weights

PROD_DIE = ("never", "queen", "always")
LOSS_RULES = ("reach_city", "reach_or_left")
# Games a thread takes at a time (sim.threads): a chunk is tens of milliseconds of play
# against well under one to start it.
CHUNK = 64


@dataclass(frozen=True)
class AeolisSetup:
    """What one cell fixes: mode, Heroes, expansions and options, the team strategy."""

    mode: str = "easy"
    heroes: tuple[str, ...] = ("queen", "merchant", "philosopher", "hoplite")
    expansions: tuple[str, ...] = ()
    heroic: bool = False
    production_die: str = "queen"
    loss_rule: str = "reach_city"
    strategy: str = "survival"
    players: int = 1


def _args(content: Content, setup: AeolisSetup):
    heroes = sum(1 << L.HEROES_ALL.index(h) for h in setup.heroes)
    exps = sum(1 << L.EXPANSIONS_ALL.index(x) for x in setup.expansions)
    W = weights(setup.strategy, content.names["techs"], content.names["structures"])
    return (W, L.MODES.index(setup.mode), heroes, exps, PROD_DIE.index(setup.production_die),
            LOSS_RULES.index(setup.loss_rule), int(setup.heroic))


def simulate(content: Content, setup: AeolisSetup, run_seed: int, first_index: int,
             count: int) -> dict[str, np.ndarray]:
    """Play games first_index .. first_index + count - 1; one entry per game."""
    W, mode, heroes, exps, die, loss, heroic = _args(content, setup)
    out = {k: np.zeros(count, np.int32) for k in (
        "won", "rounds", "loss_cause", "morale", "structures", "heroic_card", "heroic_ok",
        "decisions", "violation")}

    def play(start: int, stop: int) -> bool:
        return play_batch(L.LAYOUT_KEY, content.packed, W, *work_arrays(0), run_seed,
                          first_index + start, stop - start, mode, heroes, exps, die, loss,
                          heroic, *(column[start:stop] for column in out.values()))  # its order

    refuse_mismatch(play(0, 0), "aeolis")  # no game: the compiled layout is checked first
    in_chunks(count, CHUNK, play)
    return out


def play_traced(content: Content, setup: AeolisSetup, run_seed: int, game_index: int = 0,
                max_events: int = 20000):
    W, mode, heroes, exps, die, loss, heroic = _args(content, setup)
    state, events, played = play_one(L.LAYOUT_KEY, content.tables, W, run_seed, game_index,
                                     mode, heroes, exps, die, loss, heroic, max_events)
    refuse_mismatch(played, "aeolis")
    return state, events
