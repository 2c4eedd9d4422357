"""`sim content ops GAME` lists the effect codes a card may use, from the same table the
content loader checks steps against; the p. 24 icon codes work in a played game."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sim.games.aeolis import ops as aeolis_ops
from sim.games.pericles import ops as pericles_ops
from sim.games.pericles.content import ContentError, load_content
from sim.games.pillars import ops as pillars_ops

SIM = [sys.executable, "-m", "sim.cli"]
ROOT = Path(__file__).resolve().parents[1]
ICON_CODES = ("evaluate", "athena_reveal", "battle", "ostracize_unit", "ostracize_diplomat",
              "home_unit", "home_diplomat")


def sim(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*SIM, *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("game, ops", [("pericles", pericles_ops), ("aeolis", aeolis_ops),
                                       ("pillars", pillars_ops)])
def test_content_ops_lists_every_declared_code_with_its_page(game, ops):
    done = sim("content", "ops", game)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()[2:]
    assert [line.split()[0] for line in lines] == list(ops.OP_NAMES[1:])
    for line, op in zip(lines, ops.OP_TABLE[1:], strict=True):
        assert op.meaning in line and op.pages in line and op.pages.startswith("p")


def test_content_ops_pericles_lists_the_p24_icon_codes():
    listed = {line.split()[0]: line for line in sim("content", "ops", "pericles").stdout.splitlines()}
    for code in ICON_CODES:
        assert "24" in listed[code], listed[code]


def test_content_ops_of_an_unknown_game_is_one_line():
    done = sim("content", "ops", "nosuchgame")
    assert done.returncode != 0 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "nosuchgame" in done.stderr
    assert "pericles" in done.stderr  # names the games to choose from


def test_the_loader_accepts_exactly_the_listed_codes():
    for code in ICON_CODES:
        content = load_content(overrides={"city_states.samos.action": json.dumps([[code, 1]])})
        row = content.tables.city_states[content.names["city_states"].index("samos"), 2]
        assert content.tables.fx[row, 1] == pericles_ops.OP_NAMES.index(code)
    with pytest.raises(ContentError, match="unknown op 'ostracise'"):
        load_content(overrides={"city_states.samos.action": '[["ostracise", 1]]'})


# The shipped Unit track's first four spaces, then two spaces of the p. 24 icon codes: an
# effect table of the shipped size, so the traced game reuses the compiled kernels.
ICON_TRACK = json.dumps([
    [["silver", 1]], [["amphora", 1]], [["pay_silver", 1], ["place_universal", 1]],
    [["trophy", 1]],
    [["evaluate", 1], ["home_diplomat", 1], ["ostracize_diplomat", 1]],
    [["battle", 1], ["athena_reveal", 1], ["home_unit", 1], ["ostracize_unit", 1]],
])


def test_icon_codes_in_a_traced_game_as_a_subprocess():
    done = sim("trace", "--game", "pericles", "--players", "3", "--seed", "3", "--strategies",
               "random", "--set", f"oikos.unit_track={ICON_TRACK}", "--text")
    assert done.returncode == 0, done.stderr
    events = [line.split()[3:] for line in done.stdout.splitlines() if line.startswith("R")]
    names = {e[0] for e in events}
    assert {"evaluate", "athena_reveal", "home", "ostracize", "battle"} <= names
    assert ["ostracize", "piece=diplomat"] in [e[:2] for e in events]
    assert "game over after" in done.stdout
