"""One cell's aggregates (``tally``) -> what the report shows: win shares with 95%
intervals and tests against the fair share, Glory distributions and sources, game length,
end reasons, City-state tiles, and survival for co-operative games (``coop`` adds the
rest). Flags come from all cells at once (``flags``).

The unit of every interval and test is the game: a group's value in a game is the mean
win share of its seats there (a tie splits the game, and a game counts once), so rows of
one game, which are never independent (one winner), are never counted as separate trials.
A strategy or pick is tested against what its seats alone would give it (seat-stratified,
``seat_expectation``, with the seats' edge measured in the games it is not in): its share
carries no seat's edge, and a group that sits in the same seats in every game cannot be
told apart from them and is not tested. The seats are one effect, tested once
(``seat_test``). None of this needs the run to record how its seats were assigned: each
game's seat mix is read from the data.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy import stats

from reports.datasets import ReportError, Run
from reports.names import content_key, printed
from reports.tally import HELD, NOT_HELD, CellTally
from sim.aggregate.tallies import GameShares, Histograms, Sums
from sim.runner.integrity import repair_hint
from sim.stats import per_game_interval, share_test

if TYPE_CHECKING:
    from reports.coop import CoopCell

ALPHA = 0.05  # family-wise error rate of the flags (Holm over everything tested)
TILE_USERS = "Players who used "  # the subject of a City-state's win share
Z95 = 1.959963984540054
TEAM_FAIR = 0.5  # two teams (Symmachia)


def series_group(subject: str) -> str | None:
    """The gate's series group a share's subject names ("Seat 1" is "seat 0", "Role
    veteran" is "role veteran"), None for a subject the gate has no series of."""
    kind, _, name = subject.partition(" ")
    if kind == "Seat" and name.isdigit():
        return f"seat {int(name) - 1}"
    if subject.startswith(TILE_USERS):
        return f"city-state {content_key(subject.removeprefix(TILE_USERS))}"
    if kind in ("Role", "City-state", "Strategy"):
        return f"{kind.lower()} {content_key(name)}"
    return None


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
    """``wins`` over ``n`` games (the sum of the group's per-game values: tied winners split
    a game), its 95% interval and, when ``fair`` is known, the two-sided p-value against
    the share its seats alone would give it (``expected``, else ``fair``).

    With ``squares`` (the sum of the squared per-game values) the interval is Wilson's with
    the effective number of games the per-game spread implies (a tie-split or multi-seat
    value varies less than a 0/1 one), and the test a z-test on the per-game values (their
    spread around the seats' expectation, ``spread``, when stratified). A value the same in
    every game is shown without an interval; it is not tested when it is what the group is
    tested against (one strategy in every seat: 1/players, by construction), and tested as
    n binomial games otherwise (random-legal play that never wins: a measured zero, not a
    construction). Without ``squares`` each game is a 0/1 trial (an end reason, survival)
    and both are the binomial ones."""

    subject: str  # "Seat 1", "Role veteran", "City-state sparta", "parthenon" ...
    wins: float
    n: int
    fair: float | None = None
    verb: str = "wins"
    replay: Replay | None = None  # a typical game of the group
    squares: float | None = None
    expected: float | None = None  # the share its seats alone would give (seat-stratified)
    spread: float | None = None  # sd per game of the value minus its seats' expectation
    separable: bool = True  # False: the group sits in the same seats in every game

    @property
    def share(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def sd(self) -> float | None:
        """Standard deviation of the per-game value (None when not known)."""
        if self.squares is None:
            return None
        if self.n < 2:
            return 0.0
        return float(np.sqrt(max(self.squares - self.n * self.share ** 2, 0.0) / (self.n - 1)))

    @property
    def exact(self) -> bool:
        """The same value in every game (e.g. one strategy in every seat: 1/players)."""
        return self.sd is not None and self.sd < 1e-12

    @property
    def interval(self) -> tuple[float, float]:
        return per_game_interval(self.share, self.sd, self.n)

    @property
    def percent_text(self) -> str:
        """'31.6% (31.5-31.7)': the share and its interval, as the flag sentences write it;
        '50.0% in every game' for an exact one."""
        if self.exact:
            return f"{100 * self.share:.1f}% in every game"
        low, high = self.interval
        return f"{100 * self.share:.1f}% ({100 * low:.1f}-{100 * high:.1f})"

    @property
    def target(self) -> float | None:
        """What the share is tested against: its seats' expectation, else the fair share."""
        return self.expected if self.expected is not None else self.fair

    @property
    def testable(self) -> bool:
        if self.fair is None or not self.separable:
            return False
        return not (self.exact and abs(self.share - self.target) < 1e-9)

    @property
    def p(self) -> float:
        if not self.testable:
            return 1.0
        if self.exact:
            return float(share_test(self.wins, self.n, self.target))
        spread = self.spread if self.spread is not None else self.sd
        if spread is None:
            return float(share_test(self.wins, self.n, self.fair))
        if spread == 0.0:
            return 1.0 if self.share == self.target else 0.0
        z = (self.share - self.target) / (spread / np.sqrt(self.n))
        return float(2 * stats.norm.sf(abs(z)))


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


@dataclass(frozen=True)
class SeatTest:
    """Whether every seat wins equally often: one test of the seats' per-game shares
    together (a Wald test with their covariance across games; ties split a game)."""

    seats: tuple[Share, ...]
    p: float

    @property
    def furthest(self) -> Share:
        """The seat furthest from the fair share: the flag names it."""
        return max(self.seats, key=lambda s: abs(s.share - s.fair))


def seat_test(seats: tuple[Share, ...], total: np.ndarray, outer: np.ndarray, games: int) -> SeatTest:
    """The Wald test that the mean per-game seat shares are all 1/players; the shares of a
    game sum to 1, so the last seat is left out (``players - 1`` degrees of freedom)."""
    p = len(seats)
    mean = total / games
    cov = (outer - games * np.outer(mean, mean)) / max(games - 1, 1)
    gap = mean[:-1] - 1.0 / p
    inner = cov[:-1, :-1]
    rank = np.linalg.matrix_rank(inner) if p > 1 else 0
    if rank == 0:  # every game split the same way: nothing varies to test
        return SeatTest(seats, 1.0 if np.allclose(gap, 0) else 0.0)
    wald = games * float(gap @ np.linalg.pinv(inner) @ gap)
    return SeatTest(seats, float(stats.chi2.sf(wald, rank)))


def seat_expectation(games: GameShares, key, seat_total: np.ndarray, seat_outer: np.ndarray,
                     all_games: int) -> dict[str, object]:
    """A group's seat-stratified expectation and spread (``Share`` fields). The seats' mean
    shares are taken over the games the group is *not* in (dealt or offered at random, so
    those games show the seats' own edge, not the group's), or over every game for a group
    in every game; its expectation is the mean over its games of those means for the seats
    it sat in. The spread is the standard deviation per game of its share minus that, the
    seat means' own uncertainty included. ``separable`` is False when it sat in the same
    seats in every game of the cell: then it cannot be told apart from them."""
    n = games.games[key]
    rest = all_games - n
    if rest >= 2:
        means = (seat_total - games.seats_in[key]) / rest
        scatter = seat_outer - games.seats_outer[key] - rest * np.outer(means, means)
        means_cov = scatter / (rest - 1) / rest
    else:
        means, means_cov = seat_total / all_games, np.zeros((len(seat_total),) * 2)
    mix = games.mix[key] / n
    expected = float(mix @ means)
    squares = (games.squares[key] - 2 * float(games.cross[key] @ means)
               + float(means @ games.outer[key] @ means))
    mean = games.total[key] / n - expected
    within = max(squares - n * mean * mean, 0.0) / max(n - 1, 1)
    spread = float(np.sqrt(within + n * float(mix @ means_cov @ mix)))
    return {"squares": games.squares[key], "expected": expected, "spread": spread,
            "separable": games.varied[key] or rest >= 2}


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
    seat_test: SeatTest | None = None  # do the seats win equally often (one test)
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
        """Every share tested on its own, in the order the report lists them: the seats are
        tested together (``seat_test``), and of two strategies sharing every table, which
        are one effect (one's gain is the other's loss), only the one further from what its
        seats would give it (the fewer seats it has, the further)."""
        strategies = self.strategies
        if len(strategies) == 2:
            strategies = (max(strategies, key=lambda s: abs(s.share - s.target)),)
        return [s for s in (*self.picks, *self.heroes, *strategies, *self.teams,
                            *self.team_picks) if s.testable]

    @property
    def strategies_fixed(self) -> bool:
        """Every strategy sits in the same seats in every game: strategy is seat here."""
        return bool(self.strategies) and not any(s.separable for s in self.strategies)


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


def _game_shares(games: GameShares, tally: CellTally, all_games: int, fair: float | None,
                 subject, typical) -> tuple[Share, ...]:
    """A share per group over the games it is in, seat-stratified (``seat_expectation``)."""
    return tuple(Share(subject(key), games.total[key], games.games[key], fair, replay=typical(key),
                       **seat_expectation(games, key, tally.seat_total, tally.seat_outer,
                                          all_games))
                 for key in sorted(games.games))


def _seat_shares(tally: CellTally, fair: float | None, subject,
                 typical) -> tuple[Share, ...]:
    """Each seat's share over every game, with the sum of its squared per-game values."""
    squares = np.diag(tally.seat_outer)
    return tuple(Share(subject(key), tally.seats.total[key], tally.seats.count[key], fair,
                       replay=typical(key), squares=float(squares[int(key)]))
                 for key in sorted(tally.seats.count))


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
            # players choose the tiles they use, and a seat that uses more of them wins
            # more, so their share is shown but never tested against the fair one
            users = Share(f"{TILE_USERS}{printed(name)}", tally.tile_users.total.get(name, 0.0),
                          tally.tile_users.count.get(name, 0), verb="win",
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


def _per_game_groups(report: CellReport, tally: CellTally, run: Run, cell: dict,
                     fair: float | None) -> None:
    """The seats' joint test and the picks' and strategies' seat-stratified shares, with the
    game as the unit."""
    games = report.games
    if fair is not None:
        report.seat_test = seat_test(report.seats, tally.seat_total, tally.seat_outer, games)
    if tally.pick_games is not None:
        report.picks = _game_shares(tally.pick_games, tally, games, fair,
                                    lambda r: f"{report.pick_title} {printed(r)}",
                                    lambda r: _typical(run, cell, tally.glory_by_pick, r))
    if tally.strategy_games is not None and len(tally.strategy_games.games) > 1:
        report.strategies = _game_shares(tally.strategy_games, tally, games, fair,
                                         lambda s: f"Strategy {s}",
                                         lambda s: _typical(run, cell, tally.glory_by_strategy, s))


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
        report.seats = _seat_shares(tally, fair, lambda s: f"Seat {int(s) + 1}",
                                    lambda s: _typical(run, cell, tally.glory_by_seat, s))
        _per_game_groups(report, tally, run, cell, fair)
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
