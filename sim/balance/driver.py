"""A whole balance search in an output folder: check the request, search on the search
seeds, verify the best change set on fresh seeds, and write what was found.

The folder holds one run folder per round (``rounds/rNN``), the verification
(``verify``), ``balance.json`` (the request and every evaluation, rewritten atomically
after each round), ``proposal.toml`` and ``report.html``. Every step is a pure function of
the request and the games, so ``--resume`` after a kill replays nothing finished and
reaches the same proposal.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sim.balance import proposal as prop
from sim.balance.measures import Reading, holds
from sim.balance.rounds import Backend, loader_of, play_round, round_plan, round_readings
from sim.balance.search import Evaluation, Search, Space
from sim.balance.target import Target, check_bounds, series_groups
from sim.games.content_files import ContentError
from sim.gate.dataset import read_run
from sim.gate.outcomes import PICKS
from sim.gate.paired import compare_cell
from sim.gate.tolerance import for_game
from sim.runner import RunError
from sim.runner.plan import Plan
from sim.sensitivity.moves import in_scope
from sim.sensitivity.plan import base_values, loader

RECORD = "balance.json"
PROPOSAL = "proposal.toml"
REPORT = "report.html"
FORMAT = "sim-balance/1"
MAX_SEED = 2**63


@dataclass(frozen=True)
class Request:
    one: Callable[[list[str], int, int], Plan]  # extra --set words, games, seed -> the plan
    target: Target
    keys: list[str]
    step: int
    n: int  # games per change set on the search seeds
    verify_n: int  # games per side of the verification
    seed: int
    games: int  # budget: every game the search and the verification play
    rounds: int
    width: int
    identity: dict  # what --resume must find again


def verify_seed(seed: int) -> int:
    """The verification's seed: never the search's, so its games are fresh."""
    return (seed + 1) % MAX_SEED


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(f"_{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def check_folder(out: Path, identity: dict, resume: bool) -> None:
    """A new or empty folder, or with --resume the same request's folder."""
    record = out / RECORD
    if out.exists() and not out.is_dir():
        raise RunError(f"--out {str(out)!r} is a file ; give a folder")
    if not out.exists() or not any(out.iterdir()):
        return
    if not record.is_file():
        raise RunError(f"--out {str(out)!r} exists and holds no {RECORD} ; give a new or "
                       "empty folder")
    if not resume:
        raise RunError(f"--out {str(out)!r} already holds a balance search ; add --resume to "
                       "finish it, or give a new folder")
    try:
        theirs = json.loads(record.read_text(encoding="utf-8")).get("request")
    except (OSError, ValueError):
        theirs = None
    if theirs != json.loads(json.dumps(identity)):
        raise RunError(f"--resume: {str(out)!r} holds a different search ; repeat the original "
                       "flags or give a new folder")


def _scope(request: Request, base: Plan) -> tuple[Space, Callable]:
    cell = base.cells[0]
    chosen = in_scope(base_values(base.runner, cell), request.keys)
    if not chosen:
        raise RunError("--keys selects no value ; give patterns such as 'roles.*.day_cost'")
    allowed = check_bounds(request.target, chosen)
    space = Space({v.key: v.base for v in chosen}, allowed, request.step)
    return space, loader_of(loader(base.runner, cell))


def _check_bands(target: Target, base: Plan) -> None:
    cell = base.cells[0]
    pick = PICKS.get(base.info.pick_column)
    for band in target.bands:
        series_groups(band, pick, base.info.cooperative, cell.mode)
        if band.measure == "seat_win_share" and band.group is not None and \
                not (band.group.isdigit() and 1 <= int(band.group) <= cell.players):
            raise RunError(f"target {band.text!r}: seats are numbered 1 to {cell.players} ; "
                           "name one of them")


def effects_cost(space: Space, loadable, n: int) -> int:
    """Games of round 0: the start and every value one step each way that loads."""
    sets = 1
    for key, start in space.start.items():
        for direction in (-1, 1):
            moved = space.moved((), key, start + direction * space.step)
            sets += moved is not None and loadable(moved)
    return sets * n


def prepare(request: Request) -> tuple[Plan, Space, Callable]:
    """The request checked before anything is played or written."""
    base = request.one([], request.n, request.seed)
    if len(base.cells) != 1:
        raise RunError(f"the scenario plays {len(base.cells)} player counts ; give one with "
                       "--players")
    _check_bands(request.target, base)
    space, loadable = _scope(request, base)
    first = effects_cost(space, loadable, request.n)
    if first == request.n:
        raise RunError("no value in --keys can move one step within its range and bounds ; "
                       "choose other keys or wider bounds")
    need = first + 2 * request.verify_n
    if request.games < need:
        raise RunError(f"--games {request.games:,} cannot pay for the effects round "
                       f"({first:,} games) and the verification ({2 * request.verify_n:,}) ; "
                       f"give --games {need:,} or more, fewer --keys or a smaller --n")
    return base, space, loadable


