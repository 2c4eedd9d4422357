"""Open generated reports in headless Chromium (Debian's package, installed here when
missing) over the DevTools protocol: no console errors, no request leaves the file, the
charts render and a hostile name is text. A screenshot stays in test-artifacts/."""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from test_report import HOSTILE, _cell, competitive_rows, write_run
from test_report_aeolis import coop_cell, coop_rows
from test_report_pillars import SIDES, pillars_rows

from reports.render import build_report

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--remote-debugging-pipe", "--window-size=1100,900")
TIMEOUT = 60.0


def _chromium() -> str:
    """Chromium's path; install Debian's package first when it is missing (needs root)."""
    found = shutil.which("chromium")
    if found:
        return found
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        pytest.skip("Chromium is not installed and cannot be: installing it needs root and apt-get")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update"], ["apt-get", "install", "-y", "--no-install-recommends",
                                             "chromium"]):
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=1200)
        if done.returncode != 0:
            pytest.skip(f"Chromium cannot be installed: {' '.join(command)} failed: "
                        f"{done.stderr.strip().splitlines()[-1:]}")
    return shutil.which("chromium") or pytest.skip("Chromium cannot be installed: no chromium after apt-get")


class DevTools:
    """The DevTools protocol over --remote-debugging-pipe: JSON messages ending in NUL,
    written to the browser's fd 3 and read from its fd 4 (no websocket library needed)."""

    def __init__(self, binary: str, profile: Path):
        to_browser, self._write = os.pipe()
        self._read, from_browser = os.pipe()

        def wire():  # runs in the child: fd 3 reads our commands, fd 4 carries the replies
            high_in, high_out = os.dup(to_browser), os.dup(from_browser)
            os.dup2(high_in, 3)
            os.dup2(high_out, 4)

        self.process = subprocess.Popen([binary, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, close_fds=False, preexec_fn=wire)
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict] = []

    def _message(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._read], [], [], left)[0]:
                raise TimeoutError("no answer from Chromium")
            chunk = os.read(self._read, 1 << 20)
            if not chunk:
                raise ConnectionError("Chromium closed the DevTools pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            reply = self._message(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]
            self.events.append(reply)

    def wait_for(self, method: str) -> dict:
        deadline = time.monotonic() + TIMEOUT
        while True:
            found = next((e for e in self.events if e.get("method") == method), None)
            if found:
                return found
            self.events.append(self._message(deadline))

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (OSError, RuntimeError, TimeoutError, ConnectionError):
            pass
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._write)
        os.close(self._read)


def _open(devtools: DevTools, page: Path) -> tuple[str, dict]:
    """Load ``page`` in a new tab; the session id and what the page reports about itself."""
    target = devtools.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = devtools.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Page", "Runtime", "Log", "Network"):
        devtools.call(f"{domain}.enable", session=session)
    devtools.events.clear()
    devtools.call("Page.navigate", {"url": page.as_uri()}, session=session)
    devtools.wait_for("Page.loadEventFired")
    probe = ("JSON.stringify({svgs: document.querySelectorAll('svg').length,"
             " scripts: document.querySelectorAll('script').length,"
             " ids: [...document.querySelectorAll('[id]')].map(e => e.id),"
             " text: document.body.innerText, height: document.documentElement.scrollHeight})")
    result = devtools.call("Runtime.evaluate", {"expression": probe, "returnByValue": True},
                           session=session)
    return session, json.loads(result["result"]["value"])


def _problems(events: list[dict], page: Path) -> list[str]:
    """Console errors, uncaught exceptions and requests other than the page itself."""
    found = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert", "warning"):
            found.append(f"console {params['type']}: {params.get('args')}")
        elif method == "Runtime.exceptionThrown":
            found.append(f"exception: {params.get('exceptionDetails', {}).get('text')}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") in ("error", "warning"):
            found.append(f"log: {params['entry'].get('text')}")
        elif method == "Network.requestWillBeSent" and params["request"]["url"] != page.as_uri():
            found.append(f"request: {params['request']['url']}")
    return found


def _screenshot(devtools: DevTools, session: str, height: int, name: str) -> bytes:
    """The page's top 6000 pixels as PNG, kept in test-artifacts/ under ``name``."""
    shot = devtools.call("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": 1100, "height": min(height, 6000), "scale": 1}},
        session=session)
    ARTIFACTS.mkdir(exist_ok=True)
    png = base64.b64decode(shot["data"])
    (ARTIFACTS / name).write_bytes(png)
    return png


