"""A studio's content file laid over the shipped content: `sim run --content` and
`content = "FILE"` in a scenario, its checks, its hash in run.json and the report, and
the resume and replay of a run made with it."""

import hashlib
import json
import re
from pathlib import Path

import pytest
from cli_process import error_line, sim

import sim as sim_api
from sim.games.aeolis.content import load_content as load_aeolis
from sim.games.content_files import ContentError
from sim.games.pericles.content import DEFAULT_PATH
from sim.games.pericles.content import load_content as load_pericles

# Three Role Setup cards give Glory at setup (the shipped ones give none to these Roles).
PERICLES_CARDS = """
[[roles]]
name = "veteran"
bonus = [["glory", 9]]

[[roles]]
name = "matriarch"
bonus = [["glory", 8]]

[[roles]]
name = "sophist"
bonus = [["glory", 7]]
"""
# Two Event cards renamed, one Unrest card made harder (power 2 -> 3).
AEOLIS_CARDS = """
[[card]]
id = "B7"
name = "Harvest Volunteers"

[[card]]
id = "B10"
name = "Grain Ship"

[[card]]
id = "C7"
power = 3
"""
SCENARIOS = {
    "pericles": 'game = "pericles"\nplayers = 3\nroles = ["veteran", "matriarch", "sophist"]\n',
    "aeolis": 'game = "aeolis"\nplayers = 1\nstrategies = ["military"]\n',
}
CARDS = {"pericles": PERICLES_CARDS, "aeolis": AEOLIS_CARDS}
SEED = 1  # Aeolis game 0 of seed 1 draws B7, B10 and C7, and the military team tries Diplomacy on C7


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, tuple[Path, Path]]:
    """Per game: (run folder, studio file) of `sim run --scenario` with ``content = ...``."""
    out = {}
    for game in CARDS:
        root = tmp_path_factory.mktemp(game)
        (root / "cards").mkdir()
        cards = _write(root / "cards" / "studio.toml", CARDS[game])
        scenario = _write(root / "scenario.toml", SCENARIOS[game] + 'content = "cards/studio.toml"\n')
        folder = root / "run"
        done = sim("run", "--scenario", scenario, "--n", 20, "--seed", SEED, "--out", folder,
                   "--quiet", cwd=root)
        assert done.returncode == 0, done.stderr
        out[game] = (folder, cards)
    return out


def _replayed(folder: Path) -> list[dict]:
    done = sim("trace", folder, "--cell", 0, "--game", 0)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_run_json_records_the_file_and_its_hash(runs):
    for folder, cards in runs.values():
        manifest = json.loads((folder / "run.json").read_text())
        assert manifest["content_file"] == {"name": "studio.toml", "sha256": _sha(cards)}
        assert manifest["content_path"] == str(cards.resolve())


def test_pericles_cards_take_effect_in_the_replayed_game(runs):
    events = _replayed(runs["pericles"][0])
    first = next(e for e in events if e["event"] == "round_start")
    assert first["glory"] == [9, 8, 7]  # seats play veteran, matriarch, sophist


def test_aeolis_cards_take_effect_in_the_replayed_game(runs):
    events = _replayed(runs["aeolis"][0])
    drawn = {e["card"] for e in events if e["event"] == "draw"}
    assert {"B7 Harvest Volunteers", "B10 Grain Ship"} <= drawn
    powers = {e["power"] for e in events if e["event"] == "diplomacy" and e["card"].startswith("C7 ")}
    assert powers == {3}


def test_report_names_the_file_and_its_hash(runs):
    folder, cards = runs["aeolis"]
    done = sim("report", folder, "--out", folder / "report.html")
    assert done.returncode == 0, done.stderr
    html = (folder / "report.html").read_text()
    assert "studio.toml" in html and _sha(cards) in html


def test_resume_refuses_a_changed_file(runs, tmp_path):
    folder, cards = runs["pericles"]
    _write(tmp_path / "studio.toml", cards.read_text() + "# edited\n")
    scenario = _write(tmp_path / "scenario.toml", SCENARIOS["pericles"] + 'content = "studio.toml"\n')
    line = error_line(sim("run", "--scenario", scenario, "--n", 20, "--seed", SEED, "--out", folder,
                          "--resume", "--quiet"))
    assert "content file studio.toml, which has changed since" in line


def test_replay_refuses_a_changed_or_missing_file(runs, tmp_path):
    folder, cards = runs["aeolis"]
    kept = cards.read_text()
    try:
        _write(cards, kept + "# edited\n")
        assert "studio.toml has changed since the run" in error_line(
            sim("trace", folder, "--cell", 0, "--game", 0))
        cards.unlink()
        assert "studio.toml is gone" in error_line(sim("trace", folder, "--cell", 0, "--game", 0))
    finally:
        _write(cards, kept)


