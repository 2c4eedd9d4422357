"""One cell's aggregates (``tally``) -> what the report shows: win shares with 95% Wilson
intervals and tests against the fair share, Glory distributions and sources, game length,
end reasons, City-state tiles, and survival for co-operative games (``coop`` adds the
rest). Flags come from all cells at once (``flags``).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from reports.datasets import ReportError, Run
from reports.names import printed
from reports.tally import HELD, NOT_HELD, CellTally
from sim.aggregate.tallies import Histograms, Sums
from sim.runner.integrity import repair_hint
from sim.stats import seat_advantage_test, share_test, wilson_interval

if TYPE_CHECKING:
    from reports.coop import CoopCell

ALPHA = 0.05  # family-wise error rate of the flags (Holm over everything tested)
TILE_USERS = "Players who used "  # the subject of a City-state's win share
Z95 = 1.959963984540054
TEAM_FAIR = 0.5  # two teams (Symmachia)


@dataclass(frozen=True)
class Replay:
    """A typical game of a share's group: the command that plays it again, event by event
    (``sim trace DIR --cell C --game G``, docs/trace.md)."""

    folder: Path
    cell: int
    game: int

    @property
    def command(self) -> str:
        return (f"sim trace {shlex.quote(str(self.folder))} --cell {self.cell} "
                f"--game {self.game} --text")


@dataclass(frozen=True)
class Share:
    """``wins`` out of ``n`` (win shares summed, so tied winners split a game), its 95%
    Wilson interval and, when ``fair`` is known, the two-sided p-value against it."""

    subject: str  # "Seat 1", "Role veteran", "City-state sparta", "parthenon" ...
    wins: float
    n: int
    fair: float | None = None
    verb: str = "wins"
    replay: Replay | None = None  # a typical game of the group

    @property
    def share(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        low, high = wilson_interval(self.wins, self.n)
        return float(low), float(high)

    @property
    def percent_text(self) -> str:
        """'31.6% (31.5-31.7)': the share and its interval, as the flag sentences write it."""
        low, high = self.interval
        return f"{100 * self.share:.1f}% ({100 * low:.1f}-{100 * high:.1f})"

    @property
    def p(self) -> float:
        return 1.0 if self.fair is None else float(share_test(self.wins, self.n, self.fair))


@dataclass(frozen=True)
class Counts:
    """A distribution of whole numbers: each distinct value and how often it occurs."""

    values: np.ndarray
    counts: np.ndarray

    @classmethod
    def of(cls, histograms: Histograms, group: object) -> Counts:
        return cls(*histograms.of(group))

    @property
    def mean(self) -> float:
        return float(np.dot(self.values, self.counts) / self.counts.sum())

    def quantile(self, q: float) -> float:
        cumulative = np.cumsum(self.counts)
        return float(self.values[np.searchsorted(cumulative, q * cumulative[-1])])


@dataclass(frozen=True)
class Mean:
    """A mean with its 95% normal-approximation interval."""

    value: float
    low: float
    high: float

    @classmethod
    def of(cls, counts: Counts) -> Mean:
        n = int(counts.counts.sum())
        mean = counts.mean
        if n < 2:
            return cls(mean, mean, mean)
        std = np.sqrt(np.dot(counts.counts, (counts.values - mean) ** 2) / (n - 1))
        half = Z95 * std / np.sqrt(n)
        return cls(mean, float(mean - half), float(mean + half))


@dataclass(frozen=True)
class Glory:
    by_seat: dict[str, Counts]
    by_pick: dict[str, Counts]
    winner: Counts  # the winner's Glory per game
    margin: Counts  # winner's Glory minus the runner-up's per game
    sources: pd.DataFrame  # mean Glory per source (columns) for each pick (rows)


@dataclass(frozen=True)
class Tile:
    """A City-state tile: games with and without it in play, and its space's users."""

    name: str
    games_in: int
    games_out: int
    rounds_in: float | None
    rounds_out: float | None
    ends_in: dict[str, float]
    ends_out: dict[str, float]
    users: Share | None  # players who used the tile's space action, when recorded


@dataclass(frozen=True)
class DraftPick:
    """One tile in the City-state draft: of the games it was in the row, how often the
    first drafting seat took it, and how often any drafting seat did."""

    name: str
    first: Share
    taken: Share


