"""One cell of a run folder as a stream of tables, each holding whole games.

Shards are read one after the other in name order (the runner numbers them in game
order) and each in record batches of at most ``CHUNK_ROWS`` rows, so memory follows the
chunk, not the run. A game's rows may straddle two batches (a row group need not end on
a game boundary): the rows of the last game of a batch wait for the next batch. String
columns are read as the dictionaries Parquet stores them in.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as pads

CHUNK_ROWS = 1 << 18


def open_data(folder: Path) -> pads.Dataset:
    """The Parquet shards under ``folder``, strings read as dictionaries. Raises OSError or
    ValueError (pyarrow's errors derive from them) when the shards do not read."""
    found = pads.dataset(folder, format="parquet")
    strings = [f.name for f in found.schema if pa.types.is_string(f.type)]
    as_read = pads.ParquetFileFormat(read_options=pads.ParquetReadOptions(dictionary_columns=strings))
    return pads.dataset(folder, format=as_read)


def whole_games(data: pads.Dataset, cell: int, columns: list[str],
                rows: int | None = None) -> Iterator[pa.Table]:
    """The rows of ``cell`` (only ``columns``, which must include ``game``), in tables of
    whole games, shard by shard, read ``rows`` (default ``CHUNK_ROWS``) at a time. Raises
    OSError or ValueError when a shard does not read."""
    carry = None  # rows of a game that may continue in the next batch
    mine = pads.field("cell") == cell
    for fragment in sorted(data.get_fragments(), key=lambda f: f.path):
        for batch in fragment.to_batches(schema=data.schema, columns=columns, filter=mine,
                                         batch_size=rows or CHUNK_ROWS):
            if batch.num_rows == 0:
                continue
            table = pa.Table.from_batches([batch])
            if carry is not None:
                table = pa.concat_tables([carry, table]).combine_chunks()
            last = table["game"][-1]
            ends = np.flatnonzero(pc.not_equal(table["game"], last).to_numpy(zero_copy_only=False))
            cut = int(ends[-1]) + 1 if ends.size else 0
            carry = table.slice(cut)
            if cut:
                yield table.slice(0, cut).combine_chunks()
        if carry is not None:  # a shard holds whole games
            yield carry.combine_chunks()
            carry = None


def categories(column: pa.ChunkedArray | pa.Array) -> tuple[list[str], np.ndarray]:
    """A string column as (names, integer code per row); a missing value is the empty name."""
    if isinstance(column, pa.ChunkedArray):
        column = column.combine_chunks()
    if not pa.types.is_dictionary(column.type):
        column = column.dictionary_encode()
    names = [str(n) if n is not None else "" for n in column.dictionary.to_pylist()]
    codes = column.indices.fill_null(len(names)).to_numpy(zero_copy_only=False).astype(np.int64)
    if column.null_count:
        names.append("")
    return names, codes


def tile_members(combos: list[str]) -> tuple[list[str], np.ndarray]:
    """Tile names in comma-separated combinations ('samos,naxos'), in name order, and a
    0/1 matrix: combination x tile, 1 when the combination holds the tile."""
    parts = pc.split_pattern(pa.array(combos, pa.string()), ",")
    names, combo = pc.list_flatten(parts), pc.list_parent_indices(parts)
    named = pc.not_equal(names, "")  # the empty combination holds none
    tiles, tile_codes = categories(names.filter(named))
    member = np.zeros((len(combos), len(tiles)))
    member[combo.filter(named).to_numpy(), tile_codes] = 1.0
    order = sorted(range(len(tiles)), key=tiles.__getitem__)
    return [tiles[i] for i in order], member[:, order]
