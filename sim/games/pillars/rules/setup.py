"""Setup, steps 1-20 (pp. ~4-5): the shared board, the City-state draw and draft, each
player's pieces, the opening hands, the blocked Regions and the tiles on the Lands.

Every random choice comes from the setup stream (sim/rng.py), in the order of the steps,
so a game's setup is a function of (run seed, game index) alone. ``scratch`` is an int32
work array of at least ``SCRATCH`` entries (kernels never allocate).
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    C_KIND,
    C_THREE_PLAYER,
    ICONS,
    PIECES,
    S_BLOCKED,
    S_COMMON_CITIES,
    S_EXTRA_CITY_STATES,
    S_HANDS,
    STACKS_PER_TYPE,
    START_PIECES,
    TILES_PER_STACK,
)
from sim.games.pillars.decisions import D_CITY_STATE, D_DEPLOY_SPACE, SHIP_SPACE
from sim.games.pillars.events import EV_BLOCK_REGION, EV_SETUP_PICK
from sim.games.pillars.rules.cards import draw_cards
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.destiny import (
    deal_destiny_row,
    destiny_mode,
    in_destiny_deck,
    leaves_trojans_a_seat,
    olympians_beside,
    shuffle_in_character,
    take_sides,
)
from sim.games.pillars.rules.domains import open_land
from sim.games.pillars.rules.heroes import (
    draw_heroes,
    hero_first,
    heroes_mode,
    place_odysseus_tokens,
    take_hero,
)
from sim.games.pillars.rules.rewards import setup_reward
from sim.games.pillars.rules.solo_setup import ROW as SOLO_ROW
from sim.games.pillars.rules.solo_setup import (
    basic_deck,
    finish_solo_setup,
    remove_solo_cards,
    setup_gifts,
    tyrant_city_state,
    tyrant_start_track,
)
from sim.games.pillars.rules.teams import pair_symmachia_teams
from sim.games.pillars.rules.tracks import step_up
from sim.games.pillars.rules.wheels import solo_mode
from sim.jit import kernel
from sim.rng import STREAM_SETUP, below, shuffle

SCRATCH = L.MAX_CARDS
# City-state picks per seat (step 11), other than a tile index: the seat's policy drafts,
# or a tile dealt at random.
PICK_DRAFT, PICK_RANDOM = -1, -2
# Per tile: always drawn, never drawn, or neither (step 10).
FORCED_IN, FORCED_OUT = 1, -1

P_HOPLITES, P_MARKERS = (PIECES.index(k) for k in ("hoplites", "markers"))
START_HOPLITES, START_WORKERS, START_SHIPS, START_PILLARS = (
    START_PIECES.index(k) for k in ("hoplites", "workers", "ships", "pillars"))


@kernel
def clear(s, side, n_players):
    """An empty table: every 'which piece, card or tile is here' field -1. The runtime
    words after the game's (layout.GAME_SIZE) stay: the policies and the addresses of the
    kernels compiled apart the game plays with."""
    s[:L.GAME_SIZE] = 0
    for start, length in L.NONE_SPANS:
        s[start:start + length] = -1
    s[L.SIDE] = side
    s[L.N_PLAYERS] = n_players
    s[L.LAND_END] = L.BOARD_LANDS
    s[L.FIRST] = 0  # step 9: seat 0 holds the First Player marker; seats run clockwise


@kernel
def shuffled_rows(table, col, value, out, rng):
    """The rows of ``table`` whose column ``col`` holds ``value``, shuffled into ``out``;
    returns how many."""
    n = 0
    for r in range(table.shape[0]):
        if table[r, col] == value:
            out[n] = r
            n += 1
    shuffle(out, n, rng, STREAM_SETUP)
    return n


@kernel
def shuffled_kind(s, T, kind, keep_three_player, scratch, rng):
    """The card rows of one kind, shuffled into ``scratch``; Characters with the 3-player
    icon are removed from the game unless ``keep_three_player`` (step 3), and so are the
    Siege of Destiny's cards in other modes (its Characters wait for the starting decks).
    Returns the count."""
    n = 0
    for c in range(T.cards.shape[0]):
        if T.cards[c, C_KIND] != kind:
            continue
        if not in_destiny_deck(s, T, c):
            s[L.CARD_OUT + c] = 1
            continue
        if T.cards[c, C_THREE_PLAYER] == 1 and not keep_three_player:
            s[L.CARD_OUT + c] = 1
            continue
        scratch[n] = c
        n += 1
    shuffle(scratch, n, rng, STREAM_SETUP)
    return n


@kernel
def deal_procurement(s, T, first_slot, kind, keep_three_player, scratch, rng):
    """Step 3: one kind shuffled into the 3 face-down decks of its row as even as can be
    (the first ones one card larger), each top card face up."""
    n = shuffled_kind(s, T, kind, keep_three_player, scratch, rng)
    k = 0
    for d in range(L.PROC_PER_ROW):
        slot = first_slot + d
        size = n // L.PROC_PER_ROW + (1 if d < n % L.PROC_PER_ROW else 0)
        for i in range(size):
            s[L.PROC_DECK + slot * L.MAX_PROC_DECK + i] = scratch[k]
            k += 1
        s[L.PROC_N + slot] = size
        s[L.PROC_UP + slot] = 1 if size > 0 else 0


@kernel
def setup_shared_board(s, T, scratch, rng):
    """Steps 2-6: Mythology decks, Procurement Area (the 3-player Characters out below 3
    players), Track tiles, Common Cities on steps 3 and 5 and below Build, Strategy
    stacks. Step 7 needs nothing here: ``clear`` leaves the Mythology tiles beside the
    board (``SPHINX_AT`` and ``GORGON_SEAT`` -1), from where the Sphinx's and the
    Gorgon's abilities place them."""
    for deck in range(L.N_DECKS):
        s[L.MYTH_N + deck] = shuffled_rows(T.mythology, 0, deck,
                                           s[L.MYTH_DECK + deck * L.MAX_MYTH_DECK:], rng)
    keep_three = s[L.N_PLAYERS] >= 3
    deal_procurement(s, T, L.PROC_MONUMENTS, L.KIND_MONUMENT, keep_three, scratch, rng)
    deal_procurement(s, T, L.PROC_CHARACTERS, L.KIND_CHARACTER, keep_three, scratch, rng)
    for r in range(L.N_REGIONS):
        s[L.REGION_TRACK + r] = r
    shuffle(s[L.REGION_TRACK:], L.N_REGIONS, rng, STREAM_SETUP)
    s[L.TRACK_CITY:L.TRACK_CITY + 2 * L.N_TRACKS] = 1
    s[L.CITIES_BUILD] = s[L.N_PLAYERS]
    s[L.CITIES_OUT] = T.setup[S_COMMON_CITIES] - 2 * L.N_TRACKS - s[L.N_PLAYERS]
    for icon in range(len(ICONS)):
        shuffled_rows(T.strategy, 0, icon, scratch, rng)
        for k in range(STACKS_PER_TYPE):  # tiles past the stacks stay out of the game
            stack = icon * STACKS_PER_TYPE + k
            for i in range(TILES_PER_STACK):
                s[L.STRATEGY_STACK + stack * TILES_PER_STACK + i] = scratch[k * TILES_PER_STACK + i]
            s[L.STRATEGY_N + stack] = TILES_PER_STACK
            s[L.STRATEGY_UP + stack] = 1


