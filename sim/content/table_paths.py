"""The tables of a content file as `sim content` names them: each section
(``roles``), and each named list inside one of its items (``characters.cards``,
``boards.aegean.lands``: ``Section.lists``), found and put back in a file's data."""

from __future__ import annotations

from typing import NamedTuple

from sim.games.content_files import Section


class Table(NamedTuple):
    section: Section  # what one row is
    name: str  # the file's section it lies in
    holder: dict | None  # key fields of the list item holding it; None: the section's table
    field: str | None  # the named list it is; None: the section itself


def tables(schema: dict[str, Section], data: dict) -> dict[str, Table]:
    """Every table by name, the named lists as ``data`` (the shipped content) holds them."""
    out = {}
    for name, section in schema.items():
        out[name] = Table(section, name, None, None)
        value = data.get(name)
        if value is None or (section.listed and not section.key_fields()):
            continue
        for i, item in enumerate(value if section.listed else [value]):
            at = f"{name}.{section.address(item, i)}" if section.listed else name
            holder = {k: item[k] for k in section.key_fields()} if section.listed else None
            for field in section.lists:
                out[f"{at}.{field}"] = Table(section.lists[field], name, holder, field)
    return out


def rows(data: dict, table: Table) -> dict | list:
    """The table's items in ``data`` (none when the file leaves them out)."""
    empty = [] if table.section.listed else {}
    value = data.get(table.name)
    if table.field is None:
        return empty if value is None else value
    holder = _holder(value, table)
    return empty if holder is None else holder.get(table.field, empty)


def put(data: dict, table: Table, items: dict | list) -> None:
    """Set the table in ``data`` (a studio's file), adding the item that holds it."""
    if table.field is None:
        data[table.name] = items
        return
    if table.holder is None:
        data.setdefault(table.name, {})[table.field] = items
        return
    listed = data.setdefault(table.name, [])
    holder = _holder(listed, table)
    if holder is None:
        holder = dict(table.holder)
        listed.append(holder)
    holder[table.field] = items


def _holder(value: dict | list | None, table: Table) -> dict | None:
    if table.holder is None:
        return value
    return next((item for item in value or []
                 if all(item.get(k) == v for k, v in table.holder.items())), None)
