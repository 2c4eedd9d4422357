"""Dice Race's trace events: one int32 row per event, (round, seat, code, a, b)."""

EV_COLS = 5
EVENT_NAMES = ("roll", "bust", "hold", "game_end")
EV_ROLL, EV_BUST, EV_HOLD, EV_GAME_END = range(len(EVENT_NAMES))
# What a and b mean for each event (trace.records_from names them so).
EVENT_ARGS = {"roll": ("face", "turn_total"), "bust": ("lost",), "hold": ("banked", "score"),
              "game_end": ("reason",)}