def _open_clean(browser: DevTools, page: Path, run: Path) -> tuple[str, dict]:
    """The report of ``run`` written to ``page`` and opened: no console error, no outside
    request, no script, and no two inline charts sharing an id."""
    page.write_text(build_report([run]), encoding="utf-8")
    session, seen = _open(browser, page)
    assert _problems(browser.events, page) == []
    assert seen["scripts"] == 0 and len(set(seen["ids"])) == len(seen["ids"]) > 0
    return session, seen


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    devtools = DevTools(_chromium(), tmp_path_factory.mktemp("chromium-profile"))
    yield devtools
    devtools.close()


def test_sweep_report_renders_offline_without_errors(browser, tmp_path):
    cells = [(_cell(3, 3000, sweep={"params.builder_base": v}), competitive_rows(i, 3000, 3, 0.3 + 0.04 * i))
             for i, v in enumerate((2, 3, 4))]
    page = tmp_path / "report.html"
    page.write_text(build_report([write_run(tmp_path / "sweep", "pericles", cells)]), encoding="utf-8")
    session, seen = _open(browser, page)
    assert _problems(browser.events, page) == []
    assert seen["scripts"] == 0 and seen["svgs"] >= 4 + 3 * 8
    assert len(set(seen["ids"])) == len(seen["ids"]) > 0  # inline charts never share an id
    assert "Comparison across 3 cells" in seen["text"] and "Seats win unequally" in seen["text"]
    assert "a typical game: sim trace " in seen["text"]  # each flag's replay line is shown
    png = _screenshot(browser, session, seen["height"], "report-sweep.png")
    assert png.startswith(b"\x89PNG") and len(png) > 50_000


def test_hostile_names_render_as_text(browser, tmp_path):
    rows = competitive_rows(0, 600, 3, 1 / 3, roles=(HOSTILE, "beta", "gamma"), tiles=(HOSTILE, "south"))
    page = tmp_path / "hostile.html"
    page.write_text(build_report([write_run(tmp_path / "run", "pericles", [(_cell(3, 600), rows)],
                                            scenario=HOSTILE)]), encoding="utf-8")
    _, seen = _open(browser, page)
    assert _problems(browser.events, page) == []
    assert seen["scripts"] == 0
    assert seen["text"].count(HOSTILE) >= 3  # a Role's row and chart labels, a tile's row


def test_the_checks_catch_errors_and_requests(browser, tmp_path):
    """The two checks above are not vacuous: a page that logs an error and fetches an
    image from the network fails both."""
    page = tmp_path / "bad.html"
    page.write_text('<!DOCTYPE html><html><body><img src="http://192.0.2.1/x.png">'
                    '<script>console.error("boom")</script></body></html>', encoding="utf-8")
    _open(browser, page)
    problems = _problems(browser.events, page)
    assert any(p.startswith("console error") for p in problems)
    assert any(p == "request: http://192.0.2.1/x.png" for p in problems)


def test_aeolis_report_renders_offline_without_errors(browser, tmp_path):
    """A co-operative sweep over the four modes with a planted inversion: the flag, the
    survival table and chart, and each cell's loss causes render; a screenshot stays."""
    survival = {"easy": 0.80, "challenging": 0.29, "hardcore": 0.36, "marathon": 0.60}
    cells = [(coop_cell(mode, 3000), coop_rows(i, 3000, p, seed=i, heroic=True))
             for i, (mode, p) in enumerate(survival.items())]
    session, seen = _open_clean(browser, tmp_path / "aeolis.html",
                                write_run(tmp_path / "modes", "aeolis", cells))
    text = seen["text"]
    assert "Hardcore survives" in text and "the modes do not order as intended" in text
    assert "a game the harder mode survives: sim trace " in text
    assert "Survival by mode and Hero set" in text and text.count("Loss causes") >= 4
    _screenshot(browser, session, seen["height"], "report-aeolis.png")


def test_sensitivity_report_renders_offline_without_errors(browser, tmp_path):
    """A small sensitivity run played by the engine: its tornado charts and table render
    with no console error and no outside request; a screenshot stays."""
    from sim.runner.backends import open_backend
    from sim.runner.execute import check, execute
    from sim.runner.request import plan_request
    from sim.sensitivity.plan import choose_moves, sensitivity_plan

    base = plan_request(game="pericles", players=3, scenario=None, strategies=None, sets=[],
                        mode=None, heroes=None, sweeps=[], n=300, seed=1, batch_size=300)
    moved, refused = choose_moves(base.runner, base.cells[0], ["roles.veteran.day_cost",
                                                               "params.max_rounds"],
                                  step=1, group="value")
    plan = sensitivity_plan(base.info, base.scenario, moved, players=3, n=300, seed=1, sets=[],
                            batch_size=300, refused=refused)
    out = tmp_path / "sens"
    with open_backend("local", plan=plan, workers=None, scheduler=None, transfer=None) as engine:
        execute(plan, out, check(plan, out, resume=False, overwrite=False), backend=engine,
                quiet=True)
    page = tmp_path / "sensitivity.html"
    page.write_text(build_report([out]), encoding="utf-8")
    session, seen = _open(browser, page)
    assert _problems(browser.events, page) == []
    assert seen["scripts"] == 0 and len(set(seen["ids"])) == len(seen["ids"]) > 0
    tornados = [i for i in seen["ids"] if i.startswith("sens-")]
    assert len(tornados) >= 10 and "sens-win-share-role-veteran" in tornados
    assert "roles.veteran.day_cost 3->2" in seen["text"]
    _screenshot(browser, session, seen["height"], "report-sensitivity.png")


