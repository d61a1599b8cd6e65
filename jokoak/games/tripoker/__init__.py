"""Three-card poker (tripóker): ante, play and the pair plus bonus."""

from .reader import FAMILY

FAMILIES = (FAMILY,)
