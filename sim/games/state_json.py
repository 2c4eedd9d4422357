"""What every game's state JSON (docs/state-json.md) shares: reading the file, field
checks that fail with one line naming the file and the field, a whole state written and
read back word for word (``StateWords``), and `sim score`'s table of each player's
scoring lines.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from sim.games.content_files import suggest
from sim.inputs import InputError, parse_json, read_text


class StateError(ValueError):
    """A JSON state is invalid. The message is one line: file, field, problem ; fix."""


def show(v: Any) -> str:
    """A value as an error line quotes it (cut at 40 characters)."""
    s = json.dumps(v) if not isinstance(v, str) else repr(v)
    return s if len(s) <= 40 else s[:37] + "..."


class Checker:
    """Field checks that raise one-line errors naming the file and the field."""

    def __init__(self, fname: str):
        self.fname = fname

    def fail(self, where: str, msg: str) -> None:
        raise StateError(f"{self.fname}: {where}: {msg}")

    def keys(self, where: str, obj: Any, required: set[str], optional: set[str]) -> dict:
        if not isinstance(obj, dict):
            self.fail(where, f"expected an object, got {show(obj)} ; see docs/state-json.md")
        allowed = required | optional
        for key in obj:
            if key not in allowed:
                self.fail(f"{where}.{key}" if where else key,
                          f"unknown key{suggest(key, allowed)} ; allowed keys: "
                          + ", ".join(sorted(allowed)))
        for key in sorted(required):
            if key not in obj:
                self.fail(f"{where}.{key}" if where else key, "missing ; add it (see docs/state-json.md)")
        return obj

    def game(self, data: dict, name: str) -> None:
        """The optional ``game`` key names this game."""
        if "game" in data and data["game"] != name:
            self.fail("game", f"this state is for {show(data['game'])} ; score it with --game "
                              f"{data['game']} or write \"{name}\"")

    def int_(self, where: str, v: Any, low: int, high: int) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(where, f"expected a whole number {low}..{high}, got {show(v)} ; write a number")
        if not low <= v <= high:
            self.fail(where, f"{v} is out of range ; use {low}..{high}")
        return v

    def bool_(self, where: str, v: Any) -> bool:
        if not isinstance(v, bool):
            self.fail(where, f"expected true or false, got {show(v)} ; write true or false")
        return v

    def str_(self, where: str, v: Any) -> str:
        if not isinstance(v, str):
            self.fail(where, f"expected a string, got {show(v)} ; write it in double quotes")
        return v

    def word(self, where: str, v: Any, options) -> str:
        self.str_(where, v)
        if v not in options:
            self.fail(where, f"unknown name {v!r}{suggest(v, options)} ; choose one of: "
                             + ", ".join(options))
        return v

    def list_(self, where: str, v: Any) -> list:
        if not isinstance(v, list):
            self.fail(where, f"expected a list, got {show(v)} ; write [...]")
        return v

    def counts(self, where: str, v: Any, names, high: int) -> dict[str, int]:
        """An object mapping some of ``names`` to counts; missing names count 0."""
        if not isinstance(v, dict):
            self.fail(where, f"expected an object such as {{\"{names[0]}\": 1}}, got {show(v)} "
                             "; see docs/state-json.md")
        out = {}
        for key, count in v.items():
            if key not in names:
                self.fail(f"{where}.{key}", f"unknown key{suggest(key, names)} ; allowed keys: "
                                            + ", ".join(names))
            out[key] = self.int_(f"{where}.{key}", count, 0, high)
        return out


def _reject_duplicates(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise StateError(f"duplicate key {key!r} ; write each key once")
        seen[key] = value
    return seen


def read_state(path: Path) -> dict:
    """Parse a JSON state file (syntax only; the game's ``build_state`` checks the content)."""
    path = Path(path)
    try:
        text = read_text(path)
    except InputError as exc:
        raise StateError(f"{path.name}: {exc} ; check the path {str(path)!r}") from None
    try:
        return parse_json(text, object_pairs_hook=_reject_duplicates)
    except InputError as exc:
        raise StateError(f"{path.name}: {exc} ; see docs/state-json.md") from None
    except json.JSONDecodeError as exc:
        raise StateError(f"{path.name}: not valid JSON: {exc.msg} at line {exc.lineno} column "
                         f"{exc.colno} ; fix the syntax") from None
    except StateError as exc:
        raise StateError(f"{path.name}: {exc}") from None


def format_table(result: dict) -> str:
    """The result as a table: one row per player, one column per scoring line (without
    its ``end_`` prefix), the Glory before and the scoring's sum when the game has Glory
    before final scoring, the total and the rank; then the winners."""
    players = result["players"]
    before = "glory_before" in players[0]
    labels = [name.removeprefix("end_") for name in players[0]["lines"]]
    width = max(6, *(len(p["name"]) for p in players))
    rows = [f"{'player':<{width}} " + (f"{'before':>7} " if before else "")
            + " ".join(f"{x:>9}" for x in labels)
            + (f" {'final':>6}" if before else "") + f" {'total':>6} {'rank':>5}"]
    for p in players:
        rows.append(f"{p['name']:<{width}} " + (f"{p['glory_before']:>7} " if before else "")
                    + " ".join(f"{v:>+9d}" for v in p["lines"].values())
                    + (f" {p['final_scoring']:>+6d}" if before else "")
                    + f" {p['glory']:>6} {p['rank']:>5}")
    names = [players[w]["name"] for w in result["winners"]]
    rows.append(f"winner{'s' if len(names) > 1 else ''}: {', '.join(names)}")
    return "\n".join(rows) + "\n"


Bounds = tuple[int, int]
WORD_MAX = 2**31 - 1  # an int32 word's largest value: counters run up to it
FORM = "state"  # the value of ``form`` that marks a whole state (not a hand-written position)


def is_whole_state(data: Any) -> bool:
    """Whether parsed JSON claims to be a whole state (it has ``form``) rather than a
    position written by hand for `sim score`."""
    return isinstance(data, dict) and "form" in data


def score_json_file(path: Path, content_path: Path | None, load_content: Callable,
                    state_from_json: Callable, score_whole: Callable,
                    score_by_hand: Callable | None = None) -> dict:
    """Read the JSON file at ``path`` and the game's content (``load_content(content_path)``)
    and score the position: a whole state read by ``state_from_json(data, content, file
    name)`` by ``score_whole(state, content)``, a position written by hand by
    ``score_by_hand(data, content, file name)``. A game that reads only whole states
    (``score_by_hand`` None) refuses a file without ``form``."""
    data = read_state(path)
    content = load_content(content_path)
    name = Path(path).name
    if is_whole_state(data):
        return score_whole(state_from_json(data, content, name), content)
    if score_by_hand is None:
        raise StateError(f"{name}: form: missing ; a position of this game is a whole state, "
                         "as `state_to_json` writes it (see docs/state-json.md)")
    return score_by_hand(data, content, name)


class StateWords:
    """A game's state as JSON, word for word: every field of the layout's game part under
    its name in lower case, a number for a one-word field and a list for a longer one.
    A game's ``state_json`` module takes ``state_to_json`` and ``state_from_json`` from
    its instance (the contract's ``StateRoundTrip``).

    The runtime words after ``GAME_SIZE`` (addresses, bot memos) are never written; they
    read back as 0. ``bounds`` declares every field's range once, as ``{"NAME NAME ...":
    (low, high)}``; a field with no bound or two, or a bound for no field, is an error when
    the game's module is imported, so the schema cannot drift from the layout.
    ``content_bounds(content)`` narrows the fields that index the content's tables to the
    rows it has (the kernels read a table at such a word unchecked), in the same form.
    """

    def __init__(self, game: str, spans: Mapping[str, tuple[int, int]], game_size: int,
                 state_size: int, bounds: Mapping[str, Bounds],
                 content_bounds: Callable[[Any], Mapping[str, Bounds]] | None = None):
        self.game = game
        self.state_size = state_size
        self.fields = [(name.lower(), offset, length) for name, (offset, length) in spans.items()
                       if offset < game_size]
        self.bounds = self._by_field(bounds)
        self.content_bounds = content_bounds
        fields = {name for name, _, _ in self.fields}
        if fields != set(self.bounds):
            raise ValueError(f"{game}: the state bounds miss {sorted(fields - set(self.bounds))} "
                             f"and name no field {sorted(set(self.bounds) - fields)}")

    def _by_field(self, bounds: Mapping[str, Bounds]) -> dict[str, Bounds]:
        """``{"NAME NAME ...": bound}`` as one bound per field name in lower case."""
        out: dict[str, Bounds] = {}
        for names, bound in bounds.items():
            for name in names.split():
                if name.lower() in out:
                    raise ValueError(f"{self.game}: {name} is given two bounds")
                out[name.lower()] = bound
        return out

    def state_to_json(self, state: np.ndarray, content: Any = None) -> dict:
        """The game's words of ``state`` under their field names (``content`` is not
        needed: the contract's ``StateRoundTrip`` passes it)."""
        out: dict[str, Any] = {"game": self.game, "form": FORM}
        for name, offset, length in self.fields:
            words = [int(v) for v in state[offset:offset + length]]
            out[name] = words[0] if length == 1 else words
        return out

    def state_from_json(self, data: Any, content: Any = None, fname: str = "state") -> np.ndarray:
        """A state vector from ``state_to_json``'s form, every word checked against its
        bounds (``StateError``: one line naming the field), the runtime words 0."""
        c = Checker(fname)
        bounds = self.bounds
        if content is not None and self.content_bounds is not None:
            narrower = self._by_field(self.content_bounds(content))
            if not narrower.keys() <= bounds.keys():
                raise ValueError(f"{self.game}: content bounds name no field "
                                 f"{sorted(narrower.keys() - bounds.keys())}")
            bounds = {**bounds, **narrower}
        required = {"form", *(name for name, _, _ in self.fields)}
        for key in data if isinstance(data, dict) else ():  # named here: the fields are many
            if key not in required | {"game"}:
                c.fail(key, f"unknown key{suggest(key, required)} ; a whole state has a key for "
                            f"each field of the {self.game} layout (docs/state-json.md)")
        c.keys("", data, required, {"game"})
        c.game(data, self.game)
        c.word("form", data["form"], (FORM,))
        s = np.zeros(self.state_size, np.int32)
        for name, offset, length in self.fields:
            low, high = bounds[name]
            if length == 1:
                s[offset] = c.int_(name, data[name], low, high)
                continue
            words = c.list_(name, data[name])
            if len(words) != length:
                c.fail(name, f"{len(words)} numbers ; the field has {length}, write each")
            for k, v in enumerate(words):
                s[offset + k] = c.int_(f"{name}[{k}]", v, low, high)
        return s
