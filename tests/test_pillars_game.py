"""Whole games of Pillars of Heracles (sim/games/pillars/engine.py): the invariant harness
over both board sides, 2-4 players and the three modes of Appendix 4, with Symmachia (at 4
players), Skirmish Mode, Barbarian Hordes (not with Tutorial, decision 39), Atlantis (on
the Mediterranean side, decision 13) and Legendary Heroes added, and The Siege of Destiny
(on its Aegean side) (random-legal games, every invariant checked after every turn, no
game stopped by the safety limit), the final round (p. 13), and a game as a pure function
of its seed and index.

The full 10,000 games per case run in CI (``.ci/run``: ``python -m tests.test_pillars_game
10000``); their figures are in docs/rules/pillars.md."""

import collections
import itertools
import sys
import time

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import SIDES
from sim.games.pillars.events import EVENT_NAMES
from sim.games.pillars.game import MAX_ROUNDS, PillarsSetup, play_traced, simulate
from sim.games.pillars.invariants import VIOLATION_NAMES
from sim.games.pillars.modes import ALL_MODES, DESTINY, parse_mode
from sim.games.registry import GAMES
from tests.pillars_fixtures import CONTENT

GAMES_PER_CASE = 200
SEED = 3
# the added modes with each mode that sets the end, at the player counts they allow; the
# full run plays ADDED_GAMES of each (the core cases get the number asked for)
ADDED = ([(side, 4, f"{base}+symmachia") for side in SIDES for base in L.MODES]
         + [(side, players, f"{base}+skirmish") for side in SIDES for players in (2, 3, 4)
            for base in L.MODES]
         + [(side, 4, "symmachia+skirmish") for side in SIDES]
         + [(side, players, f"{base}+barbarian_hordes") for side in SIDES
            for players in (2, 3, 4) for base in ("standard", "short")]
         + [("mediterranean", players, f"{base}+atlantis") for players in (2, 3, 4)
            for base in L.MODES]  # the side with its Sea (decision 13)
         + [("mediterranean", 4, "symmachia+atlantis"),
            ("mediterranean", 3, "skirmish+barbarian_hordes+atlantis")]
         + [(side, players, f"{base}+legendary_heroes") for side in SIDES
            for players in (2, 3, 4) for base in L.MODES]
         + [("aegean", 4, "symmachia+skirmish+legendary_heroes"),
            ("mediterranean", 3, "barbarian_hordes+atlantis+legendary_heroes")]
         + [("aegean", players, DESTINY) for players in (2, 3, 4)]  # its side (p. ~18)
         + [(side, 2, "solo") for side in SIDES])  # against the Tyrant (p. ~21)
ADDED_GAMES = 2_000
CASES = list(itertools.product(SIDES, (2, 3, 4), L.MODES)) + ADDED
TRIGGERS = {"standard": {"cities", "tracks", "prophecies"}, "tutorial": {"cities"},
            "short": {"cities", "tracks", "prophecies"}}
DESTINY_WINS = {"troia_taken", "time_runs_out"}  # its own ends replace the triggers (p. ~18)
_seen: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)


def play(side, players, mode, n, check_turns=True, first=0):
    setup = PillarsSetup(players=players, board=side, mode=mode, check_turns=check_turns)
    return simulate(CONTENT, setup, SEED, first, n)


@pytest.mark.parametrize("side, players, mode", CASES)
def test_random_legal_games_keep_every_invariant(side, players, mode):
    out = play(side, players, mode, GAMES_PER_CASE)
    broken = np.flatnonzero(out["violation"])
    assert broken.size == 0, (f"game {broken[0]}: "
                              f"{VIOLATION_NAMES[out['violation'][broken[0]]]}")
    base, added = parse_mode(mode)
    reasons = {L.END_REASON_NAMES[r] for r in out["end_reason"]}
    assert "round_limit" not in reasons and "none" not in reasons
    assert reasons <= (DESTINY_WINS if DESTINY in added else TRIGGERS[base])
    assert out["rounds"].max() < MAX_ROUNDS
    n = players
    glory, sources = out["glory"][:, :n], out["sources"][:, :n]
    assert (glory == sources.sum(axis=2)).all()
    assert (out["won"][:, :n].sum(axis=1) >= 1).all()
    assert (out["won"][:, n:] == 0).all() and (glory >= 0).all()
    if "symmachia" in added:  # partners share the result (p. 15)
        won = out["won"][:, :n]
        assert (won[:, 0] == won[:, 2]).all() and (won[:, 1] == won[:, 3]).all()
    if DESTINY not in added:
        _seen[base].update(L.END_REASON_NAMES[r] for r in out["end_reason"])
    _seen["sources"].update({s: int(sources[:, :, k].sum()) for k, s in enumerate(L.GLORY_SOURCES)})


