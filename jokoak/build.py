"""The build: validate everything, then render every output into a fresh folder and swap it in.

Phase one loads the catalogue, the gettext catalogs and the configuration, and runs the engine;
any problem stops the build before anything is written. Phase two writes into a temporary
folder beside the output and replaces the output only when everything succeeded, so a failed
build leaves the previous one untouched.

Each game's outputs (its model sheets, official text and data) are keyed by the hash of what they
depend on (the game file, the regulations, the templates, the catalogs, the package's code and the
build's date); the casino's (a sheet per table and language, and the print packs) by the
configuration and the games of its tables. Outputs whose key is unchanged are copied from the
previous build instead of being rendered again;
a Sphinx site is built again only when one of its sources changed (cache folder). The engine's
facts of each game (exact probabilities and house edges, some of which take seconds) are kept in the
same cache folder, keyed by the game's file, the same game elsewhere and the package.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import jinja2

from . import yamlsrc
from .approvals import Approvals, load_approvals
from .catalog import Played, load_catalog
from .config import Config, check_decisions, load_or_raise, table_specs
from .coverage import coverage
from .engine import memo
from .errors import BuildError, Problem
from .facts import GameFacts, bet_names, same_game_elsewhere
from .games import families
from .i18n import LANGUAGES, StrictTranslations, load_translations
from .kept import (
    MARKER,
    UNCHANGED,
    all_facts,
    casino_key,
    facts_digest,
    game_key,
    inputs_digest,
    part_keys,
    record,
    shared_digest,
    unchanged,
    with_drafts,
)
from .models import Catalog, Game, RegulationText, cite
from .progress import Progress
from .render import data, site, site_html
from .render.casino import casino_parts, pack_files, variants
from .render.casino import packs as casino_packs
from .render.env import make_env
from .render.review import ReviewContext, write_review
from .render.sheets import PackJob, PdfJob, Sheet, sheet_examples, sheet_html, sheet_job, write_pdfs
from .review import official_lines, sheet_rows, text_hashes
from .tablespec import json_schema
from .terms import Wording
from .texts import decima, draft_languages, own_languages, text_states
from .workers import forked_pool

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

    @property
    def sources(self) -> Path:
        """The regulation texts, ``../shared/sources/`` beside the repository (the review's coverage reads them)."""
        return self.root.parent / "shared" / "sources"


@dataclass
class Report:
    """What a build did: games rendered, games reused from the previous build."""

    rendered: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    stages: list[tuple[str, float]] = field(default_factory=list)  # each stage's name and wall-clock seconds
    laid_out: list[str] = field(default_factory=list)  # the PDFs laid out (the others were copied), without suffix


def build_date(given: dt.date | None = None) -> dt.date:
    """The date printed on the sheets: ``given``, else ``SOURCE_DATE_EPOCH`` (reproducible builds), else today."""
    if given is not None:
        return given
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if epoch.isdigit():
        return dt.datetime.fromtimestamp(int(epoch), dt.UTC).date()
    return dt.datetime.now(dt.UTC).date()


def sheet_variants(game: Game) -> list[tuple[str, ...]]:
    """One sheet per official language, and es|eu side by side where both are official."""
    return variants(game.languages)


def positive_expectations(config: Config, facts: dict[str, GameFacts]) -> dict[str, dict[str, tuple[Fraction | float,
                                                                                                      str]]]:
    """By table, the bets whose player expectation is positive there: as the text is written (the lint's
    findings), and as the table's own choices price them (a commission below the text's highest)."""
    found: dict[str, dict[str, tuple[Fraction | float, str]]] = {}
    for table in config.tables:
        game_facts_ = facts[table.game]
        game = game_facts_.game
        sources = {info.id: cite(info.source) for info in game.rules.bets}
        names = bet_names(game, "es")
        mine = {}
        for finding in game_facts_.findings:
            bet = str(finding.values.get("bet", ""))
            if (finding.check == "player-expectation" and not finding.holds and bet in names
                    and not finding.values.get("rejected_reading")):
                mine[bet] = (finding.values["edge"], sources.get(bet.split()[0], ""))
        priced = families()[game.engine].table_edges
        for bet, edge in (priced(game.rules, game_facts_, table) if priced else {}).items():
            if edge < 0:
                mine[bet] = (edge, sources.get(bet, ""))
        found[table.id] = mine
    return found


def build(project: Project, out: Path, config_path: Path | None = None, cache: Path | None = None,
          date: dt.date | None = None, require_approved: bool = False, check: bool = False,
          progress: Progress | None = None) -> Report:
    """Validate, render every output into a temporary folder, then swap it in for ``out``.

    ``require_approved``: refuse to print a casino's table whose sheet text is not approved as it is. ``check``:
    validate everything the build checks before it writes (the catalogue, the approvals, the messages, the
    configuration, every worked example played, the casino's decisions, the text of every sheet rendered) and write
    nothing, not even to the cache. ``progress``: where the stages are said and timed (silent by default)."""
    progress = progress or Progress(quiet=True)
    if not check:
        check_out(out)
    cache = cache or out.parent / ".jokoak-cache"
    inputs = inputs_digest((project.catalog, project.templates, project.locale, project.sources), config_path,
                           build_date(date), require_approved)
    if not check and unchanged(out, cache, inputs):
        with progress.stage(UNCHANGED):
            pass
        return Report(reused=sorted(key for key in _previous(out) if not key.startswith(f"{CASINO}:")),
                      stages=progress.stages)
    memo.keep_in(cache / "exact", not check)  # the exact computations, the review's comparisons: by content
    yamlsrc.keep_parsed(cache / "parsed", not check)
    with progress.stage("Reading the catalogue, the approvals, the messages and the configuration"):
        played = Played(cache / "examples", not check)
        catalog = load_catalog(project.catalog, project.sources, played)
        decima(catalog.texts)  # the site's page on the disposición adicional décima needs its text: stop now if missing
        approvals = load_approvals(project.catalog, LANGUAGES, {game.key for game in catalog.games},
                                   frozenset(text.key for text in catalog.texts))
        translations = load_translations(project.locale)
        misworded = Wording(catalog.terms).check_messages(project.locale, LANGUAGES)
        if misworded:
            raise BuildError(misworded)
        config = load_or_raise(config_path, catalog)
        shared = shared_digest(project.templates, project.locale, project.catalog)
        played.save()
        yamlsrc.save_parsed()
    with progress.stage("Computing the engine's facts of each game", total=len(catalog.games)) as step:
        facts = all_facts(catalog, facts_digest(project.catalog), cache, not check, step)
    with progress.stage("Checking the sheets' texts against the approvals"):
        check_decisions(config, positive_expectations(config, facts))
        day = build_date(date)
        compiled = None if check else cache / "jinja"
        html_envs = {lang: make_env(project.templates, lang, translations, "html", compiled) for lang in LANGUAGES}
        texts = {game.key: cached_texts(facts[game.key], html_envs, day, cache / "texts" / (
            game_key(game, shared, day, same_game_elsewhere(game, catalog.games)) + ".json"), not check)
            for game in catalog.games}
        states = {key: {lang: approvals.sheet_state(key, lang, *text_hashes(rows, official))
                        for lang, (rows, official) in by_lang.items()} for key, by_lang in texts.items()}
        drafts = {key: tuple(lang for lang, state in by_lang.items() if state != "aprobada")
                  for key, by_lang in states.items()}
        text_state = text_states(approvals, catalog.texts)  # the regulation texts': a draft only where ours in part
        drafts |= {text.key: draft_languages(text, text_state[text.key]) for text in catalog.texts}
        if require_approved:
            _require_approved(config, catalog, states, approvals, drafts)
    if check:
        return Report(stages=progress.stages)
    keys = {game.key: with_drafts(game_key(game, shared, day, same_game_elsewhere(game, catalog.games)),
                                  drafts[game.key]) for game in catalog.games}
    annex = annex_texts(config, catalog)
    annexed = tuple(drafts[text.key] for text in annex)
    keys[CASINO] = with_drafts(casino_key(config, shared, day, {game.key: game for game in catalog.games}, catalog,
                                          annex),
                         (*(drafts[t.game] for t in config.tables), *(drafts[h.game] for h in config.halls), *annexed))
    keys |= part_keys(config, catalog, shared, day, drafts, annex)
    out.parent.mkdir(parents=True, exist_ok=True)
    _clean_leftovers(out)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    staging.chmod(0o755)  # mkdtemp makes it private; the build is meant to be served and shared
    (staging / MARKER).write_text(MARKER_TEXT, "utf-8")
    try:
        report = _render(project, catalog, translations, config, facts, keys, day, out, staging, cache,
                         Approved(approvals, texts, states, drafts, text_state), html_envs, progress)
        with progress.stage("Swapping the new build in"):
            _swap(staging, out)
            record(out, cache, inputs)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    report.stages = progress.stages
    return report


@dataclass(frozen=True)
class Approved:
    """What the legal team approved, and where each game's texts stand against it."""

    approvals: Approvals
    texts: dict[str, dict[str, tuple[list[list[str]], list[str]]]]  # game → language → (sheet rows, official lines)
    states: dict[str, dict[str, str]]  # game → language → aprobada, pendiente or cambiada
    drafts: dict[str, tuple[str, ...]]  # game (or regulation text) → the languages it is watermarked in
    text_states: dict[str, dict[str, str]] = field(default_factory=dict)  # regulation text → language → state


def game_texts(facts: GameFacts, envs: dict[str, jinja2.Environment],
               day: dt.date) -> dict[str, tuple[list[list[str]], list[str]]]:
    """By language, the text of a game's model sheet (with every example it may print) and its official text:
    what an approval binds."""
    game = facts.game
    sheet = Sheet(facts, None, None, day, sheet_examples(facts, None))
    found = {}
    for lang in game.languages:
        rows = sheet_rows(sheet_html(envs, sheet, (lang,), "../../fonts"))
        found[lang] = ([row.get(lang, []) for row in rows], official_lines(game, lang))
    return found


def cached_texts(facts: GameFacts, envs: dict[str, jinja2.Environment], day: dt.date, path: Path,
                 writes: bool) -> dict[str, tuple[list[list[str]], list[str]]]:
    """:func:`game_texts`, kept at ``path`` (named by the game's key: everything its outputs depend on)."""
    try:
        kept = json.loads(path.read_text("utf-8"))
        return {str(lang): (list(rows), list(official)) for lang, (rows, official) in kept.items()}
    except (OSError, ValueError, AttributeError, TypeError):
        pass
    found = game_texts(facts, envs, day)
    if writes:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
        partial.write_text(json.dumps(found, ensure_ascii=False), "utf-8")
        partial.replace(path)
    return found


def _require_approved(config: Config, catalog: Catalog, states: dict[str, dict[str, str]],
                      approvals: Approvals, drafts: dict[str, tuple[str, ...]]) -> None:
    """A print run: every table's and bingo hall's sheet in every language of the regulation must be approved as it is
    now, and the annex prints no draft mark (a regulation text's wording restored by us must be approved as it is)."""
    problems = []
    games = {game.key: game for game in catalog.games}
    for key in sorted({table.game for table in config.tables} | {hall.game for hall in config.halls}):
        for lang, state in states[key].items():
            if state == "aprobada":
                continue
            problems.append(Problem(games[key].file, 1, f"approval ({lang})", f"the {lang} sheet of {key} "
                                    f"{_unapproved(approvals, key, lang)}: --require-approved refuses to print it"))
    for text in annex_texts(config, catalog):
        why = own_languages(text)  # what is ours in it: restored from an OCR copy, or our translation
        problems += [Problem(text.file, 1, f"approval ({lang})", f"the {lang} text of {text.key} (the print pack's "
                             f"annex, {OWN_WORDS[why[lang]]}) {_unapproved(approvals, text.key, lang)}: "
                             "--require-approved refuses to print it") for lang in drafts[text.key]]
    if problems:
        raise BuildError(problems)


OWN_WORDS = {"restored": "restored from an OCR copy", "translation": "our translation"}


def _unapproved(approvals: Approvals, key: str, lang: str) -> str:
    """Why a sheet or a text is not approved as it is now: it never was, or it changed since."""
    found = approvals.sheets.get((key, lang))
    return ("has no approval" if found is None else f"changed since its approval by {found.approval.by} on "
            f"{found.approval.date.isoformat()} ({found.approval.ref}); see the redline in build/review")


MARKER_TEXT = "This folder was written by jokoak's build_docs.py; the next build replaces it as a whole.\n"


def is_build(folder: Path) -> bool:
    """Whether ``folder`` is a build of ours: it has the marker, or, written before the marker was, a manifest
    of games beside the site and the sheets."""
    if (folder / MARKER).is_file():
        return True
    try:
        manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(manifest, dict) and "games" in manifest and (folder / "site").is_dir() and \
        (folder / "sheets").is_dir()


def check_out(out: Path) -> None:
    """Refuse an ``--out`` the build would harm: a file, a link, or a folder that holds something and is not a
    previous build (the build replaces its output folder as a whole)."""
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise BuildError([Problem(str(out), 1, "--out", "is not a folder: give a new folder or a previous build")])
    if out.is_dir() and any(out.iterdir()) and not is_build(out):
        raise BuildError([Problem(str(out), 1, "--out", f"holds files and is not a previous build (it has no "
                                  f"{MARKER}); the build replaces its output folder, so give a new or empty folder")])


def _clean_leftovers(out: Path) -> None:
    """Remove what a build killed before it could clean up left beside ``out``: its staging folders (each holds the
    marker from its first moment) and the previous build it was swapping out."""
    for leftover in out.parent.glob(f".{out.name}.*"):
        if leftover.is_symlink() or not leftover.is_dir():
            continue
        if (leftover / MARKER).is_file() or (leftover.name == f".{out.name}.old" and is_build(leftover)):
            shutil.rmtree(leftover, ignore_errors=True)


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


PDF_STAGE = "Laying out the PDFs"
CASINO = "casino"  # the manifest's entry for the casino's sheets and packs


def _render(project: Project, catalog: Catalog, translations: dict[str, StrictTranslations], config: Config,
            facts: dict[str, GameFacts], keys: dict[str, str], day: dt.date, out: Path, staging: Path,
            cache: Path, approved: Approved, html_envs: dict[str, jinja2.Environment], progress: Progress) -> Report:
    report = Report()
    text_envs = {lang: make_env(project.templates, lang, translations, "rst", cache / "jinja") for lang in LANGUAGES}
    shutil.copytree(FONTS, staging / "fonts", ignore=shutil.ignore_patterns("*.md", "COPYRIGHT"))
    shutil.copy(FONTS / "COPYRIGHT", staging / "fonts" / "COPYRIGHT")
    previous = _previous(out)
    manifest: dict[str, dict[str, object]] = {}
    downloads: site.Downloads = {}
    pdfs: list[PdfJob] = []
    packs: list[PackJob] = []
    with progress.stage("Writing the sheets' HTML, the official texts and the data"):
        for game in catalog.games:
            files = _game_files(game)
            if _reuse(previous.get(game.key), keys[game.key], files, out, staging):
                report.reused.append(game.key)
            else:
                pdfs += _render_game(game, facts[game.key], day, html_envs, text_envs, translations, keys[game.key],
                                     staging, approved.drafts[game.key])
                report.rendered.append(game.key)
            manifest[game.key] = {"key": keys[game.key], "files": files}
            downloads[game.key] = [(variant, staging / "sheets" / f"{_stem(game, variant)}.pdf")
                                   for variant in sheet_variants(game)]
        texts = annex_texts(config, catalog)
        rendered = False
        for name, files, render in casino_parts(config, facts, texts, day, html_envs, staging, approved.drafts):
            if not _reuse(previous.get(name), keys[name], files, out, staging):
                pdfs += render()
                rendered = True
            manifest[name] = {"key": keys[name], "files": files}
        files = pack_files(config)
        if not _reuse(previous.get(CASINO), keys[CASINO], files, out, staging):
            packs += casino_packs(config, facts, texts, day, html_envs, staging)
            rendered = True
        (report.rendered if rendered else report.reused).append(CASINO)
        manifest[CASINO] = {"key": keys[CASINO], "files": files}
    def review() -> float:
        started = time.perf_counter()
        schema = json_schema(catalog, table_specs(catalog))
        (staging / "config.schema.json").write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", "utf-8")
        (staging / "data").mkdir(exist_ok=True)
        (staging / "data" / "data.schema.json").write_text(
            json.dumps(data.data_schema(LANGUAGES), indent=2, ensure_ascii=False) + "\n", "utf-8")
        write_review(ReviewContext(catalog, facts, html_envs, approved.approvals, approved.texts, approved.states,
                                   day, _build_id(keys), coverage(catalog, project.sources, project.catalog),
                                   approved.text_states, approved.drafts), staging / "review")
        return time.perf_counter() - started

    # The review is written meanwhile, in a process forked from this one: a thread would hold up this process's own
    # work (the sites' sources) on a rebuild that lays out little.
    global _SIDE
    _SIDE = review  # what the forked process finds
    try:
        with forked_pool(1) as side:
            written = side.submit(_side)
            with progress.stage(PDF_STAGE, total=len(pdfs) + len(packs)) as step:
                laid_out = write_pdfs(pdfs, packs, step, cache / "laid-out")
            report.laid_out = [str(target.relative_to(staging)) for target in laid_out]
            _render_sites(project, catalog, facts, text_envs, html_envs, downloads, day, cache, (out, staging),
                          approved.drafts, progress, keys)
            seconds = written.result()
    finally:
        _SIDE = None
    progress.beside("Writing the review for the legal team and the schemas (beside the PDFs and the sites)", seconds,
                    after=PDF_STAGE)
    (staging / "manifest.json").write_text(json.dumps({"games": manifest}, indent=2, sort_keys=True) + "\n",
                                           "utf-8")
    return report


_SIDE: Callable[[], float] | None = None  # what the process forked by _render runs: the review


def _side() -> float:
    assert _SIDE is not None
    return _SIDE()


def _reuse(old: dict[str, object] | None, key: str, files: list[str], out: Path, staging: Path) -> bool:
    """Copy ``files`` from the previous build when their key is unchanged; False when they must be rendered."""
    if not old or old.get("key") != key or not all((out / f).is_file() for f in files):
        return False
    for relative in files:
        (staging / relative).parent.mkdir(parents=True, exist_ok=True)
        _link_or_copy(out / relative, staging / relative)
    return True


def _link_or_copy(source: Path, target: Path) -> None:
    """A hard link where the file system allows one (the previous build is removed once the new one is in, and no
    build writes into a file it did not create), else a copy."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


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


def annex_texts(config: Config, catalog: Catalog) -> list[RegulationText]:
    """The parts of the casino's regulation that are not games and apply to every table (how the tables run, the
    tournaments: ``annex: true`` in their files): the print pack's annex."""
    return [text for text in catalog.texts if text.regulation.id == config.regulation.id and text.annex]


