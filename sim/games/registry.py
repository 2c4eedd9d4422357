"""The games the simulator knows. The runner, report and gate reach a game only here,
through the modules of its contract (sim.games.contract)."""

import importlib
from dataclasses import dataclass
from typing import Any, cast

from sim.games.contract import (
    GameBots,
    GameContentFile,
    GamePlay,
    GameRunner,
    GameTrace,
    HandsInBots,
)
from sim.games.effect_ops import Op
from sim.games.play_profile import Mechanism, load_profile


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    min_players: int
    max_players: int
    modes: tuple[str, ...]
    max_rounds: int  # longest game the engine allows (its safety stop)
    cooperative: bool = False
    runner: str = ""  # module that builds a cell's setup and its result rows (sim run)
    ops: str = ""  # module whose OP_TABLE declares the effect codes content may use
    default_players: int | None = None  # player count when --players is omitted (None: required)
    # the player count of a mode played by one count only, used when --players is omitted
    mode_players: tuple[tuple[str, int], ...] = ()
    # (easier, harder) mode pairs as the designers rank them; the report checks each
    # harder mode survives no more often than its easier one
    difficulty_order: tuple[tuple[str, str], ...] = ()
    team_setting: str = ""  # the setting naming who plays (the report groups survival by it)
    team_title: str = ""  # how the report names that setting, e.g. "Hero set"
    # the per-seat dataset column naming what each seat plays as, and its name in the
    # report (win share, Glory and Glory by source per pick)
    pick_column: str = ""
    pick_title: str = ""
    profile: str = ""  # module whose PROFILE declares the play-profile mechanisms (use_<name>)
    # module in strategies/<game>/ whose policies the runner layer hands to the game's
    # runner (contract.GameBots); empty for a game whose rules still reach their bots
    bots: str = ""


GAMES = {
    "pericles": GameInfo(
        name="pericles", title="Age of Pericles", min_players=2, max_players=5,
        modes=("standard", "no_skills"), max_rounds=30,
        runner="sim.games.pericles.runner", ops="sim.games.pericles.ops",
        bots="strategies.pericles.players",
        pick_column="role", pick_title="Role", profile="sim.games.pericles.profile",
    ),
    "aeolis": GameInfo(
        name="aeolis", title="Aeolis", min_players=1, max_players=7,
        modes=("easy", "challenging", "hardcore", "marathon"), max_rounds=20,
        cooperative=True, runner="sim.games.aeolis.runner", ops="sim.games.aeolis.ops",
        bots="strategies.aeolis.players",
        default_players=1,
        # rulebook p. 6: easy first, then challenging, hardcore the hardest; marathon goes on
        # from an easy game, so it is harder than easy but not ranked against the other two
        difficulty_order=(("easy", "challenging"), ("challenging", "hardcore"), ("easy", "marathon")),
        team_setting="heroes", team_title="Hero set", profile="sim.games.aeolis.profile",
    ),
    "pillars": GameInfo(
        name="pillars", title="Pillars of Heracles", min_players=2, max_players=4,
        # the added modes combine with one of the first three: "short+skirmish"; the Siege
        # of Destiny and Solo Mode are played alone
        modes=("standard", "tutorial", "short", "symmachia", "skirmish", "barbarian_hordes",
               "atlantis", "legendary_heroes", "siege_of_destiny", "solo"),
        mode_players=(("symmachia", 4), ("solo", 2)),
        max_rounds=2000,  # sim.games.pillars.engine.MAX_ROUNDS, the engine's safety stop
        runner="sim.games.pillars.runner", ops="sim.games.pillars.ops",
        bots="strategies.pillars.players",
        pick_column="city_state", pick_title="City-state", profile="sim.games.pillars.profile",
    ),
    "example": GameInfo(
        name="example", title="Dice Race (example)", min_players=2, max_players=4,
        modes=("standard",), max_rounds=200, runner="sim.games.example.runner",
        profile="sim.games.example.profile",
        bots="strategies.example.players",
    ),
}


class UnknownGame(ValueError):
    pass


def get_game(name: str) -> GameInfo:
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(f"unknown game {name!r}; choose one of: {known}") from None


def load_runner(info: GameInfo) -> GameRunner:
    """The game's runner module, holding its bots' policies when the game takes them from
    the runner layer (``GameInfo.bots``)."""
    runner = importlib.import_module(info.runner)
    if info.bots:
        cast(HandsInBots, runner).use_bots(load_bots(info))
    return cast(GameRunner, runner)


def load_bots(info: GameInfo) -> GameBots:
    """The game's bots module (``GameInfo.bots``)."""
    return cast(GameBots, importlib.import_module(info.bots))


class HandedIn:
    """The bots module a game's runner was handed (``contract.HandsInBots``), for the
    game's ``simulate``; the registry's when none was (a call that skips the runner)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.bots: GameBots | None = None

    def use(self, bots: GameBots) -> None:
        """Keep ``bots`` for the games of this process (``use_bots``)."""
        self.bots = bots

    def get(self, bots: Any = None) -> Any:
        """``bots`` when given, else the module handed in."""
        if bots is not None:
            return bots
        if self.bots is None:
            self.bots = load_bots(get_game(self.game))
        return self.bots


def load_play(info: GameInfo) -> GamePlay:
    """The game's module that plays one game with its event rows (``sim trace``); its
    runner, with the bots handed in, is loaded first."""
    load_runner(info)
    return cast(GamePlay, importlib.import_module(f"sim.games.{info.name}.game"))


def load_trace(info: GameInfo) -> GameTrace:
    """The game's trace module (``records_from``, ``to_jsonl``, ``to_text``)."""
    return cast(GameTrace, importlib.import_module(f"sim.games.{info.name}.trace"))


def load_content_file(info: GameInfo) -> GameContentFile:
    """The game's content loader (``SCHEMA``, ``DEFAULT_PATH``, ``load_content``)."""
    return cast(GameContentFile, importlib.import_module(f"sim.games.{info.name}.content"))


def load_state_json(info: GameInfo):
    """The game's ``state_json`` module (``contract.ScoresPositions``,
    ``contract.StateRoundTrip``), or None when it has none."""
    try:
        return importlib.import_module(f"sim.games.{info.name}.state_json")
    except ModuleNotFoundError as exc:
        if exc.name != f"sim.games.{info.name}.state_json":
            raise
        return None


def load_ops(info: GameInfo) -> tuple[Op, ...]:
    """The game's declared effect codes (``OP_TABLE`` of its ops module), in code order."""
    return importlib.import_module(info.ops).OP_TABLE


def profile(info: GameInfo) -> tuple[Mechanism, ...]:
    """The game's play-profile mechanisms, in dataset column order (empty if it declares none)."""
    return load_profile(info.profile)
