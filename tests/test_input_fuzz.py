"""Hostile inputs, generated from a seed: content files, `--set` and `--sweep` values, state
JSON and baselines of all three games, each a small change to a file the tool shipped or
wrote. Every case ends in exit 0 (valid) or one `error:` line and exit 2 (`sim content
check`'s verdict on invalid content is exit 1), never a traceback.

The cases run in this process through the command line's own entry, with the step after
validation (playing games) replaced by a marker, so a valid case plays nothing; a sample
runs as real `sim` processes with their memory capped at 2 GB.
"""

from __future__ import annotations

import copy
import json
import random
import resource
import subprocess
import sys
import tomllib

import pytest
import typer
from typer.testing import CliRunner

from sim.cli import app
from sim.content.games import content_module
from sim.content.toml_text import document, value_text
from sim.games.registry import GAMES
from tests.cli_process import CLI, ENV, REPO

SEED = 52
CASES = 300  # per game (--set, half as many content files) or per file (a third: states, baselines)
SAMPLE = 12  # of each kind, run again as processes
MEMORY_CAP = 2 * 2**30
BASELINES = sorted((REPO / "scenarios" / "baselines").glob("*.json"))
STATES = {"pericles": ["kalliope.json"], "pillars": ["pillars_aegean.json", "pillars_solo.json"],
          "aeolis": ["aeolis_state.json"],  # a whole state, as state_to_json writes it
          "example": ["example_race.json"]}
PLAYERS = {"pericles": 3, "aeolis": 2, "pillars": 3, "example": 3}

HOSTILE = [-1, 0, 1, 3, 2**31, -2**31, 2**63, 2**64, 99999999999, -99999999999, 1.5, float("inf"),
           True, "", "x", "godlike", "wood", [], [1] * 9, [[0, 1]] * 9, [["wood", 1]] * 4,
           ["b c1 c1 b"], [""], {}, {"a": 1}, "x" * 5000, [[[[[]]]]]]


class Validated(Exception):
    """Raised where a command would start playing: its inputs were all accepted."""


def _validated(*args, **kwargs):
    raise Validated


@pytest.fixture
def cli(monkeypatch):
    """Run ``sim ARGS`` in this process; (exit code, stdout, stderr), 0 for a case
    validated up to the point of playing."""
    monkeypatch.setattr("sim.commands.run.play", _validated)
    monkeypatch.setattr("sim.gate.replay.open_gate_backend", _validated)
    command = typer.main.get_command(app)  # built once, not for every case
    monkeypatch.setattr("typer.testing._get_command", lambda _: command)
    runner = CliRunner()

    def run(*args: object) -> tuple[int, str, str]:
        result = runner.invoke(app, [str(a) for a in args])
        if isinstance(result.exception, Validated):
            return 0, "", ""
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"sim {' '.join(map(str, args))[:300]}: traceback "
                                 f"{result.exception!r}") from result.exception
        return result.exit_code, result.stdout, result.stderr
    return run


