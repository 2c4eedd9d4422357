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
from sim.games.pericles.profile import EVENT_MECHANISMS as PERICLES_EVENTS
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


USES = {"pericles": pericles_uses}
RUNS = {"pericles": ["--players", "3", "--strategies", "balanced,random,expert",
                     "--set", "roles=draft", "--set", "samples=2", "--set", "horizon=1"]}


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
    return {(int(seat), name): int(n)
            for seat, row in zip(df.seat, df[[COLUMN_PREFIX + n for n in names]].itertuples(
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


def test_draft_order_follows_the_draft_events(run):
    game, folder, df = run
    for index, rows in df.groupby("game"):
        trace = records(from_run(folder, 0, int(index)))
        drafted = [r["player"] for r in trace if r["event"] == "draft"]
        order = dict(zip(rows.seat.astype(int), rows.draft_order.astype(int), strict=True))
        assert order == {seat: k + 1 for k, seat in enumerate(drafted)}


@pytest.mark.parametrize("game", sorted(USES))
def test_the_profile_is_declared_once_with_names_meanings_and_pages(game):
    mechanisms = profile(GAMES[game])
    names = [m.name for m in mechanisms]
    assert len(set(names)) == len(names) and all(re.fullmatch(r"[a-z][a-z0-9_]*", n) for n in names)
    assert all(m.meaning and re.fullmatch(r"pp?\. \d+(, \d+)*", m.page) for m in mechanisms)


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
