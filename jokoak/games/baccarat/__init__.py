"""The baccara games: punto y banca, chemin de fer and baccara a dos paños, with their drawing tables."""

from .chemin_reader import DOS_PANOS
from .chemin_reader import FAMILY as CHEMIN
from .reader import FAMILY

FAMILIES = (FAMILY, CHEMIN, DOS_PANOS)
