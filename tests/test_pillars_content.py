"""Tests of the Pillars of Heracles content (scenarios/pillars/content.toml) and its loader
(sim/games/pillars/content.py): component counts (pp. 2-3), setup numbers (pp. ~4-5), both
maps and the worked examples that play on them, and one-line errors for bad files."""

import tomllib
from pathlib import Path

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    ABILITIES,
    BOARD_LANDS,
    BUILDINGS,
    C_DESTINY,
    C_KIND,
    C_POWER,
    C_RES_A,
    C_THREE_PLAYER,
    CARD_KINDS,
    DECKS,
    ICONS,
    P_ERA,
    P_NUMBER,
    RESOURCES,
    REWARDS,
    RONDEL,
    S_BLOCKED,
    S_COMMON_CITIES,
    S_EXTRA_CITY_STATES,
    S_HANDS,
    SIDES,
    STRATEGY,
    TRACKS,
    UNITS,
    WILD,
    ContentError,
    load_content,
)
from sim.shipped import content_file

MED, AEG = SIDES.index("mediterranean"), SIDES.index("aegean")


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture(scope="module")
def T():
    """The compiled tables, as kernels will take them."""
    return load_content().tables


@pytest.fixture(scope="module")
def text():
    return content_file("pillars").read_text(encoding="utf-8")


def land(content, side, name):
    return content.names[f"lands.{SIDES[side]}"].index(name)


def region(content, side, name):
    return content.names[f"regions.{SIDES[side]}"].index(name)


def res(name):
    return RESOURCES.index(name)


def test_content_is_shipped_package_data():
    # read through importlib.resources, as an installed wheel reads it
    data = tomllib.loads(content_file("pillars").read_text(encoding="utf-8"))
    assert [b["side"] for b in data["boards"]] == ["mediterranean", "aegean"]


def test_hash_is_stable_and_follows_values(content, text, tmp_path):
    path = tmp_path / "content.toml"
    path.write_text("# a comment changes nothing\n" + text, encoding="utf-8")
    assert load_content(path).content_hash == content.content_hash
    path.write_text(text.replace("hand_sizes = [5, 6, 6, 7]", "hand_sizes = [5, 6, 6, 8]"),
                    encoding="utf-8")
    assert load_content(path).content_hash != content.content_hash


# ---- components, pp. 2-3 -----------------------------------------------------------------


def test_action_cards_p2(T):
    core = T.cards[T.cards[:, C_DESTINY] == 0]
    kinds = np.bincount(core[:, C_KIND], minlength=len(CARD_KINDS))
    # 10 Starting cards per colour (40 over four), 42 Characters, 14 Monuments, 4 Egypt
    assert kinds.tolist() == [10, 42, 14, 4] and 4 * 10 + 42 + 14 + 4 == 100
    # the Siege of Destiny's 5 Characters and 1 Monument come last (p. ~18)
    destiny = T.cards[-6:]
    assert (destiny[:, C_DESTINY] == 1).all() and (T.cards[:-6, C_DESTINY] == 0).all()
    assert sorted(destiny[:, C_KIND]) == [L.KIND_CHARACTER] * 5 + [L.KIND_MONUMENT]
    assert set(T.cards[:, C_POWER]) <= set(range(1, 5))


def test_starting_cards_match_the_solo_tables(content, T):
    # p. ~21: a Power 1 and a Power 2 of five names; Sparta prefers Iron and adds two
    # Blacksmiths, Larissa Wine and Farmers, Miletos Marble and Explorers; Merchant pays
    # Gold in the Procure example (p. 10)
    start = T.cards[T.cards[:, C_KIND] == 0]
    names = content.names["cards"][:10]
    assert sorted(zip(names, start[:, C_POWER].tolist(), strict=True)) == sorted(
        (n, p) for n in ("sailor", "explorer", "farmer", "blacksmith", "merchant") for p in (1, 2))
    resource = {n: RESOURCES[r] for n, r in zip(names, start[:, C_RES_A], strict=True)}
    assert resource == {"sailor": "wood", "explorer": "marble", "farmer": "wine",
                        "blacksmith": "iron", "merchant": "gold"}
    solo = {t["name"]: t["solo"] for t in content.data["city_states"]["tiles"] if "solo" in t}
    for tile in ("sparta", "larissa", "miletos"):
        added = {resource[name] for name, _ in solo[tile]["deck_add"]}
        assert added == {solo[tile]["resources"][0]}


