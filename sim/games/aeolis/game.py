"""Aeolis as the runner sees it: a cell's setup in, result columns out."""

from dataclasses import dataclass

import numpy as np

from sim.games.aeolis import layout as L
from sim.games.aeolis.content import Content
from sim.games.aeolis.engine import play_batch, play_one, work_arrays
from sim.games.aeolis.profile import N_USE
from sim.games.policies import DEFAULT_SKILL
from sim.games.registry import HandedIn
from sim.games.result_columns import ResultColumns
from sim.games.state_layout import refuse_mismatch
from sim.threads import in_chunks

PROD_DIE = ("never", "queen", "always")
DEFAULT_SAMPLES = 4  # the search's play-outs per option
DEFAULT_HORIZON = 0  # rounds a play-out looks ahead, 0: to the game's end
LOSS_RULES = ("reach_city", "reach_or_left")
# Games a thread takes at a time (sim.threads): a chunk is tens of milliseconds of play
# against well under one to start it.
CHUNK = 64
RESULT_COLUMNS = ResultColumns(play_batch, first="won")  # simulate's arrays, by name


_HANDED = HandedIn("aeolis")  # the bots module the runner layer hands in
use_bots = _HANDED.use  # (contract.HandsInBots)


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
    # how well the team plays (a skill level, sim.games.policies) and the search budget: play-outs
    # per option, rounds a play-out looks ahead (0: to the game's end)
    skill: str = DEFAULT_SKILL
    samples: int = DEFAULT_SAMPLES
    horizon: int = DEFAULT_HORIZON


def _args(content: Content, setup: AeolisSetup, bots):
    heroes = sum(1 << L.HEROES_ALL.index(h) for h in setup.heroes)
    exps = sum(1 << L.EXPANSIONS_ALL.index(x) for x in setup.expansions)
    W = bots.weights(content, setup.strategy, setup.skill, setup.samples, setup.horizon)
    return (W, L.MODES.index(setup.mode), heroes, exps, PROD_DIE.index(setup.production_die),
            LOSS_RULES.index(setup.loss_rule), int(setup.heroic))


def simulate(content: Content, setup: AeolisSetup, run_seed: int, first_index: int,
             count: int, bots=None) -> dict[str, np.ndarray]:
    """Play games first_index .. first_index + count - 1; one entry per game. ``bots``: the
    team's module (sim.games.policies), the one handed in when None."""
    bots = _HANDED.get(bots)
    W, mode, heroes, exps, die, loss, heroic = _args(content, setup, bots)
    out = {k: np.zeros(count, np.int32) for k in (
        "won", "rounds", "loss_cause", "morale", "structures", "heroic_card", "heroic_ok",
        "decisions", "violation")}
    out["use"] = np.zeros((count, N_USE), np.int32)  # play-profile counts (profile.PROFILE)

    def play(start: int, stop: int) -> bool:
        room = bots.scratch()
        return play_batch(L.LAYOUT_KEY, content.packed, W, *work_arrays(0), run_seed,
                          first_index + start, stop - start, mode, heroes, exps, die, loss,
                          heroic, bots.entries(content, W, room),
                          *RESULT_COLUMNS.slices(out, start, stop))

    refuse_mismatch(play(0, 0), "aeolis")  # no game: the compiled layout is checked first
    in_chunks(count, CHUNK, play)
    return out


def play_traced(content: Content, setup: AeolisSetup, run_seed: int, game_index: int = 0,
                max_events: int = 20000):
    bots = _HANDED.get()
    W, mode, heroes, exps, die, loss, heroic = _args(content, setup, bots)
    room = bots.scratch()
    state, events, played = play_one(L.LAYOUT_KEY, content.tables, W, run_seed, game_index,
                                     mode, heroes, exps, die, loss, heroic,
                                     bots.entries(content, W, room), max_events)
    refuse_mismatch(played, "aeolis")
    return state, events
