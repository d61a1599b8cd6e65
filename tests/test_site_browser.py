"""The built site in a real browser (headless Chromium): Basque search, Basque interface.

``make test`` installs Chromium from Debian's packages when it is missing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--virtual-time-budget=10000"]


def render(url: str, profile: Path) -> str:
    """The page's DOM after its scripts ran."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    assert chromium, "Chromium is needed for the browser tests: apt-get install chromium"
    result = subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
                            capture_output=True, text=True, timeout=120, check=True)
    return result.stdout


def search(site: Path, query: str, profile: Path) -> list[str]:
    dom = render(f"file://{site}/search.html?q={query}", profile)
    results = dom[dom.index('id="search-results"'):]
    return re.findall(r'<a href="([^"#]+)(?:#[^"]*)?"', results)


@pytest.mark.parametrize(("query", "page"), [
    ("zangalatraba", "euskadi/ruleta-francesa.html"),        # a bet name, as written
    ("presondegi", "euskadi/ruleta-francesa-official.html"),  # a stem: finds «presondegian»
    ("zurtzak", "euskadi/ruleta-francesa.html"),
    ("erruleta", "euskadi/ruleta-francesa-official.html"),    # finds «erruletaren», «erruletako»…
])
def test_basque_words_are_found_by_the_search_page(built: Path, tmp_path: Path, query: str,
                                                   page: str) -> None:
    assert page in search(built / "site" / "eu", query, tmp_path)


def test_the_basque_site_speaks_basque(built: Path, tmp_path: Path) -> None:
    dom = render(f"file://{built}/site/eu/euskadi/ruleta-francesa.html", tmp_path)
    assert "Bilaketa azkarra" in dom and "Búsqueda rápida" not in dom
    assert 'hreflang="es"' in dom and "En castellano" in dom
