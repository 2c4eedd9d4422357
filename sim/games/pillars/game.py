"""Pillars of Heracles as the runner sees it: a cell's setup in, result columns out."""

from dataclasses import dataclass

import numpy as np

from sim.games.pillars import layout as L
from sim.games.pillars.content import Content
from sim.games.pillars.engine import MAX_ROUNDS, play_batch, play_one, search_arrays, work_arrays
from sim.games.pillars.modes import check_board, check_players, mode_code
from sim.games.pillars.policy import BOTS, FIRST
from sim.games.pillars.profile import N_USE
from sim.games.pillars.rules.apart import apart
from sim.games.pillars.start import setup_arrays
from sim.games.state_layout import refuse_mismatch
from sim.rotation import runs, variants
from sim.threads import in_chunks
from strategies.pillars.entry import (
    SEAT_RANDOM,
    SEAT_SEARCH,
    bot_entry,
    bot_entry_soon,
    bot_words,
)
from strategies.pillars.skill import (
    DEFAULT_HORIZON,
    DEFAULT_SAMPLES,
    DEFAULT_SKILL,
    RANDOM,
    STRATEGY_NAMES,
    SeatBot,
    seat_bot,
)

# What a seat may play: a heuristic personality (strategies/pillars/presets, balanced
# first, the default), a skill level (strategies.pillars.skill), uniformly random legal
# options, or (every seat alike) the first legal option.
FIRST_OPTION = "first"
STRATEGIES = (*STRATEGY_NAMES, FIRST_OPTION)
# Games a thread takes at a time (sim.threads).
CHUNK = 32


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
    # one strategy (STRATEGIES) for every seat, or one per seat
    strategies: tuple[str, ...] = (RANDOM,)
    # per seat, a weight row played instead of its preset's (None: the preset's); sim tune
    weights: tuple[tuple[float, ...] | None, ...] | None = None
    # how well the heuristic seats play (strategies.pillars.skill) and the search budget:
    # play-outs per candidate turn, rounds a play-out plays (0: to the game's end)
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


def _seat_bots(setup: PillarsSetup) -> list[SeatBot] | None:
    """Each seat's bot (``strategies.pillars.skill``), an explicit weight row in place of
    its preset's; None when every seat takes the first option."""
    seats = seat_strategies(setup)
    if FIRST_OPTION in seats:
        return None
    explicit = setup.weights or (None,) * len(seats)
    bots = [seat_bot(name, setup.skill, setup.samples) for name in seats]
    return [bot if row is None else SeatBot(bot.code, np.asarray(row, np.float64), bot.mistakes,
                                            bot.samples)
            for bot, row in zip(bots, explicit, strict=True)]


def needs_bot(setup: PillarsSetup) -> bool:
    """Some seat of the cell plays the heuristic, so its games call the bot entry."""
    return any(bot.code != SEAT_RANDOM for bot in _seat_bots(setup) or ())


def needs_search(setup: PillarsSetup) -> bool:
    """Some seat of the cell plans its turns by search (``strategies.pillars.search``)."""
    return any(bot.code == SEAT_SEARCH for bot in _seat_bots(setup) or ())


def policy_words(content: Content, setup: PillarsSetup, address: int | None = None,
                 search: int | None = None) -> np.ndarray:
    """The policy vector ``W`` of the cell's games (``policy``, ``strategies.pillars.entry``):
    the first option for every seat, or each seat's bot with its weights, mistakes and
    search budget, the bot entry's ``address`` and the search entry's ``search`` (by
    default compiled, or loaded, now)."""
    bots = _seat_bots(setup)
    if bots is None:
        return np.array([FIRST], np.int64)
    if not needs_bot(setup):
        address = 0
    elif address is None:
        address = bot_entry(content.packed)
    if not needs_search(setup):
        search = 0
    elif search is None:
        from strategies.pillars.search import search_entry  # imports the rules
        search = search_entry(content.packed)
    return bot_words(BOTS, [bot.code for bot in bots], [bot.weights for bot in bots], address,
                     [bot.mistakes for bot in bots], [bot.samples for bot in bots],
                     setup.horizon if search else 0, search)


