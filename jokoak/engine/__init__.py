"""Game mechanics: pure functions over exact fractions, no I/O. Rules come from the catalogue."""