def test_named_cards_of_the_examples(content, T):
    names = content.names["cards"]
    oracle, theatre = T.cards[names.index("oracle")], T.cards[names.index("theatre")]
    assert RESOURCES[oracle[C_RES_A]] == "gold"  # Procure example, p. 10
    assert {RESOURCES[theatre[2]], RESOURCES[theatre[3]]} == {"iron", "wine"}
    # Spy and Diplomat leave a 2-player Solo game by name (p. ~21), so they carry no
    # 3-player icon (step 3 would have taken them out already)
    for name in ("spy", "diplomat"):
        assert T.cards[names.index(name), C_THREE_PLAYER] == 0
    assert T.cards[:, C_THREE_PLAYER].sum() == 6


def test_mythology_decks_p2(content, T):
    assert np.bincount(T.mythology[:, 0], minlength=3).tolist() == [22, 16, 16]
    assert DECKS == ("demigod", "titan", "olympian")
    assert content.names["mythology"].count("hestia") == 1
    assert T.mythology[content.names["mythology"].index("hestia"), 0] == DECKS.index("olympian")
    # Perseus (p. 31) takes the place of one unnamed Demigod: the counts stay 22/16/16
    assert T.mythology[content.names["mythology"].index("perseus"), 0] == DECKS.index("demigod")


def test_tiles_p2(T):
    assert len(T.population) == 18
    assert np.bincount(T.population[:, 0], minlength=3).tolist() == [6, 6, 6]
    assert len(T.resource_tiles) == 20 and T.resource_tiles[:, 1].sum() == 5
    assert sorted(T.resource_tiles[T.resource_tiles[:, 1] == 1, 0]) == list(range(5))
    # step 6: two stacks of 3 per type, 21 tiles; Appendix 2 has 20 effects, one doubled
    assert len(T.strategy) == 21 and np.bincount(T.strategy[:, 0]).tolist() == [7, 7, 7]
    assert set(T.strategy[:, 1]) == set(range(len(STRATEGY)))
    assert np.bincount(T.strategy[:, 1]).max() == 2
    assert (T.strategy[:, 2] >= 0).sum() == 5  # the five Guilds name their Resource


def test_population_camps_of_the_examples(T):
    camp = T.population[T.population[:, 2] == 5]  # POPULATION_REWARDS "camp"
    # a helmet camp of Power 4 (Solo Settle, Attika, p. ~27); a cornucopia one of 5 (Naxos, p. ~11)
    assert [ICONS.index("helmet"), 4] in camp[:, :2].tolist()
    assert [ICONS.index("cornucopia"), 5] in camp[:, :2].tolist()


def test_prophecies_p2(T):
    assert T.prophecies[:, P_NUMBER].tolist() == list(range(1, 25))
    assert np.bincount(T.prophecies[:, P_ERA])[1:].tolist() == [8, 8, 8]


