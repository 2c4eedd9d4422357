"""`sim content`: a studio's content files: tables to and from spreadsheets, check, diff."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from sim.commands import content_ops
from sim.commands.errors import OneLineErrors, fail, require_game

app = typer.Typer(no_args_is_help=True, help="Export, import, check and diff a game's content."
                  "\n\nExport a table to CSV, import it back, check a file, show what changed, "
                  "list the effect codes (docs/studio-content.md).")

GameArg = Annotated[str, typer.Argument(help="Game of the content (see `sim games`).",
                                        show_default=False)]
Table = Annotated[str | None, typer.Option(
    help="A section of the content file, e.g. roles, or a named list in one, e.g. "
    "characters.cards.")]
GameOption = Annotated[str | None, typer.Option(
    "--game", help="Game of the file (default: the one whose sections it uses).")]


def _table(info, name: str | None):
    from sim.content.games import schema, shipped
    from sim.content.table_paths import tables
    from sim.games.content_files import suggest

    known = tables(schema(info), shipped(info))
    if name is None:
        fail(f"missing --table ; {info.title} has the tables {', '.join(known)}")
    if name not in known:
        fail(f"unknown table {name!r}{suggest(name, known)} ; {info.title} has the tables "
             f"{', '.join(known)}")
    return known[name]


@app.command("export", cls=OneLineErrors)
def export(
    game: GameArg,
    table: Table = None,
    csv: Annotated[Path | None, typer.Option(help="CSV file to write.")] = None,
    content: Annotated[Path | None, typer.Option(
        help="A studio's content file to export, laid over the shipped one (default: the "
        "shipped content).")] = None,
) -> None:
    """Write one table of the game's content as CSV, one row per item.

    Cells hold TOML values; docs/studio-content.md describes the format.

    Example: sim content export pericles --table roles --csv roles.csv
    """
    from sim.content.games import content_module, schema
    from sim.content.table_paths import rows
    from sim.content.tables import to_csv
    from sim.games.content_files import ContentError, read_content

    info = require_game(game)
    found = _table(info, table)
    if csv is None:
        fail("missing --csv ; give the CSV file to write, e.g. --csv roles.csv")
    module = content_module(info)
    try:
        data, _, _ = read_content(module.DEFAULT_PATH, schema(info), studio=content)
    except ContentError as exc:
        fail(str(exc))
    _write(csv, to_csv(rows(data, found), found.section))
    typer.echo(f"written: {csv} ({table} of {info.title})", err=True)


@app.command("import", cls=OneLineErrors)
def import_(
    game: GameArg,
    table: Table = None,
    csv: Annotated[Path | None, typer.Option(help="CSV file to read (as `export` writes it).")] = None,
    out: Annotated[Path | None, typer.Option(
        help="Content file (TOML) to write; when it exists, only this table in it is replaced. "
        "Default: print the TOML.")] = None,
) -> None:
    """Read one table from CSV back into a content file (TOML).

    The result is checked as `sim run --content` reads it; nothing is written when it is
    not valid.

    Example: sim content import pericles --table roles --csv roles.csv --out studio.toml
    """
    from sim.content.games import content_module
    from sim.content.table_paths import put
    from sim.content.tables import from_csv, read_csv
    from sim.content.toml_text import document
    from sim.games.content_files import ContentError, read_toml

    info = require_game(game)
    found = _table(info, table)
    if csv is None:
        fail("missing --csv ; give the CSV file to read, e.g. --csv roles.csv")
    try:
        items = from_csv(read_csv(csv), found.section, csv.name)
        data = read_toml(out)[0] if out is not None and out.exists() else {}
        put(data, found, items)
        text = document(data, header=f"# {info.title} content (sim content import; "
                                     "docs/studio-content.md)")
        _validate(content_module(info), text, (out or csv).name)
    except ContentError as exc:
        fail(str(exc))
    if out is None:
        typer.echo(text, nl=False)
        return
    _write(out, text)
    typer.echo(f"written: {out} ({table} from {csv})", err=True)


@app.command("check", cls=OneLineErrors)
def check(
    file: Annotated[Path, typer.Argument(help="A studio's content file (TOML).", show_default=False)],
    game: GameOption = None,
) -> None:
    """Check a studio's content file as `sim run --content FILE` would.

    Exit 0 and a summary when it is valid, else exit 1 and one line naming the item, the
    field and the fix; exit 2 when the file cannot be read.

    Example: sim content check studio.toml
    """
    from sim.content.diff import diff
    from sim.content.games import content_module, game_of, layered, schema, shipped
    from sim.games.content_files import ContentError, UnreadableContent

    try:
        info = game_of(file, require_game(game) if game else None)
        content = content_module(info).load_content(studio=file)
        changes = diff(shipped(info), layered(info, file), schema(info))
    except UnreadableContent as exc:
        fail(str(exc))
    except ContentError as exc:
        fail(str(exc), code=1)
    typer.echo(f"{file.name}: valid {info.title} content; {len(changes)} change(s) from the "
               f"shipped content, {content.assumed_share:.0%} of items assumed")


@app.command("diff", cls=OneLineErrors)
def diff_(
    a: Annotated[Path, typer.Argument(help="Content file before.", show_default=False)],
    b: Annotated[Path, typer.Argument(help="Content file after.", show_default=False)],
    game: GameOption = None,
) -> None:
    """What changed from content file A to B, item by item and field by field.

    Each file is laid over the shipped content; one line per changed field, e.g.
    "Role veteran: day_cost 3 -> 4", and per added or removed item.

    Example: sim content diff scenarios/pericles/content.toml studio.toml
    """
    from sim.content.diff import diff
    from sim.content.games import game_of, layered, schema
    from sim.games.content_files import ContentError

    try:
        given = require_game(game) if game else None
        info, other = game_of(a, given), game_of(b, given)
        if info != other:
            fail(f"{a.name} is {info.title} content but {b.name} is {other.title} content ; "
                 "compare two files of one game")
        lines = diff(layered(info, a), layered(info, b), schema(info))
    except ContentError as exc:
        fail(str(exc))
    typer.echo("\n".join(lines) if lines else "no differences")


def _validate(module, text: str, name: str) -> None:
    """Load ``text`` as a studio's file named ``name`` (errors name that file)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8")
        module.load_content(studio=path)


def _write(path: Path, text: str) -> None:
    """Write ``text`` whole or not at all (a temporary file renamed into place)."""
    tmp = path.with_name(f"_{path.name}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        fail(f"cannot write {str(path)!r} ({exc.strerror}) ; check that its folder exists")


def register(root: typer.Typer) -> None:
    content_ops.register(app)
    root.add_typer(app, name="content")
