"""Benchmarks (``make bench``): throughput, thread scaling and start-up times.

Benchmarks are measurements, never tests: nothing here asserts a time.
"""

import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba

from sim.games.pericles.content import load_content
from sim.games.pericles.game import PericlesSetup, simulate

FIRST_GAME = (
    "from sim.games.pericles.content import load_content;"
    "from sim.games.pericles.game import PericlesSetup, simulate;"
    "simulate(load_content(), PericlesSetup(players=3), 0, 0, 1)"
)


def _start_time(cache_dir: str) -> float:
    """Seconds for a fresh interpreter to import the engine and finish one game."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", FIRST_GAME], check=True, env=env)
    return time.perf_counter() - t


def _throughput(content, players: int, strategy: str, games: int, threads: int) -> dict:
    numba.set_num_threads(threads)
    setup = PericlesSetup(players=players, strategies=(strategy,))
    simulate(content, setup, 0, 0, 64)  # compiled and warm
    t = time.perf_counter()
    out = simulate(content, setup, 1, 0, games)
    seconds = time.perf_counter() - t
    decisions = int(out["decisions"].sum())
    return {
        "players": players, "strategy": strategy, "threads": threads, "games": games,
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds),
        "games_per_s_per_core": round(games / seconds / threads),
        "us_per_game": round(seconds / games * 1e6 * threads, 1),
        "decisions_per_game": round(decisions / games, 1),
        "decisions_per_s": round(decisions / seconds),
    }


def run_bench(games: int = 20000, out: Path | None = None) -> dict:
    content = load_content()
    cores = os.cpu_count() or 1
    rows = []
    for players in (2, 3, 4, 5):
        rows.append(_throughput(content, players, "random", games, 1))
    scaling = _throughput(content, 3, "random", games, min(2, cores))
    with tempfile.TemporaryDirectory() as cache:
        cold = _start_time(cache)
        warm = _start_time(cache)
    result = {
        "machine": {"cores": cores, "processor": platform.machine(),
                    "python": platform.python_version(), "numba": numba.__version__},
        "throughput": rows,
        "two_thread_speedup": round(scaling["games_per_s"] / rows[1]["games_per_s"], 2),
        "cold_start_s": round(cold, 1),
        "warm_start_s": round(warm, 1),
    }
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(result, indent=2) + "\n")
    return result
