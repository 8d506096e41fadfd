"""SudokuPad's own compact puzzle format (``scl``), read into and written from the
package's JSON puzzle record.

A SudokuPad link ``https://sudokupad.app/scl<PAYLOAD>`` (also ``ctc<PAYLOAD>``, or
``?puzzle=scl<PAYLOAD>``) carries the puzzle as SudokuPad draws it: ``PAYLOAD`` is
lz-string ``compressToBase64`` of a JSON object, either strict JSON or SudokuPad's
*zipped* JSON, whose keys are shortened (``ce`` cells, ``re`` regions, ``ca`` cages,
``l`` lines, ``a`` arrows, ``o`` overlays, ``u`` underlays, ``wp`` wayPoints, ``ct``
center, ``c``/``c1``/``c2`` colours, ...), unquoted, with ``'`` for ``"``, ``t``/``f`` for
true/false, ``#0``/``#F`` for black/white, bare ``RRGGBB`` colours, and an empty
slot in an array for an empty object. What we read of it: the key table and the
unzipping rules of SudokuPad's ``PuzzleZipper`` (repository ``SudokuPad/sudokutools``,
``src/puzzlezipper_lib.js``), the formats of ``PuzzleLoader`` (repository
``marktekfan/sudokupad-penpa-import``, ``docs/lib/puzzleloader.js``: ``scl``, ``ctc`` and
``fpuzzles`` prefixes, ids without a prefix fetched from a server), and how SudokuPad
draws each f-puzzles constraint (``SudokuPad/sudokutools``, ``src/fpuzzlesdecoder.js``:
thermometers as a line with a round bulb, arrows with a circle, Kropki dots and XV
letters as small overlays between two cells, diagonals as corner-to-corner lines,
metadata as cages holding ``title: ...``). The parser and the mapping here are the
package's own.

A SudokuPad puzzle is a drawing: its lines, circles and letters carry rules only by
convention and through the rules text. :func:`scl_to_record` reads the subset whose
meaning is unambiguous, and **refuses** everything else with
:class:`~sudoku_cp.errors.UnsupportedRuleError` naming the element (``SudokuPad: line 3
(colour #C54B8B, pink) has no rule the package can tell``), so a puzzle is never solved
without one of its rules. Every element gets a row of the account
(:mod:`sudoku_cp.io.account`, which also reads the rules text sentence by sentence):

==============================  =============================================================
SudokuPad element               read as
==============================  =============================================================
``cells`` values                givens (digits 1 to n); any other cell key is refused
``regions``                     the boxes (of any box shape), or jigsaw regions
``cages`` with cells and a      a killer cage (digits differ and add up to the total; a
number                          number written in its first cell is its total); a cage of
                                n unique digits in a box shape without a total is a
                                Windoku window; another cage without a total keeps its
                                digits different when the rules text says cage digits
                                cannot repeat (refused otherwise)
hidden ``cages`` of n unique    the jigsaw regions, when there are no ``regions`` and they
digits                          split the grid into n parts of n cells (Sudoku Maker's
                                irregular regions); lines along cell edges outlining
                                regions are cosmetic
``cages`` without cells         metadata: ``title:``, ``author:``, ``rules:``, ``solution:``
``metadata``                    the same keys (``antiknight``/``antiking`` as the rules,
                                written ``true``, ``"yes"``...); ``videos`` is cosmetic;
                                ``bgimage`` (a picture may hold rules) is refused
``lines``: two corner to        both diagonals: X-Sudoku (one alone is refused)
corner lines
``lines`` with a round bulb     a thermometer from the bulb, when the line is grey or the
of its colour at one end        rules text names thermometers
other ``lines``                 by colour, when one sentence of the rules text names that
                                colour (or a near one: SudokuPad's pink renban is "purple"
                                to setters) and one line rule (German or Dutch whispers,
                                renban, palindrome, region-sum line, between line,
                                entropic, modular, zipper, lockout, sequence, Fibonacci
                                line, sum line of a stated total, or four cells whose
                                first two add up to the last two); a between line's end
                                circles, a zipper line's centre dot and a lockout line's
                                end diamonds belong to it; two lines of one rule that end
                                in one cell a visible gap apart are two lines holding it
a line drawn under another      the other line's border (a white line with a grey edge):
along its way, thicker          cosmetic; the line on top gives the colour
shaded whole cells (squares or  regions, when a sentence says shaded regions hold every
rectangles on cell edges)       digit or that digits do not repeat in them: each group of
                                n connected shaded cells a Windoku window (box-shaped) or
                                an extra region (groups of another size are refused)
grey full-cell squares          fortress cells, when a sentence states them: each greater
                                (or less) than its orthogonal neighbours that are not
                                such cells (``less`` pairs); ``<`` signs drawn as three
                                points on those edges are part of the rule
``arrows`` starting in a        an arrow: the circle (1 or 2 cells) is the sum of the cells
circle                          along the arrow
a line from a circle with a     an arrow drawn by hand (a short three-point head of its
head                            colour meets its end), when the rules text names arrows
``arrows`` from outside the     a little killer clue: the number written in the cell the
grid, along a diagonal          arrow starts in
numbers written outside the     the clues of the one rule of outside clues the rules text
grid, in line with a row or a   states (sandwiches, skyscrapers, X-sums or frame sums);
column                          refused when it states none, two, a variant, or another
                                rule of clues outside the grid
grey circles / squares in       odd / even cells, when the rules text ties circles to odd
cells                           (squares to even); of the colour its sentence names, if any
small round overlays between    Kropki dots: white (differ by 1), black (ratio 2); of
two cells, no text              another colour, relations when a sentence states their
                                rule (:func:`~sudoku_cp.io.account.dot_rule`)
circles in cells, of one look   counting circles, or (9x9) the entropic group of the
                                cells a knight's move away, when a sentence states it
``X``/``V`` between two cells   XV (sum 10 / sum 5)
``id``, ``cellSize``            cosmetic
==============================  =============================================================

Colours are read as they show on the white grid (a translucent ``#0003`` is grey).
Anything else (any other overlay, underlay, line or arrow, text, cell colours, an
unknown key, fog of war) is refused. A rule stated only in the rules text that the
package models (anti-knight, anti-king, non-consecutive, both diagonals, "all ... are
given" negative constraints) is read as that rule; any other rule sentence is refused.

:func:`record_to_scl` writes the same subset back (strict JSON, which SudokuPad's loader
reads as it reads zipped JSON), with a rules text naming each line's colour, so
:func:`scl_to_record` reads it back to the same record.

>>> record = {"size": 4, "box": [2, 2], "grid": "1..." "...." "...." "...4", "rules": {}}
>>> payload = encode_scl(record_to_scl(record))
>>> read = scl_to_record(decode_scl(payload))
>>> del read["read"]
>>> read == record
True
"""

from __future__ import annotations

import colorsys
import itertools
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sudoku_cp.errors import InvalidPuzzleError
from sudoku_cp.io.account import (
    COUNTING_CIRCLES,
    DRAWN_RULES,
    EQUAL_HALVES,
    FORTRESS,
    KNIGHT_GROUP_CIRCLES,
    SHADED_REGIONS,
    SUM_LINES,
    VARIANTS,
    Account,
    clip,
    dot_rule,
    flag_value,
    sentences,
    settled,
    show,
)
from sudoku_cp.io.payloads import decompress
from sudoku_cp.model.grid import box_numbers, box_shape_of, region_letters

# SudokuPad's key table (PuzzleZipper's propMap): short key -> long key.
SHORT_KEYS = {
    "c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
    "ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays",
    "w": "width", "h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded",
    "re": "regions", "fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints",
    "t": "title", "te": "text", "d": "duration",
}  # fmt: skip
"""SudokuPad's shortened keys and the keys they stand for."""

MAX_PAYLOAD = 2_000_000
"""Characters of decompressed JSON read at most."""

_TOP_KEYS = {
    "id",
    "cellSize",
    "cells",
    "regions",
    "cages",
    "lines",
    "arrows",
    "overlays",
    "underlays",
    "metadata",
}
_META_TEXT = {
    "title", "author", "rules", "solution", "source", "msgcorrect", "description", "copyright", "videos",
}  # fmt: skip
_COSMETIC_TOP = {"id": "SudokuPad's id of the puzzle", "cellSize": "the drawing's cell size",
                 "videos": "links to videos of the puzzle"}  # fmt: skip
_META_RULES = {"antiknight": "anti_knight", "antiking": "anti_king"}

# -- decoding ------------------------------------------------------------------------------


def decode_scl(payload: str) -> dict[str, Any]:
    """The SudokuPad JSON object (long keys) of an ``scl`` payload (the text after ``scl``).

    Raises:
        InvalidPuzzleError: the payload does not decompress, or is not JSON nor zipped JSON.
    """
    text = decompress(payload, "SudokuPad link")
    if len(text) > MAX_PAYLOAD:
        raise InvalidPuzzleError(
            f"the SudokuPad puzzle data has {len(text):,} characters; at most {MAX_PAYLOAD:,}"
        )
    try:
        data = json.loads(text)
    except ValueError:
        data = _ZipParser(text).document()
    if not isinstance(data, dict):
        raise InvalidPuzzleError("the SudokuPad puzzle data is not a JSON object")
    return _long_keys(data)


def _long_keys(value: Any) -> Any:
    if isinstance(value, list):
        return [_long_keys(v) for v in value]
    if isinstance(value, dict):
        return {SHORT_KEYS.get(k, k): _long_keys(v) for k, v in value.items()}
    return value


_NUMBER = re.compile(r"^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$")
_HEX6 = re.compile(r"^[0-9a-fA-F]{6}$")


class _ZipParser:
    """A reader of SudokuPad's zipped JSON (see the module docstring), written for the
    package: recursive descent over objects, arrays, quoted strings and bare words."""

    def __init__(self, text: str):
        self.text, self.at = text, 0

    def fail(self, what: str) -> InvalidPuzzleError:
        return InvalidPuzzleError(
            f"the SudokuPad puzzle data is not valid (zipped) JSON: {what} at character {self.at}"
        )

    def document(self) -> Any:
        value = self.value(after_colon=False)
        self.space()
        if self.at != len(self.text):
            raise self.fail("text after the end")
        return value

    def space(self) -> None:
        while self.at < len(self.text) and self.text[self.at] in " \t\r\n":
            self.at += 1

    def peek(self) -> str:
        self.space()
        return self.text[self.at] if self.at < len(self.text) else ""

    def value(self, after_colon: bool) -> Any:
        char = self.peek()
        if char == "{":
            return self.object()
        if char == "[":
            return self.array()
        if char in "'\"":
            return self.string()
        return self.word(after_colon)

    def object(self) -> dict[str, Any]:
        self.at += 1
        out: dict[str, Any] = {}
        while True:
            char = self.peek()
            if char == "}":
                self.at += 1
                return out
            if char in "_":  # an empty object written {_}
                self.at += 1
                continue
            key = self.string() if char in "'\"" else self.bare()
            if self.peek() != ":":
                raise self.fail(f"':' expected after key {key!r}")
            self.at += 1
            out[key] = self.value(after_colon=True)
            char = self.peek()
            if char == ",":
                self.at += 1
            elif char != "}":
                raise self.fail("',' or '}' expected")

    def array(self) -> list[Any]:
        self.at += 1
        out: list[Any] = []
        expect_value = True
        while True:
            char = self.peek()
            if char in (",", "]") and expect_value:
                out.append({})  # an empty slot is an empty object (SudokuPad drops {})
                if char == ",":
                    self.at += 1
                    continue
            if char == "]":
                self.at += 1
                return out
            if not expect_value:
                if char != ",":
                    raise self.fail("',' or ']' expected")
                self.at += 1
                expect_value = True
                continue
            if char == "":
                raise self.fail("unfinished array")
            out.append(self.value(after_colon=False))
            expect_value = False

    def string(self) -> str:
        quote, self.at = self.text[self.at], self.at + 1
        out = []
        escapes = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}
        while self.at < len(self.text):
            char = self.text[self.at]
            self.at += 1
            if char == quote:
                return "".join(out)
            if char == "\\" and self.at < len(self.text):
                char = self.text[self.at]
                self.at += 1
                if char == "u" and re.match(r"[0-9a-fA-F]{4}", self.text[self.at : self.at + 4]):
                    out.append(chr(int(self.text[self.at : self.at + 4], 16)))
                    self.at += 4
                    continue
                out.append(escapes.get(char, char))
            else:
                out.append(char)
        raise self.fail("unfinished string")

    def bare(self) -> str:
        start = self.at
        while self.at < len(self.text) and self.text[self.at] not in ",:{}[]'\" \t\r\n":
            self.at += 1
        if self.at == start:
            raise self.fail(f"unexpected {self.text[self.at : self.at + 1]!r}")
        return self.text[start : self.at]

    def word(self, after_colon: bool) -> Any:
        word = self.bare()
        if after_colon and _HEX6.match(word):
            return "#" + word
        constants = {
            "t": True,
            "true": True,
            "f": False,
            "false": False,
            "null": None,
            "#0": "#000000",
            "#F": "#FFFFFF",
        }
        if word in constants:
            return constants[word]
        if _NUMBER.match(word):
            number = float(word)
            return (
                int(number) if number.is_integer() and "." not in word and "e" not in word.lower() else number
            )
        if word.startswith("#"):
            return word
        raise self.fail(f"unknown word {word!r}")


