"""'How the bots play': each group of players' use of the game's mechanisms (its play
profile, ``sim.games.play_profile``), Glory by source, and the flags on play, each
naming the pick verdicts it weakens (``Mechanism.picks``) and a game to replay.

A group is a strategy, at its skill level when the cell sets one other than the
default. Random-legal play (``random``) and the highest skill (``expert``) are the
yardsticks: a mechanism the other bots hardly use while a yardstick does is play the
balance figures never saw.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from reports.datasets import ReportError, Run
from reports.model import Counts, Replay
from reports.names import printed
from reports.play_tally import PlayTally, Ratio, read_play
from sim.games.play_profile import Mechanism
from sim.games.registry import profile
from sim.runner.integrity import repair_hint

Z95 = 1.959963984540054
RANDOM, EXPERT, DEFAULT_SKILL = "random", "expert", "default"
YARDSTICKS = (RANDOM, EXPERT)
RARE = 0.01  # a bot "hardly uses" a mechanism in under 1% of its player-games
COMMON = 0.10  # while a yardstick uses it in at least 10% of its player-games
DOMINANT = 0.30  # one Glory source above 30% of all Glory
MIN_OFFERED = 30  # games a pick must be draftable in before "never drafted" means something


@dataclass(frozen=True)
class Estimate:
    """A ratio of sums over player-games with its game-clustered 95% interval."""

    value: float
    low: float
    high: float
    games: int

    @classmethod
    def of(cls, r: Ratio) -> Estimate:
        v = r.value
        if r.games < 2 or not r.m:
            return cls(v, v, v, r.games)
        spread = r.yy - 2 * v * r.ym + v * v * r.mm  # sum over games of (y - v m)^2
        half = Z95 * math.sqrt(max(spread, 0.0) * r.games / (r.games - 1)) / r.m
        return cls(v, v - half, v + half, r.games)


@dataclass(frozen=True)
class Use:
    mechanism: Mechanism
    per_game: Estimate  # mean count per player-game
    share: Estimate  # share of player-games that used it at all


@dataclass
class Group:
    label: str
    uses: dict[str, Use] = field(default_factory=dict)
    sources: dict[str, Estimate] = field(default_factory=dict)  # share of all Glory
    replay: Replay | None = None  # a typical game: the median Glory's lowest game


@dataclass(frozen=True)
class PlayFlag:
    sentence: str
    weakens: tuple[str, ...]  # the picks whose verdicts it weakens, as printed
    replay: Replay | None


@dataclass
class PlaySection:
    mechanisms: tuple[Mechanism, ...]
    groups: list[Group]
    sources: tuple[str, ...]
    flags: list[PlayFlag]

    def use(self, group: Group, name: str) -> Use | None:
        return group.uses.get(name)


def group_label(strategy: str, skill: object) -> str:
    """A row's group: its strategy, with the cell's skill level when that is not the
    default (a strategy named after a skill level is that level already)."""
    if skill in (None, DEFAULT_SKILL) or strategy in (RANDOM, skill):
        return strategy
    return f"{strategy} ({skill})"


def _typical(run: Run, cell: dict, tally: PlayTally, label: str) -> Replay | None:
    if label not in tally.glory.first_game:
        return None
    median = int(Counts.of(tally.glory, label).quantile(0.5))
    return Replay(run.path, int(cell["cell"]), tally.glory.first_game[label][median])


def _yardstick(label: str) -> bool:
    return label == RANDOM or label == EXPERT or label.endswith(f"({EXPERT})")


def read_plays(cells: list[tuple[Run, dict]]) -> list[tuple[Run, dict, PlayTally]]:
    """Each cell's play tally (one game's runs): groups named by ``group_label``, with the
    player count when the cells have several."""
    info = cells[0][0].info
    names = tuple(m.name for m in profile(info))
    several = len({int(c["players"]) for _, c in cells}) > 1
    tallies = []
    for run, cell in cells:
        skill = (cell.get("settings") or {}).get("skill")
        players = int(cell["players"])

        def group_of(strategy: str, skill=skill, players=players) -> str:
            label = group_label(strategy, skill)
            return f"{label}, {players} players" if several else label
        try:
            tally = read_play(run.path, cell, names, info.pick_column, group_of)
        except (OSError, ValueError) as exc:
            raise ReportError(f"{str(run.path)!r}: cannot read the Parquet data ({exc}) ; "
                              f"{repair_hint(run.path)}") from None
        tallies.append((run, cell, tally))
    return tallies


def play_section(tallies: list[tuple[Run, dict, PlayTally]]) -> PlaySection:
    """The section over every cell of the report (``read_plays``)."""
    info = tallies[0][0].info
    merged: dict[str, list] = {}
    for run, cell, tally in tallies:
        for label in tally.groups:
            merged.setdefault(label, []).append((run, cell, tally))
    present = tuple(m for m in profile(info) if any(m.name in t.mechanisms for _, _, t in tallies))
    sources = tuple(dict.fromkeys(s for _, _, t in tallies for s in t.sources))
    groups = [_group(label, found, present) for label, found in sorted(merged.items())]
    flags = (_stall_flags(tallies) + _rare_flags(groups, present)
             + _source_flags(groups, present) + _draft_flags(tallies, info.pick_title))
    return PlaySection(mechanisms=present, groups=groups, sources=sources, flags=flags)


def _group(label: str, found: list, mechanisms: tuple[Mechanism, ...]) -> Group:
    """One group pooled over the cells it plays in."""
    group = Group(label)
    for m in mechanisms:
        per, used = Ratio(), Ratio()
        for _, _, t in found:
            g = t.groups[label]
            if m.name in g.uses:
                _merge(per, g.uses[m.name])
                _merge(used, g.used[m.name])
        if per.games:
            group.uses[m.name] = Use(m, Estimate.of(per), Estimate.of(used))
    for source in dict.fromkeys(s for _, _, t in found for s in t.groups[label].sources):
        total = Ratio()
        for _, _, t in found:
            if source in t.groups[label].sources:
                _merge(total, t.groups[label].sources[source])
        group.sources[source] = Estimate.of(total)
    run, cell, tally = found[0]
    group.replay = _typical(run, cell, tally, label)
    return group


def _merge(into: Ratio, part: Ratio) -> None:
    for name in ("y", "m", "yy", "ym", "mm", "games"):
        setattr(into, name, getattr(into, name) + getattr(part, name))


def _weakens(mechanisms) -> tuple[str, ...]:
    return tuple(dict.fromkeys(printed(p) for m in mechanisms for p in m.picks))


def _weak_text(picks: tuple[str, ...]) -> str:
    return f"weakens the verdicts on {', '.join(picks)}" if picks else \
        "no pick's verdict names it"


def _rare_flags(groups: list[Group], mechanisms) -> list[PlayFlag]:
    """A bot that uses a mechanism in under ``RARE`` of its player-games while a yardstick
    (random-legal, expert) uses it in at least ``COMMON``."""
    flags = []
    yardsticks = [g for g in groups if _yardstick(g.label)]
    for g in (g for g in groups if not _yardstick(g.label)):
        for m in mechanisms:
            mine = g.uses.get(m.name)
            if mine is None or mine.share.value >= RARE:
                continue
            others = [(y.label, y.uses[m.name].share.value) for y in yardsticks
                      if m.name in y.uses and y.uses[m.name].share.value >= COMMON]
            if not others:
                continue
            weakens = _weakens([m])
            against = ", ".join(f"{label} in {100 * v:.1f}%" for label, v in others)
            flags.append(PlayFlag(
                f"{g.label} uses {m.name} ({m.meaning}, {m.page}) in {100 * mine.share.value:.1f}% "
                f"of its player-games, {against}: {_weak_text(weakens)}", weakens, g.replay))
    return flags


def _concerning(source: str, mechanisms) -> list[Mechanism]:
    """The mechanisms whose name shares a word with a Glory source's."""
    words = set(source.split("_"))
    return [m for m in mechanisms if words & set(m.name.split("_"))]


