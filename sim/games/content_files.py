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
import hashlib
import json
import tomllib
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

STUDIO_SOURCE = "studio"  # provenance of items a studio's file gives: "studio: FILE"


class ContentError(ValueError):
    """A content file or override is invalid. The message is one line: file, item, field
    and fix."""


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

    def address(self, item: dict, position: int) -> str:
        """How an override key names ``item`` (at ``position`` in the list)."""
        if self.by_position or self.key is None:
            return str(position)
        return item_name(self, item) or str(position)


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


def suggest(word: object, options) -> str:
    """`` (did you mean 'x'?)`` for the closest option, or nothing."""
    close = difflib.get_close_matches(str(word), [str(o) for o in options], n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def show(value: Any) -> str:
    """A value as an error line quotes it (cut at 60 characters)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def read_toml(path: Path | Traversable) -> tuple[dict, bytes]:
    """A content file's data and bytes; ContentError naming the file otherwise."""
    name = path.name
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ContentError(f"{name}: cannot read the file ({exc.strerror}) ; check the path "
                           f"{str(path)!r}") from None
    try:
        return tomllib.loads(raw.decode("utf-8")), raw
    except UnicodeDecodeError:
        raise ContentError(f"{name}: not UTF-8 text ; save the file as UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        first = str(exc).splitlines()[0] if str(exc) else "syntax error"
        raise ContentError(f"{name}: not valid TOML: {first} ; fix the file") from None


def item_name(section: Section, item: dict) -> str | None:
    """The name of a list item as its key field(s) give it, e.g. 'veteran' or 'acropolis.1'."""
    keys = section.key if isinstance(section.key, tuple) else (section.key,)
    values = [item.get(k) for k in keys]
    if any(v is None or isinstance(v, (dict, list)) for v in values):
        return None
    return ".".join(str(v) for v in values)


def coerce(value: object) -> object:
    """Command-line text read as a TOML value where it parses as one ("4" -> 4,
    "[1, 4]" -> [1, 4]); anything else as it is."""
    if isinstance(value, str):
        try:
            return tomllib.loads(f"v = {value}")["v"]
        except (tomllib.TOMLDecodeError, KeyError):
            return value
    return value


def set_value(data: dict, key: str, value: object, schema: dict[str, Section],
              fname: str) -> None:
    """Set one field of the content ``data`` (as read from TOML) by a dotted override key:
    the section, then a list's item by its address (``Section.address``: key field(s) such
    as 'veteran' or 'acropolis.1', or its position), then fields and list positions
    ('roles.veteran.bonus.0.1'). A missing field the section allows may be set; the
    game's validation checks the value afterwards."""
    def fail(msg: str) -> None:
        raise ContentError(f"{fname}: override {key!r}: {msg}")

    if not isinstance(key, str) or not key:
        fail("expected a dotted key such as 'section.item.field'")
    section_name, *rest = key.split(".")
    if section_name not in schema:
        fail(f"unknown section {section_name!r}{suggest(section_name, schema)}")
    section, node = schema[section_name], data.get(section_name)
    if node is None:
        fail(f"section {section_name!r} is missing from the file")
    if section.listed:
        if not isinstance(node, list):
            fail(f"section {section_name!r} is not an array of tables")
        width = 1 if section.by_position or not isinstance(section.key, tuple) else len(section.key)
        if len(rest) < width + 1:
            how = "index" if section.by_position or section.key is None else "name"
            fail(f"expected '{section_name}.<{how}>.<field>'")
        ident, rest = ".".join(rest[:width]), rest[width:]
        addresses = [section.address(item, i) for i, item in enumerate(node)]
        if ident not in addresses:
            if section.by_position or section.key is None:
                fail(f"{section_name} items are addressed by index 0..{len(node) - 1}, "
                     f"got {ident!r}")
            fail(f"no {section_name} item named {ident!r}{suggest(ident, addresses)}")
        node = node[addresses.index(ident)]
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
                fail(f"unknown key {part!r}{suggest(part, node)}")
            if last:
                node[part] = coerce(value)
                return
            node = node[part]
        else:
            fail(f"{part!r} goes below a plain value")
    fail("nothing to set")


def is_full(base: dict, studio: dict) -> bool:
    """A studio's file holds the whole content when it has every section the shipped
    file fills; then its lists replace the shipped ones (new names, fewer cards)."""
    return all(name in studio for name, value in base.items() if value)


def check_sections(data: dict, schema: dict[str, Section], fname: str) -> None:
    """Every section known, of the right shape, with known fields only."""
    def fail(where: str, msg: str) -> None:
        raise ContentError(f"{fname}: {where}: {msg}")

    for name, value in data.items():
        if name not in schema:
            fail(name, f"unknown section{suggest(name, schema)} ; the sections are "
                       f"{', '.join(schema)}")
        section = schema[name]
        items = value if section.listed else [value]
        if section.listed and not isinstance(value, list):
            fail(name, f"expected a list of [[{name}]] tables, got {show(value)}")
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                fail(name, f"expected [{name}] tables, got {show(item)}")
            where = name if not section.listed else \
                f"{name}.{item_name(section, item) if section.key else i}"
            for field in item:
                if field not in section.fields:
                    fail(f"{where}.{field}", f"unknown field{suggest(field, section.fields)} ; "
                                             f"{section.title} fields: {', '.join(section.fields)}")


def layer(base: dict, studio: dict, schema: dict[str, Section], fname: str,
          mark: bool = True) -> dict:
    """The shipped data with a studio's file laid over it (both as read from TOML).

    A table's fields replace the shipped ones; a list item replaces the fields of the
    shipped item of the same name (an unknown name is an error); a field's value is
    replaced whole. A full file (``is_full``) and a list without names replace whole
    lists. With ``mark``, an item the file gives without a ``source`` counts as given by
    the studio: ``source = "studio: FILE"``.
    """
    check_sections(studio, schema, fname)
    out = copy.deepcopy(base)
    full = is_full(base, studio)
    for name, value in studio.items():
        section = schema[name]
        value = copy.deepcopy(value)
        given = value if section.listed else [value]
        if mark and "source" in section.fields:
            for item in given:
                item.setdefault("source", f"{STUDIO_SOURCE}: {fname}")
        if not section.listed:
            out.setdefault(name, {}).update(value)
        elif full or section.key is None:
            out[name] = value
        else:
            out[name] = _merge_items(out.get(name, []), value, name, section, fname)
    return out


def _merge_items(shipped: list, items: list, name: str, section: Section, fname: str) -> list:
    merged = list(shipped)
    index = {item_name(section, item): i for i, item in enumerate(shipped)}
    for i, item in enumerate(items):
        ident = item_name(section, item)
        if ident is None:
            raise ContentError(f"{fname}: {name}[{i}]: missing {section.key!r} ; name the "
                               f"shipped {section.title} it changes (or give the whole file)")
        if ident not in index:
            raise ContentError(f"{fname}: {name}.{ident}: unknown {section.title}"
                               f"{suggest(ident, index)} ; change a shipped one, or give the "
                               "whole file to add or rename items")
        merged[index[ident]] = {**merged[index[ident]], **item}
    return merged


def read_content(default: Path | Traversable, schema: dict[str, Section],
                 path: Path | Traversable | None = None,
                 studio: Path | None = None) -> tuple[dict, str, StudioFile | None]:
    """(data, file name for errors, studio file record): ``path`` (default: the shipped
    file) with the ``studio`` file laid over it."""
    base_path = path if path is not None else default
    data, _ = read_toml(base_path)
    check_sections(data, schema, base_path.name)
    if studio is None:
        return data, base_path.name, None
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
