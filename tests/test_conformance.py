"""One conformance suite over every registered game (sim.games.contract).

Each test is parametrised over ``sim.games.registry.GAMES``, so a game added with one
registry line is checked by it unchanged: it keeps the contract (at run time and under
mypy), its random-legal games keep every invariant, it plays the same games on any
thread count and batch split, a traced replay ends as the dataset row, `sim report`
renders its run, an engine
compiled for another layout refuses to play, a bad setting is one line with exit 2, and
its state survives a trip through JSON. Game counts are small: each game's own tests go
deeper. Editing one game leaves the others' compiled code warm: tests/test_kernel_cache.py.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from sim.cli import app
from sim.games import contract
from sim.games.registry import (
    GAMES,
    get_game,
    load_bots,
    load_content_file,
    load_play,
    load_runner,
    load_state_json,
    load_trace,
)
from sim.games.state_layout import LayoutMismatch
from sim.runner.replay import from_run, records

ROOT = Path(__file__).resolve().parents[1]
NAMES = sorted(GAMES)
RANDOM = "random"  # every game's random-legal strategy
SEED = 11
# What each game's modules lack of the contract today; a game that gains a member must
# leave this list (test_the_gaps_in_the_contract_are_the_known_ones).
GAPS: dict[str, set[str]] = {}
STATE_PROTOCOLS = {"state round trip": "StateRoundTrip", "scores positions": "ScoresPositions"}


def _players(game: str) -> int:
    info = get_game(game)
    return info.default_players or min(info.min_players + 1, info.max_players)


def _cell(game: str, strategy: str = RANDOM):
    """(runner, content, setup) of the game's default settings, every seat ``strategy``."""
    runner = load_runner(get_game(game))
    settings = getattr(runner, "resolve_settings", dict)(dict(runner.SETTINGS))
    content = runner.load({})
    return runner, content, runner.make_setup(content, _players(game), settings, (strategy,),
                                              "conformance")


def _same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> None:
    assert a.keys() == b.keys()
    for key in a:
        assert np.array_equal(a[key], b[key]), key


def _gaps(game: str) -> set[str]:
    info = get_game(game)
    state_json = load_state_json(info)
    runner = importlib.import_module(info.runner)
    missing = set()
    if not (info.bots and isinstance(runner, contract.HandsInBots)):
        missing.add("bots handed in")
    if not isinstance(state_json, contract.StateRoundTrip):
        missing.add("state round trip")
    if not isinstance(state_json, contract.ScoresPositions):
        missing.add("scores positions")
    return missing


def _parameters(function) -> list[bool]:
    """Whether each parameter has a default: a call the contract makes binds either way."""
    return [p.default is not inspect.Parameter.empty
            for p in inspect.signature(function).parameters.values() if p.name != "self"]


def _keeps(module, protocol) -> None:
    """``module`` has every member of ``protocol``, each function taking its arguments."""
    assert isinstance(module, protocol), (module.__name__, protocol.__name__)
    for name, member in vars(protocol).items():
        if inspect.isfunction(member) and not name.startswith("_"):
            given, wanted = _parameters(getattr(module, name)), _parameters(member)
            assert len(given) == len(wanted) and all(
                g or not w for g, w in zip(given, wanted, strict=True)), (module.__name__, name)


@pytest.mark.parametrize("game", NAMES)
def test_each_game_keeps_the_contract(game):
    info = get_game(game)
    _keeps(load_runner(info), contract.GameRunner)
    _keeps(load_play(info), contract.GamePlay)
    _keeps(load_trace(info), contract.GameTrace)
    _keeps(load_content_file(info), contract.GameContentFile)
    runner, content, _ = _cell(game)
    assert isinstance(content, contract.GameContent)
    assert runner.STRATEGIES[0] and RANDOM in runner.STRATEGIES
    assert runner.VIOLATION_NAMES[0] and len(set(runner.VIOLATION_NAMES)) == len(runner.VIOLATION_NAMES)
    state_json = load_state_json(info)
    for protocol in (contract.StateRoundTrip, contract.ScoresPositions):
        if isinstance(state_json, protocol):
            _keeps(state_json, protocol)
    if info.bots:
        _keeps(runner, contract.HandsInBots)
        bots = load_bots(info)
        _keeps(bots, contract.GameBots)
        for name in runner.STRATEGIES:  # one weight row per seat, float64, for every name
            for skill in getattr(runner, "SKILL_LEVELS", (runner.SETTINGS.get("skill"),)):
                W = bots.seat_weights((name,) * info.max_players, skill)
                assert W.dtype == np.float64 and W.ndim == 2 and W.shape[0] >= info.max_players


def test_the_gaps_in_the_contract_are_the_known_ones():
    assert {game: _gaps(game) for game in NAMES if _gaps(game)} == GAPS


