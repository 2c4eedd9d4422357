"""What every game's content loader shares: reading a content file, layering a studio's
file over the shipped one, the sections a file may hold, hashing and packing the tables.

A game declares its file's sections once (``Section``: what an item is called, which
field names it, which fields it may have); ``read_content`` then gives the data to
validate, and every error is one ``ContentError`` line naming the file, the item and the
field. A studio's file (``sim run --content FILE``) holds the whole content or only the
items and fields it changes (docs/studio-content.md).
"""

from __future__ import annotations

import copy
import difflib
import functools
import hashlib
import json
import pickle
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

import numpy as np

from sim.inputs import InputError, parse_toml, read_bytes, toml_value

STUDIO_SOURCE = "studio"  # provenance of items a studio's file gives: "studio: FILE"


class ContentError(ValueError):
    """A content file or override is invalid. The message is one line: file, item, field
    and fix."""


class UnreadableContent(ContentError):
    """A content file could not be read at all (missing, a folder, a device, too large)."""


@dataclass(frozen=True)
class Section:
    """One top-level section of a content file."""

    title: str  # what a designer calls one item: "Role", "Athena card"
    fields: tuple[str, ...]  # every field an item may have
    # the field naming an item of a list ([[section]]); None: the list has no names and a
    # studio's file replaces it whole; a table ([section]) is one item
    key: str | tuple[str, ...] | None = None
    listed: bool = True  # an array of tables rather than one table
    # a --set override or a sensitivity key names an item of the list by its position
    # ("demagogue.0.effects") rather than by its key field(s)
    by_position: bool = False
    # fields of an item that hold a list of named tables (Pillars' ``[characters]``
    # ``cards = [...]``), each laid over, overridden and compared item by item as a
    # section of its own: ``characters.cards.oracle.power``
    lists: dict[str, Section] = field(default_factory=dict, hash=False)

    def address(self, item: dict, position: int) -> str:
        """How an override key names ``item`` (at ``position`` in the list)."""
        if self.by_position or self.key is None:
            return str(position)
        return item_name(self, item) or str(position)

    def key_fields(self) -> tuple[str, ...]:
        """The fields that name an item."""
        if self.key is None:
            return ()
        return self.key if isinstance(self.key, tuple) else (self.key,)


def items(value: dict | list, section: Section, where: str,
          source: object = None) -> Iterator[tuple[str, dict, Section, object]]:
    """(address, item, its section, its provenance) of every item of a section's
    ``value``, each followed by the items of its named lists. The address is how an
    override names the item (``where.<Section.address>`` in a list, ``where`` for a
    table); the provenance is the item's ``source``, else the nearest parent's."""
    for i, item in enumerate(value if section.listed else [value]):
        address = f"{where}.{section.address(item, i)}" if section.listed else where
        own = item.get("source", source)
        yield address, item, section, own
        for name, sub in section.lists.items():
            if isinstance(item.get(name), list):
                yield from items(item[name], sub, f"{address}.{name}", own)


class StudioFile(NamedTuple):
    """The studio's file a content was layered with: run.json and the report name it."""

    name: str
    path: str  # absolute, so a replay finds it from any folder
    sha256: str  # of the file's bytes as read

    def record(self) -> dict[str, str]:
        return {"name": self.name, "sha256": self.sha256}


class PackedContent:
    """Base of every game's ``Content``: its ``packed`` tables stay read-only when pickled."""

    def __setstate__(self, state):
        # Pickling (how Dask sends content to its workers) drops NumPy's read-only flag, and
        # Numba types a read-only array apart from a writeable one: a worker would compile
        # every kernel again instead of loading those compiled for this content elsewhere.
        self.__dict__.update(state)
        self.packed.flags.writeable = False


