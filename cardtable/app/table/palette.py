"""The table's colours (the menus' are in ui)."""

BACKDROP = (18, 40, 30)
TABLE_FELT = (28, 96, 64)
RAIL = (70, 44, 26)
PANEL_GROUND = (24, 30, 28)  # the side panel
CURTAIN = (30, 22, 40)
CURTAIN_STRIPE = (40, 30, 54)
GLOW = (255, 214, 90)  # the seat to move, the pot, winners, a card that may be flipped
SELECT = (90, 200, 255)  # cards chosen in the hand
SPOT = (120, 230, 140)  # places on a grid where a card may go
LABEL = (220, 240, 225)  # zone labels on the felt
BEST = (250, 140, 220)  # the cards that make the viewer's best hand ("your hand")
