"""Aeolis states as JSON: a whole state written and read back word for word, and the
team's standing in a position (`sim score`).

A state is the layout's game part, field by field (``WORDS``, bounds declared below);
docs/state-json.md gives the form. Aeolis is co-operative and keeps no points: the team
wins by surviving every round, and meeting a Heroic Event's requirements by the end crowns
it (rulebook, Winning the Game and Heroic Events, p. 7). `sim score` gives that verdict and
the city's measures of how well it held: a finished game's as it stands, any other
position's as if the game ended now, through the engine's own end (``engine.finish``).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.games.aeolis import layout as L
from sim.games.aeolis.content import Content, load_content
from sim.games.aeolis.engine import finish
from sim.games.aeolis.invariants import VIOLATION_NAMES
from sim.games.aeolis.rules.board import standing
from sim.games.state_json import WORD_MAX, StateWords, score_json_file

PIECES = (0, 99_999)  # far above any stash, stock or count of pieces
CARD_OR_NONE = (-1, L.MAX_CARDS - 1)
HEX_OR_NONE = (-1, L.N_HEX - 1)
WORDS = StateWords("aeolis", L.FIELD_SPANS, L.GAME_SIZE, L.STATE_SIZE, {
    "ROUND N_ROUNDS": (0, 20),  # Marathon plays 20 rounds (p. 6)
    "MODE": (0, len(L.MODES) - 1),
    "PHASE": (0, L.PHASE_END),
    "GAME_OVER WON LOSS_RULE HEROIC_OK TECH TECH_USED RUIN PLAGUE CONSECRATED INFERNO CHARAX "
    "AURA BURNING SPELL_HAND SPELL_CAST FAITH_USED": (0, 1),
    "LOSS_CAUSE": (0, len(L.LOSS_CAUSES) - 1),
    "MORALE": (-10, 10),  # the widest params.morale_min..morale_max
    "HEROES": (0, (1 << L.N_HEROES) - 1),  # one bit per Hero
    "EXPANSIONS": (0, (1 << L.N_EXPANSIONS) - 1),
    "PROD_DIE": (0, 2),  # never, the Queen decides, always
    "HEROIC ACTIVE DECK_TOP": CARD_OR_NONE,
    "RES WORKERS UNITS RESEARCH STOCK HEX_GOLD SPHERE_N SPHERE_MOVED PLAGUE_HELD COMPANION_USED "
    "DIPLOMACY_LEFT LEATHER_HELD STRUCT_BUILT ENEMIES_BEATEN WHEEL": PIECES,
    "POS HOME": HEX_OR_NONE,
    "UPGRADES": (0, L.UP_LEATHER | L.UP_BRONZE | L.UP_IRON),
    "LEVEL": (0, 2),  # base, first and second upgrade
    "STRUCT COMPASS": (-1, 255),  # a Structure of the content, a loot token
    "ENEMY": CARD_OR_NONE,  # card, hex, damage, Immolate flag, event slot (-1: none)
    "CARD_STATE": (0, L.CARD_SEEN),
    "SPHERE_COLOR": (-1, 3),  # light, void, fire, ice
    "FAITH BLESSED": (0, 6),  # a Faith Die's face, 0 before it is rolled
    "BLESS_GROUPS": (0, (1 << L.N_GROUPS) - 1),
    "RANGED_DONE": (0, 3),  # bit 0 Toxotai, bit 1 ships
    "ENGAGED": (0, L.MAX_ENEMIES),
    "DECISIONS USE EVENTS": (0, WORD_MAX),
    "VIOLATION": (0, len(VIOLATION_NAMES) - 1),
}, lambda content: {"HEROIC ACTIVE DECK_TOP ENEMY": (-1, len(content.names["cards"]) - 1)})
STANDING = ("morale", "structures", "gold", "enemies_beaten")  # the table's lines


state_to_json, state_from_json = WORDS.state_to_json, WORDS.state_from_json  # StateRoundTrip


def score_whole(state: np.ndarray, content: Content) -> dict:
    """The verdict and the city's measures; a game not over yet is ended now on a copy,
    as the engine ends one after its last round (the loss rule, the Heroic Event)."""
    s = state.copy()
    over = bool(s[L.GAME_OVER])
    if not over:
        finish(s, content.tables)
    heroic = int(s[L.HEROIC])
    return {
        "game": "aeolis", "mode": L.MODES[s[L.MODE]], "over": over,
        "rounds": int(s[L.ROUND]), "of_rounds": int(s[L.N_ROUNDS]),
        "won": bool(s[L.WON]), "cause": L.LOSS_CAUSES[s[L.LOSS_CAUSE]],
        "heroic": (f"{content.names['cards'][heroic]} {content.names['card_titles'][heroic]}"
                   if heroic >= 0 else None),
        "heroic_ok": bool(s[L.HEROIC_OK]),
        "morale": int(s[L.MORALE]),
        "structures": sum(1 for h in range(L.N_HEX) if standing(s, h)),
        "gold": int(s[L.RES + L.R_GOLD]),
        "enemies_beaten": int(s[L.ENEMIES_BEATEN]),
    }


def score_file(path: Path, content_path: Path | None = None) -> dict:
    """Read, validate and score a whole state's JSON file (``content_path``: another
    content file)."""
    return score_json_file(path, content_path, load_content, state_from_json, score_whole)


def format_table(result: dict) -> str:
    """The verdict, then one line per measure of the city."""
    verdict = "survived" if result["won"] else f"lost ({result['cause']})"
    when = "the game is over" if result["over"] else "in play; ended now"
    rows = [f"{result['mode']}, round {result['rounds']} of {result['of_rounds']}, {when}: "
            f"{verdict}"]
    rows += [f"{name.replace('_', ' '):<15} {result[name]:>5}" for name in STANDING]
    if result["heroic"] is not None:
        rows.append(f"heroic event    {result['heroic']}: "
                    + ("met" if result["heroic_ok"] else "not met"))
    return "\n".join(rows) + "\n"
