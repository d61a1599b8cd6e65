"""Casino-game rules documentation: catalogue, engine, sheets, site and data.

The package reads one structured source per game (``catalog/``), checks it with the game
engine, and renders player sheets, the official text, a Sphinx site and JSON data.
"""

__version__ = "0.1.0"