def paths(value, prefix=()):
    """Every (path, value) inside ``value``: keys and list positions."""
    out = [(prefix, value)]
    if isinstance(value, dict):
        for key, child in value.items():
            out += paths(child, prefix + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            out += paths(child, prefix + (i,))
    return out


def mutate(data, rng: random.Random, keep_depth: int = 1):
    """``data`` with one change at a random place below ``keep_depth`` levels: a hostile
    value, a deletion, an item given twice or a list grown."""
    data = copy.deepcopy(data)
    where = [p for p, _ in paths(data) if len(p) > keep_depth]
    path = rng.choice(where)
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    last, kind = path[-1], rng.random()
    if kind < 0.6:
        parent[last] = copy.deepcopy(rng.choice(HOSTILE))
    elif kind < 0.75:
        del parent[last]
    elif isinstance(parent, list):
        parent.append(copy.deepcopy(parent[last]))  # the same item twice
    elif isinstance(parent[last], list):
        parent[last] = parent[last] * 3
    else:
        parent[last] = str(parent[last])
    return data


def one_line_or_valid(case: str, code: int, out: str, err: str, invalid_code: int = 2) -> str:
    """'valid' or 'refused', asserting the outcome's shape."""
    if code == 0:
        return "valid"
    lines = err.strip().splitlines()
    assert code == invalid_code, f"{case}: exit {code}: {err[-500:]}"
    assert len(lines) == 1 and lines[0].startswith("error: "), f"{case}: {err[-500:]}"
    return "refused"


def content_cases(rng: random.Random, game: str) -> list[str]:
    """Studio content files as TOML text: one shipped item (or table, or a list without
    names) changed once, given alone, now and then beside its unchanged self."""
    module = content_module(GAMES[game])
    shipped = tomllib.loads(module.DEFAULT_PATH.read_text(encoding="utf-8"))
    texts = []
    for _ in range(CASES // 2):
        name = rng.choice([n for n in module.SCHEMA if shipped.get(n)])
        section, value = module.SCHEMA[name], shipped[name]
        if section.listed and section.key is not None:
            item = rng.choice(value)
            given = [mutate(item, rng, keep_depth=0)] + ([item] if rng.random() < 0.1 else [])
        else:
            given = mutate({name: value}, rng)[name] if value else value
        if isinstance(given, list) and not all(isinstance(i, dict) for i in given) \
                or not isinstance(given, dict | list):
            continue  # no longer tables: TOML cannot write it as a section
        texts.append(document({name: given}))
    return texts


def test_content_files(cli, tmp_path):
    rng = random.Random(SEED)
    seen = {"valid": 0, "refused": 0}
    for game in sorted(GAMES):
        for i, text in enumerate(content_cases(rng, game)):
            path = tmp_path / f"{game}-{i}.toml"
            path.write_text(text, encoding="utf-8")
            outcome = one_line_or_valid(path.name, *cli("content", "check", path, "--game", game),
                                        invalid_code=1)
            seen[outcome] += 1
    assert seen["refused"] > 50 and seen["valid"] > 10, seen


def set_cases(rng: random.Random, game: str) -> list[list[str]]:
    """`--set KEY=VALUE` and `--sweep KEY=V1,V2` flags naming fields of the shipped content."""
    module = content_module(GAMES[game])
    shipped = tomllib.loads(module.DEFAULT_PATH.read_text(encoding="utf-8"))
    keys = []
    for name, section in module.SCHEMA.items():
        value = shipped.get(name)
        for position, item in enumerate(value if section.listed else [value] if value else []):
            head = f"{name}.{section.address(item, position)}" if section.listed else name
            for field, inner in item.items():
                keys.append(f"{head}.{field}")
                if isinstance(inner, list) and inner:
                    keys.append(f"{head}.{field}.{rng.randrange(len(inner))}")
    keys += ["params.nope", "nope.x", "."]
    flags = []
    for _ in range(CASES):
        key, value = rng.choice(keys), value_text(rng.choice(HOSTILE))
        if rng.random() < 0.2:
            flags.append(["--sweep", f"{key}={value},{value_text(rng.choice(HOSTILE))}"])
        else:
            flags.append(["--set", f"{key}={value}"])
    return flags


def test_set_values(cli, tmp_path):
    rng = random.Random(SEED + 1)
    seen = {"valid": 0, "refused": 0}
    for game in sorted(GAMES):
        for flag in set_cases(rng, game):
            args = ("run", "--game", game, "--players", PLAYERS[game], "--n", 10, "--quiet",
                    "--out", tmp_path / "run", *flag)
            seen[one_line_or_valid(" ".join(flag), *cli(*args))] += 1
    assert seen["refused"] > 50 and seen["valid"] > 10, seen


def state_cases(rng: random.Random, game: str) -> list[str]:
    texts = []
    for name in STATES[game]:
        data = json.loads((REPO / "tests" / "fixtures" / name).read_text(encoding="utf-8"))
        texts += [json.dumps(mutate(data, rng, keep_depth=0)) for _ in range(CASES // 3)]
    return texts


def test_state_json(cli, tmp_path):
    rng = random.Random(SEED + 2)
    seen = {"valid": 0, "refused": 0}
    for game in sorted(GAMES):
        for i, text in enumerate(state_cases(rng, game)):
            path = tmp_path / f"{game}-{i}.json"
            path.write_text(text, encoding="utf-8")
            seen[one_line_or_valid(path.name, *cli("score", "--game", game, "--state", path))] += 1
    assert seen["refused"] > 50 and seen["valid"] > 10, seen


def baseline_cases(rng: random.Random) -> list[str]:
    """Each shipped baseline changed once, and some moved to another game."""
    texts = []
    for path in BASELINES:
        data = json.loads(path.read_text(encoding="utf-8"))
        for _ in range(CASES // len(BASELINES)):
            changed = mutate(data, rng, keep_depth=0)
            if rng.random() < 0.1:
                changed["game"] = changed["scenario"]["game"] = rng.choice(sorted(GAMES))
            texts.append(json.dumps(changed))
    return texts


def test_baselines(cli, tmp_path):
    rng = random.Random(SEED + 3)
    seen = {"valid": 0, "refused": 0}
    for i, text in enumerate(baseline_cases(rng)):
        path = tmp_path / f"baseline-{i}.json"
        path.write_text(text, encoding="utf-8")
        seen[one_line_or_valid(path.name, *cli("check", "--baseline", path, "--n", 10))] += 1
    assert seen["refused"] > 50 and seen["valid"] > 10, seen


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def sim_capped(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CLI, *map(str, args)], env=ENV,
                          capture_output=True, text=True, timeout=600, preexec_fn=_cap_memory)


def test_a_sample_as_processes(cli, tmp_path):
    """Cases of every kind run as `sim` processes under a 2 GB memory cap: the outcome
    found in this process, one line when refused. Only cases that play nothing: content
    files (valid or not) and refused states and baselines."""
    rng = random.Random(SEED + 4)
    files = []
    for game in sorted(GAMES):
        files += [(f"{game}.toml", text, ("content", "check", "{}", "--game", game), 1)
                  for text in content_cases(rng, game)]
        files += [(f"{game}.json", text, ("score", "--game", game, "--state", "{}"), 2)
                  for text in state_cases(rng, game)]
    files += [("baseline.json", text, ("check", "--baseline", "{}", "--n", 10), 2)
              for text in baseline_cases(rng)]
    picked = {}
    for i, (name, text, args, refused) in enumerate(rng.sample(files, len(files))):
        path = tmp_path / f"{i}-{name}"
        path.write_text(text, encoding="utf-8")
        args = tuple(path if a == "{}" else a for a in args)
        code = cli(*args)[0]
        if (code != 0 or args[0] == "content") and picked.get(args[0], 0) < SAMPLE:
            picked[args[0]] = picked.get(args[0], 0) + 1
            done = sim_capped(*args)
            assert done.returncode == code, (args, done.stderr[-500:])
            one_line_or_valid(str(args), done.returncode, done.stdout, done.stderr, refused)
    assert picked == {"content": SAMPLE, "score": SAMPLE, "check": SAMPLE}, picked
