"""Load, validate, hash and compile the Age of Pericles content file.

``scenarios/pericles/content.toml`` holds every card, tile, board space and setup of the
game in words. This module lays a studio's file over it (sim.games.content_files), checks
it (one-line ``ContentError`` naming file, item, field and fix), applies designer
overrides, hashes the result and compiles it into int32
NumPy tables (``Tables``), packed into one record (``Content.packed``, see ``pack``) that
the rules kernels read as ``T.name[...]``. Plain NumPy only: nothing here is jitted.

Effect lists ("fx") are stored once each in ``Tables.fx``; every other table refers to
an effect by its row there. Row 0 is the empty effect. A row is
``[n_steps, op1, arg1, ..., op6, arg6]`` with ops from ``ops.OP_NAMES``; cost steps
(``pay_*``) always precede gain steps.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from sim.games import content_files as files
from sim.games.content_files import Checks, ContentError, PackedContent, Section, show, suggest
from sim.games.effect_ops import EffectRows
from sim.games.pericles import ops
from sim.games.pericles.params import PARAM_INDEX, PARAMS
from sim.shipped import content_file

MAX_STEPS = 6
FX_WIDTH = 1 + 2 * MAX_STEPS
MAX_ARG = 20  # largest arg of an effect step
MAX_COPIES = 10
MAX_DEM_EFFECTS = 4
# The effect table is padded with empty rows to a multiple of this: its size is part of the
# compiled type, so content that adds an effect row or two (a studio's card, a sensitivity
# move of one argument) keeps the shape and plays without compiling the kernels again.
FX_ROWS_STEP = 64

DEFAULT_PATH = content_file("pericles")

# Agora spaces in reading order; index = row * 3 + column.
SPACE_NAMES = (
    "top_left", "top_centre", "top_right",
    "middle_left", "centre", "middle_right",
    "bottom_left", "bottom_centre", "bottom_right",
)
ROW_OFFICES = ("strategos", "trierarch", "tamias")
COLUMN_OFFICES = ("ecclesia", "archon", "boule")
ROW_ICON_NAMES = ops.ICON_NAMES[:3]  # military, economy, culture (no universal)

N_ROLES = 6
N_CITY_STATES = 15
N_STARTING_CITY_STATES = 6
N_DEMAGOGUE = 9
N_DIPLOMATS = 8
UNITS_PER_TYPE = 2
MIN_MISSIONS = 8
MIN_ATHENA = 12
MIN_SKILLS = 12
# Largest decks the engine state has room for (layout.MAX_ATHENA / MAX_MISSIONS / MAX_SKILLS).
MAX_ATHENA = MAX_MISSIONS = MAX_SKILLS = 64

# Allowed arg range of each Demagogue effect (p. 21).
DEM_ARG_RANGE = {
    "place": (0, 3),          # row 0..2, 3 = one on each row
    "athens_builds": (0, 2),  # row
    "drain_market": (0, 2),   # Market column
    "reveal_mission": (1, 3),
    "move_city": (1, 5),
    "athena_discard": (1, 5),
    "ostracize_each": (1, 2),
    "hoplites": (1, 3),       # Hoplites per Battle track
}
MODIFIER_TRIGGERS = ("day_discount", "builder_bonus")
# Skill powers fire inside other rules (a knock-out, a row scoring), so they are plain
# gains that need no choice and start no further rule.
SKILL_GAINS = ("glory", "silver", "amphora", "trophy", "athena", "mission")
MODIFIER_RANGE = {"day_discount": (1, 6), "builder_bonus": (1, 10)}

# Column indices of the compiled tables (same layout as the table docs in ``Tables``).
B_ROW_OFFICES, B_COL_OFFICES, B_ROW_ACTIONS, B_COL_ACTIONS, B_UNIT_COLUMNS = 0, 3, 6, 9, 12
R_DAY_RESOURCE, R_DAY_COST, R_SKILL_A, R_SKILL_B = 0, 1, 2, 3
R_DIP_HOUSEHOLD, R_DIP_STOA, R_DIP_CAMP = 4, 5, 6
R_UNITS_HOME, R_UNITS_PIRAEUS, R_UNITS_CAMP, R_BONUS_FX = 7, 10, 13, 16
CS_STARTING, CS_GLORY_TYPE, CS_ACTION_FX = 0, 1, 2
A_ICON, A_GLORY, A_REWARDS_FX = 0, 1, 2
M_SPARTA_COND, M_SPARTA_ARG, M_SPARTA_FX = 0, 1, 2
M_PERSIA_COND, M_PERSIA_ARG, M_PERSIA_FX = 3, 4, 5
M_SPARTA_DISCS, M_PERSIA_DISCS = 6, 7
S_TRIGGER, S_FX_OR_AMOUNT, S_END_GLORY = 0, 1, 2

# Keys of every table: (required, optional).
_TOP = ({"board", "roles", "city_states", "athena_cards", "missions", "skills", "oikos",
         "demagogue"}, {"params"})
_KEYS: dict[str, tuple[set[str], set[str]]] = {
    "board": ({"source", "row_offices", "column_offices", "row_actions", "column_actions",
               "market_unit_columns", "offer_columns", "wayposts"}, set()),
    "roles": ({"name", "day_resource", "day_cost", "starting_skills", "setup", "bonus",
               "source"}, set()),
    "setup": ({"household", "stoa", "camp", "units_home", "units_piraeus", "units_camp"},
              set()),
    "units": (set(ops.UNIT_NAMES), set()),
    "city_states": ({"name", "starting", "glory_type", "action", "source"}, set()),
    "athena_cards": ({"name", "icon", "glory", "rewards", "source"}, {"copies"}),
    "missions": ({"name", "sparta", "persia", "discs", "source"}, {"copies"}),
    "side": ({"condition", "reward"}, set()),
    "discs": (set(ops.RIVAL_NAMES), set()),
    "skills": ({"name", "trigger", "end_glory", "source"}, {"effect", "amount"}),
    "oikos": ({"source", "unit_track", "household"}, set()),
    "demagogue": ({"space", "effects", "source"}, set()),
}
_NAMED_SECTIONS = ("roles", "city_states", "athena_cards", "missions", "skills")


def _fields(kind: str) -> tuple[str, ...]:
    required, optional = _KEYS[kind]
    return tuple(sorted(required | optional))


# The file's sections as a studio's file addresses them (sim.games.content_files).
SCHEMA = {
    "board": Section("Board", _fields("board"), listed=False),
    "params": Section("Parameters", tuple(p.name for p in PARAMS), listed=False),
    "roles": Section("Role", _fields("roles"), key="name"),
    "city_states": Section("City-state", _fields("city_states"), key="name"),
    "athena_cards": Section("Athena card", _fields("athena_cards"), key="name"),
    "missions": Section("Mission", _fields("missions"), key="name"),
    "skills": Section("Skill", _fields("skills"), key="name"),
    "oikos": Section("Oikos", _fields("oikos"), listed=False),
    # Demagogue cards have no names; each has its own Agora space (p. 21)
    "demagogue": Section("Demagogue card", _fields("demagogue"), key="space", by_position=True),
}


class Tables(NamedTuple):
    """Compiled content, all int32 and C-contiguous.

    params (N_PARAMS,); fx (effect rows padded to a multiple of FX_ROWS_STEP, 13);
    board (16,); offer_columns (3,); wayposts (n_wp,); roles (6, 18); city_states (15, 3);
    athena (n_athena, 3); missions (n_missions, 8); skills (n_skills, 4); unit_track (n,);
    household (n,); demagogue (9, 9).
    """

    params: np.ndarray
    fx: np.ndarray
    board: np.ndarray
    offer_columns: np.ndarray
    wayposts: np.ndarray
    roles: np.ndarray
    city_states: np.ndarray
    athena: np.ndarray
    missions: np.ndarray
    skills: np.ndarray
    unit_track: np.ndarray
    household: np.ndarray
    demagogue: np.ndarray


@dataclass(frozen=True)
class Content(PackedContent):
    tables: Tables
    packed: np.recarray  # pack(tables): kernels take packed[0]; a prange loop, the array
    names: dict[str, tuple[str, ...]]
    content_hash: str
    assumed_share: float
    data: dict[str, Any]
    studio: files.StudioFile | None = None  # the studio's file laid over the shipped one


# --------------------------------------------------------------------------------------
# public entry point
# --------------------------------------------------------------------------------------


def load_content(path: Path | None = None, overrides: dict[str, object] | None = None,
                 studio: Path | None = None) -> Content:
    """Read ``path`` (default: the shipped content file), lay the ``studio`` file over it
    (sim.games.content_files.layer), apply ``overrides``, validate, hash and compile.

    ``overrides`` maps dotted keys to values, e.g. ``{"roles.veteran.day_cost": 2,
    "params.builder_base": 4, "board.wayposts": [1, 4], "demagogue.0.effects": ...}``.
    Items of roles, city_states, athena_cards, missions and skills are addressed by
    name, Demagogue cards by index. A string value is read as a TOML value when it
    parses as one (``"4"`` -> 4, ``"[1, 4]"`` -> [1, 4]), so command-line text works.
    """
    data, fname, studio_file = files.read_content(DEFAULT_PATH, SCHEMA, path, studio)
    for key, value in (overrides or {}).items():
        _apply_override(data, key, value, fname)
    data = _Validator(fname).validate(data)
    tables, names = _compile(data)
    return Content(tables=tables, packed=files.pack(tables), names=names,
                   content_hash=files.content_hash(data),
                   assumed_share=files.assumed_share(_sources(data)), data=data,
                   studio=studio_file)


# --------------------------------------------------------------------------------------
# overrides
# --------------------------------------------------------------------------------------


def _apply_override(data: dict, key: str, value: object, fname: str) -> None:
    section, _, name = key.partition(".") if isinstance(key, str) else ("", "", "")
    if section == "params":  # the file may leave out [params]: a tunable is checked by name
        if not name or "." in name:
            raise ContentError(f"{fname}: override {key!r}: expected 'params.<name>'")
        if name not in PARAM_INDEX:
            raise ContentError(f"{fname}: override {key!r}: unknown parameter "
                               f"{name!r}{suggest(name, PARAM_INDEX)}")
        data.setdefault("params", {})[name] = files.coerce(value)
        return
    files.set_value(data, key, value, SCHEMA, fname)


# --------------------------------------------------------------------------------------
# validation (returns a normalised copy: defaults filled, params resolved, wayposts sorted)
# --------------------------------------------------------------------------------------


class _Validator(Checks):
    def __init__(self, fname: str):
        super().__init__(fname)
        self.params: dict[str, int] = {}

    def keys(self, where: str, obj: Any, kind: str | tuple[set[str], set[str]]) -> dict:
        """A table of the keys ``_KEYS[kind]`` (or ``kind``: required, optional) allows."""
        required, optional = _KEYS[kind] if isinstance(kind, str) else kind
        return self.table(where, obj, sorted(required), optional)

    def effect(self, where: str, v: Any, *, allow_empty: bool = True,
               allow_upgrade: bool = False) -> list:
        self.list_(where, v, 0 if allow_empty else 1, MAX_STEPS)
        seen_gain = False
        out = []
        for i, step in enumerate(v):
            w = f"{where}[{i}]"
            if (not isinstance(step, list) or len(step) != 2
                    or not isinstance(step[0], str)):
                self.fail(w, f"expected a step [\"op\", arg], got {show(step)}")
            op = step[0]
            if op not in ops.OP_NAMES or op == "none":
                self.fail(w, f"unknown op {op!r}; use one of ops.OP_NAMES except "
                             f"'none'{suggest(op, ops.OP_NAMES[1:])}")
            if op == "upgrade" and not allow_upgrade:
                self.fail(w, "'upgrade' is only valid in a City-state action")
            self.int_(f"{w}.arg", step[1], 0, MAX_ARG)
            code = ops.OP_NAMES.index(op)
            is_cost = ops.FIRST_COST_OP <= code <= ops.LAST_COST_OP
            if is_cost and seen_gain:
                self.fail(w, f"cost step {op!r} after a gain; put every pay_* step first")
            seen_gain = seen_gain or not is_cost
            out.append([op, step[1]])
        return out

    # ---- sections --------------------------------------------------------------------

    def validate(self, data: dict) -> dict:
        self.keys("", data, _TOP)
        out: dict[str, Any] = {}
        out["params"] = self.check_params(data.get("params", {}))
        out["board"] = self.check_board(data["board"])
        out["skills"] = self.check_skills(data["skills"])
        out["roles"] = self.check_roles(data["roles"], [s["name"] for s in out["skills"]])
        out["city_states"] = self.check_city_states(data["city_states"])
        out["athena_cards"] = self.check_athena(data["athena_cards"])
        out["missions"] = self.check_missions(data["missions"])
        out["oikos"] = self.check_oikos(data["oikos"])
        out["demagogue"] = self.check_demagogue(data["demagogue"])
        return out

    def check_params(self, p: Any) -> dict[str, int]:
        if not isinstance(p, dict):
            self.fail("params", f"expected a table of parameter values, got {show(p)}")
        for k in p:
            if k not in PARAM_INDEX:
                self.fail(f"params.{k}", f"unknown parameter; see params.py"
                                         f"{suggest(k, PARAM_INDEX)}")
        resolved = {}
        for par in PARAMS:
            v = p.get(par.name, par.default)
            resolved[par.name] = self.int_(f"params.{par.name}", v, par.low, par.high)
        self.params = resolved
        return resolved

    def check_board(self, b: Any) -> dict:
        self.keys("board", b, "board")
        self.source("board.source", b["source"])
        for key, allowed in (("row_offices", ROW_OFFICES), ("column_offices", COLUMN_OFFICES)):
            lst = self.list_(f"board.{key}", b[key], 3, 3)
            for i, v in enumerate(lst):
                self.word(f"board.{key}[{i}]", v, allowed)
            if len(set(lst)) != 3:
                self.fail(f"board.{key}", f"each of {', '.join(allowed)} must appear once")
        acts = []
        for key in ("row_actions", "column_actions"):
            lst = self.list_(f"board.{key}", b[key], 3, 3)
            for i, v in enumerate(lst):
                self.word(f"board.{key}[{i}]", v, ops.ACTION_NAMES)
            acts += lst
        if len(set(acts)) != len(ops.ACTION_NAMES):
            dup = sorted({a for a in acts if acts.count(a) > 1})
            self.fail("board.row_actions", f"row and column actions must use each Main "
                                           f"Action once; repeated: {', '.join(dup)}")
        muc = self.keys("board.market_unit_columns", b["market_unit_columns"], "units")
        for u in ops.UNIT_NAMES:
            self.int_(f"board.market_unit_columns.{u}", muc[u], 0, 2)
        if len(set(muc.values())) != 3:
            self.fail("board.market_unit_columns", "each Unit type needs its own column 0..2")
        offer = self.list_("board.offer_columns", b["offer_columns"], 3, 3)
        for i, v in enumerate(offer):
            self.int_(f"board.offer_columns[{i}]", v, 0, 2)
        n_sp = self.params["diplomacy_spaces"]
        wp = self.list_("board.wayposts", b["wayposts"], 1, n_sp)
        for i, v in enumerate(wp):
            self.int_(f"board.wayposts[{i}]", v, 0, n_sp - 1)
        if len(set(wp)) != len(wp):
            self.fail("board.wayposts", "duplicated space; list each Waypost once")
        out = copy.deepcopy(b)
        out["wayposts"] = sorted(wp)
        return out

    def check_skills(self, items: Any) -> list:
        self.list_("skills", items, MIN_SKILLS, MAX_SKILLS)
        self.names("skills", items)
        for s in items:
            w = f"skills.{s['name']}"
            self.keys(w, s, "skills")
            self.source(f"{w}.source", s["source"])
            trig = self.word(f"{w}.trigger", s["trigger"], ops.TRIG_NAMES)
            self.int_(f"{w}.end_glory", s["end_glory"], 0, 10)
            if trig in MODIFIER_TRIGGERS:
                if "effect" in s:
                    self.fail(f"{w}.effect", f"a {trig} Skill takes 'amount = N', not "
                                             "an effect; remove it")
                if "amount" not in s:
                    self.fail(f"{w}.amount", f"missing required key for a {trig} Skill")
                self.int_(f"{w}.amount", s["amount"], *MODIFIER_RANGE[trig])
            else:
                if "amount" in s:
                    self.fail(f"{w}.amount", "only day_discount / builder_bonus Skills take "
                                             "an amount; remove it")
                if trig == "none":
                    self.effect(f"{w}.effect", s.get("effect", []))
                    if s.get("effect"):
                        self.fail(f"{w}.effect", "a Skill with trigger 'none' has no "
                                                 "power; remove the effect")
                else:
                    if "effect" not in s:
                        self.fail(f"{w}.effect", "missing required key; add the steps the "
                                                 "Skill gives when it fires")
                    self.effect(f"{w}.effect", s["effect"], allow_empty=False)
                    for i, (op, _) in enumerate(s["effect"]):
                        if op not in SKILL_GAINS:
                            self.fail(f"{w}.effect[{i}]", f"a Skill may only gain "
                                      f"{', '.join(SKILL_GAINS)}; {op!r} is not one")
        out = copy.deepcopy(items)
        for s in out:
            if s["trigger"] == "none":
                s.pop("effect", None)
        return out

    def check_roles(self, items: Any, skill_names: list[str]) -> list:
        self.list_("roles", items, N_ROLES, N_ROLES)
        self.names("roles", items)
        used: dict[str, str] = {}
        for r in items:
            w = f"roles.{r['name']}"
            self.keys(w, r, "roles")
            self.source(f"{w}.source", r["source"])
            self.word(f"{w}.day_resource", r["day_resource"], ops.RESOURCE_NAMES)
            self.int_(f"{w}.day_cost", r["day_cost"], 0, 6)
            sk = self.list_(f"{w}.starting_skills", r["starting_skills"], 2, 2)
            if sk[0] == sk[1]:
                self.fail(f"{w}.starting_skills", "the two options must differ")
            for i, name in enumerate(sk):
                if not isinstance(name, str) or name not in skill_names:
                    self.fail(f"{w}.starting_skills[{i}]",
                              f"no skill named {show(name)} in [[skills]]"
                              f"{suggest(name, skill_names)}")
                if name in used:
                    self.fail(f"{w}.starting_skills[{i}]",
                              f"skill {name!r} is already a starting option of "
                              f"{used[name]}; each Skill card can be offered once")
                used[name] = r["name"]
            su = self.keys(f"{w}.setup", r["setup"], "setup")
            dips = 0
            for k in ("household", "stoa", "camp"):
                dips += self.int_(f"{w}.setup.{k}", su[k], 0, N_DIPLOMATS)
            if dips != N_DIPLOMATS:
                self.fail(f"{w}.setup", f"household + stoa + camp must place exactly "
                                        f"{N_DIPLOMATS} Diplomats, got {dips}")
            if su["household"] > self.params["household_spaces"]:
                self.fail(f"{w}.setup.household",
                          f"more Diplomats than the {self.params['household_spaces']} "
                          "Household spaces")
            totals = dict.fromkeys(ops.UNIT_NAMES, 0)
            for place in ("units_home", "units_piraeus", "units_camp"):
                units = self.keys(f"{w}.setup.{place}", su[place], "units")
                for u in ops.UNIT_NAMES:
                    totals[u] += self.int_(f"{w}.setup.{place}.{u}", units[u], 0,
                                           UNITS_PER_TYPE)
            for u in ops.UNIT_NAMES:
                if totals[u] != UNITS_PER_TYPE:
                    self.fail(f"{w}.setup", f"must place exactly {UNITS_PER_TYPE} {u}s over "
                                            f"home, Piraeus and camp, got {totals[u]}")
            if sum(su["units_home"].values()) > self.params["unit_track_spaces"]:
                self.fail(f"{w}.setup.units_home",
                          f"more Units than the {self.params['unit_track_spaces']} Unit "
                          "track spaces")
            self.effect(f"{w}.bonus", r["bonus"])
        return copy.deepcopy(items)

    def check_city_states(self, items: Any) -> list:
        self.list_("city_states", items, N_CITY_STATES, N_CITY_STATES)
        self.names("city_states", items)
        n_start = 0
        for c in items:
            w = f"city_states.{c['name']}"
            self.keys(w, c, "city_states")
            self.source(f"{w}.source", c["source"])
            n_start += self.bool_(f"{w}.starting", c["starting"])
            self.word(f"{w}.glory_type", c["glory_type"], ROW_ICON_NAMES)
            self.effect(f"{w}.action", c["action"], allow_empty=False, allow_upgrade=True)
        if n_start != N_STARTING_CITY_STATES:
            self.fail("city_states", f"expected exactly {N_STARTING_CITY_STATES} with "
                                     f"starting = true, got {n_start}")
        return copy.deepcopy(items)

    def check_athena(self, items: Any) -> list:
        self.list_("athena_cards", items, 1)
        self.names("athena_cards", items)
        total = 0
        out = copy.deepcopy(items)
        for a, o in zip(items, out, strict=True):
            w = f"athena_cards.{a['name']}"
            self.keys(w, a, "athena_cards")
            self.source(f"{w}.source", a["source"])
            self.word(f"{w}.icon", a["icon"], ops.ICON_NAMES)
            self.int_(f"{w}.glory", a["glory"], 0, MAX_ARG)
            self.effect(f"{w}.rewards", a["rewards"])
            total += self.int_(f"{w}.copies", a.get("copies", 1), 1, MAX_COPIES)
            o["copies"] = a.get("copies", 1)
        if not MIN_ATHENA <= total <= MAX_ATHENA:
            self.fail("athena_cards", f"expected {MIN_ATHENA}..{MAX_ATHENA} cards counting "
                                      f"copies, got {total}")
        return out

    def check_missions(self, items: Any) -> list:
        self.list_("missions", items, 1)
        self.names("missions", items)
        total = 0
        out = copy.deepcopy(items)
        for m, o in zip(items, out, strict=True):
            w = f"missions.{m['name']}"
            self.keys(w, m, "missions")
            self.source(f"{w}.source", m["source"])
            for rival in ops.RIVAL_NAMES:
                side = self.keys(f"{w}.{rival}", m[rival], "side")
                cond = side["condition"]
                if not isinstance(cond, list) or len(cond) != 2:
                    self.fail(f"{w}.{rival}.condition",
                              f"expected [\"condition\", arg], got {show(cond)}")
                self.word(f"{w}.{rival}.condition", cond[0], ops.COND_NAMES[1:])
                self.int_(f"{w}.{rival}.condition.arg", cond[1], 0, 30)
                self.effect(f"{w}.{rival}.reward", side["reward"], allow_empty=False)
            discs = self.keys(f"{w}.discs", m["discs"], "discs")
            for rival in ops.RIVAL_NAMES:
                self.int_(f"{w}.discs.{rival}", discs[rival], 0, 2)
            total += self.int_(f"{w}.copies", m.get("copies", 1), 1, MAX_COPIES)
            o["copies"] = m.get("copies", 1)
        if not MIN_MISSIONS <= total <= MAX_MISSIONS:
            self.fail("missions", f"expected {MIN_MISSIONS}..{MAX_MISSIONS} cards counting "
                                  f"copies, got {total}")
        return out

    def check_oikos(self, o: Any) -> dict:
        self.keys("oikos", o, "oikos")
        self.source("oikos.source", o["source"])
        for key, param in (("unit_track", "unit_track_spaces"),
                           ("household", "household_spaces")):
            n = self.params[param]
            spaces = o[key]
            if not isinstance(spaces, list) or len(spaces) != n:
                got = len(spaces) if isinstance(spaces, list) else show(spaces)
                self.fail(f"oikos.{key}", f"expected exactly {n} spaces (params.{param}), "
                                          f"got {got}")
            for i, sp in enumerate(spaces):
                self.effect(f"oikos.{key}[{i}]", sp)
        return copy.deepcopy(o)

    def check_demagogue(self, items: Any) -> list:
        self.list_("demagogue", items, N_DEMAGOGUE, N_DEMAGOGUE)
        seen: dict[str, int] = {}
        for i, d in enumerate(items):
            w = f"demagogue.{i}"
            self.keys(w, d, "demagogue")
            self.source(f"{w}.source", d["source"])
            sp = self.word(f"{w}.space", d["space"], SPACE_NAMES)
            if sp in seen:
                self.fail(f"{w}.space", f"space {sp!r} is already card {seen[sp]}; each "
                                        "card has its own space")
            seen[sp] = i
            effects = self.list_(f"{w}.effects", d["effects"], 1, MAX_DEM_EFFECTS)
            for j, e in enumerate(effects):
                ew = f"{w}.effects[{j}]"
                if not isinstance(e, list) or len(e) != 2 or not isinstance(e[0], str):
                    self.fail(ew, f"expected [\"effect\", arg], got {show(e)}")
                self.word(ew, e[0], tuple(DEM_ARG_RANGE))
                self.int_(f"{ew}.arg", e[1], *DEM_ARG_RANGE[e[0]])
        return copy.deepcopy(items)


# --------------------------------------------------------------------------------------
# compile to tables
# --------------------------------------------------------------------------------------


class _Effects(EffectRows):
    """The effect table (``Tables.fx``), its steps given as (op word, argument)."""

    def __init__(self) -> None:
        super().__init__(MAX_STEPS, 2)

    def row(self, steps: list) -> int:
        return super().row([(ops.OP_NAMES.index(op), arg) for op, arg in steps])


def _arr(rows) -> np.ndarray:
    return np.ascontiguousarray(np.array(rows, dtype=np.int32))


def _compile(d: dict) -> tuple[Tables, dict[str, tuple[str, ...]]]:
    fx = _Effects()
    b = d["board"]
    board = ([ops.OFFICE_NAMES.index(o) for o in b["row_offices"]]
             + [ops.OFFICE_NAMES.index(o) for o in b["column_offices"]]
             + [ops.ACTION_NAMES.index(a) for a in b["row_actions"]]
             + [ops.ACTION_NAMES.index(a) for a in b["column_actions"]]
             + [b["market_unit_columns"][u] for u in ops.UNIT_NAMES] + [0])

    skill_names = tuple(s["name"] for s in d["skills"])
    skills = []
    for s in d["skills"]:
        col1 = s["amount"] if s["trigger"] in MODIFIER_TRIGGERS else fx.row(s.get("effect", []))
        skills.append([ops.TRIG_NAMES.index(s["trigger"]), col1, s["end_glory"], 0])

    roles = []
    for r in d["roles"]:
        su = r["setup"]
        row = [ops.RESOURCE_NAMES.index(r["day_resource"]), r["day_cost"],
               skill_names.index(r["starting_skills"][0]),
               skill_names.index(r["starting_skills"][1]),
               su["household"], su["stoa"], su["camp"]]
        for place in ("units_home", "units_piraeus", "units_camp"):
            row += [su[place][u] for u in ops.UNIT_NAMES]
        row += [fx.row(r["bonus"]), 0]
        roles.append(row)

    city_states = [[int(c["starting"]), ops.ICON_NAMES.index(c["glory_type"]),
                    fx.row(c["action"])] for c in d["city_states"]]

    athena, athena_names = [], []
    for a in d["athena_cards"]:
        row = [ops.ICON_NAMES.index(a["icon"]), a["glory"], fx.row(a["rewards"])]
        athena += [row] * a["copies"]
        athena_names += [a["name"]] * a["copies"]

    missions, mission_names = [], []
    for m in d["missions"]:
        row = []
        for rival in ops.RIVAL_NAMES:
            cond, arg = m[rival]["condition"]
            row += [ops.COND_NAMES.index(cond), arg, fx.row(m[rival]["reward"])]
        row += [m["discs"]["sparta"], m["discs"]["persia"]]
        missions += [row] * m["copies"]
        mission_names += [m["name"]] * m["copies"]

    unit_track = [fx.row(sp) for sp in d["oikos"]["unit_track"]]
    household = [fx.row(sp) for sp in d["oikos"]["household"]]

    demagogue = []
    for card in d["demagogue"]:
        row = [SPACE_NAMES.index(card["space"])]
        for name, arg in card["effects"]:
            row += [ops.DEM_NAMES.index(name), arg]
        demagogue.append(row + [0] * (1 + 2 * MAX_DEM_EFFECTS - len(row)))

    tables = Tables(
        params=_arr([d["params"][p.name] for p in PARAMS]),
        fx=fx.table(FX_ROWS_STEP),
        board=_arr(board),
        offer_columns=_arr(b["offer_columns"]),
        wayposts=_arr(b["wayposts"]),
        roles=_arr(roles),
        city_states=_arr(city_states),
        athena=_arr(athena),
        missions=_arr(missions),
        skills=_arr(skills),
        unit_track=_arr(unit_track),
        household=_arr(household),
        demagogue=_arr(demagogue),
    )
    names = {
        "roles": tuple(r["name"] for r in d["roles"]),
        "city_states": tuple(c["name"] for c in d["city_states"]),
        "athena_cards": tuple(athena_names),
        "missions": tuple(mission_names),
        "skills": skill_names,
    }
    return tables, names


def _sources(d: dict) -> list[str]:
    """Every item's provenance."""
    sources = [d["board"]["source"], d["oikos"]["source"]]
    for section in (*_NAMED_SECTIONS, "demagogue"):
        sources += [item["source"] for item in d[section]]
    return sources