def test_pillars_report_renders_offline_without_errors(browser, tmp_path):
    """A 3-player Pillars run on both board sides, one City-state named with markup: the
    City-state sections, the side-by-side table and the draft render as text, with no
    console error and no outside request; a screenshot stays."""
    hostile = (HOSTILE, *SIDES["aegean"][1:])
    cells = [(_cell(3, 3000, sweep={"board": "mediterranean"}),
              pillars_rows(0, 3000, SIDES["mediterranean"], strong="sparta")),
             (_cell(3, 3000, sweep={"board": "aegean"}), pillars_rows(1, 3000, hostile, seed=1))]
    session, seen = _open_clean(browser, tmp_path / "pillars.html",
                                write_run(tmp_path / "sides", "pillars", cells))
    text = seen["text"]
    assert "board=mediterranean: City-state Sparta wins" in text
    assert "Win share by City-state, cell by cell" in text and text.count("The City-state draft") == 2
    assert f"City-state {HOSTILE}" in text
    _screenshot(browser, session, seen["height"], "report-pillars.png")


def test_skill_sweep_report_renders_offline_without_errors(browser, tmp_path):
    cells = [(_cell(3, 3000, sweep={"skill": level}), competitive_rows(i, 3000, 3, 0.38 + 0.05 * i))
             for i, level in enumerate(("casual", "default", "expert"))]
    _, seen = _open_clean(browser, tmp_path / "skill.html",
                          write_run(tmp_path / "skill", "pericles", cells))
    assert "Does it hold for stronger players?" in seen["text"]
    assert "grows with skill" in seen["text"]


@pytest.mark.parametrize("game", ["pericles", "aeolis", "pillars"])
def test_a_3_player_run_of_each_game_renders_how_the_bots_play(browser, tmp_path, game):
    """A 3-player run of the game's default bots and one of random-legal play, played by
    the engine and reported together: "How the bots play" shows both side by side, with
    no console error and no outside request; a screenshot stays."""
    from typer.testing import CliRunner

    from sim.cli import app

    folders = []
    for strategy in (None, "random"):
        out = tmp_path / (strategy or "default")
        flags = ["--strategies", strategy] if strategy else []
        done = CliRunner().invoke(app, ["run", "--game", game, "--players", "3", "--n", "30",
                                        "--seed", "2", *flags, "--out", str(out), "--quiet"])
        assert done.exit_code == 0, done.output
        folders.append(out)
    page = tmp_path / f"{game}.html"
    page.write_text(build_report(folders), encoding="utf-8")
    session, seen = _open(browser, page)
    assert _problems(browser.events, page) == []
    assert seen["scripts"] == 0 and len(set(seen["ids"])) == len(seen["ids"]) > 0
    section = seen["text"].split("\nHow the bots play\n")[1].split("Win share by seat")[0]
    default = "survival" if game == "aeolis" else "balanced"
    assert "random" in section and default in section
    if game != "aeolis":  # a co-operative game has no Glory
        assert "Glory share by source" in section
    _screenshot(browser, session, seen["height"], f"report-{game}-play.png")


def test_balance_report_renders_offline_without_errors(browser, tmp_path):
    """A small `sim balance` search on a planted imbalance: its "Suggested changes" section
    renders with no console error and no outside request; a screenshot stays."""
    from cli_process import sim

    planted = tmp_path / "planted.toml"
    planted.write_text('[[roles]]\nname = "matriarch"\nday_cost = 1\n')
    out = tmp_path / "balance"
    done = sim("balance", "--game", "pericles", "--players", "3", "--content", planted,
               "--target", "role_win_share[matriarch]:0.62+-3", "--keys", "roles.*.day_cost",
               "--n", "300", "--rounds", "1", "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    session, seen = _open(browser, out / "report.html")
    assert _problems(browser.events, out / "report.html") == []
    assert seen["scripts"] == 0
    assert "Suggested changes" in seen["text"] and "roles.matriarch.day_cost" in seen["text"]
    assert "Verification on fresh seeds" in seen["text"]
    _screenshot(browser, session, seen["height"], "report-balance.png")