@kernel
def setup_player_boards(s, T):
    """Step 8: Units, Buildings and Pillars on every slot of each Player board; the
    Hoplites neither on it nor on the starting Land wait beside the Mercenary track."""
    deploy_rows = T.deploy_cost.shape[0]
    for seat in range(s[L.N_PLAYERS]):
        for row in range(deploy_rows):
            for u in range(L.N_UNIT_KINDS):
                s[L.DEPLOY_LEFT + (seat * L.MAX_ROWS + row) * L.N_UNIT_KINDS + u] = 1
        for row in range(T.build_cost.shape[0]):
            for b in range(L.N_BUILDING_KINDS):
                s[L.BUILD_LEFT + (seat * L.MAX_ROWS + row) * L.N_BUILDING_KINDS + b] = 1
        for row in range(T.settle_rows.shape[0]):
            s[L.SETTLE_LEFT + seat * L.MAX_ROWS + row] = T.settle_rows[row]
        s[L.MERCENARIES + seat] = (T.pieces[P_HOPLITES] - deploy_rows
                                   - T.start_pieces[START_HOPLITES])


@kernel
def region_of(s, T, tile):
    """The Region of a City-state tile's starting Land on this board side."""
    side = s[L.SIDE]
    return T.land_region[side, T.city_start[side, tile]]