def test_player_pieces_and_board(T, content):
    pieces = content.data["components"]["pieces"]
    # 28 Pillars, 8 of each Building, 24 Hoplites, 12 Workers and Ships, 56 markers (p. 3)
    assert {k: 4 * v for k, v in pieces.items()} == {
        "pillars": 28, "citadels": 8, "agoras": 8, "temples": 8, "hoplites": 24,
        "workers": 12, "ships": 12, "markers": 56}
    top = T.deploy_cost[0]
    assert top[UNITS.index("worker"), [res("gold"), res("wine")]].tolist() == [1, 1]  # p. 10
    assert top[UNITS.index("ship"), [res("wood"), res("iron")]].tolist() == [1, 1]
    citadel = T.build_cost[0, BUILDINGS.index("citadel")]
    assert citadel[[res("wood"), res("marble")]].tolist() == [1, 1]
    assert (T.deploy_cost[0].sum(axis=1) == 2).all() and (T.build_cost[0].sum(axis=1) == 2).all()
    assert T.settle_rows.tolist() == [3, 3]


# ---- setup, pp. ~4-5 -------------------------------------------------------------------


def test_setup_numbers(T):
    assert T.setup[S_HANDS:S_HANDS + 4].tolist() == [5, 6, 6, 7]  # step 15
    assert T.setup[S_BLOCKED:S_BLOCKED + 3].tolist() == [2, 1, 0]  # step 17 at 2, 3, 4 players
    assert T.setup[S_EXTRA_CITY_STATES] == 1  # step 10: players + 1 City-states
    # step 5: steps 3 and 5 of six tracks plus N under Build
    assert T.setup[S_COMMON_CITIES] >= 12 + 4
    assert [RONDEL[s] for s in T.rondel] == ["ascend", "procure", "deploy", "build", "settle"]


def test_blocking_orders_step17(content, T):
    for side, order in ((MED, ["lybie", "iberia", "aigyptos", "anatole"]),
                        (AEG, ["iona", "makedonia", "peloponnesos", "lydia"])):
        got = [content.names[f"regions.{SIDES[side]}"][r] for r in T.block_order[side] if r >= 0]
        assert got == order


def test_a_draft_finds_starting_regions_apart(T):
    # step 10 redraws until the N+1 City-states start in different Regions: at least 5
    # Regions of each side hold a starting Land
    for side in (MED, AEG):
        assert len(set(T.land_region[side, T.city_start[side]])) >= 5
        assert len(set(T.city_start[side])) == 12


def test_city_state_names(content):
    med, aeg = content.names["city_states.mediterranean"], content.names["city_states.aegean"]
    pairs = dict(zip(aeg, med, strict=True))
    for a, m in (("korinthos", "kyrene"), ("thebai", "emporion"), ("miletos", "syrakusai"),
                 ("rhodos", "taras"), ("phokaia", "massalia"), ("larissa", "tarsos"),
                 ("pella", "ephesos"), ("sparta", "sparta"), ("athenai", "athenai")):
        assert pairs[a] == m  # the Solo aids' pairs, p. ~21
    assert {"troia", "argos"} <= set(aeg) and "memphis" in med  # pp. ~4, ~18


# ---- tracks, p. 7 ------------------------------------------------------------------------


def test_tracks(T):
    assert [RESOURCES[r] if r < WILD else "wild" for r in T.tracks[:, 0]] == [
        "marble", "gold", "wood", "wine", "iron", "wild"]  # p. 2, in TRACKS order
    assert TRACKS[0] == "civilisation"
    rewards = T.track_steps[:, :, 0]
    assert (rewards[:, [2, 4]] == REWARDS.index("city")).all()  # steps 3 and 5 (p. ~4)
    nav = T.track_steps[TRACKS.index("navigation")]
    assert [ABILITIES[a] for a in nav[:, 1]] == ["none", "movements_3", "none", "movements_4", "none"]
    assert REWARDS[nav[1, 0]] == "card"  # Ascend example: a Character for step 2 (p. 12)
    civ = [ABILITIES[a] for a in T.track_steps[TRACKS.index("civilisation"), :, 1]]
    assert civ[:4] == ["rondel_plus_one", "replenish_6", "rondel_minus_one", "replenish_7"]
    merc = [REWARDS[r] for r in T.track_steps[TRACKS.index("mercenary"), :, 0]]
    assert merc[3] == "hoplite" and merc.count("hoplite_for_iron") == 2  # step 4 free (p. 7)


