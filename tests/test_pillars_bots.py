"""The Pillars of Heracles bots (strategies/pillars): they see only what their seat sees,
each personality is a valid preset, each seat's policy code and weight row carry its
strategy, and the heuristic plays the game far better than random legal options."""

import hashlib

import numpy as np
import pandas as pd
import pytest
from processes import printed_twice_on_one_cache

from sim import cfuncs
from sim.games import policies
from sim.games.pillars import layout as L
from sim.games.pillars.content import P_PIECE, P_QUEST
from sim.games.pillars.decisions import (
    D_BARBARIAN_TARGET,
    D_BUILD_LAND,
    D_CITY_STATE,
    D_DEPLOY_SPACE,
    D_ENERGISE,
    D_FREE_ACTION,
    D_INVOKE,
    D_MOVE_TO,
    D_PLACE_CITY,
    D_PLAY,
    D_PROCURE,
    D_PROGRESS,
    D_RETURN_ROW,
    D_RONDEL,
    D_SETTLE,
    D_SKIRMISH,
    D_STRATEGY,
    D_TURN,
    MAX_OPTIONS,
    OPT_WIDTH,
    SHIP_SPACE,
)
from sim.games.pillars.game import PillarsSetup, play_traced, seat_policies, simulate
from sim.games.pillars.invariants import V_NO_BOT_ENTRY
from sim.games.pillars.rules.board import SECTION_DEPLOY
from sim.games.pillars.rules.free import FREE_SKIRMISH
from sim.games.pillars.rules.movement import MOVE_HOPLITE, MOVE_SHIP, MOVE_WORKER
from sim.games.pillars.rules.power import land_power
from sim.games.pillars.rules.prophecy import Q_UNITS
from sim.games.pillars.rules.removal import PIECE_BUILDING, PIECE_HOPLITE, PIECE_SHIP, PIECE_WORKER
from sim.games.pillars.rules.teams import pair_symmachia_teams
from sim.rng import N_STREAMS
from strategies.pillars import players
from strategies.pillars.features import FEATURE_NAMES, MISTAKES, NF, ROW, WEIGHT_SIGNS
from strategies.pillars.heuristic import (
    ability_use_value,
    draft_value,
    ferried_gain,
    ferry,
    invoke_idle,
    march_value,
    ship_stays,
    skirmish_opening,
)
from strategies.pillars.policy import HEURISTIC, RANDOM_LEGAL
from strategies.pillars.presets import HAND_MADE, PRESETS, read_preset
from tests.cli_process import sim
from tests.pillars_fixtures import CONTENT, T, clear_board, game, put, ship_to
from tests.pillars_fixtures import land as land_named
from tests.test_pillars_turns import play

ENTRY = players.bot_entry(CONTENT.packed)


def policy_words(setup):
    """``W`` of the setup's seats: one weight row per seat (``strategies.pillars.players``)."""
    return seat_policies(setup, players)[1]


def rows_of(w):
    """``W`` whose every seat plays the feature weights ``w``."""
    W = np.zeros((L.MAX_PLAYERS, ROW))
    W[:, :NF] = w
    return W


def ask_heuristic(s, T, W, opts, n, seat, kind, entry=ENTRY):
    """What the seat's heuristic takes, asked through the bots' entry ``entry`` as a game
    asks it."""
    cfuncs.put_address(s, L.BOT_ENTRY, entry)
    s[L.POLICY + seat] = HEURISTIC
    return policies.ask(s, L.BOT_ENTRY, L.VIOLATION, V_NO_BOT_ENTRY, T, W, opts, n, seat, kind,
                        np.zeros(N_STREAMS, np.uint64))


def options(rows):
    opts = np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32)
    for k, row in enumerate(rows):
        opts[k, :len(row)] = row
    return opts, len(rows)