@dataclass
class LoadedContent(PackedContent):
    """A game's content as its loader gives it: the packed tables, every item's name by
    table, the hash of what the engine plays, the share of assumed items, the data as
    validated and the studio's file laid over the shipped one (sim.games.contract)."""

    packed: np.recarray  # pack(tables): one row; a kernel called from Python takes the array
    names: dict[str, tuple[str, ...]]
    content_hash: str
    assumed_share: float
    data: dict
    studio: StudioFile | None = None

    @property
    def tables(self) -> np.record:
        """The tables as kernels read them: ``T.name[...]``."""
        return self.packed[0]


def suggest(word: object, options) -> str:
    """`` (did you mean 'x'?)`` for the closest option, or nothing."""
    close = difflib.get_close_matches(str(word), [str(o) for o in options], n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def show(value: Any) -> str:
    """A value as an error line quotes it (cut at 60 characters)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class Checks:
    """The checks a game's validator is built from. Each failure is one ``ContentError``
    line: the file, where in it (``roles.veteran.day_cost``), what was expected and got."""

    # where an item's numbers come from: a rulebook page ("rulebook p. 12", "pp. ~4"), a
    # choice made here with its reason, or a studio's file
    SOURCE = re.compile(r"^(rulebook pp?\. ~?\d+|assumed: \S|studio: \S)")
    NAME = re.compile(r"^[a-z][a-z0-9_]*$")  # an item's name in a file and in a --set key

    def __init__(self, fname: str):
        self.fname = fname

    def fail(self, where: str, msg: str) -> NoReturn:
        raise ContentError(f"{self.fname}: {where}: {msg}")

    def table(self, where: str, obj: Any, required, optional=()) -> dict:
        """A table with every ``required`` key and no key but those and ``optional``."""
        if not isinstance(obj, dict):
            self.fail(where, f"expected a table with keys {', '.join(required)}, got {show(obj)}")
        for k in obj:
            if k not in required and k not in optional:
                self.fail(f"{where}.{k}" if where else k,
                          f"unknown key; remove it{suggest(k, (*required, *optional))}")
        for k in required:
            if k not in obj:
                self.fail(f"{where}.{k}" if where else k, "missing required key; add it")
        return obj

    def int_(self, where: str, v: Any, lo: int, hi: int) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            self.fail(where, f"expected an integer {lo}..{hi}, got {show(v)}")
        return v

    def bool_(self, where: str, v: Any) -> bool:
        if not isinstance(v, bool):
            self.fail(where, f"expected true or false, got {show(v)}")
        return v

    def word(self, where: str, v: Any, choices) -> str:
        """``v``, one of the words ``choices``."""
        if not isinstance(v, str) or v not in choices:
            hint = suggest(v, choices) if isinstance(v, str) else ""
            self.fail(where, f"expected one of {', '.join(choices)}, got {show(v)}{hint}")
        return v

    def code(self, where: str, v: Any, choices) -> int:
        """The position of ``v`` among the words ``choices``: its code in the tables."""
        return tuple(choices).index(self.word(where, v, choices))

    def list_(self, where: str, v: Any, lo: int = 0, hi: int = 10**6) -> list:
        if not isinstance(v, list):
            self.fail(where, f"expected a list, got {show(v)}")
        if not lo <= len(v) <= hi:
            size = f"exactly {lo}" if lo == hi else f"{lo}..{hi}"
            self.fail(where, f"expected {size} entries, got {len(v)}")
        return v

    def source(self, where: str, v: Any) -> str:
        if not isinstance(v, str) or not self.SOURCE.match(v):
            self.fail(where, "expected 'rulebook p. N', 'assumed: <reason>' or 'studio: <file>', "
                             f"got {show(v)}")
        return v

    def names(self, section: str, items: list) -> list[str]:
        """The items' names, each a lower-case word given once."""
        names: list[str] = []
        for i, item in enumerate(items):
            name = item.get("name") if isinstance(item, dict) else None
            if not isinstance(name, str) or not self.NAME.match(name):
                self.fail(f"{section}[{i}].name",
                          f"expected a lower-case word (a-z, 0-9, _), got {show(name)}")
            if name in names:
                self.fail(f"{section}.{name}", "duplicated name; names must be unique")
            names.append(name)
        return names


def read_toml(path: Path | Traversable) -> tuple[dict, bytes]:
    """A content file's data and bytes; ContentError naming the file otherwise."""
    name = path.name
    try:
        raw = read_bytes(path)
    except InputError as exc:
        raise UnreadableContent(f"{name}: {exc} ; check the path {str(path)!r}") from None
    try:
        return parse_toml(raw.decode("utf-8")), raw
    except UnicodeDecodeError:
        raise ContentError(f"{name}: not UTF-8 text ; save the file as UTF-8") from None
    except InputError as exc:
        raise ContentError(f"{name}: {exc} ; flatten it") from None
    except tomllib.TOMLDecodeError as exc:
        first = str(exc).splitlines()[0] if str(exc) else "syntax error"
        raise ContentError(f"{name}: not valid TOML: {first} ; fix the file") from None


def copy_data(data: dict) -> dict:
    """A deep copy of data read from TOML (plain values, lists and tables only)."""
    return pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))


