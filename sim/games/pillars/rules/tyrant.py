"""The Tyrant's turn (Solo Mode, p. ~22): a Status Check (Domination and Consolidation
only), then the top card of his Basic deck revealed as the Active card, his marker
advanced by exactly its Power and the Rondel action there, chosen by its Resource; or,
with his Basic deck empty, a Replenish Turn.
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import C_POWER, C_RES_A, ICONS, SR_OPTION, TRIGGER_REPLENISH
from sim.games.pillars.events import (
    CAUSE_CONSOLIDATION,
    CAUSE_DOMINATION,
    EV_ACTIVE_CARD,
    EV_CONSOLIDATION,
    EV_DOMINATION,
    EV_RONDEL_MOVE,
    EV_TURN,
    EV_TYRANT_REPLENISH,
)
from sim.games.pillars.rules.abilities import city_state_ability
from sim.games.pillars.rules.apart import apart
from sim.games.pillars.rules.core import emit
from sim.games.pillars.rules.relocate import clear_relocated
from sim.games.pillars.rules.rewards import progress
from sim.games.pillars.rules.status import (
    choose_ship_lands,
    controlled_with_icon,
    dominates,
    may_progress,
)
from sim.games.pillars.rules.turn import (
    N_SECTIONS,
    SEC_ASCEND,
    SEC_BUILD,
    SEC_DEPLOY,
    SEC_PROCURE,
    SEC_SETTLE,
    TURN_ADVANCE,
    TURN_REPLENISH,
    crosses_line,
    end_turn,
    landing_draws,
    replenish_pillars,
    section_of,
)
from sim.games.pillars.rules.tyrant_actions import (
    tyrant_ascend,
    tyrant_build,
    tyrant_deploy,
    tyrant_procure,
    tyrant_settle,
)
from sim.games.pillars.rules.tyrant_cards import discard_active, replenish_decks, reveal_active
from sim.games.pillars.rules.tyrant_choice import tyrant_resource
from sim.games.pillars.rules.tyrant_gains import (
    ANY,
    claim_prophecy,
    lowest_city,
    tyrant_track_reward,
)
from sim.jit import compiled_in_caller, kernel

T_SEAT = L.TYRANT
N_ICONS = len(ICONS)
STATUS_STEPS = 16  # scratch: tracks stepped in his Status Check, then their steps


@kernel
def home_rank(s, T, track):
    """A track's place clockwise from his starting Region (his Status Check order)."""
    side = s[L.SIDE]
    home = T.land_region[side, T.city_start[side, s[L.CITY_STATE + T_SEAT]]]
    start = 0
    for k in range(L.WHEEL):
        if T.score_order[side, k] == home:
            start = k
    for k in range(L.WHEEL):
        if s[L.REGION_TRACK + T.score_order[side, (start + k) % L.WHEEL]] == track:
            return k
    return L.WHEEL


@kernel
def status_track(s, T, icon):
    """Of the two tracks showing ``icon`` he may still step in this Status Check: [the one
    he is furthest along > clockwise from his starting Region]; -1."""
    best, best_step, best_rank = -1, -1, L.WHEEL + 1
    for track in range(L.N_TRACKS):
        if T.tracks[track, 1] != icon or not may_progress(s, T_SEAT, track):
            continue
        step = s[L.TRACK_STEP + T_SEAT * L.N_TRACKS + track]
        rank = home_rank(s, T, track)
        if step > best_step or (step == best_step and rank < best_rank):
            best, best_step, best_rank = track, step, rank
    return best


@kernel
def tyrant_status(s, T, W, ev, work, scratch, opts, rng):
    """His Status Check (p. ~22): Domination in every Region he dominates, Consolidation
    for every icon he Controls 3 Lands of; the rewards after all steps."""
    for track in range(L.N_TRACKS):
        s[L.STATUS_STEPPED + track] = 0
    taken = 0
    for region in range(L.N_REGIONS):
        track = s[L.REGION_TRACK + region]
        if (s[L.REGION_BLOCKED + region] == 0 and may_progress(s, T_SEAT, track)
                and dominates(s, T, T_SEAT, region, scratch)):
            s[L.STATUS_STEPPED + track] = 1
            step = progress(s, T, W, ev, T_SEAT, track, CAUSE_DOMINATION, False, work, opts, rng)
            emit(s, ev, T_SEAT, EV_DOMINATION, region, track, step)
            scratch[STATUS_STEPS + 2 * taken] = track
            scratch[STATUS_STEPS + 2 * taken + 1] = step
            taken += 1
    for icon in range(N_ICONS):
        if controlled_with_icon(s, T, T_SEAT, icon, scratch) < 3:
            continue
        track = status_track(s, T, icon)
        if track >= 0:
            s[L.STATUS_STEPPED + track] = 1
            step = progress(s, T, W, ev, T_SEAT, track, CAUSE_CONSOLIDATION, False, work, opts,
                            rng)
            emit(s, ev, T_SEAT, EV_CONSOLIDATION, icon, track, step)
            scratch[STATUS_STEPS + 2 * taken] = track
            scratch[STATUS_STEPS + 2 * taken + 1] = step
            taken += 1
    resource = tyrant_resource(s, T)
    for k in range(taken):
        tyrant_track_reward(s, T, W, ev, scratch[STATUS_STEPS + 2 * k],
                            scratch[STATUS_STEPS + 2 * k + 1], resource, opts, rng)


