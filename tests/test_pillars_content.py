"""Tests of the Pillars of Heracles content file (scenarios/pillars/content.toml)."""

import tomllib

from sim.shipped import content_file


def test_content_is_shipped_package_data():
    # read through importlib.resources, as an installed wheel reads it
    data = tomllib.loads(content_file("pillars").read_text(encoding="utf-8"))
    assert [b["side"] for b in data["boards"]] == ["mediterranean", "aegean"]
