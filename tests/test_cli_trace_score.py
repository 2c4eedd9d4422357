"""CLI tests of `sim games`, `sim trace` and `sim score`, and the rulebook's Kalliope example."""

import copy
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sim.cli import app
from sim.games.pericles import layout as L
from sim.games.pericles.events import EVENT_NAMES
from sim.games.pericles.state_json import score_state
from sim.games.state_json import StateError

FIXTURES = Path(__file__).parent / "fixtures"
KALLIOPE = FIXTURES / "kalliope.json"
END_KEYS = {name for name in L.GLORY_SOURCES if name.startswith("end_")}
PHASES = {"setup", "assembly", "governance", "over"}

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def trace_lines(*extra: str, players: int = 3, seed: int = 5) -> list[dict]:
    result = invoke("trace", "--game", "pericles", "--players", str(players), "--seed", str(seed),
                    *extra)
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


@pytest.fixture(scope="module")
def three() -> list[dict]:
    return trace_lines()


@pytest.fixture(scope="module")
def two() -> list[dict]:
    return trace_lines(players=2, seed=11)


# ---- sim games ----------------------------------------------------------------------


def test_games_lists_pericles():
    result = invoke("games")
    assert result.exit_code == 0
    line = next(x for x in result.stdout.splitlines() if x.startswith("pericles"))
    assert "Age of Pericles" in line and "2-5" in line and "no_skills" in line


@pytest.mark.parametrize("command", ["games", "trace", "score"])
def test_help_has_an_example(command):
    result = invoke(command, "--help")
    assert result.exit_code == 0
    assert "Example: sim " + command in result.stdout


# ---- sim trace ----------------------------------------------------------------------


def test_trace_lines_have_the_required_keys(three):
    assert len(three) > 50
    for rec in three:
        assert {"round", "phase", "player", "event", "glory"} <= rec.keys()
        assert rec["event"] in EVENT_NAMES
        assert rec["phase"] in PHASES
        assert rec["player"] is None or rec["player"] in (0, 1, 2)
        assert len(rec["glory"]) == 3
    assert [r["event"] for r in three].count("game_end") == 1


def test_trace_last_line_is_game_end(three):
    end = three[-1]
    assert end["event"] == "game_end"
    assert end["reason"] in ("parthenon", "delian_league", "round_limit")
    assert end["final_glory"] == end["glory"]
    assert len(end["breakdown"]) == 3
    for lines in end["breakdown"]:
        assert set(lines) == END_KEYS
    # winners: most Glory, then most Silver, still tied shared (rules/scoring.rank_players)
    best = max(zip(end["final_glory"], end["final_silver"], strict=True))
    expected = [p for p in range(3) if (end["final_glory"][p], end["final_silver"][p]) == best]
    assert end["winners"] == expected
    assert all(end["ranks"][p] == 1 for p in expected)


def test_trace_arguments_are_readable(three, two):
    events = three + two
    seen = {r["event"] for r in events}
    assert {"place_citizen", "main_action", "office", "game_end"} <= seen
    for r in events:
        if r["event"] == "place_citizen":
            assert r["size"] in ("small", "large")
            assert len(r["space"]) == 2 and all(0 <= v <= 2 for v in r["space"])
        elif r["event"] == "build":
            assert r["row"] in ("military", "economy", "culture")
            assert r["cost"] in ("same_icon", "different_icons", "amphoras", "trophies")
            assert r["piece"] in L.PIECE_NAMES
        elif r["event"] == "office":
            assert isinstance(r["holders"], list)
        elif r["event"] == "integrate":
            assert isinstance(r["city_state"], str) and len(r["space"]) == 2
        elif r["event"] == "battle":
            assert r["rival"] in ("sparta", "persia") and isinstance(r["rows"], list)
        elif r["event"] in ("skill_gain", "ostracize", "athens_build"):
            assert all(isinstance(v, str) or v is None for k, v in r.items()
                       if k not in ("round", "player", "glory"))


def test_two_players_show_the_demagogue_not_its_glory(two):
    assert any(r["player"] == "demagogue" for r in two)
    assert all(r["player"] in (None, 0, 1, "demagogue") for r in two)
    assert all(len(r["glory"]) == 2 for r in two)
    assert len(two[-1]["breakdown"]) == 2


def test_same_seed_same_trace():
    args = ("trace", "--game", "pericles", "--players", "4", "--seed", "3", "--game-index", "2")
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == 0 and first.stdout == second.stdout
    other = invoke("trace", "--game", "pericles", "--players", "4", "--seed", "3", "--game-index", "3")
    assert other.stdout != first.stdout


def test_no_skills_trace_has_no_skill_gains():
    events = trace_lines("--no-skills", players=3, seed=2)
    assert not any(r["event"] in ("skill_gain", "skill_tuck") for r in events)
    assert all(v == 0 for lines in events[-1]["breakdown"] for k, v in lines.items() if k == "end_skills")


def test_text_mode_and_out_file(tmp_path, three):
    result = invoke("trace", "--game", "pericles", "--players", "3", "--seed", "5", "--text")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[len(three) - 1].split()[3] == "game_end"
    assert any(x.startswith("game over after") for x in lines)
    assert "place_citizen" in result.stdout and "| glory" in result.stdout
    out = tmp_path / "t.jsonl"
    written = invoke("trace", "--game", "pericles", "--players", "3", "--seed", "5", "--out", str(out))
    assert written.exit_code == 0 and written.stdout == ""
    assert [json.loads(x) for x in out.read_text().splitlines()] == three