def test_every_trigger_and_source_comes_up():
    """Run after the cases above (file order): each mode's triggers and every Glory source
    occur in the games they played."""
    if not _seen:
        pytest.skip("the harness cases did not run in this session")
    for mode, triggers in TRIGGERS.items():
        assert set(_seen[mode]) == triggers, (mode, _seen[mode])
    assert all(_seen["sources"][s] > 0 for s in L.GLORY_SOURCES), _seen["sources"]


def test_the_registry_carries_the_safety_limit():
    info = GAMES["pillars"]
    assert info.max_rounds == MAX_ROUNDS and (info.min_players, info.max_players) == (2, 4)
    assert info.modes == ALL_MODES


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 7), (4, 2)])
def test_the_final_round_gives_every_seat_as_many_turns_p13(players, seed):
    state, ev = play_traced(CONTENT, PillarsSetup(players=players, mode="tutorial"), seed)
    names = [EVENT_NAMES[c] for c in ev[:, 2]]
    trigger = names.index("end_trigger")
    trigger_round = int(ev[trigger, 0])
    turns = collections.Counter(int(seat) for (rnd, seat, code) in ev[:, :3]
                                if EVENT_NAMES[code] == "turn")
    assert set(turns.values()) == {trigger_round + 1}
    assert sorted(turns) == list(range(players))
    assert names.count("end_trigger") == 1 and names[-1] == "game_end"
    assert state[L.ROUND] == trigger_round + 1 and state[L.VIOLATION] == 0
    last_turns = [int(seat) for rnd, seat, code in ev[:, :3]
                  if EVENT_NAMES[code] == "turn" and rnd == trigger_round + 1]
    assert last_turns == list(range(players))  # the First Player's turn opens the last round


def test_a_game_depends_only_on_its_seed_and_index():
    whole = play("aegean", 3, "short", 12, check_turns=False)
    part = play("aegean", 3, "short", 6, check_turns=False, first=6)
    for key in whole:
        assert (whole[key][6:] == part[key]).all(), key
    again = play("aegean", 3, "short", 12, check_turns=False)
    assert all((whole[k] == again[k]).all() for k in whole)
    assert not (whole["rounds"][:6] == whole["rounds"][6:]).all()


def _full_run(n: int, check_turns: bool) -> None:
    """The harness at ``n`` games per case, with the figures docs/rules/pillars.md gives."""
    totals: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    longest = 0
    for side, players, mode in CASES:
        games = min(n, ADDED_GAMES) if (side, players, mode) in ADDED else n
        start = time.perf_counter()
        out = play(side, players, mode, games, check_turns=check_turns)
        assert not out["violation"].any(), (side, players, mode)
        reasons = collections.Counter(L.END_REASON_NAMES[r] for r in out["end_reason"])
        assert "round_limit" not in reasons, (side, players, mode)
        sources = out["sources"][:, :players].sum(axis=(0, 1))
        rounds = out["rounds"]
        longest = max(longest, int(rounds.max()))
        totals[mode].update(reasons)
        speed = games / (time.perf_counter() - start)
        print(f"{side:<13} {players}p {mode:<18} {games:6d} games {speed:6.0f} g/s  "
              f"rounds mean {rounds.mean():5.1f} median {np.median(rounds):5.0f} "
              f"max {rounds.max():4d}  end "
              + ", ".join(f"{k} {v / games:.1%}" for k, v in sorted(reasons.items()))
              + "  Glory " + ", ".join(f"{s} {v / sources.sum():.1%}"
                                       for s, v in zip(L.GLORY_SOURCES, sources, strict=True))
              + f"  p99 {np.percentile(rounds, 99):.0f}", flush=True)
    print(f"longest game: {longest} rounds (safety limit {MAX_ROUNDS})")


if __name__ == "__main__":
    # a second argument "rounds" checks the invariants after every round only (faster)
    _full_run(int(float(sys.argv[1])) if len(sys.argv) > 1 else 10_000,
              check_turns=len(sys.argv) < 3 or sys.argv[2] != "rounds")
