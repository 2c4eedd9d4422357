"""A studio's Pillars of Heracles content: its file laid over the shipped content (the
items of a section's named lists one by one), overrides of content fields, the run that
records the file, and one line with no output folder for every bad file or key."""

import hashlib
import json
from pathlib import Path

import pytest
from cli_process import error_line, sim

from sim.games.content_files import ContentError
from sim.games.pillars.content import C_POWER, P_COUNT, load_content
from sim.games.pillars.runner import CONTENT_SECTIONS
from sim.sensitivity.moves import content_values
from sim.shipped import content_file

# The Oracle made stronger, Prophecy 3 asks for more Workers, an Aegean Sea named.
STUDIO = """
[characters]
cards = [{ name = "oracle", power = 5 }]

[prophecies]
cards = [{ number = 3, count = 3 }]

[[boards]]
side = "aegean"
seas = [{ number = 4, name = "myrtoan_sea" }]
"""


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _named(items: list, key: str, value) -> dict:
    return next(item for item in items if item[key] == value)


@pytest.fixture(scope="module")
def shipped():
    return load_content()


def test_the_file_changes_only_the_items_and_fields_it_gives(shipped, tmp_path):
    content = load_content(studio=_write(tmp_path / "studio.toml", STUDIO))
    data, before = content.data, shipped.data
    oracle = _named(data["characters"]["cards"], "name", "oracle")
    assert oracle == {**_named(before["characters"]["cards"], "name", "oracle"), "power": 5,
                      "source": "studio: studio.toml"}
    assert data["characters"]["cards"][1:] == before["characters"]["cards"][1:]
    assert _named(data["prophecies"]["cards"], "number", 3)["count"] == 3
    aegean = _named(data["boards"], "side", "aegean")
    assert _named(aegean["seas"], "number", 4)["name"] == "myrtoan_sea"
    assert aegean["lands"] == _named(before["boards"], "side", "aegean")["lands"]
    row = content.names["cards"].index("oracle")
    assert content.tables.cards[row, C_POWER] == 5
    assert content.studio.name == "studio.toml"
    assert content.content_hash != shipped.content_hash


def test_given_items_count_as_the_studios(shipped, tmp_path):
    content = load_content(studio=_write(tmp_path / "studio.toml", STUDIO))
    d = shipped.data
    boards = sum(1 + len(b["regions"]) + len(b["lands"]) + len(b["seas"]) for b in d["boards"])
    decks = ("characters", "monuments", "kingdom_of_egypt", "siege_of_destiny", "mythology")
    cards = sum(len(d[k]["cards"]) for k in ("starting_cards", *decks))
    abilities = sum("ability_source" in c for k in decks
                    for c in d[k]["cards"])  # an ability is an item of its own
    tiles = 2 * len(d["city_states"]["tiles"])  # a tile and its ability
    tiles += sum(1 + ("ability_source" in h) for h in d["heroes"]["tiles"])
    sides = len(d["siege_of_destiny"]["sides"])
    # 9 sections, the Siege of Destiny's own source and its Time markers', and Solo Mode's
    # four (the section's, its aids' criteria, a Settle's Hoplites, the Preferred Units)
    items = 9 + 2 + 4 + boards + len(d["tracks"]) + tiles + sides + cards + abilities
    # the Oracle, the Prophecy deck (one source for every card) and Sea 4; not the Oracle's
    # ability, which the file leaves, nor the Aegean board, which it names only to reach
    # its Sea
    assert content.assumed_share == pytest.approx(shipped.assumed_share - 3 / items)
    assert content.data["prophecies"]["source"] == "studio: studio.toml"
    aegean = _named(content.data["boards"], "side", "aegean")
    assert aegean["source"] == _named(d["boards"], "side", "aegean")["source"]


