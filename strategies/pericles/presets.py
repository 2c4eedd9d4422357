"""Age of Pericles personalities as data: one weight per feature of ``features.FEATURES``
in ``presets/<name>.toml`` (format and checks: ``strategies.presets``). Files are read once
at import; ``sim tune`` writes ``tuned.toml`` here.
"""

from __future__ import annotations

from pathlib import Path

from strategies.pericles.features import FEATURE_NAMES
from strategies.presets import PresetError, Presets  # noqa: F401  (PresetError: for callers)

PRESETS_DIR = Path(__file__).resolve().parent / "presets"
# Hand-made personalities in the order `sim ladder` lists them; balanced is the default.
HAND_MADE = ("balanced", "builder", "strategos", "demagogue", "diplomat", "merchant")
_PRESETS = Presets(PRESETS_DIR, FEATURE_NAMES, HAND_MADE, "strategies/pericles/features.py")

read_preset = _PRESETS.read
write_preset = _PRESETS.write
PRESETS = _PRESETS.load()
PRESET_NAMES = tuple(PRESETS)
