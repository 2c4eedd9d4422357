"""Solo Mode's Resource and Land Type wheels (p. ~21): how the Tyrant orders Regions,
tracks and Lands when his rules leave a choice.

The Resource wheel holds one Resource tile per Track tile, in the order the Track tiles
run clockwise round the board (``Tables.score_order``), the face-down tile standing for
the Titan track's Wild. Each space of the Land Type wheel lies beside two spaces of the
Resource wheel (decision 55: spaces 2k and 2k + 1). A choice starts at the Active card's
Resource and goes clockwise: a Region or track by the Resource wheel, a Land by its
Region on the Resource wheel, then by its icon on the Land Type wheel (the Build example,
p. ~26, picks the Region first, then the icon).
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import ST_ICONS, ST_RESOURCES, WILD
from sim.jit import kernel

FAR_RANK = 1 << 20  # a rank past every Land's


@kernel
def solo_mode(s):
    return s[L.ADDONS] & L.ADDON_SOLO != 0


@kernel
def wheel_space(s, resource):
    """The Resource wheel's space holding ``resource`` (WILD: the face-down tile)."""
    for k in range(L.WHEEL):
        if s[L.SOLO_WHEEL + k] == resource:
            return k
    return 0


@kernel
def set_wheels(s, T):
    """After step 20 (p. ~21): the Resource wheel in the Track tiles' clockwise order; the
    Tyrant's first Land icon beside his first preferred Resource, or beside his second
    when the first shares a Land Type space with Wild; the other icons clockwise after it
    in his order."""
    side = s[L.SIDE]
    for k in range(L.WHEEL):
        s[L.SOLO_WHEEL + k] = T.tracks[s[L.REGION_TRACK + T.score_order[side, k]], 0]
    tile = s[L.CITY_STATE + L.TYRANT]
    wild_space = wheel_space(s, WILD) // 2
    first = wheel_space(s, T.solo_tiles[tile, ST_RESOURCES]) // 2
    if first == wild_space:
        first = wheel_space(s, T.solo_tiles[tile, ST_RESOURCES + 1]) // 2
    for j in range(L.ICON_WHEEL):
        s[L.SOLO_ICONS + (first + j) % L.ICON_WHEEL] = T.solo_tiles[tile, ST_ICONS + j]


@kernel
def region_rank(s, T, region, resource):
    """0 for the Region the wheel starts at from ``resource``, 1 for the next clockwise..."""
    side = s[L.SIDE]
    start = wheel_space(s, resource)
    for k in range(L.WHEEL):
        if T.score_order[side, (start + k) % L.WHEEL] == region:
            return k
    return L.WHEEL


@kernel
def track_rank(s, T, track, resource):
    """A track's rank: that of the Region its Track tile lies in."""
    for region in range(L.N_REGIONS):
        if s[L.REGION_TRACK + region] == track:
            return region_rank(s, T, region, resource)
    return L.WHEEL


@kernel
def icon_rank(s, icon, resource):
    """0 for the Land icon beside ``resource``, then clockwise round the Land Type wheel."""
    start = wheel_space(s, resource) // 2
    for j in range(L.ICON_WHEEL):
        if s[L.SOLO_ICONS + (start + j) % L.ICON_WHEEL] == icon:
            return j
    return L.ICON_WHEEL


@kernel
def land_rank(s, T, land, resource):
    """A Land's place in the Tyrant's order from ``resource``: its Region first, then its
    icon; lower is preferred, and no two Lands of the board share one."""
    side = s[L.SIDE]
    return (region_rank(s, T, T.land_region[side, land], resource) * L.ICON_WHEEL
            + icon_rank(s, T.land_icon[side, land], resource))
