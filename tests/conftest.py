"""Fixtures shared by several test modules."""

import shutil
from pathlib import Path

import pytest
from cli_process import sim
from run_folders import flags


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    """An uninterrupted run of ``flags()``: 4 shards of 50 games."""
    out = tmp_path_factory.mktemp("runs") / "reference"
    done = sim("run", *flags(), "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture
def copy(reference, tmp_path) -> Path:
    """A copy of ``reference`` to damage."""
    out = tmp_path / "copy"
    shutil.copytree(reference, out)
    return out