def decisions(s, seat):
    """Decisions of many kinds with options as the rules would list them, built from what
    the seat sees: (kind, option rows)."""
    hand = s[L.HAND + seat * L.MAX_PILE:L.HAND + seat * L.MAX_PILE + s[L.HAND_N + seat]]
    lands = [(land,) for land in range(L.N_LANDS)]
    seas = [(sea, SHIP_SPACE) for sea in range(int(T.n_seas[s[L.SIDE]]))]
    ports = [(L.PORT + land, SHIP_SPACE) for land in range(L.N_LANDS)
             if T.land_port[s[L.SIDE], land] >= 0]
    up = [slot for slot in range(L.N_PROC) if s[L.PROC_UP + slot] and s[L.PROC_N + slot]]
    tops = [(slot, -1, -1, s[L.PROC_DECK + slot * L.MAX_PROC_DECK + s[L.PROC_N + slot] - 1])
            for slot in up]
    stacks = [(k,) for k in range(L.N_STRATEGY_STACKS) if s[L.STRATEGY_UP + k] and s[L.STRATEGY_N + k]]
    found = [
        (D_TURN, [(0,), (1,)]),
        (D_PLAY, [(h, card, T.cards[card, 1]) for h, card in enumerate(hand)]),
        (D_RONDEL, [(k,) for k in range(1, 5)]),
        (D_MOVE_TO, lands), (D_DEPLOY_SPACE, seas + ports), (D_BUILD_LAND, lands),
        (D_PLACE_CITY, lands), (D_SETTLE, [(-1,)] + lands),
        (D_PROGRESS, [(-1,)] + [(t,) for t in range(L.N_TRACKS)]),
        (D_PROCURE, [(-1,)] + tops), (D_STRATEGY, stacks),
        (D_CITY_STATE, [(t, 0, k) for k, t in enumerate(range(4))]),
        (D_FREE_ACTION, [(-1,)] + [(FREE_SKIRMISH, land) for land in range(L.N_LANDS)
                                   if s[L.LAND_HOPLITES + land * L.MAX_PLAYERS + seat] > 0]),
        (D_SKIRMISH, [(other, piece, land) for land in range(L.N_LANDS)
                      for other in range(s[L.N_PLAYERS]) if other != seat
                      for piece, field in ((PIECE_HOPLITE, L.LAND_HOPLITES),
                                           (PIECE_WORKER, L.LAND_WORKERS))
                      if s[field + land * L.MAX_PLAYERS + other] > 0]),
        (D_RETURN_ROW, [(row, SECTION_DEPLOY, L.U_HOPLITE) for row in range(2)]),
        (D_BARBARIAN_TARGET, [(land, 0) for land in range(L.N_LANDS)
                              if s[L.LAND_PILLAR + land] == seat]),
    ]
    return [(kind, rows) for kind, rows in found if len(rows) > 1]


def shuffle_hidden(s, seat, rng):
    """The state with what ``seat`` cannot see dealt again: every draw pile's order, the
    other seats' hands (swapped with their draw piles), the Mythology decks, the face-down
    tiles, and every deck or stack below its face-up top."""
    s = s.copy()
    for other in range(s[L.N_PLAYERS]):
        base = other * L.MAX_PILE
        deck = list(s[L.DECK + base:L.DECK + base + s[L.DECK_N + other]])
        hand = list(s[L.HAND + base:L.HAND + base + s[L.HAND_N + other]])
        if other != seat:
            pool = deck + hand
            rng.shuffle(pool)
            hand, deck = pool[:len(hand)], pool[len(hand):]
            s[L.HAND + base:L.HAND + base + len(hand)] = hand
        rng.shuffle(deck)
        s[L.DECK + base:L.DECK + base + len(deck)] = deck

    def below_top(first, n, top_up):
        pile = s[first:first + n]
        keep = n - 1 if top_up and n else n
        part = pile[:keep].copy()
        rng.shuffle(part)
        pile[:keep] = part

    for d in range(L.N_DECKS):
        below_top(L.MYTH_DECK + d * L.MAX_MYTH_DECK, s[L.MYTH_N + d], False)
    for slot in range(L.N_PROC):
        below_top(L.PROC_DECK + slot * L.MAX_PROC_DECK, s[L.PROC_N + slot], s[L.PROC_UP + slot])
    for k in range(L.N_STRATEGY_STACKS):
        below_top(L.STRATEGY_STACK + k * 3, s[L.STRATEGY_N + k], s[L.STRATEGY_UP + k])
    for tiles, face_up in ((L.LAND_POP, L.LAND_POP_UP), (L.LAND_RES, L.LAND_RES_UP)):
        down = [land for land in range(L.N_LANDS) if s[tiles + land] >= 0 and s[face_up + land] == 0]
        dealt = s[[tiles + land for land in down]]
        rng.shuffle(dealt)
        s[[tiles + land for land in down]] = dealt
    return s


