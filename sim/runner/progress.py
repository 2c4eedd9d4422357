"""A rich progress bar on stderr (games, games/s, ETA); silent when quiet or not a terminal."""

from __future__ import annotations

import sys

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class GamesPerSecond(ProgressColumn):
    def render(self, task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} games/s" if speed else "- games/s")


class RunProgress:
    """``with RunProgress(total, done, quiet) as bar: bar.advance(k)``."""

    def __init__(self, total: int, done: int = 0, quiet: bool = False):
        console = Console(stderr=True)
        self.enabled = not quiet and sys.stderr.isatty()
        self.progress = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(),
                                 GamesPerSecond(), TimeElapsedColumn(), TextColumn("ETA"),
                                 TimeRemainingColumn(), console=console, disable=not self.enabled)
        self.total, self.done = total, done

    def __enter__(self) -> RunProgress:
        self.progress.start()
        self.task = self.progress.add_task("games", total=self.total, completed=self.done)
        return self

    def advance(self, games: int) -> None:
        self.progress.advance(self.task, games)

    def __exit__(self, *exc) -> None:
        self.progress.stop()
