"""Bot personalities as data, for every game: one weight per heuristic feature, in
``<game>/presets/<name>.toml``.

A preset file holds a ``description`` and a ``[weights]`` table naming every feature of
the game's heuristic. Errors are one line naming the file, the key and the fix.
"""

from __future__ import annotations

import difflib
import math
import os
import tomllib
from pathlib import Path

import numpy as np


class PresetError(ValueError):
    """A preset file is invalid. The message is one line."""


class Presets:
    """The presets of one game's heuristic: ``features`` names its weights in order,
    ``hand_made`` lists the hand-made personalities in the order `sim ladder` shows them
    (the first is the default), and ``features_file`` is where a reader looks them up."""

    def __init__(self, folder: Path, features: tuple[str, ...], hand_made: tuple[str, ...],
                 features_file: str):
        self.folder = folder
        self.features = features
        self.hand_made = hand_made
        self.features_file = features_file

    def read(self, path: Path) -> tuple[np.ndarray, str]:
        """(weights float64[len(features)], description) of one preset file, validated."""
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
            if key not in self.features:
                close = difflib.get_close_matches(key, self.features, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise PresetError(f"{where}: unknown feature {key!r}{hint} ; features are listed in "
                                  f"{self.features_file}")
        weights = np.zeros(len(self.features), dtype=np.float64)
        for i, name in enumerate(self.features):
            value = table.get(name)
            if value is None:
                raise PresetError(f"{where}: weights.{name} is missing ; give every feature a weight")
            if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
                raise PresetError(f"{where}: weights.{name} must be a finite number, got {value!r}")
            weights[i] = float(value)
        return weights, str(data.get("description", ""))

    def load(self, folder: Path | None = None) -> dict[str, np.ndarray]:
        """Every preset in ``folder`` (default: the game's): the hand-made ones first, then
        the rest by name."""
        files = {p.stem: p for p in (folder or self.folder).glob("*.toml")}
        order = [n for n in self.hand_made if n in files] + sorted(
            n for n in files if n not in self.hand_made)
        return {name: self.read(files[name])[0] for name in order}

    def write(self, name: str, weights: np.ndarray, description: str, notes: list[str],
              folder: Path | None = None) -> Path:
        """Write ``<folder>/<name>.toml`` atomically (temporary name, then rename)."""
        folder = folder or self.folder
        lines = [f"# {line}" for line in notes]
        lines += [f"description = {description!r}".replace("'", '"'), "", "[weights]"]
        lines += [f"{n} = {float(v):.4f}" for n, v in zip(self.features, weights, strict=True)]
        path = folder / f"{name}.toml"
        tmp = folder / f"_{name}.toml.tmp"
        tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
        os.replace(tmp, path)
        return path
