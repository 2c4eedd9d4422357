"""A batch kernel's result columns passed by name, whatever the order of the dict.

``game.simulate`` keeps its result arrays in a dict keyed by column name, and the
compiled ``play_batch`` takes them as its last parameters, one array each. Passing the
dict's values in its own order would tie the dict's insertion order to the kernel's
parameter order, so a reordered dict or a new column would fill the wrong arrays without
a word. Here the kernel's parameter names fix the order instead, read once per process.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping

import numpy as np


class ResultColumns:
    """The parameters of ``kernel`` from ``first`` on: its result columns, each named as
    ``simulate``'s result dict names it. ``kernel`` is the ``sim.jit.kernel`` dispatcher,
    or the plain function under ``NUMBA_DISABLE_JIT``."""

    def __init__(self, kernel: Callable, first: str) -> None:
        function = getattr(kernel, "py_func", kernel)  # a Numba dispatcher keeps it there
        self.kernel = function.__name__
        names = tuple(inspect.signature(function).parameters)
        if first not in names:
            raise TypeError(f"{self.kernel} has no parameter {first!r} to start its result "
                            "columns")
        self.names = names[names.index(first):]
        self._taken = frozenset(self.names)

    def slices(self, out: Mapping[str, np.ndarray], start: int,
               stop: int) -> tuple[np.ndarray, ...]:
        """Rows ``start`` .. ``stop - 1`` of each column of ``out``, in the kernel's
        parameter order. A column the kernel does not take, or a result parameter with no
        column, is refused: a ``TypeError`` naming it."""
        if out.keys() != self._taken:
            self._refuse(out)
        return tuple(out[name][start:stop] for name in self.names)

    def _refuse(self, out: Mapping[str, np.ndarray]) -> None:
        extra = [name for name in out if name not in self._taken]
        if extra:
            raise TypeError(f"{self.kernel} takes no result column {extra[0]!r}; its result "
                            f"parameters are {', '.join(self.names)}")
        missing = next(name for name in self.names if name not in out)
        raise TypeError(f"{self.kernel}'s result parameter {missing!r} has no column in the "
                        "result dict")
