"""A run folder others have handled: a shard copied over another with its checksum, a
stray file in data/, a folder holding the user's own files, a scenario name that points
elsewhere, a run killed mid-way. `sim verify`, `sim report`, `sim compare` and `--resume`
agree on what is wrong, `--resume` mends it, and no user's file is deleted."""

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest
from cli_process import CLI, ENV, error_line, sim
from processes import kill_after
from run_folders import CHECKSUM, SHARD, flags, rewrite, rows

ARGS = flags()


def no_traceback(done: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in done.stderr + done.stdout, done.stderr


def refused_by_readers(out: Path, reference: Path, named: str) -> None:
    """`sim report` and `sim compare` refuse the folder with one line naming ``named``."""
    for done in (sim("report", out, "--out", out.parent / "r.html"),
                 sim("compare", reference, out)):
        no_traceback(done)
        line = error_line(done)
        assert named in line and "sim verify" in line and "--resume" in line, line
    assert not (out.parent / "r.html").exists()


def mended(out: Path, reference: Path) -> dict:
    """`--resume` mends the folder: `sim verify` passes and the rows are the reference's."""
    resumed = sim("run", *ARGS, "--out", out, "--resume", "--quiet")
    no_traceback(resumed)
    assert resumed.returncode == 0, resumed.stderr
    verified = sim("verify", out)
    assert verified.returncode == 0, verified.stdout
    pd.testing.assert_frame_equal(rows(out), rows(reference))
    return json.loads((out / "run.json").read_text())


def test_a_shard_copied_over_another_with_its_checksum_is_damaged(copy, reference):
    shutil.copyfile(copy / SHARD.format(1), copy / SHARD.format(2))
    shutil.copyfile(copy / CHECKSUM.format(1), copy / CHECKSUM.format(2))
    verified = sim("verify", copy)
    no_traceback(verified)
    assert verified.returncode == 1
    assert verified.stdout.splitlines()[1:] == [
        "  damaged data/cell-000/part-00002.parquet: holds the games of another shard (cell 0 "
        "batch 1, games 50..99) where batch 2 (games 100..149) belongs"]
    refused_by_readers(copy, reference, "data/cell-000/part-00002.parquet is damaged")
    manifest = mended(copy, reference)
    assert [d["shard"] for d in manifest["replayed_damaged"]] == [SHARD.format(2)]
    assert manifest["games_played_now"] == 50


def _without_batch_record(table):
    """The shard as a version before ``sim.batch`` wrote it."""
    return table.replace_schema_metadata(
        {k: v for k, v in table.schema.metadata.items() if k != b"sim.batch"})


def test_an_older_shard_in_the_wrong_place_is_caught_by_its_games(copy, reference):
    """Shards written before they named their batch are intact where they belong, and a
    copy in the wrong place is caught by the range of its games."""
    for index in (0, 1):
        rewrite(copy, index, _without_batch_record)
    assert sim("verify", copy).returncode == 0
    shutil.copyfile(copy / SHARD.format(1), copy / SHARD.format(0))
    shutil.copyfile(copy / CHECKSUM.format(1), copy / CHECKSUM.format(0))
    verified = sim("verify", copy)
    assert verified.returncode == 1
    assert verified.stdout.splitlines()[1:] == [
        "  damaged data/cell-000/part-00000.parquet: holds games 50..99 where batch 0 "
        "(games 0..49) belongs"]
    mended(copy, reference)


def test_a_stray_file_in_data_is_found_and_set_aside(copy, reference):
    (copy / "data" / "notes.txt").write_text("my notes\n")
    shutil.copyfile(copy / SHARD.format(3), copy / "data/cell-000/part-00007.parquet")
    verified = sim("verify", copy)
    no_traceback(verified)
    assert verified.returncode == 1
    assert verified.stdout.splitlines()[0].endswith(
        "incomplete: all 4 shards intact, 2 stray file(s) in data/ ; replay them with "
        "'sim run ... --resume' and the original flags")
    assert verified.stdout.splitlines()[1:] == [
        "  stray data/cell-000/part-00007.parquet: not a shard of this run (--resume moves it "
        "to set-aside/)",
        "  stray data/notes.txt: not a shard of this run (--resume moves it to set-aside/)"]
    refused_by_readers(copy, reference, "is not a shard of this run")
    resumed = sim("run", *ARGS, "--out", copy, "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert "2 file(s) that are no shard of the run moved out of data/" in resumed.stderr
    manifest = mended(copy, reference)
    assert (copy / "set-aside/data/notes.txt").read_text() == "my notes\n"
    assert (copy / "set-aside/data/cell-000/part-00007.parquet").is_file()
    assert manifest["games_played_now"] == 0


def test_overwrite_keeps_the_files_a_run_did_not_write(copy):
    mine = {"notes.md": "results so far\n", "analysis/notebook.ipynb": "{}\n",
            "checksums/README": "kept\n"}
    for name, text in mine.items():
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        (copy / name).write_text(text)
    (copy / "data" / "mine.csv").write_text("a,b\n")
    done = sim("run", *flags(seed=6), "--out", copy, "--overwrite", "--quiet")
    no_traceback(done)
    assert done.returncode == 0, done.stderr
    for name, text in mine.items():
        assert (copy / name).read_text() == text
    assert (copy / "set-aside/data/mine.csv").read_text() == "a,b\n"
    manifest = json.loads((copy / "run.json").read_text())
    assert manifest["seed"] == 6
    assert manifest["set_aside"] == [{"file": "data/mine.csv", "now": "set-aside/data/mine.csv"}]
    assert sim("verify", copy).returncode == 0


@pytest.mark.parametrize("name", ["../../escaped", "ABSOLUTE"])
def test_a_scenario_name_cannot_lead_out_of_results(tmp_path, name):
    work = tmp_path / "a" / "b"
    work.mkdir(parents=True)
    target = tmp_path / "abs-escaped"
    written = str(target) if name == "ABSOLUTE" else name
    (work / "sc.toml").write_text(f'name = "{written}"\ngame = "pericles"\nplayers = 3\n'
                                  'strategies = "random"\n')
    for command in ("run", "sensitivity"):
        done = sim(command, "--scenario", "sc.toml", "--n", "10", "--quiet", cwd=work)
        no_traceback(done)
        assert error_line(done) == (
            f"error: scenario sc.toml: name {written!r} is not a plain folder name ; give up to "
            "100 characters without '/', '\\', control characters or a leading '.', e.g. "
            "name = \"pericles-3p\"")
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["a", "b", "sc.toml"]


def test_a_killed_session_keeps_its_time(tmp_path):
    out = tmp_path / "killed"
    args = [*flags(n=2000), "--out", str(out), "--quiet"]
    proc = subprocess.Popen([sys.executable, "-c", CLI, "run", *args], env=ENV,
                            stderr=subprocess.PIPE)
    kill_after(proc, out / "data" / "cell-000", "part-*.parquet", 3)
    killed = json.loads((out / "run.json").read_text())
    assert killed["status"] == "running" and killed["wall_time_s"] > 0
    resumed = sim("run", *args, "--resume")
    assert resumed.returncode == 0, resumed.stderr
    final = json.loads((out / "run.json").read_text())
    assert final["wall_time_s"] == pytest.approx(killed["wall_time_s"] + final["session_time_s"],
                                                 abs=0.002)


def test_compare_markdown_escapes_folder_names(reference, tmp_path):
    odd = tmp_path / "a*b*|<i>x"
    shutil.copytree(reference, odd)
    table = tmp_path / "cmp.md"
    done = sim("compare", reference, odd, "--markdown", table)
    no_traceback(done)
    assert done.returncode == 0, done.stderr
    first = table.read_text().splitlines()[0]
    assert first.startswith(r"## reference vs a\*b\*\|\<i\>x: "), first


def test_checksums_cover_the_shard_identity(reference):
    """The batch a shard holds is in its bytes, so its SHA-256 covers it."""
    path = reference / SHARD.format(2)
    record = json.loads(pq.read_schema(path).metadata[b"sim.batch"])
    assert record == {"cell": 0, "batch": 2, "first_game": 100, "games": 50}
    recorded = (reference / CHECKSUM.format(2)).read_text().split()
    assert recorded == [hashlib.sha256(path.read_bytes()).hexdigest(), SHARD.format(2)]
