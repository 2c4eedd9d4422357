"""The values a sensitivity run moves: each number one step down and up within its range.

A value is one number a content override can set: a tunable (``params.builder_base``,
range declared in the game's ``params.py``) or a number in a content item
(``roles.veteran.day_cost``, ``athena_cards.owl.rewards.0.1``). A move changes one value,
or with ``--group item`` every value of one item together, and is played on the same
seeds as the base, so its effect on a measure is read as a paired difference.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase

from sim.games.content_files import Section, is_assumed, items
from sim.games.tunables import Param
from sim.runner import RunError

GROUPS = ("value", "item")


@dataclass(frozen=True)
class Value:
    key: str  # the override key, e.g. "roles.veteran.day_cost"
    item: str  # the item it belongs to, e.g. "roles.veteran" (a tunable is its own item)
    base: int
    low: int  # declared range; a content number's is 0.. and its loader checks the rest
    high: int | None
    assumed: bool  # the item was not transcribed from the printed game


@dataclass(frozen=True)
class Move:
    item: str
    direction: int  # -1 (down) or +1 (up)
    changes: tuple[tuple[str, int, int], ...]  # (key, base, moved) for each value moved
    assumed: bool

    @property
    def overrides(self) -> dict[str, object]:
        """The content overrides that play this move."""
        return {key: moved for key, _, moved in self.changes}

    @property
    def label(self) -> str:
        """'params.builder_base 3->2', or 'roles.veteran -1 (5 values)' for an item."""
        if len(self.changes) == 1:
            key, base, moved = self.changes[0]
            return f"{key} {base}->{moved}"
        sign = "+" if self.direction > 0 else "-"
        return f"{self.item} {sign}{abs(self.changes[0][2] - self.changes[0][1])} " \
               f"({len(self.changes)} values)"


def param_values(params: Sequence[Param], tuned: dict[str, int] | None = None) -> list[Value]:
    """The tunables as values, at their default or the value ``tuned`` gives their key."""
    tuned = tuned or {}
    return [Value(key, key, tuned.get(key, p.default), p.low, p.high, p.assumed)
            for p in params for key in [f"params.{p.name}"]]


def _numbers(node: object, path: str) -> Iterator[tuple[str, int]]:
    """Every whole number below ``node`` (not true/false), with its dotted key."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _numbers(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _numbers(v, f"{path}.{i}")
    elif isinstance(node, int) and not isinstance(node, bool):
        yield path, node


def content_values(data: dict, sections: dict[str, Section]) -> list[Value]:
    """The numbers of the items in ``sections`` of a game's validated content data, items
    addressed as an override addresses them (``sim.games.content_files.items``); the
    fields that name an item (its key) and its named lists (their items are items of
    their own) are not values."""
    out = []
    for name, section in sections.items():
        for item, fields, sec, source in items(data[name], section, name):
            skip = set(sec.key_fields()) | set(sec.lists)
            out += [Value(key, item, number, 0, None, is_assumed(source))
                    for field, value in fields.items() if field not in skip
                    for key, number in _numbers(value, f"{item}.{field}")]
    return out


def in_scope(values: Sequence[Value], keys: Iterable[str]) -> list[Value]:
    """The values ``keys`` selects: ``assumed``, ``all`` or glob patterns on the override
    key (``params.builder_*``, ``roles.*.day_cost``); a pattern selecting nothing is refused."""
    chosen: set[str] = set()
    for word in keys:
        if word == "all":
            picked = list(values)
        elif word == "assumed":
            picked = [v for v in values if v.assumed]
        else:
            picked = [v for v in values if fnmatchcase(v.key, word)]
            if not picked:
                raise RunError(f"--keys {word!r} matches no value ; give assumed, all or a "
                               "pattern such as 'params.builder_*' or 'roles.*.day_cost'")
        chosen.update(v.key for v in picked)
    return [v for v in values if v.key in chosen]


def _moved(v: Value, direction: int, step: int) -> int:
    target = v.base + direction * step
    return max(v.low, target) if direction < 0 else target if v.high is None else min(v.high, target)


def moves(values: Sequence[Value], step: int = 1) -> list[Move]:
    """Each value ``step`` down and ``step`` up, clamped to its declared range; a side
    already at its bound is left out, since it cannot move."""
    if step < 1:
        raise RunError(f"--step {step} is out of range ; give a whole number of at least 1")
    out: list[Move] = []
    for v in values:
        for direction in (-1, 1):
            moved = _moved(v, direction, step)
            if moved != v.base:
                out.append(Move(v.item, direction, ((v.key, v.base, moved),), v.assumed))
    return out


def grouped(single: Sequence[Move]) -> list[Move]:
    """Per item and direction, one move of all its values that can move that way."""
    groups: dict[tuple[str, int], list[Move]] = {}
    for m in single:
        groups.setdefault((m.item, m.direction), []).append(m)
    return [Move(item, direction, tuple(c for m in ms for c in m.changes), ms[0].assumed)
            for (item, direction), ms in groups.items()]


def playable(moved: Sequence[Move], load: Callable[[dict[str, object]], object],
             refusal: type[Exception]) -> tuple[list[Move], list[tuple[Move, str]]]:
    """Split ``moved`` into those the content accepts and those it refuses, with the reason.

    A declared range does not know every tie between values (a board track's length must
    match the spaces the board lists, an effect's argument has its own limit), so each move
    is loaded before it is played."""
    kept, refused = [], []
    for m in moved:
        try:
            load(m.overrides)
        except refusal as exc:
            refused.append((m, str(exc)))
        else:
            kept.append(m)
    return kept, refused


def games_to_play(n: int, moved: Sequence[Move]) -> int:
    """The cost of a run: the base plus one cell per move, each of ``n`` games."""
    return n * (1 + len(moved))
