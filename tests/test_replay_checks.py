"""`sim trace RUN --cell C --game G` replays the dataset's row only while run.json matches
the shard that holds it: an edited run.json, or a game the run has not played, is refused
with one line (exit 2), never replayed as another game."""

import hashlib
import json
from pathlib import Path

import pytest
from cli_process import error_line, sim
from run_folders import SHARD


def edit(folder: Path, change) -> None:
    path = folder / "run.json"
    manifest = json.loads(path.read_text())
    change(manifest)
    path.write_text(json.dumps(manifest))


def traced(folder: Path, game: int):
    return sim("trace", folder, "--cell", 0, "--game", game)


def test_an_unchanged_run_replays(reference):
    done = traced(reference, 120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["event"] == "game_end"


def _seed(m):
    m["seed"] = 6


def _strategies(m):
    m["cells"][0]["strategies"] = ["balanced"] * 3


def _inflated(m):
    m["games"] = m["games_per_cell"] = m["cells"][0]["games"] = 400


@pytest.mark.parametrize("change, game, problem", [
    (_seed, 10, "written by another run (seed differs)"),
    (_strategies, 10, "written for another cell (strategies differs)"),
    (_inflated, 10, "written by another run (games_per_cell differs)"),
])
def test_an_edited_run_json_is_refused(copy, change, game, problem):
    edit(copy, change)
    line = error_line(traced(copy, game))
    assert line == (f"error: {str(copy)!r}: run.json does not match {SHARD.format(0)}, which "
                    f"holds game {game} of cell 0: {problem} ; replay from an unchanged run "
                    f"folder (see 'sim verify {copy}')")


def test_a_game_past_the_played_ones_is_refused(copy):
    edit(copy, _inflated)
    line = error_line(traced(copy, 300))
    assert line.startswith("error: game 300 of cell 0 was not played: its shard "
                           "data/cell-000/part-00006.parquet is missing ; finish the run")


def test_a_seed_out_of_range_is_refused(copy):
    edit(copy, lambda m: m.update(seed=-5))
    line = error_line(traced(copy, 10))
    assert line.startswith(f"error: {str(copy)!r}") and "seed must be a whole number from 0" in line


def test_a_game_an_unfinished_run_has_not_played_is_refused(copy):
    (copy / SHARD.format(3)).unlink()
    edit(copy, lambda m: m.update(status="running"))
    assert error_line(traced(copy, 160)) == (
        "error: game 160 of cell 0 was not played: its shard data/cell-000/part-00003.parquet "
        "is missing ; finish the run with 'sim run ... --resume' and the original flags, or "
        f"see 'sim verify {copy}'")
    assert traced(copy, 20).returncode == 0


def test_content_path_cannot_read_another_file(copy, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("not a content file\n")
    digest = hashlib.sha256(secret.read_bytes()).hexdigest()
    edit(copy, lambda m: m.update(content_file={"name": "studio.toml", "sha256": "0" * 64},
                                  content_path=str(secret)))
    line = error_line(traced(copy, 10))
    assert "content_file differs" in line
    assert digest[:12] not in line
