"""Roulettes, boule and the fortune wheel: the wheel, the bets on the cloth, the zero rule, the claims of the text."""

from .reader import FAMILY

FAMILIES = (FAMILY,)
