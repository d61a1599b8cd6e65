"""Caribbean stud poker, with and without the change of cards (póquer con y sin descarte)."""

from .reader import FAMILY

FAMILIES = (FAMILY,)
