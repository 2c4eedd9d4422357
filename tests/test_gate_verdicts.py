"""`sim check`'s three verdicts as a separate process, as CI runs it: every measure held
(exit 0), inconclusive when the games are too few (exit 3, or 0 with --inconclusive-ok),
and the games that would settle each inconclusive measure."""

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from cli_process import sim


@pytest.fixture(scope="module")
def baseline(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("verdicts") / "base.json"
    made = sim("baseline", "--scenario", "standard-3p", "--n", "600", "--seed", "5",
               "--out", path, "--quiet")
    assert made.returncode == 0, made.stdout + made.stderr
    return path


def test_unchanged_code_holds_every_measure(baseline):
    done = sim("check", "--baseline", baseline, "--quiet")
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"0 moved, 0 inconclusive, \d+ held", done.stdout)


def test_a_a_check_on_other_seeds_is_inconclusive_not_moved(baseline, tmp_path):
    """The baseline's games checked against 600 games on other seeds of the same code (its
    seed changed): every difference is chance, too wide to show any share held."""
    data = json.loads(baseline.read_text())
    data["seed"] = 6
    other = tmp_path / "other-seed.json"
    other.write_text(json.dumps(data))
    junit = tmp_path / "check.xml"
    done = sim("check", "--baseline", other, "--quiet", "--junit", junit)
    assert done.returncode == 3, done.stdout + done.stderr
    assert "**moved**" not in done.stdout
    settle = re.findall(r"inconclusive \(about ([\d,]+) games per cell would settle it\)",
                        done.stdout)
    assert settle and all(int(n.replace(",", "")) > 600 for n in settle)
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite.get("failures") == "0" and int(suite.get("skipped")) == len(settle)
    passed = sim("check", "--baseline", other, "--quiet", "--inconclusive-ok")
    assert passed.returncode == 0, passed.stdout + passed.stderr