def test_a_whole_file_replaces_the_lists(tmp_path):
    text = content_file("pillars").read_text(encoding="utf-8")
    assert text.count('name = "spy"') == 1
    text = text.replace('name = "spy"', 'name = "agent"')
    # Solo Mode removes the card by name (p. ~21): the file follows the new one
    text = text.replace('removed = ["spy"', 'removed = ["agent"')
    content = load_content(studio=_write(tmp_path / "full.toml", text))
    assert "agent" in content.names["cards"] and "spy" not in content.names["cards"]


def test_overrides_set_a_card_a_prophecy_and_a_tile_count(shipped):
    content = load_content(overrides={
        "characters.cards.oracle.power": "4", "prophecies.cards.3.count": 3,
        "strategy.tiles.divine_ascent.copies": 3, "components.strategy_tiles": 22})
    T = content.tables
    assert T.cards[content.names["cards"].index("oracle"), C_POWER] == 4
    assert T.prophecies[2, P_COUNT] == 3
    assert T.strategy.shape[0] == shipped.tables.strategy.shape[0] + 1


@pytest.mark.parametrize("key, fragment", [
    ("characters.cards.oracel.power",
     "override 'characters.cards.oracel.power': no characters.cards item named 'oracel' (did "
     "you mean 'oracle'?)"),
    ("characters.cards.oracle.powr", "unknown key 'powr' (did you mean 'power'?) ; Character "
                                     "fields: name, power"),
    ("strategy_tiles", "unknown section 'strategy_tiles' (did you mean 'strategy'?) ; the "
                       "sections are components, setup"),
    ("boards.aegean.seas.13.name", "no boards.aegean.seas item named '13'"),
])
def test_unknown_override_keys_are_one_line(key, fragment):
    with pytest.raises(ContentError) as err:
        load_content(overrides={key: 1})
    assert fragment in str(err.value) and "\n" not in str(err.value)


def test_sensitivity_moves_the_numbers_an_override_sets(shipped):
    values = {v.key: v for v in content_values(shipped.data, CONTENT_SECTIONS)}
    oracle = values["characters.cards.oracle.power"]
    assert (oracle.item, oracle.base, oracle.assumed) == ("characters.cards.oracle", 2, True)
    assert values["prophecies.cards.3.count"].assumed  # the deck's source covers its cards
    assert not any(key.startswith(("components.", "boards.")) for key in values)
    assert load_content(overrides={"prophecies.cards.3.count": 1}).tables.prophecies[2, P_COUNT] == 1


# ---- through the command line ---------------------------------------------------------

BAD = [
    ("unknown key", '[characters]\ncards = [{ name = "oracle", powr = 4 }]\n',
     "bad.toml: characters.cards.oracle.powr: unknown field (did you mean 'power'?) ; "
     "Character fields:"),
    ("wrong type", '[characters]\ncards = [{ name = "oracle", power = "four" }]\n',
     "bad.toml: characters.cards.oracle.power: expected an integer 1..9, got 'four'"),
    ("unknown card", '[characters]\ncards = [{ name = "oracel", power = 4 }]\n',
     "bad.toml: characters.cards.oracel: unknown Character (did you mean 'oracle'?)"),
    ("region that does not exist",
     '[[boards]]\nside = "aegean"\nlands = [{ name = "chios", region = "atlantis" }]\n',
     "bad.toml: boards.aegean.lands.chios.region: expected one of makedonia,"),
    ("land that does not exist", '[[boards]]\nside = "aegean"\nlands = [{ name = "atlantis" }]\n',
     "bad.toml: boards.aegean.lands.atlantis: unknown Land"),
    ("sea that does not exist",
     '[[boards]]\nside = "aegean"\nlands = [{ name = "chios", seas = [6, 40] }]\n',
     "bad.toml: boards.aegean.lands.chios.seas[1]: expected an integer 1..12, got 40"),
    ("one-way border",
     '[[boards]]\nside = "aegean"\nlands = [{ name = "chios", neighbours = ["delos"] }]\n',
     "bad.toml: boards.aegean.lands.delos.neighbours: chios lists delos but not the other way; "
     "add 'chios'"),
    ("count over a limit", '[prophecies]\ncards = [{ number = 9, count = 4 }]\n',
     "bad.toml: prophecies.cards.9.count: expected an integer 1..3, got 4"),
    ("count off the components", '[strategy]\ntiles = [{ name = "divine_ascent", copies = 3 }]\n',
     "bad.toml: strategy.tiles: 22 tiles counting copies, but components says 21; make them agree"),
    ("not TOML", "[characters\n", "bad.toml: not valid TOML"),
]