def test_aeolis_trace_uses_the_default_player_count():
    result = invoke("trace", "--game", "aeolis", "--seed", "7", "--text")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("R0  setup") and "| morale" in lines[0]
    assert any(x.startswith("game over after 10 rounds") for x in lines)  # Easy has 10 rounds


# ---- sim score ----------------------------------------------------------------------


def test_score_reproduces_kalliope():
    """Rulebook p. 17: Kalliope's final scoring adds 41 Glory."""
    result = invoke("score", "--game", "pericles", "--state", str(KALLIOPE), "--json")
    assert result.exit_code == 0, result.output
    kalliope = json.loads(result.stdout)["players"][0]
    assert kalliope["name"] == "Kalliope"
    assert kalliope["lines"] == {
        "end_home": 4,  # four Units and Diplomats at home
        "end_track": 15,  # Diplomats on Progress slots 6, 5 and 4
        "end_ostracism": -1,  # one Unit in the Camp
        "end_citizens": 10,  # one unlocked Small Citizen not placed, during the Assembly
        "end_missions": 0,
        "end_silver": 4,  # 4 Silver
        "end_goods": 9,  # 2 Amphoras = 4, 1 Trophy = 1, 2 Athena cards = 4
        "end_skills": 0,
    }
    assert kalliope["final_scoring"] == 41
    assert kalliope["glory"] == kalliope["glory_before"] + 41


def test_score_table_and_other_player():
    result = invoke("score", "--game", "pericles", "--state", str(KALLIOPE))
    assert result.exit_code == 0
    assert "+41" in result.stdout and "Kalliope" in result.stdout
    data = json.loads(KALLIOPE.read_text())
    res = score_state(data)
    demos = res["players"][1]
    # 2 Hoplites + 1 Diplomat at home; 2 pieces in the Camp = -4; the Large Citizen unused = 20;
    # 1 unfulfilled Mission = 2; 12 Silver capped at 10; 3 Trophies = 10
    assert demos["lines"]["end_home"] == 3
    assert demos["lines"]["end_ostracism"] == -4
    assert demos["lines"]["end_citizens"] == 20
    assert demos["lines"]["end_missions"] == 2
    assert demos["lines"]["end_silver"] == 10
    assert demos["lines"]["end_goods"] == 10
    assert res["winners"] == [p["seat"] for p in res["players"] if p["rank"] == 1]


def test_unused_citizens_do_not_score_after_governance():
    data = json.loads(KALLIOPE.read_text())
    data["phase"] = "governance"
    assert score_state(data)["players"][0]["lines"]["end_citizens"] == 0


def _kalliope_with(**changes):
    data = json.loads(KALLIOPE.read_text())
    for key, value in changes.items():
        data["players"][0][key] = value
    return data


@pytest.mark.parametrize("change, field", [
    ({"silver": -1}, "players[0].silver"),
    ({"silver": "four"}, "players[0].silver"),
    ({"units_camp": {"hoplite": 1, "cannon": 1}}, "players[0].units_camp.cannon"),
    ({"units_home": {"worker": 2, "ship": 1}}, "players[0].units_*.worker"),
    ({"progress": [{"row": "military", "slot": 0}] * 2}, "players[0].progress[1]"),
    ({"progress": [{"row": "navy", "slot": 0}]}, "players[0].progress[0].row"),
    ({"skills": ["no_such_skill"]}, "players[0].skills[0]"),
    ({"skills": ["poine"], "tucked_skills": ["poine"]}, "players[0].tucked_skills[0]"),
    ({"citizens": {"small_unlocked": 2, "small_placed": 3}}, "players[0].citizens.small_placed"),
    ({"diplomats_home": 8}, "players[0].diplomats_*"),
])
def test_state_errors_name_the_field(change, field):
    with pytest.raises(StateError) as err:
        score_state(_kalliope_with(**change), fname="k.json")
    msg = str(err.value)
    assert "\n" not in msg and msg.startswith(f"k.json: {field}:") and " ; " in msg


def test_state_needs_two_to_five_players():
    data = json.loads(KALLIOPE.read_text())
    data["players"] = data["players"][:1]
    with pytest.raises(StateError, match="players: 1 players"):
        score_state(copy.deepcopy(data))


# ---- bad input: one line on stderr, exit code 2 ---------------------------------------


def _bad_json(tmp_path: Path, text: str) -> str:
    path = tmp_path / "state.json"
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("case", ["unknown_game", "one_player", "six_players", "malformed_json",
                                  "unknown_key", "missing_file", "score_unknown_game",
                                  "players_not_a_number", "unknown_flag"])
def test_bad_input_gives_one_line(tmp_path, case):
    args = {
        "unknown_game": ["trace", "--game", "chess", "--players", "3"],
        "one_player": ["trace", "--game", "pericles", "--players", "1"],
        "six_players": ["trace", "--game", "pericles", "--players", "6"],
        "malformed_json": ["score", "--game", "pericles", "--state",
                           _bad_json(tmp_path, '{"phase": "assembly", "players": [')],
        "unknown_key": ["score", "--game", "pericles", "--state",
                        _bad_json(tmp_path, '{"phase": "assembly", "players": [], "colour": 1}')],
        "missing_file": ["score", "--game", "pericles", "--state", str(tmp_path / "none.json")],
        "score_unknown_game": ["score", "--game", "chess", "--state", str(KALLIOPE)],
        "players_not_a_number": ["trace", "--game", "pericles", "--players", "three"],
        "unknown_flag": ["score", "--game", "pericles", "--stat", str(KALLIOPE)],
    }[case]
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and " ; " in lines[0]
    if case == "unknown_key":
        assert "colour" in lines[0]
    if case in ("unknown_game", "score_unknown_game"):
        assert "chess" in lines[0] and "pericles" in lines[0]
