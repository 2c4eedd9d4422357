"""Per-game outcomes of one cell, read from result rows; compact JSON encoding for baselines.

Rows are the runner's Parquet columns. A competitive game writes one row per game and
seat (``seat``, ``win_share``, ``end_reason``); a cooperative game one row per game
(``won`` for the whole team, ``loss_cause`` for how it ended), read as a single seat.
Every game writes ``cell``, ``game``, ``strategy`` and ``rounds``; ``glory`` and a seat's
pick (its Role or City-state, ``PICKS``) are used when present. The detailed measures of a
sensitivity run also read which City-states each seat used (``city_states_used``) and its
Glory by source (``glory_*``).
"""

from __future__ import annotations

import base64
import binascii
import math
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from sim.aggregate.scan import categories, tile_members
from sim.gate import GateError
from sim.inputs import Either, Flag, InputError, Items, Missing, Record, Text, Whole

COLUMNS = ("cell", "game", "strategy", "rounds")
# a seat's pick, by its dataset column, and how the gate names its groups ("role veteran")
PICKS = {"role": "role", "city_state": "city-state"}
OPTIONAL = ("seat", "win_share", "won", "end_reason", "loss_cause", "glory", *PICKS)
END_COLUMNS = ("end_reason", "loss_cause")  # how a game ended, competitive / cooperative
TILES_USED = "city_states_used"  # per seat, the City-states whose action it took
SOURCE_PREFIX = "glory_"  # one column per scoring source


def columns_to_read(available: list[str], detailed: bool = False) -> list[str]:
    """The gate's columns among a dataset's (``from_table`` names any that are missing);
    ``detailed`` adds the City-states used and the Glory sources."""
    wanted = [c for c in COLUMNS + OPTIONAL if c in available]
    if detailed:
        wanted += [c for c in available if c == TILES_USED or c.startswith(SOURCE_PREFIX)]
    return wanted


# Per-game arrays stored in a baseline, with the dtype they are stored as.
STORED = {"game_steps": np.int64, "winners": np.uint8, "glory": np.int32, "pick": np.int8,
          "rounds": np.int16, "end_reason": np.int8}
PER_SEAT = ("glory", "pick")  # [game, seat]; the others are [game]
MAX_SEATS = 8  # a seat bitmask in one byte
NAMES = Items(Text(200), 1_000)
ARRAY = Record({"dtype": Text(8), "shape": Items(Whole(0, 2**40), 2, 1),
                "zlib_base64": Text(2**40)})
# A baseline cell's per-game outcomes as ``encode`` writes them.
OUTCOMES = Record({"players": Whole(1, MAX_SEATS), "strategies": Items(Text(200), MAX_SEATS, 1),
                   "end_names": NAMES, "pick_names": Either((NAMES, Missing())),
                   "pick_kind": Text(50, tuple(PICKS.values())), "cooperative": Flag(),
                   "arrays": Record({k: ARRAY for k in STORED}, optional=PER_SEAT)},
                  optional=("pick_names", "cooperative"))


@dataclass
class Outcomes:
    """One cell's games, sorted by game index; arrays are [game] or [game, seat]."""

    games: np.ndarray
    win_share: np.ndarray
    rounds: np.ndarray
    end_reason: np.ndarray  # codes into end_names
    end_names: list[str]
    strategies: list[str]  # per seat
    glory: np.ndarray | None = None
    pick: np.ndarray | None = None  # [game, seat] codes into pick_names
    pick_names: list[str] | None = None
    pick_kind: str = "role"  # the group name of a pick (a PICKS value)
    cooperative: bool = False  # one team result per game (a single "seat")
    used: np.ndarray | None = None  # bool [game, seat, tile]: the seat used that City-state
    tile_names: list[str] | None = None
    sources: np.ndarray | None = None  # [game, seat, source]: Glory from each source
    source_names: list[str] | None = None

    @property
    def players(self) -> int:
        return self.win_share.shape[1]

    def take(self, index: np.ndarray) -> Outcomes:
        """The games at positions ``index``."""
        def pick(a):
            return None if a is None else a[index]
        return Outcomes(self.games[index], self.win_share[index], self.rounds[index],
                        self.end_reason[index], self.end_names, self.strategies,
                        pick(self.glory), pick(self.pick), self.pick_names, self.pick_kind,
                        self.cooperative, pick(self.used), self.tile_names, pick(self.sources),
                        self.source_names)