def encode_scl(data: Mapping[str, Any]) -> str:
    """The ``scl`` payload of a SudokuPad JSON object: lz-string ``compressToBase64`` of
    strict JSON (SudokuPad's loader parses strict JSON before it tries zipped JSON)."""
    import lzstring

    return lzstring.LZString().compressToBase64(json.dumps(data, separators=(",", ":")))


# -- SudokuPad JSON -> the package's record --------------------------------------------------


def _where_cell(cell: Sequence[int]) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def colour_family(colour: Any) -> str:
    """The colour word a SudokuPad colour (``#RRGGBB``, ``#RGB``, ``#RRGGBBAA``, ``rgb(...)``,
    ``rgba(...)``) falls under: ``grey``, ``black``, ``white``, ``red``, ``orange``,
    ``yellow``, ``green``, ``blue``, ``purple`` or ``pink``; ``""`` for no colour. A
    translucent colour (``#RRGGBBAA``, ``#RGBA``) is taken as it shows on the white grid
    (a 20% black ``#0003`` is grey).

    >>> colour_family("#67F067"), colour_family("#C54B8B"), colour_family("#CFCFCF")
    ('green', 'pink', 'grey')
    >>> colour_family("#0003"), colour_family("#000F")
    ('grey', 'black')
    """
    rgb = _rgb(colour)
    if rgb is None:
        return ""
    alpha = _alpha(colour)
    if alpha is not None:  # a translucent colour, as it shows on the white grid
        rgb = tuple(round(255 - (255 - x) * alpha / 255) for x in rgb)  # type: ignore[assignment]
    hue, saturation, value = colorsys.rgb_to_hsv(*(x / 255 for x in rgb))
    if value < 0.2:
        return "black"
    if saturation < 0.18:
        return "white" if value > 0.93 else "grey"
    degrees = hue * 360
    for limit, name in (
        (15, "red"),
        (45, "orange"),
        (70, "yellow"),
        (170, "green"),
        (250, "blue"),
        (290, "purple"),
    ):
        if degrees < limit:
            return name
    return "pink" if degrees < 345 else "red"


def _white_on_white(mark: Mapping[str, Any]) -> bool:
    """True when every colour of a mark is a faint white (``#fff3``: alpha at most a third),
    which shows nothing on the white grid and hides nothing under it (an opaque white mark
    may cover a drawing, so it is not taken as nothing)."""
    colours = [mark.get(k) for k in ("backgroundColor", "borderColor", "color") if mark.get(k)]
    if not colours:
        return False
    for colour in colours:
        alpha = _alpha(colour)
        if _rgb(colour) != (255, 255, 255) or alpha is None or alpha > 0x55:
            return False
    return True


def _alpha(colour: Any) -> int | None:
    """The alpha of a ``#RRGGBBAA`` (``#RGBA``) colour, 0 to 255; ``None`` for any other."""
    match = (
        re.match(r"^#([0-9a-f]{4}|[0-9a-f]{8})$", colour.strip().lower()) if isinstance(colour, str) else None
    )
    if not match:
        return None
    digits = match[1]
    return int(digits[-1] * 2, 16) if len(digits) == 4 else int(digits[-2:], 16)