def _render_game(game: Game, facts: GameFacts, day: dt.date, html_envs: dict[str, jinja2.Environment],
                 text_envs: dict[str, jinja2.Environment], translations: dict[str, StrictTranslations], key: str,
                 staging: Path, drafts: tuple[str, ...]) -> list[PdfJob]:
    """Write a game's model sheets (HTML), official text and data; return the PDFs still to lay out."""
    pdfs = []
    sheets = staging / "sheets" / game.regulation.id
    sheets.mkdir(parents=True, exist_ok=True)
    model = Sheet(facts, None, None, day, sheet_examples(facts, None), drafts)
    for variant in sheet_variants(game):
        pdfs.append(sheet_job(html_envs, model, variant, "../../fonts", staging / "sheets" / _stem(game, variant)))
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
    values = {"game": game.title(lang), "decree": game.wording.decree[lang], "article": game.article[lang]}
    return {
        "title": tr.format("%(game)s: official text", **values),
        "intro": tr.format("The official wording of %(decree)s, %(article)s. Each paragraph gives the lines of the "
                           "source it was taken from.", **values),
        "differs": tr.gettext("The Spanish and Basque official texts of this paragraph differ; the review records "
                              "the difference and the decision proposed for it, and whether the legal team approved "
                              "it."),
    }