@kernel
def draw_city_states(s, T, picks, tiles, scratch, rng):
    """Step 10: players + 1 City-state tiles whose starting Lands lie in different Regions.
    A tile whose Region is already in the row is set aside and the next one drawn (the
    text's 'keep drawing'). Tiles fixed for a seat or forced in come first, then the row is
    shuffled, so its order (which the `first` policy reads) says nothing about how a tile
    got there. The Siege of Destiny lays out its own tiles instead (p. ~18). A Starting
    Resource tile, shuffled, goes below each."""
    if destiny_mode(s):
        n_row = deal_destiny_row(s, T)
    else:
        n_row = draw_row(s, T, picks, tiles, scratch, rng)
    shuffle(s[L.DRAWN:], n_row, rng, STREAM_SETUP)
    shuffled_rows(T.resource_tiles, 1, 1, scratch, rng)
    for k in range(n_row):
        s[L.DRAWN_RES + k] = scratch[k]


@kernel
def draw_row(s, T, picks, tiles, scratch, rng):
    """Step 10's row before it is shuffled: the fixed and forced tiles, then random ones of
    Regions not yet in it, up to players + the extra; returns its length."""
    want = s[L.N_PLAYERS] + T.setup[S_EXTRA_CITY_STATES]
    n_row = 0
    used = 0  # bit per Region with a tile in the row
    first = 0
    if solo_mode(s):  # 2 pairs for you, away from a tile fixed for the Tyrant (p. ~21)
        want = SOLO_ROW
        first = L.SOLO_PLAYER
        if picks[L.TYRANT] >= 0:
            used = 1 << region_of(s, T, picks[L.TYRANT])
    for seat in range(first, s[L.N_PLAYERS]):
        if picks[seat] >= 0:
            s[L.DRAWN + n_row] = picks[seat]
            used |= 1 << region_of(s, T, picks[seat])
            n_row += 1
    n_tiles = T.city_start.shape[1]
    for tile in range(n_tiles):
        if tiles[tile] == FORCED_IN and not in_row(s, n_row, tile):
            s[L.DRAWN + n_row] = tile
            used |= 1 << region_of(s, T, tile)
            n_row += 1
    n = 0
    for tile in range(n_tiles):
        if tiles[tile] != FORCED_OUT and not in_row(s, n_row, tile) and (
                first == 0 or tile != picks[L.TYRANT]):
            scratch[n] = tile
            n += 1
    shuffle(scratch, n, rng, STREAM_SETUP)
    for k in range(n):
        if n_row == want:
            break
        bit = 1 << region_of(s, T, scratch[k])
        if used & bit == 0:
            used |= bit
            s[L.DRAWN + n_row] = scratch[k]
            n_row += 1
    return n_row


@kernel
def in_row(s, n_row, tile):
    for k in range(n_row):
        if s[L.DRAWN + k] == tile:
            return True
    return False


