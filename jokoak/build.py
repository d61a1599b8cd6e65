"""The build: validate everything, then render every output into a fresh folder and swap it in.

Phase one loads the catalogue, the gettext catalogs and the configuration, and runs the engine;
any problem stops the build before anything is written. Phase two writes into a temporary
folder beside the output and replaces the output only when everything succeeded, so a failed
build leaves the previous one untouched.

Each game's outputs are keyed by the hash of what they depend on (the game file, the regulations,
the templates, the catalogs, the package's code and the game's table in the configuration). A
game whose key is unchanged is copied from the previous build instead of being rendered again;
a Sphinx site is built again only when one of its sources changed (cache folder). The engine's
facts of each game (exact probabilities and house edges, some of which take seconds) are kept in the
same cache folder, keyed by the game's file, the same game elsewhere and the package.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import shutil
import tempfile
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import jinja2

from . import __version__
from .catalog import load_catalog
from .config import Config, load_or_raise
from .facts import GameFacts, bet_names, game_facts, same_game_elsewhere
from .i18n import LANGUAGES, StrictTranslations, load_translations
from .models import Block, Catalog, Game, Section
from .render import data, site
from .render.env import make_env
from .render.sheets import PdfJob, sheet_html, write_pdfs

PACKAGE = Path(__file__).resolve().parent
PROJECT_NAME = "jokoak"
FONTS = PACKAGE / "fonts"


@dataclass
class Project:
    """Where the inputs are: the repository root holds catalog/, templates/ and locale/."""

    root: Path

    def __post_init__(self) -> None:
        self.root = self.root.resolve()

    @property
    def catalog(self) -> Path:
        return self.root / "catalog"

    @property
    def templates(self) -> Path:
        return self.root / "templates"

    @property
    def locale(self) -> Path:
        return self.root / "locale"


@dataclass
class Report:
    """What a build did: games rendered, games reused from the previous build."""

    rendered: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)


def _digest_tree(*paths: Path) -> str:
    digest = hashlib.sha256()
    for base in paths:
        for path in sorted(p for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            digest.update(str(path.relative_to(base)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def game_key(game: Game, shared: str, config: Config, others: list[Game]) -> str:
    """The hash of everything one game's outputs depend on (the same game elsewhere: its lint compares them)."""
    table = config.tables.get(game.key)
    parts = [shared, game.digest, config.casino, json.dumps(asdict(table) if table else None, default=str),
             *(other.digest for other in others)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:12]


def cached_facts(game: Game, others: list[Game], shared: str, cache: Path) -> GameFacts:
    """The engine's facts of ``game``, from the cache when nothing they depend on changed.

    The exact probabilities and house edges of some games take seconds (treinta y cuarenta's two rows,
    black jack's strategy); they depend only on the game's file, the same game elsewhere (whose payouts
    the lint compares) and the package, which ``shared`` covers. A cache that cannot be read is
    recomputed and written again."""
    key = hashlib.sha256("\n".join([shared, game.digest, *(o.digest for o in others)]).encode()).hexdigest()[:16]
    path = cache / "facts" / f"{key}.pickle"
    try:
        found = pickle.loads(path.read_bytes())
        if isinstance(found, GameFacts) and found.game.key == game.key:
            return replace(found, game=game)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
        pass
    found = game_facts(game, others)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    partial.write_bytes(pickle.dumps(found))
    partial.replace(path)  # never a half-written cache file
    return found


def sheet_variants(game: Game) -> list[tuple[str, ...]]:
    """One sheet per official language, and es|eu side by side where both are official."""
    langs = game.languages
    return [(lang,) for lang in langs] + ([langs] if len(langs) > 1 else [])