def _build_id(keys: dict[str, str]) -> str:
    """The build's id: the hash of every output's key (the same inputs and date give the same id)."""
    return hashlib.sha256(json.dumps(keys, sort_keys=True).encode()).hexdigest()[:12]


def _render_sites(project: Project, catalog: Catalog, facts: dict[str, GameFacts],
                  envs: dict[str, jinja2.Environment], html_envs: dict[str, jinja2.Environment],
                  downloads: site.Downloads, day: dt.date, cache: Path, folders: tuple[Path, Path],
                  drafts: dict[str, tuple[str, ...]], progress: Progress, keys: dict[str, str]) -> None:
    """Write each language's sources, build the sites that changed or whose last build did not succeed (at the same
    time, each from its kept build where that gives the same bytes), copy them in (``folders``: the previous build's
    and the new one's: what the previous has as it is, linked)."""
    out, staging = folders
    builds = []
    with progress.stage("Writing the sites' sources"):
        data = {game.key: json.loads((staging / "data" / game.regulation.id / f"{game.id}.json").read_text("utf-8"))
                for game in catalog.games}
        for lang in LANGUAGES:
            work = cache / "site" / lang
            src, doctrees, html = work / "src", work / "doctrees", work / "html"
            changed = site.write_sources(src, envs[lang], html_envs[lang], lang, catalog, facts, data, downloads,
                                         project.templates, PROJECT_NAME, day, drafts, (cache / "pages", keys))
            if changed or not site_html.is_current(src, doctrees, html):
                builds.append((src, doctrees, html))
    with progress.stage("Building the sites (Sphinx)", total=100 * len(builds)) as step:
        done = 0.0

        def advance(fraction: float) -> None:
            nonlocal done
            step(100 * len(builds) * fraction - done)
            done = 100 * len(builds) * fraction

        site_html.build_html(builds, advance)
    with progress.stage("Copying the sites in"):
        for lang in LANGUAGES:
            work = cache / "site" / lang
            site.copy_tree(work / "html", staging / "site" / lang, previous=out / "site" / lang)
            site.copy_tree(work / "src", staging / "site-src" / lang, skip=("_extra", "_static", "_locale", "conf.py"),
                           previous=out / "site-src" / lang)
        (staging / "site" / "index.html").write_text(site.landing(html_envs), "utf-8")