def test_the_heuristic_sees_only_what_its_seat_sees():
    W = policy_words(PillarsSetup(players=3, strategies=("balanced",)))
    rng = np.random.default_rng(0)
    asked = 0
    for side in ("mediterranean", "aegean"):
        for seed in range(3):
            s, _ = play(side, 3, seed, rounds=6 + 4 * seed)
            for seat in range(3):
                for kind, rows in decisions(s, seat):
                    opts, n = options(rows)
                    chosen = ask_heuristic(s, T, W, opts, n, seat, kind)
                    for _ in range(3):
                        hidden = shuffle_hidden(s, seat, rng)
                        assert ask_heuristic(hidden, T, W, opts.copy(), n, seat, kind) == chosen, kind
                    asked += 1
    assert asked > 150


def test_a_game_without_the_entry_is_marked_broken():
    W = policy_words(PillarsSetup(players=3, strategies=("balanced",)))
    s, _ = play("aegean", 3, 1, rounds=2)
    opts, n = options([(0,), (1,)])
    assert ask_heuristic(s, T, W, opts, n, 0, D_TURN, entry=0) == 0
    assert s[L.VIOLATION] == V_NO_BOT_ENTRY


def test_each_seats_code_and_weight_row_carry_its_strategy():
    codes, W = seat_policies(PillarsSetup(players=3, strategies=("conqueror", "random", "balanced")),
                             players)
    assert list(codes) == [HEURISTIC, RANDOM_LEGAL, HEURISTIC, RANDOM_LEGAL]
    assert W.dtype == np.float64 and W.shape == (L.MAX_PLAYERS, ROW)
    assert (W[0, :NF] == PRESETS["conqueror"]).all() and (W[2, :NF] == PRESETS["balanced"]).all()
    assert (W[1] == 0).all() and (W[:, MISTAKES] == 0).all()  # no mistakes


def test_a_finished_game_keeps_no_runtime_word():
    """The policies, the entries' addresses and the bots' memo and plan belong to the
    process, not the game: cleared at its end, a state is the game alone."""
    state, _ = play_traced(CONTENT, PillarsSetup(players=3, strategies=("balanced",)), 4, 0)
    assert L.GAME_SIZE <= min(L.POLICY, L.BOT_ENTRY, L.RULE_ENTRIES, L.PLAN, L.BOT_BOARD)
    assert (state[L.GAME_SIZE:] == 0).all() and state[L.ROUND] > 0


def test_every_personality_names_every_feature_once():
    assert tuple(PRESETS)[:len(HAND_MADE)] == HAND_MADE
    for name in HAND_MADE:
        weights, description = read_preset(
            __import__("strategies.pillars.presets", fromlist=["PRESETS_DIR"]).PRESETS_DIR / f"{name}.toml")
        assert len(weights) == len(FEATURE_NAMES) and description
    themes = [tuple(PRESETS[name]) for name in HAND_MADE]
    assert len(set(themes)) == len(themes)  # each its own theme


def test_every_hand_made_weight_keeps_the_sign_its_feature_asks():
    for name in HAND_MADE:
        assert (PRESETS[name] * WEIGHT_SIGNS >= 0).all(), name
    assert (PRESETS["balanced-v1"] * WEIGHT_SIGNS < 0).any()  # frozen as it played


# sha256 of the glory, won, decisions and use arrays of 40 games of three `balanced` (seed
# 11) played before the default's habits were mended; `balanced-v1` keeps them. A change of
# the rules moves it: regenerate it from `balanced-v1` then, with the heuristic unchanged.
BALANCED_V1_GAMES = "29ce3016a88399b1dd9b90ac077648387a17d7ee859048a9db845fc2b5eabf60"


