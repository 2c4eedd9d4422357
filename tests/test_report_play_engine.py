"""Flags on play from engine runs: Age of Pericles bots whose weights forbid sending Units
(Workers, Ships and Hoplites: the ``unit`` and ``hoplite`` features at -1000) never send
one, and the report flags ``unit_sent`` against random-legal play; the default preset of
the same games sends Units and is not flagged for it."""

from __future__ import annotations

import dataclasses

import numpy as np
import pyarrow as pa
import pytest

from reports.render import build_report
from sim.games.registry import get_game, load_runner
from strategies.pericles.features import FEATURE_NAMES
from strategies.pericles.presets import PRESETS
from tests.test_report import _cell, write_run

GAMES = 300
FORBIDDEN = ("unit", "hoplite")


def _run(root, label: str, strategy: str, forbid: tuple[str, ...] = ()):
    """``GAMES`` 3-player games of seed 0 written as a run folder; with ``forbid`` every
    seat plays ``balanced`` with those features weighted -1000, named ``label``."""
    runner = load_runner(get_game("pericles"))
    content = runner.load({})
    setup = runner.make_setup(content, 3, dict(runner.SETTINGS), (strategy,), "test")
    if forbid:
        row = np.array(PRESETS["balanced"], float)
        row[[FEATURE_NAMES.index(f) for f in forbid]] = -1000.0
        setup = dataclasses.replace(setup, weights=(tuple(row),) * 3)
    table = runner.rows(content, setup, runner.simulate(content, setup, 0, 0, GAMES), 0, 0)
    table = table.set_column(table.schema.get_field_index("strategy"), "strategy",
                             pa.array([label] * table.num_rows))
    columns = {name: table[name].to_numpy(zero_copy_only=False) for name in table.column_names}
    return write_run(root / label, "pericles", [(_cell(3, GAMES), columns)])


def _play_flags(html: str) -> list[str]:
    part = html.split("<h3>Flags on play</h3>")[1].split("<h2>")[0] if "Flags on play" in html else ""
    return [p.split("</p>")[0] for p in part.split('<p class="flag">')[1:]]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("forbid")
    return {label: _run(root, label, strategy, forbid) for label, strategy, forbid in (
        ("balanced", "balanced", ()), ("no-units", "balanced", FORBIDDEN),
        ("random", "random", ()))}


def test_a_preset_that_never_sends_units_is_flagged(runs):
    flags = _play_flags(build_report([runs["no-units"], runs["random"]]))
    (sent,) = [f for f in flags if f.startswith("no-units uses unit_sent")]
    assert " in 0.0% of its player-games, random in " in sent and "sim trace " in sent


def test_the_default_preset_is_not_flagged_for_it(runs):
    flags = _play_flags(build_report([runs["balanced"], runs["random"]]))
    assert not any("unit_sent" in f for f in flags)
