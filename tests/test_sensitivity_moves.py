import pytest

from sim.games.content_files import Section
from sim.games.pericles.params import PARAMS
from sim.games.tunables import Param
from sim.runner import RunError
from sim.sensitivity.moves import (
    content_values,
    games_to_play,
    grouped,
    in_scope,
    moves,
    param_values,
    playable,
)

TOY = param_values((Param("a", 3, 0, 6, "rulebook p. 10"), Param("b", 0, 0, 2, "assumed: guess"),
                    Param("c", 5, 1, 5, "assumed: guess")))


def test_assumed_keeps_only_untranscribed_values():
    assert [v.key for v in in_scope(TOY, ["assumed"])] == ["params.b", "params.c"]
    assert {v.key for v in in_scope(param_values(PARAMS), ["assumed"])} >= {
        "params.max_rounds", "params.hoplite_spaces"}


def test_patterns_union_in_declared_order():
    assert [v.key for v in in_scope(TOY, ["params.c", "params.a"])] == ["params.a", "params.c"]
    assert len(in_scope(param_values(PARAMS), ["all"])) == len(PARAMS)


def test_pattern_matching_nothing_is_one_clear_error():
    with pytest.raises(RunError, match="--keys 'params.zzz' matches no value"):
        in_scope(TOY, ["params.zzz"])


def test_moves_step_down_and_up_within_range():
    got = [(m.label, m.assumed) for m in moves(TOY)]
    # b sits on its lower bound and c on its upper: each moves one way only
    assert got == [("params.a 3->2", False), ("params.a 3->4", False), ("params.b 0->1", True),
                   ("params.c 5->4", True)]
    assert [m.overrides for m in moves(TOY[:1], step=5)] == [{"params.a": 0}, {"params.a": 6}]


def test_content_numbers_are_values_of_their_item():
    from sim.games.pericles.content import load_content
    from sim.games.pericles.runner import CONTENT_SECTIONS

    values = {v.key: v for v in content_values(load_content().data, CONTENT_SECTIONS)}
    cost = values["roles.veteran.day_cost"]
    assert (cost.item, cost.base, cost.low, cost.high) == ("roles.veteran", 3, 0, None)
    assert values["roles.veteran.bonus.0.1"].base == 2  # an effect step's argument
    assert values["demagogue.0.effects.0.1"].item == "demagogue.0"  # unnamed: by position
    assert "roles.veteran.name" not in values  # words are not moved
    assert [v.key for v in in_scope(list(values.values()), ["roles.*.day_cost"])] == [
        f"roles.{r}.day_cost" for r in
        ("veteran", "matriarch", "sophist", "oligarch", "hetaira", "priestess")]


def test_aeolis_content_numbers_are_values_an_override_sets():
    from sim.games.aeolis.content import load_content
    from sim.games.aeolis.runner import CONTENT_SECTIONS

    content = load_content()
    values = {v.key: v for v in content_values(content.data, CONTENT_SECTIONS)}
    enemy = next(c for c in content.data["card"] if "power" in c)  # cards by their id
    power = values[f"card.{enemy['id']}.power"]
    assert (power.item, power.base) == (f"card.{enemy['id']}", enemy["power"])
    assert not [k for k in values if k.endswith(".id") or k.endswith(".level")]  # item keys
    moved = load_content(overrides={power.key: power.base + 1})
    assert next(c for c in moved.data["card"] if c["id"] == enemy["id"])["power"] == power.base + 1
    assert moved.content_hash != content.content_hash


def test_item_groups_move_every_value_of_an_item_one_way():
    cards = Section("Card", ("name", "glory", "cost", "source"), key="name")
    values = content_values({"cards": [{"name": "owl", "glory": 2, "cost": 0,
                                        "source": "assumed: x"}]}, {"cards": cards})
    down, up = grouped(moves(values))
    assert (down.label, down.overrides) == ("cards.owl.glory 2->1", {"cards.owl.glory": 1})
    assert up.label == "cards.owl +1 (2 values)" and up.assumed
    assert up.overrides == {"cards.owl.glory": 3, "cards.owl.cost": 1}


def test_step_below_one_is_refused():
    with pytest.raises(RunError, match="--step 0 is out of range"):
        moves(TOY, step=0)


def test_cost_is_base_plus_one_cell_per_move():
    assert games_to_play(20000, moves(TOY)) == 20000 * 5


def test_moves_the_content_refuses_are_set_aside_with_the_reason():
    from sim.games.pericles.content import ContentError, load_content

    def load(overrides):
        return load_content(overrides=overrides)

    every = moves(param_values(PARAMS))
    kept, refused = playable(every, load, ContentError)
    base = load_content().content_hash
    assert all(load(m.overrides).content_hash != base for m in kept)
    # a track's length is tied to the spaces the board lists, which the range does not know
    assert {"params.unit_track_spaces": 5} in [m.overrides for m, _ in refused]
    assert all("expected" in why for _, why in refused)
    assert len(kept) + len(refused) == len(every)