@kernel
def draft_city_states(s, T, W, opts, ev, picks, tiles, scratch, rng):
    """Step 11: in reverse turn order each seat takes a City-state and the Starting
    Resource below it. ``picks[seat]`` is a tile fixed for the seat, ``PICK_RANDOM`` (one
    of the tiles left, from the setup stream) or ``PICK_DRAFT`` (the seat's policy chooses
    among the tiles left). A tile fixed for one seat is never offered to another. With
    Legendary Heroes each seat takes a Hero tile or its City-state in that order and the
    other kind from the First Player clockwise (p. 16), except in the Siege of Destiny, where
    the City-state brings its Hero (p. ~18). The Kingdom of Egypt cards come only with
    Memphis."""
    n_players = s[L.N_PLAYERS]
    n_row = 0
    while n_row < L.MAX_DRAWN and s[L.DRAWN + n_row] >= 0:
        n_row += 1
    taken = 0  # bit per row position
    if heroes_mode(s) and not destiny_mode(s):
        hero_now = 0  # bit per seat that took its Hero tile in the first pass
        for seat in range(n_players - 1, -1, -1):
            if hero_first(s, T, W, opts, seat, rng):
                take_hero(s, T, W, opts, ev, seat, rng)
                hero_now |= 1 << seat
            else:
                taken = take_city_state(s, T, W, opts, ev, picks, seat, taken, n_row, scratch, rng)
        for seat in range(n_players):
            if (hero_now >> seat) & 1 == 1:
                taken = take_city_state(s, T, W, opts, ev, picks, seat, taken, n_row, scratch, rng)
            else:
                take_hero(s, T, W, opts, ev, seat, rng)
    elif solo_mode(s):  # you take a pair, then the Tyrant's tile is drawn (p. ~21)
        take_city_state(s, T, W, opts, ev, picks, L.SOLO_PLAYER, taken, n_row, scratch, rng)
        tyrant_city_state(s, T, ev, picks[L.TYRANT], tiles, scratch, rng)
        setup_gifts(s, T)
    else:
        for seat in range(n_players - 1, -1, -1):
            taken = take_city_state(s, T, W, opts, ev, picks, seat, taken, n_row, scratch, rng)
    if destiny_mode(s):
        take_sides(s, T, ev)
    memphis = False
    for seat in range(n_players):
        memphis |= s[L.CITY_STATE + seat] == T.memphis[s[L.SIDE]]
    n = 0
    for c in range(T.cards.shape[0]):
        if T.cards[c, C_KIND] == L.KIND_EGYPT:
            if memphis:
                s[L.EGYPT + n] = c
                n += 1
            else:
                s[L.CARD_OUT + c] = 1


@kernel
def take_city_state(s, T, W, opts, ev, picks, seat, taken, n_row, scratch, rng):
    """The seat takes its City-state tile of step 10's row (bit per position ``taken``,
    returned with its own added); in the Siege of Destiny not one that would leave Troia
    (or Miletos) untaken."""
    pick = picks[seat]
    if pick >= 0:
        chosen = 0
        while s[L.DRAWN + chosen] != pick:
            chosen += 1
    else:
        n = 0  # row positions the seat may take
        for k in range(n_row):
            tile = s[L.DRAWN + k]
            if ((taken >> k) & 1 == 0 and not fixed_for_other(picks, s[L.N_PLAYERS], seat, tile)
                    and leaves_trojans_a_seat(s, T, picks, seat, tile)):
                scratch[n] = k
                n += 1
        if pick == PICK_RANDOM:
            chosen = scratch[below(rng, STREAM_SETUP, n)]
        else:
            for k in range(n):
                option(opts, k, s[L.DRAWN + scratch[k]], s[L.DRAWN_RES + scratch[k]],
                       scratch[k], 0)
            chosen = opts[decide(s, T, W, opts, n, seat, D_CITY_STATE, rng), 2]
    s[L.CITY_STATE + seat] = s[L.DRAWN + chosen]
    emit(s, ev, seat, EV_SETUP_PICK, s[L.DRAWN + chosen], s[L.DRAWN_RES + chosen], pick)
    return taken | (1 << chosen)


@kernel
def fixed_for_other(picks, n_players, seat, tile):
    for other in range(n_players):
        if other != seat and picks[other] == tile:
            return True
    return False


