"""The games the simulator knows. The runner, report and gate reach a game only here."""

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    min_players: int
    max_players: int
    modes: tuple[str, ...]
    max_rounds: int  # longest game the engine allows (its safety stop)
    cooperative: bool = False


GAMES = {
    "pericles": GameInfo(
        name="pericles", title="Age of Pericles", min_players=2, max_players=5,
        modes=("standard", "no_skills"), max_rounds=30,
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
