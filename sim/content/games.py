"""A game's content module and files as `sim content` reaches them."""

from __future__ import annotations

from pathlib import Path

from sim.games.content_files import ContentError, Section, copy_data, layer, read_toml, shipped_data
from sim.games.contract import GameContentFile
from sim.games.registry import GAMES, GameInfo, get_game, load_content_file


def content_module(info: GameInfo) -> GameContentFile:
    """The game's content loader: ``SCHEMA``, ``DEFAULT_PATH``, ``load_content``."""
    return load_content_file(info)


def schema(info: GameInfo) -> dict[str, Section]:
    """The game's content file, section by section."""
    return dict(content_module(info).SCHEMA)


def shipped(info: GameInfo) -> dict:
    """The game's shipped content file, as read."""
    return copy_data(shipped_data(content_module(info).DEFAULT_PATH))


def game_of(path: Path, given: GameInfo | None) -> GameInfo:
    """``given``, or the one game whose sections are all the file's."""
    if given is not None:
        return given
    sections = set(read_toml(path)[0])
    fits = [get_game(g) for g in GAMES if sections and sections <= set(schema(get_game(g)))]
    if len(fits) != 1:
        raise ContentError(f"{path.name}: cannot tell which game its sections are for ; add "
                           f"--game ({', '.join(sorted(GAMES))})")
    return fits[0]


def layered(info: GameInfo, path: Path) -> dict:
    """A content file laid over the game's shipped one, provenance as written (no marks)."""
    return layer(shipped(info), read_toml(path)[0], schema(info), path.name, mark=False)
