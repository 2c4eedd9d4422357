"""What "How the bots play" needs of one cell, read chunk by chunk in whole games: per
group of players (a strategy, at a skill level) the use of each play-profile mechanism
(``use_<name>``), the Glory by source, and a typical game; per pick the win shares seat by
seat (for the seat-adjusted share) and the draft (first pick, taken). Memory is fixed per
group and pick, whatever the number of games.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pyarrow as pa

from sim.aggregate.scan import categories, open_data, tile_members, whole_games
from sim.aggregate.tallies import Histograms, Sums
from sim.games.play_profile import COLUMN_PREFIX
from sim.runner.batches import DATA_DIR

BASE = ("game", "seat", "strategy", "glory", "win_share", "draft_order", "city_states_offered",
        "end_reason")
STALLED = "round_limit"  # the end of a game the engine stopped at its safety limit of rounds


@dataclass
class Ratio:
    """A ratio of sums over games, sum(y) / sum(m), with the sums a game-clustered
    variance needs: games are independent, the rows of one game are not."""

    y: float = 0.0
    m: float = 0.0
    yy: float = 0.0
    ym: float = 0.0
    mm: float = 0.0
    games: int = 0

    def add(self, y: np.ndarray, m: np.ndarray) -> None:
        """Per game of a chunk: its summed ``y`` and ``m`` (games with m = 0 add nothing)."""
        kept = m > 0
        y, m = y[kept].astype(float), m[kept].astype(float)
        self.y += y.sum()
        self.m += m.sum()
        self.yy += (y * y).sum()
        self.ym += (y * m).sum()
        self.mm += (m * m).sum()
        self.games += int(kept.sum())

    @property
    def value(self) -> float:
        return self.y / self.m if self.m else 0.0


@dataclass
class GroupTally:
    """One group's player-games: mechanism use, Glory by source, Glory (typical game)."""

    uses: dict[str, Ratio] = field(default_factory=dict)  # mechanism -> count per player-game
    used: dict[str, Ratio] = field(default_factory=dict)  # mechanism -> share of player-games
    sources: dict[str, Ratio] = field(default_factory=dict)  # source -> share of all Glory