def test_icons_pair_tracks_for_consolidation(T):
    assert np.bincount(T.tracks[:, 1]).tolist() == [2, 2, 2]


def test_military_steps_fit_the_skirmish_example(T):
    """p. 16: with the extra Power the Military steps give, red has 11 and green 8."""
    mil = [ABILITIES[a] for a in T.track_steps[TRACKS.index("military"), :, 1]]

    def bonus(step, piece):
        return int(f"power_{piece}" in mil[:step])

    def power(step, hoplites=0, pillars=0, workers=0, citadels=0, port_ships=0, sea_ships=0):
        return (hoplites * (2 + bonus(step, "hoplites")) + pillars * (1 + bonus(step, "pillars"))
                + workers * (1 + bonus(step, "workers")) + 3 * citadels
                + port_ships * (2 + bonus(step, "ships")) + sea_ships * (1 + bonus(step, "ships")))

    fits = [(r, g) for r in range(6) for g in range(6)
            if power(r, hoplites=2, pillars=1, port_ships=1, sea_ships=1) == 11
            and power(g, citadels=1, hoplites=1, workers=1, sea_ships=1) == 8]
    assert fits  # both players' steps exist that give the printed totals


# ---- the maps ---------------------------------------------------------------------------


def test_regions_have_three_lands_one_per_icon(T):
    for side in (MED, AEG):
        assert (np.bincount(T.land_region[side, :BOARD_LANDS], minlength=6) == 3).all()
        assert (T.land_region[side, BOARD_LANDS:] == -1).all()  # the Atlantis slots
        assert (T.region_lands[side] >= 0).all()
        for r in range(6):
            assert sorted(T.land_icon[side, T.region_lands[side, r]]) == [0, 1, 2]
        assert sorted(T.score_order[side]) == list(range(6))


def test_adjacency_is_symmetric(T):
    for side in (MED, AEG):
        for key in ("land_land", "bridge", "sea_sea", "whirlwind"):
            m = getattr(T, key)[side]
            assert (m == m.T).all() and not np.diag(m).any()


def test_ports_lie_in_a_sea_of_their_land(T):
    for side in (MED, AEG):
        ports = np.flatnonzero(T.land_port[side] >= 0)
        assert len(ports) == 12  # two thirds of the Lands
        for ld in ports:
            seas = np.flatnonzero(T.land_sea[side, ld])
            assert T.land_port[side, ld] == seas[0]


def test_maps_are_connected(T):
    for side in (MED, AEG):
        n = BOARD_LANDS + T.n_seas[side]
        adj = np.zeros((n, n), bool)
        lands = slice(0, BOARD_LANDS)
        adj[lands, lands] = (T.land_land[side] | T.bridge[side])[lands, lands]
        adj[lands, BOARD_LANDS:] = T.land_sea[side, lands, :T.n_seas[side]]
        adj[BOARD_LANDS:, lands] = adj[lands, BOARD_LANDS:].T
        seas = slice(0, T.n_seas[side])
        adj[BOARD_LANDS:, BOARD_LANDS:] = (T.sea_sea[side] | T.whirlwind[side])[seas, seas]
        reach = np.eye(n, dtype=bool)[0]
        for _ in range(n):
            reach = reach | adj[reach].any(axis=0)
        assert reach.all()


def test_whirlwind_joins_black_sea_and_fortunate_isles(content, T):
    seas = {s["name"]: s["number"] - 1 for s in content.data["boards"][MED]["seas"] if "name" in s}
    assert T.whirlwind[MED, seas["black_sea"], seas["fortunate_isles"]] == 1
    assert T.sea_sea[MED, seas["black_sea"], seas["fortunate_isles"]] == 0
    assert T.whirlwind[MED].sum() == 2 and T.whirlwind[AEG].sum() == 0  # p. 9: Mediterranean


