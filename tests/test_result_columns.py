"""sim.games.result_columns: a batch kernel's result arrays are bound to its parameters by
name, so the order of ``simulate``'s dict does not matter, and a column the kernel does
not take, or a result parameter with no column, is refused by name."""

import os
import subprocess
import sys

import numpy as np
import pytest

from sim.games.registry import GAMES
from sim.games.result_columns import ResultColumns
from sim.jit import kernel


@kernel
def fill_batch(layout_key, count, glory, won, rounds):
    """A batch kernel's shape: leading arguments, then one result array per column."""
    for g in range(count):
        glory[g] = 10 * layout_key + g
        won[g] = 1
        rounds[g] = 20 + g
    return True


def plain_batch(layout_key, count, glory, won, rounds):
    """The same shape as a plain function (what ``kernel`` gives under NUMBA_DISABLE_JIT)."""
    return fill_batch.py_func(layout_key, count, glory, won, rounds)


@pytest.mark.parametrize("batch", [fill_batch, plain_batch])
def test_a_dict_in_another_order_fills_the_columns_it_names(batch):
    columns = ResultColumns(batch, first="glory")
    assert columns.names == ("glory", "won", "rounds")
    out = {name: np.zeros(4, np.int32) for name in ("rounds", "glory", "won")}
    assert batch(3, 2, *columns.slices(out, 1, 3))
    assert out["glory"].tolist() == [0, 30, 31, 0]
    assert out["won"].tolist() == [0, 1, 1, 0]
    assert out["rounds"].tolist() == [0, 20, 21, 0]


def test_the_slices_are_views_of_the_rows_asked():
    out = {"glory": np.arange(6), "won": np.arange(6), "rounds": np.arange(6)}
    glory, won, rounds = ResultColumns(plain_batch, first="glory").slices(out, 2, 5)
    assert glory.base is out["glory"] and glory.tolist() == [2, 3, 4]


def test_a_column_the_kernel_does_not_take_is_refused_by_name():
    out = {name: np.zeros(1, np.int32) for name in ("glory", "won", "rounds", "silver")}
    with pytest.raises(TypeError, match="fill_batch takes no result column 'silver'"):
        ResultColumns(fill_batch, first="glory").slices(out, 0, 1)


def test_a_result_parameter_with_no_column_is_refused_by_name():
    out = {name: np.zeros(1, np.int32) for name in ("glory", "rounds")}
    with pytest.raises(TypeError, match="fill_batch's result parameter 'won' has no column"):
        ResultColumns(fill_batch, first="glory").slices(out, 0, 1)


def test_a_renamed_column_is_refused_not_shifted():
    out = {name: np.zeros(1, np.int32) for name in ("glory", "wins", "rounds")}
    with pytest.raises(TypeError, match="no result column 'wins'"):
        ResultColumns(fill_batch, first="glory").slices(out, 0, 1)


def test_a_first_result_parameter_the_kernel_lacks_is_refused():
    with pytest.raises(TypeError, match="fill_batch has no parameter 'score'"):
        ResultColumns(fill_batch, first="score")


def _names_in_a_process(env: dict[str, str]) -> str:
    code = ("import importlib\nfrom sim.games.registry import GAMES\n"
            "for game in sorted(GAMES):\n"
            "    module = importlib.import_module(f'sim.games.{game}.game')\n"
            "    print(game, *module.RESULT_COLUMNS.names)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_each_game_binds_the_same_columns_compiled_or_as_plain_python():
    compiled = _names_in_a_process({})
    assert compiled == _names_in_a_process({"NUMBA_DISABLE_JIT": "1"})
    assert sorted(line.split()[0] for line in compiled.splitlines()) == sorted(GAMES)