def games_digest(out):
    digest = hashlib.sha256()
    for key in ("glory", "won", "decisions", "use"):
        digest.update(np.ascontiguousarray(out[key]).tobytes())
    return digest.hexdigest()


def test_balanced_v1_plays_the_games_the_default_played_before_its_mends():
    out = simulate(CONTENT, PillarsSetup(players=3, strategies=("balanced-v1",)), 11, 0, 40)
    assert games_digest(out) == BALANCED_V1_GAMES


def share_of(strategies, hero, games, seed=3, players=3):
    """The hero seat's win share (a shared win counts as a share) and the games' arrays."""
    out = simulate(CONTENT, PillarsSetup(players=players, strategies=strategies), seed, 0, games)
    won = out["won"][:, :players]
    return (won[:, hero] / np.maximum(won.sum(axis=1), 1)).mean(), out


@pytest.mark.parametrize("hero", [0, 1, 2])
def test_balanced_beats_two_random_legal_players_from_every_seat(hero):
    seats = ["random"] * 3
    seats[hero] = "balanced"
    share, out = share_of(tuple(seats), hero, 60)
    assert share >= 0.9
    assert (out["violation"] == 0).all() and (out["end_reason"] != L.END_BY_LIMIT).all()


def test_bots_games_end_by_every_trigger_and_keep_the_invariants():
    out = simulate(CONTENT, PillarsSetup(players=3, strategies=("balanced",), check_turns=True), 5, 0, 150)
    assert (out["violation"] == 0).all()
    reasons = set(np.unique(out["end_reason"]).tolist())
    assert L.END_BY_LIMIT not in reasons and L.END_BY_CITIES in reasons


def quest_words(quest_weight):
    """``W`` whose every seat weighs only a quest's progress."""
    w = np.zeros(NF)
    w[FEATURE_NAMES.index("quest")] = quest_weight
    return rows_of(w)


def test_a_worker_goes_where_the_face_up_prophecy_asks_for_workers():
    """A Region's face-up Prophecy asks for Workers (Appendix 1): weighing only the quest,
    the bot Deploys its Worker into that Region rather than elsewhere; with no quest weight
    the options tie and the first is taken."""
    s, _ = play("aegean", 3, 2, rounds=4)
    side = s[L.SIDE]
    open_regions = [r for r in range(L.N_REGIONS) if s[L.REGION_BLOCKED + r] == 0]
    quest_region, other_region = open_regions[0], open_regions[1]
    workers_card = next(c for c in range(len(T.prophecies))
                        if T.prophecies[c, P_QUEST] == Q_UNITS and T.prophecies[c, P_PIECE] == 0)
    s[L.REGION_PROPHECY_N + quest_region] = 1
    s[L.REGION_PROPHECY + quest_region * L.N_ERAS] = workers_card
    s[L.REGION_PROPHECY_UP + quest_region] = 1
    s[L.REGION_PROPHECY_N + other_region] = 0
    lands = {r: next(land for land in range(L.N_LANDS) if T.land_region[side, land] == r)
             for r in (quest_region, other_region)}
    for land in range(L.N_LANDS):
        if T.land_region[side, land] == quest_region:
            s[L.LAND_WORKERS + land * L.MAX_PLAYERS] = 0  # seat 0 has none there yet
    opts, n = options([(lands[other_region], 0, L.U_WORKER), (lands[quest_region], 0, L.U_WORKER)])
    assert ask_heuristic(s, T, quest_words(1.0), opts, n, 0, D_DEPLOY_SPACE) == 1
    assert ask_heuristic(s, T, quest_words(0.0), opts, n, 0, D_DEPLOY_SPACE) == 0
    # a Hoplite does not count for a Workers quest
    opts, n = options([(lands[other_region], 0, L.U_HOPLITE), (lands[quest_region], 0, L.U_HOPLITE)])
    assert ask_heuristic(s, T, quest_words(1.0), opts, n, 0, D_DEPLOY_SPACE) == 0


