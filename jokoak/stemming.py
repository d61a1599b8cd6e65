"""The stemmers of the sites' search: a Basque declension stripper, and Spanish Snowball behind a normaliser.

Each stemmer runs twice: in Python when Sphinx builds a site's search index, and in JavaScript when a reader
types a query (the ``js_stemmer_code`` Sphinx writes into ``_static/language_data.js``). A word finds its pages
only if both give it the same stem, so the rules are written once, as data: each language is a :class:`Spec`
(suffix tables, minimum stem, protected endings, letters to fold), :func:`stem` applies it in Python and
:func:`js_stemmer` writes it as JSON into a JavaScript engine of the same few lines. The site tests run the
JavaScript in Chromium over every word of both sites and compare its stems with these.

Basque. Nouns take their case endings with or without the article (``apustu``, ``apustua``, ``apustuak``,
``apustuaren``, ``apustuei``, ``apustuetako``…), and endings stack (``bankuarenaren``, ``apustuetakoren``).
:data:`BASQUE` strips the case endings from the right, the longest first, again and again while the stem keeps
three letters, then trims what a stem-final -a, -e, -t or -r left of the word's own ending, so that the organic
-a of ``erruleta`` and ``karta`` and the -e- of ``oihalera`` meet: ``erruleta``, ``erruletan``, ``erruletako``,
``erruletaren`` and ``erruletak`` all give ``errul``. The endings that take an -e- after a consonant (-ra/-era,
-ko/-eko, -tik/-etik, -z/-ez) are stripped without it only after a vowel (``kartako`` is ``karta`` + ``-ko``, not
``kar`` + ``-tako``); ``-ik`` only after a consonant. The agent endings ``-lari`` and ``-kari`` are never cut
into (``jokalari``, ``bankari``). Derivation (``-tasun``, ``-garri``, ``-tzaile``) and verbs are left alone. The
Basque site's 3,429 words (stop words and numbers aside) give 1,589 stems, and each query of the user test now
finds every page where a word of its family appears (searched in Chromium; before, with whole words): «erruletan»
12 of 12 pages (4), «erruletako» 12 (3), «erruletak» 12 (2), «zeroarekin» 14 of 14 (1), «apustuei» 34 of 34 (5),
«kartarekin» 26 of 26 (7), «bankuaren» 21 of 21 (13).

Snowball's Basque stemmer (Sphinx 9 ships it in JavaScript, snowballstemmer in Python) was measured first and
is not used. Its two versions agree on every word of the site, but it leaves case endings whole or cuts them
unevenly (``erruletak`` → ``errulet`` but ``erruleta`` → ``errul``; ``kartaren``, ``apustuei``, ``bankuaren``,
``zeroa`` unchanged), and run after this stripper it merges words a reader keeps apart: ``jokalari``,
``jokaldi`` and ``jokatu`` (player, round, to play) all become ``jok``, ``zenbaki`` and ``zenbatzen`` (number,
counting) ``zenba``, ``lau`` and ``lauki`` (four, square) ``lau``: the site's 1,589 stems would be 1,298
(Snowball alone gives 1,754).

Spanish. Sphinx's Snowball stemmer is kept, behind :data:`SPANISH`: accents are folded first, because
Snowball reads them in its suffixes and a reader often leaves them out (``deberá`` → ``deb`` but ``debera`` →
``deber``; ``aquí``/``aqui``), then the plural is made singular, because Snowball stems some plurals apart from
their singulars (``máximo`` → ``maxim``, ``máximos`` → ``max``; ``lugar`` → ``lug``, ``lugares`` → ``lugar``), and
the accent of a final -ión is put back, which Snowball needs to strip -ción. On the Spanish site, of 3,762
queries (every word, with and without its accents) 99 missed pages with plain Snowball and 14 do now, all of
them stop words («cómo», «éste»); of its 406 singular/plural pairs 60 missed and 42 do now, all stop words,
single letters, numbers, and the plurals of singulars in -s (``seis``/``seises``). In Chromium: «maximos» finds
100 of the 100 pages with «máximo(s)» (40 before), «lugares» 22 of 22 (2), «linea» 100 of 100 (63), «debera» 40
of 40 (0); «apuesta(s)», «número», «numero», «números», «sesión», «sesion» found all their pages already.

>>> [stem(word, BASQUE) for word in ("erruleta", "erruletan", "erruletako", "erruletaren", "erruletak")]
['errul', 'errul', 'errul', 'errul', 'errul']
>>> sorted({stem(word, BASQUE) for word in ("apustua", "apustuei", "apustuetako", "apusturako", "apustutakoak")})
['apustu']
>>> [stem(word, BASQUE) for word in ("jokalari", "jokalariak", "jokalarik", "zeroarekin", "bankuarenaren")]
['jokalari', 'jokalari', 'jokalari', 'zero', 'banku']
>>> [stem(word, SPANISH) for word in ("Número", "numero", "números", "sesión", "sesion", "sesiones")]
['numer', 'numer', 'numer', 'sesion', 'sesion', 'sesion']
>>> stem("máximos", SPANISH) == stem("maximo", SPANISH), stem("lugares", SPANISH) == stem("lugar", SPANISH)
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Set
from dataclasses import dataclass, field
from functools import cache

import snowballstemmer  # type: ignore[import-untyped]

Rule = tuple[str, str, str]
"""``(ending, before, replacement)``: ``ending`` becomes ``replacement`` when the letter before it is allowed by
``before`` (:data:`ANY`, :data:`VOWEL`, :data:`CONSONANT`, or the letters themselves)."""

ANY = ""
VOWEL = "aeiou"
CONSONANT = "!aeiou"  # a leading ! allows every letter but those that follow


@dataclass(frozen=True)
class Phase:
    """Rules tried in order, the first that applies wins; with ``repeat``, again on the result until none does."""

    rules: tuple[Rule, ...]
    repeat: bool


@dataclass(frozen=True)
class Spec:
    """A stemmer as data: what :func:`stem` and the JavaScript of :func:`js_stemmer` both read."""

    phases: tuple[Phase, ...]
    min_stem: int = 3  # letters a rule must leave before its replacement
    protected: tuple[str, ...] = ()  # endings no rule may cut into
    fold: Mapping[str, str] = field(default_factory=dict)  # letters replaced before the rules
    snowball: str = ""  # a Snowball algorithm run after the rules (its Python and JavaScript versions)


def _strip(before: str, *endings: str) -> tuple[Rule, ...]:
    return tuple((ending, before, "") for ending in endings)


def _longest_first(*groups: tuple[Rule, ...]) -> tuple[Rule, ...]:
    return tuple(sorted((rule for group in groups for rule in group), key=lambda rule: -len(rule[0])))


BASQUE_CASE_ENDINGS = _longest_first(
    # absolutive and ergative: the article (or the organic -a), the plural, the ergative
    _strip(ANY, "a", "ak", "ek"), _strip(VOWEL, "k"),
    # dative
    _strip(ANY, "ari", "ei"), _strip(VOWEL, "ri"),
    # possessive genitive
    _strip(ANY, "aren", "en"), _strip(VOWEL, "ren"),
    # comitative, and «-ekiko» (with respect to)
    _strip(ANY, "arekin", "ekin", "arekiko", "ekiko"), _strip(VOWEL, "rekin", "rekiko"),
    # benefactive
    _strip(ANY, "arentzat", "entzat", "arentzako", "entzako"), _strip(VOWEL, "rentzat", "rentzako"),
    # causal
    _strip(ANY, "arengatik", "engatik", "agatik"), _strip(VOWEL, "rengatik"),
    # the animate locatives (in, to, from someone)
    _strip(ANY, "arengan", "engan", "arengana", "engana", "arengandik", "engandik"),
    _strip(VOWEL, "rengan", "rengana", "rengandik"),
    # instrumental
    _strip(ANY, "az", "ez"), _strip(VOWEL, "z"),
    # inessive: singular, after a consonant, plural, indefinite
    _strip(ANY, "an", "ean", "etan"), _strip(VOWEL, "tan"),
    # local genitive
    _strip(ANY, "eko", "etako"), _strip(VOWEL, "ko", "tako"),
    # ablative
    _strip(ANY, "etik", "etatik"), _strip(VOWEL, "tik", "tatik"),
    # allative, destinative, terminative, directional
    _strip(ANY, "era", "etara", "erako", "etarako", "eraino", "etaraino", "erantz", "etarantz"),
    _strip(VOWEL, "ra", "tara", "rako", "tarako", "raino", "taraino", "rantz", "tarantz"),
    # partitive and prolative
    _strip(VOWEL, "rik"), _strip(CONSONANT, "ik"), _strip(ANY, "tzat"),
)
"""Basque case endings, each as it follows a vowel, a consonant or both (``-ra``/``-era``, ``-ko``/``-eko``)."""

BASQUE_STEM_ENDINGS: tuple[Rule, ...] = (
    ("r", "r", ""),  # a final -rr- before a vowel ending: «croupierra», «bakarra»
    ("t", VOWEL, ""),  # what «-tan», «-tako»… leave of a stem in -ta: «erruleta», «pilota»
    ("r", VOWEL, ""),  # what «-ra», «-rako»… leave of a stem in -ra: «hasiera», «aukera»
    ("e", ANY, ""),  # the organic or linking -e: «kolore», «bidea», «jokatzea»
)
"""Stem-final letters trimmed after the case endings, so that the stems of every form meet."""

BASQUE = Spec(
    phases=(Phase(BASQUE_CASE_ENDINGS, repeat=True), Phase(BASQUE_STEM_ENDINGS, repeat=True)),
    min_stem=3,
    protected=("lari", "kari"),
)
"""The Basque declension stripper (see the module's docstring)."""

SPANISH = Spec(
    phases=(
        Phase((("bles", ANY, "ble"), ("ntes", ANY, "nte"), ("es", CONSONANT, ""), ("s", ANY, "")), repeat=False),
        Phase((("ion", ANY, "ión"),), repeat=False),
    ),
    min_stem=3,
    fold={"á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u", "ü": "u"},
    snowball="spanish",
)
"""Spanish: accents folded, the plural made singular (-bles and -ntes are the plurals of -ble and -nte, which
Snowball strips whole), -ión accented again, then Snowball."""


def _allowed(letter: str, before: str) -> bool:
    if before.startswith("!"):
        return letter not in before[1:]
    return not before or letter in before


def _apply(word: str, rules: tuple[Rule, ...], spec: Spec) -> str | None:
    """The word after the first rule that applies, or None."""
    for ending, before, replacement in rules:
        cut = len(word) - len(ending)
        if cut < spec.min_stem or not word.endswith(ending) or not _allowed(word[cut - 1], before):
            continue
        if any(p in word[max(cut - len(p) + 1, 0):cut + len(p) - 1] for p in spec.protected):
            continue  # the cut would fall inside a protected ending
        return word[:cut] + replacement
    return None


@cache
def _snowball(algorithm: str) -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer(algorithm)


def stem(word: str, spec: Spec, stopwords: Set[str] = frozenset()) -> str:
    """The stem of ``word`` under ``spec``, lowercase; a stop word, or a word whose stem is one, is kept whole.

    Sphinx indexes no stop word, so a word stemmed to one would be lost (``bateko``, «of one», to ``bat``).

    >>> stem("Kartarekin", BASQUE), stem("kartei", BASQUE), stem("kartak", BASQUE)
    ('kart', 'kart', 'kart')
    >>> stem("Bateko", BASQUE), stem("Bateko", BASQUE, {"bat"})
    ('bat', 'bateko')
    >>> stem("apuestas", SPANISH), stem("Apuesta", SPANISH)
    ('apuest', 'apuest')
    """
    lower = word.lower()
    if lower in stopwords:
        return lower
    word = "".join(spec.fold.get(letter, letter) for letter in lower)
    for phase in spec.phases:
        while (result := _apply(word, phase.rules, spec)) is not None:
            word = result
            if not phase.repeat:
                break
    word = _snowball(spec.snowball).stemWord(word) if spec.snowball else word
    return lower if word in stopwords else word


_JS_ENGINE = """\
/* The search stemmer of jokoak (jokoak/stemming.py): the rules of its Python twin, as data. */
var Stemmer = function () {
  const SPEC = %(spec)s;
  const STOP = typeof stopwords === "undefined" ? new Set() : stopwords; // Sphinx's, from language_data.js
  const snowball = SPEC.snowball ? new %(snowball_class)s() : null;
  const letters = (text) => Array.from(text);
  const allowed = (letter, before) =>
    before.startsWith("!") ? !before.slice(1).includes(letter) : !before || before.includes(letter);
  const apply = (word, rules) => {
    for (const [ending, before, replacement] of rules) {
      const cut = word.length - ending.length;
      const stem = word.slice(0, Math.max(cut, 0));
      if (!word.endsWith(ending) || letters(stem).length < SPEC.min_stem) continue;
      if (!allowed(letters(stem).pop(), before)) continue;
      if (SPEC.protected.some((p) => word.slice(Math.max(cut - p.length + 1, 0), cut + p.length - 1).includes(p)))
        continue;
      return stem + replacement;
    }
    return null;
  };
  this.stemWord = function (word) {
    const lower = word.toLowerCase();
    if (STOP.has(lower)) return lower;
    word = letters(lower).map((c) => (Object.hasOwn(SPEC.fold, c) ? SPEC.fold[c] : c)).join("");
    for (const phase of SPEC.phases) {
      let result;
      while ((result = apply(word, phase.rules)) !== null) {
        word = result;
        if (!phase.repeat) break;
      }
    }
    word = snowball ? snowball.stemWord(word) : word;
    return STOP.has(word) ? lower : word;
  };
};
"""


def js_stemmer(spec: Spec, snowball_js: str = "") -> str:
    """The JavaScript ``Stemmer`` class of ``spec`` for Sphinx's ``language_data.js``, whose ``stopwords`` it reads.

    ``snowball_js`` is the JavaScript of the Snowball algorithm the spec names (Sphinx ships it), which must
    define ``<Algorithm>Stemmer``.

    >>> code = js_stemmer(BASQUE)
    >>> code.count("var Stemmer = function"), '["arentzako", "", ""]' in code
    (1, True)
    """
    if bool(spec.snowball) != bool(snowball_js):
        raise ValueError("the JavaScript of the Snowball stemmer is needed exactly when the spec names one")
    data = {
        "phases": [{"rules": [list(rule) for rule in phase.rules], "repeat": phase.repeat} for phase in spec.phases],
        "min_stem": spec.min_stem, "protected": list(spec.protected), "fold": dict(spec.fold),
        "snowball": spec.snowball,
    }
    engine = _JS_ENGINE % {"spec": json.dumps(data, ensure_ascii=False),
                           "snowball_class": f"{spec.snowball.capitalize()}Stemmer" if spec.snowball else "Object"}
    return f"{snowball_js}\n{engine}" if snowball_js else engine