def _rgb(colour: Any) -> tuple[int, int, int] | None:
    if not isinstance(colour, str):
        return None
    text = colour.strip().lower()
    match = re.match(r"^#([0-9a-f]{3,8})$", text)
    if match:
        digits = match[1]
        if len(digits) in (3, 4):
            return tuple(int(d * 2, 16) for d in digits[:3])  # type: ignore[return-value]
        if len(digits) in (6, 8):
            return tuple(int(digits[i : i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]
        return None
    match = re.match(r"^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)", text)
    if match:
        return tuple(min(255, int(match[i])) for i in (1, 2, 3))  # type: ignore[return-value]
    return None


_COLOUR_WORDS = {
    "red": "red",
    "orange": "orange",
    "yellow": "yellow",
    "green": "green",
    "lime": "green",
    "blue": "blue",
    "cyan": "blue",
    "teal": "blue",
    "turquoise": "blue",
    "purple": "purple",
    "violet": "purple",
    "lavender": "purple",
    "lilac": "purple",
    "peach": "orange",
    "pink": "pink",
    "magenta": "pink",
    "grey": "grey",
    "gray": "grey",
    "black": "black",
    "white": "white",
}
JOINED_LINE_KINDS = frozenset(
    {
        "renban",
        "palindromes",
        "region_sum_lines",
        "entropic_lines",
        "modular_lines",
        "zipper_lines",
        "difference_count_lines",
        "index_lines",
        "nabner_lines",
        "fibonacci_lines",
        "sequence_lines",
        "lockout_lines",
        "sum_lines",
    }
)
"""The line rules whose meaning changes when two lines that share a cell are read as one:
a rule of the whole line (a set, a sum, a mirror) or of windows of several cells; two
lines of one such rule that meet are refused (``SudokuPad`` draws lines through cell
centres, so they look joined). Rules of neighbouring pairs (whispers, parity lines) and
thermometers (which branch) are not affected."""

OUTSIDE_CLUES = {
    "sandwiches": ("sandwiches", "sum"),
    "skyscrapers": ("skyscrapers", "seen"),
    "x_sums": ("x_sums", "sum"),
    "outside_sums": ("outside_sums", "sum"),
}
"""The rules of numbers outside the grid the SudokuPad reader reads, by the name of their
sentence (:data:`~sudoku_cp.io.account.DRAWN_RULES`): ``name -> (rule key, value key)``."""


def outside_rule(text: str) -> str | None:
    """The one rule of numbers outside the grid a rules text states, by its sentences
    (:data:`~sudoku_cp.io.account.DRAWN_RULES`): a key of :data:`OUTSIDE_CLUES`, or None
    when it states none, two, a variant of one (a sandwich between 2 and 8), or another
    rule of clues outside the grid (numbered rooms...; a little killer's clues have arrows).

    >>> outside_rule("Clues outside the grid give the sum of the digits between the 1 and the 9.")
    'sandwiches'
    >>> outside_rule("Sandwich sums are given. Numbered rooms: a clue outside the grid is the Nth digit.")
    """
    stated, other = set(), False
    for sentence in sentences(text):
        lower = " ".join(sentence.lower().split())
        named = {k for k in OUTSIDE_CLUES if re.search(DRAWN_RULES[k][1], lower)}
        if any(re.search(VARIANTS.get(k, r"$^"), lower) for k in named):
            return None
        stated |= named
        killer = re.search(DRAWN_RULES["little_killers"][1], lower)
        other = other or bool(not named and not killer and re.search(r"\boutside\b", lower))
    return stated.pop() if len(stated) == 1 and not other else None


def outside_place(row: int, column: int, side: int) -> tuple[str, int] | None:
    """The side of the grid (``top``, ``bottom``, ``left``, ``right``) and the column or row
    (0-based) of a clue in the cell ``(row, column)`` of the ring round a grid of ``side``
    (rows and columns -1 and ``side``; not its corners), or None.

    >>> outside_place(-1, 2, 9), outside_place(3, 9, 9), outside_place(-1, -1, 9)
    (('top', 2), ('right', 3), None)
    """
    if row in (-1, side) and 0 <= column < side:
        return ("top" if row == -1 else "bottom"), column
    if column in (-1, side) and 0 <= row < side:
        return ("left" if column == -1 else "right"), row
    return None


def outside_clue(rules: dict[str, Any], kind: str, place: tuple[str, int], clue: int) -> tuple[str, str]:
    """Add the clue ``clue`` of the outside rule ``kind`` (:data:`OUTSIDE_CLUES`) at ``place``
    (:func:`outside_place`) to ``rules``; its account row's ``(read as, reason)``."""
    key, value = OUTSIDE_CLUES[kind]
    rules.setdefault(key, []).append({"side": place[0], "index": place[1], value: clue})
    unit = "column" if place[0] in ("top", "bottom") else "row"
    return kind.replace("_", " "), f"{clue}, {place[0]} of {unit} {place[1] + 1}"


_NEAR_COLOURS = {"pink": ("purple",), "purple": ("pink",), "orange": ("red",), "red": ("orange",)}
"""Colour words setters use for a colour of the other family (SudokuPad's renban line
``#F067F0`` is "purple" in rules texts): a line takes the rule named for the near colour
when no line of that colour is drawn and its own colour is named for no rule."""
_LINE_KINDS = {
    "german_whispers": re.compile(
        r"german whisper|\bwhispers?\b[^.\n]*\b(5|five)\b|differ by (at least )?(5|five)\b|"
        r"difference of (at least )?(5|five)\b"
    ),
    "dutch_whispers": re.compile(
        r"dutch whisper|\bwhispers?\b[^.\n]*\b(4|four)\b|differ by (at least )?(4|four)\b|"
        r"difference of (at least )?(4|four)\b"
    ),
    "renban": re.compile(r"\brenban\b|consecutive[^.\n]*(any|some) order"),
    "palindromes": re.compile(r"palindrom|read the same"),
    "region_sum_lines": re.compile(
        r"region[- ]sum|same sum in each (box|region)|"
        r"(same|equal) (sum|total) in (each|every) (\d+ ?x ?\d+ )?(box|region)|"
        r"(box|region) borders? (divide|separate|split)[^.\n]*segments|"
        r"in each (box|region) must sum to the same"
    ),
    "between_lines": re.compile(r"\bbetween line|\bbetween the (digits|values) in the (two )?circles"),
    "entropic_lines": re.compile(r"\bentropic|\bentropy"),
    "modular_lines": re.compile(r"\bmodular\b|remainders? when divided by 3"),
    "zipper_lines": re.compile(r"\bzipper"),
    "difference_count_lines": re.compile(
        r"\bdifferences? count|difference between (two )?adjacent digits[^.\n]*how many"
    ),
    "index_lines": re.compile(r"\bindex lines?\b"),
    "parity_lines": re.compile(
        r"\bparity lines?\b|alternate between (odd and even|even and odd)|alternat\w* (in )?parity"
    ),
    "nabner_lines": re.compile(r"\bnabner"),
    "equal_sums": re.compile(EQUAL_HALVES),
    "fibonacci_lines": re.compile(r"\bfibonacci"),
    "sequence_lines": re.compile(r"\b(arithmetic )?sequence lines?\b"),
    "lockout_lines": re.compile(r"\blockout lines?\b"),
    "sum_lines": re.compile(SUM_LINES),
}


def _sentences(text: str) -> list[str]:
    return [s.strip().lower() for s in re.split(r"(?<=[.!?;])\s+|\n+", text) if s.strip()]


def line_kinds_from_rules(text: str) -> dict[str, str]:
    """The line rule each colour stands for, by the rules text: ``{colour word: rule key}``
    for every sentence naming one colour and one line rule; a colour named for two rules
    is left out (ambiguous). A sentence naming one line rule and no colour gives
    ``{"": rule key}`` (every line of the puzzle, when they share one colour).

    >>> line_kinds_from_rules("Digits on a green line are German whispers. Purple lines are renban.")
    {'green': 'german_whispers', 'purple': 'renban'}
    """
    found: dict[str, set[str]] = {}
    for sentence in _sentences(text):
        kinds = [k for k, pattern in _LINE_KINDS.items() if pattern.search(sentence)]
        if "lockout_lines" in kinds:  # its ends "have a difference of at least 4": not whispers
            kinds = [k for k in kinds if k not in ("german_whispers", "dutch_whispers")]
        if len(kinds) != 1:
            continue
        colours = {family for word, family in _COLOUR_WORDS.items() if re.search(rf"\b{word}\b", sentence)}
        if len(colours) > 1:
            continue
        if not colours and re.search(r"\b(a|any|each|every) colou?red line", sentence):
            found.setdefault("*", set()).add(kinds[0])  # every line, whatever its colour
        found.setdefault(colours.pop() if colours else "", set()).add(kinds[0])
    return {colour: kinds.pop() for colour, kinds in found.items() if len(kinds) == 1}


def dot_rules_from_text(text: str) -> dict[str, tuple[str, str]]:
    """The rule of the dots of each colour other than white and black (Kropki's), by the
    rules text (:func:`sudoku_cp.io.account.dot_rule`): ``{colour family: (predicate,
    colour word)}``; a colour two sentences give different rules is left out.

    >>> dot_rules_from_text("Digits separated by a red dot are consecutive.")
    {'red': ('abs(a-b)==1', 'red')}
    """
    found: dict[str, set[tuple[str, str]]] = {}
    for sentence in sentences(text):
        rule = dot_rule(sentence)
        family = _COLOUR_WORDS.get(rule[0]) if rule else None
        if rule and family and family not in ("white", "black"):
            found.setdefault(family, set()).add((rule[1], rule[0]))
    return {family: rules.pop() for family, rules in found.items() if len(rules) == 1}


class _Reader:
    def __init__(self, data: Mapping[str, Any]):
        self.data = data
        self.rules: dict[str, Any] = {}
        self.record: dict[str, Any] = {}
        self.used_marks: set[tuple[str, int]] = set()
        self.region_cages: set[int] = set()
        self.used_lines: set[int] = set()
        self.account = Account("SudokuPad")

    # geometry ---------------------------------------------------------------------------
    def point(self, value: Any, where: str) -> tuple[float, float]:
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
        ):
            raise InvalidPuzzleError(f"{where}: {show(value, 40)} is not a point [row, column]")
        point = float(value[0]), float(value[1])
        if not all(math.isfinite(v) and abs(v) < 1e6 for v in point):
            raise InvalidPuzzleError(f"{where}: {show(value, 40)} is not a point of the drawing")
        return point

    def cell_at(self, point: tuple[float, float], where: str) -> tuple[int, int]:
        row, column = math.floor(point[0]), math.floor(point[1])
        if not (0 <= row < self.side and 0 <= column < self.side):
            raise InvalidPuzzleError(
                f"{where} reaches outside the grid ({point[0]:g}, {point[1]:g}), "
                "which the package has no rule for"
            )
        return (row, column)

    def between(self, point: tuple[float, float]) -> list[list[int]] | None:
        """The two cells a point between orthogonal neighbours touches, or None."""
        y, x = point
        if (y - 0.5).is_integer() and x.is_integer() and 0 < x < self.side and 0 <= y - 0.5 < self.side:
            return [[int(y - 0.5), int(x) - 1], [int(y - 0.5), int(x)]]
        if (x - 0.5).is_integer() and y.is_integer() and 0 < y < self.side and 0 <= x - 0.5 < self.side:
            return [[int(y) - 1, int(x - 0.5)], [int(y), int(x - 0.5)]]
        return None

    def path(self, points: Any, where: str) -> list[list[int]]:
        if not isinstance(points, list) or len(points) < 2:
            raise InvalidPuzzleError(f"{where}: 'wayPoints' is not a list of two or more points")
        cells: list[list[int]] = []
        for value in points:
            cell = list(self.cell_at(self.point(value, where), where))
            if cells and cells[-1] != cell:
                # SudokuPad keeps a line's corners only: a straight run (along a row, a
                # column or a diagonal) passes through the cells between them.
                (r0, c0), (dr, dc) = cells[-1], (cell[0] - cells[-1][0], cell[1] - cells[-1][1])
                steps = max(abs(dr), abs(dc))
                if dr and dc and abs(dr) != abs(dc):
                    raise InvalidPuzzleError(
                        f"{where}: from {_where_cell(cells[-1])} to {_where_cell(cell)} is not a straight "
                        "run through cells (along a row, a column or a diagonal)"
                    )
                cells += [[r0 + dr // steps * i, c0 + dc // steps * i] for i in range(1, steps)]
            if not cells or cells[-1] != cell:
                cells.append(cell)
        return cells

    # reading ----------------------------------------------------------------------------
    def read(self) -> dict[str, Any]:
        data = self.data
        if "grid" in data and "size" in data and "cells" not in data:
            raise InvalidPuzzleError(
                "the SudokuPad link holds f-puzzles data after 'scl'; SudokuPad reads f-puzzles data "
                "after 'fpuzzles' (https://sudokupad.app/fpuzzles...)"
            )
        account = self.account
        self.present = [k for k in data if data[k] not in (None, [], {}, "")]
        for key in self.present:
            account.key(key)
            if key in _COSMETIC_TOP:
                account.cosmetic(f"key {key!r}", _COSMETIC_TOP[key])
            elif key not in _TOP_KEYS:
                account.refuse(f"key {clip(key, 40)!r}", "is a part of the puzzle sudoku_cp does not read")
            elif key != "metadata":
                account.rule(f"key {key!r}", "read element by element")
        self.read_cells()
        self.read_metadata()
        self.read_regions()
        self.marks = [("overlay", i, m) for i, m in enumerate(self.entries("overlays"), 1)] + [
            ("underlay", i, m) for i, m in enumerate(self.entries("underlays"), 1)
        ]
        self.read_cages()
        self.read_arrows()
        self.read_outside_clues()
        self.read_fortress()
        self.read_shaded_regions()
        self.read_lines()
        self.read_marks()
        self.record["rules"] = self.rules
        return self.record

    def entries(self, key: str) -> list[Mapping[str, Any]]:
        value = self.data.get(key) or []
        if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
            raise InvalidPuzzleError(f"SudokuPad key {key!r}: expected a list of objects")
        return value

    def read_cells(self) -> None:
        rows = self.data.get("cells")
        if not isinstance(rows, list) or not rows or not all(isinstance(r, list) for r in rows):
            raise InvalidPuzzleError("SudokuPad key 'cells': expected a list of rows of cells")
        side = len(rows)
        if not 4 <= side <= 25 or any(len(r) != side for r in rows):
            widths = sorted({len(r) for r in rows})
            raise InvalidPuzzleError(
                f"SudokuPad key 'cells': {side} rows of {widths} cells; "
                "sudoku_cp reads square grids of 4 to 25"
            )
        self.side = side
        chars = []
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                where = f"SudokuPad key 'cells', r{r + 1}c{c + 1}"
                if not isinstance(cell, dict):
                    raise InvalidPuzzleError(f"{where}: a cell must be an object")
                for key in cell:
                    if key != "value" and cell[key] not in (None, "", [], {}, False):
                        self.account.refuse(
                            f"cell r{r + 1}c{c + 1} {clip(key, 30)!r}", "a cell key the package does not read"
                        )
                value = cell.get("value")
                if value in (None, ""):
                    chars.append(".")
                    continue
                digit = (
                    int(value) if isinstance(value, str) and value.isascii() and value.isdigit() else value
                )
                if not isinstance(digit, int) or isinstance(digit, bool) or not 1 <= digit <= side:
                    raise InvalidPuzzleError(f"{where}: given {show(value, 30)} is not a digit 1 to {side}")
                chars.append(str(digit) if digit < 10 else chr(ord("A") + digit - 10))
        self.record.update(size=side, grid="".join(chars))

    def read_metadata(self) -> None:
        meta: dict[str, Any] = {}
        raw = self.data.get("metadata") or {}
        if not isinstance(raw, dict):
            raise InvalidPuzzleError("SudokuPad key 'metadata': expected an object")
        meta.update(raw)
        for cage in self.entries("cages"):
            if not cage.get("cells") and isinstance(cage.get("value"), str):
                match = re.match(r"^([^: ]+):\s*(.*)$", cage["value"], re.S)
                if match:
                    meta[match[1].lower()] = match[2]
        for key, value in meta.items():
            name = str(key).lower()
            element = f"metadata {clip(key, 40)!r}"
            if name in _META_RULES:
                flag = flag_value(value)
                if flag is None:
                    self.account.refuse(element, f"the value {show(value, 30)} is not true or false")
                elif flag:
                    self.rules[_META_RULES[name]] = True
                    self.account.rule(element, _META_RULES[name].replace("_", "-"))
                else:
                    self.account.cosmetic(element, "the rule is off")
            elif name == "bgimage" and value:
                self.account.refuse(
                    element, "a background picture, which may hold rules sudoku_cp cannot read"
                )
            elif name in _META_TEXT or name.startswith("bgimage") or value in (None, "", False):
                why = "the rules text (read by sentence)" if name == "rules" else "metadata"
                self.account.cosmetic(element, why)
            else:
                self.account.refuse(element, "metadata sudoku_cp does not read")
        self.rules_text = meta.get("rules") if isinstance(meta.get("rules"), str) else ""
        for key, target in (("title", "title"), ("author", "author"), ("rules", "ruleset")):
            if isinstance(meta.get(key), str) and meta[key]:
                self.record[target] = meta[key]
        solution = meta.get("solution")
        if (
            isinstance(solution, str)
            and len(solution) == self.side**2
            and self.side <= 9
            and solution.isdigit()
        ):
            if "0" not in solution:
                self.record["solution"] = solution

    def read_regions(self) -> None:
        regions = self.data.get("regions") or []
        side = self.side
        if not isinstance(regions, list):
            raise InvalidPuzzleError("SudokuPad key 'regions': expected a list of cell lists")
        if not regions:
            regions = self.hidden_regions()
        if not regions:
            self.record["box"] = None  # no regions: a Latin square
            return
        owner = [-1] * (side * side)
        for number, region in enumerate(regions, 1):
            where = f"SudokuPad region {number}"
            if not isinstance(region, list) or len(region) != side:
                raise InvalidPuzzleError(f"{where}: expected {side} cells")
            for value in region:
                if not (
                    isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)
                ):
                    raise InvalidPuzzleError(f"{where}: {show(value, 40)} is not a cell [row, column]")
                r, c = value
                if not (0 <= r < side and 0 <= c < side):
                    raise InvalidPuzzleError(f"{where}: [{r}, {c}] is outside the grid")
                if owner[r * side + c] != -1:
                    raise InvalidPuzzleError(f"{where}: {_where_cell(value)} is in two regions")
                owner[r * side + c] = number - 1
        if len(regions) != side or -1 in owner:
            raise InvalidPuzzleError(f"SudokuPad key 'regions': {len(regions)} regions do not cover the grid")
        shape = box_shape_of(owner, side)
        if shape is not None:
            self.record["box"] = list(shape)
        else:
            self.record["box"] = None
            self.rules["regions"] = region_letters(owner)

    def hidden_regions(self) -> list[list[list[int]]]:
        """The regions of a puzzle drawn without ``regions`` whose hidden cages of ``n``
        different digits (``hidden``, ``unique``) split the grid into ``n`` parts of ``n``
        cells: Sudoku Maker's irregular regions. ``[]`` when they do not (the cages are then
        refused as cages)."""
        side = self.side
        found: dict[int, list[list[int]]] = {}
        for number, cage in enumerate(self.entries("cages"), 1):
            cells = cage.get("cells")
            if cage.get("hidden") is True and cage.get("unique") is True and isinstance(cells, list):
                found[number] = cells
        seen = [
            (r, c)
            for cells in found.values()
            for r, c in (cell if isinstance(cell, list) and len(cell) == 2 else (-1, -1) for cell in cells)
        ]
        whole = {(r, c) for r in range(side) for c in range(side)}
        if len(found) != side or len(seen) != side * side or set(seen) != whole:
            return []
        if any(len(cells) != side for cells in found.values()):
            return []
        self.region_cages = set(found)
        return [[list(cell) for cell in cells] for cells in found.values()]

    def read_cages(self) -> None:
        cages = []
        for number, cage in enumerate(self.entries("cages"), 1):
            where = f"SudokuPad cage {number}"
            cells = cage.get("cells")
            if number in self.region_cages:
                at = _where_cell(min(cells))
                self.account.rule(
                    f"cage {number}",
                    "jigsaw region",
                    f"(at {at}) a hidden cage of different digits splitting "
                    "the grid with the others: the puzzle's regions",
                )
                continue
            if not cells:
                text = "metadata" if isinstance(cage.get("value"), str) and ":" in cage["value"] else "empty"
                self.account.cosmetic(f"cage {number}", f"a cage without cells ({text})")
                continue
            if not isinstance(cells, list) or not all(isinstance(c, list) and len(c) == 2 for c in cells):
                raise InvalidPuzzleError(f"{where}: 'cells' is not a list of [row, column]")
            if not all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v < self.side
                for c in cells
                for v in c
            ):
                raise InvalidPuzzleError(f"{where}: a cell of 'cells' is not in the grid")
            element = f"cage {number}"
            at = _where_cell(min(cells))
            extra = sorted(
                set(cage) - {"cells", "value", "sum", "unique", "borderColor", "color", "fontC", "outlineC"}
            )
            total = cage.get("value", cage.get("sum"))
            if extra or cage.get("unique") is False:
                why = f"its {', '.join(repr(clip(e, 30)) for e in extra)}" if extra else "'unique': false"
                self.account.refuse(element, f"(at {at}) has {why}, which sudoku_cp does not read")
                continue
            if total in (None, "") and self.window(cells, cage, element):
                continue
            if total in (None, ""):
                total = self.total_written_in(min(cells))
                if total is not None:
                    self.account.rule(element, "killer cage", f"its total {total} is written in {at}")
            elif isinstance(total, str) and total.strip().isdigit() and len(total.strip()) <= 4:
                total = int(total)
            if total in (None, "") and self.cages_keep_digits_apart():
                self.account.rule(
                    element, "killer cage without a total", f"at {at}: the rules text says its digits differ"
                )
                cages.append({"cells": [list(c) for c in cells]})
                continue
            if not isinstance(total, int) or isinstance(total, bool) or not 0 <= total < 10_000:
                self.account.refuse(
                    element,
                    f"(at {at}) has no total ({show(total, 30)}); sudoku_cp models killer cages with a sum",
                )
                continue
            if cage.get("value", cage.get("sum")) not in (None, ""):
                self.account.rule(element, "killer cage", f"total {total}")
            cages.append({"sum": total, "cells": [list(c) for c in cells]})
        if cages:
            self.rules["cages"] = cages

    def cages_keep_digits_apart(self) -> bool:
        """True when a sentence of the rules text says that digits in cages do not repeat, or
        that cage totals are given only where shown ("if given"): a cage without a total is
        then a killer cage without a total."""
        for sentence in _sentences(self.rules_text):
            if re.search(r"\bcages?\b", sentence) and re.search(
                r"\b(cannot|can't|may not|must not|do not|don't|never|not|no)( be)? repeat|"
                r"\b(if|where|when) (given|shown|indicated)\b",
                sentence,
            ):
                return True
        return False

    def window(self, cells: list, cage: Mapping[str, Any], element: str) -> bool:
        """Read a cage without a total whose digits differ (``unique``), of n cells in the
        shape of a box, as a Windoku window (an extra region holding every digit); True if so."""
        box = self.record.get("box")
        if cage.get("unique") is not True or not box or len(cells) != self.side:
            return False
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        if {tuple(c) for c in cells} != {(top + r, left + c) for r in range(box[0]) for c in range(box[1])}:
            return False
        self.rules.setdefault("windows", []).append([top, left])
        self.account.rule(element, "Windoku window", f"a cage of {len(cells)} different digits, box-shaped")
        return True

    def total_written_in(self, cell: list[int]) -> int | None:
        """The number written (as an overlay's text) in a cell, at its centre or its
        top-left corner (a killer cage's total), or None; the mark is used."""
        for kind, index, mark in self.marks_with_text():
            center = mark.get("center")
            text = str(mark.get("text")).strip()
            if not (text.isdigit() and len(text) <= 3 and isinstance(center, list) and len(center) == 2):
                continue
            if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in center):
                continue
            if math.floor(center[0]) == cell[0] and math.floor(center[1]) == cell[1]:
                self.used_marks.add((kind, index))
                return int(text)
        return None

    def marks_with_text(self) -> list[tuple[str, int, Mapping[str, Any]]]:
        return [
            (k, i, m)
            for k, i, m in self.marks
            if m.get("text") not in (None, "") and (k, i) not in self.used_marks
        ]

    def round_marks_at(self, point: tuple[float, float], colour: str | None = None) -> list[tuple[str, int]]:
        found = []
        for kind, index, mark in self.marks:
            if not mark.get("rounded") or mark.get("text") not in (None, ""):
                continue
            center = mark.get("center")
            if not (isinstance(center, list) and len(center) == 2):
                continue
            if abs(center[0] - point[0]) > 1e-6 or abs(center[1] - point[1]) > 1e-6:
                continue
            if colour is not None:
                colours = {colour_family(mark.get(k)) for k in ("backgroundColor", "borderColor", "color")}
                if colour not in colours:
                    continue
            found.append((kind, index))
        return found

    def diamonds_at(self, cell: list[int]) -> list[tuple[str, int]]:
        """The marks centred in ``cell`` drawn as a diamond (a square turned 45 degrees)."""
        found = []
        for kind, index, mark in self.marks:
            center = mark.get("center")
            if mark.get("angle") != 45 or mark.get("rounded") or mark.get("text") not in (None, ""):
                continue
            if isinstance(center, list) and len(center) == 2 and center == [cell[0] + 0.5, cell[1] + 0.5]:
                found.append((kind, index))
        return found

    def read_arrows(self) -> None:
        arrows = []
        for number, arrow in enumerate(self.entries("arrows"), 1):
            where = f"SudokuPad arrow {number}"
            element = f"arrow {number}"
            if self.little_killer(arrow, where, element):
                continue
            try:
                cells = self.path(arrow.get("wayPoints"), where)
            except InvalidPuzzleError as error:
                self.account.refuse(element, str(error).removeprefix(f"{where} "))
                continue
            start = cells[0]
            circle_marks = self.round_marks_at((start[0] + 0.5, start[1] + 0.5))
            circle = [start]
            if not circle_marks:  # a two-cell circle (a pill) centred between the cells
                for other in ([start[0], start[1] + d] for d in (-1, 1)):
                    mid = (start[0] + 0.5, start[1] + 0.5 + (other[1] - start[1]) / 2)
                    circle_marks = circle_marks or [(m, other) for m in self.round_marks_at(mid)]
                for other in ([start[0] + d, start[1]] for d in (-1, 1)):
                    mid = (start[0] + 0.5 + (other[0] - start[0]) / 2, start[1] + 0.5)
                    circle_marks = circle_marks or [(m, other) for m in self.round_marks_at(mid)]
                if circle_marks:
                    other = circle_marks[0][1]
                    circle = sorted([start, other])
                    circle_marks = [m for m, _ in circle_marks]
            shaft = [c for c in cells if c not in circle]
            if not circle_marks or not shaft:
                self.account.refuse(
                    element,
                    f"(from {_where_cell(start)}) does not start in a circle; sudoku_cp has no rule for it",
                )
                continue
            self.used_marks.update(circle_marks)
            self.account.rule(element, "arrow", f"circle at {', '.join(map(_where_cell, circle))}")
            arrows.append({"circle": circle, "arrow": shaft})
        if arrows:
            self.rules["arrows"] = arrows

    def little_killer(self, arrow: Mapping[str, Any], where: str, element: str) -> bool:
        """Read an arrow that starts outside the grid, pointing along a diagonal, with a
        number written in the cell outside where it starts, as a little killer clue; True
        when it is one (an arrow from outside that is not one is refused)."""
        points = arrow.get("wayPoints")
        if not isinstance(points, list) or len(points) < 2:
            return False
        first, last = self.point(points[0], where), self.point(points[-1], where)
        clue = [math.floor(first[0]), math.floor(first[1])]
        if 0 <= clue[0] < self.side and 0 <= clue[1] < self.side:
            return False
        dy, dx = last[0] - first[0], last[1] - first[1]
        inside = lambda r, c: 0 <= r < self.side and 0 <= c < self.side  # noqa: E731
        for kind, index, mark in self.marks_with_text():
            text = str(mark.get("text")).strip()
            center = mark.get("center")
            if not (text.isdigit() and len(text) <= 3 and isinstance(center, list) and len(center) == 2):
                continue
            if [math.floor(center[0]), math.floor(center[1])] != clue:
                continue
            step = [(dy > 0) - (dy < 0), (dx > 0) - (dx < 0)]
            if 0 in step or abs(abs(dy) - abs(dx)) > 1e-6 or not inside(clue[0] + step[0], clue[1] + step[1]):
                break
            self.used_marks.add((kind, index))
            self.rules.setdefault("little_killers", []).append(
                {"sum": int(text), "clue": clue, "direction": step}
            )
            self.account.rule(element, "little killer", f"sum {text} from {_where_cell(clue)}")
            return True
        self.account.refuse(
            element,
            f"starts outside the grid ({first[0]:g}, {first[1]:g}) with no little killer clue "
            "the package can tell",
        )
        return True

    def read_lines(self) -> None:
        kinds = line_kinds_from_rules(self.rules_text)
        text = self.rules_text.lower()
        diagonals, pending = [], []
        heads = self.arrowheads()
        lines = self.entries("lines")
        borders = {  # a border of a colour the rules text names for a rule is read as a line of it
            under: top
            for under, top in self.line_borders().items()
            if colour_family(lines[under - 1].get("color")) not in kinds
        }
        for number, line in enumerate(self.entries("lines"), 1):
            where = f"SudokuPad line {number}"
            if number in heads or number in self.used_lines:
                continue
            if number in borders:
                self.account.cosmetic(
                    f"line {number}", f"the border of line {borders[number]} (drawn under it along its path)"
                )
                continue
            colour = line.get("color")
            family = colour_family(colour)
            label = f"(colour {clip(colour, 20)}, {family or 'no colour'})"
            points = line.get("wayPoints")
            if isinstance(points, list) and len(points) == 2:
                ends = {tuple(self.point(p, where)) for p in points}
                n = float(self.side)
                if ends == {(0.0, 0.0), (n, n)}:
                    diagonals.append(("-", number))
                    continue
                if ends == {(0.0, n), (n, 0.0)}:
                    diagonals.append(("+", number))
                    continue
            if self.outlines_regions(points, where):
                self.account.cosmetic(f"line {number}", f"{label} runs along region borders: their outline")
                continue
            try:
                cells = self.path(points, f"{where} {label}")
            except InvalidPuzzleError as error:  # outside the grid, or not along cells: a drawing
                self.account.refuse(f"line {number}", str(error).removeprefix(f"{where} "))
                continue
            bulbs = [self.round_marks_at((c[0] + 0.5, c[1] + 0.5), family) for c in (cells[0], cells[-1])]
            pending.append((number, label, family, cells, bulbs))
        if diagonals:
            if sorted(d for d, _ in diagonals) != ["+", "-"]:
                for _, number in diagonals:
                    self.account.refuse(
                        f"line {number}", "one diagonal alone: sudoku_cp models both diagonals together only"
                    )
            else:
                self.rules["diagonals"] = True
                for _, number in diagonals:
                    self.account.rule(f"line {number}", "diagonal", "a corner-to-corner line")
        families = {family for _, _, family, _, bulbs in pending if not (bool(bulbs[0]) ^ bool(bulbs[1]))}
        for family in families - set(kinds):  # SudokuPad's renban #F067F0 is "purple" to setters, "pink" here
            named = [
                kinds[other]
                for other in _NEAR_COLOURS.get(family, ())
                if other in kinds and other not in families
            ]
            if len(named) == 1:
                kinds[family] = named[0]
        shafts = {shaft: head for head, shaft in heads.items()}
        read: dict[str, list[tuple[int, str, list[list[int]]]]] = {}
        for number, label, family, cells, bulbs in pending:
            element = f"line {number}"
            if number in shafts:
                self.arrow_line(number, label, cells, shafts[number], text)
                continue
            if bool(bulbs[0]) ^ bool(bulbs[1]):  # a line with a bulb at one end: a thermometer
                if family != "grey" and "thermo" not in text:
                    self.account.refuse(
                        element, f"{label} has a bulb, but the rules text does not name thermometers"
                    )
                    continue
                self.used_marks.update(bulbs[0] or bulbs[1])
                self.rules.setdefault("thermos", []).append(cells if bulbs[0] else cells[::-1])
                self.account.colours.setdefault("thermos", set()).add(family)
                self.account.rule(
                    element,
                    "thermometer",
                    f"{label}, bulb at {_where_cell(cells[0] if bulbs[0] else cells[-1])}",
                )
                continue
            kind = kinds.get(family)
            if kind is None and "" in kinds and len(families) == 1:
                kind = kinds[""]
            if kind is None and set(kinds) == {"", "*"}:  # "a coloured line": the one line rule
                kind = kinds["*"]
            if kind is None:
                self.account.refuse(
                    element, f"{label} has no rule the package can tell (the rules text names none for it)"
                )
                continue
            if kind == "between_lines":
                if not (bulbs[0] and bulbs[1]):
                    self.account.refuse(element, f"{label}: a between line needs a circle at each end")
                    continue
                self.used_marks.update(bulbs[0] + bulbs[1])
            loop = len(cells) > 3 and cells[0] == cells[-1]
            if len({tuple(c) for c in cells}) < len(cells) - loop:
                self.account.refuse(
                    element, f"{label} crosses itself: which cells form its rule is not clear"
                )
                continue
            if kind == "region_sum_lines" and not self.record.get("box") and not self.rules.get("regions"):
                self.account.refuse(
                    element, f"{label}: region-sum lines are modelled on grids with boxes or regions only"
                )
                continue
            if kind == "renban" and loop:
                cells = cells[:-1]  # a renban loop: the set of its cells
            if kind in ("german_whispers", "dutch_whispers") and loop:  # a rule of neighbours: the path, then
                self.rules.setdefault(kind, []).append(cells[-2:])  # the pair that closes the loop
                cells = cells[:-1]
            if kind == "index_lines":  # the diamond (a square turned 45 degrees) marks the first cell
                ends = [self.diamonds_at(c) for c in (cells[0], cells[-1])]
                if bool(ends[0]) == bool(ends[1]):
                    self.account.refuse(element, f"{label}: an index line needs a diamond at one end")
                    continue
                self.used_marks.update(ends[0] or ends[1])
                cells = cells if ends[0] else cells[::-1]
            if kind == "equal_sums":  # "the sum of the first two digits equals the sum of the last two"
                if len(cells) != 4:
                    self.account.refuse(element, f"{label}: the rules text speaks of lines of four cells")
                    continue
                cells = [cells[:2], cells[2:]]
            if kind == "fibonacci_lines" and not fibonacci_pattern(len(cells), self.side):
                self.account.refuse(
                    element, f"{label}: no Fibonacci line of {len(cells)} cells fits digits 1-9"
                )
                continue
            if kind == "sequence_lines" and not sequence_pattern(len(cells), self.side):
                self.account.refuse(element, f"{label}: a sequence line of {len(cells)} cells is not read")
                continue
            if kind == "lockout_lines":  # diamonds at both ends; the least difference of the ends stated
                ends = [self.diamonds_at(c) for c in (cells[0], cells[-1])]
                least = self.lockout_difference()
                if not (ends[0] and ends[1]) or least is None or len(cells) < 3:
                    why = (
                        "a diamond at each end" if not (ends[0] and ends[1]) else "its ends' least difference"
                    )
                    self.account.refuse(element, f"{label}: a lockout line needs {why} (and 3 cells or more)")
                    continue
                self.used_marks.update(ends[0] + ends[1])
            if kind == "sum_lines" and self.sum_line_total() is None:
                self.account.refuse(element, f"{label}: the rules text names no one total for sum lines")
                continue
            if kind == "zipper_lines":  # a dot may mark the centre
                (r0, c0), (r1, c1) = cells[(len(cells) - 1) // 2], cells[len(cells) // 2]
                self.used_marks.update(self.round_marks_at(((r0 + r1) / 2 + 0.5, (c0 + c1) / 2 + 0.5)))
            self.rules.setdefault(kind, []).append(cells)
            self.account.rule(element, kind.replace("_", " "), f"{label}, named by the rules text")
            read.setdefault(kind, []).append((number, label, cells))
        self.refuse_lines_that_meet(read)
        for cells in self.rules.pop("fibonacci_lines", []):  # a regular line of its words
            pattern = fibonacci_pattern(len(cells), self.side)
            self.rules.setdefault("regular", []).append({"cells": cells, "pattern": pattern})
        for cells in self.rules.pop("sequence_lines", []):
            pattern = sequence_pattern(len(cells), self.side)
            self.rules.setdefault("regular", []).append({"cells": cells, "pattern": pattern})
        if self.rules.get("sum_lines"):
            total = self.sum_line_total()
            self.rules["sum_lines"] = [{"line": c, "sum": total} for c in self.rules["sum_lines"]]
        if self.rules.get("lockout_lines"):
            least = self.lockout_difference()
            self.rules["lockout_lines"] = [
                {"line": c, "difference": least} for c in self.rules["lockout_lines"]
            ]

    def read_outside_clues(self) -> None:
        """Read the numbers written outside the grid, in line with a row or a column (in the
        ring of cells round it, not yet read: a little killer's is), as the clues of the one
        rule of outside clues the rules text states (:func:`outside_rule`); nothing is read
        when it states none, or when two numbers share a place."""
        kind = outside_rule(self.rules_text)
        found: dict[tuple[str, int], list[tuple[str, int, int]]] = {}
        for mark_kind, index, mark in self.marks_with_text() if kind else ():
            text, center = str(mark.get("text")).strip(), mark.get("center")
            if not (text.isdigit() and len(text) <= 3 and isinstance(center, list) and len(center) == 2):
                continue
            if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in center):
                continue
            if not all(math.isfinite(v) and abs(v) < 1e6 for v in center):
                continue
            place = outside_place(math.floor(center[0]), math.floor(center[1]), self.side)
            if place is not None:
                found.setdefault(place, []).append((mark_kind, index, int(text)))
        if not kind or not found or any(len(marks) > 1 for marks in found.values()):
            return
        for place, [(mark_kind, index, clue)] in sorted(found.items()):
            self.used_marks.add((mark_kind, index))
            self.account.rule(f"{mark_kind} {index}", *outside_clue(self.rules, kind, place, clue))

    def sum_line_total(self) -> int | None:
        """The total each segment of a sum line adds up to, as the one sentence naming sum
        lines states it (:data:`~sudoku_cp.io.account.SUM_LINES`: "... segments that each
        sum to 10"), or None (no such sentence, or two)."""
        totals = {
            int(found["total"])
            for s in _sentences(self.rules_text)
            for found in [re.search(SUM_LINES, s)]
            if found
        }
        return totals.pop() if len(totals) == 1 else None

    def line_borders(self) -> dict[int, int]:
        """The lines drawn as the border of another: ``{under line: top line}``, when a
        line is drawn later along the same way points, thinner and of another colour (a
        white line with a grey border is drawn so); the top line's colour is the look."""
        lines = self.entries("lines")
        ways: dict[str, list[int]] = {}
        for number, line in enumerate(lines, 1):
            ways.setdefault(json.dumps(line.get("wayPoints")), []).append(number)
        borders = {}
        for numbers in ways.values():
            if len(numbers) != 2:
                continue
            under, top = (lines[n - 1] for n in numbers)
            thick = [line.get("thickness") for line in (under, top)]
            if not all(isinstance(t, (int, float)) and not isinstance(t, bool) for t in thick):
                continue
            if thick[0] > thick[1] and colour_family(under.get("color")) != colour_family(top.get("color")):
                borders[numbers[0]] = numbers[1]
        return borders

    def chevrons(self) -> dict[int, tuple[tuple[int, int], tuple[int, int]]]:
        """The lines drawn as an inequality sign between two orthogonal neighbours: three
        points in one cell, the outer two across the cell near one of its edges, the middle
        one (the tip) off their midpoint toward that edge or away from it (SudokuPad's
        setters draw ``<`` so): ``{line: (smaller cell, larger cell)}``, the tip pointing at
        the smaller digit."""
        found = {}
        for number, line in enumerate(self.entries("lines"), 1):
            way = line.get("wayPoints")
            if not (isinstance(way, list) and len(way) == 3):
                continue
            a, tip, b = (self.point(p, f"SudokuPad line {number}") for p in way)
            cell = (math.floor(a[0]), math.floor(a[1]))
            if any((math.floor(p[0]), math.floor(p[1])) != cell for p in (tip, b)):
                continue
            if not (0 <= cell[0] < self.side and 0 <= cell[1] < self.side):
                continue
            for axis, other in ((0, 1), (1, 0)):
                offset = tip[axis] - a[axis]
                if abs(a[axis] - b[axis]) > 1e-6 or not 0.1 <= abs(a[other] - b[other]) <= 0.6:
                    continue
                if abs(tip[other] - (a[other] + b[other]) / 2) > 1e-6 or not 0.02 <= abs(offset) <= 0.3:
                    continue
                position = (a[axis] + tip[axis]) / 2 - cell[axis]  # across the cell, 0 to 1
                edge = -1 if position < 0.25 else 1 if position > 0.75 else 0
                neighbour = list(cell)
                neighbour[axis] += edge
                if not edge or not 0 <= neighbour[axis] < self.side:
                    continue
                toward = (offset > 0) == (edge > 0)
                smaller, larger = (tuple(neighbour), cell) if toward else (cell, tuple(neighbour))
                found[number] = (smaller, larger)
        return found  # type: ignore[return-value]

    def shaded_cells(self) -> dict[tuple[str, int], tuple[list[tuple[int, int]], str]]:
        """The marks not yet read that shade whole cells: rectangles (not rounded, no text, a
        background colour other than white) whose sides lie on cell edges in the grid, one cell or more (a
        cell's square may be drawn up to 0.1 narrower): ``{(kind, index): (cells, colour
        family)}``."""
        found = {}
        for kind, index, mark in self.marks:
            center, size = mark.get("center"), [mark.get("height"), mark.get("width")]
            if (kind, index) in self.used_marks or mark.get("rounded") or mark.get("text") not in (None, ""):
                continue
            if not (isinstance(center, list) and len(center) == 2 and mark.get("backgroundColor")):
                continue
            if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in center + size):
                continue
            if not all(math.isfinite(v) and abs(v) < 1e6 for v in center + size):
                continue
            spans = [math.ceil(v) for v in size]
            corner = [center[0] - spans[0] / 2, center[1] - spans[1] / 2]
            if any(n < 1 or n - v > 0.1 for n, v in zip(spans, size, strict=True)):
                continue
            inside = zip(corner, spans, strict=True)
            if not all(float(v).is_integer() and 0 <= v and v + n <= self.side for v, n in inside):
                continue
            top, left = int(corner[0]), int(corner[1])
            cells = [(top + r, left + c) for r in range(spans[0]) for c in range(spans[1])]
            family = colour_family(mark.get("backgroundColor"))
            if family not in ("white", ""):  # white shades nothing on the white grid
                found[(kind, index)] = (cells, family)
        return found

    def read_shaded_regions(self) -> None:
        """Read shaded cells (:meth:`shaded_cells`, of one colour, or of the colour the
        sentence names) as regions when the rules text states that shaded regions hold
        every digit (1 to n) or that digits do not repeat in them
        (:data:`~sudoku_cp.io.account.SHADED_REGIONS`): each group of orthogonally connected
        shaded cells is one, a Windoku window when box-shaped, an extra region otherwise.
        Every group must have ``n`` cells (two regions that touch would make one group)."""
        found = [
            t
            for t in (" ".join(s.lower().split()) for s in sentences(self.rules_text))
            if re.search(SHADED_REGIONS, t)
        ]
        highs = {re.search(SHADED_REGIONS, t)["high"] for t in found} - {None}
        if not found or highs - {str(self.side)}:
            return
        named = {f for t in found for w, f in _COLOUR_WORDS.items() if re.search(rf"\b{w}\b", t)}
        shaded = {
            mark: cells
            for mark, (cells, family) in self.shaded_cells().items()
            if not named or family in named
        }
        families = {family for _, family in self.shaded_cells().values()}
        if not shaded or len(named) > 1 or (not named and len(families) != 1):
            return
        owner = {cell: mark for mark, cells in shaded.items() for cell in cells}
        groups, seen = [], set()
        for start in sorted(owner):
            if start in seen:
                continue
            group, todo = [], [start]
            seen.add(start)
            while todo:
                r, c = todo.pop()
                group.append((r, c))
                for other in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if other in owner and other not in seen:
                        seen.add(other)
                        todo.append(other)
            groups.append(sorted(group))
        if any(len(group) != self.side for group in groups):
            return
        box = self.record.get("box")
        for group in groups:
            top, left = group[0]
            shape = [(top + r, left + c) for r in range(box[0]) for c in range(box[1])] if box else None
            if group == shape:
                self.rules.setdefault("windows", []).append([top, left])
                read_as = "Windoku window"
            else:
                self.rules.setdefault("extra_regions", []).append([list(cell) for cell in group])
                read_as = "extra region"
            for mark in sorted({owner[cell] for cell in group}):
                self.used_marks.add(mark)
                self.account.rule(
                    f"{mark[0]} {mark[1]}",
                    read_as,
                    f"shaded, the region from {_where_cell(group[0])}",
                )

    def read_fortress(self) -> None:
        """Read fortress cells: grey cells (full-cell squares, not yet read, of one colour: grey,
        or the colour the sentence names) when one sentence of the rules text states them
        (:data:`~sudoku_cp.io.account.FORTRESS`): each digit in one is greater (or less, as
        the sentence says) than each orthogonal neighbour that is not one (``less`` pairs).
        Two neighbouring grey cells need the sentence to say "unshaded" neighbours; a
        sentence that does not say "orthogonal" needs an inequality sign (:meth:`chevrons`)
        on every such edge, which shows the neighbours meant. The signs on those edges are
        part of the rule; one against it leaves the whole reading refused."""
        found = [
            t
            for t in (" ".join(s.lower().split()) for s in sentences(self.rules_text))
            if re.search(FORTRESS, t)
        ]
        if len(found) != 1 or re.search(r"\bdiagonal", found[0]):
            return
        sentence = found[0]
        greater = re.search(FORTRESS, sentence)[4] in ("greater", "larger", "bigger", "higher")
        named = {f for w, f in _COLOUR_WORDS.items() if re.search(rf"\b{w}\b", sentence)} - {"white"}
        shaded = self.shaded_cells()
        families = {family for _, family in shaded.values()}
        if not shaded or len(named) > 1 or families != (named or {"grey"}):
            return
        cells = {cell for covered, _ in shaded.values() for cell in covered}
        unshaded = re.search(r"\b(unshaded|non-?shaded|not shaded|white)\b", sentence)
        pairs = {}
        for r, c in sorted(cells):
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                other = (r + dr, c + dc)
                if not (0 <= other[0] < self.side and 0 <= other[1] < self.side):
                    continue
                if other in cells:
                    if not unshaded:
                        return
                    continue
                pairs[frozenset(((r, c), other))] = ((r, c), other) if not greater else (other, (r, c))
        signs = {n: pair for n, pair in self.chevrons().items() if frozenset(pair) in pairs}
        if any(pairs[frozenset(pair)] != pair for pair in signs.values()):
            return
        if not re.search(r"\borthogonal", sentence) and {frozenset(p) for p in signs.values()} != set(pairs):
            return
        self.rules.setdefault("less", []).extend([list(a), list(b)] for a, b in pairs.values())
        side = "greater" if greater else "less"
        for (kind, index), (covered, _) in shaded.items():
            self.used_marks.add((kind, index))
            where = ", ".join(map(_where_cell, covered))
            self.account.rule(
                f"{kind} {index}", "fortress cell", f"{where}: {side} than its unshaded neighbours"
            )
        for number, (small, large) in signs.items():
            self.used_lines.add(number)
            self.account.rule(
                f"line {number}",
                "inequality sign of a fortress cell",
                f"{_where_cell(small)} < {_where_cell(large)}",
            )

    def lockout_difference(self) -> int | None:
        """The least difference of a lockout line's ends, as the sentence naming lockout
        lines states it ("... which have a difference of at least 4"), or None."""
        for sentence in _sentences(self.rules_text):
            if _LINE_KINDS["lockout_lines"].search(sentence):
                found = re.search(r"\b(differ by|difference of) at least (\d)\b", sentence)
                if found and 1 <= int(found[2]) < self.side:
                    return int(found[2])
        return None

    def outlines_regions(self, points: Any, where: str) -> bool:
        """True when a line runs along cell edges only (its corners on grid points, its runs
        along rows or columns), each edge between two regions or on the grid's frame: a
        drawing of the regions (Sudoku Maker outlines irregular regions so)."""
        letters = self.rules.get("regions")
        box = self.record.get("box")
        owner = list(letters) if letters else box_numbers(self.side, tuple(box)) if box else None
        if owner is None or not isinstance(points, list) or len(points) < 2:
            return False
        corners = [self.point(p, where) for p in points]
        if not all(v.is_integer() and 0 <= v <= self.side for p in corners for v in p):
            return False
        region = lambda r, c: owner[r * self.side + c] if 0 <= r < self.side and 0 <= c < self.side else None  # noqa: E731
        for (y0, x0), (y1, x1) in itertools.pairwise(corners):
            if y0 != y1 and x0 != x1:
                return False
            for step in range(int(abs(y1 - y0) + abs(x1 - x0))):
                if y0 == y1:  # a horizontal edge between the rows y0 - 1 and y0
                    x = int(min(x0, x1)) + step
                    sides = region(int(y0) - 1, x), region(int(y0), x)
                else:
                    y = int(min(y0, y1)) + step
                    sides = region(y, int(x0) - 1), region(y, int(x0))
                if sides[0] == sides[1]:
                    return False
        return True

    def refuse_lines_that_meet(self, read: dict[str, list[tuple[int, str, list[list[int]]]]]) -> None:
        """Refuse the lines of one rule in :data:`JOINED_LINE_KINDS` that share a cell: drawn
        through cell centres, two such lines look like one line (or a branching one), and
        whether the rule holds along each or along both joined (one renban or two) changes
        the puzzle. ``read``: ``kind -> [(line number, label, cells)]``, as read."""
        for kind in JOINED_LINE_KINDS.intersection(read):
            lines = read[kind]
            meeting: dict[int, tuple[int, list[int]]] = {}
            for (a, _, cells_a), (b, _, cells_b) in itertools.combinations(lines, 2):
                shared = sorted({tuple(c) for c in cells_a} & {tuple(c) for c in cells_b})
                if shared and not self.ends_apart(a, b, shared):
                    meeting.setdefault(a, (b, list(shared[0])))
                    meeting.setdefault(b, (a, list(shared[0])))
            if not meeting:
                continue
            name = kind.replace("_", " ")
            for number, label, _ in lines:
                if number in meeting:
                    other, cell = meeting[number]
                    self.account.overrule(
                        f"line {number}",
                        f"{label} ({name}) meets line {other} of the same rule at {_where_cell(cell)}: "
                        f"whether they are one line or two is not clear",
                    )
            self.rules[kind] = [cells for number, _, cells in lines if number not in meeting]
            if not self.rules[kind]:
                del self.rules[kind]

    def ends_apart(self, a: int, b: int, shared: list[tuple[int, ...]]) -> bool:
        """Whether lines ``a`` and ``b`` (numbers) share one cell only, where each ends, at
        two points a visible gap apart (more than their widths: SudokuPad's line of thickness
        ``t`` is ``t / 100`` cells wide at the usual cell size of 50): the setter drew two
        lines there, each holding that cell."""
        if len(shared) != 1:
            return False
        lines = self.entries("lines")
        ends = []
        for number in (a, b):
            line = lines[number - 1]
            way, thick = line.get("wayPoints"), line.get("thickness")
            if not isinstance(thick, (int, float)) or isinstance(thick, bool) or thick <= 0:
                return False
            points = [self.point(p, f"SudokuPad line {number}") for p in way]
            inside = [p for p in (points[0], points[-1]) if (math.floor(p[0]), math.floor(p[1])) == shared[0]]
            if len(inside) != 1:
                return False
            ends.append((inside[0], thick / 100))
        (one, wide), (two, width) = ends
        return math.dist(one, two) > wide / 2 + width / 2 + 0.05

    def arrowheads(self) -> dict[int, int]:
        """The lines drawn as an arrowhead: ``{head line: shaft line}``. A head is a line of
        three points whose two arms (at most half a cell each) meet where exactly one other
        line of its colour ends (SudokuPad draws an arrow as lines when a setter draws it by
        hand)."""
        lines = self.entries("lines")
        points = []
        for number, line in enumerate(lines, 1):
            way = line.get("wayPoints")
            ok = isinstance(way, list) and len(way) >= 2
            points.append([self.point(p, f"SudokuPad line {number}") for p in way] if ok else [])
        heads: dict[int, int] = {}
        for number, (line, way) in enumerate(zip(lines, points, strict=True), 1):
            if len(way) != 3 or way[0] == way[2]:
                continue
            tip = way[1]
            if any(math.dist(arm, tip) > 0.5 or arm == tip for arm in (way[0], way[2])):
                continue
            family = colour_family(line.get("color"))
            shafts = [
                other
                for other, (drawn, its) in enumerate(zip(lines, points, strict=True), 1)
                if other != number and len(its) >= 2 and math.dist(its[-1], tip) < 1e-6
                and colour_family(drawn.get("color")) == family
            ]  # fmt: skip
            if len(shafts) == 1:
                heads[number] = shafts[0]
        return {head: shaft for head, shaft in heads.items() if shaft not in heads}

    def arrow_line(self, number: int, label: str, cells: list[list[int]], head: int, text: str) -> None:
        """Read a line drawn with an arrowhead (:meth:`arrowheads`) as an arrow, when it
        starts in a circle and the rules text names arrows; refuse it (and its head) otherwise."""
        element, start = f"line {number}", cells[0]
        circle = self.round_marks_at((start[0] + 0.5, start[1] + 0.5))
        if not re.search(r"\barrows?\b", text) or not circle or len(cells) < 2:
            why = "does not start in a circle" if not circle else "the rules text does not name arrows"
            for name in (element, f"line {head}"):
                self.account.refuse(name, f"{label}: a line with an arrowhead that {why}")
            return
        self.used_marks.update(circle)
        self.rules.setdefault("arrows", []).append({"circle": [start], "arrow": cells[1:]})
        self.account.rule(
            element, "arrow", f"{label}, drawn as a line with a head, circle at {_where_cell(start)}"
        )
        self.account.rule(f"line {head}", "arrowhead", f"the head of line {number}")

    def parity_marks(self) -> tuple[dict[bool, str | None], dict[bool, set[str]]]:
        """What circles (``True``) and squares (``False``) in cells mean by the rules text:
        ``{shape: "odd" | "even" | None}``, and the colours a sentence names for them
        (``{shape: colour words}``; empty: grey or white, SudokuPad's usual shading). A
        shape named both odd and even, or a sentence naming two colours, is left unread."""
        found: dict[bool, set[str]] = {True: set(), False: set()}
        colours: dict[bool, set[str]] = {True: set(), False: set()}
        for sentence in sentences(self.rules_text):
            lower = sentence.lower()
            for shape, noun in ((True, "circle"), (False, "square")):
                for word in ("odd", "even"):
                    if re.search(rf"{noun}[^.]*\b{word}\b|\b{word}\b[^.]*{noun}", lower):
                        found[shape].add(word)
                        colours[shape] |= {
                            family
                            for name, family in _COLOUR_WORDS.items()
                            if re.search(rf"\b{name}\b", lower)
                        }
        wanted = {True: "odd", False: "even"}
        parity = {
            shape: wanted[shape] if found[shape] == {wanted[shape]} and len(colours[shape]) <= 1 else None
            for shape in (True, False)
        }
        return parity, colours

    def cell_circles(self) -> dict[tuple[str, int], list[int]]:
        """The marks drawn as circles in cells (round, no text, 0.5 to 1 cell wide, centred in
        a cell, not yet read), all of one look: ``{(kind, index): [row, column]}``; ``{}``
        when there are none or they differ in colour (two looks may be two rules)."""
        found: dict[tuple[str, int], list[int]] = {}
        looks = set()
        for kind, index, mark in self.marks:
            center, size = mark.get("center"), [mark.get("width"), mark.get("height")]
            if (
                (kind, index) in self.used_marks
                or not mark.get("rounded")
                or mark.get("text") not in (None, "")
            ):
                continue
            if not (isinstance(center, list) and len(center) == 2):
                continue
            if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in center + size):
                continue
            if not all(0.5 <= v <= 1.0 for v in size) or size[0] != size[1]:
                continue
            cell = [center[0] - 0.5, center[1] - 0.5]
            if not all(float(v).is_integer() and 0 <= v < self.side for v in cell):
                continue
            found[(kind, index)] = [int(cell[0]), int(cell[1])]
            looks.add(tuple(colour_family(mark.get(k)) for k in ("backgroundColor", "borderColor", "color")))
        return found if len(looks) == 1 else {}

    def stated(self, pattern: str) -> bool:
        """Whether a sentence of the rules text (lower case, spaces joined) matches ``pattern``."""
        return any(re.search(pattern, " ".join(s.lower().split())) for s in sentences(self.rules_text))

    def counting_circles(self, circles_are_odd: bool) -> set[tuple[str, int]]:
        """Read the circles in cells (:meth:`cell_circles`) as one set of counting circles
        when a sentence of the rules text states them (:data:`COUNTING_CIRCLES`) and does
        not tie circles to odd digits; the marks read."""
        found = {} if circles_are_odd or not self.stated(COUNTING_CIRCLES) else self.cell_circles()
        if not found:
            return set()
        self.rules.setdefault("counting_circles", []).append(sorted(found.values()))
        for (kind, index), cell in found.items():
            self.account.rule(f"{kind} {index}", "counting circle", f"a circle in {_where_cell(cell)}")
        return set(found)

    def knight_group_circles(self, circles_are_odd: bool) -> set[tuple[str, int]]:
        """Read the circles in cells (:meth:`cell_circles`) of a 9x9 grid as cells in the
        same entropic group (1-3, 4-6, 7-9) as each cell a knight's move away, when a
        sentence of the rules text states it (:data:`KNIGHT_GROUP_CIRCLES`): a relation
        ``(a-1)//3 == (b-1)//3`` on each such pair; the marks read."""
        found = {} if circles_are_odd or self.side != 9 else self.cell_circles()
        if not found or not self.stated(KNIGHT_GROUP_CIRCLES):
            return set()
        moves = [(dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)]
        pairs = [
            [cell, [cell[0] + dr, cell[1] + dc]]
            for cell in sorted(found.values())
            for dr, dc in moves
            if 0 <= cell[0] + dr < self.side and 0 <= cell[1] + dc < self.side
        ]
        self.rules.setdefault("relations", []).append({"pairs": pairs, "predicate": "(a-1)//3==(b-1)//3"})
        for (kind, index), cell in found.items():
            self.account.rule(
                f"{kind} {index}",
                "entropic knight circle",
                f"{_where_cell(cell)}: the entropic group of its knight's-move cells",
            )
        return set(found)

    def read_marks(self) -> None:
        parity, parity_colours = self.parity_marks()
        counted = self.counting_circles(parity[True] is not None)
        counted |= self.knight_group_circles(parity[True] is not None)
        dot_rules = dot_rules_from_text(self.rules_text)
        for kind, index, mark in self.marks:
            element = f"{kind} {index}"
            if (kind, index) in counted:
                continue
            if (kind, index) in self.used_marks:
                self.account.rule(element, "part of a drawn rule", "a circle or number of an element above")
                continue
            where = f"SudokuPad {kind} {index}"
            center = self.point(mark.get("center"), where)
            text = str(mark.get("text", "") if mark.get("text") is not None else "").strip()
            pair = self.between(center)
            size = [mark.get(k) for k in ("width", "height")]
            sized = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in size)
            small = sized and all(v <= 0.45 for v in size)
            background = colour_family(mark.get("backgroundColor"))
            if pair and small and mark.get("rounded") and not text and background in ("white", "black"):
                self.rules.setdefault(background, []).append(pair)
                self.account.rule(
                    element,
                    f"{background} Kropki dot",
                    f"between {_where_cell(pair[0])} and {_where_cell(pair[1])}",
                )
                continue
            if pair and small and mark.get("rounded") and not text and background in dot_rules:
                predicate, word = dot_rules[background]
                self.rules.setdefault("relations", []).append({"pairs": [pair], "predicate": predicate})
                self.account.dot_rules.append((predicate, [pair], word))
                self.account.rule(
                    element,
                    f"{background} dot",
                    f"between {_where_cell(pair[0])} and {_where_cell(pair[1])}: {predicate}",
                )
                continue
            if pair and text.upper() in ("X", "V") and background in ("", "white"):
                self.rules.setdefault(text.lower(), []).append(pair)
                self.account.rule(
                    element,
                    f"XV {text.upper()}",
                    f"between {_where_cell(pair[0])} and {_where_cell(pair[1])}",
                )
                continue
            centred = (center[0] - 0.5).is_integer() and (center[1] - 0.5).is_integer()
            cell = [int(center[0] - 0.5), int(center[1] - 0.5)]
            big = sized and all(0.5 <= v <= 1.0 for v in size) and size[0] == size[1]
            shape = bool(mark.get("rounded"))
            colours = parity_colours[shape] or {"grey", "white", ""}
            if (
                centred and big and not text and parity[shape] and background in colours
                and 0 <= cell[0] < self.side and 0 <= cell[1] < self.side
            ):  # fmt: skip
                self.rules.setdefault(parity[shape], []).append(cell)
                self.account.rule(
                    element,
                    f"{parity[shape]} cell",
                    f"a {'circle' if shape else 'square'} in {_where_cell(cell)}, as the rules text says",
                )
                continue
            invisible = all(
                _alpha(mark.get(k)) == 0 for k in ("backgroundColor", "borderColor", "color") if mark.get(k)
            )
            if mark.get("class") == "board-position" and not text and invisible:
                self.account.cosmetic(element, "an invisible frame of the board (a converter's layout mark)")
                continue
            if not text and _white_on_white(mark):
                self.account.cosmetic(element, "white on the white grid: it shows nothing")
                continue
            at = f"at ({center[0]:g}, {center[1]:g})"
            colour = mark.get("backgroundColor") or mark.get("borderColor") or mark.get("color")
            what = f"text {clip(text, 20)!r}" if text else f"colour {clip(colour, 20)}"
            self.account.refuse(element, f"({at}, {what}) has no rule the package can tell")


