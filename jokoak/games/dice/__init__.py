"""Dice: craps and banca francesa, their rolls, bets and layouts."""

from .reader import FAMILY

FAMILIES = (FAMILY,)
