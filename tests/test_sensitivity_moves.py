import pytest

from sim.games.pericles.params import PARAMS
from sim.games.tunables import Param
from sim.runner import RunError
from sim.sensitivity.moves import games_to_play, in_scope, moves, playable

TOY = (Param("a", 3, 0, 6, "rulebook p. 10"), Param("b", 0, 0, 2, "assumed: guess"),
       Param("c", 5, 1, 5, "assumed: guess"))


def test_assumed_keeps_only_untranscribed_values():
    assert [p.name for p in in_scope(TOY, ["assumed"])] == ["b", "c"]
    assert {p.name for p in in_scope(PARAMS, ["assumed"])} >= {"max_rounds", "hoplite_spaces"}


def test_patterns_union_in_declared_order():
    assert [p.name for p in in_scope(TOY, ["params.c", "params.a"])] == ["a", "c"]
    assert len(in_scope(PARAMS, ["all"])) == len(PARAMS)


def test_pattern_matching_nothing_is_one_clear_error():
    with pytest.raises(RunError, match="--keys 'params.zzz' matches no value"):
        in_scope(TOY, ["params.zzz"])


def test_moves_step_down_and_up_within_range():
    got = [(m.key, m.value, m.assumed) for m in moves(TOY)]
    # b sits on its lower bound and c on its upper: each moves one way only
    assert got == [("params.a", 2, False), ("params.a", 4, False), ("params.b", 1, True),
                   ("params.c", 4, True)]
    assert [m.value for m in moves(TOY[:1], step=5)] == [0, 6]  # clamped to 0..6
    assert moves(TOY[:1])[0].override == "params.a=2"


def test_step_below_one_is_refused():
    with pytest.raises(RunError, match="--step 0 is out of range"):
        moves(TOY, step=0)


def test_cost_is_base_plus_one_cell_per_move():
    assert games_to_play(20000, moves(TOY)) == 20000 * 5


def test_moves_the_content_refuses_are_set_aside_with_the_reason():
    from sim.games.pericles.content import ContentError, load_content

    def load(overrides):
        return load_content(overrides=overrides)

    kept, refused = playable(moves(PARAMS), load, ContentError)
    base = load_content().content_hash
    assert all(load({m.key: m.value}).content_hash != base for m in kept)
    # a track's length is tied to the spaces the board lists, which the range does not know
    assert ("params.unit_track_spaces", 5) in {(m.key, m.value) for m, _ in refused}
    assert all("expected" in why for _, why in refused)
    assert len(kept) + len(refused) == len(moves(PARAMS))
