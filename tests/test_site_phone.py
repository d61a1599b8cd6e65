"""The built site on a phone (390 px wide) and on a desktop, in a real browser (headless Chromium).

Every page of both sites is measured: a page never runs off the screen (a wide table scrolls in its own box), and
the search form is at the top. ``--dump-dom`` reports no layout, so each page is loaded into an ``<iframe>`` of the
screen's width inside a small harness page, whose script writes what it measured into its own DOM; one Chromium run
measures many pages. The language switch keeps the reader's place: the section of the link's target.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

PHONE, DESKTOP = 390, 1280
SEARCH_TOP = 600  # px: the search form and the language switch are on the first screen of a phone
MIN_FIELD = 150  # px: the search field has room for a few words
BATCH = 60  # pages per Chromium run
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--allow-file-access-from-files",
                  "--virtual-time-budget=60000"]
QUICK_SEARCH = {"es": "Búsqueda rápida", "eu": "Bilaketa azkarra"}  # Sphinx's own catalogs

# Loads each page in a frame of the given width and writes, per page: the document's width, where the first visible
# search field, its button and the language switch are, the field's label, and the last elements that stick out of
# the screen on either side, not in a box that scrolls.
MEASURE = """<!DOCTYPE html><html><body><pre id="out"></pre><script>
const pages = %(pages)s, width = %(width)d, results = {};
let left = pages.length;
function measure(frame, page) {
  const doc = frame.contentDocument, win = frame.contentWindow;
  const field = Array.from(doc.querySelectorAll('input[name="q"]')).find(e => e.getBoundingClientRect().height > 0);
  const out = [];
  for (const element of doc.body.querySelectorAll("*")) {
    const box = element.getBoundingClientRect();
    if ((box.right <= width + 1 && box.left >= -1) || box.width === 0) continue;
    let clipped = false;
    for (let up = element.parentElement; up && up !== doc.body; up = up.parentElement) {
      if (win.getComputedStyle(up).overflowX !== "visible") { clipped = true; break; }
    }
    if (!clipped) out.push(element.tagName.toLowerCase() + "." + element.className + " " + Math.round(box.right));
  }
  const place = element => {
    if (!element) return null;
    const box = element.getBoundingClientRect();
    return {left: box.left, right: box.right, top: box.top + win.scrollY, width: box.width};
  };
  results[page] = {width: doc.documentElement.scrollWidth, search: place(field),
                   button: place(field && field.form.querySelector('[type="submit"]')),
                   label: field ? (field.labels.length ? field.labels[0].textContent.trim() : field.placeholder) : null,
                   switch: place(doc.querySelector(".language-switch-top a")), out: out.slice(-3)};
  if (--left === 0) document.getElementById("out").textContent = JSON.stringify(results);
}
for (const page of pages) {
  const frame = document.createElement("iframe");
  frame.style.cssText = "width: " + width + "px; height: 900px; border: 0";
  frame.onload = () => measure(frame, page);
  frame.src = page;
  document.body.appendChild(frame);
}
</script></body></html>"""

# Opens each page at its anchor (or scrolled to the top of a section), clicks the language switch at the top and
# writes where it landed: the hash, and the heading of the section that holds the element it names.
SWITCH = """<!DOCTYPE html><html><body><pre id="out"></pre><script>
const cases = %(cases)s, results = [];
let left = cases.length;
function landed(frame, index) {
  const doc = frame.contentDocument, hash = decodeURIComponent(frame.contentWindow.location.hash.slice(1));
  const target = hash ? doc.getElementById(hash) : null;
  const section = target ? target.closest("section") : null;
  const heading = section ? section.querySelector(":scope > h1, :scope > h2, :scope > h3, :scope > h4") : null;
  results[index] = {url: frame.contentWindow.location.href, hash: hash, found: !!target,
                    heading: heading ? heading.firstChild.textContent.trim() : null};
  if (--left === 0) document.getElementById("out").textContent = JSON.stringify(results);
}
cases.forEach((c, index) => {
  const frame = document.createElement("iframe");
  frame.style.cssText = "width: 390px; height: 900px; border: 0";
  let opened = false;
  frame.onload = () => {
    if (opened) { landed(frame, index); return; }
    opened = true;
    const doc = frame.contentDocument;
    if (c.scroll) {
      const heading = Array.from(doc.querySelectorAll("div.body h2"))
        .find(h => h.firstChild.textContent.trim() === c.scroll);
      frame.contentWindow.scrollTo(0, heading.getBoundingClientRect().top + frame.contentWindow.scrollY + 4);
    }
    doc.querySelector(".language-switch-top a[hreflang]").click();
  };
  frame.src = c.url;
  document.body.appendChild(frame);
});
</script></body></html>"""


def chromium_dom(harness: Path, profile: Path) -> Any:
    """Run ``harness`` in headless Chromium and return the JSON its script wrote into ``pre#out``."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    assert chromium, "Chromium is needed for the browser tests: apt-get install chromium"
    result = subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--dump-dom",
                             harness.as_uri()], capture_output=True, text=True, timeout=600, check=True)
    found = re.search(r'<pre id="out">(.*?)</pre>', result.stdout, re.S)
    assert found and found.group(1), f"the harness wrote nothing: {result.stdout[-500:]}"
    return json.loads(html.unescape(found.group(1)))


