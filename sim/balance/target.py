"""A balance target: bands on measures, given as flags or in a TOML file, and bounds on keys.

A band names a measure, optionally one group of it, and the values it must lie between:

- ``seatN`` or ``seat_win_share[N]`` (seats numbered from 1, as the report numbers them;
  without ``[N]`` every seat), ``role_win_share[NAME]``, ``city_state_win_share[NAME]``,
  ``pick_win_share[NAME]`` (the game's own pick, a Role or a City-state; without
  ``[NAME]`` every one the games deal), ``survival`` or ``survival[MODE]`` (a
  co-operative game), ``rounds`` (mean rounds per game);
- ``+-W``: within W of fair (a competitive game's win shares: 1/players), ``C+-W``: within
  W of C, ``A..B``: between A and B. Shares are written as fractions (``0.4..0.6``,
  ``C`` too) and their widths ``W`` in percentage points (``+-2``), as the report speaks
  of them; rounds in rounds.

The TOML file holds ``[[band]]`` tables (``measure``, optional ``group``, and ``within``
with an optional ``center``, or ``low`` and ``high``) and an optional ``[bounds]`` table
of ``"KEY-OR-PATTERN" = [LOW, HIGH]`` that narrows the values a key in scope may take.
"""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

from sim.inputs import (
    InputError,
    Items,
    Number,
    Record,
    Table,
    Text,
    Whole,
    check,
    parse_toml,
    read_text,
)
from sim.runner import RunError
from sim.sensitivity.moves import Value

SHARE_KIND, MEAN_KIND = "share", "mean"
# measure name -> (the gate's series measure, the group prefix or the one group, its kind)
MEASURES = {
    "seat_win_share": ("win_share", "seat", SHARE_KIND),
    "role_win_share": ("win_share", "role", SHARE_KIND),
    "city_state_win_share": ("win_share", "city-state", SHARE_KIND),
    "pick_win_share": ("win_share", None, SHARE_KIND),  # the game's pick kind
    "survival": ("win_share", "team", SHARE_KIND),
    "rounds": ("rounds", "all", MEAN_KIND),
}
PICK_MEASURES = {"role": "role_win_share", "city-state": "city_state_win_share"}
MOST_BANDS = 200
MOST_BOUNDS = 2000
_FLAG = re.compile(r"^\s*(?P<measure>[a-z_]+?)(?P<seat>\d+)?(?:\[(?P<group>[^\]]*)\])?\s*:"
                   r"\s*(?P<band>.+?)\s*$")
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_WITHIN = re.compile(rf"^(?P<center>{_NUMBER})?\s*\+-\s*(?P<width>{_NUMBER})$")
_RANGE = re.compile(rf"^(?P<low>{_NUMBER})\s*\.\.\s*(?P<high>{_NUMBER})$")
_HINT = ("give MEASURE[GROUP]:+-W, MEASURE[GROUP]:C+-W or MEASURE[GROUP]:A..B, e.g. "
         "'role_win_share:+-2', 'seat1:+-2', 'rounds:8..12' (docs/balance.md)")

_BAND_SPEC = Record({"measure": Text(60), "group": Text(60), "within": Number(0, 1e6),
                     "center": Number(-1e6, 1e6), "low": Number(-1e6, 1e6),
                     "high": Number(-1e6, 1e6)},
                    optional=("group", "within", "center", "low", "high"))
_FILE_SPEC = Record({"band": Items(_BAND_SPEC, MOST_BANDS, 1),
                     "bounds": Table(Items(Whole(-2**31, 2**31), 2, 2), MOST_BOUNDS)},
                    optional=("bounds",))


@dataclass(frozen=True)
class Band:
    measure: str  # a key of MEASURES
    group: str | None  # one group (a seat number from 1, a Role, a mode), or None: every one
    center: float | None  # None with ``width``: fair
    width: float | None  # in the measure's unit (a share's points already turned to a fraction)
    low: float | None
    high: float | None
    text: str  # as the designer wrote it

    def limits(self, fair: float | None) -> tuple[float, float]:
        """(low, high) of the band; ``fair`` is a win share's fair value (a band of a
        measure without one always has a centre or a range, ``_band`` sees to it)."""
        if self.width is None:
            assert self.low is not None and self.high is not None
            return self.low, self.high
        center = fair if self.center is None else self.center
        assert center is not None
        return center - self.width, center + self.width


@dataclass(frozen=True)
class Target:
    bands: tuple[Band, ...]
    bounds: dict[str, tuple[int, int]]  # key or pattern -> (low, high)


def _band(measure: str, group: str | None, center, width, low, high, text: str) -> Band:
    """A band checked on its own: a known measure and a band that is not empty."""
    if measure not in MEASURES:
        raise RunError(f"target {text!r}: unknown measure {measure!r} ; the measures are "
                       f"{', '.join(MEASURES)}, and seatN")
    kind = MEASURES[measure][2]
    if width is not None:
        if low is not None or high is not None:
            raise RunError(f"target {text!r}: give a width or a range, not both ; {_HINT}")
        if not width > 0:
            raise RunError(f"target {text!r}: the width must be above 0 ; {_HINT}")
        if kind == MEAN_KIND and center is None:
            raise RunError(f"target {text!r}: {measure} has no fair value ; give C+-W or A..B")
        width = width / 100 if kind == SHARE_KIND else width
    elif low is None or high is None:
        raise RunError(f"target {text!r}: give a width, or both low and high ; {_HINT}")
    elif not low <= high:
        raise RunError(f"target {text!r}: low {low:g} is above high {high:g} ; give A..B with "
                       "A <= B")
    values = [v for v in (center, low, high) if v is not None]
    if kind == SHARE_KIND and any(not 0 <= v <= 1 for v in values):
        raise RunError(f"target {text!r}: a share is a fraction from 0 to 1 (0.4..0.6), its "
                       "width in percentage points (+-2)")
    if kind == MEAN_KIND and any(v < 0 for v in values):
        raise RunError(f"target {text!r}: {measure} cannot be below 0")
    return Band(measure, group, center, width, low, high, text)


