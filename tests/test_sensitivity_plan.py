from sim.games.registry import get_game
from sim.runner.scenario import default_scenario
from sim.sensitivity.moves import Move
from sim.sensitivity.plan import sensitivity_plan


def test_base_then_one_cell_per_move_on_one_seed():
    info = get_game("pericles")
    moved = [Move("params.builder_base", -1, (("params.builder_base", 3, 2),), False),
             Move("params.max_rounds", 1, (("params.max_rounds", 30, 31),), True)]
    plan = sensitivity_plan(info, default_scenario(info, (3,)), moved, players=3, n=100,
                            seed=7, sets=[], batch_size=50)
    assert [c.index for c in plan.cells] == [0, 1, 2]
    assert [c.sweep for c in plan.cells] == [{}, {"params.builder_base": 2},
                                             {"params.max_rounds": 31}]
    assert plan.cells[1].overrides == {"params.builder_base": 2}
    assert len({c.content_hash for c in plan.cells}) == 3
    assert plan.seed == 7 and plan.games == 300 and len(plan.batches()) == 6
    assert [m["label"] for m in plan.sensitivity["moves"]] == ["params.builder_base 3->2",
                                                               "params.max_rounds 30->31"]
    assert plan.identity()["sensitivity"] == plan.sensitivity  # --resume must match it


def test_the_plan_plays_as_a_run_with_the_same_deals_in_every_cell(tmp_path):
    import pyarrow.dataset as ds

    from sim.runner.backends import open_backend
    from sim.runner.execute import check, execute

    info = get_game("pericles")
    moved = [Move("params.max_rounds", 1, (("params.max_rounds", 30, 31),), True)]  # no game lasts 30 rounds
    plan = sensitivity_plan(info, default_scenario(info, (3,)), moved, players=3, n=200,
                            seed=3, sets=[], batch_size=100)
    out = tmp_path / "sens"
    with open_backend("local", plan=plan, workers=1, scheduler=None, transfer=None) as engine:
        execute(plan, out, check(plan, out, resume=False, overwrite=False), backend=engine,
                quiet=True)
    t = ds.dataset(out / "data", format="parquet").to_table().to_pandas()
    t = t.sort_values(["cell", "game", "seat"])
    base, moved_cell = (t[t.cell == c].drop(columns="cell").reset_index(drop=True) for c in (0, 1))
    assert len(base) == 600
    assert base.equals(moved_cell)  # a value no rule reads in these games changes nothing


def test_grouped_moves_of_an_item_and_the_refused_ones():
    from sim.runner.request import plan_request
    from sim.sensitivity.plan import choose_moves

    base = plan_request(game="pericles", players=3, scenario=None, strategies=None, sets=[],
                        mode=None, heroes=None, sweeps=[], n=10, seed=0, batch_size=10)
    kept, refused = choose_moves(base.runner, base.cells[0], ["roles.veteran.*"], step=1,
                                 group="item")
    assert [(m.item, m.direction) for m in kept] == [("roles.veteran", -1), ("roles.veteran", 1)]
    # the Day cost and the bonus move together; a setup count alone breaks the fixed piece
    # totals, so the content refuses it and it is set aside with the reason
    assert [k for k, _, _ in kept[1].changes] == ["roles.veteran.day_cost",
                                                  "roles.veteran.bonus.0.1", "roles.veteran.bonus.1.1"]
    assert "roles.veteran.setup.stoa" in {m.changes[0][0] for m, _ in refused}
    assert all(why for _, why in refused)


def test_moves_that_add_an_effect_row_or_a_card_are_played():
    from sim.runner.request import plan_request
    from sim.sensitivity.plan import choose_moves, sensitivity_plan, table_sizes

    base = plan_request(game="pericles", players=3, scenario=None, strategies=None, sets=[],
                        mode=None, heroes=None, sweeps=[], n=10, seed=0, batch_size=10)
    cell = base.cells[0]
    # ["upgrade", 0] is an effect row the base does not hold: the padded effect table keeps
    # its size, so the move plays on the base's compiled engine
    kept, refused = choose_moves(base.runner, cell, ["city_states.larissa.action.0.1"],
                                 step=1, group="value")
    assert len(kept) == 2 and refused == []
    plan = sensitivity_plan(base.info, base.scenario, kept, players=3, n=10, seed=0, sets=[],
                            batch_size=10)
    assert table_sizes(plan) == 1
    # a card's copies change the Athena deck's size: played too, in a table size of its own
    card = next(a["name"] for a in cell.content.data["athena_cards"] if a["copies"] == 2)
    kept, refused = choose_moves(base.runner, cell, [f"athena_cards.{card}.copies"], step=1,
                                 group="value")
    assert [m.direction for m in kept] == [-1, 1] and refused == []
    plan = sensitivity_plan(base.info, base.scenario, kept, players=3, n=10, seed=0, sets=[],
                            batch_size=10)
    assert table_sizes(plan) == 3
