"""sim.bench: the peak memory of a measured command is its own."""

import sys

import numpy as np

from sim.bench import wall_time_and_peak_memory

MIB = 2**20


def test_peak_memory_is_the_commands_not_the_benchmarks():
    ballast = np.ones(600 * MIB // 8)  # the benchmark process holds 600 MiB more
    _, small_peak, code = wall_time_and_peak_memory([sys.executable, "-c", "pass"])
    assert code == 0 and small_peak < 300
    _, large_peak, _ = wall_time_and_peak_memory(
        [sys.executable, "-c", f"block = b'x' * {400 * MIB}"])
    assert large_peak >= 400 + small_peak / 2
    assert ballast.sum() == 600 * MIB // 8


def test_exit_code_of_a_failed_command_is_returned():
    _, _, code = wall_time_and_peak_memory([sys.executable, "-c", "raise SystemExit(3)"])
    assert code == 3