def test_movement_example_p9(content, T):
    """A Ship moves (1) into a Sea by Trinakria and Kyrene; the Hoplite boards it (0) and
    lands on Kyrene (1): two Movements. The two Lands share no border."""
    tr, ky = land(content, MED, "trinakria"), land(content, MED, "kyrene")
    assert not T.land_land[MED, tr, ky] and not T.bridge[MED, tr, ky]
    shared = np.flatnonzero(T.land_sea[MED, tr] & T.land_sea[MED, ky])
    # the Ship comes from a neighbouring Sea or from Trinakria's Port, one Movement away
    assert any(T.sea_sea[MED, s].any() or T.land_port[MED, tr] >= 0 for s in shared)


def test_deploy_example_p10(content, T):
    ituke, leptis = land(content, MED, "ituke"), land(content, MED, "leptis_magna")
    assert T.land_sea[MED, leptis].any()  # a Sea beside Leptis Magna for the Ship
    assert T.land_region[MED, ituke] == T.land_region[MED, leptis]


def test_solo_build_example(content, T):
    """p. ~26: Iberia's eagle Land is Massalia, its cornucopia Land Thartessos, with a Port."""
    iberia = T.region_lands[MED, region(content, MED, "iberia")]
    names = content.names["lands.mediterranean"]
    assert names[iberia[ICONS.index("eagle")]] == "massalia"
    assert names[iberia[ICONS.index("cornucopia")]] == "thartessos"
    assert T.land_port[MED, iberia[ICONS.index("cornucopia")]] >= 0


def test_solo_settle_example(content, T):
    """p. ~27: Sterea Ellada is Euboia (cornucopia), Aitolia (eagle), Attika (helmet, Port)."""
    sterea = T.region_lands[AEG, region(content, AEG, "sterea_ellada")]
    names = content.names["lands.aegean"]
    assert [names[i] for i in sterea] == ["attika", "euboia", "aitolia"]  # ICONS order
    assert T.land_port[AEG, land(content, AEG, "attika")] >= 0


def test_relocation_example(content, T):
    """p. ~24: Korinthia is one step from Attika; Ships in Seas 2 and 3 are both one Sea
    from the Sea holding Attika's Port, so the lower number breaks the tie."""
    attika, korinthia = land(content, AEG, "attika"), land(content, AEG, "korinthia")
    assert T.land_land[AEG, attika, korinthia]
    port_sea = T.land_port[AEG, attika]
    assert port_sea + 1 == 1
    assert T.sea_sea[AEG, port_sea, 1] and T.sea_sea[AEG, port_sea, 2]  # Seas 2 and 3


def test_settle_and_skirmish_examples(content, T):
    # Naxos (p. ~11) and Thraki (p. 16) each have a Port and another Sea beside them
    for name in ("naxos", "thraki"):
        ld = land(content, AEG, name)
        assert T.land_port[AEG, ld] >= 0 and T.land_sea[AEG, ld].sum() >= 2


def test_starting_lands_touch_a_sea(T):
    for side in (MED, AEG):
        assert T.land_sea[side, T.city_start[side]].any(axis=1).all()  # step 12


# ---- malformed files: one line naming file, item and field -------------------------------

