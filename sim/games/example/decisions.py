"""The choices Dice Race asks a seat's policy, and the columns of their option rows."""

# The one decision: after a scoring roll, bank the turn total or roll again (rules §3).
# An option row holds its action in column 0.
D_ROLL = 0
DECISION_NAMES = ("roll_or_hold",)
HOLD, ROLL = 0, 1
ACTION_NAMES = ("hold", "roll")
MAX_OPTIONS = 2
OPT_WIDTH = 1