def measure(pages: list[Path], width: int, tmp: Path) -> dict[str, dict[str, Any]]:
    """What each page measures in a frame ``width`` px wide, by the page's file URI."""
    results: dict[str, dict[str, Any]] = {}
    for start in range(0, len(pages), BATCH):
        harness = tmp / f"measure-{width}-{start}.html"
        uris = [page.as_uri() for page in pages[start:start + BATCH]]
        harness.write_text(MEASURE % {"pages": json.dumps(uris), "width": width}, "utf-8")
        results.update(chromium_dom(harness, tmp / "profile"))
    return results


def usable(place: dict[str, float] | None) -> bool:
    """Whether a control is whole on the phone's screen, within the first ``SEARCH_TOP`` px."""
    return place is not None and place["left"] >= 0 and place["right"] <= PHONE and place["top"] <= SEARCH_TOP


def site_pages(site: Path) -> list[Path]:
    """Every HTML page of a language's site (not the theme's files)."""
    return sorted(page for page in site.rglob("*.html")
                  if not any(part.startswith("_") for part in page.relative_to(site).parts))


def game_pages(site: Path) -> list[Path]:
    return [p for p in site.glob("*/*.html") if p.name != "index.html" and not p.stem.endswith("-official")]


def headings(page: Path) -> list[str]:
    """The page's second-level headings, in order (their text, without the permalink)."""
    return [html.unescape(h) for h in re.findall(r"<h2>([^<]*)<a class=\"headerlink\"", page.read_text("utf-8"))]


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_no_page_is_wider_than_a_phone_and_the_search_is_at_the_top(built: Path, tmp_path: Path, lang: str) -> None:
    site = built / "site" / lang
    pages = site_pages(site)
    assert len(game_pages(site)) >= 10 and (site / "search.html") in pages and (site / "index.html") in pages
    assert any(p.stem.endswith("-official") for p in pages)
    results = measure(pages, PHONE, tmp_path)
    assert len(results) == len(pages)
    wide = {uri: (r["width"], r["out"]) for uri, r in results.items() if r["width"] > PHONE + 1 or r["out"]}
    assert not wide, f"pages wider than {PHONE} px, or with something off the screen: {wide}"
    unusable = {uri: r for uri, r in results.items() if not all(
        usable(r[name]) for name in ("search", "button", *(("switch",) if r["switch"] else ())))}
    assert not unusable, f"pages whose search form or language switch is not on the first screen: {unusable}"
    assert all(r["search"]["width"] >= MIN_FIELD for r in results.values())
    if lang == "eu":  # every Basque page is also in Spanish (not every Spanish one in Basque)
        assert all(r["switch"] for r in results.values())
    labels = {r["label"] for uri, r in results.items() if not uri.endswith("/search.html")}
    assert labels == {QUICK_SEARCH[lang]}


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_no_page_is_wider_than_a_desktop(built: Path, tmp_path: Path, lang: str) -> None:
    results = measure(site_pages(built / "site" / lang), DESKTOP, tmp_path)
    wide = {uri: (r["width"], r["out"]) for uri, r in results.items() if r["width"] > DESKTOP + 1}
    assert not wide, f"pages wider than {DESKTOP} px: {wide}"


def test_the_language_switch_keeps_the_section(built: Path, tmp_path: Path) -> None:
    """From each section of a Spanish game page to the same section of the Basque page, whose ids differ (they
    come from the translated headings); the same from a section scrolled to without an anchor; the search page
    keeps its query."""
    es, eu = built / "site" / "es", built / "site" / "eu"
    page = "euskadi/ruleta-francesa.html"
    ids = re.findall(r'<section id="([^"]+)">\s*(?:<span id="[^"]+"></span>)*<h2>', (es / page).read_text("utf-8"))
    es_headings, eu_headings = headings(es / page), headings(eu / page)
    assert len(ids) == len(es_headings) == len(eu_headings) >= 3
    assert not set(ids) & set(re.findall(r'<section id="([^"]+)">', (eu / page).read_text("utf-8")))
    cases = [{"url": f"{(es / page).as_uri()}#{anchor}"} for anchor in ids]
    cases.append({"url": (es / page).as_uri(), "scroll": es_headings[-1]})
    cases.append({"url": f"{(es / 'search.html').as_uri()}?q=ruleta"})
    harness = tmp_path / "switch.html"
    harness.write_text(SWITCH % {"cases": json.dumps(cases)}, "utf-8")
    results = chromium_dom(harness, tmp_path / "profile")
    for result, expected in zip(results[:-1], [*eu_headings, eu_headings[-1]], strict=True):
        assert result["url"].split("#")[0] == (eu / page).as_uri()
        assert result["found"] and result["heading"] == expected, (result, expected)
    assert results[-1]["url"] == f"{(eu / 'search.html').as_uri()}?q=ruleta"
