"""`sim content ops GAME`: every effect code a card step may use, read from the table the
content loader checks steps against (``OP_TABLE`` of the game's ops module)."""

from typing import Annotated

import typer

from sim.commands.errors import OneLineErrors, require_game
from sim.games.effect_ops import Op
from sim.games.registry import load_ops


def ops_table(title: str, table: tuple[Op, ...]) -> str:
    """The codes as aligned text: code, the step as a content file writes it, pages,
    meaning (code 0, the empty step that pads effect rows, is left out: content never
    writes it)."""
    rows = [("code", "step", "pages", "meaning")]
    for op in table[1:]:
        rows.append((op.name, "[" + ", ".join([f'"{op.name}"', *op.args]) + "]", op.pages,
                     op.meaning))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    lines = [f"{title}: the effect codes a content file may write in a step"]
    lines += ["  ".join(f"{cell:<{w}}" for cell, w in zip(r, widths, strict=False)) + "  " + r[3]
              for r in rows]
    return "\n".join(lines)


def content_ops(
    game: Annotated[str, typer.Argument(help="game name, see 'sim games'")],
) -> None:
    """List the effect codes a card of GAME can use: step, rulebook pages, meaning.

    Example: sim content ops pericles
    """
    info = require_game(game)
    if not info.ops:
        typer.echo(f"{info.title}: no effect codes: its content writes no effect steps (card "
                   "and tile abilities are not modelled as data yet)")
        return
    typer.echo(ops_table(info.title, load_ops(info)))


def register(content: typer.Typer) -> None:
    content.command("ops", cls=OneLineErrors)(content_ops)