@dataclass
class CellReport:
    run: Run
    cell: dict
    players: int
    games: int
    cooperative: bool
    pick_title: str = ""  # what a seat's pick is called ("Role", "City-state"), if any
    label: str = ""  # set once all cells are known (see compare.label_cells)
    survival: Share | None = None
    seats: tuple[Share, ...] = ()
    seat_p: float | None = None  # chi-square test that every seat wins equally often
    picks: tuple[Share, ...] = ()
    strategies: tuple[Share, ...] = ()
    teams: tuple[Share, ...] = ()  # team games: each team's win share, fair 1/2
    team_picks: tuple[Share, ...] = ()  # and per pair of picks a team played
    atlantis: tuple[Share, ...] = ()  # Pillars' Atlantis: seats that held it at the end, others
    heroes: tuple[Share, ...] = ()  # Pillars' Legendary Heroes: each Hero tile, fair 1/players
    # Pillars' Solo Mode: the player's win share by the Tyrant's pick and Improved actions
    against_tyrant: tuple[Share, ...] = ()
    tyrant_improved: tuple[Share, ...] = ()
    tiles: tuple[Tile, ...] = ()
    draft: tuple[DraftPick, ...] = ()
    glory: Glory | None = None
    rounds: Counts | None = None
    mean_rounds: Mean | None = None
    end_reasons: tuple[Share, ...] = ()
    coop: CoopCell | None = None  # co-operative games: loss causes, final standing (coop.py)

    @property
    def tested(self) -> list[Share]:
        """Every share with a fair value, in the order the report lists them."""
        users = [t.users for t in self.tiles if t.users is not None]
        return [s for s in (*self.seats, *self.picks, *self.heroes, *self.strategies, *self.teams,
                            *self.team_picks, *users) if s.fair is not None]


def _require(tally: CellTally, run: Run, columns: tuple[str, ...]) -> None:
    for column in columns:
        if not tally.has(column):
            raise ReportError(f"{str(run.path)!r}: the data has no {column!r} column ; make the "
                              "dataset with a 'sim run' that writes it")


def _typical(run: Run, cell: dict, glory: Histograms, group) -> Replay | None:
    """The game to show for a group: the lowest-numbered one in which a row of the group
    ends with the group's median Glory (the lower median, a value some row has)."""
    if group not in glory.first_game:
        return None
    median = int(Counts.of(glory, group).quantile(0.5))
    return Replay(run.path, int(cell["cell"]), glory.first_game[group][median])


def _shares(sums: Sums, fair: float | None, subject, typical) -> tuple[Share, ...]:
    """A share per group key, in key order; ``typical(key)`` gives its Replay."""
    return tuple(Share(subject(key), sums.total[key], sums.count[key], fair, replay=typical(key))
                 for key in sorted(sums.count))


def _tiles(tally: CellTally, games: int, fair: float | None, typical) -> tuple[Tile, ...]:
    reasons = sorted(tally.ends.count)

    def ends(counts: dict[str, int], n: int) -> dict[str, float]:
        if not tally.has("end_reason") or not n:
            return {}
        return {r: c / n for r, c in counts.items() if c > 0}

    def mean_rounds(total: float, n: int) -> float | None:
        return total / n if tally.has("rounds") and n else None

    tiles = []
    for name in sorted(tally.tiles.count):
        games_in, rounds_in = tally.tiles.count[name], tally.tiles.total[name]
        ends_in = {r: tally.tile_ends.count.get((name, r), 0) for r in reasons}
        ends_out = {r: tally.ends.count[r] - ends_in[r] for r in reasons}
        users = None
        if tally.has("city_states_used") and fair is not None:
            users = Share(f"{TILE_USERS}{printed(name)}", tally.tile_users.total.get(name, 0.0),
                          tally.tile_users.count.get(name, 0), fair, verb="win",
                          replay=typical(name))
        tiles.append(Tile(name=printed(name), games_in=games_in, games_out=games - games_in,
                          rounds_in=mean_rounds(rounds_in, games_in),
                          rounds_out=mean_rounds(tally.rounds_total - rounds_in, games - games_in),
                          ends_in=ends(ends_in, games_in), ends_out=ends(ends_out, games - games_in),
                          users=users))
    return tuple(tiles)


def _draft(tally: CellTally) -> tuple[DraftPick, ...]:
    """The draft per tile, when the cell's seats drafted (a first pick was recorded)."""
    if not tally.draft_first.count:
        return ()
    offered = tally.draft_offered.count
    return tuple(DraftPick(printed(name),
                           Share(printed(name), tally.draft_first.count.get(name, 0), n,
                                 verb="is picked first"),
                           Share(printed(name), tally.draft_taken.count.get(name, 0), n, verb="is taken"))
                 for name, n in sorted(offered.items()))


