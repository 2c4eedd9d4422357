"""The Pillars of Heracles state layout (sim/games/pillars/layout.py): fields declared once
with their meaning, sized for the shipped content, and the new compiled tables it reads."""

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    PIECES,
    SIDES,
    START_PIECES,
    ContentError,
    Tables,
    load_content,
)
from sim.games.state_layout import layout_key

CONTENT = load_content()
T = CONTENT.tables


def test_fields_tile_the_state_in_order_the_games_first():
    offset = 0
    for name, length, meaning in L._FIELDS + L._RUNTIME:
        assert L.FIELD_SPANS[name] == (offset, length) and getattr(L, name) == offset
        assert meaning
        offset += length
        if name == L._FIELDS[-1][0]:
            assert offset == L.GAME_SIZE  # the runtime words come after the game's own
    assert offset == L.STATE_SIZE
    assert L.LAYOUT_KEY == layout_key(L._FIELDS + L._RUNTIME) < 2**62


def test_shipped_content_fits_the_state():
    L.check_capacity(T)


@pytest.mark.parametrize("table, rows, message", [
    ("prophecies", L.MAX_PROPHECIES + 1, "33 prophecies, but the game state has room for 32"),
    ("population", L.MAX_POPULATION + 1, "25 population tiles"),
])
def test_content_too_large_for_the_state_is_one_line(table, rows, message):
    tables = {name: np.array(T[name]) for name in Tables._fields}
    big = Tables(**tables | {table: np.zeros((rows, tables[table].shape[1]), np.int32)})
    with pytest.raises(ContentError, match=message) as err:
        L.check_capacity(big)
    assert "\n" not in str(err.value)


def test_component_tables_p3_step12():
    # per colour: 7 Pillars, 2 of each Building, 6 Hoplites, 3 Workers, 3 Ships, 14 markers
    assert dict(zip(PIECES, T.pieces.tolist(), strict=True)) == {
        "pillars": 7, "citadels": 2, "agoras": 2, "temples": 2, "hoplites": 6, "workers": 3,
        "ships": 3, "markers": 14}
    assert dict(zip(START_PIECES, T.start_pieces.tolist(), strict=True)) == {
        "hoplites": 1, "workers": 1, "ships": 1, "pillars": 1}


def test_the_memphis_tile_on_either_side_step11():
    names = CONTENT.names
    assert names["city_states.mediterranean"][T.memphis[SIDES.index("mediterranean")]] == "memphis"
    # its Aegean face (Naxos) brings the Egypt cards too: the tile's ability is about them
    assert names["city_states.aegean"][T.memphis[SIDES.index("aegean")]] == "naxos"
