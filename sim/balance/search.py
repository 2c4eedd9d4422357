"""The search for a small content change that brings the banded measures into their bands.

Every evaluation plays a change set on the same search seeds, so two evaluations differ
only by their content and a difference of their measures is a paired one.

1. **Effects.** The start (the scenario's content) and each value in scope one step down
   and one step up (within its range and bounds; a move the content refuses is set aside)
   are played: the per-step effect of every value on every banded measure.
2. **Moves.** From the current change set, a linear model (the current measures plus the
   per-step effects) predicts every coordinate move (one value, one to ``MAX_STEPS``
   steps either way) and one combined move (greedily the best moves of up to
   ``COMBINED`` values together); the ``width`` best predicted, not played before, are
   played. The best played one is kept when it is better than the current set: a set
   that holds the target beats one that does not, then the lower objective wins, then
   the one whose tightest measure has more room inside its band. A played coordinate
   move replaces the effect the model had for its value and direction (the model is
   fitted to what was played).
3. **Pruning.** Once the target holds, dropping each changed value and moving each one
   step back are played; one that still holds at a lower cost is kept.

The objective is the total violation (``sim.balance.measures``) plus ``KEY_COST`` per
changed value and ``STEP_COST`` per step, so fewer values and smaller steps win when the
violation they save is smaller than their cost. It stops when no move is left that the
model expects to help, after ``rounds`` rounds, or when the next round would overspend
the game budget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from sim.balance.measures import Reading, holds, room, violation

KEY_COST = 1.0  # per changed value, in standard errors of violation
STEP_COST = 0.5  # per step a value moves
MAX_STEPS = 3  # furthest one coordinate move goes, in steps
COMBINED = 3  # values in the combined move
EFFECTS, MOVES, PRUNE = "effects", "moves", "prune"

Changes = tuple[tuple[str, int], ...]  # (key, value) of each value changed, sorted by key


@dataclass
class Evaluation:
    """One change set played on the search seeds."""

    index: int
    round: int
    stage: str  # EFFECTS, MOVES or PRUNE
    changes: Changes
    readings: list[Reading]
    predicted: dict[str, float] | None = None  # label -> mean the model expected
    cost: float = 0.0

    @property
    def violation(self) -> float:
        return violation(self.readings)

    @property
    def holds(self) -> bool:
        return holds(self.readings)

    @property
    def objective(self) -> float:
        return self.violation + self.cost

    def rank(self) -> tuple[bool, float, float]:
        """Smaller is better: a set that holds the target first, then the objective, then
        the more room its tightest measure has inside its band (the likelier to hold on
        other seeds)."""
        return not self.holds, round(self.objective, 9), -room(self.readings)

    def means(self) -> dict[str, float]:
        return {r.label: r.mean for r in self.readings}


@dataclass(frozen=True)
class Space:
    """The values the search may change: each one's start, step and allowed range."""

    start: dict[str, int]
    allowed: dict[str, tuple[float, float]]
    step: int

    def cost(self, changes: Changes) -> float:
        steps = sum(abs(v - self.start[k]) for k, v in changes) / self.step
        return KEY_COST * len(changes) + STEP_COST * steps

    def moved(self, changes: Changes, key: str, value: int) -> Changes | None:
        """``changes`` with ``key`` at ``value`` (dropped when back at its start); None
        outside its range."""
        lo, hi = self.allowed[key]
        if not lo <= value <= hi:
            return None
        out = dict(changes)
        out.pop(key, None)
        if value != self.start[key]:
            out[key] = value
        return tuple(sorted(out.items()))


# Plays change sets (each one the content accepts) on the search seeds as one round and
# returns their readings.
Play = Callable[[int, Sequence[Changes]], list[list[Reading]]]
Loadable = Callable[[Changes], bool]


