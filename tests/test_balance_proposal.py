"""The proposal as a studio content file: only what it changes, laid over the file the
search started from, and loaded back to exactly the content the search played."""

import pytest

from sim.balance.proposal import proposal_data, proposal_text, start_file
from sim.content.games import content_module
from sim.games.content_files import read_toml
from sim.runner.request import plan_request


def _cell(game, content=None, **kw):
    plan = plan_request(game=game, players=3, scenario=None, strategies=None, sets=[], mode=None,
                        heroes=None, sweeps=[], n=10, seed=0, batch_size=10, content=content, **kw)
    return plan.info, plan.cells[0]


def _written(tmp_path, game, content, changes):
    info, cell = _cell(game, content)
    studio = cell.content.studio
    data = proposal_data(cell.content.data, start_file(studio.path if studio else None), changes,
                         content_module(info).SCHEMA)
    path = tmp_path / "proposal.toml"
    path.write_text(proposal_text(data, game, [f"{k}: {v}" for k, v in changes.items()]))
    return path, read_toml(path)[0]


def test_a_change_to_a_studio_file_keeps_its_items(tmp_path):
    planted = tmp_path / "planted.toml"
    planted.write_text('[[roles]]\nname = "matriarch"\nday_cost = 2\n\n'
                       '[[athena_cards]]\nname = "kimon"\ncopies = 2\n')
    path, data = _written(tmp_path, "pericles", planted, {"roles.matriarch.day_cost": 3,
                                                          "roles.veteran.bonus.0.1": 1})
    matriarch, veteran = data["roles"]
    assert matriarch == {"name": "matriarch", "day_cost": 3}
    assert set(veteran) == {"name", "bonus"} and veteran["bonus"][0][1] == 1  # the field whole
    assert data["athena_cards"] == [{"name": "kimon", "copies": 2}]  # the studio's, kept

    def unmarked(items):
        return [{k: v for k, v in item.items() if k != "source"} for item in items]

    loaded = content_module(_cell("pericles")[0]).load_content(studio=path)
    _, played = _cell("pericles", planted)
    assert {r["name"]: r["day_cost"] for r in loaded.data["roles"]}["matriarch"] == 3
    assert unmarked(loaded.data["athena_cards"]) == unmarked(played.content.data["athena_cards"])


def test_a_named_list_inside_a_table_gives_only_the_changed_item(tmp_path):
    path, data = _written(tmp_path, "pillars", None,
                          {"city_states.tiles.larissa.ability.0.2": 2,
                           "characters.cards.oracle.power": 4})
    assert data["city_states"] == {"tiles": [{"name": "larissa",
                                              "ability": [["resource", "wine", 2]]}]}
    assert data["characters"] == {"cards": [{"name": "oracle", "power": 4}]}
    text = path.read_text()
    assert "sim content check --game pillars proposal.toml" in text
    loaded = content_module(_cell("pillars")[0]).load_content(studio=path)
    tiles = {t["name"]: t for t in loaded.data["city_states"]["tiles"]}
    assert tiles["larissa"]["ability"] == [["resource", "wine", 2]]
    assert tiles["argos"]["ability"] == [["resource", "iron", 1]]


@pytest.mark.parametrize("game, key, value", [
    ("pericles", "demagogue.0.effects.0.1", 3),
    ("pericles", "params.builder_base", 4),
])
def test_other_addresses_load_to_the_value_set(tmp_path, game, key, value):
    info, _ = _cell(game)
    _written(tmp_path, game, None, {key: value})
    loaded = content_module(info).load_content(studio=tmp_path / "proposal.toml")
    node = loaded.data
    for part in key.split(".")[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    assert node[int(key.split(".")[-1]) if isinstance(node, list) else key.split(".")[-1]] == value
