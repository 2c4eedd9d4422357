"""Symmachia (Appendix 4, p. 15): the mode setting, partners Deploying at each other's
Cities, no Siege between partners (decision 34), the teams' summed Glory deciding the game
(decision 33 for the tie-break), whole games, and the dataset's team columns."""

import numpy as np
import pyarrow.parquet as pq
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.game import PillarsSetup, simulate
from sim.games.pillars.modes import ModeError, canonical, check_players, mode_code
from sim.games.pillars.rules.deploy import deploy_spaces
from sim.games.pillars.rules.end import mark_winners, rank_of
from sim.games.pillars.rules.status import siege_targets
from tests.cli_process import error_line, sim
from tests.pillars_fixtures import CONTENT, T, game, kit, set_step


def test_mode_names_combine_with_a_plus():
    assert canonical("symmachia") == "symmachia"
    assert canonical("standard+symmachia") == "symmachia"
    assert canonical("symmachia+short") == "short+symmachia"
    assert canonical("tutorial") == "tutorial"
    assert mode_code("short+symmachia") == L.MODE_SHORT + L.MODE_SPAN * L.ADDON_SYMMACHIA
    assert mode_code("standard") == L.MODE_STANDARD
    for bad, words in (("siege", "unknown mode 'siege'"), ("short+tutorial", "combines"),
                       ("symmachia+symmachia", "twice")):
        with pytest.raises(ModeError, match=words):
            canonical(bad)
    check_players("symmachia", 4)
    for players in (2, 3):
        with pytest.raises(ModeError, match=f"4 players, not {players}"):
            check_players("short+symmachia", players)


def allied(symmachia=True):
    """Four seats on the Aegean side in round 1, in Symmachia or not."""
    s = game("aegean", 4, seed=3, mode="symmachia" if symmachia else "standard")
    s[L.ROUND] = 1
    return s


def starting_city(s, seat):
    return T.city_start[s[L.SIDE], s[L.CITY_STATE + seat]]


@pytest.mark.parametrize("symmachia", [True, False])
def test_a_seat_deploys_at_its_partners_cities_p15(symmachia):
    s = allied(symmachia)
    _, _, opts, _ = kit()
    hoplite_lands = {opts[k, 0] for k in range(deploy_spaces(s, T, 0, L.U_HOPLITE, opts))}
    assert starting_city(s, 0) in hoplite_lands
    assert (starting_city(s, 2) in hoplite_lands) == symmachia  # the partner's City
    assert starting_city(s, 1) not in hoplite_lands and starting_city(s, 3) not in hoplite_lands


@pytest.mark.parametrize("symmachia", [True, False])
def test_partners_never_lay_siege_to_each_other_decision34(symmachia):
    s = allied(symmachia)
    where = starting_city(s, 0)
    s[L.LAND_PILLAR + where] = 2  # the partner's Pillar on seat 0's Land
    assert siege_targets(s, where, 0) == (0 if symmachia else 1)
    s[L.LAND_PILLAR + where] = 1  # a rival's
    assert siege_targets(s, where, 0) == 1


def test_the_team_with_more_glory_wins_together_p15():
    s = allied()
    s[L.GLORY:L.GLORY + 4] = [10, 12, 12, 5]  # seats 1+3: 22, seats 2+4: 17
    mark_winners(s, T)
    assert list(s[L.WON:L.WON + 4]) == [1, 0, 1, 0]
    assert [rank_of(s, seat) for seat in range(4)] == [1, 2, 1, 2]
    s[L.PARTNER:L.PARTNER + 4] = -1  # the same Glory without teams: seats 2 and 3 share the win
    mark_winners(s, T)
    assert list(s[L.WON:L.WON + 4]) == [0, 1, 1, 0]


def test_tied_teams_go_to_the_teams_track_steps_then_share_decision33():
    s = allied()
    s[L.GLORY:L.GLORY + 4] = [10, 12, 12, 10]  # 22 each
    s[L.TRACK_STEP:L.TRACK_STEP + 4 * L.N_TRACKS] = 0
    set_step(s, 1, 0, 2)  # seats 2+4: 2 steps
    set_step(s, 0, 1, 1)  # seats 1+3: 1 step
    mark_winners(s, T)
    assert list(s[L.WON:L.WON + 4]) == [0, 1, 0, 1]
    set_step(s, 2, 2, 1)  # 2 steps each: a shared victory
    mark_winners(s, T)
    assert list(s[L.WON:L.WON + 4]) == [1, 1, 1, 1]
    assert [rank_of(s, seat) for seat in range(4)] == [1, 1, 1, 1]


@pytest.mark.parametrize("board", ["mediterranean", "aegean"])
@pytest.mark.parametrize("strategy", ["random", "balanced"])
def test_whole_games_keep_every_invariant_and_partners_share_the_result(board, strategy):
    setup = PillarsSetup(players=4, board=board, mode="short+symmachia", strategies=(strategy,),
                         check_turns=True)
    out = simulate(CONTENT, setup, 7, 0, 60)
    assert (out["violation"] == 0).all() and (out["end_reason"] != L.END_BY_LIMIT).all()
    won, rank = out["won"][:, :4].astype(bool), out["rank"][:, :4]
    assert (won[:, 0] == won[:, 2]).all() and (won[:, 1] == won[:, 3]).all()
    assert (rank[:, 0] == rank[:, 2]).all() and (rank[:, 1] == rank[:, 3]).all()
    assert won.any(axis=1).all() and (won[:, 0] | won[:, 1]).all()
    team = out["glory"][:, [0, 1]] + out["glory"][:, [2, 3]]
    beaten = np.where(won[:, 0] & ~won[:, 1], team[:, 0] >= team[:, 1], True)
    assert beaten.all()


def test_sim_run_writes_each_seats_team_and_the_report_shows_the_teams(tmp_path):
    out = tmp_path / "symmachia"
    done = sim("run", "--game", "pillars", "--players", 4, "--mode", "symmachia", "--n", 40,
               "--strategies", "random", "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    df = pq.read_table(out / "data").to_pandas()
    assert set(df["mode"]) == {"symmachia"}
    assert (df.groupby("seat")["team"].first() == ["seats 1+3", "seats 2+4", "seats 1+3", "seats 2+4"]).all()
    by_team = df.groupby(["game", "team"])
    assert (by_team["glory"].sum() == by_team["team_glory"].first()).all()
    assert (by_team["won"].nunique() == 1).all()
    assert sim("report", out).returncode == 0
    page = (out / "report.html").read_text()
    assert "Win share by team" in page and "Team seats 1+3" in page and "Team of " in page
    plain = tmp_path / "plain"
    assert sim("run", "--game", "pillars", "--players", 4, "--n", 8, "--strategies", "random",
               "--out", plain, "--quiet").returncode == 0
    assert pq.read_table(plain / "data").to_pandas()["team"].isna().all()


def test_symmachia_with_three_players_is_one_line(tmp_path):
    line = error_line(sim("run", "--game", "pillars", "--players", 3, "--mode", "symmachia",
                          "--n", 10, "--out", tmp_path / "no", "--quiet"))
    assert "symmachia is played by 4 players, not 3" in line and "--players 4" in line
    assert not (tmp_path / "no").exists()
