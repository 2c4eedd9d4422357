"""What the report needs of one cell, accumulated chunk by chunk (``sim.aggregate``):
win-share sums per seat, per-game shares of each pick (a seat's Role or City-state, the
game's ``pick_column``) and strategy with their seat mix, exact histograms of Glory, rounds,
the winner's Glory and the margin, Glory by source per pick, end reasons, City-state
tiles, the City-state draft and the co-operative measures. Memory is fixed per group,
whatever the number of games.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from sim.aggregate.scan import categories, tile_members
from sim.aggregate.tallies import GameShares, Histograms, Sums

CAUSE_COLUMNS = ("loss_cause", "end_reason")  # the first one a dataset has names the loss
WANTED = ("game", "seat", "team", "win_share", "won", "strategy", "glory", "rounds", "end_reason",
          "city_states", "city_states_used", "draft_order", "city_states_offered", "loss_cause",
          "morale", "structures", "heroic_event", "heroic_success", "holds_atlantis",
          "hero", "tyrant_improved")
HELD, NOT_HELD = "held Atlantis at the end", "did not"  # the seats of a game with Atlantis
STANDINGS = ("morale", "structures")  # whole-number measures of the city at a co-op game's end


def columns_to_read(available: list[str], pick: str) -> list[str]:
    """The report's columns among a dataset's, the pick column and Glory sources included."""
    return [c for c in available if c in WANTED or c == pick or c.startswith("glory_")]


def _per_tile(combos: list[str], per_combo: np.ndarray) -> tuple[list[str], np.ndarray]:
    """Tile names as ``tile_members`` gives them, and for each tile the sum of
    ``per_combo``'s rows over the combinations that hold it (counts stay exact)."""
    tiles, member = tile_members(combos)
    return tiles, member.T @ per_combo


def _team_picks(picks: np.ndarray, group: np.ndarray, names: list[str]) -> tuple[list[str], np.ndarray]:
    """Per team of a game (``group``, a code per row), the picks its seats played ("troia",
    "athenai + sparta", in name order; a team has one or two seats): names and a code per
    group."""
    order = np.argsort(group, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(group[order]) != 0])
    low = np.minimum.reduceat(picks[order], starts)
    high = np.maximum.reduceat(picks[order], starts)
    size = np.diff(np.r_[starts, group.size])
    high = np.where(size == 1, -1, high)  # a team of one seat
    pairs, pair_codes = np.unique(low * (len(names) + 1) + high + 1, return_inverse=True)
    labels = []
    for p in pairs:
        first, second = divmod(int(p), len(names) + 1)
        labels.append(" + ".join(sorted((names[first], names[second - 1]))) if second
                      else names[first])
    return labels, pair_codes


