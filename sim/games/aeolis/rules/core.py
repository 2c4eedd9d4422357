"""Shared small kernels: decisions, trace rows, dice, Morale, stash and unit helpers."""

from sim.games import policies
from sim.games.aeolis import layout as L
from sim.games.aeolis import params as P
from sim.games.aeolis.events import EV_MORALE, EV_TECH_USED
from sim.games.aeolis.invariants import V_NO_BOT_ENTRY
from sim.games.aeolis.rules.use import count_use
from sim.games.kernels import append_event
from sim.jit import kernel
from sim.rng import below

STREAM_SETUP = 0  # map placement at setup, deck draws, Trade Wheel start
STREAM_DICE = 1  # every die roll of the game
STREAM_TEAM = 2  # the team policy's own choices
TEAM = 0  # the seat the team's choices are asked of (one team plays every Hero)
NOTICE_ROUND = -1  # a notice to the team (n 0, sim.games.policies): a round begins


@kernel
def ask_team(s, T, W, opts, n, kind, rng):
    """The team's answer through its entry (sim.games.policies)."""
    return policies.ask(s, L.BOT_ENTRY, L.VIOLATION, V_NO_BOT_ENTRY, T, W, opts, n, TEAM, kind, rng)


@kernel
def decide(s, T, W, opts, n, kind, rng):
    """Ask the team to pick one of ``n`` >= 1 options; a lone option needs no ask."""
    s[L.DECISIONS] += 1
    if n == 1:
        return 0
    return ask_team(s, T, W, opts, n, kind, rng)


@kernel
def notice_round(s, T, W, opts, rng):
    """Tell the team a round begins (a searching team keeps its start to play out from)."""
    ask_team(s, T, W, opts, 0, NOTICE_ROUND, rng)


@kernel
def emit(s, ev, code, a, b, c):
    """Count the event for the play profile and append it to the trace (round, phase,
    code, a, b, c, Morale); a full trace buffer drops the row."""
    count_use(s, code, a)
    append_event(s, L.EVENTS, ev, s[L.ROUND], s[L.PHASE], code, a, b, c, s[L.MORALE])


@kernel
def roll(rng, sides):
    """One die with ``sides`` faces: 1..sides."""
    return below(rng, STREAM_DICE, sides) + 1


@kernel
def chance(rng, pct):
    """True with probability pct / 100 (a D100 roll of 01..pct)."""
    return roll(rng, 100) <= pct


@kernel
def add_morale(s, T, ev, delta):
    """Move the Morale marker, held inside the track (p. 15)."""
    m = s[L.MORALE] + delta
    lo = T.params[P.MORALE_MIN]
    hi = T.params[P.MORALE_MAX]
    s[L.MORALE] = lo if m < lo else (hi if m > hi else m)
    emit(s, ev, EV_MORALE, s[L.MORALE], delta, 0)


@kernel
def gain(s, T, res, amount):
    """Add to the stash; a worker product adds untrained workers up to the limit."""
    if res == L.R_WORKER:
        add_workers(s, T, amount)
    elif res >= 0:
        s[L.RES + res] += amount


@kernel
def lose(s, res, amount):
    """Take up to ``amount`` from the stash; returns what was taken."""
    have = s[L.RES + res]
    take = amount if amount < have else have
    s[L.RES + res] = have - take
    return take


@kernel
def add_workers(s, T, n):
    w = s[L.WORKERS] + n
    cap = T.params[P.MAX_WORKERS]
    s[L.WORKERS] = 0 if w < 0 else (cap if w > cap else w)


@kernel
def hero_active(s, hero):
    return (s[L.HEROES] >> hero) & 1 == 1


@kernel
def expansion_on(s, x):
    return x < 0 or (s[L.EXPANSIONS] >> x) & 1 == 1


@kernel
def has_tech(s, t):
    return t >= 0 and s[L.TECH + t] == 1


@kernel
def use_tech(s, ev, t):
    """Note that technology ``t`` (-1: none needed) made possible what the team just did;
    its first use is traced, so the play profile tells researched from used (p. 15)."""
    if t >= 0 and s[L.TECH_USED + t] == 0:
        s[L.TECH_USED + t] = 1
        emit(s, ev, EV_TECH_USED, t, 0, 0)


@kernel
def tradeable(s, T, res):
    """The Merchant trades ``res``; goods only the upgraded Agora trades cannot be produced,
    explored or gained before it is upgraded either (p. 13)."""
    return T.agora_only[res] == 0 or s[L.LEVEL + L.B_AGORA] >= 1


@kernel
def abilities_left(s):
    """Priestess abilities still to use this round: one per Priestess unit (p. 22)."""
    used = 0
    for d in range(L.N_FAITH):
        used += s[L.FAITH_USED + d]
    return s[L.UNITS + L.U_PRIESTESS] - used


@kernel
def unit_group(kind):
    """The miniature group of a unit kind, -1 for units without a miniature."""
    if kind <= L.U_COMPANION:
        return kind  # G_HOPLITE .. G_COMPANION share the army kind numbers
    if kind == L.U_PHILOSOPHER or kind == L.U_ALCHEMIST:
        return L.G_PHILOSOPHER
    if kind == L.U_PRIESTESS:
        return L.G_PRIESTESS
    if kind == L.U_MAGI:
        return L.G_MAGI
    if kind == L.U_SHIP:
        return L.G_SHIP
    return -1


@kernel
def group_units(s, g):
    """Units the group's miniature stands for."""
    if g <= L.G_COMPANION:
        return s[L.UNITS + g]
    if g == L.G_PHILOSOPHER:
        return s[L.UNITS + L.U_PHILOSOPHER] + s[L.UNITS + L.U_ALCHEMIST]
    if g == L.G_PRIESTESS:
        return s[L.UNITS + L.U_PRIESTESS]
    if g == L.G_MAGI:
        return s[L.UNITS + L.U_MAGI]
    return s[L.UNITS + L.U_SHIP]


@kernel
def add_units(s, T, kind, n):
    """Gain (or lose, n < 0) trained units; the miniature enters at home or leaves the map."""
    u = s[L.UNITS + kind] + n
    cap = T.params[P.MAX_UNITS]
    s[L.UNITS + kind] = 0 if u < 0 else (cap if u > cap else u)
    g = unit_group(kind)
    if g >= 0:
        if group_units(s, g) == 0:
            s[L.POS + g] = -1
        elif s[L.POS + g] < 0:
            s[L.POS + g] = s[L.HOME + g]


@kernel
def destroy_group(s, T, g):
    """Every unit of a group dies (a lost combat, an unprotected hex)."""
    if g <= L.G_COMPANION:
        add_units(s, T, g, -s[L.UNITS + g])
    elif g == L.G_PHILOSOPHER:
        add_units(s, T, L.U_PHILOSOPHER, -s[L.UNITS + L.U_PHILOSOPHER])
        add_units(s, T, L.U_ALCHEMIST, -s[L.UNITS + L.U_ALCHEMIST])
    elif g == L.G_PRIESTESS:
        add_units(s, T, L.U_PRIESTESS, -s[L.UNITS + L.U_PRIESTESS])
    elif g == L.G_MAGI:
        add_units(s, T, L.U_MAGI, -s[L.UNITS + L.U_MAGI])
    else:
        add_units(s, T, L.U_SHIP, -s[L.UNITS + L.U_SHIP])


@kernel
def magi_form(s):
    """0 Serpent, 1 Scorpio, 2 Arachnai: the Oracle's upgrade level (pp. 24, 28)."""
    return s[L.LEVEL + L.B_ORACLE]
