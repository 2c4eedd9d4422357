"""The play profile: every ``use_<name>`` column of a run equals the events of the same
games counted from their traces (`sim trace RUN --cell C --game G`), and `sim games
--profile` lists each game's mechanisms."""

import json
import re
from collections import Counter

import pandas as pd
import pytest
from cli_process import error_line, sim
from typer.testing import CliRunner

from sim.cli import app
from sim.games.aeolis.ops import DECK_B
from sim.games.aeolis.profile import EVENT_MECHANISMS as AEOLIS_EVENTS
from sim.games.pericles.profile import EVENT_MECHANISMS as PERICLES_EVENTS
from sim.games.pillars.content import BUILDINGS
from sim.games.pillars.content import load_content as load_pillars
from sim.games.pillars.events import CITY_TRACK_5, TURN_ADVANCE
from sim.games.pillars.profile import EVENT_MECHANISMS as PILLARS_EVENTS
from sim.games.play_profile import COLUMN_PREFIX, column
from sim.games.registry import GAMES, profile
from sim.runner.replay import from_run, records

runner = CliRunner()
GAMES_PER_RUN = 6


def pericles_uses(record: dict):
    """(player, mechanism) for each use an Age of Pericles trace record shows."""
    event, player = record["event"], record["player"]
    if event in PERICLES_EVENTS:
        yield player, PERICLES_EVENTS[event]
    elif event == "main_action":
        yield player, "main_" + record["action"]
    elif event == "role":
        yield player, record["side"] + "_action"
    elif event == "knock_out":
        own = record["by"] == record["owner"]
        yield record["by"], "knock_out_own" if own else "knock_out_rival"


def pillars_uses(record: dict):
    """(player, mechanism) for each use a Pillars of Heracles trace record shows."""
    event, player = record["event"], record["player"]
    if event in PILLARS_EVENTS:
        yield player, PILLARS_EVENTS[event]
    if event == "turn":
        yield player, ("rondel_" + record["section"] if record["kind"] == TURN_ADVANCE
                       else "replenish_turn")
    elif event == "build" and record["building"] in BUILDINGS:
        yield player, "build_" + record["building"]
    elif event == "settle" and record["pillar"] == 1:
        yield player, "pillar_placed"
    elif event == "siege":
        yield player, "siege_won" if record["won"] == 1 else "siege_lost"
    elif event == "city_evaluation" and record["winner"] is not None:
        yield player, "city_own_step" if record["winner"] == player else "city_to_rival"
    elif event == "gain_city" and record["cause"] == CITY_TRACK_5:
        yield player, "city_track_end"
    elif event == "invoke_end":
        yield player, "invoke_effect" if record["acted"] == 1 else "invoke_idle"


def aeolis_uses(record: dict):
    """(team, mechanism) for each use an Aeolis trace record shows: its one row per game
    is the team's, seat 0."""
    event = record["event"]
    if event in AEOLIS_EVENTS:
        yield 0, AEOLIS_EVENTS[event]
    elif event == "train":
        yield 0, "train_" + record["unit"]
    elif event == "trade":
        yield 0, "alms" if record["kind"] == "alms" else "trade_" + record["kind"]
    elif event == "augury" and record["deck"] == DECK_B:
        yield 0, "augury"


USES = {"pericles": pericles_uses, "pillars": pillars_uses, "aeolis": aeolis_uses}
RUNS = {"pericles": ["--players", "3", "--strategies", "balanced,random,expert",
                     "--set", "roles=draft", "--set", "samples=2", "--set", "horizon=1"],
        "pillars": ["--players", "3", "--strategies", "balanced,random,random"],
        "aeolis": ["--players", "2", "--strategies", "random",
                   "--heroes", "queen,merchant,philosopher,hoplite,priestess,magi,triaconter"]}


def counted(game: str, trace: list[dict], seats: int) -> Counter:
    """(seat, mechanism) -> uses, over a game's trace records, the real seats only."""
    uses = Counter()
    for record in trace:
        for player, name in USES[game](record):
            if isinstance(player, int) and player < seats:
                uses[player, name] += 1
    return uses


def as_columns(df: pd.DataFrame, game: str) -> dict:
    """The dataset's counts of one game: (seat, mechanism) -> uses, zeros left out."""
    names = [m.name for m in profile(GAMES[game])]
    seats = df.seat if "seat" in df else [0] * len(df)  # a co-operative game: the team
    return {(int(seat), name): int(n)
            for seat, row in zip(seats, df[[COLUMN_PREFIX + n for n in names]].itertuples(
                index=False), strict=True)
            for name, n in zip(names, row, strict=True) if n}