MED_LAND = "boards.mediterranean.lands"
BAD = [
    ("unknown key", 'name = "emporion", region', 'name = "emporion", colour = 1, region',
     f"content.toml: {MED_LAND}.emporion.colour: unknown field ; Land fields: name, region"),
    ("wrong type", "hand_sizes = [5, 6, 6, 7]", 'hand_sizes = [5, "6", 6, 7]',
     "content.toml: setup.hand_sizes[1]: expected an integer 1..10, got '6'"),
    ("unknown region", 'name = "emporion", region = "iberia"', 'name = "emporion", region = "hispania"',
     f"content.toml: {MED_LAND}.emporion.region: expected one of"),
    ("unknown land", 'port = 3, neighbours = ["emporion", "thartessos"]',
     'port = 3, neighbours = ["emporion", "tartessos"]',
     f"content.toml: {MED_LAND}.massalia.neighbours[1]: expected one of"),
    ("one-way land border", 'port = 10, neighbours = ["kyrene", "memphis"]',
     'port = 10, neighbours = ["kyrene", "memphis", "thebais"]',
     f"content.toml: {MED_LAND}.thebais.neighbours: naukratis lists thebais but not the other way; "
     "add 'naukratis'"),
    ("one-way land-sea", '{ number = 11, lands = ["kilikia", "naukratis", "memphis"]',
     '{ number = 11, lands = ["kilikia", "naukratis"]',
     "content.toml: boards.mediterranean.seas.11.lands: Land memphis and Sea 11 list each other "
     "only one way; add 'memphis'"),
    ("one-way sea border", '"naukratis", "memphis"], neighbours = [10]',
     '"naukratis", "memphis"], neighbours = [10, 9]',
     "content.toml: boards.mediterranean.seas.9.neighbours: Sea 11 lists Sea 9 but not the other way"),
    ("two eagles in a Region", 'name = "emporion", region = "iberia", icon = "helmet"',
     'name = "emporion", region = "iberia", icon = "eagle"',
     f"content.toml: {MED_LAND}.massalia.icon: Region iberia already has a eagle Land"),
    ("port in the wrong sea", 'seas = [3, 5], port = 3', 'seas = [3, 5], port = 5',
     f"content.toml: {MED_LAND}.massalia.port: a Port sits in the lowest-numbered Sea"),
    ("count over the components", '{ name = "egypt_4"',
     '{ name = "egypt_5", power = 2, resources = ["gold"], source = "assumed: x" },\n  { name = "egypt_4"',
     "content.toml: kingdom_of_egypt.cards: 5 cards, but components says 4"),
    ("quest count over a Region", 'quest = "pillars", count = 3 }', 'quest = "pillars", count = 4 }',
     "content.toml: prophecies.cards.9.count: expected an integer 1..3, got 4"),
    ("mythology deck size", 'name = "titan_of_the_tides", deck = "titan", wine = 2, copies = 4',
     'name = "titan_of_the_tides", deck = "titan", wine = 2, copies = 5',
     "content.toml: mythology.cards: 17 titan cards counting copies, but components says 16"),
    ("city on a wrong step", '{ reward = "hoplite" },', '{ reward = "city" },',
     "content.toml: tracks.mercenary.steps[3].reward: steps 3 and 5, and only they, carry a Common City"),
    ("inland start", 'mediterranean = { name = "memphis", start = "memphis" }',
     'mediterranean = { name = "memphis", start = "thebais" }',
     "content.toml: city_states.tiles.memphis.mediterranean.start: a starting Land must touch a Sea"),
    ("unknown solo card", '["blacksmith", 1], ["blacksmith", 2]] }, source = "assumed: starting Lands; '
     'names and Solo tables from rulebook p. ~21", trigger = "deploy"',
     '["blacksmith", 1], ["smith", 2]] }, source = "assumed: starting Lands; '
     'names and Solo tables from rulebook p. ~21", trigger = "deploy"',
     "content.toml: city_states.tiles.sparta.solo.deck_add[1]: expected [Starting card, Power]"),
    ("bad source", 'neighbours = ["iapygia"], source = "assumed:',
     'neighbours = ["iapygia"], source = "guess:',
     f"content.toml: {MED_LAND}.bruttion.source: expected 'rulebook p. N', 'assumed: <reason>' or "
     "'studio: <file>'"),
    ("abilities without a source", '[monuments]\nabilities = "assumed:',
     '[monuments]\nabilities = "theatre draws; assumed:',
     "content.toml: monuments.abilities: expected 'rulebook p. N', 'assumed: <reason>' or "
     "'studio: <file>'"),
    ("unknown ability op", 'ability = [["energise", 1]], ability_source = "assumed: an Oracle',
     'ability = [["energize", 1]], ability_source = "assumed: an Oracle',
     "content.toml: characters.cards.oracle.ability[0]: unknown op 'energize'; use one of draw, "
     "resource, step, deploy, build, move, power, energise, mythology, send_back, halt, swap, "
     "egypt, sphinx, perseus (did you mean 'energise'?) (sim content ops pillars)"),
    ("ability count out of range", 'ability_or = [["power", 2]]', 'ability_or = [["power", 12]]',
     "content.toml: characters.cards.shieldmaker.ability_or[0][1]: expected an integer 1..9, "
     "got 12"),
    ("unknown ability word", '[["halt", "ships"]]', '[["halt", "boats"]]',
     "content.toml: mythology.cards.okeanos.ability[0][1]: expected one of ships, unit, got "
     "'boats'"),
    ("ability step of the wrong length", '[["swap"]]', '[["swap", 1]]',
     "content.toml: mythology.cards.gaia.ability[0]: expected [\"swap\"], got ['swap', 1]"),
    ("unknown city-state trigger", 'trigger = "replenish", ability = [["draw", 1]]',
     'trigger = "harvest", ability = [["draw", 1]]',
     "content.toml: city_states.tiles.thebai.trigger: expected one of procure, deploy, build, "
     "settle, ascend, replenish, got 'harvest'"),
    ("unknown city-state op", 'ability = [["egypt"]]', 'ability = [["egypt_card"]]',
     "content.toml: city_states.tiles.memphis.ability[0]: unknown op 'egypt_card'; use one of "
     "draw,"),
    ("city-state without a trigger", ', trigger = "procure", ability = [["egypt"]]',
     ', ability = [["egypt"]]',
     "content.toml: city_states.tiles.memphis.trigger: missing required key"),
    ("ability without its source", ', ability = [["swap"]], ability_source = "assumed: Gaia swaps '
     'one of your Mythology cards, this one included, with another player\'s (rulebook p. 31)"',
     ', ability = [["swap"]]',
     "content.toml: mythology.cards.gaia.ability_source: missing required key"),
]