def test_the_rules_of_a_game_handed_its_bots_import_no_bot():
    for game in NAMES:
        if not get_game(game).bots:
            continue
        for path in (ROOT / "sim" / "games" / game).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert "import strategies" not in text and "from strategies" not in text, path


def test_every_game_module_type_checks_against_the_contract(tmp_path):
    """mypy checks each game's modules against the protocols, structurally."""
    lines = ["from sim.games import contract"]
    for game in NAMES:
        info = get_game(game)
        modules = {"GameRunner": info.runner, "GamePlay": f"sim.games.{game}.game",
                   "GameTrace": f"sim.games.{game}.trace",
                   "GameContentFile": f"sim.games.{game}.content"}
        if info.bots:
            modules.update(HandsInBots=info.runner, GameBots=info.bots)
        for gap, protocol in STATE_PROTOCOLS.items():
            if gap not in _gaps(game):
                modules[protocol] = f"sim.games.{game}.state_json"
        for k, (protocol, module) in enumerate(modules.items()):
            lines += [f"import {module} as m_{game}_{k}",
                      f"v_{game}_{k}: contract.{protocol} = m_{game}_{k}"]
    check = tmp_path / "keeps_the_contract.py"
    check.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(ROOT / ".mypy_cache"), str(check)], cwd=ROOT,
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("game", NAMES)
def test_random_legal_games_keep_every_invariant(game):
    runner, content, setup = _cell(game)
    out = runner.simulate(content, setup, SEED, 0, 40)
    assert (out["violation"] == 0).all(), [runner.VIOLATION_NAMES[v] for v in out["violation"] if v]
    assert ((out["rounds"] >= 1) & (out["rounds"] <= get_game(game).max_rounds)).all()


@pytest.mark.parametrize("game", NAMES)
def test_same_games_on_any_thread_count_and_batch_split(game, monkeypatch):
    runner, content, setup = _cell(game)
    # chunks of a few games, so that two threads share even a small batch
    monkeypatch.setattr(importlib.import_module(f"sim.games.{game}.game"), "CHUNK", 4)
    whole = runner.simulate(content, setup, SEED, 5, 30)
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        _same(runner.simulate(content, setup, SEED, 5, 30), whole)
    finally:
        numba.set_num_threads(threads)
    parts = [runner.simulate(content, setup, SEED, 5 + a, b - a) for a, b in ((0, 1), (1, 13), (13, 30))]
    _same({key: np.concatenate([p[key] for p in parts]) for key in whole}, whole)
    other = runner.simulate(content, setup, SEED + 1, 5, 30)
    assert any(not np.array_equal(other[key], whole[key]) for key in whole)


def _seats(game: str) -> str:
    """The default strategy in the first seat and random-legal in the others, so that the
    strategies rotate over the seats game by game (sim.rotation); one team for a
    co-operative game."""
    info = get_game(game)
    if info.cooperative:
        return RANDOM
    return ",".join([load_runner(info).STRATEGIES[0]] + [RANDOM] * (_players(game) - 1))


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """A small run of each game, played by `sim run` in this process."""
    root = tmp_path_factory.mktemp("conformance")
    out = {}
    for game in NAMES:
        folder = root / game
        done = CliRunner().invoke(app, ["run", "--game", game, "--players", str(_players(game)),
                                        "--strategies", _seats(game), "--n", "24", "--seed", str(SEED),
                                        "--batch-size", "8", "--out", str(folder), "--quiet"])
        assert done.exit_code == 0, done.output
        out[game] = (folder, pd.read_parquet(folder / "data"))
    return out


def _expected(game: str, df: pd.DataFrame, index: int) -> dict:
    """What the trace's last record says of game ``index``, read from its dataset rows."""
    rows = df[df.game == index].sort_values("seat" if "seat" in df else "game")
    expected = {"rounds": int(rows["rounds"].iloc[0])}
    if get_game(game).cooperative:
        expected["won"] = bool(rows["won"].iloc[0])
    else:
        expected["final_glory"] = [int(g) for g in rows["glory"]]
    return expected


@pytest.mark.parametrize("game", NAMES)
def test_a_replay_ends_as_the_dataset_row(runs, game):
    folder, df = runs[game]
    for index in (0, 9, 23):
        end = records(from_run(folder, 0, index))[-1]
        expected = _expected(game, df, index)
        assert end["event"] == "game_end"
        assert {k: end[k] for k in expected} == expected, index


