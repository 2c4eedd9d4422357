"""What every reader of a user's file shares: a bounded read, a parse that refuses deep
nesting, and a declared schema (types and bounds) checked before any work.

A reader declares its file's shape once with the specs below and calls ``check``; a value
outside it raises ``InputError`` with one line naming the field (``cells.2.players``) and
what it takes. Messages say what is wrong only: the reader prefixes the file's name and
adds the fix. Bounds on sizes and
counts keep memory bounded whatever the file says.
"""

from __future__ import annotations

import json
import math
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MIB = 2**20
MAX_TEXT_BYTES = 16 * MIB  # content, scenario, state, CSV, run.json: a few hundred kB each
MAX_DEPTH = 64  # the deepest file the tool writes nests 8 levels


class InputError(ValueError):
    """A file or value outside its declared shape; the message is one line without the
    file's name."""


def read_bytes(path: Path | Any, limit: int = MAX_TEXT_BYTES) -> bytes:
    """The file's bytes, reading at most ``limit`` + 1 of them (a device such as /dev/zero
    or a huge file is refused, not read whole)."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(limit + 1)
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror or exc})") from None
    if len(raw) > limit:
        raise InputError(f"the file is larger than the {limit // MIB} MiB this tool reads")
    return raw


def read_text(path: Path | Any, limit: int = MAX_TEXT_BYTES, encoding: str = "utf-8") -> str:
    try:
        return read_bytes(path, limit).decode(encoding)
    except UnicodeDecodeError:
        raise InputError("the file is not UTF-8 text") from None


def parse_json(text: str, **options) -> Any:
    """JSON with at most ``MAX_DEPTH`` levels of nesting; ``json.JSONDecodeError`` for bad
    syntax (callers word it), InputError for too deep."""
    return _shallow(json.loads, text, **options)


def parse_toml(text: str) -> dict:
    """TOML with at most ``MAX_DEPTH`` levels of nesting; ``tomllib.TOMLDecodeError`` for
    bad syntax, InputError for too deep."""
    return _shallow(tomllib.loads, text)


def toml_value(text: str) -> object:
    """The TOML value ``text`` spells (``4`` -> 4, ``[1, 4]`` -> [1, 4]); anything else,
    nesting too deep included, as the text itself."""
    try:
        return parse_toml(f"v = {text}")["v"]
    except (tomllib.TOMLDecodeError, KeyError, InputError):
        return text


def _shallow(parse, text: str, **options) -> Any:
    """``parse(text)``, refused when it nests deeper than ``MAX_DEPTH`` (the parsers
    recurse, so a deep enough file exhausts Python's stack instead)."""
    try:
        data = parse(text, **options)
    except RecursionError:
        data, deep = None, True
    else:
        deep = depth(data) > MAX_DEPTH
    if deep:
        raise InputError(f"the file nests more than {MAX_DEPTH} levels deep")
    return data


def depth(value: Any) -> int:
    """Levels of lists and tables in ``value`` (0 for a plain value), without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict):
            node = list(node.values())
        if isinstance(node, list):
            deepest = max(deepest, level + 1)
            if level + 1 <= MAX_DEPTH:
                stack.extend((child, level + 1) for child in node)
    return deepest


# The specs: each says what a value must be; ``check`` walks a value against one.

@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high`` (true/false are not numbers)."""
    low: int
    high: int

    def problem(self, value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
            return f"must be a whole number from {self.low} to {self.high}"
        return None


@dataclass(frozen=True)
class Number:
    """A finite number from ``low`` to ``high``."""
    low: float
    high: float

    def problem(self, value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not math.isfinite(value) or not self.low <= value <= self.high:
            return f"must be a number from {self.low:g} to {self.high:g}"
        return None


@dataclass(frozen=True)
class Text:
    """A string of at most ``longest`` characters, one of ``choices`` when given."""
    longest: int = 10_000
    choices: tuple[str, ...] = ()

    def problem(self, value: Any) -> str | None:
        if not isinstance(value, str) or len(value) > self.longest:
            return f"must be a string of at most {self.longest} characters"
        if self.choices and value not in self.choices:
            return f"must be one of {', '.join(self.choices)}"
        return None


@dataclass(frozen=True)
class Flag:
    """true or false."""

    def problem(self, value: Any) -> str | None:
        return None if isinstance(value, bool) else "must be true or false"


@dataclass(frozen=True)
class Missing:
    """null (with ``Either``: an optional value)."""

    def problem(self, value: Any) -> str | None:
        return None if value is None else "must be null"


@dataclass(frozen=True)
class Anything:
    """Any value (its nesting is bounded by the parse)."""

    def problem(self, value: Any) -> str | None:
        return None


@dataclass(frozen=True)
class Either:
    """One of several specs, tried in order."""
    options: tuple

    def pick(self, value: Any) -> Any:
        """The first option ``value`` fits, else the first option."""
        return next((o for o in self.options if o.problem(value) is None), self.options[0])

    def problem(self, value: Any) -> str | None:
        problems = [option.problem(value) for option in self.options]
        if None in problems:
            return None
        return "must be " + " or ".join(p.removeprefix("must be ") for p in problems)


@dataclass(frozen=True)
class Items:
    """A list of ``least`` to ``most`` values, each ``item``."""
    item: Any
    most: int
    least: int = 0

    def problem(self, value: Any) -> str | None:
        if not isinstance(value, list) or not self.least <= len(value) <= self.most:
            return f"must be a list of {self.least} to {self.most} items"
        return None

    def children(self, value: list):
        return ((str(i), v, self.item) for i, v in enumerate(value))


@dataclass(frozen=True)
class Record:
    """An object with the ``fields`` given (``optional`` ones may be absent); other keys
    are refused unless ``others`` allows them (a format that gains keys over time)."""
    fields: dict = field(hash=False)
    optional: tuple[str, ...] = ()
    others: bool = False

    def problem(self, value: Any) -> str | None:
        if not isinstance(value, dict):
            return "must be an object"
        missing = [k for k in self.fields if k not in value and k not in self.optional]
        if missing:
            return f"lacks {missing[0]!r}"
        extra = [k for k in value if k not in self.fields]
        if extra and not self.others:
            return f"has unknown key {extra[0]!r} (the keys are {', '.join(self.fields)})"
        return None

    def children(self, value: dict):
        return ((k, value[k], spec) for k, spec in self.fields.items() if k in value)


@dataclass(frozen=True)
class Table:
    """An object of at most ``most`` string keys, each value ``item``."""
    item: Any
    most: int

    def problem(self, value: Any) -> str | None:
        if not isinstance(value, dict) or len(value) > self.most:
            return f"must be an object of at most {self.most} keys"
        return None

    def children(self, value: dict):
        return ((str(k), v, self.item) for k, v in value.items())


def check(value: Any, spec: Any, where: str = "") -> Any:
    """``value`` when it fits ``spec``; InputError naming the first field that does not."""
    stack = [(where, value, spec)]
    while stack:
        at, node, node_spec = stack.pop()
        if isinstance(node_spec, Either):
            node_spec = node_spec.pick(node)
        problem = node_spec.problem(node)
        if problem is not None:
            raise InputError(f"{at or 'the file'} {problem}")
        if hasattr(node_spec, "children"):
            stack.extend((f"{at}.{k}" if at else k, v, s) for k, v, s in node_spec.children(node))
    return value
