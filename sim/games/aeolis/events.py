"""Trace event codes of Aeolis and the arguments of each (the rows `play_traced` returns)."""

import numpy as np

EVENT_FIELDS = (
    ("round_start", ()),
    ("draw", ("card",)),
    ("train", ("unit",)),
    ("produce", ("hex", "amount")),
    ("discover", ("tech",)),
    ("build", ("structure", "hex")),
    ("upgrade", ("building", "level")),
    ("trade", ("kind", "resource", "price")),
    ("move", ("group", "hex")),
    ("diplomacy", ("card", "roll", "power")),
    ("spell", ("spell", "target", "backlash")),
    ("combat", ("card", "power", "enemy_power")),
    ("enemy_move", ("card", "hex")),
    ("destroy", ("hex", "structure")),
    ("pillage", ("card", "power")),
    ("plague", ("hex",)),
    ("event_done", ("card",)),
    ("morale", ("value", "delta")),
    ("game_end", ("won", "cause")),
    ("augury", ("deck", "seen", "temple_level")),
    ("intervene", ("removed", "added")),
    ("aura", ("hex",)),
    ("lay_on_hands", ("saved", "won")),
    ("tech_used", ("tech",)),
)
EVENT_NAMES = tuple(name for name, _ in EVENT_FIELDS)
EVENT_ARGS = dict(EVENT_FIELDS)
# np.int32, not int: a global int is a literal to Numba, one compiled ``emit`` per code.
(EV_ROUND_START, EV_DRAW, EV_TRAIN, EV_PRODUCE, EV_DISCOVER, EV_BUILD, EV_UPGRADE, EV_TRADE,
 EV_MOVE, EV_DIPLOMACY, EV_SPELL, EV_COMBAT, EV_ENEMY_MOVE, EV_DESTROY, EV_PILLAGE, EV_PLAGUE,
 EV_EVENT_DONE, EV_MORALE, EV_GAME_END, EV_AUGURY, EV_INTERVENE, EV_AURA, EV_LAY_ON_HANDS,
 EV_TECH_USED) = (
    np.int32(k) for k in range(len(EVENT_FIELDS)))
EV_COLS = 7  # round, phase, code, a, b, c, morale