@kernel
def place_starting_pieces(s, T, W, opts, rng):
    """Step 12, in reverse turn order: Hoplite, Worker, Pillar, Starting City and the
    Starting Resource (face up) on the City-state's starting Land, and the Ship on a Sea
    next to it of the seat's choice, the lowest-numbered first (the Tyrant's, p. ~21)."""
    side = s[L.SIDE]
    for seat in range(s[L.N_PLAYERS] - 1, -1, -1):
        tile = s[L.CITY_STATE + seat]
        home = T.city_start[side, tile]
        drawn = 0
        while s[L.DRAWN + drawn] != tile:
            drawn += 1
        s[L.LAND_RES + home] = s[L.DRAWN_RES + drawn]
        s[L.LAND_RES_UP + home] = 1
        k = home * L.MAX_PLAYERS + seat
        s[L.LAND_HOPLITES + k] = T.start_pieces[START_HOPLITES]
        s[L.LAND_WORKERS + k] = T.start_pieces[START_WORKERS]
        if T.start_pieces[START_PILLARS] > 0:
            s[L.LAND_PILLAR + home] = seat
        s[L.LAND_CITY + home] = seat
        n = 0
        for sea in range(T.n_seas[side]):
            if T.land_sea[side, home, sea] == 1:
                n = option(opts, n, sea, SHIP_SPACE, L.U_SHIP, 0)
        sea = opts[decide(s, T, W, opts, n, seat, D_DEPLOY_SPACE, rng), 0]
        for ship in range(T.start_pieces[START_SHIPS]):
            s[L.SHIP_SPACE + seat * L.MAX_SHIPS + ship] = sea


@kernel
def start_tracks(s, T, W, opts, ev, scratch, rng):
    """Step 13 and the lost step 14 (decision 8, docs/rules/pillars.md): every marker on
    step 0, stacked in turn order; then, in turn order, each seat steps once up the track
    of its Starting Region and takes that step's reward, its choices its own.
    ``scratch`` serves as the payment work array, which no setup reward pays from."""
    n_players = s[L.N_PLAYERS]
    for seat in range(n_players):
        for t in range(L.N_TRACKS):
            s[L.TRACK_HEIGHT + seat * L.N_TRACKS + t] = seat
    for seat in range(n_players):
        home = T.city_start[s[L.SIDE], s[L.CITY_STATE + seat]]
        track = s[L.REGION_TRACK + T.land_region[s[L.SIDE], home]]
        step = step_up(s, seat, track)
        if not (solo_mode(s) and seat == L.TYRANT and tyrant_start_track(s, T, ev, track)):
            setup_reward(s, T, W, ev, seat, track, step, scratch, opts, rng)


@kernel
def deal_hands(s, T, rng):
    """Steps 15-16: each seat's 10 Starting cards shuffled into its draw pile (in the Siege
    of Destiny with its City-state's Character, p. ~18), 5/6/6/7 cards drawn by seat, the
    Rondel marker on Ascend; the other markers stay beside the board."""
    for seat in range(s[L.N_PLAYERS]):
        s[L.DECK_N + seat] = shuffled_rows(T.cards, C_KIND, L.KIND_STARTING,
                                           s[L.DECK + seat * L.MAX_PILE:], rng)
        if destiny_mode(s):
            shuffle_in_character(s, T, seat, rng)
        if solo_mode(s) and seat == L.TYRANT:
            basic_deck(s, T)  # his Basic deck: he draws no hand (p. ~21)
        else:
            draw_cards(s, seat, T.setup[S_HANDS + seat])
        s[L.RONDEL_POS + seat] = 0  # content.rondel starts with the starting section
        s[L.MARKERS_LEFT + seat] = T.pieces[P_MARKERS] - L.N_TRACKS - 1


@kernel
def has_starting_city(s, T, region):
    side = s[L.SIDE]
    for land in range(s[L.LAND_END]):
        if T.land_region[side, land] == region and 0 <= s[L.LAND_CITY + land] < L.CITY_COMMON:
            return True
    return False