def test_in_symmachia_the_partner_is_no_rival():
    """Symmachia sums the partners' Glory (p. 15): a Hoplite Deployed beside the partner's
    Hoplites takes Control as from nobody, beside a rival's it takes nothing; without teams
    both Lands are held by a rival and the first option is taken."""
    w = np.zeros(NF)
    w[FEATURE_NAMES.index("control")] = 1.0
    W = rows_of(w)
    s, _ = play("aegean", 4, 1, rounds=2)
    side = s[L.SIDE]
    lands = [land for land in range(L.N_LANDS) if s[L.REGION_BLOCKED + T.land_region[side, land]] == 0
             and s[L.LAND_CITY + land] < 0][:2]
    rival_land, partner_land = lands
    for land in lands:
        s[L.LAND_POP + land] = -1  # no Population tile: only the seats' Power counts
        s[L.LAND_PILLAR + land] = -1
        for seat in range(4):
            s[L.LAND_HOPLITES + land * L.MAX_PLAYERS + seat] = 0
            s[L.LAND_WORKERS + land * L.MAX_PLAYERS + seat] = 0
            s[L.LAND_BUILDING + land * L.MAX_PLAYERS + seat] = -1
    s[L.LAND_HOPLITES + rival_land * L.MAX_PLAYERS + 1] = 3
    s[L.LAND_HOPLITES + partner_land * L.MAX_PLAYERS + 2] = 3
    opts, n = options([(rival_land, 0, L.U_HOPLITE), (partner_land, 0, L.U_HOPLITE)])
    s[L.ADDONS] = L.ADDON_SYMMACHIA
    pair_symmachia_teams(s)
    assert ask_heuristic(s, T, W, opts, n, 0, D_DEPLOY_SPACE) == 1
    s[L.ADDONS] = 0
    s[L.PARTNER:L.PARTNER + L.MAX_PLAYERS] = -1
    assert ask_heuristic(s, T, W, opts, n, 0, D_DEPLOY_SPACE) == 0


def mode_scene(addons):
    """The balanced bots' weights and a 3-player Aegean game after 2 rounds, played
    on in the gameplay modes ``addons`` (layout.ADDON_* bits)."""
    W = policy_words(PillarsSetup(players=3, strategies=("balanced",)))
    s, _ = play("aegean", 3, 1, rounds=2)
    s[L.ADDONS] = addons
    return W, s


def test_an_ability_that_would_act_on_nothing_is_neither_invoked_nor_energised_p8():
    """The Titan of the Forge Builds for free (p. 10): with no Building left on the seat's
    Build rows its Invoke acts on nothing, so the bot neither Invokes it off-turn nor
    Energises it for free; a seat of the Siege of Destiny did both every turn and the game
    never ended."""
    W, s = mode_scene(0)
    forge = CONTENT.names["mythology"].index("titan_of_the_forge")
    rows = slice(L.BUILD_LEFT, L.BUILD_LEFT + L.MAX_ROWS * L.N_BUILDING_KINDS)
    land = open_lands(s, L.LAND_CITY)[0]  # a Worker where nobody has a Building
    s[L.LAND_WORKERS + land * L.MAX_PLAYERS] = 1
    s[L.LAND_BUILDING + land * L.MAX_PLAYERS:L.LAND_BUILDING + (land + 1) * L.MAX_PLAYERS] = -1
    assert invoke_idle(s, T, 0, forge) == 0
    invoke, n_invoke = options([(-1,), (0, 0, forge)])
    energise, n_energise = options([(-1,), (0, forge, 0)])
    assert ask_heuristic(s, T, W, invoke, n_invoke, 0, D_INVOKE) == 1
    assert ask_heuristic(s, T, W, energise, n_energise, 0, D_ENERGISE) == 1
    s[rows] = 0
    assert invoke_idle(s, T, 0, forge) == 1
    assert ask_heuristic(s, T, W, invoke, n_invoke, 0, D_INVOKE) == 0
    assert ask_heuristic(s, T, W, energise, n_energise, 0, D_ENERGISE) == 0


