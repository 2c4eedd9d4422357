"""The data files the package ships (each game's content and its scenario presets).

They live in the ``scenarios`` package and are found through ``importlib.resources``, so
an installed wheel reads them from its own site-packages exactly as a source checkout
reads them from the repository.
"""

from importlib.resources import files
from importlib.resources.abc import Traversable


def scenarios() -> Traversable:
    """The top folder of the shipped scenarios: ``<game>/content.toml``, ``<game>/presets/``."""
    return files("scenarios")


def content_file(game: str) -> Traversable:
    """The shipped content file of ``game``."""
    return scenarios() / game / "content.toml"


def presets_dir(game: str) -> Traversable:
    """The folder of ``game``'s scenario presets (it may be absent)."""
    return scenarios() / game / "presets"
