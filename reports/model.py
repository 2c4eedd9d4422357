"""One cell's rows -> what the report shows: win shares with 95% Wilson intervals and
tests against the fair share, Glory distributions and sources, game length, end reasons,
City-state tiles, and survival for co-operative games (``coop`` adds the rest). Flags
come from all cells at once (``flags``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from reports.datasets import ReportError, Run, repair_hint
from sim.stats import seat_advantage_test, share_test, wilson_interval

if TYPE_CHECKING:
    from reports.coop import CoopCell

ALPHA = 0.05  # family-wise error rate of the flags (Holm over everything tested)
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Share:
    """``wins`` out of ``n`` (win shares summed, so tied winners split a game), its 95%
    Wilson interval and, when ``fair`` is known, the two-sided p-value against it."""

    subject: str  # "Seat 1", "Role veteran", "parthenon" ...
    wins: float
    n: int
    fair: float | None = None
    verb: str = "wins"

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
    def of(cls, series) -> Counts:
        values, counts = np.unique(np.asarray(series), return_counts=True)
        return cls(values, counts)

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
    def of(cls, series) -> Mean:
        x = np.asarray(series, dtype=float)
        half = Z95 * x.std(ddof=1) / np.sqrt(x.size) if x.size > 1 else 0.0
        return cls(float(x.mean()), float(x.mean() - half), float(x.mean() + half))


@dataclass(frozen=True)
class Glory:
    by_seat: dict[str, Counts]
    by_role: dict[str, Counts]
    winner: Counts  # the winner's Glory per game
    margin: Counts  # winner's Glory minus the runner-up's per game
    sources: pd.DataFrame  # mean Glory per source (columns) for each Role (rows)


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


@dataclass
class CellReport:
    run: Run
    cell: dict
    players: int
    games: int
    cooperative: bool
    label: str = ""  # set once all cells are known (see compare.label_cells)
    survival: Share | None = None
    seats: tuple[Share, ...] = ()
    seat_p: float | None = None  # chi-square test that every seat wins equally often
    roles: tuple[Share, ...] = ()
    strategies: tuple[Share, ...] = ()
    tiles: tuple[Tile, ...] = ()
    glory: Glory | None = None
    rounds: Counts | None = None
    mean_rounds: Mean | None = None
    end_reasons: tuple[Share, ...] = ()
    coop: CoopCell | None = None  # co-operative games: loss causes, final standing (coop.py)

    @property
    def tested(self) -> list[Share]:
        """Every share with a fair value, in the order the report lists them."""
        users = [t.users for t in self.tiles if t.users is not None]
        return [s for s in (*self.seats, *self.roles, *self.strategies, *users) if s.fair is not None]


def _require(frame: pd.DataFrame, run: Run, columns: tuple[str, ...]) -> None:
    for column in columns:
        if column not in frame.columns:
            raise ReportError(f"{str(run.path)!r}: the data has no {column!r} column ; make the "
                              "dataset with a 'sim run' that writes it")


def _shares(frame: pd.DataFrame, column: str, fair: float, subject) -> tuple[Share, ...]:
    grouped = frame.groupby(column, observed=True)["win_share"].agg(["sum", "count"])
    grouped.index = grouped.index.tolist()  # plain values, sorted by value, not by category
    return tuple(Share(subject(key), float(grouped.at[key, "sum"]), int(grouped.at[key, "count"]), fair)
                 for key in sorted(grouped.index))


def _categories(column: pd.Series) -> tuple[list[str], np.ndarray]:
    """A string column as (names, integer code per row)."""
    column = column.astype("category")
    return [str(c) for c in column.cat.categories], column.cat.codes.to_numpy()


def _tile_names(column: pd.Series) -> tuple[list[str], np.ndarray]:
    """Tile names in a comma-separated string column, and a (row, tile) in-list mask."""
    combos, codes = _categories(column)
    split = [[n for n in c.split(",") if n] for c in combos]
    names = sorted({n for parts in split for n in parts})
    member = np.array([[n in parts for n in names] for parts in split], dtype=bool)
    return names, member.reshape(len(combos), len(names))[codes]


def _tiles(frame: pd.DataFrame, games: pd.DataFrame, fair: float | None) -> tuple[Tile, ...]:
    names, in_play = _tile_names(games["city_states"])
    rounds = games["rounds"].to_numpy(dtype=float) if "rounds" in games.columns else None
    reasons, reason_codes = _categories(games["end_reason"]) if "end_reason" in games.columns else ([], None)

    def mean_rounds(mask) -> float | None:
        return float(rounds[mask].mean()) if rounds is not None and mask.any() else None

    def ends(mask) -> dict[str, float]:
        if reason_codes is None or not mask.any():
            return {}
        counts = np.bincount(reason_codes[mask], minlength=len(reasons)) / mask.sum()
        return {r: float(c) for r, c in sorted(zip(reasons, counts, strict=True)) if c > 0}

    used = None
    if "city_states_used" in frame.columns and fair is not None:
        used_names, used_mask = _tile_names(frame["city_states_used"])
        used = {n: used_mask[:, i] for i, n in enumerate(used_names)}
    win_share = frame["win_share"].to_numpy() if used is not None else None
    tiles = []
    for t, name in enumerate(names):
        inside = in_play[:, t]
        users = None
        if used is not None:
            mask = used.get(name, np.zeros(len(frame), dtype=bool))
            users = Share(f"Players who used {name}", float(win_share[mask].sum()), int(mask.sum()),
                          fair, verb="win")
        tiles.append(Tile(name=name, games_in=int(inside.sum()), games_out=int((~inside).sum()),
                          rounds_in=mean_rounds(inside), rounds_out=mean_rounds(~inside),
                          ends_in=ends(inside), ends_out=ends(~inside), users=users))
    return tuple(tiles)


def _glory(frame: pd.DataFrame, players: int) -> Glory:
    glory = frame["glory"].to_numpy()
    by_seat = {f"Seat {s + 1}": Counts.of(glory[frame["seat"].to_numpy() == s])
               for s in sorted(frame["seat"].unique())}
    by_role: dict[str, Counts] = {}
    sources = pd.DataFrame()
    if "role" in frame.columns:
        roles, codes = _categories(frame["role"])
        present = sorted((name, i) for i, name in enumerate(roles) if (codes == i).any())
        by_role = {name: Counts.of(glory[codes == i]) for name, i in present}
        columns = [c for c in frame.columns if c.startswith("glory_")]
        sums = np.stack([np.bincount(codes, weights=frame[c].to_numpy(), minlength=len(roles))
                         for c in columns], axis=1)
        rows = np.bincount(codes, minlength=len(roles))
        sources = pd.DataFrame(sums[[i for _, i in present]] / rows[[i for _, i in present], None],
                               index=[name for name, _ in present],
                               columns=[c.removeprefix("glory_") for c in columns])
    order = np.lexsort((glory, frame["game"].to_numpy()))
    ranked = glory[order].reshape(-1, players)  # each game's Glory, lowest first
    margin = ranked[:, -1] - ranked[:, -2] if players > 1 else ranked[:, -1] * 0
    return Glory(by_seat=by_seat, by_role=by_role, winner=Counts.of(ranked[:, -1]),
                 margin=Counts.of(margin), sources=sources)


def summarise_cell(run: Run, cell: dict, frame: pd.DataFrame) -> CellReport:
    """What the report shows about one cell, from its rows alone."""
    players, games_n = int(cell["players"]), int(cell["games"])
    report = CellReport(run=run, cell=cell, players=players, games=games_n,
                        cooperative=run.info.cooperative)
    games = frame.drop_duplicates("game")
    if "rounds" in games.columns:
        report.rounds = Counts.of(games["rounds"])
        report.mean_rounds = Mean.of(games["rounds"])
    if "end_reason" in games.columns and not report.cooperative:  # co-op: loss causes instead
        reasons, codes = _categories(games["end_reason"])
        counts = np.bincount(codes, minlength=len(reasons))
        report.end_reasons = tuple(Share(r, float(c), games_n, verb="ends")
                                   for r, c in sorted(zip(reasons, counts, strict=True)) if c > 0)
    if report.cooperative:
        _require(frame, run, ("won",))
        report.survival = Share("The table", float(games["won"].sum()), games_n, verb="survives")
        fair = None
    else:
        _require(frame, run, ("seat", "win_share"))
        if len(frame) != games_n * players:
            raise ReportError(f"{str(run.path)!r}: cell {cell['cell']} has {len(frame)} rows for "
                              f"{games_n} games of {players} players ; {repair_hint(run.path)}")
        fair = 1.0 / players
        report.seats = _shares(frame, "seat", fair, lambda s: f"Seat {int(s) + 1}")
        report.seat_p = seat_advantage_test([s.wins for s in report.seats])
        if "role" in frame.columns:
            report.roles = _shares(frame, "role", fair, lambda r: f"Role {r}")
        if "strategy" in frame.columns and frame["strategy"].nunique() > 1:
            report.strategies = _shares(frame, "strategy", fair, lambda s: f"Strategy {s}")
        if "glory" in frame.columns:
            report.glory = _glory(frame, players)
    if "city_states" in games.columns:
        report.tiles = _tiles(frame, games, fair)
    return report