def build(project: Project, out: Path, config_path: Path | None = None, cache: Path | None = None) -> Report:
    """Validate, render every output into a temporary folder, then swap it in for ``out``."""
    catalog = load_catalog(project.catalog)
    translations = load_translations(project.locale)
    config = load_or_raise(config_path, catalog)
    shared = _digest_tree(project.templates, project.locale, PACKAGE) + (project.catalog / "regulations.yaml"
                                                                          ).read_text("utf-8")
    shared = hashlib.sha256((shared + __version__).encode()).hexdigest()
    cache = cache or out.parent / ".jokoak-cache"
    facts = {game.key: cached_facts(game, same_game_elsewhere(game, catalog.games), shared, cache)
             for game in catalog.games}
    keys = {game.key: game_key(game, shared, config, same_game_elsewhere(game, catalog.games))
            for game in catalog.games}
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    staging.chmod(0o755)  # mkdtemp makes it private; the build is meant to be served and shared
    try:
        report = _render(project, catalog, translations, config, facts, keys, out, staging, cache)
        _swap(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return report


def _swap(staging: Path, out: Path) -> None:
    old = out.with_name(f".{out.name}.old")
    if old.exists():
        shutil.rmtree(old)
    if out.exists():
        out.rename(old)
    staging.rename(out)
    if old.exists():
        shutil.rmtree(old)


def _previous(out: Path) -> dict[str, dict[str, object]]:
    try:
        manifest = json.loads((out / "manifest.json").read_text("utf-8"))
        return dict(manifest["games"])
    except (OSError, ValueError, KeyError):
        return {}


def _render(project: Project, catalog: Catalog, translations: dict[str, StrictTranslations], config: Config,
            facts: dict[str, GameFacts], keys: dict[str, str], out: Path, staging: Path, cache: Path) -> Report:
    report = Report()
    html_envs = {lang: make_env(project.templates, lang, translations, "html") for lang in LANGUAGES}
    text_envs = {lang: make_env(project.templates, lang, translations, "rst") for lang in LANGUAGES}
    shutil.copytree(FONTS, staging / "fonts", ignore=shutil.ignore_patterns("*.md", "COPYRIGHT"))
    shutil.copy(FONTS / "COPYRIGHT", staging / "fonts" / "COPYRIGHT")
    previous = _previous(out)
    manifest: dict[str, dict[str, object]] = {}
    downloads: site.Downloads = {}
    pdfs: list[PdfJob] = []
    for game in catalog.games:
        key = keys[game.key]
        files = _game_files(game)
        old = previous.get(game.key)
        if old and old.get("key") == key and all((out / f).is_file() for f in files):
            for relative in files:
                (staging / relative).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(out / relative, staging / relative)
            report.reused.append(game.key)
        else:
            pdfs += _render_game(game, facts[game.key], config, key, html_envs, text_envs, translations, staging)
            report.rendered.append(game.key)
        manifest[game.key] = {"key": key, "files": files}
        downloads[game.key] = [(variant, staging / "sheets" / f"{_stem(game, variant)}.pdf")
                               for variant in sheet_variants(game)]
    write_pdfs(pdfs)
    _render_review(catalog, facts, html_envs["es"], staging)
    _render_sites(project, catalog, facts, text_envs, downloads, cache, staging)
    (staging / "manifest.json").write_text(json.dumps({"games": manifest}, indent=2, sort_keys=True) + "\n",
                                           "utf-8")
    return report


def _stem(game: Game, variant: tuple[str, ...]) -> str:
    """``euskadi/ruleta-francesa.es-eu``: where a game's output in ``variant`` goes, without suffix."""
    return f"{game.key}.{'-'.join(variant)}"


def _game_files(game: Game) -> list[str]:
    files = []
    for variant in sheet_variants(game):
        stem = f"sheets/{_stem(game, variant)}"
        files += [f"{stem}.html", f"{stem}.pdf"]
    files += [f"official/{_stem(game, variant)}.html" for variant in sheet_variants(game)]
    files.append(f"data/{game.key}.json")
    return files


def _render_game(game: Game, facts: GameFacts, config: Config, key: str, html_envs: dict[str, jinja2.Environment],
                 text_envs: dict[str, jinja2.Environment], translations: dict[str, StrictTranslations],
                 staging: Path) -> list[PdfJob]:
    """Write a game's HTML outputs and data; return the PDFs still to lay out."""
    table = config.tables.get(game.key)
    pdfs = []
    sheets = staging / "sheets" / game.regulation.id
    sheets.mkdir(parents=True, exist_ok=True)
    for variant in sheet_variants(game):
        html = sheet_html(html_envs, facts, table, config.casino, key, variant, fonts_url="../../fonts")
        stem = staging / "sheets" / _stem(game, variant)
        stem.with_name(stem.name + ".html").write_text(html, "utf-8")
        pdfs.append((html, sheets, stem.with_name(stem.name + ".pdf")))
    official = staging / "official" / game.regulation.id
    official.mkdir(parents=True, exist_ok=True)
    sections = game.sections()
    for variant in sheet_variants(game):
        labels = {lang: _official_labels(translations[lang], game, lang) for lang in variant}
        html = html_envs[variant[0]].get_template("official/official.html.jinja").render(
            langs=variant, labels=labels, sections=sections, tables=getattr(game.rules, "tables", {}),
            fonts_url="../../fonts")
        (staging / "official" / f"{_stem(game, variant)}.html").write_text(html, "utf-8")
    target = staging / "data" / game.regulation.id / f"{game.id}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(data.game_data(facts, text_envs, key), "utf-8")
    return pdfs


def _official_labels(tr: StrictTranslations, game: Game, lang: str) -> dict[str, str]:
    values = {"game": game.title(lang), "decree": game.version.decree[lang], "article": game.article[lang]}
    return {
        "title": tr.gettext("%(game)s: official text") % values,
        "intro": tr.gettext("The official wording of %(decree)s, %(article)s. Each paragraph gives the lines of the "
                            "source it was taken from.") % values,
        "differs": tr.gettext("The Spanish and Basque official texts of this paragraph differ; the review report "
                              "records the difference and the decision taken."),
    }


def _render_review(catalog: Catalog, facts: dict[str, GameFacts], env: jinja2.Environment, staging: Path) -> None:
    games = []
    for game in catalog.games:
        notes: list[tuple[Section, Block | None, str, str]] = []
        for _depth, section in game.sections():
            notes += [(section, None, kind, text) for kind, text in section.notes]
            for block in section.blocks:
                notes += [(section, block, kind, text) for kind, text in block.notes]
        names = bet_names(game, "es")
        games.append({"facts": facts[game.key], "names": names, "notes": notes})
    html = env.get_template("review/review.html.jinja").render(games=games)
    (staging / "review.html").write_text(html, "utf-8")


def _render_sites(project: Project, catalog: Catalog, facts: dict[str, GameFacts],
                  envs: dict[str, jinja2.Environment], downloads: site.Downloads, cache: Path,
                  staging: Path) -> None:
    """Write each language's sources, build the sites that changed (at the same time), copy them in."""
    builds = []
    for lang in LANGUAGES:
        work = cache / "site" / lang
        src, doctrees, html = work / "src", work / "doctrees", work / "html"
        changed = site.write_sources(src, envs[lang], lang, catalog, facts, downloads, project.templates,
                                     PROJECT_NAME)
        if changed or not (html / "index.html").is_file():
            builds.append((src, doctrees, html))
    site.build_html(builds)
    for lang in LANGUAGES:
        work = cache / "site" / lang
        site.copy_tree(work / "html", staging / "site" / lang)
        site.copy_tree(work / "src", staging / "site-src" / lang, skip=("_sheets", "_static", "conf.py"))
