"""`sim score --game pillars`: final scoring (p. 13) of the position in
tests/fixtures/pillars_aegean.json, checked by hand, and its one-line errors."""

import copy
import json
from pathlib import Path

import pytest
from cli_process import error_line, sim

from sim.games.pillars.state_json import score_state
from sim.games.state_json import StateError

POSITION = Path(__file__).parent / "fixtures" / "pillars_aegean.json"
SOLO = Path(__file__).parent / "fixtures" / "pillars_solo.json"


@pytest.fixture(scope="module")
def scored() -> dict:
    done = sim("score", "--game", "pillars", "--state", POSITION, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_each_source_by_hand(scored):
    ana, bo, cy = scored["players"]
    # Ana: Prophecies 1 (Era I) and 9 (Era II) = 1 + 2; Monuments theatre 2 + monument_4 3;
    # Cities attika and thessalia, 3 each; Regions makedonia and sterea_ellada, 3 each
    assert ana["lines"] == {"prophecies": 3, "monuments": 5, "cities": 6, "regions": 6}
    # Bo: Prophecy 17 (Era III) = 3; monument_3 1; City lakonia 3; Region peloponnesos 3
    assert bo["lines"] == {"prophecies": 3, "monuments": 1, "cities": 3, "regions": 3}
    # Cy: City troas 3; Region lydia 3
    assert cy["lines"] == {"prophecies": 0, "monuments": 0, "cities": 3, "regions": 3}
    assert [p["glory"] for p in scored["players"]] == [20, 10, 6]
    assert [p["rank"] for p in scored["players"]] == [1, 2, 3] and scored["winners"] == [0]


def test_who_controls_each_region(scored):
    assert scored["regions"] == {
        # Ana: thessalia's City 1 + emathia's Pillar 2 (Military step 1) + her End Ship on
        # emathia 1 = 4 against Bo's Hoplite on thraki 3 (2 + Military step 2)
        "makedonia": "Ana",
        # Cy: troas Hoplite 2 + City 1, mysia 2 Hoplites 4, phrygia Worker 1 = 8, more than
        # mysia's Population tile of Power 4
        "lydia": "Cy",
        # iona is the Forbidden Domain: not scored; kyklades has a face-down tile on rhodos
        "kyklades": None,
        # Bo: lakonia Pillar 2 + Hoplite 3 + City 1 + Ship in its Port 2, argolis Pillar 2,
        # korinthia Worker 2 + Temple 1 = 13
        "peloponnesos": "Bo",
        # Ana: attika City 1 + Pillar 2 + 2 Hoplites 4 + Citadel 3, euboia Pillar 2 + Worker 1
        # = 13, more than aitolia's tile of Power 2
        "sterea_ellada": "Ana",
    }


def test_without_the_end_ship_makedonia_is_tied_and_nobody_holds_it():
    data = json.loads(POSITION.read_text())
    del data["players"][0]["end_ships"]
    # 3 against 3, and both markers on step 0 of the Region's track (civilisation): nobody
    assert score_state(data)["regions"]["makedonia"] is None


def test_table_lists_lines_totals_and_regions():
    done = sim("score", "--game", "pillars", "--state", POSITION)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["player", "prophecies", "monuments", "cities", "regions",
                                "total", "rank"]
    assert lines[1].split() == ["Ana", "+3", "+5", "+6", "+6", "20", "1"]
    assert lines[-2:] == ["winner: Ana", "regions: makedonia Ana, lydia Cy, kyklades nobody, "
                                         "peloponnesos Bo, sterea_ellada Ana"]


def _with(position, change) -> dict:
    data = json.loads(position.read_text())
    change(data)
    return data


@pytest.mark.parametrize("position, change, start", [
    (POSITION, lambda d: d["players"][0].update(end_ships=[{"sea": 5, "land": "attika"}]),
     "players[0].end_ships[0].land: attika does not touch Sea 5"),
    (POSITION, lambda d: d["players"][1].update(pillars=["lakonia", "attika"]),
     "players[1].pillars[1]: attika already has a Pillar"),
    (POSITION, lambda d: d["players"][2].update(cities=["karia"]),
     "players[2].cities[0]: karia lies in the Forbidden Domain iona"),
    (POSITION, lambda d: d["players"][0].update(hoplites={"attika": 4, "euboia": 3}),
     "players[0].hoplites: 7 hoplites ; a colour has 6"),
    (POSITION, lambda d: d["players"][1].update(monuments=["theatre"]),
     "players[1].monuments[0]: theatre is already in players[0]'s deck"),
    (POSITION, lambda d: d["players"][2].update(prophecies=[25]), "players[2].prophecies[0]: 25 is out"),
    (POSITION, lambda d: d["players"][1].update(ships=["argolis"]),
     "players[1].ships[0]: argolis has no Port"),
    (POSITION, lambda d: d["region_tracks"].update(lydia="civilisation"),
     "region_tracks.lydia: civilisation is already the track of makedonia"),
    (POSITION, lambda d: d.update(population={"mysia": 7}),
     "population.mysia: no cornucopia Population tile of Power 7"),
    (POSITION, lambda d: d["players"][1].update(tracks={"military": 1}, track_heights={"military": 0}),
     "players[1].track_heights.military: players[0] has the same place"),
    # Solo Mode: one player and the Tyrant (p. ~21)
    (SOLO, lambda d: d["players"].append({"name": "Bo"}), "players: 2 players listed"),
    (SOLO, lambda d: d.pop("tyrant"), "tyrant: missing"),
    (SOLO, lambda d: d.update(first=0), "first: the Tyrant holds the First Player marker"),
    (SOLO, lambda d: d.pop("mode"), "tyrant: only a Solo position has the Tyrant"),
    (SOLO, lambda d: d.update(mode="symmachia"), "mode: "),
    (SOLO, lambda d: d["tyrant"].update(end_ships=[]), "tyrant.end_ships: unknown key"),
    (SOLO, lambda d: d["tyrant"].update(mythology=["hyperion", "hyperion"]),
     "tyrant.mythology[1]: every hyperion card is already listed"),
    (SOLO, lambda d: d["tyrant"].update(mythology=["zeus"]), "tyrant.mythology[0]: "),
    (SOLO, lambda d: d["tyrant"].update(cities_aside=99), "tyrant.cities_aside: 99 is out"),
    (SOLO, lambda d: d["tyrant"].update(monuments=["theatre"]),
     "players[0].monuments[0]: theatre is already in tyrant's deck"),
])
def test_errors_name_the_field(position, change, start):
    with pytest.raises(StateError) as err:
        score_state(_with(position, change), fname="p.json")
    message = str(err.value)
    assert message.startswith(f"p.json: {start}") and " ; " in message and "\n" not in message


def test_bad_file_is_one_line(tmp_path):
    data = copy.deepcopy(json.loads(POSITION.read_text()))
    data["players"][0]["pilars"] = ["attika"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    line = error_line(sim("score", "--game", "pillars", "--state", bad))
    assert line.startswith("error: bad.json: players[0].pilars: unknown key (did you mean "
                           "'pillars'?) ; allowed keys:")


def test_a_solo_position_scores_the_tyrant_his_own_way_p31():
    """Solo Mode (p. ~31): the Tyrant is seat 0 and places no End Ship; besides the usual
    lines he scores his Resource deck's Monuments, 1 per Demigod and 3 per Titan or
    Olympian in his Mythology stack, and 2 per City tile above his board."""
    done = sim("score", "--game", "pillars", "--state", SOLO, "--json")
    assert done.returncode == 0, done.stderr
    scored = json.loads(done.stdout)
    tyrant, ana = scored["players"]
    assert scored["mode"] == "solo" and (tyrant["seat"], tyrant["name"]) == (0, "Tyrant")
    # Prophecy 17 (Era III) 3; monument_3 1; City troas 3 + one City tile above his board
    # 2; lydia (troas, mysia, phrygia: 8 against mysia's tile of 4) and peloponnesos (his
    # Hoplite on lakonia, nobody else there) 3 each; a Demigod 1 + Hyperion, a Titan, 3
    assert tyrant["lines"] == {"prophecies": 3, "monuments": 1, "cities": 5, "regions": 6,
                               "mythology": 4}
    # Ana as in the 3-player position; no Mythology line but the Tyrant's
    assert ana["lines"] == {"prophecies": 3, "monuments": 5, "cities": 6, "regions": 6,
                            "mythology": 0}
    assert (tyrant["glory"], ana["glory"]) == (19, 20) and scored["winners"] == [1]
    assert scored["regions"]["makedonia"] == "Ana"  # her End Ship is still placed
    table = sim("score", "--game", "pillars", "--state", SOLO).stdout.splitlines()
    assert table[1].split() == ["Tyrant", "+3", "+1", "+5", "+6", "+4", "19", "2"]
