"""The balance gate: per-game outcomes of a run, their summary, paired comparisons.

``outcomes`` turns result rows into per-game arrays (and encodes them for a baseline),
``dataset`` reads a run folder as a stream of chunks of whole games, ``series`` gives the
measured quantities (win share per seat / Role / strategy, mean Glory, rounds, end
reasons), ``summary`` condenses them, ``paired`` compares two runs game by game, chunk by
chunk, ``baseline`` writes and reads baseline files, ``replay`` runs a scenario for the
gate, ``stopping`` is `sim run --until-ci`'s rule, ``power`` sizes a check, and
``markdown`` / ``junit`` / ``html`` render results.
"""


# Default games of a baseline and a check; `sim plan` and docs/ci.md explain the choice.
DEFAULT_GAMES = 100_000


class GateError(ValueError):
    """A bad gate request (baseline file, dataset, flag). One-line message."""