@kernel
def tyrant_replenish(s, T, ev, rng):
    """His Replenish Turn (p. ~22): a Hoplite of an unused colour in his City Land with the
    least Power of his (ties by the wheels read from his Basic discard pile's top card),
    both decks reshuffled, his Pillars replenished, the highest-numbered Prophecy claimed."""
    best = lowest_city(s, T, tyrant_resource(s, T))
    if best >= 0:
        s[L.LAND_HOPLITES + best * L.MAX_PLAYERS + T_SEAT] += 1
        s[L.SOLO_SPARE] += 1
    emit(s, ev, T_SEAT, EV_TYRANT_REPLENISH, best, 0, 0)
    replenish_decks(s, rng)
    replenish_pillars(s, T_SEAT)
    claim_prophecy(s, T, ev, ANY, -1)


@kernel
def tyrant_advance(s, T, W, ev, card, opts, rng):
    """His marker advances exactly the Active card's Power (p. ~22); your marker already
    there lets you draw."""
    old = s[L.RONDEL_POS + T_SEAT]
    moved = T.cards[card, C_POWER]
    pos = (old + moved) % N_SECTIONS
    s[L.RONDEL_POS + T_SEAT] = pos
    s[L.CROSSED] = 1 if crosses_line(T, old, moved) else 0
    emit(s, ev, T_SEAT, EV_RONDEL_MOVE, card, moved, T.rondel[pos])
    landing_draws(s, T, W, ev, T_SEAT, opts, rng)


@compiled_in_caller
def tyrant_action(s, T, W, ev, section, work, scratch, opts, rng):
    """The Rondel action his marker stands on, the option his Active card's Resource picks
    (after a City-state ability of that trigger, p. ~24)."""
    city_state_ability(s, T, W, ev, T_SEAT, section, work, scratch, opts, rng)
    resource = T.cards[s[L.PLAYED], C_RES_A]
    option = T.solo_rules[SR_OPTION + resource]
    if section == SEC_BUILD:
        tyrant_build(s, T, ev, option, resource, scratch)
    elif section == SEC_SETTLE:
        tyrant_settle(s, T, W, ev, option, resource, work, opts, scratch, rng)
    elif section == SEC_PROCURE:
        tyrant_procure(s, T, ev, option, resource, scratch)
    elif section == SEC_DEPLOY:
        tyrant_deploy(s, T, W, ev, option, resource, opts, scratch, rng)
    elif section == SEC_ASCEND:
        tyrant_ascend(s, T, W, ev, resource, work, opts, scratch, rng)


@apart()
def tyrant_turn(s, T, W, ev, work, scratch, opts, rng):
    """One turn of the Tyrant (p. ~22); the player's Sea Ships' Lands are chosen anew for
    it (p. 6)."""
    s[L.ACTIVE] = T_SEAT
    s[L.PLAYED] = -1
    s[L.TURN_DONE] = 0
    s[L.PROPHECY_TURN] = 0
    clear_relocated(s)
    choose_ship_lands(s, T, W, T_SEAT, opts, rng)
    tyrant_status(s, T, W, ev, work, scratch, opts, rng)
    card = reveal_active(s)
    if card < 0:
        tyrant_replenish(s, T, ev, rng)
        city_state_ability(s, T, W, ev, T_SEAT, TRIGGER_REPLENISH, work, scratch, opts, rng)
        emit(s, ev, T_SEAT, EV_TURN, TURN_REPLENISH, section_of(s, T, T_SEAT), 0)
    else:
        emit(s, ev, T_SEAT, EV_ACTIVE_CARD, card, T.cards[card, C_RES_A], T.cards[card, C_POWER])
        tyrant_advance(s, T, W, ev, card, opts, rng)
        section = section_of(s, T, T_SEAT)
        tyrant_action(s, T, W, ev, section, work, scratch, opts, rng)
        discard_active(s)
        emit(s, ev, T_SEAT, EV_TURN, TURN_ADVANCE, section, 0)
    end_turn(s, T_SEAT)
