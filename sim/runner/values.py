"""Turn flag text into values: game counts, player lists, KEY=VALUE pairs, sweep lists."""

from __future__ import annotations

import math

from sim.games.content_files import suggest
from sim.inputs import toml_value
from sim.runner import RunError

MAX_COUNT = 10**12


def parse_count(text: str, flag: str) -> int:
    """A positive whole number written as ``250000``, ``1e6`` or ``2.5e5``."""
    raw = str(text).strip().replace("_", "")
    hint = f"{flag} takes a positive whole number such as 250000, 1e6 or 2.5e5"
    try:
        value = int(raw)
    except ValueError:
        try:
            number = float(raw)
        except ValueError:
            raise RunError(f"{flag} {text!r} is not a number ; {hint}") from None
        if not math.isfinite(number) or number != int(number):
            raise RunError(f"{flag} {text!r} is not a whole number ; {hint}") from None
        value = int(number)
    if value < 1:
        raise RunError(f"{flag} {text!r} must be at least 1 ; {hint}")
    if value > MAX_COUNT:
        raise RunError(f"{flag} {text!r} is too large ; use at most 1e12")
    return value


def parse_players(text: str) -> tuple[int, ...]:
    """``3`` or ``3,4,5`` -> (3,) or (3, 4, 5); duplicates refused."""
    parts = [p.strip() for p in str(text).split(",")]
    try:
        counts = tuple(int(p) for p in parts)
    except ValueError:
        raise RunError(f"--players {text!r} is not a player count ; write one count such as 3 "
                       "or a list such as 3,4,5") from None
    if len(set(counts)) != len(counts):
        raise RunError(f"--players {text!r} repeats a count ; list each player count once")
    return counts


def split_pair(text: str, flag: str) -> tuple[str, str]:
    """``KEY=VALUE`` -> (key, value text)."""
    key, sep, value = str(text).partition("=")
    key = key.strip()
    if not sep or not key or not value.strip():
        raise RunError(f"{flag} {text!r} is not KEY=VALUE ; write e.g. {flag} "
                       "params.builder_base=4")
    return key, value.strip()


def split_list(text: str) -> list[str]:
    """Split on commas that are not inside [...] or quotes: ``1,[2, 3],"a,b"``."""
    items: list[str] = []
    current: list[str] = []
    depth, quote = 0, ""
    for ch in text:
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append("".join(current).strip())
            current = []
            continue
        current.append(ch)
    items.append("".join(current).strip())
    return items


def list_value(text: str) -> object:
    """A list setting from the command line: a TOML list, or bare words ``a,b,c``."""
    value = toml_value(text)
    if isinstance(value, list):
        return value
    return [toml_value(item) for item in split_list(text)]


def check_choice(key: str, value: object, choices: tuple[str, ...], where: str) -> object:
    """A scenario setting that takes one of ``choices`` (a game's mode, a board side)."""
    if value not in choices:
        raise RunError(f"{where}: {key} {value!r} is unknown{suggest(value, choices)} ; "
                       f"choose from {', '.join(choices)}")
    return value


def check_whole(key: str, value: object, low: int, high: int, where: str) -> int:
    """A scenario setting that takes a whole number from ``low`` to ``high`` (a search budget)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RunError(f"{where}: {key} must be a whole number from {low} to {high}, "
                       f"got {value!r}")
    return value


def check_flag(key: str, value: object, where: str) -> bool:
    """A scenario setting that takes true or false (a rule switched on or off)."""
    if not isinstance(value, bool):
        raise RunError(f"{where}: {key} must be true or false, got {value!r}")
    return value


def check_names(key: str, value: object, shape: str, where: str) -> list[str]:
    """A scenario setting that takes a list of names; ``shape`` says what it takes."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RunError(f"{where}: {key} must be {shape}, got {value!r}")
    return list(value)


def check_known(key: str, names: list[str], known, where: str) -> list[str]:
    """``names`` (a setting's list), each one of ``known`` and given once."""
    for name in names:
        if name not in known:
            raise RunError(f"{where}: {key}: unknown name {name!r}{suggest(name, known)} ; "
                           f"choose from {', '.join(known)}")
    if len(set(names)) != len(names):
        raise RunError(f"{where}: {key} names one twice ; list each once")
    return names
