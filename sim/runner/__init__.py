"""`sim run`: scenario + flags -> plan of cells -> batches -> Parquet shards + run.json.

Each module does one job: ``values`` parses flag text, ``scenario`` reads scenario files,
``plan`` builds the grid of cells, ``batches`` cuts cells into shards, ``dataset`` writes
the output folder, ``progress`` draws the bar, ``jobs`` makes a batch a unit of work any
process can play, ``backends`` plays them here or on Dask (``dask_backend``) and
``execute`` ties them together. Game knowledge comes only from the game's runner module
named in the registry (``pericles`` for Age of Pericles).
"""


from sim.games.content_files import ContentError


class RunError(ValueError):
    """A bad run request (flag, scenario, override or output folder). One-line message."""


def content_for_run(load_content, overrides: dict[str, object], studio=None):
    """``load_content(overrides=..., studio=...)`` with its one-line ``ContentError`` as a
    ``RunError`` (a runner's ``load``)."""
    try:
        return load_content(overrides=overrides, studio=studio)
    except ContentError as exc:
        raise RunError(str(exc)) from None


class BrokenGame(RunError):
    """A played game's state broke one of the engine's invariants: an engine bug, so the
    run's figures would be wrong. One-line message; the batch is not kept."""