def _glory(tally: CellTally) -> Glory:
    by_seat = {f"Seat {s + 1}": Counts.of(tally.glory_by_seat, s) for s in sorted(tally.glory_by_seat.counts)}
    names = sorted(tally.glory_by_pick.counts)
    by_pick = {printed(name): Counts.of(tally.glory_by_pick, name) for name in names}
    sources = pd.DataFrame()
    if by_pick:
        columns = list(tally.sources)
        sources = pd.DataFrame([[tally.sources[c].total[r] / tally.sources[c].count[r] for c in columns]
                                for r in names],
                               index=list(by_pick), columns=[c.removeprefix("glory_") for c in columns])
    return Glory(by_seat=by_seat, by_pick=by_pick, winner=Counts.of(tally.per_game, "winner"),
                 margin=Counts.of(tally.per_game, "margin"), sources=sources)


def summarise_cell(run: Run, cell: dict, tally: CellTally) -> CellReport:
    """What the report shows about one cell, from its aggregates alone."""
    players, games_n = int(cell["players"]), int(cell["games"])
    report = CellReport(run=run, cell=cell, players=players, games=games_n,
                        cooperative=run.info.cooperative, pick_title=run.info.pick_title)
    if tally.has("rounds"):
        report.rounds = Counts.of(tally.per_game, "rounds")
        report.mean_rounds = Mean.of(report.rounds)
    if tally.has("end_reason") and not report.cooperative:  # co-op: loss causes instead
        report.end_reasons = tuple(Share(r, float(tally.ends.count[r]), games_n, verb="ends")
                                   for r in sorted(tally.ends.count))
    if report.cooperative:
        _require(tally, run, ("won",))
        survivor = tally.first_survived  # a surviving game: what a flagged mode does too often
        replay = None if survivor is None else Replay(run.path, int(cell["cell"]), survivor)
        report.survival = Share("The table", float(tally.survived), games_n, verb="survives",
                                replay=replay)
        fair = None
    else:
        _require(tally, run, ("seat", "win_share"))
        if tally.rows != games_n * players or tally.uneven:
            raise ReportError(f"{str(run.path)!r}: cell {cell['cell']} has {tally.rows} rows for "
                              f"{games_n} games of {players} players ; {repair_hint(run.path)}")
        # Solo Mode pits a player against an automaton: no seat, pick or strategy has a
        # fair share to test against
        fair = None if tally.tyrant_improved.count else 1.0 / players
        report.seats = _shares(tally.seats, fair, lambda s: f"Seat {int(s) + 1}",
                               lambda s: _typical(run, cell, tally.glory_by_seat, s))
        if fair is not None:
            report.seat_p = seat_advantage_test([s.wins for s in report.seats])
        if tally.pick and tally.has(tally.pick):
            report.picks = _shares(tally.picks, fair, lambda r: f"{report.pick_title} {printed(r)}",
                                   lambda r: _typical(run, cell, tally.glory_by_pick, r))
        if len(tally.strategies.count) > 1:
            report.strategies = _shares(tally.strategies, fair, lambda s: f"Strategy {s}",
                                        lambda s: _typical(run, cell, tally.glory_by_strategy, s))
        if tally.teams.count:
            report.teams = _shares(tally.teams, TEAM_FAIR, lambda team: f"Team {team}", lambda _: None)
            report.team_picks = _shares(tally.team_picks, TEAM_FAIR, lambda pair: f"Team of {pair}",
                                        lambda _: None)
        report.atlantis = tuple(Share(key, tally.atlantis.total[key], tally.atlantis.count[key])
                                for key in (HELD, NOT_HELD) if key in tally.atlantis.count)
        report.heroes = _shares(tally.heroes, fair, lambda hero: f"Hero {hero}", lambda _: None)
        report.against_tyrant = _shares(tally.against_tyrant, None,
                                        lambda pick: f"Tyrant's {report.pick_title} {pick}",
                                        lambda _: None)
        report.tyrant_improved = _shares(tally.tyrant_improved, None, lambda key: key,
                                         lambda _: None)
        report.draft = _draft(tally)
        if tally.has("glory"):
            report.glory = _glory(tally)
    if tally.has("city_states"):
        report.tiles = _tiles(tally, games_n, fair,
                              lambda t: _typical(run, cell, tally.glory_by_tile_user, t))
    return report
