"""The proposal as a studio's content file: only the items it changes, each with the
fields it changes (a field is written whole, as a content file replaces it whole), laid
over the file the search started from (a scenario's own content file) so that
`sim run --content proposal.toml` plays exactly what the search measured."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from sim.content.toml_text import document
from sim.games.content_files import Section, copy_data, read_toml, set_value


def _walk(key: str, schema: Mapping[str, Section], data: dict) -> tuple[list, str]:
    """(the chain of (section, its name, the item's key fields) from the file's top down to
    the item ``key`` addresses in ``data``, the field); the key is known to load."""
    where, *rest = key.split(".")
    section, node = schema[where], data[where]
    chain = []
    name = where
    while True:
        if section.listed:
            width = 1 if section.by_position or not isinstance(section.key, tuple) else len(section.key)
            ident, rest = ".".join(rest[:width]), rest[width:]
            addresses = [section.address(item, i) for i, item in enumerate(node)]
            item = node[addresses.index(ident)]
        else:
            item = node
        keys = {k: item[k] for k in section.key_fields() if k in item}
        chain.append((section, name, keys, item))
        if len(rest) > 1 and rest[0] in section.lists and isinstance(item.get(rest[0]), list):
            section, name, node, rest = section.lists[rest[0]], rest[0], item[rest[0]], rest[1:]
            continue
        return chain, rest[0]


def _holder(into: dict, section: Section, name: str, keys: dict, whole: list | dict) -> dict | None:
    """The item of ``into`` (a file's data, or an item holding a named list) that the chain
    step names, added with its key fields when the file lacks it."""
    if not section.listed:
        return into.setdefault(name, {})
    if section.key is None:  # an unnamed list: the file gives it whole
        into[name] = copy_data({"v": whole})["v"]
        return None
    listed = into.setdefault(name, [])
    found = next((item for item in listed if all(item.get(k) == v for k, v in keys.items())), None)
    if found is None:
        found = dict(keys)
        listed.append(found)
    return found


def proposal_data(base: dict, start_file: dict, changes: dict[str, int],
                  schema: Mapping[str, Section]) -> dict:
    """``start_file`` (the studio file the search started from, or {}) with every changed
    field of ``changes`` written in, read from ``base`` (the content played) with the
    changes set."""
    final = copy_data(base)
    for key, value in changes.items():
        set_value(final, key, value, dict(schema), "proposal")
    out = copy_data(start_file)
    for key in changes:
        chain, field = _walk(key, schema, final)
        into: dict | None = out
        for depth, (section, name, keys, _) in enumerate(chain):
            if into is None:  # an unnamed list above was written whole
                break
            parent = final if depth == 0 else chain[depth - 1][3]
            into = _holder(into, section, name, keys, parent[name])
        if into is not None:
            into[field] = copy_data({"v": chain[-1][3][field]})["v"]
    return out


def proposal_text(data: dict, game: str, lines: list[str]) -> str:
    header = "\n".join(["# Suggested by sim balance (docs/balance.md): check and play it with",
                        f"#   sim content check --game {game} proposal.toml",
                        f"#   sim run --game {game} --players N --content proposal.toml",
                        "#", *(f"# {x}" for x in lines)])
    return document(data, header=header)


def start_file(path: str | None) -> dict:
    """The studio's file the search started from, as written (or nothing)."""
    return read_toml(Path(path))[0] if path else {}
