"""Load, validate, hash and compile the Aeolis content file.

``scenarios/aeolis/content.toml`` holds the map, technologies, Structures, Event cards,
Spells, Magi forms, Loot tokens and the Trade Wheel in words. This module lays a studio's
file over it (sim.games.content_files), checks it (one line ``ContentError`` naming file,
item, field and fix), applies ``params.*`` overrides, hashes the result and compiles it
into the int32 tables (``Tables``), packed into one record the njit kernels read as
``T.name[...]``. Effects are rows of ``Tables.fx`` (row 0 is the empty effect). Plain
NumPy only.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from sim.games import content_files as files
from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis.params import PARAM_INDEX, PARAMS
from sim.games.content_files import ContentError, Section, show, suggest
from sim.shipped import content_file

DEFAULT_PATH = content_file("aeolis")

TERRAINS = "LMSKCARTOH"  # land, mountain, sea, lake, city, Academy, Arena, Temple, Oracle, Harbor
ICONS = ".wscihrvugafplyzeq"
ICON_NAMES = ("none", "wood", "stone", "copper", "iron", "wheat", "horse", "village",
              "hunting", "mill", "salt", "fish", "pearl", "algae", "light", "void", "fire", "ice")
BUILDING_TERRAIN = {"acropolis": "C", "agora": "C", "academy": "A", "arena": "R",
                    "temple": "T", "oracle": "O", "harbor": "H"}
SEA_ICONS = set("fpla")  # icons of sea Structures (no building while a Plunder is out, p. 12)
UNREACHABLE = 99
MAX_REQ = 3
MAX_NAME = 60
MAX_TECH_ROWS = 20
MAX_TECH_COST = 50  # Research; the printed rows cost 1 to 3 (p. 15)
MAX_PRICE = 20  # Gold on the Trade Wheel; the printed prices are 1 to 3
MAX_WHEEL = 32  # Trade Wheel positions
WHEEL_SIDE = 2  # resources a position sells, buys or gives as alms
MAX_COST = 3  # resources a Blessing costs (Tables.card_cost)
MAX_DRAWS = 3  # draws in one round of a mode (Tables.schedule)
FT_NEEDS = 4  # resources Foreign Trade asks for at most
NEEDS = {"leather": L.UP_LEATHER, "bronze": L.UP_BRONZE, "iron": L.UP_IRON}
FORMS = ("serpent", "scorpio", "arachnai")
MAX_FLOW = 8
PRODUCTS = L.RESOURCES + ("worker",)
# Technologies the rules name (T.key_tech[KT_*] is the id, -1 when the content lacks it).
KEY_TECHS = ("fletching", "horse_breeding", "chivalry", "bronze_working", "witchcraft",
             "foreign_trade", "education")
(KT_FLETCHING, KT_HORSE_BREEDING, KT_CHIVALRY, KT_BRONZE_WORKING, KT_WITCHCRAFT,
 KT_FOREIGN_TRADE, KT_EDUCATION) = range(len(KEY_TECHS))


_EFFECT = ("effect",)
# The file's sections as a studio's file addresses them (sim.games.content_files).
SCHEMA = {
    "map": Section("Map", ("rows", "source"), listed=False),
    "modes": Section("Modes", (*L.MODES, "source"), listed=False),
    "tech_tree": Section("Technology tree", ("row_costs", "source"), listed=False),
    "tech": Section("Technology", ("name", "row", "requires", "expansion", *_EFFECT, "source"),
                    key="name"),
    "structure": Section("Structure", ("name", "tech", "icon", "products", "stone", "no_die",
                                       "source"), key="name"),
    "upgrade": Section("Upgrade", ("building", "level", "tech", "expansion", "source"),
                       key=("building", "level")),
    "card": Section("Event card", ("id", "kind", "name", "where", "cost", "power", "needs",
                                   "archers", "magic_resist", "affinity", "requires",
                                   "expansion", *_EFFECT, "source"), key="id"),
    "spells": Section("Spells", ("source",), listed=False),  # provenance of every Spell
    "spell": Section("Spell", ("name", "form", "color", "crystals", *_EFFECT, "backlash"),
                     key="name"),
    "magi_form": Section("Magi form", ("name", "capacity", "flow", "white", "source"),
                         key="name"),
    "loot": Section("Loot token", ("gain", "difficulty", "source")),
    "trade": Section("Trade", ("agora_only", "source"), listed=False),
    "wheel": Section("Trade Wheel position", ("sell", "buy", "alms")),
    "foreign_trade": Section("Foreign Trade", ("id", "needs", *_EFFECT, "source"), listed=False),
}


class Tables(NamedTuple):
    params: np.ndarray        # [param]
    land_ok: np.ndarray       # [hex] 1 when land units may stand there
    sea_ok: np.ndarray        # [hex] 1 when ships may stand there
    hex_icon: np.ndarray      # [hex] index into ICONS
    hex_row: np.ndarray       # [hex] map row (0 top)
    adj: np.ndarray           # [hex, 6] neighbours, -1 padded
    dist_land: np.ndarray     # [hex, hex] steps over land hexes (UNREACHABLE when none)
    dist_sea: np.ndarray      # [hex, hex] steps over sea hexes
    dist_any: np.ndarray      # [hex, hex] steps over land and sea (the Architect sails)
    city: np.ndarray          # [1] the city hex
    building_hex: np.ndarray  # [building] hex of each hero building
    tech_cost: np.ndarray     # [tech] Research cost
    tech_req: np.ndarray      # [tech, MAX_REQ] prerequisite techs, -1 padded
    tech_exp: np.ndarray      # [tech] expansion index, -1 core
    tech_fx: np.ndarray       # [tech] effect row on discovery
    key_tech: np.ndarray      # [KT_*] id of a technology the rules name, -1 absent
    st_tech: np.ndarray       # [structure] technology needed
    st_icon: np.ndarray       # [structure] map icon it must stand on
    st_prod: np.ndarray       # [structure, 2] products (resource, L.R_WORKER, -1 none)
    st_stone: np.ndarray      # [structure] 1 when it costs a Stone
    st_no_die: np.ndarray     # [structure] 1 when it never rolls the Production Die
    st_sea: np.ndarray        # [structure] 1 for sea Structures
    up_tech: np.ndarray       # [building, level 1..2] technology, -1 none
    up_exp: np.ndarray        # [building, level] expansion index, -1 core
    card_kind: np.ndarray     # [card] ops.K_*
    card_deck: np.ndarray     # [card] ops.DECK_*
    card_power: np.ndarray    # [card]
    card_needs: np.ndarray    # [card] UP_* bits required to roll the combat die
    card_archers: np.ndarray  # [card]
    card_resist: np.ndarray   # [card] Magic Resistance: half damage from Spells
    card_affinity: np.ndarray  # [card] colour of the countering Spell, -1
    card_where: np.ndarray    # [card] building the Philosopher visits, -1 anywhere
    card_cost: np.ndarray     # [card, 3, 2] (resource, amount), -1 padded
    card_fx: np.ndarray       # [card] effect row
    card_req: np.ndarray      # [card, MAX_REQ] Heroic requirement techs, -1 padded
    card_exp: np.ndarray      # [card] expansion index, -1 core
    schedule: np.ndarray      # [mode, round, 3] deck per draw, -1 none
    mode_rounds: np.ndarray   # [mode]
    sp_color: np.ndarray      # [spell]
    sp_crystals: np.ndarray   # [spell]
    sp_form: np.ndarray       # [spell] first Magi form that holds it
    sp_fx: np.ndarray         # [spell]
    sp_backlash: np.ndarray   # [spell]
    form_capacity: np.ndarray  # [form]
    form_flow: np.ndarray     # [form, MAX_FLOW, 2] arrows (from, to), -1 padded
    form_white: np.ndarray    # [form, sphere] 1 for white Spheres
    form_spheres: np.ndarray  # [form] Spheres in use (black included)
    loot: np.ndarray          # [token, 3] resource, amount, difficulty
    wheel: np.ndarray         # [position, 10] sell(res, price) x2, buy(res, price) x2, alms x2
    agora_only: np.ndarray    # [resource] 1 when tradeable only after the Agora upgrade
    ft_needs: np.ndarray      # [4] Foreign Trade resources
    ft_fx: np.ndarray         # [1] Foreign Trade reward row
    fx: np.ndarray            # [row, FX_WIDTH] effects


class Content(files.LoadedContent):
    """Aeolis' content: ``tables`` as kernels read them, ``T.card_kind[c]`` (fields as in
    ``Tables``)."""


def load_content(path: Path | None = None, overrides: dict[str, object] | None = None,
                 studio: Path | None = None) -> Content:
    """Read ``path`` (default: the shipped file), lay the ``studio`` file over it
    (sim.games.content_files.layer), apply ``overrides`` (``params.NAME`` or a content
    field such as ``card.12.power``, see ``sim.games.content_files.set_value``), validate
    and compile."""
    data, fname, studio_file = files.read_content(DEFAULT_PATH, SCHEMA, path, studio)
    params = {p.name: p.default for p in PARAMS}
    for key, value in (overrides or {}).items():
        if isinstance(key, str) and key.startswith("params."):
            _override(params, key, value, fname)
        else:
            files.set_value(data, key, value, SCHEMA, fname)
    data["params"] = params
    tables, names = _Compiler(fname).compile(data)
    return Content(packed=files.pack(tables), names=names, content_hash=files.content_hash(data),
                   assumed_share=files.assumed_share(_sources(data)), data=data,
                   studio=studio_file)


def _override(params: dict, key: str, value: object, fname: str) -> None:
    name = key.removeprefix("params.")
    if name not in PARAM_INDEX:
        raise ContentError(f"{fname}: unknown parameter {name!r}{suggest(name, PARAM_INDEX)} ; "
                           "see sim/games/aeolis/params.py")
    if isinstance(value, str):
        try:
            value = int(value)
        except ValueError:
            raise ContentError(f"{fname}: params.{name} = {value!r} is not a whole number") from None
    p = PARAMS[PARAM_INDEX[name]]
    if isinstance(value, bool) or not isinstance(value, int) or not p.low <= value <= p.high:
        raise ContentError(f"{fname}: params.{name} = {value!r} is out of range ; "
                           f"use {p.low}..{p.high}")
    params[name] = value


def neighbours(row: int, col: int, rows: int, cols: int) -> list[tuple[int, int]]:
    """Odd rows shifted right ("odd-r" offset hexes)."""
    if row % 2 == 0:
        cand = [(row, col - 1), (row, col + 1), (row - 1, col - 1), (row - 1, col),
                (row + 1, col - 1), (row + 1, col)]
    else:
        cand = [(row, col - 1), (row, col + 1), (row - 1, col), (row - 1, col + 1),
                (row + 1, col), (row + 1, col + 1)]
    return [(r, c) for r, c in cand if 0 <= r < rows and 0 <= c < cols]


def _distances(adj: np.ndarray, ok: np.ndarray) -> np.ndarray:
    n = adj.shape[0]
    dist = np.full((n, n), UNREACHABLE, np.int32)
    for start in range(n):
        if not ok[start]:
            continue
        dist[start, start] = 0
        queue = deque([start])
        while queue:
            h = queue.popleft()
            for nb in adj[h]:
                if nb >= 0 and ok[nb] and dist[start, nb] == UNREACHABLE:
                    dist[start, nb] = dist[start, h] + 1
                    queue.append(nb)
    return dist


class _Compiler:
    def __init__(self, fname: str):
        self.fname = fname
        self.fx_rows: list[list[int]] = [[0] * ops.FX_WIDTH]
        self.fx_index: dict[tuple, int] = {(): 0}

    def fail(self, where: str, msg: str):
        raise ContentError(f"{self.fname}: {where}: {msg}")

    def name(self, where: str, value: Any, choices, field: str) -> int:
        choices = list(choices)
        if value not in choices:
            self.fail(where, f"{field} {value!r} is unknown{suggest(value, choices)} ; choose "
                      f"from {', '.join(map(str, choices))}")
        return choices.index(value)

    def int_(self, where: str, value: Any, lo: int, hi: int, field: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            self.fail(where, f"{field} = {value!r} must be a whole number in {lo}..{hi}")
        return value

    def entries(self, where: str, value: Any, most: int, field: str, least: int = 0) -> list:
        """A list field of ``least`` to ``most`` entries (the table it fills has that many
        slots)."""
        if not isinstance(value, list) or not least <= len(value) <= most:
            self.fail(where, f"{field} = {show(value)} must be a list of {least} to {most} entries")
        return value

    def pair(self, where: str, value: Any, field: str) -> tuple[Any, Any]:
        if not isinstance(value, list) or len(value) != 2:
            self.fail(where, f"{field} entry {show(value)} must be a pair [a, b]")
        return value[0], value[1]

    def flag(self, where: str, item: dict, field: str) -> bool:
        """An optional true/false field (false when absent)."""
        value = item.get(field, False)
        if not isinstance(value, bool):
            self.fail(where, f"{field} = {value!r} must be true or false")
        return value

    def source(self, where: str, item: dict) -> None:
        src = item.get("source", "")
        if not (isinstance(src, str) and src.startswith(("rulebook p.", "assumed", "studio:"))):
            self.fail(where, "source must start with 'rulebook p. N', 'assumed: reason' or "
                             "'studio: file'")

    def effect(self, where: str, steps: Any, techs: list[str]) -> int:
        if not isinstance(steps, list) or len(steps) > ops.MAX_STEPS:
            self.fail(where, f"effect must be a list of at most {ops.MAX_STEPS} [op, a, b] steps")
        row: list[int] = []
        for step in steps:
            if not isinstance(step, list) or len(step) != 3:
                self.fail(where, f"effect step {step!r} must be [op, a, b]")
            op = self.name(where, step[0], ops.OP_NAMES, "op")
            a, b = step[1], step[2]
            if op in ops.RESOURCE_ARG:
                a = self.name(where, a, L.RESOURCES, "resource")
            elif op in ops.TECH_ARG:
                a = self.name(where, a, techs, "technology")
            a = self.int_(where, a, -20, 64, "effect argument")
            b = self.int_(where, b, -20, 20, "effect argument")
            row += [op, a, b]
        if sum(1 for k in range(0, len(row), 3) if row[k] in ops.TECH_ARG) > 1:
            self.fail(where, "an effect discovers at most one technology ; split it over two cards")
        key = tuple(row)
        if key not in self.fx_index:
            self.fx_index[key] = len(self.fx_rows)
            self.fx_rows.append([len(row) // 3] + row + [0] * (ops.FX_WIDTH - 1 - len(row)))
        return self.fx_index[key]

    def compile(self, d: dict) -> tuple[Tables, dict[str, tuple[str, ...]]]:
        params = np.array([d["params"][p.name] for p in PARAMS], np.int32)
        if params[PARAM_INDEX["morale_min"]] > 0 or params[PARAM_INDEX["morale_max"]] < 0:
            self.fail("params", "the Morale track must contain 0 ; keep morale_min <= 0 <= morale_max")
        exps = list(L.EXPANSIONS_ALL)
        for section, key in (("tech", "name"), ("structure", "name"), ("card", "id"),
                             ("spell", "name"), ("magi_form", "name")):
            for i, item in enumerate(d.get(section, [])):
                if not isinstance(item.get(key), str) or not 0 < len(item[key]) <= MAX_NAME:
                    self.fail(f"{section} {i}", f"{key} must be a string of 1 to {MAX_NAME} "
                                                "characters ; name it")
        board = self.map_(d.get("map", {}))
        techs = [t.get("name") for t in d.get("tech", [])]
        if len(set(techs)) != len(techs) or len(techs) > 64:
            self.fail("tech", "technology names must be unique (at most 64)")
        costs = [self.int_("tech_tree", c, 0, MAX_TECH_COST, "row cost") for c in self.entries(
            "tech_tree", d.get("tech_tree", {}).get("row_costs"), MAX_TECH_ROWS, "row_costs", 1)]
        n_t = len(techs)
        tech_cost = np.zeros(n_t, np.int32)
        tech_req = np.full((n_t, MAX_REQ), -1, np.int32)
        tech_exp = np.full(n_t, -1, np.int32)
        tech_fx = np.zeros(n_t, np.int32)
        for i, t in enumerate(d.get("tech", [])):
            where = f"tech {t.get('name')!r}"
            self.source(where, t)
            row = self.int_(where, t.get("row"), 0, len(costs) - 1, "row")
            tech_cost[i] = costs[row]
            reqs = self.entries(where, t.get("requires", []), MAX_REQ, "requires")
            for k, r in enumerate(reqs):
                tech_req[i, k] = self.name(where, r, techs, "prerequisite")
            if "expansion" in t:
                tech_exp[i] = self.name(where, t["expansion"], exps, "expansion")
            tech_fx[i] = self.effect(where, t.get("effect", []), techs)
        structs = d.get("structure", [])
        n_s = len(structs)
        st = {k: np.zeros(n_s, np.int32) for k in ("tech", "icon", "stone", "no_die", "sea")}
        st_prod = np.full((n_s, 2), -1, np.int32)
        for i, s in enumerate(structs):
            where = f"structure {s.get('name')!r}"
            self.source(where, s)
            st["tech"][i] = self.name(where, s.get("tech"), techs, "tech")
            icon = s.get("icon", "")
            if not isinstance(icon, str) or len(icon) != 1 or icon not in ICONS[1:]:
                self.fail(where, f"icon {icon!r} must be one map icon letter of {ICONS[1:]!r}")
            st["icon"][i] = ICONS.index(icon)
            st["sea"][i] = icon in SEA_ICONS
            prods = self.entries(where, s.get("products"), 2, "products", 1)
            for k, p in enumerate(prods):
                st_prod[i, k] = self.name(where, p, PRODUCTS, "product")
            st["stone"][i] = self.flag(where, s, "stone")
            st["no_die"][i] = self.flag(where, s, "no_die")
        up_tech = np.full((L.N_BUILDINGS, 3), -1, np.int32)
        up_exp = np.full((L.N_BUILDINGS, 3), -1, np.int32)
        for u in d.get("upgrade", []):
            where = f"upgrade {u.get('building')!r} level {u.get('level')!r}"
            self.source(where, u)
            b = self.name(where, u.get("building"), L.BUILDINGS, "building")
            lv = self.int_(where, u.get("level"), 1, 2, "level")
            up_tech[b, lv] = self.name(where, u.get("tech"), techs, "tech")
            if "expansion" in u:
                up_exp[b, lv] = self.name(where, u["expansion"], exps, "expansion")
        cards = self.cards(d.get("card", []), techs, exps)
        schedule, mode_rounds = self.modes(d.get("modes", {}))
        self.decks_filled(schedule, cards)
        spells = self.spells(d.get("spell", []), techs)
        forms = self.forms(d.get("magi_form", []))
        loot = self.loot(d.get("loot", []))
        wheel, agora_only = self.trade(d.get("trade", {}), d.get("wheel", []))
        ft = d.get("foreign_trade", {})
        self.source("foreign_trade", ft)
        ft_needs = np.array([self.name("foreign_trade", r, L.RESOURCES, "resource") for r in
                             self.entries("foreign_trade", ft.get("needs"), FT_NEEDS, "needs", 1)],
                            np.int32)
        ft_fx = np.array([self.effect("foreign_trade", ft.get("effect", []), techs)], np.int32)
        key_tech = np.array([techs.index(k) if k in techs else -1 for k in KEY_TECHS], np.int32)
        tables = Tables(
            params=params, **board, tech_cost=tech_cost, tech_req=tech_req, tech_exp=tech_exp,
            tech_fx=tech_fx, key_tech=key_tech, st_tech=st["tech"], st_icon=st["icon"], st_prod=st_prod,
            st_stone=st["stone"], st_no_die=st["no_die"], st_sea=st["sea"], up_tech=up_tech,
            up_exp=up_exp, **cards, schedule=schedule, mode_rounds=mode_rounds, **spells,
            **forms, loot=loot, wheel=wheel, agora_only=agora_only, ft_needs=ft_needs,
            ft_fx=ft_fx, fx=np.array(self.fx_rows, np.int32))
        names = {
            "techs": tuple(techs), "structures": tuple(s["name"] for s in structs),
            "cards": tuple(c["id"] for c in d.get("card", [])),
            "card_titles": tuple(c.get("name", c["id"]) for c in d.get("card", [])),
            "spells": tuple(s["name"] for s in d.get("spell", [])),
            "heroes": L.HEROES_ALL, "expansions": L.EXPANSIONS_ALL, "modes": L.MODES,
        }
        return tables, names

    def map_(self, m: dict) -> dict:
        self.source("map", m)
        rows = self.entries("map", m.get("rows"), L.N_HEX // L.N_COLS, "rows", 1)
        if not all(isinstance(r, str) for r in rows):
            self.fail("map", "rows must be strings of hex codes")
        rows = [r.split() for r in rows]
        if len(rows) * L.N_COLS != L.N_HEX or any(len(r) != L.N_COLS for r in rows):
            self.fail("map", f"rows must be {L.N_HEX // L.N_COLS} rows of {L.N_COLS} hexes")
        n = L.N_HEX
        land_ok, sea_ok = np.zeros(n, np.int32), np.zeros(n, np.int32)
        icon, hrow = np.zeros(n, np.int32), np.zeros(n, np.int32)
        adj = np.full((n, 6), -1, np.int32)
        found: dict[str, int] = {}
        for r, cells in enumerate(rows):
            for c, code in enumerate(cells):
                h = r * L.N_COLS + c
                where = f"map row {r} hex {c}"
                if len(code) != 2 or code[0] not in TERRAINS or code[1] not in ICONS:
                    self.fail(where, f"{code!r} must be terrain ({TERRAINS}) + icon ({ICONS})")
                t = code[0]
                land_ok[h] = t in "LMCARTOH"
                sea_ok[h] = t in "SCH"
                icon[h], hrow[h] = ICONS.index(code[1]), r
                if t in "CARTOH":
                    if t in found:
                        self.fail(where, f"terrain {t!r} appears twice ; the map has one of each")
                    found[t] = h
                for k, (nr, nc) in enumerate(neighbours(r, c, len(rows), L.N_COLS)):
                    adj[h, k] = nr * L.N_COLS + nc
        missing = [t for t in "CARTOH" if t not in found]
        if missing:
            self.fail("map", f"no {missing[0]!r} hex ; place the city and every hero building")
        building_hex = np.array([found[BUILDING_TERRAIN[b]] for b in L.BUILDINGS], np.int32)
        return dict(land_ok=land_ok, sea_ok=sea_ok, hex_icon=icon, hex_row=hrow, adj=adj,
                    dist_land=_distances(adj, land_ok), dist_sea=_distances(adj, sea_ok),
                    dist_any=_distances(adj, land_ok | sea_ok),
                    city=np.array([found["C"]], np.int32), building_hex=building_hex)

    def cards(self, items: list, techs: list[str], exps: list[str]) -> dict:
        n = len(items)
        if n > L.MAX_CARDS:
            self.fail("card", f"at most {L.MAX_CARDS} cards")
        ids = [c.get("id") for c in items]
        if len(set(ids)) != n:
            self.fail("card", "card ids must be unique")
        out = {k: np.zeros(n, np.int32) for k in ("card_kind", "card_deck", "card_power",
                                                  "card_needs", "card_archers", "card_resist",
                                                  "card_fx")}
        out["card_affinity"] = np.full(n, -1, np.int32)
        out["card_where"] = np.full(n, -1, np.int32)
        out["card_exp"] = np.full(n, -1, np.int32)
        out["card_cost"] = np.full((n, 3, 2), -1, np.int32)
        out["card_req"] = np.full((n, MAX_REQ), -1, np.int32)
        for i, c in enumerate(items):
            where = f"card {c.get('id')!r}"
            self.source(where, c)
            kind = self.name(where, c.get("kind"), ops.CARD_KINDS, "kind")
            out["card_kind"][i] = kind
            cid = str(c["id"])
            out["card_deck"][i] = self.deck_of(where, cid, kind)
            if kind in (ops.K_RAID, ops.K_PLUNDER, ops.K_INVASION, ops.K_UNREST):
                out["card_power"][i] = self.int_(where, c.get("power"), 1, 40, "power")
            for need in self.entries(where, c.get("needs", []), len(NEEDS), "needs"):
                out["card_needs"][i] |= NEEDS[list(NEEDS)[self.name(where, need, NEEDS, "need")]]
            out["card_archers"][i] = self.flag(where, c, "archers")
            out["card_resist"][i] = self.flag(where, c, "magic_resist")
            if kind == ops.K_DISASTER:
                out["card_affinity"][i] = self.name(where, c.get("affinity"), ops.COLORS, "affinity")
            if kind == ops.K_BLESSING:
                w = c.get("where", "any")
                out["card_where"][i] = -1 if w == "any" else self.name(where, w, L.BUILDINGS, "where")
                for k, entry in enumerate(self.entries(where, c.get("cost", []), MAX_COST, "cost")):
                    res, amount = self.pair(where, entry, "cost")
                    out["card_cost"][i, k] = (self.name(where, res, L.RESOURCES, "cost"),
                                              self.int_(where, amount, 1, 20, "cost amount"))
            for k, t in enumerate(self.entries(where, c.get("requires", []), MAX_REQ, "requires")):
                out["card_req"][i, k] = self.name(where, t, techs, "requires")
            if "expansion" in c:
                out["card_exp"][i] = self.name(where, c["expansion"], exps, "expansion")
            out["card_fx"][i] = self.effect(where, c.get("effect", []), techs)
        return out

    def deck_of(self, where: str, cid: str, kind: int) -> int:
        if kind == ops.K_BLESSING:
            return ops.DECK_B
        if kind == ops.K_HEROIC:
            return ops.DECK_H
        digits = int("".join(ch for ch in cid if ch.isdigit()) or 0)
        if kind == ops.K_INVASION:
            return ops.DECK_I1 if digits == 1 else ops.DECK_I2
        core = cid[:1] == "C" and cid[1:2].isdigit()
        age_one = digits <= 12 if core else digits <= 2  # p. 6: C1-C12, xC1-xC2 are Age I
        return ops.DECK_C1 if age_one else ops.DECK_C2

    def modes(self, m: dict) -> tuple[np.ndarray, np.ndarray]:
        self.source("modes", m)
        schedule = np.full((len(L.MODES), 20, 3), -1, np.int32)
        rounds = np.zeros(len(L.MODES), np.int32)
        for k, mode in enumerate(L.MODES):
            plan = m.get(mode)
            if not isinstance(plan, list) or not 1 <= len(plan) <= 20:
                self.fail("modes", f"{mode} must list 1..20 rounds of draws")
            rounds[k] = len(plan)
            for r, text in enumerate(plan):
                if not isinstance(text, str) or not 1 <= len(text.split()) <= MAX_DRAWS:
                    self.fail(f"modes.{mode}", f"round {r + 1} = {show(text)} must name 1 to "
                                               f"{MAX_DRAWS} decks, e.g. \"c1 b\"")
                for j, deck in enumerate(text.split()):
                    schedule[k, r, j] = self.name(f"modes.{mode}", deck, ops.DECKS[:5], "deck")
        return schedule, rounds

    def decks_filled(self, schedule: np.ndarray, cards: dict) -> None:
        """Every deck a mode draws from holds a core card (expansions are optional)."""
        core = cards["card_exp"] == -1
        for k, mode in enumerate(L.MODES):
            for deck in np.unique(schedule[k][schedule[k] >= 0]):
                if not np.any(core & (cards["card_deck"] == deck)):
                    self.fail(f"modes.{mode}", f"draws from deck {ops.DECKS[deck]!r}, which holds "
                                               "no core card ; add one or draw from another deck")

    def spells(self, items: list, techs: list[str]) -> dict:
        if len(items) > L.MAX_SPELLS:
            self.fail("spell", f"at most {L.MAX_SPELLS} spells")
        out = {k: np.zeros(len(items), np.int32) for k in
               ("sp_color", "sp_crystals", "sp_form", "sp_fx", "sp_backlash")}
        for i, s in enumerate(items):
            where = f"spell {s.get('name')!r}"
            out["sp_color"][i] = self.name(where, s.get("color"), ops.COLORS, "color")
            out["sp_crystals"][i] = self.int_(where, s.get("crystals"), 1, 12, "crystals")
            out["sp_form"][i] = self.name(where, s.get("form"), FORMS, "form")
            out["sp_fx"][i] = self.effect(where, s.get("effect", []), techs)
            out["sp_backlash"][i] = self.effect(where, s.get("backlash", []), techs)
        return out

    def forms(self, items: list) -> dict:
        cap = np.zeros(len(FORMS), np.int32)
        flow = np.full((len(FORMS), MAX_FLOW, 2), -1, np.int32)
        white = np.zeros((len(FORMS), L.N_SPHERES), np.int32)
        spheres = np.zeros(len(FORMS), np.int32)
        for f in items:  # the names are checked in ``compile``
            where = f"magi_form {f.get('name')!r}"
            self.source(where, f)
            k = self.name(where, f.get("name"), FORMS, "name")
            cap[k] = self.int_(where, f.get("capacity"), 1, 12, "capacity")
            for j, arrow in enumerate(self.entries(where, f.get("flow", []), MAX_FLOW, "flow")):
                a, b = self.pair(where, arrow, "flow")
                flow[k, j] = (self.int_(where, a, 0, L.N_SPHERES - 1, "flow"),
                              self.int_(where, b, 1, L.N_SPHERES - 1, "flow"))
                spheres[k] = max(spheres[k], a + 1, b + 1)
            for w in self.entries(where, f.get("white", []), L.N_SPHERES - 1, "white"):
                white[k, self.int_(where, w, 1, L.N_SPHERES - 1, "white")] = 1
        if np.any(cap == 0):
            self.fail("magi_form", f"every form needs an entry: {', '.join(FORMS)}")
        return dict(form_capacity=cap, form_flow=flow, form_white=white, form_spheres=spheres)

    def loot(self, items: list) -> np.ndarray:
        rows = []
        for i, t in enumerate(items):
            where = f"loot {i}"
            self.source(where, t)
            res, amount = self.pair(where, t.get("gain"), "gain")
            rows.append((self.name(where, res, L.RESOURCES, "gain"),
                         self.int_(where, amount, 1, 20, "amount"),
                         self.int_(where, t.get("difficulty"), 1, 100, "difficulty")))
        if not rows:
            self.fail("loot", "at least one Loot token is needed")
        return np.array(rows, np.int32)

    def trade(self, t: dict, positions: list) -> tuple[np.ndarray, np.ndarray]:
        self.source("trade", t)
        agora = np.zeros(L.N_RES, np.int32)
        for r in self.entries("trade", t.get("agora_only", []), L.N_RES, "agora_only"):
            agora[self.name("trade", r, L.RESOURCES, "agora_only")] = 1
        if not 1 <= len(positions) <= MAX_WHEEL:
            self.fail("wheel", f"the Trade Wheel needs 1 to {MAX_WHEEL} positions")
        wheel = np.full((len(positions), 10), -1, np.int32)
        for i, p in enumerate(positions):
            where = f"wheel {i}"
            for start, side in ((0, "sell"), (4, "buy")):
                for k, entry in enumerate(self.entries(where, p.get(side, []), WHEEL_SIDE, side)):
                    res, price = self.pair(where, entry, side)
                    wheel[i, start + 2 * k:start + 2 * k + 2] = (
                        self.name(where, res, L.RESOURCES, side),
                        self.int_(where, price, 0, MAX_PRICE, f"{side} price"))
            for k, res in enumerate(self.entries(where, p.get("alms", []), WHEEL_SIDE, "alms")):
                wheel[i, 8 + k] = self.name(where, res, L.RESOURCES, "alms")
        return wheel, agora


def _sources(d: dict) -> list[str]:
    """Every item's provenance, the tunables' included."""
    sources = [item.get("source", "") for key in ("tech", "structure", "upgrade", "card", "loot",
                                                  "magi_form") for item in d.get(key, [])]
    return sources + [p.source for p in PARAMS]
