"""Whole states as JSON (docs/state-json.md): each real game's states, in each mode cheap to
play, read back word for word; `sim score` of a whole state, run as people run it; a bad
file is one line and exit 2. The conformance suite checks every game's round trip on its
default cell; this file goes through the modes."""

from __future__ import annotations

import dataclasses
import importlib
import json

import numpy as np
import pytest
from cli_process import error_line, sim

from sim.games.registry import get_game, load_play, load_runner, load_state_json
from sim.games.state_json import StateError, StateWords

SEED = 5
ALL_HEROES = ["queen", "merchant", "philosopher", "hoplite", "priestess", "magi", "triaconter"]
ALL_EXPANSIONS = ["alchemist", "queen_of_the_people", "companion", "caravan_master",
                  "priestess_of_death", "arachnai", "galley"]
# (game, players, settings, strategies, setup fields): one cell of each mode or option
CELLS = [
    ("pericles", 2, {}, ("random",), {}),  # the Demagogue's seat (p. 21)
    ("pericles", 5, {"skills": False}, ("balanced", "builder", "strategos", "diplomat", "merchant"), {}),
    ("pericles", 3, {"roles": "draft"}, ("balanced",), {}),
    ("pillars", 2, {"board": "mediterranean", "mode": "atlantis"}, ("random",), {}),
    ("pillars", 4, {"mode": "short+symmachia"}, ("balanced", "conqueror", "builder", "prophet"), {}),
    ("pillars", 3, {"mode": "skirmish"}, ("random",), {}),
    ("pillars", 3, {"mode": "barbarian_hordes"}, ("random",), {}),
    ("pillars", 3, {"mode": "legendary_heroes"}, ("random",), {}),
    ("pillars", 2, {"mode": "siege_of_destiny", "board": "aegean"}, ("random",), {}),
    ("pillars", 2, {"mode": "solo"}, ("balanced",), {}),
    ("pillars", 3, {"mode": "tutorial"}, ("random",), {"max_rounds": 4}),  # cut at round 4
    ("aeolis", 1, {"mode": "challenging", "heroic": True}, ("random",), {}),
    ("aeolis", 1, {"mode": "hardcore", "loss_rule": "reach_or_left"}, ("military",), {}),
    ("aeolis", 1, {"mode": "marathon", "heroes": ALL_HEROES, "expansions": ALL_EXPANSIONS,
                   "production_die": "always", "heroic": True}, ("economy",), {}),
]


def _cell(game, players, settings, strategies, fields):
    runner = load_runner(get_game(game))
    content = runner.load({})
    merged = getattr(runner, "resolve_settings", dict)({**runner.SETTINGS, **settings})
    setup = runner.make_setup(content, players, merged, strategies, "test")
    return content, dataclasses.replace(setup, **fields)


def _game_words(game: str) -> int:
    """How many leading words of a state are the game's (the rest is runtime, never saved)."""
    layout = importlib.import_module(f"sim.games.{game}.layout")
    return getattr(layout, "GAME_SIZE", layout.STATE_SIZE)


@pytest.mark.parametrize("cell", CELLS, ids=lambda c: f"{c[0]}-{c[1]}-{'-'.join(map(str, c[2].values()))}")
def test_each_mode_reads_back_unchanged(cell):
    game = cell[0]
    content, setup = _cell(*cell)
    module, play = load_state_json(get_game(game)), load_play(get_game(game))
    size = _game_words(game)
    for index in range(3):
        state, _ = play.play_traced(content, setup, SEED, index)
        back = module.state_from_json(json.loads(json.dumps(module.state_to_json(state))))
        assert np.array_equal(back[:size], state[:size]), index


WORDS = StateWords("toy", {"A": (0, 1), "B": (1, 3), "RT": (4, 2)}, 4, 6, {"A": (0, 1), "B": (-1, 9)})


@pytest.mark.parametrize("change, named", [
    ({"b": [1, 2]}, "b: 2 numbers ; the field has 3"),
    ({"b": [1, 2, 10]}, "b[2]: 10 is out of range ; use -1..9"),
    ({"a": True}, "a: expected a whole number 0..1"),
    ({"rt": [0, 0]}, "rt: unknown key ; a whole state has a key for each field of the toy"),
    ({"bb": [0, 0, 0]}, "bb: unknown key (did you mean 'b'?)"),
    ({"form": "position"}, "form: unknown name 'position'"),
    ({"game": "other"}, "game: this state is for 'other'"),
])
def test_a_bad_whole_state_names_the_field(change, named):
    data = WORDS.state_to_json(np.array([1, 0, 5, -1, 77, 77], np.int32))
    assert data == {"game": "toy", "form": "state", "a": 1, "b": [0, 5, -1]}
    assert WORDS.state_from_json(dict(data)).tolist() == [1, 0, 5, -1, 0, 0]  # runtime words: 0
    with pytest.raises(StateError) as raised:
        WORDS.state_from_json({**data, **change}, fname="s.json")
    assert str(raised.value).startswith(f"s.json: {named}")


