"""Black jack: the deal, the player's choices, the side bets, the main bet's edge over the finite shoe."""

from .reader import FAMILY

FAMILIES = (FAMILY,)