@dataclass
class Search:
    space: Space
    play: Play
    loadable: Loadable
    width: int  # change sets played per round after the effects
    rounds: int  # rounds after the effects
    games_per_set: int
    budget: int  # games the search may play (the verification's already set aside)
    evaluations: list[Evaluation] = field(default_factory=list)
    effects: dict[tuple[str, int], dict[str, float]] = field(default_factory=dict)
    refused: list[Changes] = field(default_factory=list)
    stopped: str = ""
    after: Callable[[Search], None] | None = None  # told after every round played

    @property
    def spent(self) -> int:
        return self.games_per_set * len(self.evaluations)

    def _affordable(self) -> int:
        return max(0, (self.budget - self.spent) // self.games_per_set)

    def _run(self, round_: int, stage: str, sets: list[tuple[Changes, dict | None]]) -> list[Evaluation]:
        found = self.play(round_, [c for c, _ in sets])
        out = []
        for (changes, predicted), readings in zip(sets, found, strict=True):
            e = Evaluation(len(self.evaluations), round_, stage, changes, readings, predicted,
                           self.space.cost(changes))
            self.evaluations.append(e)
            out.append(e)
        if self.after is not None:
            self.after(self)
        return out

    def _played(self) -> set[Changes]:
        return {e.changes for e in self.evaluations} | set(self.refused)

    def best(self) -> Evaluation:
        return min(self.evaluations, key=lambda e: (e.rank(), e.index))

    def measure_effects(self) -> Evaluation:
        """Round 0: the start and every value one step each way."""
        sets: list[tuple[Changes, dict | None]] = [((), None)]
        singles = []
        for key in sorted(self.space.start):
            for direction in (-1, 1):
                moved = self.space.moved((), key, self.space.start[key] + direction * self.space.step)
                if moved is not None and self.loadable(moved):
                    sets.append((moved, None))
                    singles.append((key, direction))
        played = self._run(0, EFFECTS, sets)
        base = played[0]
        for (key, direction), e in zip(singles, played[1:], strict=True):
            self.effects[key, direction] = _difference(e.means(), base.means(), 1)
        return base

    def _predict(self, current: Evaluation, moves: Sequence[tuple[str, int, int]]) -> dict[str, float]:
        means = current.means()
        for key, direction, steps in moves:
            effect = self.effects[key, direction]
            means = {k: v + steps * effect.get(k, 0.0) for k, v in means.items()}
        return means

    def _predicted_rank(self, current: Evaluation, changes: Changes,
                        predicted: dict[str, float]) -> tuple[bool, float, float]:
        ghost = [Reading(r.label, predicted[r.label], r.se, r.n, r.low, r.high)
                 for r in current.readings]
        return not holds(ghost), round(violation(ghost) + self.space.cost(changes), 9), -room(ghost)

    def _coordinate(self, current: Evaluation) -> list[tuple[tuple[str, int, int], Changes]]:
        """Every single-value move of 1..MAX_STEPS steps from the current set."""
        now = dict(current.changes)
        out = []
        for key, direction in sorted(self.effects):
            value = now.get(key, self.space.start[key])
            for steps in range(1, MAX_STEPS + 1):
                moved = self.space.moved(current.changes, key, value + direction * steps * self.space.step)
                if moved is None:
                    break
                out.append(((key, direction, steps), moved))
        return out

    def _candidates(self, current: Evaluation) -> list[tuple[Changes, dict | None]]:
        """The moves the model expects to beat the current set, best first."""
        ranked = []
        for move, changes in self._coordinate(current):
            predicted = self._predict(current, [move])
            ranked.append((self._predicted_rank(current, changes, predicted), changes, predicted))
        combined = self._combined(current)
        if combined is not None:
            ranked.append(combined)
        played = self._played()
        seen: set[Changes] = set()
        out: list[tuple[Changes, dict | None]] = []
        for rank, changes, predicted in sorted(ranked, key=lambda r: (r[0], r[1])):
            if rank >= current.rank() or changes in played or changes in seen:
                continue
            seen.add(changes)
            out.append((changes, predicted))
        return out

    def _combined(self, current: Evaluation):
        """Greedily the best move of one value after another, up to COMBINED values."""
        moves: list[tuple[str, int, int]] = []
        changes = current.changes
        rank = current.rank()
        for _ in range(COMBINED):
            options = []
            for move, _ in self._coordinate(current):
                if any(move[0] == m[0] for m in moves):
                    continue
                now = dict(changes).get(move[0], self.space.start[move[0]])
                moved = self.space.moved(changes, move[0], now + move[1] * move[2] * self.space.step)
                if moved is None:
                    continue
                predicted = self._predict(current, [*moves, move])
                options.append((self._predicted_rank(current, moved, predicted), moved, move, predicted))
            if not options:
                break
            best = min(options, key=lambda o: (o[0], o[1]))
            if best[0] >= rank:
                break
            rank, changes = best[0], best[1]
            moves.append(best[2])
            last = best[3]
        if len(moves) < 2:
            return None
        return rank, changes, last

    def _prunes(self, current: Evaluation) -> list[tuple[Changes, dict | None]]:
        """The current set less one value, and each value one step nearer its start."""
        out = []
        for key, value in current.changes:
            start = self.space.start[key]
            nearer = value - self.space.step if value > start else value + self.space.step
            for moved in (self.space.moved(current.changes, key, start),
                          self.space.moved(current.changes, key, nearer)):
                if moved is not None and moved not in out and moved not in self._played():
                    out.append(moved)
        return [(c, None) for c in out]

    def _learn(self, current: Evaluation, played: list[Evaluation]) -> None:
        """A played coordinate move's measured change, per step, becomes its value's effect."""
        now = dict(current.changes)
        for e in played:
            then = dict(e.changes)
            keys = [k for k in set(now) | set(then) if now.get(k) != then.get(k)]
            if len(keys) != 1:
                continue
            key = keys[0]
            delta = then.get(key, self.space.start[key]) - now.get(key, self.space.start[key])
            steps = abs(delta) // self.space.step
            if steps:
                self.effects[key, 1 if delta > 0 else -1] = _difference(e.means(), current.means(), steps)

    def _loading(self, sets: list[tuple[Changes, dict | None]]) -> list[tuple[Changes, dict | None]]:
        """The sets the content accepts; the others are set aside as refused."""
        kept = []
        for changes, predicted in sets:
            if self.loadable(changes):
                kept.append((changes, predicted))
            else:
                self.refused.append(changes)
        return kept

    def run(self) -> Evaluation:
        """The whole search; the best change set played."""
        self.measure_effects()
        current = self.best()
        for round_ in range(1, self.rounds + 1):
            stage = PRUNE if current.holds else MOVES
            sets = self._prunes(current) if stage == PRUNE else self._candidates(current)
            sets = self._loading(sets)
            if not sets:
                self.stopped = _why_done(current)
                return current
            affordable = self._affordable()
            if affordable == 0:
                self.stopped = "the game budget is spent"
                return current
            played = self._run(round_, stage, sets[:min(self.width, affordable)])
            self._learn(current, played)
            best = min(played, key=lambda e: (e.rank(), e.index)) if played else None
            if best is not None and best.rank() < current.rank():
                current = best
        self.stopped = f"all {self.rounds} rounds were played"
        return current


def _why_done(current: Evaluation) -> str:
    if not current.holds:
        return "no move left that the model expects to help"
    if not current.changes:
        return "the target already holds at the start"
    return "the target holds and no smaller change holds it"


def _difference(after: dict[str, float], before: dict[str, float], steps: int) -> dict[str, float]:
    return {k: (after[k] - before[k]) / steps for k in before if k in after}
