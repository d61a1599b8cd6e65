"""El monte (o banca) and el reto: the Spanish-deck games."""

from .reader import MONTE, RETO

FAMILIES = (MONTE, RETO)
