"""The Settle action (p. ~11): Lands the seat Controls, their Population tiles removed
for their rewards, then a Pillar if the Land has none (from the Settle rows, or moved from
the map when none is left there). An emptied row gains a Cornucopia Strategy tile.

The Atlantis space is Settled with 10 Power or more, and its tile then takes the seat's
marker (p. 15, rules.atlantis).

Population tile rewards (p. ~11): a Wild tile kept beside the board (spent as one
Resource of any type), a Mythology draw, a free card at the end of the action, and for a
Barbarian camp a step on the Region's track."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import DECKS, POPULATION_REWARDS
from sim.games.pillars.decisions import D_PILLAR, D_SETTLE
from sim.games.pillars.events import CAUSE_CAMP, EV_POPULATION_REWARD, EV_SETTLE
from sim.games.pillars.rules.atlantis import atlantis_to_claim, claim_atlantis, settle_power_short
from sim.games.pillars.rules.barbarians import barbarian_power, defeat_barbarians
from sim.games.pillars.rules.board import SECTION_SETTLE, row_emptied
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.heroes import CH_PILLAR, odysseus_challenge
from sim.games.pillars.rules.power import controls
from sim.games.pillars.rules.procure import free_card
from sim.games.pillars.rules.removal import take_pillar_from_row
from sim.games.pillars.rules.rewards import mythology_reward, progress
from sim.jit import compiled_in_caller, kernel

P_WILD, P_DEMIGOD, P_OLYMPIAN, P_TITAN, P_CARD, P_CAMP = (
    POPULATION_REWARDS.index(r) for r in ("wild", "demigod", "olympian", "titan", "card",
                                          "camp"))
POP_DECK = (DECKS.index("demigod"), DECKS.index("olympian"), DECKS.index("titan"))


@kernel
def settle_choices(s, T, seat, settled, powers, opts):
    """Stop, or a Land the seat Controls, not yet Settled in this action, with a
    Population tile (or Barbarians) to remove, room for a Pillar or an Atlantis tile
    under another marker (p. ~11); Barbarian tiles there count as Population (p. 15);
    the Atlantis space needs 10 Power as well (p. 15)."""
    n = option(opts, 0, -1, 0, 0, 0)
    for land in range(s[L.LAND_END]):
        if (settled >> land) & 1:
            continue
        barbarians = barbarian_power(s, T, land)
        if (s[L.LAND_POP + land] < 0 and s[L.LAND_PILLAR + land] >= 0 and barbarians == 0
                and not atlantis_to_claim(s, seat, land)):
            continue
        if (controls(s, T, land, seat, powers, barbarians)
                and not settle_power_short(s, land, powers[seat])):
            n = option(opts, n, land, 0, 0, 0)
    return n


@kernel
def population_reward(s, T, W, ev, seat, land, tile, work, opts, rng):
    """The reward of one removed Population tile; returns 1 for a card owed at the end of
    the action, else 0."""
    reward = T.population[tile, 2]
    emit(s, ev, seat, EV_POPULATION_REWARD, land, tile, reward)
    if reward == P_WILD:
        s[L.WILD_TILES + seat] += 1
    elif P_DEMIGOD <= reward <= P_TITAN:
        mythology_reward(s, T, W, ev, seat, POP_DECK[reward - P_DEMIGOD], opts, rng)
    elif reward == P_CARD:
        return 1
    else:
        track = s[L.REGION_TRACK + T.land_region[s[L.SIDE], land]]
        if s[L.TRACK_STEP + seat * L.N_TRACKS + track] < 5:
            progress(s, T, W, ev, seat, track, CAUSE_CAMP, True, work, opts, rng)
    return 0


@kernel
def place_pillar(s, T, W, ev, seat, land, opts, rng):
    """A Pillar on the Settled Land if none is there: from the first Settle row that has
    one, or with none left on the board, one of the seat's placed Pillars moved here (the
    seat may decline); a challenge of an Odysseus token (p. 16). Returns the row emptied
    from, -1."""
    if s[L.LAND_PILLAR + land] >= 0:
        return -1
    for row in range(T.settle_rows.shape[0]):
        if s[L.SETTLE_LEFT + seat * L.MAX_ROWS + row] > 0:
            n = option(opts, 0, -1, 0, 0, 0)
            n = option(opts, n, land, 0, 0, 0)
            if opts[decide(s, T, W, opts, n, seat, D_PILLAR, rng), 0] < 0:
                return -1
            take_pillar_from_row(s, seat, row)
            s[L.LAND_PILLAR + land] = seat
            s[L.LAND_PILLAR_ON_RES + land] = 0
            odysseus_challenge(s, T, ev, seat, land, CH_PILLAR)
            return row
    n = option(opts, 0, -1, 0, 0, 0)
    for other in range(s[L.LAND_END]):
        if s[L.LAND_PILLAR + other] == seat:
            n = option(opts, n, other, 0, 0, 0)
    old = opts[decide(s, T, W, opts, n, seat, D_PILLAR, rng), 0]
    if old >= 0:
        s[L.LAND_PILLAR + old] = -1
        s[L.LAND_PILLAR_ON_RES + old] = 0
        s[L.LAND_PILLAR + land] = seat
        s[L.LAND_PILLAR_ON_RES + land] = 0
        odysseus_challenge(s, T, ev, seat, land, CH_PILLAR)
    return -1


@compiled_in_caller
def settle_action(s, T, W, ev, seat, work, scratch, opts, rng):
    """Settle one Land after another until the seat stops (p. ~11); the cards of
    Population tiles come at the end. ``scratch`` holds MAX_PLAYERS Powers."""
    settled = 0
    cards = 0
    while True:
        n = settle_choices(s, T, seat, settled, scratch, opts)
        land = opts[decide(s, T, W, opts, n, seat, D_SETTLE, rng), 0]
        if land < 0:
            break
        settled |= 1 << land
        tile = s[L.LAND_POP + land]
        if tile >= 0:
            s[L.LAND_POP + land] = -1
            s[L.LAND_POP_UP + land] = 0
            cards += population_reward(s, T, W, ev, seat, land, tile, work, opts, rng)
        defeat_barbarians(s, T, ev, seat, land, rng)
        claim_atlantis(s, ev, seat, land)
        row = place_pillar(s, T, W, ev, seat, land, opts, rng)
        emit(s, ev, seat, EV_SETTLE, land, tile, 1 if s[L.LAND_PILLAR + land] == seat else 0)
        if row >= 0:
            row_emptied(s, T, W, ev, seat, SECTION_SETTLE, row, opts, rng)
    for _ in range(cards):
        free_card(s, T, W, ev, seat, opts, rng)