def test_the_draft_weighs_a_tiles_ability_and_the_rivals_already_near_it_p6():
    """A City-state is drafted by the room around its starting Land, its ability's worth
    per use in the bot's own weights times the worth of the turn that triggers it (Settle
    for Athenai, Deploy for Sparta), and less for each rival start within two crossings."""
    _, s = mode_scene(0)
    w = PRESETS["balanced"].copy()
    names = CONTENT.names["city_states"]
    tile = {name: names.index(name) for name in ("athenai", "sparta", "thebai", "phokaia")}
    weight = {name: w[FEATURE_NAMES.index(name)] for name in ("card", "move", "strategy_power")}
    ability = {name: ability_use_value(T, w, T.city_ability[k, 0]) for name, k in tile.items()}
    assert ability == pytest.approx({"athenai": weight["strategy_power"], "sparta": weight["card"],
                                     "thebai": weight["card"], "phokaia": 2 * weight["move"]})
    s[L.CITY_STATE:L.CITY_STATE + L.MAX_PLAYERS] = -1  # nobody has drafted yet
    w[FEATURE_NAMES.index("draft_room")] = 0.0
    assert draft_value(s, T, w, 0, tile["athenai"]) > draft_value(s, T, w, 0, tile["sparta"])
    alone = draft_value(s, T, w, 0, tile["athenai"])
    s[L.CITY_STATE + 1] = names.index("korinthos")  # Korinthia borders Attika
    near = draft_value(s, T, w, 0, tile["athenai"])
    assert near == pytest.approx(alone - w[FEATURE_NAMES.index("draft_rival")])
    assert near < alone


def open_lands(s, empty_field):
    """The first two Lands outside the Forbidden Domains with nothing in ``empty_field``
    (LAND_CITY, LAND_PILLAR)."""
    side = s[L.SIDE]
    return [land for land in range(L.N_LANDS) if s[L.REGION_BLOCKED + T.land_region[side, land]] == 0
            and s[empty_field + land] < 0][:2]


def test_the_bots_skirmish_where_they_can_win_and_take_the_best_piece():
    """Skirmish Mode (p. 15): the tile goes where the seat's Power matches a rival's (the
    attacker wins ties), never where it cannot win; the declared piece is the one worth
    most to place; a lost Skirmish costs the seat its least-worth Unit."""
    W, s = mode_scene(L.ADDON_SKIRMISH)
    w = PRESETS["balanced"]
    weak, strong = open_lands(s, L.LAND_CITY)
    for land in (weak, strong):
        s[L.LAND_POP + land] = -1
        s[L.LAND_PILLAR + land] = -1
        for seat in range(3):
            s[L.LAND_HOPLITES + land * L.MAX_PLAYERS + seat] = 0
            s[L.LAND_WORKERS + land * L.MAX_PLAYERS + seat] = 0
            s[L.LAND_BUILDING + land * L.MAX_PLAYERS + seat] = -1
    s[L.LAND_HOPLITES + weak * L.MAX_PLAYERS + 0] = 1  # 2 against the rival's 4
    s[L.LAND_HOPLITES + weak * L.MAX_PLAYERS + 1] = 2
    s[L.LAND_HOPLITES + strong * L.MAX_PLAYERS + 0] = 2  # 4 against 1 + 3
    s[L.LAND_WORKERS + strong * L.MAX_PLAYERS + 1] = 1
    s[L.LAND_BUILDING + strong * L.MAX_PLAYERS + 1] = L.B_CITADEL
    assert land_power(s, T, weak, 0) < land_power(s, T, weak, 1)
    assert land_power(s, T, strong, 0) >= land_power(s, T, strong, 1)
    opts, n = options([(-1,), (FREE_SKIRMISH, weak), (FREE_SKIRMISH, strong)])
    assert ask_heuristic(s, T, W, opts, n, 0, D_FREE_ACTION) == 2
    opts, n = options([(-1,), (FREE_SKIRMISH, weak)])
    assert ask_heuristic(s, T, W, opts, n, 0, D_FREE_ACTION) == 0
    worth = {PIECE_WORKER: w[FEATURE_NAMES.index("worker")],
             PIECE_BUILDING: w[FEATURE_NAMES.index("citadel")]}
    opts, n = options([(1, PIECE_WORKER, strong), (1, PIECE_BUILDING, strong)])
    assert ask_heuristic(s, T, W, opts, n, 0, D_SKIRMISH) == int(worth[PIECE_BUILDING] > worth[PIECE_WORKER])
    lost = {PIECE_HOPLITE: w[FEATURE_NAMES.index("hoplite")], PIECE_SHIP: w[FEATURE_NAMES.index("ship")]}
    opts, n = options([(0, PIECE_HOPLITE, strong), (0, PIECE_SHIP, strong)])
    assert ask_heuristic(s, T, W, opts, n, 0, D_SKIRMISH) == int(lost[PIECE_SHIP] < lost[PIECE_HOPLITE])