def _source_flags(groups: list[Group], mechanisms) -> list[PlayFlag]:
    """A Glory source above ``DOMINANT`` of a bot's Glory (random-legal play excluded)."""
    flags = []
    for g in (g for g in groups if g.label != RANDOM and not g.label.startswith(f"{RANDOM},")):
        for source, est in g.sources.items():
            if est.value > DOMINANT:
                weakens = _weakens(_concerning(source, mechanisms))
                flags.append(PlayFlag(
                    f"{g.label} takes {100 * est.value:.1f}% ({100 * est.low:.1f}-"
                    f"{100 * est.high:.1f}) of its Glory from {source.replace('_', ' ')}: "
                    f"{_weak_text(weakens)}", weakens, g.replay))
    return flags


def _stall_flags(tallies) -> list[PlayFlag]:
    """Games the engine stopped at its safety limit of rounds: the bots stalled, so these
    games never reached an end the rules give, and every figure counts them unfinished."""
    flags = []
    for run, cell, t in tallies:
        if not t.stalled:
            continue
        where = f" (cell {cell['cell']} of {run.label})" if len(tallies) > 1 else ""
        flags.append(PlayFlag(
            f"{t.stalled:,} of {t.games:,} games{where} ({100 * t.stalled / t.games:.2f}%) "
            "stopped at the round limit, not ended by the rules: the bots stalled, so these "
            "games weaken every verdict of the cell", (),
            Replay(run.path, int(cell["cell"]), t.first_stalled)))
    return flags


def _draft_flags(tallies, title: str) -> list[PlayFlag]:
    """A pick never drafted first, or never taken, in a cell whose seats drafted, among
    the picks draftable in at least ``MIN_OFFERED`` of its games."""
    flags = []
    for run, cell, t in tallies:
        if not t.drafted:
            continue
        where = f" (cell {cell['cell']} of {run.label})" if len(tallies) > 1 else ""
        for pick in sorted(t.offered.count):
            n = t.offered.count[pick]
            if n < MIN_OFFERED:
                continue
            taken = t.taken.count.get(pick, 0)
            first = t.first.count.get(pick, 0)
            if taken and first:
                continue
            what = "never taken" if not taken else "never drafted first"
            name = printed(pick)
            replay = Replay(run.path, int(cell["cell"]), t.first_offered[pick])
            flags.append(PlayFlag(
                f"{title} {name} is {what} in the {n:,} games it could be drafted{where}: "
                f"weakens the verdict on {name}, whose figures come from the games the draft "
                "left it to", (name,), replay))
    return flags
