"""Every shipped content item says where its values come from: a rulebook page, or
"assumed: " and the printed cue it was chosen from (docs/content/<game>.md)."""

import re
import tomllib

import pytest

from sim.games.registry import GAMES
from sim.shipped import content_file

PROVENANCE = re.compile(r"^(rulebook pp?\. ~?\d+|assumed: \S)")


def sources(node):
    if isinstance(node, dict):
        if "source" in node:
            yield node["source"]
        for value in node.values():
            yield from sources(value)
    elif isinstance(node, list):
        for value in node:
            yield from sources(value)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_item_names_its_provenance(game):
    found = list(sources(tomllib.loads(content_file(game).read_text(encoding="utf-8"))))
    assert found
    assert [s for s in found if not PROVENANCE.match(str(s))] == []
