"""Tests of the Age of Pericles content loader (sim/games/pericles/content.py)."""

import json
import re
import tomllib

import numpy as np
import pytest

from sim.games.pericles import ops
from sim.games.pericles.content import (
    DEFAULT_PATH,
    FX_ROWS_STEP,
    FX_WIDTH,
    MAX_STEPS,
    SPACE_NAMES,
    ContentError,
    Tables,
    load_content,
)
from sim.games.pericles.params import N_PARAMS, PARAM_INDEX, PARAMS


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture()
def raw():
    with DEFAULT_PATH.open("rb") as f:
        return tomllib.load(f)


# A tiny TOML writer used to produce reformatted / edited copies of the content file:
# every section becomes one inline value, so the layout differs completely.
def _toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)


def _dump(data, path):
    lines = ["# reformatted copy"]
    for key in reversed(list(data)):
        value = data[key]
        if isinstance(value, list) and value and isinstance(value[0], dict):
            lines.append(f"{key} = [")
            lines += [f"    {_toml_value(item)}," for item in value]
            lines.append("]")
        else:
            lines.append(f"{key}   =   {_toml_value(value)}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _item(raw, section, name):
    return next(it for it in raw[section] if it["name"] == name)


def _expect_error(tmp_path, raw, *fragments):
    path = _dump(raw, tmp_path / "content.toml")
    with pytest.raises(ContentError) as exc:
        load_content(path)
    msg = str(exc.value)
    assert "\n" not in msg
    assert msg.startswith("content.toml: ")
    for frag in fragments:
        assert frag in msg, msg
    return msg


# ---- the shipped content -------------------------------------------------------------


def test_shipped_content_loads(content):
    t = content.tables
    assert isinstance(t, Tables)
    for field, arr in t._asdict().items():
        assert arr.dtype == np.int32, field
        assert arr.flags.c_contiguous, field
    n_ath, n_mis, n_sk = (len(content.names[k]) for k in ("athena_cards", "missions", "skills"))
    assert t.params.shape == (N_PARAMS,)
    assert t.fx.shape[1] == FX_WIDTH == 1 + 2 * MAX_STEPS
    assert t.board.shape == (16,)
    assert t.offer_columns.shape == (3,)
    assert t.wayposts.ndim == 1 and list(t.wayposts) == sorted(t.wayposts)
    assert t.roles.shape == (6, 18)
    assert t.city_states.shape == (15, 3)
    assert t.athena.shape == (n_ath, 3) and n_ath >= 12
    assert t.missions.shape == (n_mis, 8) and n_mis >= 8
    assert t.skills.shape == (n_sk, 4) and n_sk >= 12
    assert t.unit_track.shape == (t.params[PARAM_INDEX["unit_track_spaces"]],)
    assert t.household.shape == (t.params[PARAM_INDEX["household_spaces"]],)
    assert t.demagogue.shape == (9, 9)
    assert re.fullmatch(r"[0-9a-f]{64}", content.content_hash)
    assert 0.0 < content.assumed_share < 1.0


def test_params_are_defaults(content):
    assert list(content.tables.params) == [p.default for p in PARAMS]


def test_fx_rows_are_well_formed(content):
    padded = content.tables.fx
    fx = padded[:1 + int((padded[1:, 0] > 0).sum())]  # the empty row 0, then the effects
    assert len(padded) % FX_ROWS_STEP == 0 and not padded[len(fx):].any()  # empty padding
    assert list(fx[0]) == [0] * FX_WIDTH
    for row in fx[1:]:
        n = row[0]
        assert 1 <= n <= MAX_STEPS
        op_codes = row[1 : 1 + 2 * n : 2]
        assert all(0 < op < ops.N_OPS for op in op_codes)
        assert not row[1 + 2 * n :].any()
        costs = [ops.FIRST_COST_OP <= op <= ops.LAST_COST_OP for op in op_codes]
        assert costs == sorted(costs, reverse=True)  # costs first
    # identical effect lists share a row
    keys = [tuple(r) for r in fx]
    assert len(keys) == len(set(keys))
    # every fx reference is in range
    t = content.tables
    refs = [t.roles[:, 16], t.city_states[:, 2], t.athena[:, 2], t.missions[:, 2],
            t.missions[:, 5], t.unit_track, t.household]
    for r in refs:
        assert (r >= 0).all() and (r < len(fx)).all()


def test_roles_and_setups(content):
    t, names = content.tables, content.names
    assert names["roles"] == ("veteran", "matriarch", "sophist", "oligarch", "hetaira",
                              "priestess")
    resources = [ops.RESOURCE_NAMES[r] for r in t.roles[:, 0]]
    assert resources == ["trophy", "trophy", "athena", "athena", "amphora", "amphora"]
    assert (t.roles[:, 1] == 3).all()  # rulebook p. 13
    assert (t.roles[:, 4:7].sum(axis=1) == 8).all()
    for u in range(3):
        assert (t.roles[:, [7 + u, 10 + u, 13 + u]].sum(axis=1) == 2).all()


def test_starting_skills_match_rulebook_p19(content):
    expected = {
        "veteran": ("phalanx", "andreia"),
        "matriarch": ("poine", "proxenia"),
        "sophist": ("presbeia", "symmachia"),
        "oligarch": ("pleonexia", "hybris"),
        "hetaira": ("emporia", "agoranomos"),
        "priestess": ("promanteia", "prostasia"),
    }
    skills = content.names["skills"]
    for i, role in enumerate(content.names["roles"]):
        got = (skills[content.tables.roles[i, 2]], skills[content.tables.roles[i, 3]])
        assert got == expected[role]


def test_city_states(content):
    t, names = content.tables, content.names
    assert len(names["city_states"]) == 15
    assert t.city_states[:, 0].sum() == 6
    upgrade = [names["city_states"][i] for i, row in enumerate(t.city_states)
               if ops.OP_UPGRADE in content.tables.fx[row[2], 1::2]]
    assert sorted(upgrade) == ["ephesos", "larissa", "rhodos"]
    assert set(t.city_states[:, 1]) <= {ops.MILITARY, ops.ECONOMY, ops.CULTURE}


def test_demagogue_matches_rulebook_p21(content):
    M, E, C = ops.MILITARY, ops.ECONOMY, ops.CULTURE
    P, AB, DR = ops.DEM_PLACE, ops.DEM_ATHENS_BUILDS, ops.DEM_DRAIN_MARKET
    RM, MC, AD = ops.DEM_REVEAL_MISSION, ops.DEM_MOVE_CITY, ops.DEM_ATHENA_DISCARD
    OE, HO = ops.DEM_OSTRACIZE_EACH, ops.DEM_HOPLITES
    expected = [
        ("top_right", [(P, C), (AB, C)]),
        ("middle_right", [(P, M), (AB, M)]),
        ("bottom_right", [(P, E), (AB, E)]),
        ("top_left", [(P, M), (DR, 0), (RM, 1)]),
        ("middle_left", [(P, C), (DR, 1), (RM, 1)]),
        ("bottom_left", [(P, E), (DR, 2), (RM, 1)]),
        ("top_centre", [(P, 3), (MC, 2)]),
        ("centre", [(AD, 3), (RM, 1), (OE, 1)]),
        ("bottom_centre", [(HO, 1), (OE, 1)]),
    ]
    for row, (space, effects) in zip(content.tables.demagogue, expected, strict=True):
        assert SPACE_NAMES[row[0]] == space
        flat = [x for pair in effects for x in pair]
        assert list(row[1:]) == flat + [0] * (8 - len(flat))


def test_board(content):
    b = content.tables.board
    assert ops.OFFICE_NAMES[b[0]] == "strategos"  # top row (rulebook p. 16 example)
    assert sorted(b[0:3]) == [ops.TAMIAS, ops.TRIERARCH, ops.STRATEGOS]
    assert sorted(b[3:6]) == [ops.ECCLESIA, ops.ARCHON, ops.BOULE]
    assert sorted(b[6:12]) == list(range(6))
    assert sorted(b[12:15]) == [0, 1, 2]
    dip = content.tables.params[PARAM_INDEX["diplomacy_spaces"]]
    assert (content.tables.wayposts < dip).all()


def test_provenance_on_every_item(raw):
    items = [raw["board"], raw["oikos"]]
    for section in ("roles", "city_states", "athena_cards", "missions", "skills",
                    "demagogue"):
        items += raw[section]
    for item in items:
        src = item["source"]
        assert re.match(r"^(rulebook p\. \d+|assumed: \S)", src), item
    assert all(d["source"].startswith("rulebook p. 21") for d in raw["demagogue"])


# ---- hashing ---------------------------------------------------------------------------


def test_hash_stable_under_reformatting(content, raw, tmp_path):
    path = _dump(raw, tmp_path / "content.toml")
    assert path.read_text() != DEFAULT_PATH.read_text()
    again = load_content(path)
    assert again.content_hash == content.content_hash
    for a, b in zip(again.tables, content.tables, strict=True):
        assert np.array_equal(a, b)


def test_hash_ignores_explicit_defaults(content, raw, tmp_path):
    _item(raw, "athena_cards", "pheidias")["copies"] = 1
    raw["params"] = {"builder_base": PARAMS[PARAM_INDEX["builder_base"]].default}
    assert load_content(_dump(raw, tmp_path / "c.toml")).content_hash == content.content_hash


def test_hash_changes_when_a_value_changes(content, raw, tmp_path):
    _item(raw, "athena_cards", "pheidias")["glory"] = 6
    changed = load_content(_dump(raw, tmp_path / "content.toml"))
    assert changed.content_hash != content.content_hash
    assert load_content(overrides={"params.builder_base": 4}).content_hash != \
        content.content_hash


# ---- overrides -----------------------------------------------------------------------


def test_overrides(content):
    c = load_content(overrides={"roles.veteran.day_cost": 2, "params.builder_base": 4,
                                "board.wayposts": [4, 1]})
    assert c.tables.roles[0, 1] == 2
    assert c.tables.params[PARAM_INDEX["builder_base"]] == 4
    assert list(c.tables.wayposts) == [1, 4]
    assert c.data["roles"][0]["day_cost"] == 2
    # the shipped content is untouched by an override
    assert content.tables.roles[0, 1] == 3


def test_overrides_from_command_line_text():
    c = load_content(overrides={"params.builder_base": "5",
                                "athena_cards.pheidias.copies": "3",
                                "demagogue.0.effects": '[["place", 1]]'})
    assert c.tables.params[PARAM_INDEX["builder_base"]] == 5
    assert c.names["athena_cards"].count("pheidias") == 3
    assert list(c.tables.demagogue[0, 1:3]) == [ops.DEM_PLACE, 1]


@pytest.mark.parametrize(
    "key, value, fragment",
    [
        ("roles.veteran.day_cost", "x", "roles.veteran.day_cost: expected an integer 0..6"),
        ("roles.veteran.day_cost", 7, "roles.veteran.day_cost"),
        ("roles.nobody.day_cost", 2, "no roles item named 'nobody'"),
        ("roles.veteran.dya_cost", 2, "unknown key 'dya_cost'"),
        ("params.no_such_param", 1, "unknown parameter 'no_such_param'"),
        ("params.builder_base", 99, "params.builder_base: expected an integer 0..20"),
        ("nosection.x", 1, "unknown section 'nosection'"),
        ("demagogue.9.space", "centre", "addressed by index"),
        ("board.wayposts", [1, 8], "board.wayposts[1]"),
    ],
)
def test_bad_overrides_fail(key, value, fragment):
    with pytest.raises(ContentError) as exc:
        load_content(overrides={key: value})
    msg = str(exc.value)
    assert "\n" not in msg and msg.startswith("content.toml: ")
    assert fragment in msg, msg


# ---- bad content files ---------------------------------------------------------------


def test_unknown_key(raw, tmp_path):
    _item(raw, "skills", "phalanx")["colour"] = "red"
    _expect_error(tmp_path, raw, "skills.phalanx.colour", "unknown field")


def test_unknown_top_level_section(raw, tmp_path):
    raw["extras"] = {"a": 1}
    _expect_error(tmp_path, raw, "extras: unknown section")


def test_missing_key(raw, tmp_path):
    del _item(raw, "city_states", "naxos")["glory_type"]
    _expect_error(tmp_path, raw, "city_states.naxos.glory_type", "missing required key")


def test_wrong_type(raw, tmp_path):
    _item(raw, "athena_cards", "kimon")["glory"] = "six"
    _expect_error(tmp_path, raw, "athena_cards.kimon.glory", "expected an integer")


def test_bool_is_not_an_integer(raw, tmp_path):
    _item(raw, "missions", "eurymedon")["discs"]["sparta"] = True
    _expect_error(tmp_path, raw, "missions.eurymedon.discs.sparta", "expected an integer")


def test_dangling_skill_reference(raw, tmp_path):
    _item(raw, "roles", "veteran")["starting_skills"] = ["phalanx", "andria"]
    _expect_error(tmp_path, raw, "roles.veteran.starting_skills[1]", "no skill named",
                  "did you mean 'andreia'")


def test_unknown_op_name(raw, tmp_path):
    _item(raw, "city_states", "aigina")["action"] = [["silvr", 3]]
    _expect_error(tmp_path, raw, "city_states.aigina.action[0]", "unknown op 'silvr'")


def test_cost_after_gain(raw, tmp_path):
    _item(raw, "city_states", "samos")["action"] = [["trophy", 2], ["pay_silver", 2]]
    _expect_error(tmp_path, raw, "city_states.samos.action[1]", "put every pay_* step first")


def test_too_many_steps(raw, tmp_path):
    _item(raw, "athena_cards", "kimon")["rewards"] = [["silver", 1]] * (MAX_STEPS + 1)
    _expect_error(tmp_path, raw, "athena_cards.kimon.rewards", "0..6 entries")


def test_seven_roles(raw, tmp_path):
    extra = dict(_item(raw, "roles", "veteran"), name="strategist")
    raw["roles"].append(extra)
    _expect_error(tmp_path, raw, "roles: expected exactly 6 entries, got 7")


def test_setup_with_nine_diplomats(raw, tmp_path):
    _item(raw, "roles", "sophist")["setup"]["stoa"] = 7
    _expect_error(tmp_path, raw, "roles.sophist.setup", "exactly 8 Diplomats, got 9")


def test_setup_with_three_workers(raw, tmp_path):
    _item(raw, "roles", "sophist")["setup"]["units_camp"]["worker"] = 1
    _expect_error(tmp_path, raw, "roles.sophist.setup", "exactly 2 workers")


def test_param_out_of_range(raw, tmp_path):
    raw["params"] = {"diplomacy_spaces": 2}
    _expect_error(tmp_path, raw, "params.diplomacy_spaces", "expected an integer 3..12")


def test_waypost_beyond_track(raw, tmp_path):
    raw["board"]["wayposts"] = [2, 8]
    _expect_error(tmp_path, raw, "board.wayposts[1]", "0..7")


def test_oikos_length_must_match_params(raw, tmp_path):
    raw["oikos"]["household"] = raw["oikos"]["household"][:-1]
    _expect_error(tmp_path, raw, "oikos.household", "params.household_spaces")


def test_duplicated_name(raw, tmp_path):
    raw["skills"].append(dict(_item(raw, "skills", "kleos")))
    _expect_error(tmp_path, raw, "skills.kleos", "duplicated name")


def test_starting_city_state_count(raw, tmp_path):
    _item(raw, "city_states", "rhodos")["starting"] = True
    _expect_error(tmp_path, raw, "city_states: expected exactly 6 with starting = true")


def test_copies_at_least_one(raw, tmp_path):
    _item(raw, "missions", "eurymedon")["copies"] = 0
    _expect_error(tmp_path, raw, "missions.eurymedon.copies", "expected an integer 1..")


def test_modifier_skill_needs_amount(raw, tmp_path):
    sk = _item(raw, "skills", "agoranomos")
    del sk["amount"]
    sk["effect"] = [["glory", 1]]
    _expect_error(tmp_path, raw, "skills.agoranomos.effect", "amount = N")


def test_bad_source(raw, tmp_path):
    _item(raw, "athena_cards", "nike")["source"] = "made it up"
    _expect_error(tmp_path, raw, "athena_cards.nike.source", "assumed: <reason>")


def test_demagogue_bad_effect(raw, tmp_path):
    raw["demagogue"][3]["effects"] = [["drain_market", 3]]
    _expect_error(tmp_path, raw, "demagogue.3.effects[0].arg", "0..2")


def test_board_actions_must_be_distinct(raw, tmp_path):
    raw["board"]["column_actions"] = ["role", "send_athena", "fill_market"]
    _expect_error(tmp_path, raw, "board.row_actions", "repeated: fill_market")


def test_toml_syntax_error(tmp_path):
    path = tmp_path / "content.toml"
    path.write_text("[board\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"^content\.toml: not valid TOML"):
        load_content(path)


def test_deck_over_engine_capacity(raw, tmp_path):
    _item(raw, "athena_cards", "pheidias")["copies"] = 10
    for name in ("kimon", "myronides", "tolmides", "phormion"):
        _item(raw, "athena_cards", name)["copies"] = 10
    _expect_error(tmp_path, raw, "athena_cards: expected 12..64 cards counting copies, got 75")


def test_skill_power_is_a_plain_gain(raw, tmp_path):
    _item(raw, "skills", "phalanx")["effect"] = [["place_universal", 1]]
    _expect_error(tmp_path, raw, "skills.phalanx.effect[0]", "may only gain")