@pytest.mark.parametrize("old, new, message", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_content_gives_one_line(text, tmp_path, old, new, message):
    assert text.count(old) == 1, old
    path = tmp_path / "content.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_content(path)
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


def test_disconnected_map(text, tmp_path):
    # Thebais, inland, loses its one border (with Memphis)
    for old, new in (('seas = [], neighbours = ["memphis"]', 'seas = [], neighbours = []'),
                     ('neighbours = ["naukratis", "thebais"]', 'neighbours = ["naukratis"]')):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "content.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match=r"^content.toml: boards.mediterranean: thebais cannot "
                                           r"be reached from emporion; connect it$"):
        load_content(path)


def test_unknown_section_and_bad_toml(text, tmp_path):
    path = tmp_path / "content.toml"
    path.write_text(text + "\n[time_markers]\ncount = 10\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"^content.toml: time_markers: unknown section ; the sections "
                                           r"are components, setup"):
        load_content(path)
    path.write_text("[setup\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"^content.toml: not valid TOML"):
        load_content(path)
    with pytest.raises(ContentError, match=r"^missing.toml: cannot read the file"):
        load_content(tmp_path / "missing.toml")


def test_provenance_doc_lists_every_named_item(content):
    """docs/content/pillars.md has a row per named item (its name in title case)."""
    doc = (Path(__file__).parents[1] / "docs" / "content" / "pillars.md").read_text(encoding="utf-8")
    names = {n for key, group in content.names.items() if not key.startswith("city_states.")
             for n in group}
    missing = sorted(n for n in names if f"| {n.replace('_', ' ').title()} |" not in doc)
    assert not missing
