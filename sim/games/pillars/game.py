"""Pillars of Heracles as the runner sees it: a cell's setup in, result columns out."""

from dataclasses import dataclass

import numpy as np

from sim.games.pillars import layout as L
from sim.games.pillars.content import Content
from sim.games.pillars.engine import MAX_ROUNDS, play_batch, play_one, work_arrays
from sim.games.pillars.entries import bot_entry, bot_entry_soon
from sim.games.pillars.modes import check_board, check_players, mode_code
from sim.games.pillars.profile import N_USE
from sim.games.pillars.rules.apart import apart
from sim.games.pillars.start import setup_arrays
from sim.games.policies import DEFAULT_SKILL, RANDOM_LEGAL
from sim.games.registry import HandedIn
from sim.games.result_columns import ResultColumns
from sim.games.state_layout import refuse_mismatch
from sim.rotation import runs, variants
from sim.threads import in_chunks

# Every seat alike may take the first legal option (the rules' own policy); the other
# strategy names are the bots' (the registry's bots module).
FIRST = "first"
DEFAULT_SAMPLES = 2  # the search's play-outs per candidate turn
DEFAULT_HORIZON = 2  # rounds a play-out plays, this one counted; 0: to the game's end
# Games a thread takes at a time (sim.threads).
CHUNK = 32

# The result arrays, named as play_batch's parameters: (name, one per seat, more
# dimensions). offered: step 10's row, -1 past its end; violation: an invariants.V_* code;
# atlantis: the seat whose marker is on Atlantis, -1; hero: the seat's Hero tile, -1
# (p. 16), hero_power its Power at the end (Odysseus grows); time_markers: left at the end
# (the Siege of Destiny); improved: the Tyrant's Improved actions (Solo Mode); use:
# play-profile counts.
RESULTS = (("glory", True), ("sources", True, L.N_SOURCES), ("won", True), ("rank", True),
           ("city_state", True), ("offered", False, L.MAX_DRAWN), ("rounds", False),
           ("end_reason", False), ("decisions", False), ("violation", False),
           ("atlantis", False), ("hero", True), ("hero_power", True), ("time_markers", False),
           ("improved", False), ("use", True, N_USE))
RESULT_COLUMNS = ResultColumns(play_batch, first="glory")

_HANDED = HandedIn("pillars")  # the bots module the runner layer hands in
use_bots = _HANDED.use  # (contract.HandsInBots)


@dataclass(frozen=True)
class PillarsSetup:
    """What one cell fixes about its games. Names are validated by ``start.setup_arrays``."""

    players: int = 3
    board: str = "mediterranean"
    mode: str = "standard"  # modes.py: "short", "symmachia", "short+symmachia" ...
    track_end: str = "markers"  # layout.TRACK_ENDS: how the track-end trigger counts
    troia_rule: str = "lifted"  # layout.TROIA_RULES: the Siege of Destiny's only-City rule
    phalanx: str = "lands"  # layout.PHALANX_RULES: where Phalanx Formation's Power counts
    # per seat: a City-state name, "draft" (the seat's policy drafts, as printed) or
    # "random" (dealt at random); seats past the list draft
    city_states: tuple[str, ...] = ()
    city_states_in: tuple[str, ...] = ()
    city_states_out: tuple[str, ...] = ()
    # one strategy (the bots' names, or FIRST) for every seat, or one per seat
    strategies: tuple[str, ...] = ("random",)
    # per seat, a weight row played instead of its preset's (None: the preset's); sim tune
    weights: tuple[tuple[float, ...] | None, ...] | None = None
    # how well the heuristic seats play (a skill level, sim.games.policies) and the search
    # budget: play-outs per candidate turn, rounds a play-out plays (0: to the game's end)
    skill: str = DEFAULT_SKILL
    samples: int = DEFAULT_SAMPLES
    horizon: int = DEFAULT_HORIZON
    # check the invariants after every turn too, not only after every round (the tests do)
    check_turns: bool = False
    max_rounds: int = MAX_ROUNDS


def seat_strategies(setup: PillarsSetup) -> tuple[str, ...]:
    """The strategy of each seat."""
    given = setup.strategies
    return given * setup.players if len(given) == 1 else given