def sequence_pattern(length: int, side: int) -> str:
    """The regular expression of a sequence line (an arithmetic sequence: the same nonzero
    difference between each two neighbours, either way) of ``length`` cells, 3 or more, on a
    grid of ``side`` up to 9; ``""`` otherwise.

    >>> sequence_pattern(4, 4)
    '4321|1234'
    """
    if length < 3 or side > 9:
        return ""
    words = [
        "".join(str(first + step * i) for i in range(length))
        for step in [d for d in range(-(side - 1), side) if d]
        for first in range(1, side + 1)
        if 1 <= first + step * (length - 1) <= side
    ]
    return "|".join(words)


def fibonacci_pattern(length: int, side: int) -> str:
    """The regular expression of a Fibonacci line of ``length`` cells on a grid of ``side``
    (digits 1 to 9 at most): read from its low end, the digits increase and each past the
    first two is the sum of the two before it; the line reads either way. ``""`` when no
    such line of 3 or more cells fits.

    >>> fibonacci_pattern(5, 9)
    '12358|85321'
    """
    if length < 3 or side > 9:
        return ""
    words = []
    for first in range(1, side + 1):
        for second in range(first + 1, side + 1):
            word = [first, second]
            while len(word) < length and word[-2] + word[-1] <= side:
                word.append(word[-2] + word[-1])
            if len(word) == length:
                words += ["".join(map(str, word)), "".join(map(str, word[::-1]))]
    return "|".join(words)


