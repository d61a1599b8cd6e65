"""Pai Gow poker: the two hands set from seven cards, the house way, the commission."""

from .reader import FAMILY

FAMILIES = (FAMILY,)
