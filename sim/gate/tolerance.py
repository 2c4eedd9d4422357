"""How far each measure may move, in its own unit: percentage points for shares, Glory
points for mean Glory (a player's total or one scoring source), rounds for game length.

A change is judged against these absolute bounds, never against a share of the measure's
own value: a source worth 3 Glory a game and a total of 300 are held to the bound the game
sets for each, whatever their size. The defaults per game are about 1% of a typical value
(docs/ci.md); ``--tolerance``, ``--glory-tolerance`` and ``--rounds-tolerance`` replace
them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sim.gate.series import SHARE


@dataclass(frozen=True)
class Tolerance:
    share_pp: float = 1.0  # percentage points of a share
    glory: float = 1.0  # Glory points of a mean (a seat's, a pick's, a strategy's)
    glory_source: float = 0.5  # Glory points of a source's mean per player
    rounds: float = 0.1  # rounds of the mean game length

    def limit(self, measure: str, kind: str) -> float:
        """The bound of a measure, in the unit its per-game values have (a share as 0..1)."""
        if kind == SHARE:
            return self.share_pp / 100
        return {"glory": self.glory, "glory_source": self.glory_source,
                "rounds": self.rounds}[measure]

    def describe(self) -> str:
        return (f"{self.share_pp:g} pp (shares), {self.glory:g} Glory (mean Glory), "
                f"{self.glory_source:g} Glory (a source's mean), {self.rounds:g} rounds")

    def given(self, share_pp: float | None = None, glory: float | None = None,
              rounds: float | None = None) -> Tolerance:
        """These bounds with the ones given on the command line in their place."""
        chosen = {"share_pp": share_pp, "glory": glory, "rounds": rounds}
        return replace(self, **{k: v for k, v in chosen.items() if v is not None})


# About 1% of each game's typical values (3-player standard games, balanced bots):
# Age of Pericles scores about 320 Glory in 5.5 rounds, Pillars of Heracles about 28 in 14.
DEFAULTS = {
    "pericles": Tolerance(glory=3.0, glory_source=1.0, rounds=0.05),
    "pillars": Tolerance(glory=0.3, glory_source=0.1, rounds=0.15),
    "aeolis": Tolerance(rounds=0.2),
}


def for_game(game: str) -> Tolerance:
    return DEFAULTS.get(game, Tolerance())
