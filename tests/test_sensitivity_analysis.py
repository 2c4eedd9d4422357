from reports.flags import Flag
from reports.model import Share
from reports.sensitivity import anchor, flag_measure
from sim.gate.paired import Shift
from sim.gate.tolerance import Tolerance
from sim.sensitivity.analysis import Effect, Sensitivity


def _effect(cell, label, group, diff, sd):
    """A change whose 95% interval over 1,000 games is about diff +/- 0.062 * sd."""
    move = {"cell": cell, "label": label, "item": label.split(" ")[0], "assumed": cell != 1}
    shift = Shift(cell=cell, measure="win_share", group=group, kind="share", n=1000, before=0.3,
                  after=0.3 + diff, diff=diff, sd=sd, p=0.001, limit=0.01, discordant=0.3,
                  games=1000)
    return Effect(move, shift)


S = Sensitivity([_effect(1, "a 3->2", "role veteran", 0.04, 0.3),
                 _effect(1, "a 3->2", "seat 0", 0.005, 0.1),  # interval straddles the tolerance
                 _effect(2, "b 1->2", "role veteran", -0.06, 2.0),  # large but too uncertain
                 _effect(3, "c 0->1", "role veteran", 0.02, 0.1),
                 _effect(3, "c 0->1", "seat 0", -0.03, 0.1)], refused=[], tolerance=Tolerance())


def test_ranking_is_by_size_of_effect_and_movers_need_the_interval_beyond_tolerance():
    assert S.measures == ["win share role veteran", "win share seat 0"]
    assert [e.move["label"] for e in S.ranking("win share role veteran")] == ["b 1->2", "a 3->2",
                                                                             "c 0->1"]
    assert [e.move["label"] for e in S.movers("win share role veteran")] == ["a 3->2", "c 0->1"]
    assert [(m["label"], [s.label for s in shifts]) for m, shifts in S.beyond_tolerance()] == [
        ("a 3->2", ["win share role veteran"]),
        ("c 0->1", ["win share role veteran", "win share seat 0"])]


def test_a_flag_names_the_measure_the_analysis_ranks():
    def flag(subject):
        return Flag("", Share(subject, 40.0, 100, 1 / 3), 0.01)

    assert flag_measure(flag("Seat 1")) == "win share seat 0"  # the report counts seats from 1
    assert flag_measure(flag("Role veteran")) == "win share role veteran"
    assert anchor("win share role veteran") == "sens-win-share-role-veteran"
