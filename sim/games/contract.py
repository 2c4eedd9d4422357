"""The contract every game keeps: what the runner, trace, report and gate may ask of it.

A game is a folder ``sim/games/<name>/`` (its rules) and a folder ``strategies/<name>/``
(its bots), reached through one entry of ``sim.games.registry.GAMES``. The Python side is
a handful of modules, each written here as a ``typing.Protocol`` that the module itself
satisfies (mypy checks a module against a protocol structurally; so does
``tests/test_conformance.py``):

- the runner module the registry names (``GameRunner``): settings, strategy names, content,
  a cell's setup, ``simulate`` (play a batch) and ``rows`` (the dataset's rows);
- ``sim.games.<name>.game`` (``GamePlay``): one game with its event rows;
- ``sim.games.<name>.trace`` (``GameTrace``): those rows as records, JSON lines and text;
- ``sim.games.<name>.content`` (``GameContentFile``): the content file's sections and
  loader, giving a ``GameContent``;
- ``sim.games.<name>.state_json``, when the game has one: ``ScoresPositions`` (``sim
  score``) and ``StateRoundTrip`` (a state written as JSON and read back unchanged);
- the profile module (``PROFILE``, ``sim.games.play_profile``) and the ops module
  (``OP_TABLE``, ``sim.games.effect_ops``) the registry entry names;
- the bots module the registry entry names (``GameBots``), whose policy the runner layer
  hands to the game (``HandsInBots``): the rules never import ``strategies/``.

Optional runner members (``sim.runner.plan`` reads them with a default): ``WORD_SETTINGS``
(whole-value words of a list setting), ``resolve_settings(settings)``, ``PICK_SETTING`` with
``pick_cycle(content, players, settings, where)`` (``GamePicks``), ``fixed_seats(settings)``,
``SKILL_LEVELS`` and ``LADDER_STRATEGIES``.

The compiled side has one documented shape (``sim/games/example/`` is the smallest
instance; docs/engine.md walks through it):

- **State.** One preallocated ``int32`` vector whose fields are declared once in
  ``layout.py`` as ``(NAME, length, meaning)`` rows; ``state_layout.field_spans`` turns
  them into offsets and ``state_layout.layout_key`` into the fingerprint ``LAYOUT_KEY``.
  The state holds the game only: addresses, memos and bot caches live in arrays passed
  beside it, so a state can be saved, compared and replayed without them.
- **Decisions.** A rule that needs a choice writes the legal options as rows of an
  ``int32`` buffer ``opts[MAX_OPTIONS, OPT_WIDTH]`` and calls the game's ``decide``, which
  takes a lone option itself and otherwise asks the seat's policy, reached through the
  address the runner layer handed in. Every policy has one signature:
  ``choose(s, T, W, opts, n, seat, kind, rng) -> index``, with ``W`` the ``float64`` weight
  rows, one per seat (``sim.games.policies``).
- **Randomness.** ``sim.rng`` streams seeded from (run seed, game index): setup and deals
  on ``STREAM_SETUP``, seat ``k``'s bot on ``STREAM_BOT + k``; a game is a pure function of
  its index, whatever the thread count or batch split.
- **Entries.** ``play_batch(layout_key, packed, W, runtime, <working arrays>, run_seed,
  first_index, count, ..., <result columns>)`` plays a range of games into result
  arrays and returns False, playing nothing, when ``layout_key`` is not the layout it was
  compiled for. Its result parameters are named as ``simulate``'s result columns, which
  ``game.py`` passes by name (``sim.games.result_columns``). A traced game is the same
  entry given an event buffer with rows (or a ``play_one`` entry that allocates its own).
  ``game.simulate`` spreads a batch over threads (``sim.threads``); both raise
  ``state_layout.LayoutMismatch`` on a refusal.
- **Policies.** ``sim.games.policies``: the one ``choose`` signature, its C-callable
  form and the call through the address the runner layer handed in.
- **Invariants.** The engine checks the state as it plays and writes the first broken
  invariant's code into ``VIOLATION``; the result column ``violation`` carries it per
  game and the runner's ``VIOLATION_NAMES`` names it (code 0: consistent).
- **Cache.** Every kernel lives in the game's folders or in the shared sources
  (``sim.kernel_cache``), so an edit of one game recompiles that game alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:  # annotations only: the registry imports this module on every command
    import numpy as np
    import pyarrow as pa

    from sim.games.content_files import Section, StudioFile
    from sim.games.tunables import Param


@runtime_checkable
class GameContent(Protocol):
    """A game's loaded content: validated, hashed and packed for the kernels."""

    @property
    def content_hash(self) -> str: ...  # SHA-256 of what the engine plays
    @property
    def assumed_share(self) -> float: ...  # share of items not transcribed nor given by a studio
    @property
    def studio(self) -> StudioFile | None: ...  # the studio's file laid over the shipped one
    @property
    def names(self) -> Mapping[str, Sequence[str]]: ...  # item names by table


