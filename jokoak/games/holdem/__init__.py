"""Texas hold'em against the house (Texas hold'em bonus poker, Texas poker)."""

from .reader import FAMILY

FAMILIES = (FAMILY,)
