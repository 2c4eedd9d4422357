"""Scenario presets and bad-input handling of `sim run` (one clear line, nothing written)."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sim.cli import app
from sim.games.registry import get_game
from sim.runner import RunError
from sim.runner.plan import build_plan
from sim.runner.scenario import load_scenario, preset_names, presets_dir
from sim.runner.values import parse_count, split_list

runner = CliRunner()


def test_presets_exist_and_validate():
    names = preset_names("pericles")
    assert {"standard-3p", "standard-4p", "standard-5p", "demagogue-2p", "no-skills",
            "draft-3p"} <= set(names)
    info = get_game("pericles")
    for name in names:
        scen = load_scenario(str(presets_dir("pericles") / f"{name}.toml"), "pericles")
        plan = build_plan(info, scen, players=None, n=10, seed=0, strategies=None, sets=[],
                          sweeps=[], batch_size=5)
        assert len(plan.cells) == 1
    assert load_scenario("no-skills", None).settings["skills"] is False
    assert load_scenario("demagogue-2p", None).players == (2,)


def test_pillars_presets_cover_each_player_count_on_each_board_side():
    info = get_game("pillars")
    names = preset_names("pillars")
    assert {f"{side}-{p}p" for side in ("mediterranean", "aegean") for p in (2, 3, 4)} <= set(names)
    for name in names:
        scen = load_scenario(name, None)
        plan = build_plan(info, scen, players=None, n=10, seed=0, strategies=None, sets=[],
                          sweeps=[], batch_size=5)
        (cell,) = plan.cells
        *mode, side, players = name.split("-")  # [mode-]side-Np
        assert cell.settings["board"] == side and scen.players == (int(players[0]),)
        assert cell.settings["mode"] == (mode[0] if mode else "standard")
        assert cell.settings["city_states"] == "draft"


@pytest.mark.parametrize("text,value", [("250000", 250000), ("1e6", 10**6), ("2.5e5", 250000),
                                        ("1_000", 1000)])
def test_parse_count_accepts(text, value):
    assert parse_count(text, "--n") == value


@pytest.mark.parametrize("text", ["0", "-3", "1.5", "abc", "inf", "nan", "1e-3", ""])
def test_parse_count_rejects(text):
    with pytest.raises(RunError):
        parse_count(text, "--n")


def test_split_list_keeps_brackets_and_quotes():
    assert split_list('1,[2, 3],"a,b"') == ["1", "[2, 3]", '"a,b"']


SCENARIOS = {
    "unknown_key.toml": 'game = "pericles"\nplayers = 3\nskils = false\n',
    "bad_toml.toml": 'game = "pericles"\nplayers = [3,\n',
    "bad_players.toml": 'game = "pericles"\nplayers = 7\n',
    "no_game.toml": 'players = 3\n',
    "bad_role.toml": 'game = "pericles"\nplayers = 3\nroles = ["veteran", "draft", "king"]\n',
    "bad_set.toml": 'game = "pericles"\nplayers = 3\n[set]\n"params.builder_base" = 999\n',
}

# (label, extra arguments) -> the start of the one-line message. "{tmp}" is the test folder.
BAD_INPUTS = [
    ("n zero", ["--players", "3", "--n", "0"], "error: --n '0' must be at least 1"),
    ("n negative", ["--players", "3", "--n", "-5"], "error: --n '-5' must be at least 1"),
    ("n fraction", ["--players", "3", "--n", "1.5"], "error: --n '1.5' is not a whole number"),
    ("n text", ["--players", "3", "--n", "lots"], "error: --n 'lots' is not a number"),
    ("batch size zero", ["--players", "3", "--batch-size", "0"], "error: --batch-size '0'"),
    ("players 6", ["--players", "6"], "error: --players 6 is out of range"),
    ("players text", ["--players", "3,x"], "error: --players '3,x' is not a player count"),
    ("no players", [], "error: missing --players"),
    ("unknown game", ["--game", "chess", "--players", "3"], "error: unknown game 'chess'"),
    ("unknown flag", ["--players", "3", "--frobnicate"], "error: No such option: --frobnicate"),
    ("workers text", ["--players", "3", "--workers", "x"], "error: Invalid value for '--workers'"),
    ("workers 0", ["--players", "3", "--workers", "0"], "error: --workers 0 is out of range"),
    ("seed negative", ["--players", "3", "--seed", "-1"], "error: --seed -1 is out of range"),
    ("unknown strategy", ["--players", "3", "--strategies", "greedy"],
     "error: --strategies: unknown strategy 'greedy'"),
    ("strategies count", ["--players", "3", "--strategies", "random,random"],
     "error: cell 3 players: 2 strategies for 3 players"),
    ("unknown param", ["--players", "3", "--set", "params.builder_bse=4"],
     "error: content.toml: override 'params.builder_bse': unknown parameter"),
    ("param out of range", ["--players", "3", "--set", "params.builder_base=99"],
     "error: content.toml: params.builder_base"),
    ("unknown section", ["--players", "3", "--set", "rules.x=1"],
     "error: content.toml: override 'rules.x': unknown section"),
    ("set without =", ["--players", "3", "--set", "skills"], "error: --set 'skills' is not KEY=VALUE"),
    ("skills not bool", ["--players", "3", "--set", "skills=maybe"],
     "error: --set skills: skills must be true or false"),
    ("set players", ["--players", "3", "--set", "players=4"],
     "error: --set players=...: players is not set this way ; use --players"),
    ("role twice", ["--players", "3", "--set", "roles=veteran,veteran,draft"],
     "error: cell 3 players: roles gives one Role to two seats"),
    ("roles count", ["--players", "3", "--set", "roles=veteran,draft"],
     "error: cell 3 players: roles lists 2 seats"),
    ("unknown tile", ["--players", "3", "--set", "city_states_in=atlantis"],
     "error: cell 3 players: city_states_in: unknown name 'atlantis'"),
    ("tile twice", ["--players", "3", "--set", "city_states_in=samos,samos"],
     "error: cell 3 players: city_states_in names one twice ; list each once"),
    ("tile in and out", ["--players", "3", "--set", "city_states_in=samos",
                         "--set", "city_states_out=samos"], "error: cell 3 players: 'samos' is in both"),
    ("sweep empty value", ["--players", "3", "--sweep", "params.builder_base=3,,4"],
     "error: --sweep 'params.builder_base=3,,4' has an empty value"),
    ("sweep twice", ["--players", "3", "--sweep", "skills=true", "--sweep", "skills=false"],
     "error: --sweep skills is given twice"),
    ("sweep bad value", ["--players", "3", "--sweep", "params.builder_base=3,x"],
     "error: content.toml: params.builder_base"),
    ("scenario missing", ["--scenario", "nowhere.toml"], "error: --scenario 'nowhere.toml': no such file"),
    ("scenario unknown key", ["--scenario", "{tmp}/unknown_key.toml"],
     "error: scenario unknown_key.toml: unknown key 'skils' (did you mean 'skills'?)"),
    ("scenario bad toml", ["--scenario", "{tmp}/bad_toml.toml"],
     "error: scenario bad_toml.toml: not valid TOML"),
    ("scenario players 7", ["--scenario", "{tmp}/bad_players.toml"],
     "error: scenario bad_players.toml: players 7 is not a player count"),
    ("scenario no game", ["--scenario", "{tmp}/no_game.toml"],
     "error: scenario no_game.toml: missing key 'game'"),
    ("scenario bad role", ["--scenario", "{tmp}/bad_role.toml"],
     "error: cell 3 players: roles: unknown Role 'king'"),
    ("scenario bad override", ["--scenario", "{tmp}/bad_set.toml"],
     "error: content.toml: params.builder_base"),
    ("scenario other game", ["--game", "chess", "--scenario", "{tmp}/unknown_key.toml"],
     "error: scenario unknown_key.toml is for game 'pericles' but --game is 'chess'"),
    ("out is a file", ["--players", "3", "--out", "{tmp}/afile"], "error: --out '{tmp}/afile' is a file"),
    ("out not a run", ["--players", "3", "--out", "{tmp}/other", "--overwrite"],
     "error: --out '{tmp}/other' exists and is not a sim run folder"),
    ("out holds a run", ["--players", "3", "--n", "10", "--out", "{tmp}/done"],
     "error: --out '{tmp}/done' already holds a run ; add --resume"),
    ("resume other run", ["--players", "3", "--n", "10", "--seed", "5", "--out", "{tmp}/done", "--resume"],
     "error: --resume: '{tmp}/done' holds a different run (seed differs)"),
    ("resume and overwrite", ["--players", "3", "--n", "10", "--out", "{tmp}/done", "--resume",
                              "--overwrite"], "error: --resume and --overwrite exclude each other"),
]


def _snapshot(folder: Path) -> list:
    return sorted((str(p.relative_to(folder)), p.stat().st_size, p.stat().st_mtime_ns)
                  for p in folder.rglob("*"))


@pytest.fixture(scope="module")
def bad_dir(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bad")
    for name, text in SCENARIOS.items():
        (tmp / name).write_text(text, encoding="utf-8")
    (tmp / "afile").write_text("x", encoding="utf-8")
    (tmp / "other").mkdir()
    (tmp / "other" / "notes.txt").write_text("keep me", encoding="utf-8")
    result = runner.invoke(app, ["run", "--game", "pericles", "--players", "3", "--n", "10",
                                 "--out", str(tmp / "done"), "--quiet"])
    assert result.exit_code == 0, result.output
    return tmp


@pytest.mark.parametrize("label,args,message", BAD_INPUTS, ids=[b[0] for b in BAD_INPUTS])
def test_bad_input_one_line_nothing_written(bad_dir, label, args, message, monkeypatch):
    monkeypatch.chdir(bad_dir)
    before = _snapshot(bad_dir)
    args = [a.replace("{tmp}", str(bad_dir)) for a in args]
    game = [] if "--game" in args or any("--scenario" == a for a in args) else ["--game", "pericles"]
    result = runner.invoke(app, ["run", *game, *args])
    assert result.exit_code != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(message.replace("{tmp}", str(bad_dir))), lines[0]
    assert _snapshot(bad_dir) == before
    assert not (bad_dir / "results").exists()
