"""`sim --help` lists every command with one short sentence, as a terminal shows it."""

import re
import subprocess
import sys

from cli_process import CLI, ENV

from sim.cli import app

WIDTH = 80  # a terminal's usual width


def test_every_command_is_listed_on_one_line_ending_a_sentence():
    done = subprocess.run([sys.executable, "-c", CLI, "--help"], capture_output=True, text=True,
                          env=dict(ENV, COLUMNS=str(WIDTH), TERM="dumb"), timeout=60, check=True)
    lines = done.stdout.splitlines()
    start = next(k for k, line in enumerate(lines) if "Commands" in line)
    rows = [line.strip("│ ").rstrip() for line in lines[start + 1:] if line.startswith("│")]
    names = sorted([c.name or c.callback.__name__ for c in app.registered_commands]
                   + [g.name for g in app.registered_groups])
    listed = {}
    for row in rows:
        match = re.fullmatch(r"(\S+)\s{2,}(.+)", row)
        assert match, f"a command's help runs onto a line of its own: {row!r}"
        listed[match[1]] = match[2].rstrip(" │")
    assert sorted(listed) == names
    for name, text in listed.items():
        assert text.endswith(".") and text.count(". ") == 0, f"{name}: {text!r}"
    assert all(len(line) <= WIDTH for line in lines), "the listing is wider than the terminal"