@pytest.fixture(scope="module", params=sorted(RUNS))
def run(request, tmp_path_factory):
    game = request.param
    folder = tmp_path_factory.mktemp("profile") / game
    done = runner.invoke(app, ["run", "--game", game, *RUNS[game], "--n", str(GAMES_PER_RUN),
                               "--seed", "5", "--out", str(folder), "--quiet"])
    assert done.exit_code == 0, done.output
    return game, folder, pd.read_parquet(folder / "data")


def test_every_use_column_is_the_count_of_its_events_in_the_trace(run):
    game, folder, df = run
    mechanisms = profile(GAMES[game])
    assert [c for c in df.columns if c.startswith(COLUMN_PREFIX)] == [column(m) for m in mechanisms]
    used = set()
    for index, rows in df.groupby("game"):
        trace = records(from_run(folder, 0, int(index)))
        want = counted(game, trace, len(rows))
        assert as_columns(rows, game) == dict(want), index
        used |= {name for _, name in want}
    assert len(used) >= len(mechanisms) // 2  # the games exercise the profile, not zeros


def test_a_replay_as_a_subprocess_shows_the_row_counts(run):
    game, folder, df = run
    done = sim("trace", folder, "--cell", 0, "--game", 1)
    assert done.returncode == 0, done.stderr
    trace = [json.loads(line) for line in done.stdout.splitlines()]
    rows = df[df.game == 1]
    assert as_columns(rows, game) == dict(counted(game, trace, len(rows)))


# the trace event of a pick drafted by the seat's strategy, per game that drafts
DRAFTED = {"pericles": lambda r: r["event"] == "draft",  # the run drafts every Role
           "pillars": lambda r: r["event"] == "setup_pick" and r["pick"] == "draft"}


def test_draft_order_follows_the_draft_events(run):
    game, folder, df = run
    if game not in DRAFTED:  # Aeolis: the Hero set is the cell's, nothing is drafted
        assert "draft_order" not in df
        return
    for index, rows in df.groupby("game"):
        trace = records(from_run(folder, 0, int(index)))
        drafted = [r["player"] for r in trace if DRAFTED[game](r)]
        order = dict(zip(rows.seat.astype(int), rows.draft_order.astype(int), strict=True))
        assert order == {seat: k + 1 for k, seat in enumerate(drafted)}


def test_pillars_picks_are_the_city_states_whose_ability_triggers_on_the_action():
    content = load_pillars()
    triggers = {}
    for tile in content.data["city_states"]["tiles"]:
        for side in ("mediterranean", "aegean"):
            triggers.setdefault(tile["trigger"], set()).add(tile[side]["name"].capitalize())
    by_name = {m.name: set(m.picks) for m in profile(GAMES["pillars"])}
    for section in ("procure", "deploy", "settle", "ascend"):
        assert by_name["rondel_" + section] == by_name[section] == triggers[section]
    assert by_name["rondel_build"] == by_name["build_temple"] == triggers["build"]
    assert by_name["replenish_turn"] == triggers["replenish"]


@pytest.mark.parametrize("game", sorted(USES))
def test_the_profile_is_declared_once_with_names_meanings_and_pages(game):
    mechanisms = profile(GAMES[game])
    names = [m.name for m in mechanisms]
    assert len(set(names)) == len(names) and all(re.fullmatch(r"[a-z][a-z0-9_]*", n) for n in names)
    assert all(m.meaning and re.fullmatch(r"pp?\. ~?\d+(, ~?\d+)*", m.page) for m in mechanisms)


def test_sim_games_profile_lists_names_meanings_and_pages():
    done = sim("games", "--profile", "pericles")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    mechanisms = profile(GAMES["pericles"])
    assert len(lines) == 1 + len(mechanisms)
    for line, m in zip(lines[1:], mechanisms, strict=True):
        assert line.split()[0] == column(m) and m.page in line and line.endswith(m.meaning)
    assert "use_day_action" in done.stdout and "use_night_action" in done.stdout


def test_sim_games_profile_of_an_unknown_game_is_one_error_line():
    assert "unknown game 'chess'" in error_line(sim("games", "--profile", "chess"))
