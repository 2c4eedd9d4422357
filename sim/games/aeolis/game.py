"""Aeolis as the runner sees it: a cell's setup in, result columns out."""

from dataclasses import dataclass

import numpy as np

from sim.games.aeolis import layout as L
from sim.games.aeolis.content import Content
from sim.games.aeolis.engine import play_batch, play_one, work_arrays
from sim.games.aeolis.profile import N_USE
from sim.games.state_layout import refuse_mismatch
from sim.threads import in_chunks
from strategies.aeolis.policy import W_SAMPLES
from strategies.aeolis.search import scratch, search_entry
from strategies.aeolis.skill import DEFAULT_HORIZON, DEFAULT_SAMPLES, DEFAULT_SKILL, team_weights

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
    # how well the team plays (strategies.aeolis.skill) and the search budget: play-outs
    # per option, rounds a play-out looks ahead (0: to the game's end)
    skill: str = DEFAULT_SKILL
    samples: int = DEFAULT_SAMPLES
    horizon: int = DEFAULT_HORIZON


def _args(content: Content, setup: AeolisSetup):
    heroes = sum(1 << L.HEROES_ALL.index(h) for h in setup.heroes)
    exps = sum(1 << L.EXPANSIONS_ALL.index(x) for x in setup.expansions)
    W = team_weights(setup.strategy, setup.skill, setup.samples, setup.horizon,
                     content.names["techs"], content.names["structures"])
    return (W, L.MODES.index(setup.mode), heroes, exps, PROD_DIE.index(setup.production_die),
            LOSS_RULES.index(setup.loss_rule), int(setup.heroic))


def search_addresses(content: Content, W: np.ndarray, room: np.ndarray) -> np.ndarray:
    """The search entry's address and that of the scratch ``room`` (``search.scratch``),
    or zeros when the team does not search (the entry is compiled only when it does)."""
    if W[W_SAMPLES] <= 0:
        return np.zeros(2, np.int64)
    return np.array([search_entry(content.packed), room.ctypes.data], np.int64)


def simulate(content: Content, setup: AeolisSetup, run_seed: int, first_index: int,
             count: int) -> dict[str, np.ndarray]:
    """Play games first_index .. first_index + count - 1; one entry per game."""
    W, mode, heroes, exps, die, loss, heroic = _args(content, setup)
    out = {k: np.zeros(count, np.int32) for k in (
        "won", "rounds", "loss_cause", "morale", "structures", "heroic_card", "heroic_ok",
        "decisions", "violation")}
    out["use"] = np.zeros((count, N_USE), np.int32)  # play-profile counts (profile.PROFILE)

    def play(start: int, stop: int) -> bool:
        room = scratch()
        return play_batch(L.LAYOUT_KEY, content.packed, W, *work_arrays(0), run_seed,
                          first_index + start, stop - start, mode, heroes, exps, die, loss,
                          heroic, search_addresses(content, W, room),
                          *(column[start:stop] for column in out.values()))  # its order

    refuse_mismatch(play(0, 0), "aeolis")  # no game: the compiled layout is checked first
    in_chunks(count, CHUNK, play)
    return out


def play_traced(content: Content, setup: AeolisSetup, run_seed: int, game_index: int = 0,
                max_events: int = 20000):
    W, mode, heroes, exps, die, loss, heroic = _args(content, setup)
    room = scratch()
    state, events, played = play_one(L.LAYOUT_KEY, content.tables, W, run_seed, game_index,
                                     mode, heroes, exps, die, loss, heroic,
                                     search_addresses(content, W, room), max_events)
    refuse_mismatch(played, "aeolis")
    return state, events
