"""Trustworthy run folders: `--resume` replays damaged shards, `sim verify` reports a
folder's state, and one writer at a time holds an output folder."""

import hashlib
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest
from run_folders import SHARD, flags, rewrite, rows
from typer.testing import CliRunner

import sim.runner.dataset as dataset
from reports.datasets import ReportError, open_run, read_cell
from sim.cli import app
from sim.gate import GateError
from sim.gate.dataset import read_run
from sim.runner.batches import Batch
from sim.runner.integrity import verify_folder
from sim.runner.lock import LOCK_NAME, FolderLock

REPO = Path(__file__).resolve().parents[1]
ARGS = flags()
CLI = "import sys; from sim.cli import app; sys.argv[0] = 'sim'; app()"
ENV = dict(os.environ, PYTHONPATH=str(REPO))
HOLD = ("import sys, time; from pathlib import Path; from sim.runner.lock import FolderLock; "
        "lock = FolderLock(Path(sys.argv[1])); print('locked', flush=True); time.sleep(600)")


def sim(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CLI, *args], env=ENV, capture_output=True,
                          text=True, timeout=300)


def largest_chunk(path: Path) -> tuple[int, int]:
    """(offset, length) of the shard's largest column chunk: its data pages."""
    group = pq.read_metadata(path).row_group(0)
    chunk = max((group.column(k) for k in range(group.num_columns)),
                key=lambda c: c.total_compressed_size)
    return chunk.dictionary_page_offset or chunk.data_page_offset, chunk.total_compressed_size


def snapshot(out: Path) -> dict[str, tuple]:
    """Every entry of the folder with its size, content hash and modification time."""
    seen = {}
    for path in sorted(out.rglob("*")):
        stat = path.stat()
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
        seen[str(path.relative_to(out))] = (stat.st_size if path.is_file() else None, digest,
                                            stat.st_mtime_ns)
    return seen


