"""Trace output every game shares: JSON lines, and one event value as readable text."""

import json


def to_jsonl(records: list[dict]) -> str:
    """One JSON object per line, keys in record order."""
    return "".join(json.dumps(r, ensure_ascii=True) + "\n" for r in records)


def value_text(v) -> str:
    """A list as [a,b], a mapping as k:v,k:v, a flag as yes / no, nothing as -."""
    if isinstance(v, list):
        return "[" + ",".join(value_text(x) for x in v) + "]"
    if isinstance(v, dict):
        return ",".join(f"{k}:{x}" for k, x in v.items())
    if isinstance(v, bool):
        return "yes" if v else "no"
    if v is None:
        return "-"
    return str(v)