def test_the_bots_settle_barbarians_away_for_their_cards():
    """Barbarian Hordes (p. 15): of two Lands to Settle alike, the one holding a Barbarian
    tile is worth the 2 cards its removal draws."""
    W, s = mode_scene(L.ADDON_BARBARIANS)
    quiet, raided = open_lands(s, L.LAND_PILLAR)
    s[L.LAND_POP + quiet] = s[L.LAND_POP + raided] = -1
    opts, n = options([(-1,), (quiet,), (raided,)])
    assert ask_heuristic(s, T, W, opts, n, 0, D_SETTLE) == 1  # the first of equals
    s[L.BARB_AT + 0] = raided
    assert ask_heuristic(s, T, W, opts, n, 0, D_SETTLE) == 2


def test_a_hoplite_arrival_that_opens_a_skirmish_is_worth_it():
    """Skirmish Mode (p. 15): a Hoplite moved or Deployed onto a Land where it would match a
    rival with a piece there is worth the Skirmish its tile could then be placed for; not
    with the tile on the board, against a stronger rival, or outside the mode."""
    W, s = mode_scene(L.ADDON_SKIRMISH)
    w = PRESETS["balanced"]
    land = open_lands(s, L.LAND_CITY)[0]
    s[L.LAND_POP + land] = s[L.LAND_PILLAR + land] = -1
    for seat in range(3):
        s[L.LAND_HOPLITES + land * L.MAX_PLAYERS + seat] = 0
        s[L.LAND_WORKERS + land * L.MAX_PLAYERS + seat] = 0
        s[L.LAND_BUILDING + land * L.MAX_PLAYERS + seat] = -1
    s[L.LAND_WORKERS + land * L.MAX_PLAYERS + 1] = 1
    assert land_power(s, T, land, 0) + 2 >= land_power(s, T, land, 1)
    opening = skirmish_opening(s, T, w, 0, land)
    assert opening == pytest.approx(w[FEATURE_NAMES.index("skirmish")] + w[FEATURE_NAMES.index("worker")])
    s[L.SKIRMISH_AT + 0] = land
    assert skirmish_opening(s, T, w, 0, land) == 0.0
    s[L.SKIRMISH_AT + 0] = -1
    s[L.LAND_HOPLITES + land * L.MAX_PLAYERS + 1] = 3  # now the rival is too strong
    assert skirmish_opening(s, T, w, 0, land) == 0.0
    s[L.LAND_HOPLITES + land * L.MAX_PLAYERS + 1] = 0
    s[L.ADDONS] = 0
    assert skirmish_opening(s, T, w, 0, land) == 0.0