@dataclass
class CellTally:
    """One cell's aggregates. Shares are win-share sums and row counts keyed by group;
    histograms are exact counts of each whole-number value."""

    columns: tuple[str, ...]
    pick: str = ""  # the game's per-seat pick column ("role", "city_state"), if it has one
    games: int = 0
    rows: int = 0
    seats: Sums = field(default_factory=Sums)  # keyed by seat number
    # team games (a ``team`` column): each team's result once per game, by team and by the
    # pair of picks the team played
    teams: Sums = field(default_factory=Sums)
    team_picks: Sums = field(default_factory=Sums)
    atlantis: Sums = field(default_factory=Sums)  # Pillars' Atlantis: HELD, NOT_HELD seats
    heroes: Sums = field(default_factory=Sums)  # Pillars' Legendary Heroes: per Hero tile
    # Pillars' Solo Mode: the player's win share per the Tyrant's pick and per the set of
    # his Improved actions at the end
    against_tyrant: Sums = field(default_factory=Sums)
    tyrant_improved: Sums = field(default_factory=Sums)
    # Glory histograms per seat, pick, strategy and tile user (the seats that used the
    # tile's space), each with the lowest game holding each value (a typical game to show)
    glory_by_seat: Histograms = field(default_factory=Histograms)
    glory_by_pick: Histograms = field(default_factory=Histograms)
    glory_by_strategy: Histograms = field(default_factory=Histograms)
    glory_by_tile_user: Histograms = field(default_factory=Histograms)
    sources: dict[str, Sums] = field(default_factory=dict)  # glory_* column -> sums per pick
    per_game: Histograms = field(default_factory=Histograms)  # rounds, winner, margin, standings
    ends: Sums = field(default_factory=Sums)  # games per end reason
    tiles: Sums = field(default_factory=Sums)  # per tile: games with it in play, their rounds
    tile_ends: Sums = field(default_factory=Sums)  # per (tile, end reason): games
    rounds_total: int = 0
    tile_users: Sums = field(default_factory=Sums)  # per tile: win shares of the seats that used it
    # the City-state draft, per tile: games it was in the row, picked first, taken at all
    draft_offered: Sums = field(default_factory=Sums)
    draft_first: Sums = field(default_factory=Sums)
    draft_taken: Sums = field(default_factory=Sums)
    survived: int = 0
    first_survived: int | None = None  # the lowest game the table survived
    # per game index (one byte each): played, and survived; cells on one seed share deals,
    # so the mode-order check pairs them game by game
    played_games: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))
    survived_games: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))
    causes: Sums = field(default_factory=Sums)  # lost games per cause
    heroic_drawn: int = 0  # games that drew a Heroic Event
    heroic_fulfilled: int = 0
    heroic_cards: Sums = field(default_factory=Sums)  # per card: games drawn, fulfilled
    uneven: bool = False  # a game with another number of rows than the cell's players
    # per game, the unit of every test: picks' and strategies' shares per game with their
    # seat mix (``GameShares``), and the sum and outer products of the seats' shares
    pick_games: GameShares | None = None
    strategy_games: GameShares | None = None
    seat_total: np.ndarray | None = None
    seat_outer: np.ndarray | None = None

    def has(self, column: str) -> bool:
        return column in self.columns

    def add(self, table: pa.Table, players: int) -> None:
        """One chunk of whole games (``sim.aggregate.scan.whole_games``)."""
        game = table["game"].to_numpy()
        if np.any(game[1:] < game[:-1]):
            table = table.take(np.argsort(game, kind="stable"))
            game = table["game"].to_numpy()
        starts = np.flatnonzero(np.r_[True, game[1:] != game[:-1]])  # each game's first row
        self.games += starts.size
        self.rows += table.num_rows
        per_game = table.take(starts)
        self._add_game_level(per_game)
        if self.has("won") and not self.has("seat"):  # co-operative: one row per game
            self._add_coop(per_game)
        if self.has("seat") and self.has("win_share"):
            self.uneven |= table.num_rows != starts.size * players
            self._add_seats(table, players)
            if not self.uneven:
                self._add_per_game(table, players)

    def _add_game_level(self, games: pa.Table) -> None:
        rounds = games["rounds"].to_numpy().astype(np.int64) if self.has("rounds") else None
        if rounds is not None:
            self.per_game.add("rounds", rounds)
            self.rounds_total += int(rounds.sum())
        reasons, reason_codes = categories(games["end_reason"]) if self.has("end_reason") else ([], None)
        if reason_codes is not None:
            self.ends.add_coded(reasons, reason_codes)
        if self.has("city_states"):
            combos, combo_codes = categories(games["city_states"])
            in_play = np.bincount(combo_codes, minlength=len(combos))
            weights = rounds if rounds is not None else np.zeros(len(combo_codes))
            tiles, per_tile = _per_tile(combos, np.stack([
                in_play, np.bincount(combo_codes, weights=weights, minlength=len(combos))], axis=1))
            for tile, (count, rounds_in) in zip(tiles, per_tile, strict=True):
                if count:  # a dictionary may name combinations no game of the chunk has
                    self.tiles.add(tile, count, rounds_in)
            if reason_codes is not None:
                ends = np.bincount(combo_codes * len(reasons) + reason_codes,
                                   minlength=len(combos) * len(reasons)).reshape(len(combos), -1)
                for tile, counts in zip(*_per_tile(combos, ends), strict=True):
                    for reason, count in zip(reasons, counts, strict=True):
                        if count:
                            self.tile_ends.add((tile, reason), count, count)
        if self.has("city_states_offered"):
            combos, combo_codes = categories(games["city_states_offered"])
            in_row = np.bincount(combo_codes, minlength=len(combos))
            for tile, count in zip(*_per_tile(combos, in_row), strict=True):
                if count:
                    self.draft_offered.add(tile, count, count)
        for column in STANDINGS:
            if self.has(column):
                self.per_game.add(column, games[column].to_numpy().astype(np.int64))

    def _add_seats(self, table: pa.Table, players: int) -> None:
        share = table["win_share"].to_numpy()
        seat = table["seat"].to_numpy().astype(np.int64)
        game = table["game"].to_numpy().astype(np.int64)
        self.seats.add_coded(list(range(int(seat.max()) + 1)), seat, share)
        glory = table["glory"].to_numpy().astype(np.int64) if self.has("glory") else None
        if glory is not None:
            self.glory_by_seat.add_coded(list(range(int(seat.max()) + 1)), seat, glory, game)
            if not self.uneven:
                self._add_winners(game, glory, players)
        if self.pick and self.has(self.pick):
            picks, codes = categories(table[self.pick])
            if glory is not None:
                self.glory_by_pick.add_coded(picks, codes, glory, game)
                for column in (c for c in self.columns if c.startswith("glory_")):
                    self.sources.setdefault(column, Sums()).add_coded(
                        picks, codes, table[column].to_numpy().astype(float))
        if self.has("team"):
            self._add_teams(table, share)
        if self.has("holds_atlantis"):
            self._add_atlantis(table["holds_atlantis"], share)
        if self.has("tyrant_improved"):
            self._add_solo(table, share)
        if self.has("hero"):
            played = pc.is_valid(table["hero"]).to_numpy(zero_copy_only=False)
            if played.any():
                names, codes = categories(table["hero"].filter(pa.array(played)))
                self.heroes.add_coded(names, codes, share[played])
        if self.has("draft_order") and self.pick and self.has(self.pick):
            order = table["draft_order"].to_numpy()
            picks, codes = categories(table[self.pick])
            self.draft_first.add_coded(picks, codes[order == 1])
            self.draft_taken.add_coded(picks, codes[order > 0])
        if self.has("strategy"):
            strategies, codes = categories(table["strategy"])
            if glory is not None:
                self.glory_by_strategy.add_coded(strategies, codes, glory, game)
        if self.has("city_states_used"):
            combos, codes = categories(table["city_states_used"])
            tiles, member = tile_members(combos)
            per_tile = member.T @ np.stack([np.bincount(codes, minlength=len(combos)),
                                            np.bincount(codes, weights=share, minlength=len(combos))],
                                           axis=1)
            for j, (tile, (count, wins)) in enumerate(zip(tiles, per_tile, strict=True)):
                if count:
                    self.tile_users.add(tile, count, wins)
                    if glory is not None:
                        users = member[codes, j] > 0
                        self.glory_by_tile_user.add(tile, glory[users], game[users])

    def _add_per_game(self, table: pa.Table, players: int) -> None:
        """The per-game values the tests use: each game's vector of seat shares, and each
        pick's and strategy's share per game with its seat mix."""
        share = table["win_share"].to_numpy().astype(np.float64)
        seat = table["seat"].to_numpy().astype(np.int64)
        game = table["game"].to_numpy().astype(np.int64)
        _, position = np.unique(game, return_inverse=True)
        x = np.zeros((position.max() + 1, players))
        np.add.at(x, (position, seat), share)
        self.seat_total = x.sum(axis=0) + (0 if self.seat_total is None else self.seat_total)
        self.seat_outer = x.T @ x + (0 if self.seat_outer is None else self.seat_outer)
        for column, name in ((self.pick, "pick_games"), ("strategy", "strategy_games")):
            if column and self.has(column):
                names, codes = categories(table[column])
                if getattr(self, name) is None:
                    setattr(self, name, GameShares(players))
                getattr(self, name).add_rows(names, codes, game, seat, share)

    def _add_teams(self, table: pa.Table, share: np.ndarray) -> None:
        """Each team's result per game, the win shares of its seats summed (Symmachia's
        partners, the Siege of Destiny's sides): by team and by the picks the team played."""
        valid = pc.is_valid(table["team"]).to_numpy(zero_copy_only=False)
        if not valid.any():
            return
        rows = pa.array(valid)
        names, codes = categories(table["team"].filter(rows))
        game = table["game"].filter(rows).to_numpy().astype(np.int64)
        groups, group = np.unique(game * len(names) + codes, return_inverse=True)
        result = np.bincount(group, weights=share[valid])
        self.teams.add_coded(names, groups % len(names), result)
        if self.pick and self.has(self.pick):
            pick_names, picks = categories(table[self.pick].filter(rows))
            labels, pair_codes = _team_picks(picks, group, pick_names)
            self.team_picks.add_coded(labels, pair_codes, result)

    def _add_solo(self, table: pa.Table, share: np.ndarray) -> None:
        """In Solo Mode (a ``tyrant_improved`` column), the player's (seat 1) result per game
        by the Tyrant's (seat 0) pick, and for each of his Rondel actions by whether it was
        Improved at the end."""
        played = pc.is_valid(table["tyrant_improved"]).to_numpy(zero_copy_only=False)
        if not played.any():
            return
        seat = table["seat"].to_numpy()
        game = table["game"].to_numpy()
        tyrant, you = played & (seat == 0), played & (seat == 1)
        by_game = np.argsort(game[you], kind="stable")
        result = share[you][by_game]
        order = np.argsort(game[tyrant], kind="stable")
        if self.pick and self.has(self.pick):
            picks, codes = categories(table[self.pick].filter(pa.array(tyrant)))
            self.against_tyrant.add_coded(picks, codes[order], result)
        names, codes = categories(table["tyrant_improved"].filter(pa.array(tyrant)))
        codes = codes[order]
        for action in sorted({a for name in names for a in name.split(",") if a}):
            has = np.array([action in name.split(",") for name in names], bool)[codes]
            for key, rows in ((f"{action} Improved", has), (f"{action} not Improved", ~has)):
                if rows.any():
                    self.tyrant_improved.add(key, int(rows.sum()), float(result[rows].sum()))

    def _add_atlantis(self, holds: pa.ChunkedArray, share: np.ndarray) -> None:
        """The win shares of the seats that held Atlantis at the end and of the others, in
        the games played with it (the column is null without it)."""
        played = pc.is_valid(holds).to_numpy(zero_copy_only=False)
        held = pc.fill_null(holds, False).to_numpy(zero_copy_only=False).astype(bool)
        for key, rows in ((HELD, played & held), (NOT_HELD, played & ~held)):
            if rows.any():
                self.atlantis.add(key, int(rows.sum()), float(share[rows].sum()))

    def _add_winners(self, game: np.ndarray, glory: np.ndarray, players: int) -> None:
        """The winner's Glory and the margin over the runner-up (0 when Glory ties)."""
        ranked = glory[np.lexsort((glory, game))].reshape(-1, players)  # each game, lowest first
        self.per_game.add("winner", ranked[:, -1])
        self.per_game.add("margin", ranked[:, -1] - ranked[:, -2] if players > 1 else ranked[:, -1] * 0)

    def _add_coop(self, games: pa.Table) -> None:
        won = games["won"].to_numpy(zero_copy_only=False).astype(bool)
        self.survived += int(won.sum())
        index = games["game"].to_numpy().astype(np.int64)
        if index.size and index.max() >= self.played_games.size:
            size = int(index.max()) + 1
            self.played_games = np.concatenate([self.played_games,
                                                np.zeros(size - self.played_games.size, bool)])
            self.survived_games = np.concatenate([self.survived_games,
                                                  np.zeros(size - self.survived_games.size, bool)])
        self.played_games[index] = True
        self.survived_games[index] = won
        if won.any():
            first = int(games["game"].to_numpy()[won].min())
            if self.first_survived is None or first < self.first_survived:
                self.first_survived = first
        lost = ~won
        cause = next((c for c in CAUSE_COLUMNS if self.has(c)), None)
        if cause is not None:
            names, codes = categories(games[cause])
            self.causes.add_coded(names, codes[lost])
        if self.has("rounds"):
            self.per_game.add("lost rounds", games["rounds"].to_numpy().astype(np.int64)[lost])
        if self.has("heroic_success"):
            success = games["heroic_success"]
            drawn = pc.is_valid(success).to_numpy(zero_copy_only=False)
            fulfilled = pc.fill_null(success, False).to_numpy(zero_copy_only=False).astype(float)
            self.heroic_drawn += int(drawn.sum())
            self.heroic_fulfilled += int(fulfilled[drawn].sum())
            if self.has("heroic_event"):
                names, codes = categories(games["heroic_event"])
                self.heroic_cards.add_coded(names, codes[drawn], fulfilled[drawn])
