"""Treinta y cuarenta: the coups of red and black, the refait."""

from .reader import FAMILY

FAMILIES = (FAMILY,)
