"""The decisions the Pillars of Heracles engine asks a seat's policy to make, and what the
columns of each option row hold.

At each decision the engine writes the legal options as rows of ``opts`` (``MAX_OPTIONS``
x ``OPT_WIDTH`` int32) and asks the seat's policy (``policy.choose``) for a row index. A
lone option is taken without asking. Where declining is legal, the "stop / no" option is
row 0 and holds -1 in column 0.
"""

import numpy as np

MAX_OPTIONS = 64
OPT_WIDTH = 4
# Column 1 of a ``deploy_space`` or ``move_to`` option: the space is a Ship's (a Sea or a
# Port), not a Land Unit's, whose Lands share numbers with the Seas.
SHIP_SPACE = 1

DECISION_FIELDS = (
    ("city_state", "City-state tile drafted, its Starting Resource tile, row position (step 11)"),
    ("project", "Land a Sea Ship gives its Power to this turn (p. 6)"),
    ("pay", "source of one Resource: kind (SRC_*), which (hand index, Land, Resource), "
            "Resource (p. 7)"),
    ("pay_choice", "which of a cost's alternatives is paid: a Resource code (pp. 10, 12)"),
    ("reward_card", "-1 none, else Procurement slot whose face-up card is taken (p. 7)"),
    ("mythology", "-1 nothing, 0 draw two and keep column 1's card in column 2's slot "
                  "(column 3: 1 discards that slot's card first), 1 Energise slot column 1 "
                  "for free (p. 7)"),
    ("place_city", "Land a gained Common City goes to (p. 7)"),
    ("mercenary", "-1 none, else Land with a City of the seat for a Mercenary Hoplite (p. 7)"),
    ("progress", "-1 no, else track stepped up (Domination, Consolidation, p. 8)"),
    ("tactical", "-1 stop, else hand index of a card added face down, the card, 1 when the "
                 "contest compares the seat's Power (a Siege: every seat; a Skirmish: the "
                 "attacker and the declared piece's owner) (p. 8, p. 15)"),
    ("siege_win", "0 remove the Pillar, 1 replace it with one's own, 2 take the City (p. 8)"),
    ("turn", "0 Advance Turn, 1 Replenish Turn (p. 8)"),
    ("play", "hand index of the card played for the Advance Turn (p. 8)"),
    ("rondel", "Rondel sections advanced: the card's Power, or 1 more / 1 fewer (pp. 7-8)"),
    ("council_draw", "cards drawn by a marker already on the landing section: 0, or 1 (2 with "
                     "Council of Elders) (p. 8, p. ~14)"),
    ("advance_part", "-1 end the Advance Turn, else DONE_* bit of the part done next (p. 8)"),
    ("discard", "-1 stop, else hand index of a card discarded before drawing (p. ~9)"),
    ("energise", "-1 stop, else Mythology slot Energised for its Wine (p. ~9)"),
    ("strategy", "Strategy stack whose face-up tile is taken (p. 6)"),
    ("deploy", "-1 stop, else Unit kind (deploy.UNIT_HERO: the Hero Unit, row 0), Player "
               "board row (p. 10, p. 16)"),
    ("build", "-1 stop, else Building kind (BUILD_CITY for a City), row (-1 moves a placed "
              "Building, whose Land is column 3), Land (p. 10)"),
    ("deploy_space", "space the chosen Unit goes to: a Sea, PORT + Land, or a Land; column 1 "
                     "SHIP_SPACE for a Ship's, column 2 the Unit kind (p. 10); also the "
                     "Sea of the starting Ship (step 12)"),
    ("build_land", "Land the chosen Building or City goes to, column 2 the Building kind "
                   "(BUILD_CITY) (p. 10)"),
    ("settle", "-1 stop, else Land Settled (p. ~11)"),
    ("pillar", "-1 none, else Land whose Pillar moves to the Settled Land (p. ~11)"),
    ("ascend", "-1 stop, else track, Resource paid (-1: Exile 3 Characters) (p. 12)"),
    ("after_ascend", "0 replenish the hand, 1 the Pillars and Energise (p. 12)"),
    ("procure", "-1 stop, else slot (from procure.EGYPT_SLOT: a Kingdom of Egypt card), "
                "Resource chosen of a '/' card (-1), the Monument's Wood or Marble (-1) (p. 10)"),
    ("exile", "-1 none, else 0 from hand / 1 from the discard pile, index (p. 10)"),
    ("move_unit", "-1 stop, else MOVE_SHIP and the Ship's piece, or MOVE_HOPLITE / "
                  "MOVE_WORKER / MOVE_ALL (Tactical Manoeuvre, p. ~14) / MOVE_HERO (p. 16) and the "
                  "Land left (p. 9)"),
    ("move_to", "space the Unit moves to: a Sea, PORT + Land, or a Land; column 1 SHIP_SPACE "
                "for a Ship's, column 2 the MOVE_* kind, column 3 the space it leaves (p. 9)"),
    ("free_action", "-1 none, else FREE_SIEGE and a Land for the Siege tile, FREE_PROPHECY "
                    "and a Region whose Prophecy is Fulfilled, FREE_CITY, FREE_LIGHTHOUSE, or "
                    "FREE_SKIRMISH and a Land for the Skirmish tile, or FREE_TIME, an Exile "
                    "for a Time marker (pp. 7-8, p. ~14, p. 15, p. ~18)"),
    ("end_ship", "-1 none, else a Ship piece and the Land of the Region it is placed on "
                 "before the Region is scored (p. 13)"),
    ("ability", "which ability of the card played is used: 0 its first, 1 its alternative "
                "(p. 8, p. 31)"),
    ("invoke", "-1 none, else 0 and the Mythology slot Invoked in another seat's turn (p. 8)"),
    ("ability_target", "what an ability step acts on (rules.abilities): a track; a Unit or "
                       "Building kind and its row; a Land; a seat and a Land, piece or slot; "
                       "a Kingdom of Egypt card's place"),
    ("archery", "-1 none, else an adjacent Land the seat's Hoplites on column 1's Land give "
                "their Power to this turn (Archery Mastery, p. ~14)"),
    ("archers", "how many of those Hoplites give 1 Power there instead of theirs "
                "(Archery Mastery, p. ~14)"),
    ("discount_step", "-1 no, else a track stepped up after the Rondel action, the Resource "
                      "paid (-1: free) and how many (Olympic Games, Architects of Prosperity, "
                      "Divine Ascent, p. ~14)"),
    ("polis", "track stepped up: the Region's of a Port holding the seat's Ship, that Land in "
              "column 1 (Polis Expansion, p. ~14)"),
    ("sphinx", "hand index of the card discarded for a Unit moved onto the Sphinx tile's "
               "Land (p. 31)"),
    ("perseus", "-1 no, else 0 and the removed Mythology card (column 1) whose ability is "
                "used (p. 31)"),
    ("return_row", "Player board row a piece taken off the map goes back to; column 1 its "
                   "section (board.SECTION_*), column 2 its Unit or Building kind (p. 15)"),
    ("skirmish", "piece a Skirmish takes: column 0 its seat, column 1 its kind "
                 "(removal.REMOVABLE), column 2 the Land; the attacker's own seat for the "
                 "Unit it loses (p. 15)"),
    ("barbarian_target", "Land a Barbarian tile (column 1) moves toward, its owner's choice "
                         "among Lands tied on every count (p. 15)"),
    ("draft_first", "0 a City-state first and a Hero tile in the second pass, 1 the other "
                    "way round (Legendary Heroes, p. 16)"),
    ("hero", "Hero tile taken, its place in the face-up row (p. 16)"),
    ("time_exile", "card Exiled toward a Time marker: column 0 where (destiny.EXILE_FROM), "
                   "column 1 the Prophecy card or pile index, column 2 its Glory (p. ~18)"),
    ("attack", "0 no, 1 attack the Tyrant on the Land of column 1, your Power there in "
               "column 2 and his in column 3 (Solo Mode, p. ~22)"),
    ("combat_card", "-1 stop, else hand index of a card of the space's Resource played in a "
                    "combat; column 2 the Power still needed (Solo Mode, p. ~22)"),
    ("retreat", "Land your Units go to from a lost combat's space (Solo Mode, p. ~22)"),
)
DECISION_NAMES = tuple(name for name, _ in DECISION_FIELDS)
# np.int32, not int: Numba types a global int as a literal, so every decision kind would
# compile its own copy of decide -> choose.
(D_CITY_STATE, D_PROJECT, D_PAY, D_PAY_CHOICE, D_REWARD_CARD, D_MYTHOLOGY, D_PLACE_CITY, D_MERCENARY,
 D_PROGRESS, D_TACTICAL, D_SIEGE_WIN, D_TURN, D_PLAY, D_RONDEL, D_COUNCIL_DRAW,
 D_ADVANCE_PART, D_DISCARD, D_ENERGISE, D_STRATEGY, D_DEPLOY, D_BUILD, D_DEPLOY_SPACE,
 D_BUILD_LAND, D_SETTLE, D_PILLAR,
 D_ASCEND, D_AFTER_ASCEND, D_PROCURE, D_EXILE, D_MOVE_UNIT, D_MOVE_TO, D_FREE_ACTION,
 D_END_SHIP, D_ABILITY, D_INVOKE, D_ABILITY_TARGET, D_ARCHERY, D_ARCHERS, D_DISCOUNT_STEP,
 D_POLIS, D_SPHINX, D_PERSEUS, D_RETURN_ROW, D_SKIRMISH, D_BARBARIAN_TARGET, D_DRAFT_FIRST,
 D_HERO, D_TIME_EXILE, D_ATTACK, D_COMBAT_CARD, D_RETREAT) = (
    np.int32(k) for k in range(len(DECISION_FIELDS)))
N_DECISIONS = len(DECISION_FIELDS)