def parse_flag(text: str) -> Band:
    """One ``--target`` flag as a band."""
    found = _FLAG.match(text)
    if found is None:
        raise RunError(f"--target {text!r} is not a band ; {_HINT}")
    measure, group = found["measure"], found["group"]
    if found["seat"] is not None:
        if measure != "seat" or group is not None:
            raise RunError(f"--target {text!r} is not a band ; {_HINT}")
        measure, group = "seat_win_share", found["seat"]
    band = found["band"]
    within, span = _WITHIN.match(band), _RANGE.match(band)
    if within is not None:
        center = float(within["center"]) if within["center"] is not None else None
        return _band(measure, group, center, float(within["width"]), None, None, text)
    if span is not None:
        return _band(measure, group, None, None, float(span["low"]), float(span["high"]), text)
    raise RunError(f"--target {text!r}: {band!r} is not a band ; {_HINT}")


def read_target(path: Path) -> Target:
    """A target file, checked against its schema before anything is played."""
    try:
        data = check(parse_toml(read_text(path)), _FILE_SPEC)
    except InputError as exc:
        raise RunError(f"{path.name}: {exc} ; see docs/balance.md for the target file") from None
    except tomllib.TOMLDecodeError as exc:
        first = str(exc).splitlines()[0] if str(exc) else "syntax error"
        raise RunError(f"{path.name}: not valid TOML: {first} ; fix the file") from None
    bands = []
    for i, b in enumerate(data["band"]):
        text = f"{path.name} band {i + 1} ({b['measure']})"
        bands.append(_band(b["measure"], b.get("group"), b.get("center"), b.get("within"),
                           b.get("low"), b.get("high"), text))
    bounds = {key: (int(lo), int(hi)) for key, (lo, hi) in data.get("bounds", {}).items()}
    for key, (lo, hi) in bounds.items():
        if lo > hi:
            raise RunError(f"{path.name}: bounds {key!r} = [{lo}, {hi}]: low is above high ; "
                           "give [LOW, HIGH]")
    return Target(tuple(bands), bounds)


def target_of(flags: list[str], file: Path | None) -> Target:
    """The target of ``--target`` flags and a ``--target-file`` together."""
    from_file = read_target(file) if file is not None else Target((), {})
    bands = from_file.bands + tuple(parse_flag(f) for f in flags)
    if not bands:
        raise RunError("no target ; give --target such as 'role_win_share:+-2', or "
                       "--target-file with [[band]] tables (docs/balance.md)")
    return Target(bands, from_file.bounds)


def series_groups(band: Band, pick_kind: str | None, cooperative: bool, mode: str) -> str | None:
    """The group prefix (or the one group) of the gate's series the band reads; RunError
    when the game does not have the measure."""
    measure, prefix, _ = MEASURES[band.measure]
    if band.measure == "survival":
        if not cooperative:
            raise RunError(f"target {band.text!r}: survival is a co-operative game's measure ; "
                           "this game is competitive: give win shares")
        if band.group is not None and band.group != mode:
            raise RunError(f"target {band.text!r}: the scenario plays mode {mode!r}, not "
                           f"{band.group!r} ; give survival[{mode}] or a scenario of that mode")
        return prefix
    if measure == "win_share" and cooperative:
        raise RunError(f"target {band.text!r}: a co-operative game has no win shares by seat "
                       "or pick ; give survival")
    if prefix is None:
        if pick_kind is None:
            raise RunError(f"target {band.text!r}: this game deals no picks ; give seat or "
                           "rounds bands")
        return pick_kind
    has = PICK_MEASURES.get(pick_kind) if pick_kind is not None else None
    if band.measure in PICK_MEASURES.values() and has != band.measure:
        raise RunError(f"target {band.text!r}: this game has no {prefix} ; "
                       + (f"give {has}" if has else "give seat or rounds bands"))
    return prefix


def check_bounds(target: Target, values: list[Value]) -> dict[str, tuple[float, float]]:
    """Each value's allowed range: its declared range narrowed by the target's bounds. A
    bound that names no value in scope, or reaches outside a value's declared range, is
    refused with one line."""
    allowed: dict[str, tuple[float, float]] = {
        v.key: (v.low, math.inf if v.high is None else v.high) for v in values}
    for pattern, (lo, hi) in target.bounds.items():
        hits = [v for v in values if fnmatchcase(v.key, pattern)]
        if not hits:
            raise RunError(f"bounds {pattern!r} names no value in --keys ; bound a key in scope "
                           "or widen --keys")
        for v in hits:
            top = "" if v.high is None else str(v.high)
            if lo < v.low or (v.high is not None and hi > v.high):
                raise RunError(f"bounds {pattern!r} = [{lo}, {hi}] reaches outside {v.key}'s "
                               f"declared range {v.low}..{top} ; give bounds inside it")
            if not lo <= v.base <= hi:
                raise RunError(f"bounds {pattern!r} = [{lo}, {hi}] leaves out {v.key}'s "
                               f"current value {v.base} ; give bounds that hold it")
            allowed[v.key] = (lo, hi)
    return allowed
