"""Runs the worked examples of the generated site pages (``build/site-src``) as doctests, with Sybil.

The README's test command builds the site first; ``tests/test_outputs.py`` checks that those
pages are the ones the current sources produce, and that every game's examples are there.
"""

from pathlib import Path

from sybil import Sybil
from sybil.parsers.rest import DocTestParser

SITE_SOURCES = Path(__file__).resolve().parent / "build" / "site-src"

pytest_collect_file = Sybil(
    parsers=[DocTestParser()],
    patterns=["*.rst"],
    path=str(SITE_SOURCES),
).pytest()
