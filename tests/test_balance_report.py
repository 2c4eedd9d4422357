"""The report of a balance search, from its record: the changes, each measure before and
after, and for a measure still outside its band the value that moved it most."""

from reports.balance import misses, render


def _reading(label, mean, low=0.31, high=0.35, se=0.004):
    return {"label": label, "mean": mean, "se": se, "n": 5000, "low": low, "high": high,
            "interval": [mean - 2 * se, mean + 2 * se]}


def _record(after_b: float) -> dict:
    labels = ("win share city-state kyrene", "win share city-state <b>taras</b>")
    start = [_reading(labels[0], 0.40), _reading(labels[1], 0.30)]
    best = [_reading(labels[0], 0.34), _reading(labels[1], after_b)]
    evaluation = {"index": 0, "round": 0, "stage": "effects", "changes": [], "readings": start,
                  "predicted": None, "violation": 20.0, "cost": 0.0, "objective": 20.0,
                  "holds": False}
    proposal = {**evaluation, "index": 3, "round": 1, "stage": "moves",
                "changes": [{"key": "city_states.tiles.korinthos.ability.0.2", "from": 2, "to": 1}],
                "readings": best, "predicted": {labels[0]: 0.335, labels[1]: 0.33}}
    return {"game": "pillars", "request": {"seed": 3, "n": 5000, "target": ["city_state_win_share:+-3"],
                                           "target_file": None, "keys": ["city_states.tiles.*.ability.*"]},
            "scope": {"city_states.tiles.korinthos.ability.0.2": {}}, "start": evaluation,
            "proposal": proposal, "evaluations": [evaluation, proposal],
            "stopped": "all 8 rounds were played",
            "effects": [{"key": "city_states.tiles.korinthos.ability.0.2", "direction": -1,
                         "per_step": {labels[0]: -0.06, labels[1]: -0.004}},
                        {"key": "city_states.tiles.rhodos.ability.0.2", "direction": 1,
                         "per_step": {labels[0]: 0.0, labels[1]: 0.012}}],
            "verification": {"seed": 4, "games": 5000, "start": start, "proposal": best,
                             "holds": False, "paired": {labels[0]: {"diff": -0.06, "low": -0.07,
                                                                    "high": -0.05, "n": 5000}}},
            "games_played": 90000, "wall_time_s": 12.0}


def test_a_measure_left_outside_names_its_strongest_value():
    (miss,) = misses(_record(0.295))
    assert miss["label"] == "win share city-state <b>taras</b>" and miss["miss"] == "1.5 pp"
    assert miss["lever"] == "city_states.tiles.rhodos.ability.0.2 +1 step: +1.2 pp"
    assert misses(_record(0.32)) == []
    (high,) = misses(_record(0.37))  # above its band: only a step that lowers it helps
    assert high["lever"] == "city_states.tiles.korinthos.ability.0.2 -1 step: -0.4 pp"


def test_the_page_shows_the_change_the_prediction_and_escapes_names():
    page = render(_record(0.295))
    assert "Suggested changes" in page and "city_states.tiles.korinthos.ability.0.2" in page
    assert "33.5%" in page  # the prediction beside what was measured (34.0%)
    assert "-6.0 pp [-7.0 pp, -5.0 pp]" in page  # the paired change on the fresh seeds
    assert "-6.0 pp</td>" in page  # what the search seeds expected of it
    assert "<b>taras</b>" not in page and "&lt;b&gt;taras&lt;/b&gt;" in page
    assert "Why some measures stay outside" in page
