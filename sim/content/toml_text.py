"""Content data written back as TOML text, in the content file's own shape: each table as
``[section]``, each list item as ``[[section]]``, nested values inline (a list of tables
one a line). ``tomllib`` reads the text back to the same data."""

from __future__ import annotations

import json
import re

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def key_text(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key, ensure_ascii=False)


def value_text(value: object) -> str:
    """One value as inline TOML (strings as basic strings, tables as inline tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{key_text(k)} = {value_text(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML text for {type(value).__name__}")


def _fields(item: dict) -> list[str]:
    return [_field(k, v) for k, v in item.items()]


def _field(key: str, value: object) -> str:
    """``key = value``; a list of tables one table a line, as the shipped files write it."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        rows = "".join(f"  {value_text(v)},\n" for v in value)
        return f"{key_text(key)} = [\n{rows}]"
    return f"{key_text(key)} = {value_text(value)}"


def document(data: dict, header: str = "") -> str:
    """The whole file: ``header`` (comment lines), then every section in order."""
    blocks = [header.rstrip("\n")] if header else []
    for name, value in data.items():
        if isinstance(value, list):
            blocks += ["\n".join([f"[[{key_text(name)}]]", *_fields(item)]) for item in value]
        else:
            blocks.append("\n".join([f"[{key_text(name)}]", *_fields(value)]))
    return "\n\n".join(blocks) + "\n"
