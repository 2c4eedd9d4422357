"""Scenario files: TOML data naming a game, its player counts, settings and overrides.

A scenario holds the generic keys ``name``, ``description``, ``game``, ``players``,
``strategies``, ``content`` (a studio's content file laid over the shipped one, its path
relative to the scenario file) and a ``[set]`` table of content overrides, plus the game's
own settings
(its runner module's ``SETTINGS``, e.g. ``skills`` and ``roles`` for Age of Pericles).
Every key is validated; errors are one line naming the file and the key.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path

from sim.games.contract import GameRunner
from sim.games.registry import GAMES, GameInfo, UnknownGame, get_game, load_runner
from sim.inputs import InputError, parse_toml, read_text
from sim.runner import RunError
from sim.shipped import presets_dir

GENERIC_KEYS = ("name", "description", "game", "players", "strategies", "content", "set")


@dataclass
class Scenario:
    name: str
    game: str
    players: tuple[int, ...]
    strategies: tuple[str, ...]
    settings: dict[str, object]
    overrides: dict[str, object] = field(default_factory=dict)
    source: str | None = None  # the file it came from, as given
    description: str = ""
    content: Path | None = None  # a studio's content file (sim.games.content_files)


def preset_names(game: str) -> list[str]:
    """Names of the game's shipped scenario presets (none when it has no presets folder)."""
    folder = presets_dir(game)
    if not folder.is_dir():
        return []
    return sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml"))


def default_scenario(info: GameInfo, players: tuple[int, ...]) -> Scenario:
    """The game's standard setup, used when no --scenario is given."""
    runner = load_runner(info)
    counts = "-".join(str(p) for p in players)
    return Scenario(name=f"{info.name}-{counts}p", game=info.name, players=players,
                    strategies=(runner.STRATEGIES[0],), settings=dict(runner.SETTINGS))


def resolve(text: str, game: str | None) -> Path | Traversable:
    """A scenario file path, or a shipped preset named such as ``standard-3p``."""
    path = Path(text)
    if path.is_file():
        return path
    games = [game] if game in GAMES else list(GAMES)
    for name in games:
        candidate = presets_dir(name) / f"{path.stem}.toml"
        if path.suffix in ("", ".toml") and path.parent == Path(".") and candidate.is_file():
            return candidate
    presets = ", ".join(n for g in games for n in preset_names(g)) or "none"
    raise RunError(f"--scenario {text!r}: no such file or preset ; give a TOML file path or a "
                   f"preset name ({presets})")


