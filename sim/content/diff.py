"""What changed between two content files of a game, item by item and field by field, in
the words a designer reads: ``Role veteran: day_cost 3 -> 4``."""

from __future__ import annotations

from sim.content.toml_text import value_text
from sim.games.content_files import Section, item_name

ABSENT = "(not set)"


def _text(value: object) -> str:
    return ABSENT if value is None else value_text(value)


def _by_name(section: Section, items: list) -> dict[str, dict]:
    if section.key is None:  # no names: items are told apart by their place in the list
        return {str(i): item for i, item in enumerate(items)}
    return {item_name(section, item): item for item in items}


def diff(old: dict, new: dict, schema: dict[str, Section]) -> list[str]:
    """One line per changed field, added item and removed item, in the file's order."""
    lines: list[str] = []
    for name, section in schema.items():
        lines += _section(section, old.get(name), new.get(name), "")
    return lines


def _section(section: Section, old, new, within: str) -> list[str]:
    """The lines of one section, or of a named list inside the item titled ``within``."""
    if not section.listed:
        return _item(section, section.title, old or {}, new or {})
    before, after = _by_name(section, old or []), _by_name(section, new or [])
    lines: list[str] = []
    for ident in list(before) + [i for i in after if i not in before]:
        title = f"{within}{section.title} {ident}"
        if ident not in after:
            lines.append(f"{title}: removed")
        elif ident not in before:
            lines.append(f"{title}: added")
        else:
            lines += _item(section, title, before[ident], after[ident])
    return lines


def _item(section: Section, title: str, old: dict, new: dict) -> list[str]:
    keys = [k for k in list(old) + [k for k in new if k not in old] if k not in section.lists]
    lines = [f"{title}: {k} {_text(old.get(k))} -> {_text(new.get(k))}"
             for k in keys if old.get(k) != new.get(k)]
    within = f"{title}, " if section.listed else ""  # "Board aegean, Land attika: ..."
    for name, sub in section.lists.items():
        lines += _section(sub, old.get(name), new.get(name), within)
    return lines
