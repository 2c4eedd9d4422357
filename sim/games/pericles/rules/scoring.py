"""Final scoring and the winner (p. 17)."""

from sim.games.pericles import layout as L
from sim.games.pericles import params as P
from sim.games.pericles.rules.core import add_glory, hand_size
from sim.games.pericles.rules.missions import mission_fulfilled
from sim.games.pericles.rules.pieces import camp_count, units_home
from sim.games.pericles.rules.progress import slot_glory
from sim.jit import kernel


@kernel
def goods_glory(T, count):
    """One kind of goods: 1 scores 1, 2 score 4, 3 or more score 10."""
    if count <= 0:
        return 0
    if count == 1:
        return T.params[P.GOODS_GLORY_1]
    if count == 2:
        return T.params[P.GOODS_GLORY_2]
    return T.params[P.GOODS_GLORY_3]


@kernel
def final_scoring(s, T):
    """Add every final-scoring line to each real player's Glory, by source."""
    for seat in range(s[L.N_SEATS]):
        if seat == s[L.DEMAGOGUE]:
            continue
        home = units_home(s, seat) + s[L.DIPS_HOME + seat]
        add_glory(s, seat, home * T.params[P.HOME_PIECE_GLORY], L.SRC_END_HOME)
        track = 0
        for k in range(9):
            if s[L.PROGRESS + k] == seat:
                track += slot_glory(T.params, k % 3)
        for d in range(T.params[P.DIPLOMACY_SPACES]):
            if s[L.DIPLO_OWNER + d] == seat:
                track += T.athena[s[L.DIPLO_CARD + d], 1]
        add_glory(s, seat, track, L.SRC_END_TRACK)
        out = camp_count(s, seat)
        add_glory(s, seat, -T.params[P.OSTRACISM_SCALE] * out * out, L.SRC_END_OSTRACISM)
        # Citizens Governance has just returned count as used, and so do those a Culture
        # completion took back: they were placed this round (p. 17)
        if s[L.PHASE] == L.PHASE_ASSEMBLY:
            unused_small = (s[L.SMALL_UNLOCKED + seat] - s[L.SMALL_PLACED + seat]
                            - s[L.SMALL_BACK + seat])
            unused_large = s[L.LARGE_UNLOCKED + seat] - s[L.LARGE_PLACED + seat]
            add_glory(s, seat, unused_small * T.params[P.UNUSED_SMALL_GLORY]
                      + unused_large * T.params[P.UNUSED_LARGE_GLORY], L.SRC_END_CITIZENS)
        # only unfulfilled Missions score; a held Mission whose condition is met does not
        unfulfilled = 0
        for m in range(T.missions.shape[0]):
            if s[L.MISSION_LOC + m] == seat and not mission_fulfilled(s, T, seat, m):
                unfulfilled += 1
        add_glory(s, seat, min(unfulfilled * T.params[P.MISSION_END_GLORY],
                               T.params[P.MISSION_END_MAX]), L.SRC_END_MISSIONS)
        add_glory(s, seat, min(s[L.SILVER + seat], T.params[P.SILVER_END_MAX]), L.SRC_END_SILVER)
        add_glory(s, seat, goods_glory(T, s[L.AMPHORAS + seat]) + goods_glory(T, s[L.TROPHIES + seat])
                  + goods_glory(T, hand_size(s, seat)), L.SRC_END_GOODS)
        skills = 0
        for k in range(T.skills.shape[0]):
            if s[L.SKILL_LOC + k] == seat:
                skills += T.skills[k, 2]
        add_glory(s, seat, skills, L.SRC_END_SKILLS)


@kernel
def better(s, a, b):
    """True when seat a finishes ahead of seat b: more Glory, then more Silver."""
    ga = s[L.GLORY + a]
    gb = s[L.GLORY + b]
    return ga > gb or (ga == gb and s[L.SILVER + a] > s[L.SILVER + b])


@kernel
def rank_players(s, ranks, won):
    """Rank real players (ties share a rank); every player ranked 1 has won (p. 17)."""
    for a in range(s[L.N_SEATS]):
        ranks[a] = 0
        won[a] = 0
        if a == s[L.DEMAGOGUE]:
            continue
        r = 1
        for b in range(s[L.N_SEATS]):
            if b != s[L.DEMAGOGUE] and better(s, b, a):
                r += 1
        ranks[a] = r
        won[a] = 1 if r == 1 else 0
