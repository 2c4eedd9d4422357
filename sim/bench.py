"""Benchmarks (``make bench``): engine throughput, thread scaling, start-up times,
end-to-end ``sim run`` wall time and peak memory, and the same for ``sim report``.

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
from sim.games.pillars import content as pillars_content
from sim.games.pillars import game as pillars_game
from strategies.pericles.skill import STRATEGY_NAMES

PLAYER_COUNTS = (2, 3, 4, 5)  # 2 players means the Demagogue sits in (rulebook p. 21)
HEURISTIC_PREFERRED = "balanced"
# Pillars games run far longer under random-legal play (about 170 rounds): a tenth as many
PILLARS_SHARE = 10

FIRST_GAME = (
    "from sim.games.pericles.content import load_content;"
    "from sim.games.pericles.game import PericlesSetup, simulate;"
    "simulate(load_content(), PericlesSetup(players=3), 0, 0, 1)"
)

# Runs a command and prints its peak resident memory in KiB. Linux keeps a process's
# peak across exec, so a command started straight from this process (grown to a
# gigabyte or more by a cold compile) would report this process's peak, not its own; a
# small interpreter in between starts it from a few megabytes.
PEAK_MEMORY_LAUNCHER = (
    "import resource, subprocess, sys;"
    "code = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL);"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss);"
    "sys.exit(code)"
)


def bench_strategies() -> list[str]:
    """Random-legal, plus one heuristic preset once the bots offer any."""
    others = [name for name in STRATEGY_NAMES if name != "random"]
    if not others:
        return ["random"]
    return ["random", HEURISTIC_PREFERRED if HEURISTIC_PREFERRED in others else others[0]]


def _start_time(cache_dir: str) -> float:
    """Seconds for a fresh interpreter to import the engine and finish one game."""
    env = dict(os.environ, SIM_CACHE_DIR=cache_dir)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", FIRST_GAME], check=True, env=env)
    return time.perf_counter() - t


def _pericles(content, players: int, strategy: str):
    setup = PericlesSetup(players=players, strategies=(strategy,))
    return lambda seed, count: simulate(content, setup, seed, 0, count)


def _pillars(players: int, strategy: str):
    content = pillars_content.load_content()
    setup = pillars_game.PillarsSetup(players=players, strategies=(strategy,))
    return lambda seed, count: pillars_game.simulate(content, setup, seed, 0, count)


def _throughput(play, game: str, players: int, strategy: str, games: int,
                threads: int) -> dict:
    """``play(seed, count)`` plays ``count`` games of ``game`` and returns its arrays."""
    numba.set_num_threads(threads)
    play(0, 64)  # compiled and warm
    t = time.perf_counter()
    cpu = time.process_time()
    out = play(1, games)
    seconds = time.perf_counter() - t
    cpu = time.process_time() - cpu
    decisions = int(out["decisions"].sum())
    return {
        "game": game, "players": players, "strategy": strategy, "threads": threads,
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds),
        "games_per_s_per_core": round(games / seconds / threads),
        "us_per_game": round(seconds / games * 1e6 * threads, 1),
        # CPU time of the process: steadier than wall time on a shared machine
        "cpu_us_per_game": round(cpu / games * 1e6, 1),
        "cpu_us_per_decision": round(cpu / decisions * 1e6, 3),
        "decisions_per_game": round(decisions / games, 1),
        "decisions_per_s": round(decisions / seconds),
    }


def wall_time_and_peak_memory(cmd: list[str]) -> tuple[float, float, int]:
    """Seconds, peak resident MiB and exit code of ``cmd`` run to its end."""
    t = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", PEAK_MEMORY_LAUNCHER, *cmd],
                          stdout=subprocess.PIPE, text=True)
    return time.perf_counter() - t, int(done.stdout) / 1024, done.returncode


def _run_command(out: str, games: int, strategy: str, workers: int) -> list[str]:
    return [sys.executable, "-m", "sim.cli", "run", "--game", "pericles", "--players", "3",
            "--n", str(games), "--strategies", strategy, "--workers", str(workers),
            "--out", out, "--overwrite", "--quiet"]


def _measured(cmd: list[str], what: str) -> tuple[float, float]:
    seconds, peak_mb, code = wall_time_and_peak_memory(cmd)
    if code != 0:
        raise RuntimeError(f"{what} failed with exit code {code}")
    return round(seconds, 1), round(peak_mb, 1)


def _sim_run(games: int, strategy: str, workers: int) -> dict:
    """Wall time and peak resident memory of one ``sim run`` (3 players) in a child."""
    with tempfile.TemporaryDirectory() as out:
        seconds, peak_mb = _measured(_run_command(out, games, strategy, workers), f"sim run --n {games}")
    return {"games": games, "strategy": strategy, "workers": workers,
            "wall_s": seconds, "peak_rss_mb": peak_mb}


def _sim_report(games: int, workers: int) -> dict:
    """Wall time and peak resident memory of ``sim report`` on a 3-player random-bot run of
    ``games`` games, played first (not timed)."""
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(_run_command(out, games, "random", workers), check=True)
        report = [sys.executable, "-m", "sim.cli", "report", out, "--out", f"{out}/report.html"]
        seconds, peak_mb = _measured(report, f"sim report of {games} games")
    return {"games": games, "strategy": "random", "wall_s": seconds, "peak_rss_mb": peak_mb}


def run_bench(games: int, out: Path | None, run_sizes: tuple[int, ...],
              report_sizes: tuple[int, ...]) -> dict:
    content = load_content()
    cores = os.cpu_count() or 1
    strategies = bench_strategies()
    rows = [_throughput(_pericles(content, players, strategy), "pericles", players, strategy,
                        games, 1)
            for strategy in strategies for players in PLAYER_COUNTS]
    pairs = []  # (one thread, two threads), 3 players, per strategy
    for strategy in strategies:
        one = next(r for r in rows if r["players"] == 3 and r["strategy"] == strategy)
        pairs.append((one, _throughput(_pericles(content, 3, strategy), "pericles", 3, strategy,
                                       games, min(2, cores))))
    rows += [_throughput(_pillars(3, strategy), "pillars", 3, strategy,
                         max(100, games // PILLARS_SHARE), 1) for strategy in ("random", "balanced")]
    with tempfile.TemporaryDirectory() as cache:
        cold = _start_time(cache)
        warm = _start_time(cache)
    runs = [_sim_run(n, strategy, cores) for strategy in strategies for n in run_sizes]
    reports = [_sim_report(n, cores) for n in report_sizes]
    result = {
        "machine": {"cores": cores, "processor": platform.machine(),
                    "cpu": _cpu_name(), "load_average": [round(x, 2) for x in os.getloadavg()],
                    "python": platform.python_version(), "numba": numba.__version__},
        "strategies": strategies,
        "throughput": rows,
        "two_threads": [two for _, two in pairs],
        "two_thread_speedup": {one["strategy"]: round(two["games_per_s"] / one["games_per_s"], 2)
                               for one, two in pairs},
        "cold_start_s": round(cold, 1),
        "warm_start_s": round(warm, 1),
        "sim_run": runs,
        "sim_report": reports,
    }
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(result, indent=2) + "\n")
    return result


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"