def test_damaged_shards_are_reported_then_replayed(reference, copy):
    first, empty, middle = (copy / SHARD.format(i) for i in range(3))
    first.write_bytes(first.read_bytes()[: first.stat().st_size // 2])  # cut short
    empty.write_bytes(b"")
    start, length = largest_chunk(middle)
    data = bytearray(middle.read_bytes())
    half = start + length // 2
    data[half:half + 32] = bytes(b ^ 0xFF for b in data[half:half + 32])  # a data page changed
    middle.write_bytes(bytes(data))
    assert pq.read_metadata(middle).num_rows == 150  # the footer still reads

    before = sim("verify", str(copy))
    assert before.returncode == 1, before.stdout + before.stderr
    summary, *details = before.stdout.splitlines()
    assert "incomplete: 3 damaged of 4 shards" in summary and "--resume" in summary
    assert [line.split()[1].rstrip(":") for line in details] == [SHARD.format(i) for i in range(3)]
    assert "empty file" in details[1] and "SHA-256" in details[2]

    resumed = sim("run", *ARGS, "--out", str(copy), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert "resume: 3 damaged shard(s) deleted, to be played again" in resumed.stderr
    manifest = json.loads((copy / "run.json").read_text())
    assert [d["shard"] for d in manifest["replayed_damaged"]] == [SHARD.format(i) for i in range(3)]
    assert manifest["games_played_now"] == 150 and manifest["status"] == "complete"
    pd.testing.assert_frame_equal(rows(copy), rows(reference))
    after = sim("verify", str(copy))
    assert after.returncode == 0 and after.stdout.strip() == (
        f"{copy}: complete, all 4 shards intact (200 games)")
    assert not list(copy.rglob("_*")) and not (copy / LOCK_NAME).exists()


def test_missing_shard_is_reported_and_replayed(reference, copy):
    (copy / SHARD.format(3)).unlink()
    before = sim("verify", str(copy))
    assert before.returncode == 1
    assert before.stdout.splitlines() == [
        f"{copy}: incomplete: 1 missing of 4 shards ; replay them with 'sim run ... --resume' and "
        "the original flags", f"  missing {SHARD.format(3)}"]
    resumed = sim("run", *ARGS, "--out", str(copy), "--resume", "--quiet")
    assert resumed.returncode == 0 and resumed.stderr == ""
    manifest = json.loads((copy / "run.json").read_text())
    assert manifest["replayed_damaged"] == [] and manifest["games_played_now"] == 50
    pd.testing.assert_frame_equal(rows(copy), rows(reference))
    assert verify_folder(copy)[0]


def test_readers_point_to_verify_and_resume(copy):
    run = open_run(copy)
    (copy / SHARD.format(1)).unlink()
    with pytest.raises(GateError, match=r"shard data/cell-000/part-00001.parquet is missing ; find "
                       r"the damaged or missing shards with 'sim verify .*' and play them again "
                       r"with 'sim run \.\.\. --resume'"):
        read_run(copy)
    with pytest.raises(ReportError, match=r"part-00001.parquet is missing ; find .* 'sim verify"):
        open_run(copy)
    with pytest.raises(ReportError, match=r"cell 0 has 150 of its 200 games ; find .* 'sim verify"):
        read_cell(run, run.cells[0])
    (copy / SHARD.format(2)).write_bytes(b"")
    with pytest.raises(ReportError, match=r"cannot read the Parquet data .* 'sim run \.\.\. --resume'"):
        read_cell(run, run.cells[0])


def test_footer_checks_and_shards_without_checksum(copy):
    def other_seed(table):
        meta = dict(table.schema.metadata)
        meta[b"sim.run"] = json.dumps({**json.loads(meta[b"sim.run"]), "seed": 6}).encode()
        return table.replace_schema_metadata(meta)

    rewrite(copy, 0, other_seed)
    rewrite(copy, 1, lambda table: table.slice(0, 120))
    # no checksum: the shard is decoded in full instead
    for index in (2, 3):
        dataset.checksum_path(copy, Batch(0, index, 50 * index, 50)).unlink()
    intact, lines = verify_folder(copy)
    assert not intact and lines[0].startswith(f"{copy}: incomplete: 2 damaged of 4 shards")
    assert lines[1:] == [f"  damaged {SHARD.format(0)}: written by another run (seed differs)",
                         f"  damaged {SHARD.format(1)}: 120 rows where its 50 games give 150"]
    broken = copy / SHARD.format(2)
    start, length = largest_chunk(broken)
    data = bytearray(broken.read_bytes())
    data[start:start + length] = bytes(length)
    broken.write_bytes(bytes(data))
    last = copy / SHARD.format(3)
    last.write_bytes(last.read_bytes()[:-100])
    intact, lines = verify_folder(copy)
    assert lines[0].startswith(f"{copy}: incomplete: 4 damaged of 4 shards")
    assert lines[3].startswith(f"  damaged {SHARD.format(2)}: data does not decode (")
    assert lines[4] == (f"  damaged {SHARD.format(3)}: not readable as Parquet, cut short or "
                        "overwritten (Parquet magic bytes not found in footer)")


def test_verify_bad_input_is_one_line(tmp_path):
    (tmp_path / "empty").mkdir()
    for folder, message in ((tmp_path / "nowhere", "is not a folder"),
                            (tmp_path / "empty", "has no valid run.json")):
        result = CliRunner().invoke(app, ["verify", str(folder)])
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr.count("\n") == 1 and message in result.stderr


def test_a_second_writer_is_refused_and_changes_nothing(copy):
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(copy)], env=ENV,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        # readers list the Parquet files under data/ only, so the lock file is no obstacle
        assert len(pd.read_parquet(copy / "data")) == 200 * 3
        assert sorted(read_run(copy)[1]) == [0]
        run = open_run(copy)
        assert read_cell(run, run.cells[0]).games == 200
        (copy / SHARD.format(3)).unlink()  # so --resume would have work to do
        before = snapshot(copy)
        assert LOCK_NAME in before
        for flags in ([], ["--resume"], ["--overwrite"]):
            result = sim("run", *ARGS, "--out", str(copy), *flags)
            assert result.returncode == 2, (flags, result.stderr)
            assert result.stderr == (f"error: --out {str(copy)!r} is being written by another run "
                                     f"(pid {holder.pid}) ; wait for it to finish or choose "
                                     "another --out\n")
            assert snapshot(copy) == before, flags
        checked = sim("verify", str(copy))
        assert checked.returncode == 1
        assert f"being written by another run (pid {holder.pid})" in checked.stdout
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    # the killed holder's lock file stays behind and is taken over
    assert (copy / LOCK_NAME).exists()
    resumed = sim("run", *ARGS, "--out", str(copy), "--resume", "--quiet")
    assert resumed.returncode == 0, resumed.stderr
    assert not (copy / LOCK_NAME).exists() and verify_folder(copy)[0]


def test_lock_taken_between_check_and_run_is_refused(copy, monkeypatch):
    """The check before playing looks for a writer; the run takes the lock itself and
    stops with the same line if another run got there in between."""
    monkeypatch.setattr(dataset, "holder", lambda out: None)
    before = snapshot(copy)
    with FolderLock(copy):
        result = CliRunner().invoke(app, ["run", *ARGS, "--out", str(copy), "--overwrite"])
        after = snapshot(copy)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "is being written by another run" in result.stderr
    assert {k: v for k, v in after.items() if k != LOCK_NAME} == before


def test_overwrite_empties_the_folder_but_keeps_the_lock(copy):
    with FolderLock(copy) as lock:
        dataset.prepare(copy, "replace")
        assert [p.name for p in copy.iterdir()] == [LOCK_NAME]
        assert lock.fd is not None
    assert list(copy.iterdir()) == []


def test_a_lock_on_a_new_folder_leaves_nothing_behind(tmp_path):
    out = tmp_path / "fresh"
    with FolderLock(out):
        assert json.loads((out / LOCK_NAME).read_text())["pid"] == os.getpid()
    assert not out.exists()
