"""Age of Pericles as the runner sees it: a cell's setup in, result columns out."""

from dataclasses import dataclass, field

import numpy as np

from sim.games.pericles import layout as L
from sim.games.pericles.content import Content
from sim.games.pericles.engine import play_batch, play_one, work_arrays
from sim.games.pericles.entries import entries, entries_soon
from sim.games.pericles.profile import N_USE
from sim.games.pericles.rules.setup import FORCED_IN, FORCED_OUT, PICK_DRAFT, PICK_RANDOM
from sim.games.policies import DEFAULT_SKILL
from sim.games.registry import HandedIn
from sim.games.result_columns import ResultColumns
from sim.games.state_layout import refuse_mismatch
from sim.rotation import runs, variants
from sim.threads import in_chunks

DRAFT, RANDOM = "draft", "random"
DEFAULT_SAMPLES = 2  # the search's play-outs per option
DEFAULT_HORIZON = 1  # Governances a play-out looks ahead, 0: to the game's end
ROLE_PICKS = {DRAFT: PICK_DRAFT, RANDOM: PICK_RANDOM}
# Games a thread takes at a time (sim.threads): a batch ends with its threads at most one
# chunk apart, and a chunk is long enough that starting it costs next to nothing.
CHUNK = 256
RESULT_COLUMNS = ResultColumns(play_batch, first="glory")  # simulate's arrays, by name


_HANDED = HandedIn("pericles")  # the bots module the runner layer hands in
use_bots = _HANDED.use  # (contract.HandsInBots)


@dataclass(frozen=True)
class PericlesSetup:
    """What one cell fixes about its games. Names are validated against the content."""

    players: int
    skills: bool = True
    # per seat: a Role name, DRAFT (the seat's strategy drafts) or RANDOM (dealt at random);
    # empty: every seat drafts
    roles: tuple[str, ...] = ()
    city_states_in: tuple[str, ...] = ()
    city_states_out: tuple[str, ...] = ()
    strategies: tuple[str, ...] = field(default=("random",))  # one, or one per seat
    # how well the heuristic seats play (a skill level, sim.games.policies) and the search budget:
    # play-outs per option, Governances ahead (0: to the game's end)
    skill: str = DEFAULT_SKILL
    samples: int = DEFAULT_SAMPLES
    horizon: int = DEFAULT_HORIZON
    # per seat: a weight row replacing its preset's (``sim tune`` plays candidates so), or None
    weights: tuple[tuple[float, ...] | None, ...] = ()
    # check the state's invariants after every Assembly turn too, not only after every
    # round and at the end (the invariant tests do; runs skip it for speed)
    check_turns: bool = False


def _arrays(content: Content, setup: PericlesSetup, bots):
    role_names = content.names["roles"]
    roles = np.full(L.MAX_SEATS, PICK_DRAFT, dtype=np.int32)
    for seat, name in enumerate(setup.roles):
        roles[seat] = ROLE_PICKS[name] if name in ROLE_PICKS else role_names.index(name)
    tiles = np.zeros(L.N_CITY_STATES, dtype=np.int32)
    for name in setup.city_states_in:
        tiles[content.names["city_states"].index(name)] = FORCED_IN
    for name in setup.city_states_out:
        tiles[content.names["city_states"].index(name)] = FORCED_OUT
    per_seat = setup.strategies * setup.players if len(setup.strategies) == 1 else setup.strategies
    strategies, weights = bots.seats(per_seat, setup.skill, setup.samples, setup.horizon,
                                     setup.weights)
    return roles, tiles, strategies, weights


def simulate(content: Content, setup, run_seed: int, first_index: int,
             count: int, bots=None) -> dict[str, np.ndarray]:
    """Play games first_index .. first_index + count - 1; arrays indexed [game, seat].
    ``setup``: a PericlesSetup, or a ``sim.rotation.Rotated`` one per assignment. ``bots``:
    the seats' module (sim.games.policies), the one handed in when None."""
    bots = _HANDED.get(bots)
    every = variants(setup)
    arrays = [_arrays(content, one, bots) for one in every]

    def per_game() -> np.ndarray:
        return np.zeros(count, np.int32)

    def per_seat(*more: int) -> np.ndarray:
        return np.zeros((count, L.MAX_SEATS, *more), np.int32)

    out = {
        "glory": per_seat(),
        "sources": per_seat(L.N_SOURCES),
        "won": per_seat(),
        "rank": per_seat(),
        "role": per_seat(),
        "rounds": per_game(),
        "end_reason": per_game(),
        "city_mask": per_game(),
        "city_used": per_seat(),  # per seat: tiles whose action it took
        "decisions": per_game(),
        "silver": per_seat(),
        "violation": per_game(),  # invariants.V_* code, 0 when consistent
        "use": per_seat(N_USE),  # play-profile counts (profile.PROFILE)
        "draft_order": per_seat(),  # 1 for the first Role drafted, 0: dealt
    }
    ready = entries_soon(content.packed)

    def play(k, start, stop, bot, rules):
        roles, tiles, strategies, weights = arrays[k]
        one = every[k]
        room = bots.scratch()
        return play_batch(L.LAYOUT_KEY, content.packed, weights, *work_arrays(0), run_seed,
                          first_index + start, stop - start, one.players, int(one.skills),
                          roles, tiles, strategies, one.check_turns, bot,
                          bots.search_addresses(content, strategies, room), rules,
                          *RESULT_COLUMNS.slices(out, start, stop))

    # No game, but the rules are compiled here (when not cached yet) while the entries
    # may be compiling in a second process, and checked against the layout.
    try:
        refuse_mismatch(play(0, 0, 0, 0, np.zeros(len(L.RULE_ENTRY_SLOTS), np.int64)), "pericles")
    except BaseException:
        ready.cancel()
        raise
    bot, rules = ready.get()
    in_chunks(count, CHUNK, lambda start, stop: all(
        play(k, a, b, bot, rules) for a, b, k in runs(first_index, start, stop, len(every))))
    return out


def play_traced(content: Content, setup: PericlesSetup, run_seed: int, game_index: int = 0,
                max_events: int = 20000):
    """One game and its event rows (see events.py): (final state, events)."""
    bots = _HANDED.get()
    roles, tiles, strategies, weights = _arrays(content, setup, bots)
    bot, rules = entries(content.packed)
    room = bots.scratch()
    state, events, played = play_one(L.LAYOUT_KEY, content.packed, weights, run_seed,
                                     game_index, setup.players, int(setup.skills), roles, tiles,
                                     strategies, setup.check_turns, bot,
                                     bots.search_addresses(content, strategies, room), rules,
                                     max_events)
    refuse_mismatch(played, "pericles")
    return state, events
