"""Golden traces: a few seeded games of each game, every event stored in tests/golden.

A rule, content or bot change that alters any of these games shows here as the first
event that differs. When the change is intended, regenerate the files with `make golden`
(``python -m tests.test_golden``) and commit them with it, so the diff of the traces is
reviewed with the change that caused it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"

# name -> (game, players, seed, mode, --set values), played with `sim run`'s default strategies.
CASES = {
    "pericles-3p-seed7": ("pericles", 3, 7, None, []),
    "pericles-5p-no-skills-seed11": ("pericles", 5, 11, None, ["skills=false"]),
    "aeolis-4p-seed7": ("aeolis", 4, 7, None, []),
    "aeolis-2p-hardcore-seed3": ("aeolis", 2, 3, "hardcore", []),
    "pillars-3p-seed7": ("pillars", 3, 7, None, []),
    "pillars-2p-aegean-short-seed3": ("pillars", 2, 3, "short", ["board=aegean"]),
    "example-3p-seed7": ("example", 3, 7, None, []),
}


def trace_lines(name: str) -> str:
    """The JSON-lines trace of the case, played as `sim trace` plays it."""
    from sim.runner.replay import from_plan, records, trace_module
    from sim.runner.request import plan_request

    game, players, seed, mode, sets = CASES[name]
    plan = plan_request(game=game, players=players, scenario=None, strategies=None, sets=sets,
                        mode=mode, heroes=None, sweeps=[], n=1, seed=seed, batch_size=1,
                        content=None)
    one = from_plan(plan, 0)
    return trace_module(one.info).to_jsonl(records(one))


@pytest.mark.parametrize("name", sorted(CASES))
def test_trace_matches_golden_file(name):
    stored = (GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    played = trace_lines(name).splitlines()
    for line, (want, got) in enumerate(zip(stored, played, strict=False), start=1):
        assert got == want, (f"{name}: event {line} differs from tests/golden/{name}.jsonl "
                             "(run `make golden` if the change is intended)\n"
                             f"stored: {want}\nplayed: {got}")
    # the events both have agree: one of the two ended early
    assert len(played) == len(stored), (f"{name}: {len(played)} events played, "
                                        f"{len(stored)} stored (run `make golden` if intended)")


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name in sorted(CASES):
        (GOLDEN / f"{name}.jsonl").write_text(trace_lines(name), encoding="utf-8")
        print(f"tests/golden/{name}.jsonl")


if __name__ == "__main__":
    sys.exit(regenerate())