def in_chunks(outcomes: Outcomes | Iterable[Outcomes]) -> Iterable[Outcomes]:
    """A cell's outcomes, whole or already as chunks in game order, as chunks."""
    return [outcomes] if isinstance(outcomes, Outcomes) else outcomes


def _codes(column: pa.ChunkedArray) -> tuple[np.ndarray, list[str]]:
    """Codes into the sorted names that occur (read from the column's dictionary)."""
    names, codes = categories(column)
    used = sorted(np.unique(codes).tolist(), key=lambda c: names[c])
    rank = np.zeros(len(names), dtype=np.int64)
    rank[used] = np.arange(len(used))
    return rank[codes], [names[c] for c in used]


def _recode(codes: np.ndarray, names: list[str], union: list[str]) -> np.ndarray:
    return np.searchsorted(np.array(union), np.array(names))[codes] if names else codes


def _widen(used: np.ndarray, names: list[str], union: list[str]) -> np.ndarray:
    """A chunk's [game, seat, tile] membership over the tiles of ``union``."""
    out = np.zeros(used.shape[:2] + (len(union),), dtype=bool)
    out[:, :, [union.index(n) for n in names]] = used
    return out


def concat(parts: list[Outcomes]) -> Outcomes:
    """One cell's outcomes from its chunks in game order, codes re-mapped onto every name."""
    first = parts[0]
    end_names = sorted({n for p in parts for n in p.end_names})
    pick_names = None if first.pick is None else sorted({n for p in parts for n in p.pick_names})
    tile_names = None if first.used is None else sorted({n for p in parts for n in p.tile_names})

    def joined(pick):
        return None if pick(first) is None else np.concatenate([pick(p) for p in parts])

    return Outcomes(games=joined(lambda p: p.games), win_share=joined(lambda p: p.win_share),
                    rounds=joined(lambda p: p.rounds),
                    end_reason=joined(lambda p: _recode(p.end_reason, p.end_names, end_names)),
                    end_names=end_names, strategies=first.strategies,
                    glory=joined(lambda p: p.glory),
                    pick=joined(lambda p: None if p.pick is None else _recode(p.pick, p.pick_names,
                                                                              pick_names)),
                    pick_names=pick_names, pick_kind=first.pick_kind, cooperative=first.cooperative,
                    used=joined(lambda p: None if p.used is None
                                else _widen(p.used, p.tile_names, tile_names)),
                    tile_names=tile_names, sources=joined(lambda p: p.sources),
                    source_names=first.source_names)


def from_table(table: pa.Table) -> Outcomes:
    """Outcomes of a table holding one cell's rows (every seat of every game), in any order."""
    names = table.column_names
    cooperative = "seat" not in names
    ends = [c for c in END_COLUMNS if c in names]
    needed = COLUMNS + (("won",) if cooperative else ("win_share",))
    missing = [c for c in needed if c not in names] or ([] if ends else [END_COLUMNS[0]])
    if missing:
        raise GateError(f"the dataset has no column {missing[0]!r} ; point at a folder written "
                        "by 'sim run'")
    table = table.sort_by([("game", "ascending")] + ([] if cooperative else [("seat", "ascending")]))
    games_col = table["game"].to_numpy()
    games = np.unique(games_col)
    p = len(games_col) // max(len(games), 1)
    if p == 0 or len(games) * p != len(games_col) or not np.array_equal(games_col[::p], games):
        raise GateError("the dataset has no games or games with missing seats ; rerun 'sim run' "
                        "into an empty folder")

    def per_seat(name):
        return table[name].to_numpy(zero_copy_only=False).reshape(len(games), p)

    end, end_names = _codes(table[ends[0]])
    out = Outcomes(games=games, win_share=per_seat("won" if cooperative else "win_share")
                   .astype(np.float64),
                   rounds=table["rounds"].to_numpy()[::p].astype(np.int64),
                   end_reason=end[::p], end_names=end_names,
                   strategies=[str(s) for s in per_seat("strategy")[0]], cooperative=cooperative)
    if "glory" in table.column_names:
        out.glory = per_seat("glory").astype(np.int64)
    for column, kind in PICKS.items():
        if column in table.column_names:
            pick, out.pick_names = _codes(table[column])
            out.pick, out.pick_kind = pick.reshape(len(games), p), kind
    if TILES_USED in names:
        combos, codes = categories(table[TILES_USED])
        out.tile_names, member = tile_members(combos)
        out.used = member[codes].astype(bool).reshape(len(games), p, len(out.tile_names))
    sources = [c for c in names if c.startswith(SOURCE_PREFIX)]
    if sources:
        out.source_names = [c.removeprefix(SOURCE_PREFIX) for c in sources]
        out.sources = np.stack([per_seat(c) for c in sources], axis=2).astype(np.int32)
    return out