@runtime_checkable
class GameRunner(Protocol):
    """The module ``GameInfo.runner`` names: what ``sim run`` plays and writes."""

    @property
    def SETTINGS(self) -> Mapping[str, object]: ...  # scenario keys and their defaults
    @property
    def LIST_SETTINGS(self) -> Sequence[str]: ...  # settings that take a list
    @property
    def STRATEGIES(self) -> Sequence[str]: ...  # what a seat may play; the first is the default
    @property
    def PARAMS(self) -> Sequence[Param]: ...  # the tunables (``params.NAME`` overrides)
    @property
    def CONTENT_SECTIONS(self) -> Mapping[str, Section]: ...  # sections an override may set
    @property
    def VIOLATION_NAMES(self) -> Sequence[str]: ...  # invariant codes; 0 is "consistent"

    def check_setting(self, key: str, value: Any, where: str) -> Any:
        """One setting's value checked (``RunError`` naming ``where`` otherwise)."""

    def mode(self, settings: dict) -> str:
        """The registry mode a cell with these settings plays."""

    def load(self, overrides: dict[str, object], studio: Path | None = None) -> Any:
        """The content (a ``GameContent``): shipped, a studio's file over it, overrides."""

    def make_setup(self, content: Any, players: int, settings: dict,
                   strategies: tuple[str, ...], where: str) -> Any:
        """A cell's setup (plain data that pickles), every name checked."""

    def deviations(self, settings: dict) -> list[str]:
        """One line per rule these settings play otherwise than the printed game."""

    def simulate(self, content: Any, setup: Any, seed: int, first_index: int,
                 count: int) -> dict[str, np.ndarray]:
        """Play games ``first_index`` .. ``first_index + count - 1``: result arrays, one
        entry per game first, with ``violation``."""

    def rows(self, content: Any, setup: Any, out: dict[str, np.ndarray], first_index: int,
             cell: int) -> pa.Table:
        """The dataset rows of ``simulate``'s result: one per (game, seat), or per game
        for a co-operative game."""


@runtime_checkable
class GamePicks(Protocol):
    """A runner whose seats take picks (Roles, City-states) that may rotate over seats."""

    @property
    def PICK_SETTING(self) -> str: ...

    def pick_cycle(self, content: Any, players: int, settings: dict,
                   where: str) -> tuple[str, ...]:
        """The picks in rotation order (``sim.rotation``)."""


@runtime_checkable
class HandsInBots(Protocol):
    """A runner that takes its seats' policies from the bots module the registry names,
    so that its rules import nothing of ``strategies/``."""

    def use_bots(self, bots: Any) -> None:
        """Keep ``bots`` (a ``GameBots``) for the games this process plays."""


@runtime_checkable
class GameBots(Protocol):
    """The module ``GameInfo.bots`` names, in ``strategies/<game>/``."""

    def seat_weights(self, strategies: tuple[str, ...], skill: str) -> np.ndarray:
        """``W``: one ``float64`` weight row per seat for these strategy names."""

    def choose_entry(self, packed: np.ndarray) -> int:
        """The address of ``choose`` compiled for ``packed``'s record type."""


@runtime_checkable
class GamePlay(Protocol):
    """``sim.games.<name>.game``: one game as ``sim trace`` plays it."""

    def play_traced(self, content: Any, setup: Any, run_seed: int, game_index: int = 0,
                    max_events: int = ...) -> tuple[np.ndarray, np.ndarray]:
        """(final state, event rows) of game ``game_index``."""


@runtime_checkable
class GameTrace(Protocol):
    """``sim.games.<name>.trace``: a traced game's rows for people and tools."""

    def records_from(self, content: Any, state: np.ndarray, events: np.ndarray) -> list[dict]:
        """One record per event; the last is ``game_end`` with the results."""

    def to_jsonl(self, records: list[dict]) -> str: ...

    def to_text(self, records: list[dict]) -> str: ...


@runtime_checkable
class GameContentFile(Protocol):
    """``sim.games.<name>.content``: the content file `sim content` and `sim run` read."""

    @property
    def SCHEMA(self) -> Mapping[str, Section]: ...
    @property
    def DEFAULT_PATH(self) -> Any: ...  # the shipped file (``sim.shipped.content_file``)

    def load_content(self, path: Path | None = None,
                     overrides: dict[str, object] | None = None,
                     studio: Path | None = None) -> Any:
        """The content (a ``GameContent``), or ``ContentError``: one line."""


@runtime_checkable
class ScoresPositions(Protocol):
    """A ``state_json`` module that scores a position written as JSON (`sim score`)."""

    def score_file(self, path: Path, content_path: Path | None = None) -> dict: ...

    def format_table(self, result: dict) -> str: ...


@runtime_checkable
class StateRoundTrip(Protocol):
    """A ``state_json`` module that writes a state as JSON and reads it back unchanged."""

    def state_to_json(self, state: np.ndarray, content: Any) -> dict: ...

    def state_from_json(self, data: Any, content: Any, fname: str = "state") -> np.ndarray:
        """The state ``data`` describes, or ``StateError``: one line naming the field."""