def _args(content: Content, setup: PillarsSetup, address: int | None = None):
    side, picks, tiles = setup_arrays(content, setup.board, setup.players, setup.city_states,
                                      setup.city_states_in, setup.city_states_out, setup.mode)
    L.check_capacity(content.tables)
    check_players(setup.mode, setup.players)
    check_board(setup.mode, content.tables, setup.board)
    search = None if address is None else 0  # with the bot entry's address, compiled first
    return (policy_words(content, setup, address, search), side, picks, tiles, mode_code(setup.mode),
            L.TRACK_ENDS.index(setup.track_end), L.TROIA_RULES.index(setup.troia_rule),
            L.PHALANX_RULES.index(setup.phalanx))


def simulate(content: Content, setup, run_seed: int, first_index: int,
             count: int) -> dict[str, np.ndarray]:
    """Play games first_index .. first_index + count - 1; arrays indexed [game, seat].
    ``setup``: a PillarsSetup, or a ``sim.rotation.Rotated`` one per assignment."""
    # The bot entry is compiled, when the cache lacks it, by a second process while this one
    # compiles the rules (the kernels compiled apart, then play_batch asked for no game); W
    # carries its address after.
    every = variants(setup)
    args = [_args(content, one, address=0) for one in every]
    bot = bot_entry_soon(content.packed) if any(needs_bot(one) for one in every) else None
    m = L.MAX_PLAYERS
    out = {
        "glory": np.zeros((count, m), np.int32),
        "sources": np.zeros((count, m, L.N_SOURCES), np.int32),
        "won": np.zeros((count, m), np.int32),
        "rank": np.zeros((count, m), np.int32),
        "city_state": np.zeros((count, m), np.int32),
        "offered": np.zeros((count, L.MAX_DRAWN), np.int32),  # step 10's row, -1 past its end
        "rounds": np.zeros(count, np.int32),
        "end_reason": np.zeros(count, np.int32),
        "decisions": np.zeros(count, np.int32),
        "violation": np.zeros(count, np.int32),  # invariants.V_* code, 0 when consistent
        "atlantis": np.zeros(count, np.int32),  # the seat whose marker is on Atlantis, -1
        "hero": np.zeros((count, m), np.int32),  # the seat's Hero tile, -1 (p. 16)
        "hero_power": np.zeros((count, m), np.int32),  # its Power at the end (Odysseus grows)
        "time_markers": np.zeros(count, np.int32),  # left at the end (the Siege of Destiny)
        "improved": np.zeros(count, np.int32),  # the Tyrant's Improved actions (Solo Mode)
        "use": np.zeros((count, m, N_USE), np.int32),  # play-profile counts (profile.PROFILE)
    }

    def play(k: int, start: int, stop: int) -> bool:
        W, side, picks, tiles, mode, track_end, troia_rule, phalanx = args[k]
        one = every[k]
        copies = W.shape[0] if any(needs_search(one) for one in every) else 0
        return play_batch(L.LAYOUT_KEY, content.packed, W, rules, *work_arrays(0),
                          *search_arrays(copies), run_seed,
                          first_index + start, stop - start, side, one.players, picks, tiles,
                          mode, track_end, troia_rule, phalanx, one.check_turns, one.max_rounds,
                          *(column[start:stop] for column in out.values()))  # its order

    try:  # no game: the compiled layout is checked first
        rules = apart.addresses(content.packed)
        refuse_mismatch(play(0, 0, 0), "pillars")
    except BaseException:
        if bot is not None:
            bot.cancel()
        raise
    if bot is not None:
        address = bot.get()
        args = [(policy_words(content, one, address), *rest[1:])
                for one, rest in zip(every, args, strict=True)]
    in_chunks(count, CHUNK, lambda start, stop: all(
        play(k, a, b) for a, b, k in runs(first_index, start, stop, len(every))))
    return out


def play_traced(content: Content, setup: PillarsSetup, run_seed: int, game_index: int = 0,
                max_events: int = 200_000):
    """One game and its event rows (see events.py): (final state, events)."""
    W, side, picks, tiles, mode, track_end, troia_rule, phalanx = _args(content, setup)
    state, events, played = play_one(L.LAYOUT_KEY, content.packed, W,
                                     apart.addresses(content.packed), run_seed, game_index,
                                     side, setup.players, picks, tiles, mode, track_end,
                                     troia_rule, phalanx, True, setup.max_rounds, max_events)
    refuse_mismatch(played, "pillars")
    return state, events
