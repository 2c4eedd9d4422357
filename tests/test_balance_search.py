"""The balance search on a made-up game whose measures are linear in the values: it finds
the planted change, prefers fewer values and smaller steps, and respects its budget."""

from sim.balance.measures import Reading
from sim.balance.search import EFFECTS, PRUNE, Search, Space

GROUPS = ("a", "b", "c")
SE = 0.005
# per unit of each value: its effect on the win share of groups a, b and c
EFFECT = {"k.big": (0.03, -0.015, -0.015), "k.small": (0.004, -0.002, -0.002),
          "k.other": (0.0, 0.02, -0.02), **{f"k.idle{i}": (0.0, 0.0, 0.0) for i in range(5)}}
START = {"k.big": 4, "k.small": 3, "k.other": 2, **{f"k.idle{i}": 3 for i in range(5)}}
FAIR = 1 / 3


def _game(planted: dict[str, int]):
    """Readings of a change set: shares that sit at fair for the unplanted values."""
    def readings(changes) -> list[Reading]:
        values = {**START, **planted, **dict(changes)}
        means = [FAIR + sum(EFFECT[k][g] * (values[k] - START[k]) for k in START)
                 for g in range(len(GROUPS))]
        return [Reading(f"win share role {name}", m, SE, 1000, FAIR - 0.02, FAIR + 0.02)
                for name, m in zip(GROUPS, means, strict=True)]

    played: list[tuple[int, tuple]] = []

    def play(round_, sets):
        played.extend((round_, s) for s in sets)
        return [readings(s) for s in sets]

    return play, played


def _search(planted, budget=10**6, rounds=6, width=3, loadable=lambda _: True):
    start = {**START, **planted}
    play, played = _game(planted)
    allowed = {k: (0, 9) for k in START}
    search = Search(Space(start, allowed, 1), play, loadable, width, rounds, 100, budget)
    return search, search.run(), played


def test_the_planted_value_is_moved_back():
    search, best, _ = _search({"k.big": 3})  # one step down: a -3 points, b and c +1.5
    assert best.holds
    assert best.changes == (("k.big", 4),)
    assert search.evaluations[0].stage == EFFECTS and not search.evaluations[0].holds


def test_two_steps_off_are_brought_back_in_fewer_values_than_small_moves():
    search, best, _ = _search({"k.big": 2})
    assert best.holds
    assert [k for k, _ in best.changes] == ["k.big"]  # not k.big and k.small together


def test_a_target_already_held_changes_nothing():
    search, best, played = _search({})
    assert best.changes == () and best.holds
    assert search.stopped == "the target already holds at the start"
    assert {r for r, _ in played} == {0}


def test_pruning_drops_a_value_the_target_does_not_need():
    search, best, _ = _search({"k.big": 3, "k.small": 5})
    assert best.holds
    assert dict(best.changes).get("k.big") == 4
    assert "k.small" not in dict(best.changes) or any(e.stage == PRUNE for e in search.evaluations)


def test_the_budget_is_never_overspent():
    per_set = 100
    budget = (1 + 16) * per_set + per_set // 2  # the effects round and half a change set
    search, best, played = _search({"k.big": 1}, budget=budget)
    assert search.spent == (1 + 16) * per_set and len(played) == 17
    assert search.stopped == "the game budget is spent" and not best.holds


def test_a_change_set_the_content_refuses_is_never_played():
    refuse = ("k.big", 5)
    search, best, played = _search({"k.big": 3}, loadable=lambda changes: refuse not in changes)
    assert all(refuse not in s for _, s in played)
    assert best.changes == (("k.big", 4),)


def test_the_search_is_the_same_every_time():
    first = [(e.round, e.changes) for e in _search({"k.big": 2, "k.other": 4})[0].evaluations]
    again = [(e.round, e.changes) for e in _search({"k.big": 2, "k.other": 4})[0].evaluations]
    assert first == again
