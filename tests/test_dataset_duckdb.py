"""A `sim run` dataset opens unchanged in DuckDB, the third reader designers use."""

import duckdb
import pandas as pd
from typer.testing import CliRunner

from sim.cli import app


def test_duckdb_reads_the_dataset_as_written(tmp_path):
    out = tmp_path / "run"
    result = CliRunner().invoke(app, ["run", "--game", "pericles", "--players", "3", "--n", "60",
                                      "--batch-size", "25", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    glob = str(out / "data" / "**" / "*.parquet")
    con = duckdb.connect()
    games, rows, shares = con.execute(
        f"select count(distinct game), count(*), sum(win_share) from read_parquet('{glob}')"
    ).fetchone()
    assert (games, rows) == (60, 180)
    assert abs(shares - 60) < 1e-9
    from_duckdb = con.execute(f"select * from read_parquet('{glob}') order by cell, game, seat").df()
    from_pandas = pd.read_parquet(out / "data").sort_values(["cell", "game", "seat"])
    assert from_duckdb["glory"].tolist() == from_pandas["glory"].tolist()
    assert from_duckdb["city_states"].map(list).tolist() == from_pandas["city_states"].map(list).tolist()