@functools.cache
def shipped_data(default: Path | Traversable) -> dict:
    """A shipped content file as read, parsed once per process (sweeps and `sim content`
    read it for every cell and file); callers change only a ``copy_data`` of it."""
    return read_toml(default)[0]


def item_name(section: Section, item: dict) -> str | None:
    """The name of a list item as its key field(s) give it, e.g. 'veteran' or 'acropolis.1'."""
    values = [item.get(k) for k in section.key_fields()]
    if not values or any(v is None or isinstance(v, (dict, list)) for v in values):
        return None
    return ".".join(str(v) for v in values)


def coerce(value: object) -> object:
    """Command-line text read as a TOML value where it parses as one ("4" -> 4,
    "[1, 4]" -> [1, 4]); anything else as it is."""
    return toml_value(value) if isinstance(value, str) else value


def set_value(data: dict, key: str, value: object, schema: dict[str, Section],
              fname: str) -> None:
    """Set one field of the content ``data`` (as read from TOML) by a dotted override key:
    the section, then a list's item by its address (``Section.address``: key field(s) such
    as 'veteran' or 'acropolis.1', or its position), a named list inside the item the same
    way ('characters.cards.oracle'), then fields and list positions
    ('roles.veteran.bonus.0.1'). A missing field the section allows may be set; the
    game's validation checks the value afterwards."""
    def fail(msg: str) -> None:
        raise ContentError(f"{fname}: override {key!r}: {msg}")

    if not isinstance(key, str) or not key:
        fail("expected a dotted key such as 'section.item.field'")
    where, *rest = key.split(".")
    if where not in schema:
        fail(f"unknown section {where!r}{suggest(where, schema)} ; the sections are "
             f"{', '.join(schema)}")
    section, node = schema[where], data.get(where)
    if node is None:
        fail(f"section {where!r} is missing from the file")
    node, where, rest = _pick(node, section, where, rest, fail)
    while len(rest) > 1 and rest[0] in section.lists and isinstance(node.get(rest[0]), list):
        section, where = section.lists[rest[0]], f"{where}.{rest[0]}"
        node, where, rest = _pick(node[rest[0]], section, where, rest[1:], fail)
    for depth, part in enumerate(rest):
        last = depth == len(rest) - 1
        if isinstance(node, list):
            if not part.isdigit() or int(part) >= len(node):
                fail(f"{part!r} is not an index 0..{len(node) - 1} of that list")
            if last:
                node[int(part)] = coerce(value)
                return
            node = node[int(part)]
        elif isinstance(node, dict):
            if part not in node and not (last and depth == 0 and part in section.fields):
                known = f" ; {section.title} fields: {', '.join(section.fields)}" if depth == 0 \
                    else f" ; the keys there are {', '.join(node)}"
                fail(f"unknown key {part!r}{suggest(part, node)}{known}")
            if last:
                node[part] = coerce(value)
                return
            node = node[part]
        else:
            fail(f"{part!r} goes below a plain value")
    fail("nothing to set")


