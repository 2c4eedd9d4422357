"""Balance targets and scopes: the flags and the file, and one line for what cannot be used."""

from dataclasses import replace

import pytest
from cli_process import error_line, sim

from sim.balance.target import check_bounds, parse_flag, read_target, series_groups, target_of
from sim.runner import RunError
from sim.sensitivity.moves import Value


def test_flags_read_as_bands():
    seat = parse_flag("seat1:+-2")
    assert (seat.measure, seat.group, seat.limits(1 / 3)) == ("seat_win_share", "1",
                                                             pytest.approx((1 / 3 - 0.02, 1 / 3 + 0.02)))
    role = parse_flag("role_win_share[veteran]:0.3+-1.5")
    assert role.group == "veteran" and role.limits(0.25) == pytest.approx((0.285, 0.315))
    assert parse_flag("rounds:8..12").limits(None) == (8.0, 12.0)
    survival = parse_flag("survival[easy]:0.4..0.6")
    assert (survival.measure, survival.group, survival.limits(None)) == ("survival", "easy", (0.4, 0.6))
    assert parse_flag("city_state_win_share:+-3").group is None


@pytest.mark.parametrize("text, words", [
    ("role_win_share", "is not a band"),
    ("glory:+-2", "unknown measure 'glory'"),
    ("rounds:+-1", "rounds has no fair value"),
    ("seat1:0.6..0.4", "low 0.6 is above high 0.4"),
    ("seat1:40..60", "a share is a fraction from 0 to 1"),
    ("seat1:+-0", "the width must be above 0"),
    ("rounds:5", "is not a band"),
])
def test_a_bad_flag_is_one_reason(text, words):
    with pytest.raises(RunError, match=words):
        parse_flag(text)


def test_a_target_file_has_bands_and_bounds(tmp_path):
    path = tmp_path / "target.toml"
    path.write_text('[[band]]\nmeasure = "role_win_share"\nwithin = 2\n\n'
                    '[[band]]\nmeasure = "rounds"\nlow = 5\nhigh = 6.5\n\n'
                    '[bounds]\n"roles.*.day_cost" = [1, 5]\n')
    target = target_of(["seat1:+-2"], path)
    assert [b.measure for b in target.bands] == ["role_win_share", "rounds", "seat_win_share"]
    assert target.bounds == {"roles.*.day_cost": (1, 5)}


@pytest.mark.parametrize("text, words", [
    ('[[band]]\nmeasure = "rounds"\nwithin = "2"\n', "band.0.within must be a number"),
    ('[[band]]\nmeasure = "rounds"\nlow = 1\nhigh = 2\nwhy = 1\n', "unknown key 'why'"),
    ('[bounds]\n"roles.veteran.day_cost" = [1, 5]\n', "lacks 'band'"),
    ('[[band]]\nmeasure = "rounds"\nlow = 1\nhigh = 2\n[bounds]\n"a" = [1, 2, 3]\n',
     "bounds.a must be a list of 2 to 2 items"),
])
def test_a_bad_target_file_is_one_reason(tmp_path, text, words):
    path = tmp_path / "target.toml"
    path.write_text(text)
    with pytest.raises(RunError, match=words):
        read_target(path)


def test_a_measure_the_game_lacks_is_refused():
    with pytest.raises(RunError, match="this game has no city-state ; give role_win_share"):
        series_groups(parse_flag("city_state_win_share:+-2"), "role", False, "standard")
    with pytest.raises(RunError, match="survival is a co-operative game's measure"):
        series_groups(parse_flag("survival:0.4..0.6"), "role", False, "standard")
    with pytest.raises(RunError, match="plays mode 'easy', not 'hard'"):
        series_groups(parse_flag("survival[hard]:0.4..0.6"), None, True, "easy")
    assert series_groups(parse_flag("pick_win_share:+-2"), "city-state", False, "standard") == "city-state"


def test_bounds_stay_inside_the_declared_range_and_hold_the_start():
    values = [Value("params.x", "params.x", 3, 1, 6, True),
              Value("roles.a.day_cost", "roles.a", 3, 0, None, True)]
    target = target_of(["seat1:+-2"], None)
    narrowed = check_bounds(replace(target, bounds={"params.x": (2, 4)}), values)
    assert narrowed["params.x"] == (2, 4) and narrowed["roles.a.day_cost"][0] == 0
    for bounds, words in [({"params.x": (0, 4)}, "reaches outside params.x's declared range 1..6"),
                          ({"params.y": (1, 2)}, "names no value in --keys"),
                          ({"roles.*": (4, 6)}, "leaves out roles.a.day_cost's current value 3")]:
        with pytest.raises(RunError, match=words):
            check_bounds(replace(target, bounds=bounds), values)


@pytest.mark.parametrize("args, words", [
    (["--target", "city_state_win_share:+-2", "--keys", "roles.*.day_cost"],
     "this game has no city-state"),
    (["--target", "role_win_share:+-2", "--keys", "roles.nobody.day_cost"],
     "--keys 'roles.nobody.day_cost' matches no value"),
    (["--target", "role_win_share:+-2"], "missing --keys"),
    (["--keys", "roles.*.day_cost"], "no target"),
    (["--target", "seat4:+-2", "--keys", "roles.*.day_cost"], "seats are numbered 1 to 3"),
    (["--target", "role_win_share:+-2", "--keys", "roles.*.day_cost", "--games", "1000"],
     "cannot pay for the effects round"),
    (["--target-file", "BAD", "--keys", "roles.*.day_cost"], "bad.toml: not valid TOML"),
])
def test_the_command_refuses_with_one_line_and_writes_nothing(tmp_path, args, words):
    out = tmp_path / "b"
    bad = tmp_path / "bad.toml"
    bad.write_text("[[band]\nmeasure = 1\n")
    args = [bad if a == "BAD" else a for a in args]
    line = error_line(sim("balance", "--game", "pericles", "--players", "3", "--n", "100",
                          "--out", out, *args))
    assert words in line
    assert not out.exists()
