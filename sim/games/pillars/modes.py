"""The mode setting of a Pillars of Heracles game (Appendix 4, p. 15): one of the modes that
set the end (standard, tutorial, short) with the gameplay modes played on top of it,
joined by "+" ("short+symmachia"; the standard game is implied: "symmachia"). The Siege of
Destiny (p. ~18) is played alone: it brings Legendary Heroes and Skirmish Mode itself and
sets its own end, on the Aegean side. Solo Mode (p. ~21) is a 2-player standard game
against the Tyrant, with no other mode.
"""

from __future__ import annotations

from sim.games.pillars import layout as L
from sim.games.pillars.content import SIDES

ALL_MODES = L.MODES + L.ADDON_NAMES
# the player counts an added mode allows (Appendix 4: Symmachia is 2 against 2)
ADDON_PLAYERS = {"symmachia": (4,), "solo": (2,)}
DESTINY = "siege_of_destiny"
DESTINY_BRINGS = ("skirmish", "legendary_heroes")  # p. ~18
DESTINY_SIDE = "aegean"  # step 1 of its setup (p. ~18)
SOLO = "solo"


class ModeError(ValueError):
    """A mode setting names an unknown mode or combines them wrongly; one line."""


def parse_mode(text: str) -> tuple[str, tuple[str, ...]]:
    """(the end-setting mode, the added modes in ADDON_NAMES order) of a mode setting."""
    names = [name.strip() for name in str(text).split("+")]
    for name in names:
        if name not in ALL_MODES:
            raise ModeError(f"unknown mode {name!r} ; modes: {', '.join(ALL_MODES)} (join added "
                            "modes with '+', e.g. short+symmachia)")
    if len(set(names)) < len(names):
        raise ModeError(f"mode {text!r} names a mode twice ; give each once")
    bases = [name for name in names if name in L.MODES]
    if len(bases) > 1:
        raise ModeError(f"mode {text!r} combines {' and '.join(bases)} ; choose one of "
                        f"{', '.join(L.MODES)}")
    if SOLO in names:
        others = [name for name in names if name not in (SOLO, "standard")]
        if others:
            raise ModeError(f"{SOLO} is a standard game against the Tyrant and combines with no "
                            f"other mode (p. ~21), not with {', '.join(others)} ; use --mode {SOLO}")
    if DESTINY in names:
        others = [name for name in names if name not in (DESTINY, "standard", *DESTINY_BRINGS)]
        if others:
            raise ModeError(f"{DESTINY} is played on its own (it brings "
                            f"{' and '.join(DESTINY_BRINGS)} and ends by its own wins, p. ~18), "
                            f"not with {', '.join(others)} ; use --mode {DESTINY}")
        names = [*names, *(name for name in DESTINY_BRINGS if name not in names)]
    added = tuple(name for name in L.ADDON_NAMES if name in names)
    return bases[0] if bases else "standard", added


def canonical(text: str) -> str:
    """The mode setting written one way: the end-setting mode first (left out when it is
    standard and a mode is added), then the added modes; the Siege of Destiny by its name
    alone."""
    base, added = parse_mode(text)
    if DESTINY in added:
        return DESTINY
    return "+".join(((base,) if base != "standard" or not added else ()) + added)


def mode_code(text: str) -> int:
    """The engine's code of a mode setting (layout.MODE_SPAN)."""
    base, added = parse_mode(text)
    bits = sum(1 << L.ADDON_NAMES.index(name) for name in added)
    return L.MODES.index(base) + L.MODE_SPAN * bits


def check_board(text: str, tables, board: str) -> None:
    """A ModeError when Atlantis is played on a side without an Atlantis Sea: the text
    places the tile on the Fortunate Isles, a Mediterranean Sea (p. 15; decision 13); or
    the Siege of Destiny on another side than the Aegean (p. ~18)."""
    side = SIDES.index(board)
    if DESTINY in parse_mode(text)[1] and board != DESTINY_SIDE:
        raise ModeError(f"{DESTINY} is played on the {DESTINY_SIDE} side of the board "
                        f"(p. ~18), not the {board} ; use --set board={DESTINY_SIDE}")
    if "atlantis" in parse_mode(text)[1] and tables.atlantis[side, 0] < 0:
        others = [name for k, name in enumerate(SIDES) if tables.atlantis[k, 0] >= 0]
        raise ModeError(f"atlantis needs a board side with an Atlantis Sea, and the {board} "
                        f"side has none ; use --set board={others[0] if others else 'mediterranean'}")


def check_players(text: str, players: int) -> None:
    """A ModeError when an added mode does not allow that many players."""
    for name in parse_mode(text)[1]:
        allowed = ADDON_PLAYERS.get(name)
        if allowed and players not in allowed:
            counts = " or ".join(map(str, allowed))
            raise ModeError(f"{name} is played by {counts} players, not {players} ; use "
                            f"--players {allowed[0]} or another mode")
