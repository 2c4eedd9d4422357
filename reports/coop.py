"""Co-operative games: what brings the team down, how long it lasts, the state it ends in,
survival by mode and team across the cells, and whether the modes order as the designers
intend (the game's registry entry lists the (easier, harder) mode pairs).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np
from scipy import stats

from reports.model import CellReport, Counts, Mean, Share
from reports.tally import CellTally
from sim.games.registry import GameInfo


@dataclass(frozen=True)
class Standing:
    """A whole-number measure of the city at the game's end (final Morale, Structures)."""

    counts: Counts
    mean: Mean


@dataclass(frozen=True)
class CoopCell:
    losses: int
    causes: tuple[Share, ...]  # each cause's share of all games
    fall_round: Mean | None  # the round a lost game ends in
    morale: Standing | None
    structures: Standing | None
    heroic: Share | None  # Heroic Events fulfilled, of the games that drew one
    heroic_by_card: tuple[Share, ...]
    played: np.ndarray  # per game index: played in this cell
    survived: np.ndarray  # per game index: the table survived


def _standing(tally: CellTally, column: str) -> Standing | None:
    if not tally.has(column):
        return None
    counts = Counts.of(tally.per_game, column)
    return Standing(counts, Mean.of(counts))


def _heroic(tally: CellTally) -> tuple[Share | None, tuple[Share, ...]]:
    if not tally.heroic_drawn:
        return None, ()
    overall = Share("Heroic Events", float(tally.heroic_fulfilled), tally.heroic_drawn)
    cards = tally.heroic_cards
    return overall, tuple(Share(str(card), cards.total[card], cards.count[card])
                          for card in sorted(cards.count))


def summarise_coop(tally: CellTally) -> CoopCell:
    """One row per game -> loss causes, the round of the fall, final standing, Heroic Events."""
    losses = tally.games - tally.survived
    causes = tuple(Share(cause, float(tally.causes.count[cause]), tally.games)
                   for cause in sorted(tally.causes.count))
    fall = None
    if tally.has("rounds") and losses:
        fall = Mean.of(Counts.of(tally.per_game, "lost rounds"))
    heroic, by_card = _heroic(tally)
    return CoopCell(losses=losses, causes=causes, fall_round=fall,
                    morale=_standing(tally, "morale"), structures=_standing(tally, "structures"),
                    heroic=heroic, heroic_by_card=by_card, played=tally.played_games,
                    survived=tally.survived_games)


# --- across cells: survival by mode and team, and the mode-order check ---------------------

def _team(cell: CellReport, info: GameInfo) -> str:
    team = cell.cell.get("settings", {}).get(info.team_setting) if info.team_setting else None
    return ", ".join(team) if isinstance(team, list) else ("" if team is None else str(team))


def _text(value: object) -> str:
    return json.dumps(value) if isinstance(value, list | dict) else str(value)


def _others(cell: CellReport, info: GameInfo) -> dict[str, str]:
    """What a cell was played with besides its mode and team (the cells of a pair share it)."""
    skip = ("mode", info.team_setting)
    fields = {"players": str(cell.players), "strategy": ",".join(cell.cell.get("strategies", []))}
    for source in ("settings", "overrides", "sweep"):  # a swept key is also a setting or override
        fields.update({k: _text(v) for k, v in sorted(cell.cell.get(source, {}).items()) if k not in skip})
    fields["content"] = str(cell.cell.get("content_hash", ""))
    return fields


@dataclass(frozen=True)
class SurvivalRow:
    mode: str
    team: str
    others: str  # the settings that set this row's group apart, empty when only one group
    survival: Share
    mean_rounds: Mean | None


@dataclass(frozen=True)
class Group:
    """Cells played alike except for their mode."""

    team: str
    others: str
    cells: tuple[CellReport, ...]

    @property
    def name(self) -> str:
        return "; ".join(p for p in (self.team, self.others) if p)


def group_cells(cells: list[CellReport], info: GameInfo) -> list[Group]:
    """The cells in groups that differ only in mode, each group's cells in mode order."""
    fields = [_others(c, info) for c in cells]
    varying = [k for k in dict.fromkeys(k for f in fields for k in f)
               if len({f.get(k) for f in fields}) > 1 and k != "content"]
    rank = {m: i for i, m in enumerate(info.modes)}
    groups: dict[str, list[CellReport]] = {}
    described: dict[str, tuple[str, str]] = {}
    for cell, f in zip(cells, fields, strict=True):
        key = json.dumps([_team(cell, info), f], sort_keys=True)
        groups.setdefault(key, []).append(cell)
        described[key] = (_team(cell, info), ", ".join(f"{k} {f[k]}" for k in varying if k in f))
    return [Group(*described[k], tuple(sorted(v, key=lambda c: rank.get(c.cell.get("mode"), len(rank)))))
            for k, v in groups.items()]


