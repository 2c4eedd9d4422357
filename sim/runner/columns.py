"""Dataset columns built from the engines' integer arrays."""

import numpy as np
import pyarrow as pa


def labels(codes: np.ndarray, names) -> pa.Array:
    """A string column from integer codes into ``names``, built in Arrow (no Python per row)."""
    return pa.array(list(names), pa.string()).take(pa.array(codes, pa.int32()))
