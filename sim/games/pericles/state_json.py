"""Age of Pericles states as JSON: a whole state written and read back word for word, and
final scoring of a position (`sim score`).

``docs/state-json.md`` defines both forms. A whole state (``state_to_json``,
``state_from_json``) is every field of the layout's game part (``WORDS``, bounds declared
below). A position written by hand gives the phase the game ended in and, per player, the
pieces, goods and cards that final scoring looks at; ``build_state`` validates it (one line
``StateError`` naming the file and the field, sim.games.state_json) and writes it into a
layout state vector. ``score_state`` and ``score_whole`` then run the engine's own
``rules/scoring.final_scoring`` and ``rank_players``, so the numbers are exactly those a
simulated game would get.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles import params as P
from sim.games.pericles.content import N_DIPLOMATS, UNITS_PER_TYPE, Content, load_content
from sim.games.pericles.invariants import VIOLATION_NAMES
from sim.games.pericles.rules.scoring import final_scoring, rank_players
from sim.games.pericles.rules.setup import clear, seat_players
from sim.games.state_json import (
    WORD_MAX,
    Checker,
    StateWords,
    format_table,  # noqa: F401  (sim score interface)
    score_json_file,
)

ROW_NAMES = O.ICON_NAMES[:3]
PHASES = {"assembly": L.PHASE_ASSEMBLY, "governance": L.PHASE_GOVERNANCE}
END_LINES = tuple((k, name) for k, name in enumerate(L.GLORY_SOURCES) if name.startswith("end_"))

TOP_REQUIRED = {"phase", "players"}
TOP_OPTIONAL = {"game", "round"}
PLAYER_KEYS = {
    "name", "glory", "silver", "amphoras", "trophies", "athena_cards",
    "units_home", "units_piraeus", "units_camp",
    "diplomats_home", "diplomats_stoa", "diplomats_camp",
    "progress", "diplomacy_cards", "missions", "skills", "tucked_skills", "citizens",
}
CITIZEN_KEYS = {"small_unlocked", "large_unlocked", "small_placed", "large_placed"}
PROGRESS_KEYS = {"row", "slot"}
UNIT_PLACES = ("units_home", "units_piraeus", "units_camp")
UNIT_FIELDS = {"units_home": L.UNITS_HOME, "units_piraeus": L.UNITS_PORT, "units_camp": L.UNITS_CAMP}
DIPLOMAT_FIELDS = {"diplomats_home": L.DIPS_HOME, "diplomats_stoa": L.DIPS_STOA,
                   "diplomats_camp": L.DIPS_CAMP}
PHASE_NAMES = ("setup", "assembly", "governance", "over")  # by L.PHASE_* code

# The whole state's schema: each field's range (a count of pieces, cards or goods is far
# below PIECES; the counters of a game's record run up to a word's largest value).
SEAT = (0, L.MAX_SEATS - 1)
SEAT_OR_NONE = (-1, L.MAX_SEATS - 1)
PIECES = (0, 999)
GLORY = (-9_999, 99_999)  # Ostracism takes Glory away (p. 17)
WORDS = StateWords("pericles", L.FIELD_SPANS, L.GAME_SIZE, L.STATE_SIZE, {
    "N_PLAYERS N_SEATS": (1, L.MAX_SEATS),
    "FIRST": SEAT,
    "DEMAGOGUE ACTIVE CORRUPT CLOCKWISE BATTLE_HOPLITE PROGRESS DIPLO_OWNER WAYPOST_SHIP "
    "ACTIVE_WORKER PENDING_MOVER": SEAT_OR_NONE,
    "SKILLS_ON GAME_OVER MARKET CITY_IN_GAME NIGHT LARGE_UNLOCKED LARGE_PLACED SKILL_TUCKED "
    "ACTS_LARGE ACTS_SMALL": (0, 1),
    "PHASE": (0, len(PHASE_NAMES) - 1),
    "END_REASON": (0, len(L.END_REASON_NAMES) - 1),
    "ROUND": (0, 100),  # params.max_rounds is at most 100
    "STRATEGY ROLE": (-1, 255),  # a policy code, a Role of the content
    "ATHENA_LOC MISSION_LOC SKILL_LOC": (L.LOC_GONE, L.MAX_SEATS - 1),
    "DIPLO_CARD ATHENA_OFFER ATHENA_DECK MISSION_DECK SKILL_DECK": (-1, L.MAX_ATHENA - 1),
    "ACTIVE_CITY CITY_STACK AGORA_TILE": (-1, L.N_CITY_STATES - 1),
    "ACTIVE_CITY_POS": (-1, L.MAX_DIPLOMACY),
    "CITY_USED": (0, (1 << L.N_CITY_STATES) - 1),  # one bit per tile
    "AGORA_CITIZEN": (0, 2),  # none, Small, Large
    "DEM_DECK DEM_NEXT": (-1, L.N_DEM_CARDS),
    "DRAFT_ORDER": (0, L.MAX_SEATS),
    "GLORY GLORY_SRC": GLORY,
    "RESERVE_SILVER RESERVE_AMPHORAS RESERVE_TROPHIES CORRUPTION RIVAL_POS CITY_STACK_N "
    "PARTHENON ATHENA_DECK_N HAND_ICONS MISSION_DECK_N SKILL_DECK_N DEM_DIPLOMATS DEM_HOPLITES "
    "DEM_PLACED SILVER AMPHORAS TROPHIES UNITS_HOME UNITS_PORT UNITS_CAMP DIPS_HOME DIPS_STOA "
    "DIPS_CAMP SMALL_UNLOCKED SMALL_PLACED SMALL_BACK MISSIONS_HELD SKILLS_UP SKILL_ROUND "
    "PENDING_BATTLE PENDING_MOVES PENDING_ATHENS": PIECES,
    "DECISIONS USE EVENTS": (0, WORD_MAX),
    "VIOLATION": (0, len(VIOLATION_NAMES) - 1),
}, lambda content: {
    "DIPLO_CARD ATHENA_OFFER ATHENA_DECK": (-1, len(content.names["athena_cards"]) - 1),
    "MISSION_DECK": (-1, len(content.names["missions"]) - 1),
    "SKILL_DECK": (-1, len(content.names["skills"]) - 1),
    "ROLE": (-1, len(content.names["roles"]) - 1),
})


state_to_json, state_from_json = WORDS.state_to_json, WORDS.state_from_json  # StateRoundTrip


def _card_ids(names: tuple[str, ...]) -> dict[str, list[int]]:
    ids: dict[str, list[int]] = {}
    for i, name in enumerate(names):
        ids.setdefault(name, []).append(i)
    return ids


def build_state(data: Any, content: Content, fname: str = "state") -> tuple[np.ndarray, list[dict]]:
    """Validate a parsed JSON state and write it into a fresh state vector.

    Returns (state, players) where players holds each player's name and Glory before
    final scoring.
    """
    c = Checker(fname)
    T = content.tables
    params = {p.name: int(T.params[i]) for i, p in enumerate(P.PARAMS)}
    c.keys("", data, TOP_REQUIRED, TOP_OPTIONAL)
    c.game(data, "pericles")
    phase = PHASES[c.word("phase", data["phase"], tuple(PHASES))]
    rnd = c.int_("round", data.get("round", 1), 1, params["max_rounds"])
    players = c.list_("players", data["players"])
    if not 2 <= len(players) <= 5:
        c.fail("players", f"{len(players)} players listed ; Age of Pericles plays with 2..5")

    s = np.zeros(L.STATE_SIZE, dtype=np.int32)
    clear(s)
    seat_players(s, len(players), np.zeros(L.MAX_SEATS, dtype=np.int32))
    s[L.SKILLS_ON] = 1
    s[L.ROUND] = rnd
    s[L.PHASE] = phase
    for loc, size in ((L.ATHENA_LOC, T.athena.shape[0]), (L.MISSION_LOC, T.missions.shape[0]),
                      (L.SKILL_LOC, T.skills.shape[0])):
        s[loc:loc + size] = L.LOC_DECK

    athena_ids = _card_ids(content.names["athena_cards"])
    mission_ids = _card_ids(content.names["missions"])
    skill_ids = _card_ids(content.names["skills"])
    icon_of = {i: int(T.athena[i, 0]) for i in range(T.athena.shape[0])}
    diplomacy_spaces = params["diplomacy_spaces"]
    next_space = 0
    out = []
    for seat, pl in enumerate(players):
        w = f"players[{seat}]"
        c.keys(w, pl, set(), PLAYER_KEYS)
        name = c.str_(f"{w}.name", pl.get("name", f"P{seat}"))
        glory = c.int_(f"{w}.glory", pl.get("glory", 0), -1000, 10000)
        s[L.GLORY + seat] = glory
        for key, field, param in (("silver", L.SILVER, "reserve_silver"),
                                  ("amphoras", L.AMPHORAS, "reserve_amphoras"),
                                  ("trophies", L.TROPHIES, "reserve_trophies")):
            s[field + seat] = c.int_(f"{w}.{key}", pl.get(key, 0), 0, params[param])

        # Units: each type has UNITS_PER_TYPE pieces in all
        per_type = [0] * L.N_UNIT_TYPES
        for place in UNIT_PLACES:
            counts = c.counts(f"{w}.{place}", pl.get(place, {}), O.UNIT_NAMES, UNITS_PER_TYPE)
            for unit, n in counts.items():
                u = O.UNIT_NAMES.index(unit)
                s[UNIT_FIELDS[place] + seat * L.N_UNIT_TYPES + u] = n
                per_type[u] += n
        for u, n in enumerate(per_type):
            if n > UNITS_PER_TYPE:
                c.fail(f"{w}.units_*.{O.UNIT_NAMES[u]}", f"{n} {O.UNIT_NAMES[u]}s in all ; a player "
                                                         f"owns {UNITS_PER_TYPE}")

        # Diplomats: at home, in the Stoa, in the Camp, on the Progress rows, on cards
        dips = 0
        for key, field in DIPLOMAT_FIELDS.items():
            n = c.int_(f"{w}.{key}", pl.get(key, 0), 0, N_DIPLOMATS)
            s[field + seat] = n
            dips += n
        for i, slot in enumerate(c.list_(f"{w}.progress", pl.get("progress", []))):
            sw = f"{w}.progress[{i}]"
            c.keys(sw, slot, PROGRESS_KEYS, set())
            row = ROW_NAMES.index(c.word(f"{sw}.row", slot["row"], ROW_NAMES))
            k = row * 3 + c.int_(f"{sw}.slot", slot["slot"], 0, 2)
            if s[L.PROGRESS + k] >= 0:
                c.fail(sw, f"that slot already holds a Diplomat of players[{s[L.PROGRESS + k]}] ; "
                           "each Progress slot holds one Diplomat")
            s[L.PROGRESS + k] = seat
            dips += 1
        for i, card in enumerate(c.list_(f"{w}.diplomacy_cards", pl.get("diplomacy_cards", []))):
            cw = f"{w}.diplomacy_cards[{i}]"
            c.word(cw, card, tuple(athena_ids))
            if not athena_ids[card]:
                c.fail(cw, f"every copy of {card!r} is already placed ; the content has "
                           f"{content.names['athena_cards'].count(card)}")
            if next_space >= diplomacy_spaces:
                c.fail(cw, f"more than {diplomacy_spaces} cards on the Diplomacy track in all ; "
                           "remove some (params.diplomacy_spaces)")
            card_id = athena_ids[card].pop(0)
            s[L.DIPLO_CARD + next_space] = card_id
            s[L.DIPLO_OWNER + next_space] = seat
            s[L.ATHENA_LOC + card_id] = L.LOC_TRACK
            next_space += 1
            dips += 1
        if dips > N_DIPLOMATS:
            c.fail(f"{w}.diplomats_*", f"{dips} Diplomats in all ; a player owns {N_DIPLOMATS}")

        # Athena cards in hand, by icon
        hand = c.counts(f"{w}.athena_cards", pl.get("athena_cards", {}), O.ICON_NAMES, L.MAX_ATHENA)
        for icon_name, n in hand.items():
            icon = O.ICON_NAMES.index(icon_name)
            free = [i for i in range(T.athena.shape[0])
                    if icon_of[i] == icon and s[L.ATHENA_LOC + i] == L.LOC_DECK]
            if n > len(free):
                c.fail(f"{w}.athena_cards.{icon_name}", f"{n} cards but only {len(free)} {icon_name} "
                                                        "Athena cards are left in the content ; lower it")
            for i in free[:n]:
                s[L.ATHENA_LOC + i] = seat
            s[L.HAND_ICONS + seat * L.N_ICONS + icon] = n

        # Missions: a count, or the cards by name
        missions = pl.get("missions", 0)
        if isinstance(missions, list):
            for i, m in enumerate(missions):
                mw = f"{w}.missions[{i}]"
                c.word(mw, m, tuple(mission_ids))
                if not mission_ids[m]:
                    c.fail(mw, f"every copy of {m!r} is already held ; the content has "
                               f"{content.names['missions'].count(m)}")
                s[L.MISSION_LOC + mission_ids[m].pop(0)] = seat
            s[L.MISSIONS_HELD + seat] = len(missions)
        else:
            s[L.MISSIONS_HELD + seat] = c.int_(f"{w}.missions", missions, 0, T.missions.shape[0])

        # Skills: face up and tucked; each card has one owner
        for key in ("skills", "tucked_skills"):
            names = c.list_(f"{w}.{key}", pl.get(key, []))
            for i, sk in enumerate(names):
                kw = f"{w}.{key}[{i}]"
                c.word(kw, sk, tuple(skill_ids))
                if not skill_ids[sk]:
                    c.fail(kw, f"{sk!r} is already owned ; each Skill card has one owner")
                k = skill_ids[sk].pop(0)
                s[L.SKILL_LOC + k] = seat
                s[L.SKILL_TUCKED + k] = int(key == "tucked_skills")
            if key == "skills":
                if len(names) > params["skills_face_up"]:
                    c.fail(f"{w}.skills", f"{len(names)} face-up Skills ; at most "
                                          f"{params['skills_face_up']}, list the others in tucked_skills")
                s[L.SKILLS_UP + seat] = len(names)

        # Citizens
        cit = c.keys(f"{w}.citizens", pl.get("citizens", {}), set(), CITIZEN_KEYS)
        most_small = params["start_small_citizens"] + 1
        small_unlocked = c.int_(f"{w}.citizens.small_unlocked", cit.get("small_unlocked", 0), 0,
                                most_small)
        small_placed = c.int_(f"{w}.citizens.small_placed", cit.get("small_placed", 0), 0, most_small)
        large_unlocked = c.bool_(f"{w}.citizens.large_unlocked", cit.get("large_unlocked", False))
        large_placed = c.bool_(f"{w}.citizens.large_placed", cit.get("large_placed", False))
        if small_placed > small_unlocked:
            c.fail(f"{w}.citizens.small_placed", f"{small_placed} placed but {small_unlocked} unlocked ; "
                                                 "only unlocked Citizens can be placed")
        if large_placed and not large_unlocked:
            c.fail(f"{w}.citizens.large_placed", "placed but not unlocked ; set large_unlocked to true")
        s[L.SMALL_UNLOCKED + seat] = small_unlocked
        s[L.SMALL_PLACED + seat] = small_placed
        s[L.LARGE_UNLOCKED + seat] = int(large_unlocked)
        s[L.LARGE_PLACED + seat] = int(large_placed)
        out.append({"seat": seat, "name": name, "glory_before": glory})
    return s, out


def score_state(data: Any, content: Content | None = None, fname: str = "state") -> dict:
    """Final scoring of a parsed JSON position: per player the lines, the total and the rank."""
    content = content if content is not None else load_content()
    s, players = build_state(data, content, fname)
    final_scoring(s, content.packed[0])
    return _result(s, players)


def score_whole(state: np.ndarray, content: Content) -> dict:
    """The scores of a whole state: a finished game's state (``game_over`` set, as the
    engine leaves it after final scoring) is read as it stands; any other state is scored
    as if the game ended now."""
    s = state.copy()
    seats = [seat for seat in range(s[L.N_SEATS]) if seat != s[L.DEMAGOGUE]]
    before = [int(s[L.GLORY + seat]) for seat in seats]
    if s[L.GAME_OVER]:
        before = [glory - sum(int(s[L.GLORY_SRC + seat * L.N_SOURCES + k]) for k, _ in END_LINES)
                  for seat, glory in zip(seats, before, strict=True)]
    else:
        final_scoring(s, content.packed[0])
    return _result(s, [{"seat": seat, "name": f"P{seat}", "glory_before": glory}
                       for seat, glory in zip(seats, before, strict=True)])


def _result(s: np.ndarray, players: list[dict]) -> dict:
    """Each player's final-scoring lines, Glory, Silver and rank in a scored state."""
    ranks = np.zeros(L.MAX_SEATS, dtype=np.int32)
    won = np.zeros(L.MAX_SEATS, dtype=np.int32)
    rank_players(s, ranks, won)
    for p in players:
        seat = p["seat"]
        lines = {name: int(s[L.GLORY_SRC + seat * L.N_SOURCES + k]) for k, name in END_LINES}
        p["lines"] = lines
        p["final_scoring"] = sum(lines.values())
        p["glory"] = int(s[L.GLORY + seat])
        p["silver"] = int(s[L.SILVER + seat])
        p["rank"] = int(ranks[seat])
    return {"game": "pericles", "phase": PHASE_NAMES[s[L.PHASE]], "players": players,
            "winners": [p["seat"] for p in players if won[p["seat"]]]}


def score_file(path: Path, content_path: Path | None = None) -> dict:
    """Read, validate and score a JSON file, a whole state or a position written by hand
    (``content_path``: another content file)."""
    return score_json_file(path, content_path, load_content, state_from_json, score_whole, score_state)