def survival_rows(groups: list[Group]) -> list[SurvivalRow]:
    return [SurvivalRow(mode=c.cell.get("mode", ""), team=g.team, others=g.others, survival=c.survival,
                        mean_rounds=c.mean_rounds) for g in groups for c in g.cells]


def _mode_name(mode: str) -> str:
    return mode[:1].upper() + mode[1:]


@dataclass(frozen=True)
class Discordant:
    """Two cells' games on the same deals: how many only the harder mode survived, how many
    only the easier one, of how many shared games."""

    harder_only: int
    easier_only: int
    games: int


def discordant(easier: CellReport, harder: CellReport) -> Discordant | None:
    """The paired counts of two cells played on one seed (game i the same deal in both),
    else None."""
    if easier.run.manifest.get("seed") != harder.run.manifest.get("seed"):
        return None
    e, h = easier.coop, harder.coop
    size = min(e.played.size, h.played.size)
    both = e.played[:size] & h.played[:size]
    if not both.any():
        return None
    es, hs = e.survived[:size] & both, h.survived[:size] & both
    return Discordant(int((hs & ~es).sum()), int((es & ~hs).sum()), int(both.sum()))


@dataclass(frozen=True)
class OrderCheck:
    """An easier and a harder mode played alike otherwise: the harder one should not
    survive more often. With ``paired`` counts (cells on one seed share their deals) the
    test and interval are paired, game by game; otherwise the two cells are independent
    samples."""

    where: str  # the group's name when the report has several groups, else empty
    easier: Share
    harder: Share
    paired: Discordant | None = None

    @property
    def difference(self) -> float:
        if self.paired is not None:
            k = self.paired
            return (k.harder_only - k.easier_only) / k.games
        return self.harder.share - self.easier.share

    @property
    def interval(self) -> tuple[float, float]:
        """95% interval of the difference: of the paired per-game differences, or Newcombe's
        hybrid score from the Wilson intervals for independent cells."""
        if self.paired is not None:
            k = self.paired
            d = self.difference
            spread = np.sqrt(max(k.harder_only + k.easier_only - k.games * d * d, 0.0)
                             / max(k.games - 1, 1))
            half = float(stats.norm.ppf(0.975) * spread / np.sqrt(k.games))
            return d - half, d + half
        (el, eh), (hl, hh) = self.easier.interval, self.harder.interval
        pe, ph = self.easier.share, self.harder.share
        d = ph - pe
        return d - float(np.hypot(ph - hl, eh - pe)), d + float(np.hypot(hh - ph, pe - el))

    @property
    def p(self) -> float:
        """One-sided p-value that the harder mode survives more often: McNemar's test on the
        games only one mode survived when paired, else the pooled two-proportion z."""
        if self.paired is not None:
            k = self.paired
            split = k.harder_only + k.easier_only
            return 1.0 if split == 0 else float(stats.norm.sf((k.harder_only - k.easier_only)
                                                               / np.sqrt(split)))
        e, h = self.easier, self.harder
        pooled = (e.wins + h.wins) / (e.n + h.n)
        se = np.sqrt(pooled * (1 - pooled) * (1 / e.n + 1 / h.n))
        if se == 0:
            return 1.0
        return float(stats.norm.sf(self.difference / se))

    @property
    def sentence(self) -> str:
        text = (f"{self.harder.subject} survives {self.harder.percent_text}, more than "
                f"{self.easier.subject}'s {self.easier.percent_text}: the modes do not order as intended")
        return f"{self.where}: {text}" if self.where else text


def ordered_pairs(order: tuple[tuple[str, str], ...]) -> list[tuple[str, str]]:
    """The (easier, harder) pairs and every pair they imply (easy < challenging < hardcore
    gives easy < hardcore too), so a report without the middle mode still checks the ends."""
    pairs = list(order)
    grown = True
    while grown:
        implied = [(e, h) for e, m in pairs for s, h in pairs if s == m and (e, h) not in pairs]
        pairs += list(dict.fromkeys(implied))
        grown = bool(implied)
    return pairs


def order_checks(groups: list[Group], info: GameInfo) -> list[OrderCheck]:
    """One check per (easier, harder) pair of modes and pair of cells of a group."""
    several = len(groups) > 1
    checks = []
    for group in groups:
        for easier, harder in ordered_pairs(info.difficulty_order):
            for e in (c for c in group.cells if c.cell.get("mode") == easier):
                for h in (c for c in group.cells if c.cell.get("mode") == harder):
                    checks.append(OrderCheck(
                        group.name if several else "",
                        Share(_mode_name(easier), e.survival.wins, e.survival.n, verb="survives"),
                        Share(_mode_name(harder), h.survival.wins, h.survival.n, verb="survives",
                              replay=h.survival.replay), discordant(e, h)))
    return checks
