"""Reading the parts of a circle poker game file that are a variant's own: how a hand runs (the deal, the betting
intervals, the showdown, checked against the engine's variant), Sintético's «resto», and what the regulation lint
compares across games (how the text's passages name the variants, a passage that repeats another game's, a
structure named like one of the general rules'). :class:`VariantReader` is a part of
:class:`~jokoak.games.circle.reader.CircleReader`."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from ...catalog import valid_id
from ...common import CommonReader
from ...models import NOTE_LANGUAGES, Citation
from ...schema import Reader, join
from ...yamlsrc import Map, Seq
from . import showdown as shown
from .spec import FIRST, STRUCTURE_KINDS, Deal, Interval, ListedName, Repeat, Resto, VariantList


class VariantReader:
    """The variant's own fields; the reader, its citations and the shared readers are :class:`CircleReader`'s."""

    r: Reader
    cite: Any
    common: CommonReader

    def hand(self, doc: Map, variant: Any) -> tuple[
            Deal | None, tuple[Interval, ...], tuple[int | None, tuple[Citation, ...], int | None,
                                                     tuple[Citation, ...]]] | None:
        """How a hand of the variant runs: the deal, the intervals, the showdown. The general rules have none of
        them (a hand is played only under a variant); a variant has all three."""
        keys = ("deal", "intervals", "showdown")
        if variant is None:
            given = [key for key in keys if key in doc and key not in doc.inherited]
            for key in given:
                self.r.error(doc, key, "", "the general rules play no hand: give it in each variant (variant)")
            return None if given else (None, (), (None, (), None, ()))
        missing = [key for key in keys if key not in doc]
        for key in missing:
            self.r.problems.add(self.r.file, doc.line, key, f"missing field (every variant gives its {key})")
        if missing:
            return None
        deal = self.deal(doc["deal"])
        intervals = self.intervals(doc, deal)
        showdown = self.showdown(doc["showdown"], variant, deal)
        if deal is None or intervals is None or showdown is None:
            return None
        return deal, intervals, showdown

    def same_as_engine(self, doc: Map, variant: str, decks: tuple[int, ...], figures: bool, deal: Deal,
                       used: int | None, low: int | None) -> bool:
        """The game file and the engine's variant (:func:`.showdown.variant`) say the same hand: the decks, the
        cards of a player and the common ones, how the hand is made, Figuras, the low hand. A difference is an
        error of the file (or of the engine): the examples would be played by other rules than the sheets say."""
        regulation = "extremadura" if "001" in getattr(self.cite, "allowed", ()) else "euskadi"
        wrong: list[str] = []
        for size in decks:
            try:
                engine = shown.variant(variant, regulation, size if len(decks) > 1 else None)  # type: ignore[arg-type]
            except ValueError as exc:
                self.r.error(doc, "deck", "", f"the engine does not play this deck: {exc}")
                return False
            if engine.deck.size != size:
                wrong.append(f"a deck of {engine.deck.size} cards, not {size}")
        found = {"hole": (engine.hole, deal.hole), "board": (engine.board, deal.board),
                 "boards": (engine.lines if engine.board else 1, deal.boards),
                 "hole_used": (2 if engine.make == "two-three" else None, used),
                 "figures": (engine.ranking.figures, figures), "low": (engine.split == "hi-low", low is not None)}
        wrong += [f"{key} {ours!r} where the engine has {theirs!r}" for key, (theirs, ours) in found.items()
                  if theirs != ours]
        if wrong:
            self.r.error(doc, "variant", "", f"the game file and the engine's {variant} differ: {'; '.join(wrong)} "
                         f"(the engine's lines: {engine.source})")
        return not wrong

    def deal(self, node: Any) -> Deal | None:
        path = "deal"
        if not self.r.keys(node, path, {"hole", "board", "source"}, {"boards", "up", "draw", "reading"}):
            return None
        self.common.reading(node, path)
        source = self.cite(node, "source", path)
        numbers = {key: self.r.integer(node, key, path, minimum=0, maximum=7) for key in ("hole", "board", "boards",
                                                                                          "up", "draw") if key in node}
        if None in numbers.values():
            return None
        hole, board = numbers["hole"] or 0, numbers["board"] or 0
        boards, up, draw = numbers.get("boards", 1) or 0, numbers.get("up", 0) or 0, numbers.get("draw", 0) or 0
        if hole < 2 or (board and board != 5) or not 1 <= boards <= 2 or up >= hole or draw > hole:
            self.r.error(node, None, path, f"expected two to seven cards a player (hole), none or five common cards "
                         f"(board) on one or two lines (boards), fewer face up (up) than dealt, got hole {hole}, "
                         f"board {board}, boards {boards}, up {up}")
            return None
        if hole + board < 5:
            self.r.error(node, None, path, f"expected at least five cards to make a hand, got {hole} of the player's "
                         f"and {board} common ones")
            return None
        return Deal(hole, board, boards, up, draw, source)

    def intervals(self, doc: Map, deal: Deal | None) -> tuple[Interval, ...] | None:
        found: list[Interval] = []
        broken = False
        for path, node in self.r.items(doc, "intervals", ""):
            if not self.r.keys(node, path, {"id", "name", "hole", "board", "first", "source"}, {"up", "reading"}):
                broken = True
                continue
            self.common.reading(node, path)
            name = self.r.text(node, "name", path)
            source = self.cite(node, "source", path)
            numbers = [self.r.integer(node, key, path, minimum=0, maximum=7) for key in ("hole", "up", "board")
                       if key in node]
            if node["first"] not in FIRST:
                self.r.error(node, "first", path, f"expected one of {', '.join(FIRST)}, got {node['first']!r}")
                broken = True
            elif None in numbers or name is None:
                broken = True
            else:
                found.append(Interval(str(node["id"]), name, int(node["hole"]), int(node.get("up", 0)),
                                      int(node["board"]), str(node["first"]), source))
        if broken or deal is None:
            return None
        seen = [(i.hole, i.up, i.board) for i in found]
        rising = all(a[0] <= b[0] and a[1] <= b[1] and a[2] <= b[2] for a, b in pairwise(seen))
        if not found or len({i.id for i in found}) != len(found) or not rising \
                or any(i.hole > deal.hole or i.up > min(deal.up, i.hole) or i.board > deal.board for i in found):
            self.r.error(doc, "intervals", "", f"expected the betting intervals in order, each id once, the cards seen "
                         f"never fewer than at the one before and never more than the deal gives ({deal.hole} a "
                         f"player, {deal.up} of them face up, {deal.board} common)")
            return None
        return tuple(found)

    def showdown(self, node: Any, variant: str, deal: Deal | None) -> tuple[
            int | None, tuple[Citation, ...], int | None, tuple[Citation, ...]] | None:
        path = "showdown"
        if not self.r.keys(node, path, {"hole_used", "source"}, {"low", "reading"}):
            return None
        self.common.reading(node, path)
        source = self.cite(node, "source", path)
        used = node["hole_used"]
        if used not in ("any", 2):
            self.r.error(node, "hole_used", path, f"expected any (the best five of all the cards) or 2 (exactly two "
                         f"of the player's and three common cards), got {used!r}")
            return None
        if used == 2 and (deal is None or deal.board != 5 or deal.hole < 2):
            self.r.error(node, "hole_used", path, "two of the player's cards and three common ones need five common "
                         "cards (deal.board)")
            return None
        low, low_source = None, ()
        if "low" in node:
            given = node["low"]
            if not self.r.keys(given, join(path, "low"), {"at_most", "source"}, {"reading"}):
                return None
            self.common.reading(given, join(path, "low"))
            low = self.r.integer(given, "at_most", join(path, "low"), minimum=5, maximum=9)
            low_source = self.cite(given, "source", join(path, "low"))
            if low is None:
                return None
        if (low is not None) != (variant == "omaha-hi-low"):
            self.r.error(node, "low" if "low" in node else None, path, "a low hand (low) is the Hi&Low variant's "
                         "alone, and it has one")
            return None
        return (None if used == "any" else 2), source, low, low_source

    def resto(self, node: Any) -> Resto | None:
        path = "resto"
        if not self.r.keys(node, path, {"initial", "topup", "source"}, {"reading"}):
            return None
        self.common.reading(node, path)
        source = self.cite(node, "source", path)
        found = []
        for key in ("initial", "topup"):
            value = node[key]
            if not isinstance(value, Seq) or len(value) != 2 or not all(type(v) is int and v > 0 for v in value) \
                    or value[0] > value[1]:
                self.r.error(node, key, path, "expected [lowest, highest] times the table minimum")
                return None
            found.append((int(value[0]), int(value[1])))
        return Resto(found[0], found[1], source)

    def same_name_as(self, node: Map, path: str) -> tuple[str, tuple[Citation, ...]] | None:
        """The general rules' structure of the same name: ``{kind, source}``."""
        given: Any = node["same_name_as"]
        where = join(path, "same_name_as")
        if not self.r.keys(given, where, {"kind", "source"}):
            return None
        if given["kind"] not in STRUCTURE_KINDS or given["kind"] == node["kind"]:
            self.r.error(given, "kind", where, f"expected the other kind the general rules give the name, one of "
                         f"{', '.join(STRUCTURE_KINDS)}, got {given['kind']!r}")
            return None
        return str(given["kind"]), self.cite(given, "source", where)

    def variant_lists(self, doc: Map) -> tuple[VariantList, ...] | None:
        """How each passage of the text names the variants (the general rules only)."""
        found: list[VariantList] = []
        for path, node in self.r.items(doc, "variant_lists", ""):
            if not self.r.keys(node, path, {"id", "source", "names"}):
                return None
            names: list[ListedName] = []
            for name_path, item in self.r.items(node, "names", path):
                if not self.r.keys(item, name_path, {"game", "name", "source"}):
                    return None
                text = self.r.string(item, "name", name_path)
                if not valid_id(item["game"]) or text is None:
                    if text is not None:
                        self.r.error(item, "game", name_path, f"expected a game's id, got {item['game']!r}")
                    return None
                names.append(ListedName(str(item["game"]), " ".join(text.split()), self.cite(item, "source",
                                                                                            name_path)))
            if not names:
                self.r.error(node, "names", path, "expected the variants the passage names")
                return None
            found.append(VariantList(str(node["id"]), self.cite(node, "source", path), tuple(names)))
        return tuple(found)

    def repeats(self, doc: Map) -> tuple[Repeat, ...] | None:
        """Passages of this game's text that repeat another game's."""
        found: list[Repeat] = []
        for path, node in self.r.items(doc, "repeats", ""):
            if not self.r.keys(node, path, {"source", "game", "other_source", "other_text"}, {"name", "reading"}):
                return None
            self.common.reading(node, path)
            text = self.r.string(node, "other_text", path)
            name = Reader(self.r.file, self.r.problems, NOTE_LANGUAGES, self.r.wording).text(node, "name", path) \
                if "name" in node else None
            if not valid_id(node["game"]) or text is None:
                if text is not None:
                    self.r.error(node, "game", path, f"expected a game's id, got {node['game']!r}")
                return None
            found.append(Repeat(self.cite(node, "source", path), str(node["game"]), self.cite(node, "other_source",
                                                                                              path),
                                " ".join(text.split()), name))
        return tuple(found)
