"""Personalities as data: one weight per heuristic feature, in ``presets/<name>.toml``.

A preset file holds a ``description`` and a ``[weights]`` table naming every feature of
``features.FEATURES``. Files are read once at import; ``sim tune`` writes ``tuned.toml``
here. Errors are one line naming the file, the key and the fix.
"""

from __future__ import annotations

import difflib
import math
import os
import tomllib
from pathlib import Path

import numpy as np

from strategies.pericles.features import FEATURE_NAMES, NF

PRESETS_DIR = Path(__file__).resolve().parent / "presets"
# Hand-made personalities in the order `sim ladder` lists them; balanced is the default.
HAND_MADE = ("balanced", "builder", "strategos", "demagogue", "diplomat", "merchant")


class PresetError(ValueError):
    """A preset file is invalid. The message is one line."""


def read_preset(path: Path) -> tuple[np.ndarray, str]:
    """(weights float64[NF], description) of one preset file, validated."""
    where = f"preset {path.name}"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise PresetError(f"{where}: cannot read the file ({exc}) ; check the path") from None
    except tomllib.TOMLDecodeError as exc:
        first = str(exc).splitlines()[0] if str(exc) else "syntax error"
        raise PresetError(f"{where}: not valid TOML: {first} ; fix the file") from None
    for key in data:
        if key not in ("description", "weights"):
            raise PresetError(f"{where}: unknown key {key!r} ; allowed keys: description, weights")
    table = data.get("weights")
    if not isinstance(table, dict):
        raise PresetError(f"{where}: missing [weights] table ; add one weight per feature")
    for key in table:
        if key not in FEATURE_NAMES:
            close = difflib.get_close_matches(key, FEATURE_NAMES, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise PresetError(f"{where}: unknown feature {key!r}{hint} ; features are listed in "
                              "strategies/pericles/features.py")
    weights = np.zeros(NF, dtype=np.float64)
    for i, name in enumerate(FEATURE_NAMES):
        value = table.get(name)
        if value is None:
            raise PresetError(f"{where}: weights.{name} is missing ; give every feature a weight")
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise PresetError(f"{where}: weights.{name} must be a finite number, got {value!r}")
        weights[i] = float(value)
    return weights, str(data.get("description", ""))


def load_presets(folder: Path = PRESETS_DIR) -> dict[str, np.ndarray]:
    """Every preset in ``folder``: the hand-made ones first, then the rest by name."""
    files = {p.stem: p for p in folder.glob("*.toml")}
    order = [n for n in HAND_MADE if n in files] + sorted(n for n in files if n not in HAND_MADE)
    return {name: read_preset(files[name])[0] for name in order}


PRESETS = load_presets()
PRESET_NAMES = tuple(PRESETS)


def preset_weights(name: str) -> np.ndarray:
    return PRESETS[name]


def write_preset(name: str, weights: np.ndarray, description: str, notes: list[str],
                 folder: Path = PRESETS_DIR) -> Path:
    """Write ``<folder>/<name>.toml`` atomically (temporary name, then rename)."""
    lines = [f"# {line}" for line in notes]
    lines += [f"description = {description!r}".replace("'", '"'), "", "[weights]"]
    lines += [f"{n} = {float(v):.4f}" for n, v in zip(FEATURE_NAMES, weights, strict=True)]
    path = folder / f"{name}.toml"
    tmp = folder / f"_{name}.toml.tmp"
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path