@pytest.mark.parametrize("text, start", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_file_stops_the_run_before_any_output(tmp_path, text, start):
    bad = _write(tmp_path / "bad.toml", text)
    folder = tmp_path / "run"
    line = error_line(sim("run", "--game", "pillars", "--players", 3, "--n", 10,
                          "--content", bad, "--out", folder))
    assert line.startswith(f"error: {start}"), line
    assert not folder.exists()


@pytest.mark.parametrize("flag, start", [
    ("characters.cards.oracle.powr=4", "error: content.toml: override "
                                       "'characters.cards.oracle.powr': unknown key 'powr'"),
    ("strategy_tiles=3", "error: content.toml: override 'strategy_tiles': unknown section"),
])
def test_unknown_set_key_stops_the_run_before_any_output(tmp_path, flag, start):
    folder = tmp_path / "run"
    line = error_line(sim("run", "--game", "pillars", "--players", 3, "--n", 10, "--set", flag,
                          "--out", folder))
    assert line.startswith(start), line
    assert not folder.exists()


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> tuple[Path, Path]:
    """(run folder, studio file): a scenario naming the file, swept over the Oracle's Power."""
    root = tmp_path_factory.mktemp("pillars-studio")
    (root / "cards").mkdir()
    cards = _write(root / "cards" / "studio.toml", STUDIO)
    scenario = _write(root / "scenario.toml", 'game = "pillars"\nplayers = 3\n'
                                              'content = "cards/studio.toml"\n')
    folder = root / "run"
    done = sim("run", "--scenario", scenario, "--n", 10, "--seed", 1, "--out", folder,
               "--sweep", "characters.cards.oracle.power=2,4", "--quiet", cwd=root)
    assert done.returncode == 0, done.stderr
    return folder, cards


def test_run_records_the_file_and_the_swept_overrides(run):
    folder, cards = run
    manifest = json.loads((folder / "run.json").read_text())
    assert manifest["content_file"] == {"name": "studio.toml",
                                        "sha256": hashlib.sha256(cards.read_bytes()).hexdigest()}
    assert manifest["content_path"] == str(cards.resolve())
    cells = manifest["cells"]
    assert [c["overrides"] for c in cells] == [{"characters.cards.oracle.power": 2},
                                               {"characters.cards.oracle.power": 4}]
    assert cells[0]["content_hash"] != cells[1]["content_hash"]


def test_report_names_the_file_and_its_hash(run):
    folder, cards = run
    done = sim("report", folder, "--out", folder / "report.html")
    assert done.returncode == 0, done.stderr
    html = (folder / "report.html").read_text()
    assert "studio.toml" in html and hashlib.sha256(cards.read_bytes()).hexdigest() in html


def test_resume_and_replay_refuse_a_changed_file(run):
    folder, cards = run
    kept = cards.read_text()
    try:
        _write(cards, kept + "# edited\n")
        root = cards.parents[1]
        line = error_line(sim("run", "--scenario", root / "scenario.toml", "--n", 10, "--seed", 1,
                              "--out", folder, "--sweep", "characters.cards.oracle.power=2,4",
                              "--resume", "--quiet", cwd=root))
        assert "content file studio.toml, which has changed since" in line
        line = error_line(sim("trace", folder, "--cell", 0, "--game", 0))
        assert "studio.toml has changed since the run" in line
    finally:
        _write(cards, kept)