@pytest.mark.parametrize("game", NAMES)
def test_sim_trace_of_a_run_in_a_shell_ends_as_the_dataset_row(runs, game):
    folder, df = runs[game]
    done = subprocess.run([sys.executable, "-m", "sim.cli", "trace", str(folder), "--cell", "0",
                           "--game", "17"], capture_output=True, text=True, timeout=900,
                          check=False, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    end = json.loads(done.stdout.splitlines()[-1])
    expected = _expected(game, df, 17)
    assert {k: end[k] for k in expected} == expected


@pytest.mark.parametrize("game", NAMES)
def test_sim_report_renders_a_run(runs, game):
    folder, _ = runs[game]
    done = CliRunner().invoke(app, ["report", str(folder)])
    assert done.exit_code == 0, done.output
    html = (folder / "report.html").read_text(encoding="utf-8")
    assert get_game(game).title.split(" (")[0] in html and "<svg" in html


@pytest.mark.parametrize("game", NAMES)
def test_an_engine_compiled_for_another_layout_refuses_to_play(game, monkeypatch):
    runner, content, setup = _cell(game)
    play = load_play(get_game(game))
    assert runner.simulate(content, setup, 0, 0, 1)["rounds"][0] > 0  # the true layout plays
    play.play_traced(content, setup, 0, 0)
    layout = importlib.import_module(f"sim.games.{game}.layout")
    monkeypatch.setattr(layout, "LAYOUT_KEY", layout.LAYOUT_KEY + 1)
    with pytest.raises(LayoutMismatch, match=f"{game}: the compiled engine was built for another"):
        runner.simulate(content, setup, 0, 0, 1)
    with pytest.raises(LayoutMismatch):
        play.play_traced(content, setup, 0, 0)


BAD = [(["--set", "nonsense.key=1"], "nonsense"), (["--players", "99"], "99"),
       (["--strategies", "no-such-bot"], "no-such-bot"), (["--n", "0"], "--n")]


@pytest.mark.parametrize("game", NAMES)
def test_a_bad_setting_is_one_line_and_exit_2(game, tmp_path):
    for flags, named in BAD:
        out = tmp_path / "out"
        players = [] if "--players" in flags else ["--players", str(_players(game))]
        done = subprocess.run([sys.executable, "-m", "sim.cli", "run", "--game", game, "--n", "4",
                               *players, *flags, "--out", str(out), "--quiet"], capture_output=True,
                              text=True, timeout=300, check=False)
        assert done.returncode == 2, (flags, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and named in lines[0], (flags, done.stderr)
        assert not out.exists(), flags


def _game_words(game: str) -> int:
    """How many leading words of a state are the game's (the rest is runtime, never saved)."""
    layout = importlib.import_module(f"sim.games.{game}.layout")
    return getattr(layout, "GAME_SIZE", layout.STATE_SIZE)


@pytest.mark.parametrize("game", [g for g in NAMES if "state round trip" not in _gaps(g)])
def test_state_json_round_trip_gives_the_game_words_back(game):
    info = get_game(game)
    runner, state_json, play = load_runner(info), load_state_json(info), load_play(info)
    size = _game_words(game)
    for strategy in dict.fromkeys((runner.STRATEGIES[0], RANDOM)):  # a bot's games and random ones
        _, content, setup = _cell(game, strategy)
        for index in range(4):
            state, _ = play.play_traced(content, setup, SEED, index)
            assert not state[size:].any()  # a finished game keeps no runtime word
            text = json.dumps(state_json.state_to_json(state, content))
            back = state_json.state_from_json(json.loads(text), content)
            assert np.array_equal(back[:size], state[:size]), (strategy, index)
            assert not back[size:].any()  # runtime words are never saved
    data = state_json.state_to_json(state, content)
    field = next(key for key, value in data.items() if type(value) is int)
    data[field] = "not a number"
    with pytest.raises(ValueError, match=rf"^state: {field}: "):
        state_json.state_from_json(data, content)


@pytest.mark.parametrize("game", [g for g in NAMES if not _gaps(g) & set(STATE_PROTOCOLS)])
def test_sim_score_of_a_saved_state_gives_the_game_end(game, tmp_path):
    """A finished game's state saved as JSON and scored by `sim score` in a shell gives
    what the game's end record gives: each player's Glory, or a co-operative game's
    verdict."""
    info = get_game(game)
    _, content, setup = _cell(game, load_runner(info).STRATEGIES[0])
    state, _ = load_play(info).play_traced(content, setup, SEED, 3)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(load_state_json(info).state_to_json(state, content)), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "sim.cli", "score", "--game", game,
                           "--state", str(path), "--json"], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    scored = json.loads(done.stdout)
    end = records(_one(game, content, setup, 3))[-1]
    if "final_glory" in end:
        assert [p["glory"] for p in scored["players"]] == end["final_glory"]
    else:  # a co-operative game's verdict: what the score and the game's end both give
        shared = sorted(scored.keys() & end.keys() - {"game", "event", "round", "phase"})
        assert shared and {k: scored[k] for k in shared} == {k: end[k] for k in shared}


def _one(game: str, content, setup, index: int):
    from sim.runner.replay import OneGame
    return OneGame(get_game(game), content, setup, SEED, index)
