"""What changed between two content files of a game, item by item and field by field, in
the words a designer reads: ``Role veteran: day_cost 3 -> 4``."""

from __future__ import annotations

from sim.content.toml_text import value_text
from sim.games.content_files import Section, item_name

ABSENT = "(not set)"


def _text(value: object) -> str:
    return ABSENT if value is None else value_text(value)


def _fields(title: str, old: dict, new: dict) -> list[str]:
    keys = list(old) + [k for k in new if k not in old]
    return [f"{title}: {k} {_text(old.get(k))} -> {_text(new.get(k))}"
            for k in keys if old.get(k) != new.get(k)]


def _by_name(section: Section, items: list) -> dict[str, dict]:
    if section.key is None:  # no names: items are told apart by their place in the list
        return {str(i): item for i, item in enumerate(items)}
    return {item_name(section, item): item for item in items}


def diff(old: dict, new: dict, schema: dict[str, Section]) -> list[str]:
    """One line per changed field, added item and removed item, in the file's order."""
    lines: list[str] = []
    for name, section in schema.items():
        if not section.listed:
            lines += _fields(section.title, old.get(name, {}), new.get(name, {}))
            continue
        before, after = _by_name(section, old.get(name, [])), _by_name(section, new.get(name, []))
        for ident in list(before) + [i for i in after if i not in before]:
            title = f"{section.title} {ident}"
            if ident not in after:
                lines.append(f"{title}: removed")
            elif ident not in before:
                lines.append(f"{title}: added")
            else:
                lines += _fields(title, before[ident], after[ident])
    return lines