@pytest.mark.parametrize("text, fragments", [
    ('[[roles]]\nname = "veteren"\nday_cost = 4\n',
     ["bad.toml: roles.veteren: unknown Role (did you mean 'veteran'?)"]),
    ('[[roles]]\nname = "veteran"\ndya_cost = 4\n',
     ["bad.toml: roles.veteran.dya_cost: unknown field (did you mean 'day_cost'?)"]),
    ('[[roles]]\nname = "veteran"\nday_cost = "four"\n',
     ["bad.toml: roles.veteran.day_cost: expected an integer 0..6, got 'four'"]),
    ('[[roles]]\nname = "veteran"\nday_cost = 9\n',
     ["bad.toml: roles.veteran.day_cost: expected an integer 0..6, got 9"]),
    ('[[rolez]]\nname = "veteran"\n', ["bad.toml: rolez: unknown section (did you mean 'roles'?)"]),
    ('[[roles]]\nday_cost = 4\n', ["bad.toml: roles[0]: missing 'name'"]),
])
def test_bad_pericles_file_is_one_line(tmp_path, text, fragments):
    with pytest.raises(ContentError) as exc:
        load_pericles(studio=_write(tmp_path / "bad.toml", text))
    assert all(f in str(exc.value) for f in fragments), exc.value


@pytest.mark.parametrize("text, fragment", [
    ('[[card]]\nid = "C99"\npower = 3\n', "bad.toml: card.C99: unknown Event card"),
    ('[[card]]\nid = "C7"\npowr = 3\n', "bad.toml: card.C7.powr: unknown field (did you mean 'power'?)"),
    ('[[card]]\nid = "C7"\npower = 99\n', "bad.toml: card 'C7': power = 99 must be a whole number in 1..40"),
    ('[[card]]\nid = "C7"\narchers = "yes"\n', "bad.toml: card 'C7': archers = 'yes' must be true or false"),
])
def test_bad_aeolis_file_is_one_line(tmp_path, text, fragment):
    with pytest.raises(ContentError, match="^" + re.escape(fragment)):
        load_aeolis(studio=_write(tmp_path / "bad.toml", text))


def test_bad_file_stops_the_run_before_any_output(tmp_path):
    bad = _write(tmp_path / "bad.toml", '[[roles]]\nname = "veteran"\nday_cost = 9\n')
    folder = tmp_path / "run"
    line = error_line(sim("run", "--game", "pericles", "--players", 3, "--content", bad,
                          "--out", folder))
    assert line.startswith("error: bad.toml: roles.veteran.day_cost:")
    assert not folder.exists()


def test_studio_items_count_as_given_unless_marked_assumed(tmp_path):
    shipped = load_pericles()
    given = load_pericles(studio=_write(tmp_path / "given.toml", PERICLES_CARDS))
    marked = load_pericles(studio=_write(tmp_path / "marked.toml", PERICLES_CARDS.replace(
        'bonus = [["glory", 7]]', 'bonus = [["glory", 7]]\nsource = "assumed: guessed"')))
    items = 2 + sum(len(shipped.data[s]) for s in ("roles", "city_states", "athena_cards",
                                                    "missions", "skills", "demagogue"))
    assert given.assumed_share == pytest.approx(shipped.assumed_share - 3 / items)
    assert marked.assumed_share == pytest.approx(shipped.assumed_share - 2 / items)
    role = next(r for r in given.data["roles"] if r["name"] == "veteran")
    assert role["source"] == "studio: given.toml" and role["day_cost"] == 3  # rest shipped


def test_full_file_replaces_lists(tmp_path):
    text = DEFAULT_PATH.read_text(encoding="utf-8").replace('name = "themistokles"',
                                                            'name = "aspasia"')
    content = load_pericles(studio=_write(tmp_path / "full.toml", text))
    assert "aspasia" in content.names["athena_cards"]
    assert "themistokles" not in content.names["athena_cards"]
    assert content.studio.name == "full.toml"


def test_trace_flag_and_python_api_play_the_file(tmp_path):
    cards = _write(tmp_path / "studio.toml", AEOLIS_CARDS)
    done = sim("trace", "--game", "aeolis", "--seed", SEED, "--content", cards)
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines()]
    assert any(e.get("card") == "B7 Harvest Volunteers" for e in events)
    assert sim_api.trace("aeolis", seed=SEED, content=cards) == events


def test_trace_of_a_run_folder_refuses_the_flag(runs):
    folder, cards = runs["aeolis"]
    line = error_line(sim("trace", folder, "--cell", 0, "--game", 0, "--content", cards))
    assert line.startswith("error: --content with a run folder")