def _range(start: int, allowed: tuple[float, float]) -> dict:
    """A value's start and allowed range as JSON writes it (no upper bound: null)."""
    low, high = allowed
    return {"start": start, "allowed": [int(low), None if math.isinf(high) else int(high)]}


def _evaluation_record(e: Evaluation, start: dict[str, int]) -> dict:
    return {"index": e.index, "round": e.round, "stage": e.stage,
            "changes": [{"key": k, "from": start[k], "to": v} for k, v in e.changes],
            "readings": [r.record() for r in e.readings], "predicted": e.predicted,
            "violation": e.violation, "cost": e.cost, "objective": e.objective, "holds": e.holds}


def _shifts(folder: Path, game: str, labels: set[str]) -> dict[str, dict]:
    """The paired change of every banded measure from the start to the proposal."""
    _, cells = read_run(folder)
    found = compare_cell(1, cells[0], cells[1], for_game(game))
    return {s.label: {"diff": s.diff, "low": s.low, "high": s.high, "n": s.n}
            for s in found if s.label in labels}


def run(request: Request, out: Path, *, resume: bool, backend: Backend, quiet: bool,
        say: Callable[[str], None]) -> dict:
    """The search, its verification and its files; the final record."""
    started = time.monotonic()
    base, space, loadable = prepare(request)
    check_folder(out, request.identity, resume)
    out.mkdir(parents=True, exist_ok=True)
    record: dict = {"format": FORMAT, "request": request.identity, "status": "running",
                    "game": base.info.name, "scope": {k: _range(v, space.allowed[k])
                                                      for k, v in space.start.items()}}

    def save() -> None:
        _write(out / RECORD, json.dumps(record, indent=1, default=str) + "\n")

    save()  # the folder is this search's from now on, so --resume finds it

    def play(round_: int, sets) -> list[list[Reading]]:
        plan = round_plan(request.one, sets, n=request.n, seed=request.seed)
        folder = out / "rounds" / f"r{round_:02d}"
        say(f"round {round_}: {len(sets)} change set(s), {len(sets) * request.n:,} games")
        play_round(plan, folder, backend, quiet)
        return round_readings(folder, request.target, plan)

    def saved(done: Search) -> None:
        record["evaluations"] = [_evaluation_record(e, space.start) for e in done.evaluations]
        save()

    search = Search(space, play, loadable, request.width, request.rounds, request.n,
                    request.games - 2 * request.verify_n, after=saved)
    best = search.run()
    record["effects"] = [{"key": k, "direction": d, "per_step": v}
                         for (k, d), v in sorted(search.effects.items())]
    record["stopped"] = search.stopped
    record["proposal"] = _evaluation_record(best, space.start)
    record["start"] = _evaluation_record(search.evaluations[0], space.start)
    save()
    say(f"search: {search.stopped}; best of {len(search.evaluations)} evaluations changes "
        f"{len(best.changes)} value(s), target {'holds' if best.holds else 'not reached'} "
        "on the search seeds")
    record["verification"] = _verify(request, best, out, backend, quiet, say)
    record["proposal_file"] = _write_proposal(base, best, out, space)
    record["games_played"] = search.spent + record["verification"]["games"] * (2 if best.changes else 1)
    record["status"] = "complete"
    record["wall_time_s"] = round(time.monotonic() - started, 1)
    save()
    return record


def _verify(request: Request, best: Evaluation, out: Path, backend: Backend, quiet: bool,
            say: Callable[[str], None]) -> dict:
    seed = verify_seed(request.seed)
    sets = [(), best.changes] if best.changes else [()]
    say(f"verification on fresh seeds (seed {seed}): {len(sets) * request.verify_n:,} games")
    plan = round_plan(request.one, sets, n=request.verify_n, seed=seed)
    folder = out / "verify"
    play_round(plan, folder, backend, quiet)
    found = round_readings(folder, request.target, plan)
    after = found[-1]
    labels = {r.label for r in after}
    shifts = _shifts(folder, plan.info.name, labels) if best.changes else {}
    return {"seed": seed, "games": request.verify_n,
            "start": [r.record() for r in found[0]], "proposal": [r.record() for r in after],
            "holds": holds(after), "paired": shifts}


def _write_proposal(base: Plan, best: Evaluation, out: Path, space: Space) -> str | None:
    """proposal.toml, checked by loading it as `sim run --content` does; None when the
    search changes nothing."""
    from sim.content.games import content_module

    if not best.changes:
        return None
    cell = base.cells[0]
    studio = cell.content.studio
    schema = content_module(base.info).SCHEMA
    data = prop.proposal_data(cell.content.data, prop.start_file(studio.path if studio else None),
                              dict(best.changes), schema)
    lines = [f"{k}: {space.start[k]} -> {v}" for k, v in best.changes]
    path = out / PROPOSAL
    _write(path, prop.proposal_text(data, base.info.name, lines))
    try:
        content_module(base.info).load_content(studio=path)
    except ContentError as exc:  # the search played this content, so it must load
        path.unlink()
        raise RunError(f"the proposal does not load as a content file ({exc}) ; the search's "
                       f"record is in {RECORD}") from None
    return PROPOSAL