def test_an_achaean_marches_on_troia_and_a_trojan_holds():
    """The Siege of Destiny (p. ~18): an Achaean's Land Unit moved or Deployed is worth the
    ``march`` weight per Power for each Land crossing it comes nearer to Troia's Starting
    City; a Ship, the crossings it saves the seat's Land Units it can ferry, so a ferrying
    Ship stays; a Land Unit looks across a Sea holding its Ship. Of two Lands alike, the
    Achaean's Hoplite takes the nearer. The Trojan, and every seat outside the mode, gets
    no march."""
    w = np.zeros(NF)
    w[FEATURE_NAMES.index("control")] = 1.0
    w[FEATURE_NAMES.index("march")] = 0.5
    W = rows_of(w)
    s = game("aegean", 3, mode="siege_of_destiny", city_states=("troia", "athenai", "sparta"))
    clear_board(s)
    side, troas = s[L.SIDE], land_named("troas")
    emathia, thessalia, thraki = (land_named(x) for x in ("emathia", "thessalia", "thraki"))
    assert [T.land_steps[side, x, troas] for x in (emathia, thessalia, thraki)] == [2, 3, 1]
    achaean, trojan = 1, 0
    assert march_value(s, T, w, achaean, emathia, thraki, False, MOVE_HOPLITE) == 0.5 * 2 * 1
    assert march_value(s, T, w, achaean, -1, thessalia, False, MOVE_WORKER) == -0.5 * 1 * 3
    # a Ship ferries: Sea 5 touches Euboia (3 crossings), where the Achaean has a Hoplite,
    # and Emathia (2); Sea 1 touches none of its Units
    euboia, sea_5, sea_1 = land_named("euboia"), 4, 0
    assert T.land_sea[side, euboia, sea_5] == T.land_sea[side, emathia, sea_5] == 1
    put(s, euboia, achaean, hoplites=1)
    assert ferry(s, T, achaean, sea_5) == 2 * (3 - 2) and ferry(s, T, achaean, sea_1) == 0
    assert ferry(s, T, achaean, L.PORT + euboia) == 0  # nothing is ferried from a Port
    assert march_value(s, T, w, achaean, sea_1, sea_5, True, MOVE_SHIP) == 0.5 * 2
    piece = ship_to(s, achaean, sea_5)
    assert ship_stays(s, T, w, achaean, achaean * L.MAX_SHIPS + piece) == -0.5 * 2
    # the Hoplite on Euboia reaches Emathia across Sea 4: Control and a crossing saved
    assert ferried_gain(s, T, w, achaean, euboia, MOVE_HOPLITE, 2) == 1.0 + 0.5 * 2
    assert march_value(s, T, w, trojan, emathia, thraki, False, MOVE_HOPLITE) == 0.0
    put(s, emathia, achaean, hoplites=1)
    put(s, emathia, trojan, hoplites=1)
    opts, n = options([(thessalia, 0, MOVE_HOPLITE, emathia), (thraki, 0, MOVE_HOPLITE, emathia)])
    assert ask_heuristic(s, T, W, opts, n, achaean, D_MOVE_TO) == 1
    assert ask_heuristic(s, T, W, opts, n, trojan, D_MOVE_TO) == 0  # the first of equals
    plain = game("aegean", 3, city_states=("troia", "athenai", "sparta"))
    assert march_value(plain, T, w, achaean, emathia, thraki, False, MOVE_HOPLITE) == 0.0


# Run twice on one empty cache: the first run's bot entry is compiled by a second process
# (this one loads it from the cache: one cache hit); the second run finds it marked
# compiled, so it starts no process.
BOT_ENTRY_SOON = """
import numba
from sim import cfuncs, kernel_cache, second_core
from sim.games.pillars.content import load_content
from sim.games import policies
from sim.games.pillars import entries
from strategies.pillars import players
packed = load_content().packed
record = numba.typeof(packed[0])
name = entries._cache_name(packed)
cached = kernel_cache.compiled("pillars", name)
soon = entries.bot_entry_soon(players, packed)
started = second_core.compiling(name)
address = soon.get()
print(cached, started, address == entries.bot_entry(players, packed) != 0,
      cfuncs.compiled(players._entry, policies.choose_signature(record)).cache_hits,
      kernel_cache.compiled("pillars", name))
"""


@pytest.mark.compiles
def test_a_second_process_compiles_the_bot_entry_when_the_cache_lacks_it(tmp_path):
    runs = printed_twice_on_one_cache(BOT_ENTRY_SOON, tmp_path)
    assert runs == [["False", "True", "True", "1", "True"], ["True", "False", "True", "1", "True"]]


def test_the_command_plays_balanced_against_balanced_v1_in_every_seat(tmp_path):
    out = tmp_path / "run"
    done = sim("run", "--game", "pillars", "--players", 3, "--n", 9, "--seed", 2,
               "--strategies", "balanced,balanced-v1,balanced-v1", "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    df = pd.read_parquet(out / "data")
    # rotated: each seat plays balanced in a third of the games, and only it places Pillars
    assert (df[df.strategy == "balanced"].groupby("seat").size() == 3).all()
    placed = df.groupby("strategy").use_pillar_placed.sum()
    assert placed["balanced"] > 0 and placed["balanced-v1"] == 0