def _unknown(where: str, key: str, allowed) -> RunError:
    close = difflib.get_close_matches(key, list(allowed), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return RunError(f"{where}: unknown key {key!r}{hint} ; allowed keys: {', '.join(allowed)}")


def check_players(value: object, info: GameInfo, where: str) -> tuple[int, ...]:
    counts = value if isinstance(value, list) else [value]
    span = f"{info.min_players}..{info.max_players}"
    for c in counts:
        if isinstance(c, bool) or not isinstance(c, int) or not info.min_players <= c <= info.max_players:
            raise RunError(f"{where}: players {value!r} is not a player count in {span} ; "
                           f"{info.title} plays with {span} players")
    if not counts or len(set(counts)) != len(counts):
        raise RunError(f"{where}: players {value!r} is empty or repeats a count")
    return tuple(counts)


def check_strategies(value: object, runner: GameRunner, where: str) -> tuple[str, ...]:
    names = value if isinstance(value, list) else [value]
    if not names or not all(isinstance(n, str) for n in names):
        raise RunError(f"{where}: strategies must be a name or a list of names, got {value!r}")
    for n in names:
        if n not in runner.STRATEGIES:
            close = difflib.get_close_matches(str(n), list(runner.STRATEGIES), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise RunError(f"{where}: unknown strategy {n!r}{hint} ; choose from "
                           f"{', '.join(runner.STRATEGIES)}")
    return tuple(names)


def check_settings(runner: GameRunner, given: dict, where: str) -> dict[str, object]:
    """The game's settings with ``given`` checked and laid over the defaults."""
    settings = dict(runner.SETTINGS)
    for key, value in given.items():
        if key not in runner.SETTINGS:
            raise _unknown(where, key, tuple(runner.SETTINGS))
        settings[key] = runner.check_setting(key, value, where)
    return settings


def load_scenario(text: str, game: str | None) -> Scenario:
    """Read and validate a scenario file (``game`` is --game, or None)."""
    path = resolve(text, game)
    where = f"scenario {path.name}"
    try:
        data = parse_toml(read_text(path))
    except InputError as exc:
        raise RunError(f"{where}: {exc} ; check the path {str(path)!r}") from None
    except tomllib.TOMLDecodeError as exc:
        first = str(exc).splitlines()[0] if str(exc) else "syntax error"
        raise RunError(f"{where}: not valid TOML: {first} ; fix the file") from None
    name = data.get("game")
    if not isinstance(name, str):
        raise RunError(f"{where}: missing key 'game' ; add e.g. game = \"pericles\"")
    try:
        info = get_game(name)
    except UnknownGame:
        raise RunError(f"{where}: unknown game {name!r} ; choose one of: "
                       f"{', '.join(sorted(GAMES))}") from None
    if game is not None and game != name:
        raise RunError(f"{where} is for game {name!r} but --game is {game!r} ; drop one of them")
    runner = load_runner(info)
    allowed = GENERIC_KEYS + tuple(runner.SETTINGS)
    for key in data:
        if key not in allowed:
            raise _unknown(where, key, allowed)
    if "players" not in data:
        raise RunError(f"{where}: missing key 'players' ; add e.g. players = 3")
    players = check_players(data["players"], info, where)
    strategies = check_strategies(data.get("strategies", [runner.STRATEGIES[0]]), runner, where)
    settings = check_settings(runner, {k: v for k, v in data.items() if k in runner.SETTINGS},
                              where)
    overrides = data.get("set", {})
    if not isinstance(overrides, dict):
        raise RunError(f"{where}: [set] must be a table of content overrides such as "
                       "\"params.builder_base\" = 4")
    overrides = _flatten(overrides)
    for key in ("name", "description", "content"):
        if key in data and not isinstance(data[key], str):
            raise RunError(f"{where}: {key} must be a string")
    if "name" in data:
        check_name(data["name"], where)
    content = Path(str(path)).parent / data["content"] if "content" in data else None
    return Scenario(name=data.get("name", Path(path.name).stem), game=name, players=players,
                    strategies=strategies, settings=settings, overrides=overrides,
                    source=str(text), description=data.get("description", ""), content=content)


NAME_LENGTH = 100
_PLAIN_NAME = re.compile(r"[^/\\\x00-\x1f\x7f.][^/\\\x00-\x1f\x7f]*")


def check_name(name: str, where: str) -> str:
    """A scenario's name, which names its output folder (``results/NAME``): one plain
    folder name, so the run stays inside ``results/``: no path separator, no leading '.'
    (``..``, a hidden folder), no control character."""
    if len(name) > NAME_LENGTH or not _PLAIN_NAME.fullmatch(name):
        raise RunError(f"{where}: name {name[:NAME_LENGTH]!r} is not a plain folder name ; give "
                       f"up to {NAME_LENGTH} characters without '/', '\\', control characters or "
                       "a leading '.', e.g. name = \"pericles-3p\"")
    return name


def _flatten(table: dict, prefix: str = "") -> dict[str, object]:
    """``{"params": {"a": 1}}`` and ``{"params.a": 1}`` both give ``{"params.a": 1}``."""
    flat: dict[str, object] = {}
    for key, value in table.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, full + "."))
        else:
            flat[full] = value
    return flat