def _pick(node: Any, section: Section, where: str, rest: list[str],
          fail) -> tuple[Any, str, list[str]]:
    """(the item ``rest`` addresses in the section's value ``node``, its key so far, the
    parts after its address); a table section is its own item."""
    if not section.listed:
        return node, where, rest
    if not isinstance(node, list):
        fail(f"{where!r} is not an array of tables")
    width = 1 if section.by_position or not isinstance(section.key, tuple) else len(section.key)
    if len(rest) < width + 1:
        how = "index" if section.by_position or section.key is None else "name"
        fail(f"expected '{where}.<{how}>.<field>'")
    ident, rest = ".".join(rest[:width]), rest[width:]
    addresses = [section.address(item, i) for i, item in enumerate(node)]
    if ident not in addresses:
        if section.by_position or section.key is None:
            fail(f"{where} items are addressed by index 0..{len(node) - 1}, got {ident!r}")
        fail(f"no {where} item named {ident!r}{suggest(ident, addresses)}")
    return node[addresses.index(ident)], f"{where}.{ident}", rest


def is_full(base: dict, studio: dict) -> bool:
    """A studio's file holds the whole content when it has every section the shipped
    file fills; then its lists replace the shipped ones (new names, fewer cards)."""
    return all(name in studio for name, value in base.items() if value)


def check_sections(data: dict, schema: dict[str, Section], fname: str) -> None:
    """Every section known, of the right shape, with known fields only (in its named
    lists too)."""
    def fail(where: str, msg: str) -> None:
        raise ContentError(f"{fname}: {where}: {msg}")

    for name, value in data.items():
        if name not in schema:
            fail(name, f"unknown section{suggest(name, schema)} ; the sections are "
                       f"{', '.join(schema)}")
        section = schema[name]
        _check_items(value, section, name, f"[[{name}]]" if section.listed else f"[{name}]", fail)


def _check_items(value: Any, section: Section, where: str, shape: str, fail) -> None:
    """``shape``: how the file writes one item, for the messages ('[[roles]]', 'Character')."""
    if section.listed and not isinstance(value, list):
        fail(where, f"expected a list of {shape} tables, got {show(value)}")
    seen = set()
    for i, item in enumerate(value if section.listed else [value]):
        if not isinstance(item, dict):
            fail(where, f"expected {shape} tables, got {show(item)}")
        at = f"{where}.{item_name(section, item) if section.key else i}" if section.listed \
            else where
        if section.listed and section.key is not None and item_name(section, item) is not None:
            if item_name(section, item) in seen:
                fail(at, f"duplicated name: a second {section.title} of that name ; give each "
                         f"{section.title} once")
            seen.add(item_name(section, item))
        for name in item:
            if name not in section.fields:
                fail(f"{at}.{name}", f"unknown field{suggest(name, section.fields)} ; "
                                     f"{section.title} fields: {', '.join(section.fields)}")
            if name in section.lists:
                sub = section.lists[name]
                _check_items(item[name], sub, f"{at}.{name}", sub.title, fail)


def layer(base: dict, studio: dict, schema: dict[str, Section], fname: str,
          mark: bool = True) -> dict:
    """The shipped data with a studio's file laid over it (both as read from TOML).

    A table's fields replace the shipped ones; a list item replaces the fields of the
    shipped item of the same name (an unknown name is an error), and so does an item of
    a named list inside it (``Section.lists``); any other field's value is replaced whole.
    A full file (``is_full``) and a list without names replace whole lists. With
    ``mark``, an item the file gives without a ``source`` counts as given by the studio:
    ``source = "studio: FILE"``.
    """
    check_sections(studio, schema, fname)
    out = copy_data(base)
    full = is_full(base, studio)
    for name, value in studio.items():
        value = copy.deepcopy(value)
        if mark:
            _mark(value, schema[name], f"{STUDIO_SOURCE}: {fname}")
        out[name] = _lay(out.get(name), value, schema[name], name, fname, full)
    return out


