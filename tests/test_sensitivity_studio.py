"""`sim sensitivity --scenario` with a scenario that names its own content file: the moves
start from that file's values, under its names, and are played on it."""

import json
from pathlib import Path

from cli_process import sim

from sim.games.pericles.content import DEFAULT_PATH, load_content

KEYS = ["params.builder_base", "roles.stalwart.day_cost"]


def studio_scenario(folder: Path) -> Path:
    """A whole content file that renames the Veteran 'stalwart' with a Day cost of 5 and
    sets builder_base to 10, and a scenario naming it."""
    shipped = DEFAULT_PATH.read_text(encoding="utf-8")
    veteran = 'name = "veteran"\nday_resource = "trophy"\nday_cost = 3\n'
    assert veteran in shipped
    studio = shipped.replace(veteran, 'name = "stalwart"\nday_resource = "trophy"\nday_cost = 5\n')
    studio = studio.replace("\n[params]\n", "\n[params]\nbuilder_base = 10\n", 1)
    (folder / "studio.toml").write_text(studio, encoding="utf-8")
    scenario = folder / "sc.toml"
    scenario.write_text('name = "studio-3p"\ngame = "pericles"\nplayers = 3\n'
                        'strategies = "random"\ncontent = "studio.toml"\n', encoding="utf-8")
    return scenario


def played(studio: Path, overrides: dict) -> tuple[str, int, int]:
    """(content hash, builder_base, the Stalwart's Day cost) of the content a cell plays."""
    content = load_content(overrides=overrides, studio=studio)
    stalwart = next(r for r in content.data["roles"] if r["name"] == "stalwart")
    return content.content_hash, content.data["params"]["builder_base"], stalwart["day_cost"]


def test_moves_start_from_the_scenarios_content_file(tmp_path):
    scenario = studio_scenario(tmp_path)
    out = tmp_path / "sens"
    done = sim("sensitivity", "--scenario", scenario, *[w for k in KEYS for w in ("--keys", k)],
               "--n", "20", "--batch-size", "20", "--workers", "1", "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    run = json.loads((out / "run.json").read_text())
    moves = run["sensitivity"]["moves"]
    assert run["sensitivity"]["refused"] == []
    assert [m["label"] for m in moves] == [
        "params.builder_base 10->9", "params.builder_base 10->11",
        "roles.stalwart.day_cost 5->4", "roles.stalwart.day_cost 5->6"]
    studio = tmp_path / "studio.toml"
    cells = run["cells"]
    assert played(studio, {}) == (cells[0]["content_hash"], 10, 5)
    for move in moves:
        (key, base, value), = move["changes"]
        cell = cells[move["cell"]]
        assert cell["sweep"] == {key: value}
        builder, day_cost = (value, 5) if key == KEYS[0] else (10, value)
        assert played(studio, {key: value}) == (cell["content_hash"], builder, day_cost)

    (out / "data/cell-001/part-00000.parquet").unlink()
    verified = sim("verify", out)
    assert verified.returncode == 1
    assert verified.stdout.splitlines()[0].endswith(
        "; replay them with 'sim sensitivity ... --resume' and the original flags")
