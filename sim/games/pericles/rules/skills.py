"""Skill cards (p. 19): passive powers that fire on triggers, drawing, keeping, tucking."""

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles import params as P
from sim.games.pericles.decisions import D_KEEP_SKILL, D_TUCK_SKILL
from sim.games.pericles.events import EV_SKILL_GAIN, EV_SKILL_TUCK
from sim.games.pericles.rules.core import (
    add_glory,
    decide,
    draw_skill,
    emit,
    gain_amphoras,
    gain_athena,
    gain_missions,
    gain_silver,
    gain_trophies,
)
from sim.jit import kernel


@kernel
def simple_gain(s, T, seat, op, arg, source, rng):
    """Resolve a gain that needs no choice: Glory, Silver, Amphoras, Trophies, cards."""
    if op == O.OP_GLORY:
        add_glory(s, seat, arg, source)
    elif op == O.OP_SILVER:
        gain_silver(s, seat, arg)
    elif op == O.OP_AMPHORA:
        gain_amphoras(s, seat, arg)
    elif op == O.OP_TROPHY:
        gain_trophies(s, seat, arg)
    elif op == O.OP_ATHENA:
        gain_athena(s, T, seat, arg, rng)
    elif op == O.OP_MISSION:
        gain_missions(s, T, seat, arg, rng)


@kernel
def fire_skills(s, T, seat, trigger, rng):
    """Apply every face-up Skill of ``seat`` that fires on ``trigger`` (simple gains only)."""
    if s[L.SKILLS_UP + seat] == 0:
        return
    for k in range(T.skills.shape[0]):
        if s[L.SKILL_LOC + k] == seat and s[L.SKILL_TUCKED + k] == 0 and T.skills[k, 0] == trigger:
            row = T.skills[k, 1]
            for i in range(T.fx[row, 0]):
                simple_gain(s, T, seat, T.fx[row, 1 + 2 * i], T.fx[row, 2 + 2 * i], L.SRC_EFFECTS, rng)


@kernel
def take_skill(s, T, W, opts, seat, skill, rng, ev):
    """Put a Skill face up; with one too many face up, tuck one of them (p. 19)."""
    s[L.SKILL_LOC + skill] = seat
    s[L.SKILLS_UP + seat] += 1
    s[L.SKILL_ROUND + seat] = s[L.ROUND]
    emit(s, ev, seat, EV_SKILL_GAIN, skill, 0, 0)
    if s[L.SKILLS_UP + seat] <= T.params[P.SKILLS_FACE_UP]:
        return
    n = 0
    for k in range(T.skills.shape[0]):
        if s[L.SKILL_LOC + k] == seat and s[L.SKILL_TUCKED + k] == 0:
            opts[n, 0] = k
            n += 1
    tucked = opts[decide(s, T, W, opts, n, seat, D_TUCK_SKILL, rng), 0]
    s[L.SKILL_TUCKED + tucked] = 1
    s[L.SKILLS_UP + seat] -= 1
    emit(s, ev, seat, EV_SKILL_TUCK, tucked, 0, 0)


@kernel
def gain_skill_from_build(s, T, W, opts, seat, pieces_raised, rng, ev):
    """Draw one more Skill than pieces raised, keep one, discard the rest (p. 19)."""
    if s[L.SKILLS_ON] == 0 or s[L.SKILL_ROUND + seat] == s[L.ROUND]:
        return
    n = 0
    for _ in range(pieces_raised + T.params[P.SKILL_DRAW_EXTRA]):
        k = draw_skill(s, T, rng)
        if k < 0:
            break
        s[L.SKILL_LOC + k] = L.LOC_GONE  # in hand while choosing
        opts[n, 0] = k
        n += 1
    if n == 0:
        return
    pick = decide(s, T, W, opts, n, seat, D_KEEP_SKILL, rng)
    kept = opts[pick, 0]
    for i in range(n):
        if i != pick:
            s[L.SKILL_LOC + opts[i, 0]] = L.LOC_DISCARD
    take_skill(s, T, W, opts, seat, kept, rng, ev)


@kernel
def skill_modifier(s, T, seat, trigger):
    """Sum of a modifier Skill's amounts (day_discount, builder_bonus) held face up (p. 19)."""
    total = 0
    if s[L.SKILLS_UP + seat] == 0:
        return total
    for k in range(T.skills.shape[0]):
        if s[L.SKILL_LOC + k] == seat and s[L.SKILL_TUCKED + k] == 0 and T.skills[k, 0] == trigger:
            total += T.skills[k, 1]
    return total