def _mark(value: dict | list, section: Section, source: str) -> None:
    """Fill ``source`` in every item given without one, except an item that gives nothing
    but its key and named lists whose items carry their own provenance (a Board named
    only to change one of its Lands)."""
    sourced = {name for name, sub in section.lists.items() if "source" in sub.fields}
    for item in value if section.listed else [value]:
        for name, sub in section.lists.items():
            if isinstance(item.get(name), list):
                _mark(item[name], sub, source)
        only_addresses = set(item) & sourced and set(item) <= set(section.key_fields()) | sourced
        if "source" in section.fields and not only_addresses:
            item.setdefault("source", source)


def _lay(shipped: Any, given: Any, section: Section, where: str, fname: str, full: bool) -> Any:
    """A section's (or a named list's) ``given`` value laid over the ``shipped`` one."""
    if not section.listed:
        return _lay_item(shipped or {}, given, section, where, fname, full)
    if full or section.key is None:
        return given
    merged = list(shipped or [])
    index = {item_name(section, item): i for i, item in enumerate(merged)}
    for i, item in enumerate(given):
        ident = item_name(section, item)
        if ident is None:
            raise ContentError(f"{fname}: {where}[{i}]: missing {section.key!r} ; name the "
                               f"shipped {section.title} it changes (or give the whole file)")
        if ident not in index:
            raise ContentError(f"{fname}: {where}.{ident}: unknown {section.title}"
                               f"{suggest(ident, index)} ; change a shipped one, or give the "
                               "whole file to add or rename items")
        k = index[ident]
        merged[k] = _lay_item(merged[k], item, section, f"{where}.{ident}", fname, full)
    return merged


def _lay_item(shipped: dict, given: dict, section: Section, where: str, fname: str,
              full: bool) -> dict:
    out = {**shipped, **given}
    for name, sub in section.lists.items():
        if name in given and isinstance(shipped.get(name), list):
            out[name] = _lay(shipped[name], given[name], sub, f"{where}.{name}", fname, full)
    return out


def read_content(default: Path | Traversable, schema: dict[str, Section],
                 path: Path | Traversable | None = None,
                 studio: Path | None = None) -> tuple[dict, str, StudioFile | None]:
    """(data, file name for errors, studio file record): ``path`` (default: the shipped
    file) with the ``studio`` file laid over it."""
    base_path = path if path is not None else default
    data = shipped_data(default) if path is None else read_toml(base_path)[0]
    check_sections(data, schema, base_path.name)
    if studio is None:
        return copy_data(data), base_path.name, None
    studio = Path(studio)
    given, raw = read_toml(studio)
    record = StudioFile(studio.name, str(studio.resolve()), hashlib.sha256(raw).hexdigest())
    return layer(data, given, schema, studio.name), studio.name, record


def content_hash(data: dict) -> str:
    """SHA-256 of the validated content as canonical JSON (what the engine plays)."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def is_assumed(source: object) -> bool:
    """An item's provenance says it was chosen here, not transcribed or given by a studio."""
    return isinstance(source, str) and source.startswith("assumed")


def assumed_share(sources: list) -> float:
    """The share of ``sources`` (every item's provenance) that says ``assumed``."""
    return sum(map(is_assumed, sources)) / max(len(sources), 1)


def pack(tables: tuple) -> np.recarray:
    """Every table (a NamedTuple of int32 arrays) as a field of one read-only record (an
    array of one row). A kernel then takes one pointer instead of a tuple of arrays, which
    every call copied and Numba reference-counted in each function it passed through
    (docs/performance.md). Field shapes are part of the compiled type: content whose
    table sizes differ compiles the kernels once more."""
    fields = type(tables)._fields
    dtype = np.dtype([(name, np.int32, arr.shape) for name, arr in zip(fields, tables, strict=True)])
    packed = np.zeros(1, dtype)
    for name, arr in zip(fields, tables, strict=True):
        packed[name][0] = arr
    packed.flags.writeable = False
    return packed.view(np.recarray)