def test_the_content_narrows_the_bounds_of_its_rows():
    words = StateWords("toy", {"A": (0, 1), "B": (1, 3)}, 4, 4, {"A": (0, 1), "B": (-1, 9)},
                       lambda content: {"B": (-1, content - 1)})
    data = {"form": "state", "a": 0, "b": [-1, 7, 0]}
    assert words.state_from_json(data).tolist() == [0, -1, 7, 0]
    assert words.state_from_json(data, 8).tolist() == [0, -1, 7, 0]
    with pytest.raises(StateError, match=r"^state: b\[1\]: 7 is out of range ; use -1..6"):
        words.state_from_json(data, 7)


def test_bounds_must_cover_the_layout():
    with pytest.raises(ValueError, match=r"miss \['b'\]"):
        StateWords("toy", {"A": (0, 1), "B": (1, 3)}, 4, 4, {"A": (0, 1)})
    with pytest.raises(ValueError, match="two bounds"):
        StateWords("toy", {"A": (0, 1)}, 1, 1, {"A": (0, 1), "A B": (0, 2)})


# ---- sim score of a whole state, as a separate process ------------------------------------


def _aeolis_state(tmp_path, **settings):
    content, setup = _cell("aeolis", 1, settings, ("survival",), {})
    state, events = load_play(get_game("aeolis")).play_traced(content, setup, SEED, 1)
    module = load_state_json(get_game("aeolis"))
    path = tmp_path / "aeolis.json"
    path.write_text(json.dumps(module.state_to_json(state)), encoding="utf-8")
    return path, state


def test_sim_score_gives_an_aeolis_verdict(tmp_path):
    path, state = _aeolis_state(tmp_path, heroic=True)
    done = sim("score", "--game", "aeolis", "--state", path, "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    from sim.games.aeolis import layout as L
    assert result["over"] is True and result["won"] == bool(state[L.WON])
    assert result["morale"] == state[L.MORALE] and result["rounds"] == state[L.ROUND]
    assert result["heroic"] is not None and result["heroic_ok"] == bool(state[L.HEROIC_OK])
    table = sim("score", "--game", "aeolis", "--state", path)
    assert table.returncode == 0, table.stderr
    lines = table.stdout.splitlines()
    assert lines[0].startswith(f"easy, round {result['rounds']} of {result['of_rounds']}, "
                               "the game is over: ")
    assert lines[1].split() == ["morale", str(result["morale"])]
    assert lines[-1].startswith("heroic event ")


def test_sim_score_ends_an_aeolis_game_in_play_now(tmp_path):
    """A state not over is scored as the engine ends a game: the file itself is kept."""
    path, _ = _aeolis_state(tmp_path)
    data = json.loads(path.read_text())
    data.update(game_over=0, won=0, phase=2, round=4)
    path.write_text(json.dumps(data))
    done = sim("score", "--game", "aeolis", "--state", path, "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["over"] is False and result["rounds"] == 4
    assert result["won"] == (data["loss_cause"] == 0)
    assert json.loads(path.read_text()) == data


@pytest.mark.parametrize("edit, named", [
    (lambda d: d.update(morale=500), "aeolis.json: morale: 500 is out of range ; use -10..10"),
    # a card the layout has room for but the content has not: the kernels would read past it
    (lambda d: d.update(heroic=100), "aeolis.json: heroic: 100 is out of range ; use -1..92"),
    (lambda d: d.pop("form"), "aeolis.json: form: missing ; a position of this game is a whole state"),
    (lambda d: d.update(res=d["res"][:3]), "aeolis.json: res: 3 numbers ; the field has 18"),
    (lambda d: d.update(game="pericles"), "aeolis.json: game: this state is for 'pericles'"),
])
def test_sim_score_of_a_bad_aeolis_file_is_one_line(tmp_path, edit, named):
    path, _ = _aeolis_state(tmp_path)
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    assert error_line(sim("score", "--game", "aeolis", "--state", path)).startswith(f"error: {named}")


def test_sim_score_of_broken_json_is_one_line(tmp_path):
    path = tmp_path / "aeolis.json"
    path.write_text('{"game": "aeolis", "form": "state", "round": ')
    assert "not valid JSON" in error_line(sim("score", "--game", "aeolis", "--state", path))


# ---- states in the middle of a game -------------------------------------------------------


def _pericles_in_play(players: int, seed: int, rounds: int) -> np.ndarray:
    """A set-up game (pericles_fixtures.Fx) whose First Player places a Citizen, played on
    by the search's play-out to the end of its ``rounds``-th Governance."""
    from pericles_fixtures import Fx

    from sim.games.pericles import layout as L
    from sim.games.pericles.engine import play_out
    from sim.games.pericles.rules.assembly import placement_options

    fx = Fx(players=players, skills=True, seed=seed)
    seat = int(fx.s[L.FIRST])
    placement_options(fx.s, seat, fx.opts)
    space, size = int(fx.opts[0, 0]), int(fx.opts[0, 1])
    play_out(fx.s, fx.T, fx.W, fx.opts, fx.rng, fx.ev, seat, space, size, rounds)
    return fx.s


def _aeolis_in_play(settings: dict, index: int, rounds: int) -> np.ndarray:
    """Game ``index`` of a cell set up and played to the end of its ``rounds``-th round by
    the search's play-out."""
    from sim.games.aeolis import engine, game
    from sim.games.aeolis.rules.setup import setup_game
    from sim.rng import seed_streams
    from strategies.aeolis import players
    from strategies.aeolis.search import play_out

    content, setup = _cell("aeolis", 1, settings, ("survival",), {})
    W, mode, heroes, expansions, die, loss, heroic = game._args(content, setup, players)
    s, opts, rng, ev = engine.work_arrays(0)
    seed_streams(rng, SEED, index)
    engine.put_entries(s, players.entries(content, W, players.scratch()))
    setup_game(s, content.tables, W, opts, rng, ev, mode, heroes, expansions, die, loss, heroic)
    play_out(s, content.tables, W, opts, rng, ev, rounds)
    return s


def _round_trip(game: str, state: np.ndarray) -> None:
    module = load_state_json(get_game(game))
    back = module.state_from_json(json.loads(json.dumps(module.state_to_json(state))))
    size = _game_words(game)
    assert np.array_equal(back[:size], state[:size])


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (5, 3)])
def test_pericles_states_in_play_read_back_unchanged(players, seed):
    from sim.games.pericles import layout as L
    for rounds in (1, 2, 3):
        state = _pericles_in_play(players, seed, rounds)
        assert state[L.ROUND] == rounds and (rounds > 1 or state[L.GAME_OVER] == 0), rounds
        _round_trip("pericles", state)