@kernel
def block_regions(s, T, ev):
    """Step 17: 2 Regions blocked at 2 players, 1 at 3, none at 4, the first ones of the
    side's order of preference that hold no Starting City."""
    side = s[L.SIDE]
    left = T.setup[S_BLOCKED + s[L.N_PLAYERS] - 2]
    for k in range(T.block_order.shape[1]):
        region = T.block_order[side, k]
        if left == 0 or region < 0:
            return
        if not has_starting_city(s, T, region):
            s[L.REGION_BLOCKED + region] = 1
            emit(s, ev, -1, EV_BLOCK_REGION, region, 0, 0)
            left -= 1


@kernel
def deal_prophecies(s, T, scratch, rng):
    """Step 18: per Era a shuffled pile; each open Region gets Era III at the bottom, then
    II, then I on top, face up. The rest leave the game unseen."""
    for era in range(L.N_ERAS, 0, -1):
        shuffled_rows(T.prophecies, 1, era, scratch, rng)
        k = 0
        for region in range(L.N_REGIONS):
            if s[L.REGION_BLOCKED + region] == 0:
                h = s[L.REGION_PROPHECY_N + region]
                s[L.REGION_PROPHECY + region * L.N_ERAS + h] = scratch[k]
                s[L.REGION_PROPHECY_N + region] = h + 1
                k += 1
    for region in range(L.N_REGIONS):
        s[L.REGION_PROPHECY_UP + region] = 1 if s[L.REGION_PROPHECY_N + region] > 0 else 0


@kernel
def deal_land_tiles(s, T, scratch, rng):
    """Steps 19-20: a face-down Population tile of the Land's icon on each open Land
    without a Starting City, then a face-down Resource tile (not a Starting one, which left
    the game in step 11) on each open Land that has none."""
    side = s[L.SIDE]
    for icon in range(len(ICONS)):
        shuffled_rows(T.population, 0, icon, scratch, rng)
        k = 0
        for land in range(L.BOARD_LANDS):
            if T.land_icon[side, land] == icon and open_land(s, T, land) and s[L.LAND_CITY + land] < 0:
                s[L.LAND_POP + land] = scratch[k]
                k += 1
    shuffled_rows(T.resource_tiles, 1, 0, scratch, rng)
    k = 0
    for land in range(L.BOARD_LANDS):
        if open_land(s, T, land) and s[L.LAND_RES + land] < 0:
            s[L.LAND_RES + land] = scratch[k]
            k += 1


@kernel
def setup_game(s, T, W, opts, ev, side, n_players, picks, tiles, mode, scratch, rng):
    """Everything before the first turn, steps 1-20 (pp. ~4-5), on board ``side`` for
    ``n_players`` in ``mode`` (modes.mode_code); ``picks`` per seat and ``tiles`` per
    City-state tile as above. The seats' policies (``W``) draft the City-states (and with
    Legendary Heroes the Hero tiles), choose their starting Ships' Seas and their setup
    rewards."""
    clear(s, side, n_players)
    s[L.MODE] = mode % L.MODE_SPAN
    s[L.ADDONS] = mode // L.MODE_SPAN
    pair_symmachia_teams(s)
    setup_shared_board(s, T, scratch, rng)
    if solo_mode(s):
        remove_solo_cards(s, T)
    setup_player_boards(s, T)
    draw_city_states(s, T, picks, tiles, scratch, rng)
    if heroes_mode(s) and not destiny_mode(s):
        draw_heroes(s, T, scratch, rng)
    draft_city_states(s, T, W, opts, ev, picks, tiles, scratch, rng)
    place_starting_pieces(s, T, W, opts, rng)
    start_tracks(s, T, W, opts, ev, scratch, rng)
    deal_hands(s, T, rng)
    if destiny_mode(s):
        olympians_beside(s)
    block_regions(s, T, ev)
    place_odysseus_tokens(s, T, scratch, rng)
    deal_prophecies(s, T, scratch, rng)
    deal_land_tiles(s, T, scratch, rng)
    if solo_mode(s):
        finish_solo_setup(s, T)
