"""Poker trijoker: the three bets let ride or withdrawn, the joker."""

from .reader import FAMILY

FAMILIES = (FAMILY,)
