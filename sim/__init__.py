"""Balance-testing simulator for board games.

``sim.run``, ``sim.load`` and ``sim.trace`` are the Python API (sim.api, docs/python.md);
they are imported on first use, so ``import sim`` stays cheap.
"""

__version__ = "0.1.0"
__all__ = ["load", "run", "trace"]


def __getattr__(name: str):
    if name in __all__:
        from sim import api

        return getattr(api, name)
    raise AttributeError(f"module 'sim' has no attribute {name!r}")
