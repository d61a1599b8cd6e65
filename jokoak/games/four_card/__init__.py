"""Four-card poker (póquer de cuatro cartas): the ante and the raise, the dealer's qualification."""

from .reader import FAMILY

FAMILIES = (FAMILY,)