def seat_policies(setup: PillarsSetup, bots) -> tuple[np.ndarray, np.ndarray]:
    """(policy code per seat, weights ``W``: one row per seat) of the cell's seats
    (``bots.seats``)."""
    return bots.seats(seat_strategies(setup), setup.skill, setup.samples, setup.horizon,
                      setup.weights or ())


def _args(content: Content, setup: PillarsSetup, bots):
    side, picks, tiles = setup_arrays(content, setup.board, setup.players, setup.city_states,
                                      setup.city_states_in, setup.city_states_out, setup.mode)
    L.check_capacity(content.tables)
    check_players(setup.mode, setup.players)
    check_board(setup.mode, content.tables, setup.board)
    return (*seat_policies(setup, bots), side, picks, tiles, mode_code(setup.mode),
            L.TRACK_ENDS.index(setup.track_end), L.TROIA_RULES.index(setup.troia_rule),
            L.PHALANX_RULES.index(setup.phalanx))


def _asks_bot(codes: np.ndarray) -> bool:
    """Some seat plays a bot, so the game calls the bots' entry."""
    return bool((codes > RANDOM_LEGAL).any())


def simulate(content: Content, setup, run_seed: int, first_index: int,
             count: int, bots=None) -> dict[str, np.ndarray]:
    """Play games first_index .. first_index + count - 1; arrays indexed [game, seat].
    ``setup``: a PillarsSetup, or a ``sim.rotation.Rotated`` one per assignment. ``bots``:
    the seats' module (``contract.GameBots``), the one handed in when None."""
    bots = _HANDED.get(bots)
    every = variants(setup)
    args = [_args(content, one, bots) for one in every]
    # The bot entry is compiled, when the cache lacks it, by a second process while this
    # one compiles the rules (the kernels compiled apart, then play_batch asked for no game).
    soon = bot_entry_soon(bots, content.packed) if any(_asks_bot(a[0]) for a in args) else None
    out = {name: np.zeros((count, *((L.MAX_PLAYERS,) if per_seat else ()), *more), np.int32)
           for name, per_seat, *more in RESULTS}

    def play(k: int, start: int, stop: int, bot: int) -> bool:
        codes, W, side, picks, tiles, mode, track_end, troia_rule, phalanx = args[k]
        one = every[k]
        room = bots.scratch()
        search = (bots.search_addresses(content, codes, room) if stop > start
                  else np.zeros(2, np.int64))
        return play_batch(L.LAYOUT_KEY, content.packed, W, codes, bot, search, rules,
                          *work_arrays(0), run_seed, first_index + start, stop - start, side,
                          one.players, picks, tiles, mode, track_end, troia_rule, phalanx,
                          one.check_turns, one.max_rounds,
                          *RESULT_COLUMNS.slices(out, start, stop))

    try:  # no game: the compiled layout is checked first
        rules = apart.addresses(content.packed)
        refuse_mismatch(play(0, 0, 0, 0), "pillars")
    except BaseException:
        if soon is not None:
            soon.cancel()
        raise
    bot = 0 if soon is None else soon.get()
    in_chunks(count, CHUNK, lambda start, stop: all(
        play(k, a, b, bot) for a, b, k in runs(first_index, start, stop, len(every))))
    return out


def play_traced(content: Content, setup: PillarsSetup, run_seed: int, game_index: int = 0,
                max_events: int = 200_000):
    """One game and its event rows (see events.py): (final state, events)."""
    bots = _HANDED.get()
    codes, W, side, picks, tiles, mode, track_end, troia_rule, phalanx = _args(content, setup,
                                                                                 bots)
    bot = bot_entry(bots, content.packed) if _asks_bot(codes) else 0
    room = bots.scratch()
    state, events, played = play_one(L.LAYOUT_KEY, content.packed, W, codes, bot,
                                     bots.search_addresses(content, codes, room),
                                     apart.addresses(content.packed), run_seed, game_index,
                                     side, setup.players, picks, tiles, mode, track_end,
                                     troia_rule, phalanx, True, setup.max_rounds, max_events)
    refuse_mismatch(played, "pillars")
    return state, events