def scl_to_record(data: Mapping[str, Any], ignore: Iterable[str] = ()) -> dict[str, Any]:
    """The package's JSON record (:meth:`sudoku_cp.Puzzle.from_dict`) of a SudokuPad JSON
    object with long keys (:func:`decode_scl`); the subset read is in the module docstring.

    Raises:
        InvalidPuzzleError: an element, key or rules text the package cannot read for sure,
            named (``SudokuPad line 3 (colour #C54B8B, pink) has no rule the package can
            tell``), or a malformed value.
    """
    if not isinstance(data, Mapping):
        raise InvalidPuzzleError("the SudokuPad puzzle data is not a JSON object")
    reader = _Reader(data)
    record = reader.read()
    return settled(record, reader.account, reader.rules_text, ignore, reader.present)


# -- the package's record -> SudokuPad JSON ---------------------------------------------------

_LINE_STYLE = {  # rule key -> (colour, colour word, sentence of the rules text)
    "german_whispers": (
        "#67F067",
        "green",
        "Adjacent digits on a green line differ by at least 5 (German whispers).",
    ),
    "dutch_whispers": (
        "#F0A030",
        "orange",
        "Adjacent digits on an orange line differ by at least 4 (Dutch whispers).",
    ),
    "renban": ("#F067F0", "pink", "A pink line holds a set of consecutive digits in any order (renban)."),
    "palindromes": ("#A0A0A0", "grey", "A grey line reads the same in both directions (palindrome)."),
    "region_sum_lines": (
        "#2ECBFF",
        "blue",
        "A blue line has the same sum in each box it crosses (region-sum line).",
    ),
    "between_lines": (
        "#9050E0",
        "purple",
        "Digits on a purple line lie strictly between the digits in the circles at its ends (between line).",
    ),
    "entropic_lines": (
        "#F0E040",
        "yellow",
        "Any three adjacent digits on a yellow entropic line hold one low, one middle and one high digit.",
    ),
    "modular_lines": (
        "#E04040",
        "red",
        "Any three adjacent digits on a red modular line have different remainders when divided by 3.",
    ),
    "zipper_lines": (
        "#101010",
        "black",
        "Digits on a black zipper line at equal distance from its centre add up to the digit in the centre "
        "(or, on a line of even length, to one total).",
    ),
}
_WRITES = {
    "regions",
    "cages",
    "thermos",
    "slow_thermos",
    "diagonals",
    "anti_knight",
    "anti_king",
    "arrows",
    "white",
    "black",
    "x",
    "v",
    "all_xv_given",
    "all_white_given",
    "all_black_given",
    *_LINE_STYLE,
}
_RULE_SENTENCES = {  # the rules text of the drawn rules, for people (the reader reads the drawing)
    "regions": "Each bold region holds every digit once (jigsaw).",
    "diagonals": "Each marked diagonal holds every digit once.",
    "cages": "Digits in a dashed cage differ and add up to its total (killer).",
    "thermos": "Digits increase along a thermometer from its bulb.",
    "arrows": "The digits along an arrow add up to the number in its circle.",
    "white": "Cells joined by a white dot hold digits that differ by 1.",
    "black": "Cells joined by a black dot hold digits of which one is double the other.",
    "x": "Cells joined by an X add up to 10.",
    "v": "Cells joined by a V add up to 5.",
}
_NEGATIVE_SENTENCES = {
    "all_xv_given": "All possible X and V are given.",
    "all_white_given": "All possible white dots are given.",
    "all_black_given": "All possible black dots are given.",
}