def _pack(array: np.ndarray, dtype) -> dict:
    """Byte planes (all first bytes, then all second bytes ...) compress far better."""
    data = np.ascontiguousarray(array, dtype=dtype)
    planes = data.reshape(-1).view(np.uint8).reshape(-1, data.itemsize).T.tobytes()
    return {"dtype": np.dtype(dtype).str, "shape": list(data.shape),
            "zlib_base64": base64.b64encode(zlib.compress(planes, 9)).decode("ascii")}


def _unpack(item: dict, name: str, shape: tuple[int, ...]) -> np.ndarray:
    """The array stored as ``item``, which must hold ``shape`` values of its stored dtype;
    it is never inflated past that size (InputError)."""
    dtype = np.dtype(STORED[name])
    if item["dtype"] != dtype.str or tuple(item["shape"]) != shape:
        raise InputError(f"array {name!r} is {item['dtype']} {item['shape']}, expected "
                         f"{dtype.str} {list(shape)}")
    size = math.prod(shape) * dtype.itemsize
    try:
        inflate = zlib.decompressobj()
        raw = inflate.decompress(base64.b64decode(item["zlib_base64"], validate=True), size)
    except (binascii.Error, zlib.error):
        raise InputError(f"array {name!r} does not decode") from None
    if len(raw) != size or inflate.unconsumed_tail or not inflate.eof:
        raise InputError(f"array {name!r} does not hold {list(shape)} values")
    planes = np.frombuffer(raw, np.uint8)
    return planes.reshape(dtype.itemsize, -1).T.copy().view(dtype).reshape(shape)


def encode(o: Outcomes) -> dict:
    """JSON-ready per-game arrays: zlib-compressed byte planes as base64 text. Winners are a
    seat bitmask (ties included), games the steps between game indices."""
    winners = ((o.win_share > 0) * (1 << np.arange(o.players))).sum(axis=1)
    steps = np.diff(o.games, prepend=0)  # all ones for a whole run: compresses to nothing
    arrays = {"game_steps": steps, "winners": winners, "rounds": o.rounds,
              "end_reason": o.end_reason}
    if o.glory is not None:
        arrays["glory"] = o.glory
    if o.pick is not None:
        arrays["pick"] = o.pick
    return {"players": o.players, "strategies": o.strategies, "end_names": o.end_names,
            "pick_names": o.pick_names, "pick_kind": o.pick_kind, "cooperative": o.cooperative,
            "arrays": {k: _pack(v, STORED[k]) for k, v in arrays.items()}}


def decode(data: dict, games: int) -> Outcomes:
    """The inverse of ``encode`` for a cell of ``games`` games, ``data`` shaped as
    ``OUTCOMES`` says; InputError when its arrays do not fit their shapes and codes."""
    p = data["players"]
    if len(data["strategies"]) != p:
        raise InputError(f"{len(data['strategies'])} strategies for {p} seats")
    arrays = {k: _unpack(v, k, (games, p) if k in PER_SEAT else (games,))
              for k, v in data["arrays"].items()}
    pick = arrays.get("pick")
    pick_names = data.get("pick_names")
    if pick is not None and pick_names is None:
        raise InputError("picks stored without their names")
    for name, codes, count in (("end_reason", arrays["end_reason"], len(data["end_names"])),
                               ("pick", pick, len(pick_names or ())),
                               ("winners", arrays["winners"], 2 ** p)):
        if codes is not None and codes.size and not 0 <= codes.min() <= codes.max() < count:
            raise InputError(f"array {name!r} holds codes outside 0..{count - 1}")
    seats = (arrays["winners"][:, None].astype(np.int64) >> np.arange(p)) & 1
    count = np.maximum(seats.sum(axis=1, keepdims=True), 1)  # a lost cooperative game: none
    glory = arrays.get("glory")
    return Outcomes(games=np.cumsum(arrays["game_steps"]), win_share=seats / count,
                    rounds=arrays["rounds"].astype(np.int64),
                    end_reason=arrays["end_reason"].astype(np.int64),
                    end_names=list(data["end_names"]), strategies=list(data["strategies"]),
                    glory=None if glory is None else glory.astype(np.int64),
                    pick=None if pick is None else pick.astype(np.int64),
                    pick_names=None if pick_names is None else list(pick_names),
                    pick_kind=data["pick_kind"], cooperative=data.get("cooperative", False))
