"""One way for every command to stop on a usage error: one line on stderr, exit code 2.

Also the two checks most commands share: ``--game`` against the registry and
``--players`` against that game's player range.
"""

import sys
from typing import NoReturn

import typer
from typer.core import TyperCommand

from sim.games.registry import GameInfo
from sim.runner import RunError
from sim.runner.request import find_game

try:  # typer vendors click; older typer versions use click itself
    from typer._click.exceptions import UsageError
except ImportError:  # pragma: no cover
    from click.exceptions import UsageError  # type: ignore[assignment]

USAGE_ERROR = 2


def fail(message: str, code: int = USAGE_ERROR) -> NoReturn:
    """Print ``error: <message>`` as one line to stderr and exit with ``code``.

    Write the message as ``<what went wrong> ; <how to fix it>``.
    """
    line = " ".join(str(message).split())
    sys.stderr.write(f"error: {line}\n")
    sys.stderr.flush()
    raise typer.Exit(code)


class OneLineErrors(TyperCommand):
    """A command class whose flag parsing errors (unknown flag, bad integer) are one
    ``error:`` line too: ``app.command(cls=OneLineErrors)(function)``."""

    def parse_args(self, ctx, args):
        try:
            return super().parse_args(ctx, args)
        except UsageError as exc:
            fail(f"{exc.format_message()} ; see 'sim {ctx.info_name} --help'")


def require_game(name: str | None) -> GameInfo:
    """The registry entry of ``--game``, or a usage error naming the known games."""
    try:
        return find_game(name)
    except RunError as error:
        fail(str(error))


def require_players(info: GameInfo, players: int | None) -> int:
    """``--players`` checked against the game's player range."""
    span = f"{info.min_players}..{info.max_players}"
    if players is None:
        fail(f"missing --players ; {info.title} plays with {span} players")
    if not info.min_players <= players <= info.max_players:
        fail(f"--players {players} is out of range ; {info.title} plays with {span} players")
    return players