def record_to_scl(record: Mapping[str, Any]) -> dict[str, Any]:
    """SudokuPad JSON (long keys) of a JSON puzzle record (the inverse of :func:`scl_to_record`).

    Raises:
        InvalidPuzzleError: a rule outside the subset read back (named), e.g. sandwiches.
    """
    if record.get("digits") is not None:
        raise InvalidPuzzleError(
            "the scl format here holds the digits 1..n: a grid of other digits is not written"
        )
    side, rules = record["size"], record.get("rules", {})
    other = sorted(k for k, v in rules.items() if k not in _WRITES and v not in (None, False, [], {}))
    if other:
        raise InvalidPuzzleError(
            f"SudokuPad's scl format is written for a subset of rules; not for {', '.join(other)}"
        )
    cells = [[{} for _ in range(side)] for _ in range(side)]
    for i, char in enumerate(record["grid"]):
        if char != ".":
            cells[i // side][i % side] = {"value": int(char, 36)}
    letters = rules.get("regions")
    box = tuple(record["box"]) if record.get("box") else None
    owner = list(letters) if letters else box_numbers(side, box)
    if owner is None or (record.get("box") is None and not letters):
        raise InvalidPuzzleError("SudokuPad's scl format is written for grids with boxes or regions")
    regions: dict[Any, list[list[int]]] = {}
    for i, name in enumerate(owner):
        regions.setdefault(name, []).append([i // side, i % side])
    sentences = []
    data: dict[str, Any] = {"cellSize": 50, "cells": cells, "regions": list(regions.values())}
    meta = {
        k: record[v] for k, v in (("title", "title"), ("author", "author")) if isinstance(record.get(v), str)
    }
    cages = [
        {"cells": c["cells"], **({"value": str(c["sum"])} if c.get("sum") is not None else {})}
        for c in rules.get("cages", ())
    ]
    if rules.get("thermos") and rules.get("slow_thermos"):
        raise InvalidPuzzleError("SudokuPad's scl format is written with thermometers all slow or none")
    lines: list[dict[str, Any]] = []
    overlays: list[dict[str, Any]] = []
    underlays: list[dict[str, Any]] = []
    centre = lambda cell: [cell[0] + 0.5, cell[1] + 0.5]  # noqa: E731
    if rules.get("diagonals"):
        lines += [
            {"color": "#34BBE6", "thickness": 2, "wayPoints": p}
            for p in ([[0, side], [side, 0]], [[0, 0], [side, side]])
        ]
    for key, flag in (("anti_knight", "antiknight"), ("anti_king", "antiking")):
        if rules.get(key):
            meta[flag] = True
            sentences.append(f"Rule: {'anti-knight' if flag == 'antiknight' else 'anti-king'}.")
    for thermo in rules.get("thermos", ()) or rules.get("slow_thermos", ()):
        underlays.append(
            {
                "borderColor": "#CFCFCF",
                "backgroundColor": "#CFCFCF",
                "center": centre(thermo[0]),
                "rounded": True,
                "width": 0.85,
                "height": 0.85,
            }
        )
        lines.append({"color": "#CFCFCF", "thickness": 21, "wayPoints": [centre(c) for c in thermo]})
    for arrow in rules.get("arrows", ()):
        circle, shaft = arrow["circle"], arrow["arrow"]
        start = min(circle, key=lambda c: max(abs(c[0] - shaft[0][0]), abs(c[1] - shaft[0][1])))
        middle = [
            sum(c[0] for c in circle) / len(circle) + 0.5,
            sum(c[1] for c in circle) / len(circle) + 0.5,
        ]
        span = [max(c[i] for c in circle) - min(c[i] for c in circle) for i in (0, 1)]
        overlays.append(
            {
                "borderColor": "#A1A1A1",
                "backgroundColor": "#FFFFFF",
                "center": middle,
                "rounded": True,
                "width": 0.75 + span[1],
                "height": 0.75 + span[0],
            }
        )
        lines_points = [centre(start)] + [centre(c) for c in shaft]
        data.setdefault("arrows", []).append(
            {"color": "#A1A1A1", "thickness": 5, "headLength": 0.3, "wayPoints": lines_points}
        )
    for rule, background in (("white", "#FFFFFF"), ("black", "#000000")):
        for a, b in rules.get(rule, ()):
            overlays.append(
                {
                    "borderColor": "#000000",
                    "backgroundColor": background,
                    "rounded": True,
                    "center": [(a[0] + b[0]) / 2 + 0.5, (a[1] + b[1]) / 2 + 0.5],
                    "width": 0.3,
                    "height": 0.3,
                }
            )
    for letter in ("x", "v"):
        for a, b in rules.get(letter, ()):
            overlays.append(
                {
                    "backgroundColor": "#FFFFFF",
                    "borderColor": "#FFFFFF",
                    "rounded": False,
                    "fontSize": 21,
                    "center": [(a[0] + b[0]) / 2 + 0.5, (a[1] + b[1]) / 2 + 0.5],
                    "width": 0.25,
                    "height": 0.25,
                    "text": letter.upper(),
                }
            )
    sentences += [sentence for key, sentence in _RULE_SENTENCES.items() if rules.get(key)]
    if any(c.get("sum") is None for c in rules.get("cages", ())):
        sentences.append("Digits cannot repeat in a cage; a cage's total, if given, is its sum.")
    if rules.get("slow_thermos"):
        sentences.append(
            "Digits along a thermometer increase or stay the same from its bulb (slow thermometers)."
        )
    sentences += [sentence for key, sentence in _NEGATIVE_SENTENCES.items() if rules.get(key)]
    for key, (colour, _, sentence) in _LINE_STYLE.items():
        if not rules.get(key):
            continue
        sentences.append(sentence)
        for line in rules[key]:
            lines.append({"color": colour, "thickness": 10, "wayPoints": [centre(c) for c in line]})
            if key == "between_lines":
                for end in (line[0], line[-1]):
                    overlays.append(
                        {
                            "borderColor": colour,
                            "backgroundColor": "#FFFFFF",
                            "center": centre(end),
                            "rounded": True,
                            "width": 0.8,
                            "height": 0.8,
                        }
                    )
    own = record.get("ruleset") if isinstance(record.get("ruleset"), str) else ""
    if sentences:  # the sentences naming each line's colour first, then the setter's text
        meta["rules"] = "\n".join(["Normal sudoku rules apply.", *sentences, *([own] if own else [])])
    elif own:
        meta["rules"] = own
    solution = record.get("solution")
    if isinstance(solution, str) and len(solution) == side * side and side <= 9 and solution.isdigit():
        meta["solution"] = solution
    for name, value in (("cages", cages), ("lines", lines), ("overlays", overlays), ("underlays", underlays)):
        if value:
            data[name] = value
    if meta:
        data["metadata"] = meta
    return data


def scl_link(record: Mapping[str, Any]) -> str:
    """A SudokuPad link in its own format (``https://sudokupad.app/scl...``) for a JSON record."""
    return "https://sudokupad.app/scl" + encode_scl(record_to_scl(record))
