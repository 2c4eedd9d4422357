"""One section of a content file as a spreadsheet table (CSV) and back, without loss.

A row is an item (a table section is one row), a column a field. A cell holds the
field's value as TOML text (``3``, ``true``, ``[["trophy", 2]]``, ``{ worker = 1 }``),
except that a string is written bare when it reads back as itself (``veteran``,
``rulebook p. 13``) and quoted otherwise (``"3"``, and ``"=HYPERLINK(...)"``: a string
starting like a spreadsheet formula); an empty cell is a field not set.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from sim.content.toml_text import value_text
from sim.games.content_files import ContentError, Section, suggest
from sim.inputs import InputError, read_text, toml_value


def read_cell(text: str) -> object:
    """A cell's value: TOML text when it parses as one value, else the text itself."""
    return toml_value(text)


# A spreadsheet reads a cell starting with one of these as a formula (=HYPERLINK(...) runs
# when the file is opened), so such a string is written quoted: it then starts with '"'.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")


def cell_text(value: object) -> str:
    if isinstance(value, str) and value and not value.startswith(FORMULA_START) \
            and read_cell(value) == value:
        return value
    return value_text(value)


def to_csv(value: dict | list, section: Section) -> str:
    """The section's items as CSV text, columns in the order the file first uses them."""
    items = value if section.listed else [value]
    columns: list[str] = []
    for item in items:
        columns += [k for k in item if k not in columns]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for item in items:
        writer.writerow([cell_text(item[c]) if c in item else "" for c in columns])
    return out.getvalue()


def from_csv(text: str, section: Section, fname: str) -> dict | list:
    """The section's items from CSV text; ContentError naming the line and column."""
    def fail(where: str, msg: str) -> None:
        raise ContentError(f"{fname}: {where}: {msg}")

    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), strict=True))
    except csv.Error as exc:
        fail("not valid CSV", f"{exc} ; save the table as comma-separated text")
    rows = [r for r in rows if any(cell.strip() for cell in r)] if rows else rows
    header = rows[0] if rows else []
    for column in header:
        if column not in section.fields:
            fail(f"column {column!r}", f"not a field of a {section.title}{suggest(column, section.fields)}"
                                       f" ; {section.title} fields: {', '.join(section.fields)}")
    if len(set(header)) != len(header):
        fail("header", "a column is named twice ; name each field once")
    keys = () if section.key is None else \
        section.key if isinstance(section.key, tuple) else (section.key,)
    for key in keys:
        if key not in header:
            fail("header", f"missing column {key!r} ; it names the {section.title} of each row")
    items = []
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            fail(f"line {line}", f"{len(row)} cells under {len(header)} columns ; give one cell "
                                 "per column (empty for a field not set)")
        items.append({c: read_cell(v) for c, v in zip(header, row, strict=True) if v != ""})
    if section.listed:
        if not items:
            fail("rows", f"no {section.title} rows ; give one row per item under the header")
        return items
    if len(items) > 1:
        fail("rows", f"{len(items)} rows for the one {section.title} table ; give one row")
    return items[0] if items else {}


def read_csv(path: Path) -> str:
    try:
        return read_text(path, encoding="utf-8-sig")
    except InputError as exc:
        raise ContentError(f"{path.name}: {exc} ; check the path {str(path)!r} and save the "
                           "table as UTF-8 CSV") from None