@dataclass
class PlayTally:
    mechanisms: tuple[str, ...]  # the profile's names whose columns the data has
    sources: tuple[str, ...]  # glory_<source> columns
    pick: str = ""
    groups: dict[str, GroupTally] = field(default_factory=dict)
    glory: Histograms = field(default_factory=Histograms)  # by group, with first games
    by_seat: Sums = field(default_factory=Sums)  # (pick, seat) -> win shares
    offered: Sums = field(default_factory=Sums)  # pick -> games it could be drafted
    first_offered: dict[str, int] = field(default_factory=dict)  # pick -> lowest such game
    first: Sums = field(default_factory=Sums)  # pick -> games drafted first
    taken: Sums = field(default_factory=Sums)  # pick -> games a drafting seat took it
    drafted: bool = False  # some seat drafted (a draft_order above 0)
    games: int = 0
    stalled: int = 0  # games stopped at the safety limit, not ended by the rules
    first_stalled: int = -1  # the lowest such game

    def _add_stalls(self, table: pa.Table, game: np.ndarray, starts: np.ndarray) -> None:
        self.games += int(starts.size)
        if "end_reason" not in table.column_names:
            return
        ends = table["end_reason"].take(starts).to_numpy(zero_copy_only=False)
        stalled = game[starts][ends == STALLED]
        if stalled.size:
            self.stalled += int(stalled.size)
            low = int(stalled.min())
            self.first_stalled = low if self.first_stalled < 0 else min(self.first_stalled, low)

    def add(self, table: pa.Table, group_of) -> None:
        """One chunk of whole games; ``group_of(strategy)`` names a row's group."""
        game = table["game"].to_numpy().astype(np.int64)
        games, per_game = np.unique(game, return_inverse=True)
        starts = np.flatnonzero(np.r_[True, game[1:] != game[:-1]])  # a game's first row
        self._add_stalls(table, game, starts)
        names, codes = categories(table["strategy"]) if "strategy" in table.column_names \
            else ([""], np.zeros(table.num_rows, np.int64))
        labels = [group_of(n) for n in names]
        row_group = np.array(labels, dtype=object)[codes] if len(codes) else np.array([], object)
        glory = table["glory"].to_numpy().astype(np.int64) if "glory" in table.column_names else None
        for label in sorted(set(labels)):
            rows = row_group == label
            if not rows.any():
                continue
            self._add_group(label, table, rows, per_game, len(games), glory)
            if glory is not None:
                self.glory.add(label, glory[rows], game[rows])
        if self.pick and self.pick in table.column_names and "seat" in table.column_names:
            self._add_picks(table, game, starts)

    def _add_group(self, label: str, table: pa.Table, rows: np.ndarray, per_game: np.ndarray,
                   n_games: int, glory: np.ndarray | None) -> None:
        g = self.groups.setdefault(label, GroupTally())
        at = per_game[rows]
        members = np.bincount(at, minlength=n_games)
        for name in self.mechanisms:
            count = table[COLUMN_PREFIX + name].to_numpy().astype(float)[rows]
            g.uses.setdefault(name, Ratio()).add(np.bincount(at, weights=count, minlength=n_games),
                                                 members)
            g.used.setdefault(name, Ratio()).add(
                np.bincount(at, weights=(count > 0).astype(float), minlength=n_games), members)
        if glory is not None and self.sources:
            total = np.bincount(at, weights=glory[rows].astype(float), minlength=n_games)
            for source in self.sources:
                part = table[f"glory_{source}"].to_numpy().astype(float)[rows]
                g.sources.setdefault(source, Ratio()).add(
                    np.bincount(at, weights=part, minlength=n_games), total)

    def _add_picks(self, table: pa.Table, game: np.ndarray, starts: np.ndarray) -> None:
        picks, codes = categories(table[self.pick])
        seat = table["seat"].to_numpy().astype(np.int64)
        if "win_share" in table.column_names:
            share = table["win_share"].to_numpy()
            keys = codes * 64 + seat
            for key in np.unique(keys):
                rows = keys == key
                self.by_seat.add((picks[key // 64], int(key % 64)), int(rows.sum()),
                                 float(share[rows].sum()))
        if "draft_order" not in table.column_names:
            return
        order = table["draft_order"].to_numpy()
        drafting = order > 0
        if not drafting.any():
            return
        self.drafted = True
        self.first.add_coded(picks, codes[order == 1])
        self.taken.add_coded(picks, codes[drafting])
        if "city_states_offered" in table.column_names:
            combos, combo_codes = categories(table["city_states_offered"].take(starts))
            tiles, member = tile_members(combos)
            in_row = member[combo_codes]  # [game, tile]
        else:  # every pick of the game could be drafted in every game
            tiles = picks
            in_row = np.ones((starts.size, len(picks)), bool)
        for j, tile in enumerate(tiles):
            where = np.flatnonzero(in_row[:, j])
            if where.size:
                self.offered.add(tile, int(where.size), float(where.size))
                lowest = int(game[starts][where].min())
                self.first_offered[tile] = min(lowest, self.first_offered.get(tile, lowest))


def read_play(path, cell: dict, mechanisms: tuple[str, ...], pick: str, group_of) -> PlayTally:
    """One cell's play tally from the run folder ``path`` (only the columns it needs);
    OSError or ValueError when the data does not read."""
    data = open_data(path / DATA_DIR)
    available = data.schema.names
    present = tuple(m for m in mechanisms if COLUMN_PREFIX + m in available)
    sources = tuple(c.removeprefix("glory_") for c in available if c.startswith("glory_"))
    tally = PlayTally(mechanisms=present, sources=sources, pick=pick)
    wanted = [c for c in available if c in BASE or c == pick or c.startswith("glory_")
              or c in {COLUMN_PREFIX + m for m in present}]
    if "game" in wanted:
        for chunk in whole_games(data, cell["cell"], wanted):
            tally.add(chunk, group_of)
    return tally