def test_sim_score_of_a_pericles_game_in_play_scores_it_as_ended_now(tmp_path):
    from sim.games.pericles import layout as L
    from sim.games.pericles.content import load_content
    from sim.games.pericles.rules.scoring import final_scoring
    state = _pericles_in_play(3, 4, 1)
    module = load_state_json(get_game("pericles"))
    path = tmp_path / "pericles.json"
    path.write_text(json.dumps(module.state_to_json(state)), encoding="utf-8")
    done = sim("score", "--game", "pericles", "--state", path, "--json")
    assert done.returncode == 0, done.stderr
    scored = state.copy()
    final_scoring(scored, load_content().packed[0])
    for p in json.loads(done.stdout)["players"]:
        assert p["glory_before"] == state[L.GLORY + p["seat"]]
        assert p["glory"] == scored[L.GLORY + p["seat"]] == p["glory_before"] + p["final_scoring"]


@pytest.mark.parametrize("settings", [
    {}, {"mode": "hardcore", "heroic": True, "production_die": "never"},
    {"mode": "marathon", "heroes": ALL_HEROES, "expansions": ALL_EXPANSIONS},
], ids=["easy", "hardcore", "marathon-everything"])
def test_aeolis_states_in_play_read_back_unchanged(settings):
    from sim.games.aeolis import layout as L
    for index, rounds in enumerate((1, 3, 6)):
        state = _aeolis_in_play(settings, index, rounds)
        assert rounds > 1 or (state[L.GAME_OVER] == 0 and state[L.ROUND] == 1), rounds
        _round_trip("aeolis", state)


@pytest.mark.parametrize("mode, board, players", [
    ("standard", "aegean", 4), ("atlantis", "mediterranean", 3), ("siege_of_destiny", "aegean", 2),
    ("legendary_heroes", "mediterranean", 3), ("solo", "aegean", 2),
])
def test_pillars_set_up_states_read_back_unchanged(mode, board, players):
    from sim.games.pillars.content import load_content
    from sim.games.pillars.start import new_game
    for game in range(3):
        _round_trip("pillars", new_game(load_content(), board, players, seed=SEED, game=game,
                                        mode=mode))


def test_sim_score_of_a_pillars_game_in_play_places_no_end_ship(tmp_path):
    """A set-up game scored as if it ended now: each seat's Starting City and the Regions
    its pieces hold, with no End Ship; the same as the engine scores a finished game."""
    from sim.games.pillars import layout as L
    from sim.games.pillars.content import load_content
    from sim.games.pillars.start import new_game
    state = new_game(load_content(), "aegean", 3, seed=SEED)
    module = load_state_json(get_game("pillars"))
    path = tmp_path / "pillars.json"
    path.write_text(json.dumps(module.state_to_json(state)), encoding="utf-8")
    done = sim("score", "--game", "pillars", "--state", path, "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert not state[L.GAME_OVER] and len(result["players"]) == 3
    for p in result["players"]:
        assert p["lines"]["cities"] == 3 and p["glory"] == sum(p["lines"].values())
    assert set(result["regions"]) <= set(load_content().names["regions.aegean"])
    table = sim("score", "--game", "pillars", "--state", path)
    assert table.returncode == 0 and table.stdout.splitlines()[-1].startswith("regions: ")
