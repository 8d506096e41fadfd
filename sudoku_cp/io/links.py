"""Puzzles shared as links: f-puzzles and SudokuPad.

The variant community shares puzzles as links to two web apps:

* **f-puzzles** (``https://f-puzzles.com/?load=PAYLOAD``): ``PAYLOAD`` is the puzzle's
  JSON compressed with lz-string's ``compressToBase64``;
* **SudokuPad** (``https://sudokupad.app/fpuzzlesPAYLOAD``, also under
  ``app.crackingthecryptic.com``): the same f-puzzles payload after the word
  ``fpuzzles``, or SudokuPad's own compact format (``scl...``), read by
  :mod:`sudoku_cp.io.sudokupad`. Its short ids (which need the network) are refused with a
  message asking for the full link.

:func:`record_from_link` reads a link into the package's JSON puzzle record
(:func:`fpuzzles_to_record`), from which :meth:`sudoku_cp.Puzzle.from_link` builds the
puzzle, so every check of the rules applies; :func:`fpuzzles_link` and
:func:`sudokupad_link` write a record back (:meth:`sudoku_cp.Puzzle.to_link`), so a solved
or generated puzzle opens in those apps. This module converts formats only: it knows
records, not puzzles. lz-string comes from the ``lzstring`` package.

The subset of the f-puzzles format read (every other key is refused, naming it, never
solved without it):

=========================  ==============================================================
f-puzzles key              read as
=========================  ==============================================================
``size``, ``grid``         the side; each cell's ``value`` with ``"given": true`` is a
                           given (a value without it was typed by a solver: ignored);
                           ``region`` numbers make jigsaw regions; a side with no box
                           shape (5, 7, 11...) and no ``region`` is a Latin square
                           (f-puzzles' default regions there are 1 x n strips, its rows)
``diagonal+``/``diagonal-``  both together: X-Sudoku (one alone is refused)
``antiknight``, ``antiking``  the anti-knight and anti-king rules
``killercage``             killer cages (one without a sum: its digits differ)
``thermometer``            thermometers, bulb first
``odd``, ``even``          parity of marked cells
``difference``, ``ratio``  white (differ by 1) and black (ratio 2) Kropki dots; other
                           values are refused
``nonconsecutive``         no white dot means not consecutive (with or without dots)
``negative: ["ratio"]``    no black dot means not in ratio 2
``minimum``, ``maximum``   a cell smaller (greater) than its orthogonal neighbours that
                           are not marked alike (fortress cells), as inequalities
``extraregion``            box-shaped extra regions as Windoku windows, others as
                           extra regions (their digits differ)
``arrow``, ``xv``, ...     the modern rules: :mod:`sudoku_cp.io.fpuzzles_modern`
``title``, ``author``,     kept in ``puzzle.metadata``; the ``ruleset`` (rules text) is
``ruleset``, ``solution``  read sentence by sentence (:mod:`sudoku_cp.io.account`)
``text``, ``line``,        f-puzzles' generic drawing tools, with which setters draw
``rectangle``, ``circle``, rules of any kind: each entry is refused (an empty one is
``cage``                   cosmetic; a number as ``text`` in the first cell of a killer
                           cage without a total is its total; one outside the grid in
                           line with a row or column, a clue of the one outside rule the
                           rules text states: sandwiches, skyscrapers, X-sums, frame)
app settings               cosmetic (``activeConstraints``, ``highlightConflicts``...)
=========================  ==============================================================

Every key, element and rules-text sentence gets a row of the account
(``puzzle.metadata["read"]``); what is refused raises
:class:`~sudoku_cp.errors.UnsupportedRuleError` naming it, unless ``ignore=`` names it.
Flags and the ``given`` of a cell may be written ``true``, ``"true"`` or ``"yes"``
(:func:`flag_value`); any other value is refused, never dropped.

>>> record = {"size": 4, "box": [2, 2], "grid": "1234" "34.." "...." "....", "rules": {}}
>>> link = fpuzzles_link(record)
>>> link.startswith("https://f-puzzles.com/?load=")
True
>>> read = record_from_link(link)
>>> [row["read as"] for row in read.pop("read")]
['the grid side', 'givens and regions']
>>> read == record
True
"""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Iterable, Mapping
from typing import Any

from sudoku_cp.errors import InvalidPuzzleError, SudokuError
from sudoku_cp.io.account import Account, clip, flag_value, settled, show
from sudoku_cp.io.fpuzzles_modern import read_modern, write_modern
from sudoku_cp.io.payloads import decompress
from sudoku_cp.model.grid import box_numbers, box_shape_of, region_letters, standard_box

MAX_LINK_LENGTH = 2_000_000
"""Characters: a longer link is refused before it is decompressed."""

_FPUZZLES_LINK = re.compile(r"^https?://(?:www\.)?f-puzzles\.com/?\?(?:.*&)?load=(?P<payload>[^&#\s]*)")
_ANY_URL = re.compile(r"^https?://(?P<host>[^/?#\s]*)\S*$", re.IGNORECASE)
_SUDOKUPAD_LINK = re.compile(
    r"^https?://(?:www\.)?(?:sudokupad\.app|app\.crackingthecryptic\.com(?:/sudoku)?|"
    r"crackingthecryptic\.com/sudoku)/(?:sudoku/)?(?:\?puzzleid=)?(?P<rest>[^#\s]*)"
)

_SETTINGS = {"activeConstraints", "highlightConflicts", "disabledlogic", "truecandidatesoptions"}
"""f-puzzles keys that hold the app's settings, not the puzzle: cosmetic."""
_DRAWN = ("text", "line", "rectangle", "circle", "cage")
"""f-puzzles' generic drawing tools: setters draw real rules with them (entropic lines,
clones, XV as text...), so each is refused unless it is read for sure."""
_METADATA = ("title", "author", "ruleset")
_READ_AS = {
    "size": "the grid side", "grid": "givens and regions", "diagonal+": "diagonals",
    "diagonal-": "diagonals", "antiknight": "anti-knight", "antiking": "anti-king",
    "killercage": "killer cage", "thermometer": "thermometer", "odd": "odd cell", "even": "even cell",
    "difference": "white Kropki dot", "ratio": "black Kropki dot", "nonconsecutive": "non-consecutive",
    "negative": "negative constraint", "minimum": "minimum cell", "maximum": "maximum cell",
    "extraregion": "Windoku window", "solution": "the published solution (metadata)",
    "title": "title (metadata)", "author": "author (metadata)", "ruleset": "rules text (read by sentence)",
    "arrow": "arrow", "littlekillersum": "little killer", "sandwichsum": "sandwich sum", "xv": "XV",
    "palindrome": "palindrome", "betweenline": "between line", "renban": "renban line",
    "regionsumline": "region-sum line", "whispers": "whispers line", "quadruple": "quadruple",
    "modularline": "modular line", "entropicline": "entropic line", "clone": "clone",
    "disjointgroups": "disjoint groups", "rowindexer": "row indexer cells",
    "columnindexer": "column indexer cells", "slowthermometer": "slow thermometer",
    "zipperline": "zipper line", "xsum": "X-sum",
}  # fmt: skip
_ENTRY_FIELDS = {
    "cells", "cell", "lines", "value", "values", "direction", "cloneCells",  # what the readers read
    "outlineC", "fontC", "baseC", "width", "height", "angle", "size", "isNewConstraint",  # style
}  # fmt: skip
_CELL_KEYS = {"value", "given", "region", "centerPencilMarks", "cornerPencilMarks", "highlight", "c"}
_COLOUR_TALK = re.compile(
    r"\b(colou?r\w*|shad\w*|grey|gray|green|blue|red|yellow|orange|purple|pink|black|white|highlight\w*|tinted)\b",
    re.IGNORECASE,
)


def is_link(text: str) -> bool:
    """True when ``text`` (stripped) is a web address: the link reader takes it, and reads
    it if it is an f-puzzles or SudokuPad link (any other address is refused by name).

    >>> is_link("https://f-puzzles.com/?load=N4Ig"), is_link("123")
    (True, False)
    """
    return bool(_ANY_URL.match(_with_scheme(text.strip())))


def record_from_link(link: str, ignore: Iterable[str] = ()) -> dict[str, Any]:
    """The package's JSON puzzle record of a link (:func:`fpuzzles_to_record` of its
    payload, or :func:`sudoku_cp.io.sudokupad.scl_to_record`), with the account of what it
    read in its ``read`` key (:mod:`sudoku_cp.io.account`); an Interactive Sudoku Solver
    link (or its bare constraint string) is read by :func:`sudoku_cp.io.iss.record_from_link`.

    Args:
        link: an f-puzzles or SudokuPad link (``https://`` may be left out).
        ignore: element names (``"sentence 3"``, ``"line 2"``) of refused elements to
            solve without; the record's ``ignored`` key lists them.

    Raises:
        UnsupportedRuleError: a drawn element, a key or value, or a rules-text sentence the
            package does not model or cannot tell for sure, named or quoted.
        InvalidPuzzleError: not such a link, a payload that does not decompress to JSON,
            or malformed data (any malformed value, however deep or long); the rules
            themselves are checked when the record becomes a puzzle.
    """
    if not isinstance(link, str):
        raise InvalidPuzzleError(f"a link is text, not {type(link).__name__}")
    link = _with_scheme(link.strip())
    if len(link) > MAX_LINK_LENGTH:
        raise InvalidPuzzleError(
            f"the link has {len(link):,} characters; at most {MAX_LINK_LENGTH:,} are read"
        )
    try:
        from sudoku_cp.io import iss

        if iss.looks_like_iss(link):  # an Interactive Sudoku Solver link, or its bare string
            return iss.record_from_link(link, ignore)
        payload = scl_payload(link)
        if payload is not None:
            from sudoku_cp.io.sudokupad import decode_scl, scl_to_record

            return scl_to_record(decode_scl(payload), ignore)
        return fpuzzles_to_record(fpuzzles_from_link(link), ignore)
    except SudokuError as error:
        if len(str(error)) > MAX_MESSAGE:
            error.args = (clip(str(error), MAX_MESSAGE),)
        raise
    except (
        RecursionError,
        ValueError,
        OverflowError,
        TypeError,
        KeyError,
        IndexError,
        AttributeError,
    ) as error:
        raise InvalidPuzzleError(
            f"the link's puzzle data is malformed ({type(error).__name__}: {clip(str(error), 80)})"
        ) from None


MAX_MESSAGE = 2000
"""Characters of an error message about a link at most (quoted input is cut)."""


def _with_scheme(link: str) -> str:
    """A link pasted without ``https://`` (``sudokupad.app/...``, ``f-puzzles.com/?load=...``)
    gets it back."""
    lowered = link[:40].lower()
    hosts = ("f-puzzles.com", "www.f-puzzles.com", "sudokupad.app", "www.sudokupad.app",
             "app.crackingthecryptic.com", "crackingthecryptic.com")  # fmt: skip
    if any(lowered.startswith(host + sep) for host in hosts for sep in ("/", "?")):
        return "https://" + link
    return link


def scl_payload(link: str) -> str | None:
    """The payload of a SudokuPad link in its own compact format (``scl...`` or
    ``ctc...``, also after ``?puzzle=``), or None for any other link."""
    match = _SUDOKUPAD_LINK.match(link.strip())
    if not match:
        return None
    rest = _sudokupad_rest(match["rest"])
    for prefix in ("scl", "ctc"):
        if rest.startswith(prefix):
            return rest[len(prefix) :]
    return None


def _sudokupad_rest(rest: str) -> str:
    """What follows a SudokuPad address: ``?puzzle=`` removed, and app settings after the
    payload (``?setting-...``, ``&...``) cut off (a payload has no ``?`` or ``&``)."""
    rest = urllib.parse.unquote(rest).removeprefix("?puzzle=").removeprefix("puzzle=")
    return re.split(r"[?&]", rest, maxsplit=1)[0]


def fpuzzles_from_link(link: str) -> dict[str, Any]:
    """The f-puzzles JSON object a link carries (see :func:`record_from_link`)."""
    link = link.strip()
    if len(link) > MAX_LINK_LENGTH:
        raise InvalidPuzzleError(
            f"the link has {len(link):,} characters; at most {MAX_LINK_LENGTH:,} are read"
        )
    match = _FPUZZLES_LINK.match(link)
    if match:
        if not match["payload"]:
            raise InvalidPuzzleError("the f-puzzles link carries no puzzle data after 'load='")
        return decode_payload(match["payload"])
    match = _SUDOKUPAD_LINK.match(link)
    if not match:
        url = _ANY_URL.match(link)
        if url and url["host"].lower().removeprefix("www.") == "f-puzzles.com":
            raise InvalidPuzzleError("the f-puzzles link carries no puzzle data (no 'load=')")
        host = f" (a link to {url['host'][:60]!r})" if url else ""
        raise InvalidPuzzleError(
            f"not an f-puzzles or SudokuPad link{host}: the package reads "
            "https://f-puzzles.com/?load=... and https://sudokupad.app/... links"
        )
    if not match["rest"]:
        raise InvalidPuzzleError("the SudokuPad link carries no puzzle after the address")
    rest = _sudokupad_rest(match["rest"])
    for prefix in ("fpuzzles", "fpuz"):
        if rest.startswith(prefix):
            return decode_payload(rest.removeprefix(prefix))
    if rest.startswith(("scl", "ctc")):
        raise InvalidPuzzleError(
            "this is SudokuPad's own format (scl), not an f-puzzles payload: read it with "
            "record_from_link or Puzzle.from_link"
        )
    raise InvalidPuzzleError(
        "this SudokuPad link names a puzzle stored on its server (a short id), which needs the "
        "network, and sudoku_cp reads no network; use the full link: open the puzzle in "
        "SudokuPad, and its share dialog gives a link with the puzzle data ('scl...' or "
        "'fpuzzles...')"
    )


def decode_payload(payload: str) -> dict[str, Any]:
    """The JSON object of an lz-string ``compressToBase64`` payload (URL-quoted or not).

    Raises:
        InvalidPuzzleError: the payload does not decompress to a JSON object.
    """
    text = decompress(payload)
    try:
        data = json.loads(text)
    except ValueError as error:
        raise InvalidPuzzleError(f"the link's puzzle data is not valid JSON ({error})") from None
    if not isinstance(data, dict):
        raise InvalidPuzzleError("the link's puzzle data is not an f-puzzles JSON object")
    return data


def encode_payload(data: Mapping[str, Any]) -> str:
    """An lz-string ``compressToBase64`` payload of a JSON object (as f-puzzles writes it)."""
    import lzstring

    return lzstring.LZString().compressToBase64(json.dumps(data, separators=(",", ":")))


# -- f-puzzles JSON -> the package's JSON record ------------------------------------------


def fpuzzles_to_record(data: Mapping[str, Any], ignore: Iterable[str] = ()) -> dict[str, Any]:
    """The package's JSON record (``size``, ``box``, ``grid``, ``rules``; see
    :meth:`sudoku_cp.model.puzzle.Puzzle.from_dict`) of an f-puzzles JSON object, with the
    account of every key and element in ``read`` (:mod:`sudoku_cp.io.account`).

    Args:
        data: the f-puzzles JSON object.
        ignore: names of refused elements to solve without (``"line 2"``, ``"sentence 1"``).

    Raises:
        UnsupportedRuleError: a key, value, drawn element or rules sentence the package
            does not model or cannot tell (named), not in ``ignore``.
        InvalidPuzzleError: a malformed value (named).
    """
    if not isinstance(data, Mapping):
        raise InvalidPuzzleError("the link's puzzle data is not an f-puzzles JSON object")
    account = Account("f-puzzles")
    present = [k for k in data if _present(data[k])]
    for key in present:
        if key in _SETTINGS:
            account.key(key)
            account.cosmetic(f"key {key!r}", "a setting of the f-puzzles app")
        elif key not in _READ_AS and key not in _DRAWN:
            account.key(key)
            account.refuse(f"key {clip(key, 40)!r}", "is a constraint sudoku_cp does not model")
    side = data.get("size")
    if not isinstance(side, int) or isinstance(side, bool) or not 4 <= side <= 25:
        raise InvalidPuzzleError(f"f-puzzles key 'size': {show(side, 40)} is not a grid side of 4 to 25")
    givens, regions = _read_grid(data.get("grid"), side, account)
    _read_cell_colours(data, account)
    record: dict[str, Any] = {"size": side, "grid": givens}
    rules: dict[str, Any] = {}
    default = box_numbers(side)
    shape = box_shape_of(regions, side) if regions is not None else None
    if regions is not None and regions != default and shape is None:
        record["box"] = None
        rules["regions"] = region_letters(regions)
    elif default is None and shape is None:  # 5x5, 7x7, 11x11...: no rectangular boxes
        account.rule(
            "default regions",
            "a Latin square",
            f"f-puzzles' default regions of a {side}x{side} without 'region' keys are 1x{side} "
            "strips, its rows: only rows and columns apply",
        )
    box = None if "regions" in rules else shape or standard_box(side)
    record["box"] = list(box) if box else None
    _read_flags(data, rules, account)
    _read_cells_rules(data, side, rules, box, account)
    read_modern(data, side, rules)
    _read_drawn(data, side, rules, account)
    if rules.get("cages"):  # a killer cage without a total keeps its digits different (f-puzzles' rule)
        for cage in rules["cages"]:
            if cage["sum"] is None:
                account.rule(
                    f"killercage {cage['number']}", "killer cage without a total", "its digits differ"
                )
        rules["cages"] = [
            {"sum": c["sum"], "cells": c["cells"]} if c["sum"] is not None else {"cells": c["cells"]}
            for c in rules["cages"]
        ]
    record["rules"] = rules
    for key in _METADATA:
        if isinstance(data.get(key), str) and data[key]:
            record[key] = data[key]
    solution = data.get("solution")
    if isinstance(solution, list) and len(solution) == side * side and all(_digit(v, side) for v in solution):
        record["solution"] = "".join(_char(int(v)) for v in solution)
    for key in present:
        if key in _READ_AS and key not in account.keys:
            account.key(key)
            entries = data[key]
            if isinstance(entries, list) and key not in ("grid", "solution", "negative"):
                refused = {element for element, _ in account.refused}
                for number, entry in enumerate(entries, 1):
                    if f"{key} {number}" in refused:
                        continue
                    extra = sorted(set(entry) - _ENTRY_FIELDS) if isinstance(entry, dict) else []
                    if extra:
                        account.refuse(
                            f"{key} {number}",
                            f"has the field(s) {', '.join(repr(clip(f, 30)) for f in extra[:5])}, which the "
                            "package does not read",
                        )
                    else:
                        account.rule(f"{key} {number}", _READ_AS[key])
            elif key in ("title", "author", "solution"):
                account.cosmetic(f"key {key!r}", _READ_AS[key])
            else:
                account.rule(f"key {key!r}", _READ_AS[key])
    text = data.get("ruleset") if isinstance(data.get("ruleset"), str) else ""
    return settled(record, account, text, ignore, present)


def _read_cell_colours(data: Mapping[str, Any], account: Account) -> None:
    """The setter's cell colours (a cell's ``c``): cosmetic when the rules text says nothing
    of colours or shading, refused otherwise (or when there is no rules text to tell)."""
    grid = data.get("grid")
    coloured = [
        f"R{r + 1}C{c + 1}"
        for r, row in enumerate(grid if isinstance(grid, list) else [])
        for c, cell in enumerate(row if isinstance(row, list) else [])
        if isinstance(cell, dict) and _present(cell.get("c"))
    ]
    if not coloured:
        return
    text = data.get("ruleset") if isinstance(data.get("ruleset"), str) else ""
    where = f"{len(coloured)} cells from {coloured[0]}"
    if text.strip() and not _COLOUR_TALK.search(text):
        account.cosmetic("cell colours", f"{where}: the rules text says nothing of colours or shading")
    else:
        why = "the rules text speaks of colours" if text.strip() else "no rules text says what they mean"
        account.refuse("cell colours", f"({where}) may carry a rule: {why}")


def _read_drawn(data: Mapping[str, Any], side: int, rules: dict[str, Any], account: Account) -> None:
    """f-puzzles' generic drawing tools: each entry is refused (a setter's rule drawn with a
    generic tool cannot be told), except an empty one, and a number written as text in a
    cell of a killer cage without a total (the cage's total)."""
    read = _coloured_lines(data, side, rules, account)
    read |= _generic_thermometers(data, side, rules, account, read)  # bulbs first: not counting circles
    read |= _counting_circles(data, side, rules, account, read)
    read |= _dot_relations(data, side, rules, account, read)
    read |= _outside_texts(data, side, rules, account)
    for key in _DRAWN:
        if key not in data or not _present(data[key]):
            continue
        account.key(key)
        for number, entry in enumerate(_entries(data, key), 1):
            element = f"{key} {number}"
            if element in read:
                continue
            cells = entry.get("cells") or [c for line in (entry.get("lines") or []) for c in line]
            where = f"at {clip(cells[0], 12)}" if isinstance(cells, list) and cells else "with no cell"
            value = entry.get("value")
            copied = _copy_of(data, entry)
            if copied:
                account.cosmetic(element, f"a drawn copy of the {copied!r} constraint (read from its key)")
                continue
            if key == "text" and _present(value) and "cells" in entry and _cage_total(entry, side, rules):
                account.rule(
                    element, "killer cage total", f"the number {show(value, 8)} in a cage without one"
                )
                continue
            if not cells and not _present(value):
                account.cosmetic(element, "an empty drawing")
                continue
            shown = f", value {show(value, 30)}" if _present(value) else ""
            account.refuse(element, f"({where}{shown}) is drawn with f-puzzles' generic {key} tool, "
                           "whose rule the package cannot tell")  # fmt: skip


_COLOURED_KINDS = (
    "german_whispers", "dutch_whispers", "renban", "palindromes", "region_sum_lines", "entropic_lines",
    "modular_lines", "zipper_lines", "parity_lines", "nabner_lines",
)  # fmt: skip
"""Line rules a generic f-puzzles line takes from the rules text by its colour: those whose
line alone is the rule (no circle or diamond at an end to tell apart)."""


def _coloured_lines(data: Mapping[str, Any], side: int, rules: dict[str, Any], account: Account) -> set[str]:
    """Read f-puzzles' generic lines (``line``) whose colour one sentence of the rules text
    names for one line rule ("Digits an equal distance from the center of a lavender Zipper
    Line..."), as :func:`sudoku_cp.io.sudokupad.line_kinds_from_rules` tells it, into
    ``rules``; a zipper line's centre circle (odd length) or diamond between its two middle
    cells (even length) belongs to it. Returns the elements read (``"line 2"``,
    ``"circle 1"``); every other generic element is left to :func:`_read_drawn`."""
    from sudoku_cp.io.sudokupad import colour_family, line_kinds_from_rules

    text = data.get("ruleset") if isinstance(data.get("ruleset"), str) else ""
    kinds = line_kinds_from_rules(text) if text else {}
    if not kinds or "line" not in data or not isinstance(data["line"], list):
        return set()
    read: set[str] = set()
    for number, entry in enumerate(_entries(data, "line"), 1):
        if _copy_of(data, entry) or not isinstance(entry.get("lines"), list):
            continue
        colour = entry.get("outlineC")
        family = colour_family(colour)
        kind = kinds.get(family) if family else None  # a line of no colour: no sentence names it
        if kind not in _COLOURED_KINDS:
            continue
        try:
            lines = [
                [_cell(name, side, f"f-puzzles line {number}") for name in line] for line in entry["lines"]
            ]
        except (InvalidPuzzleError, TypeError):  # outside the grid, or not cell names: refused below
            continue
        if not lines or any(len(line) < 2 or len({tuple(c) for c in line}) < len(line) for line in lines):
            continue  # a line crossing itself: which cells form its rule is not clear
        rules.setdefault(kind, []).extend(lines)
        read.add(f"line {number}")
        account.rule(f"line {number}", kind.replace("_", " "), f"colour {clip(colour, 12)} ({family}), "
                     "named by the rules text")  # fmt: skip
        if kind == "zipper_lines":
            for line in lines:
                middle = sorted({_cell_name(c) for c in (line[(len(line) - 1) // 2], line[len(line) // 2])})
                for key in ("circle", "rectangle"):
                    for mark, drawn in enumerate(
                        _entries(data, key) if isinstance(data.get(key), list) else [], 1
                    ):
                        if sorted(
                            str(c).upper() for c in drawn.get("cells") or []
                        ) == middle and not _present(drawn.get("value")):
                            read.add(f"{key} {mark}")
                            account.rule(
                                f"{key} {mark}", "part of a drawn rule", f"the centre of line {number}"
                            )
    return read


def _generic_thermometers(
    data: Mapping[str, Any], side: int, rules: dict[str, Any], account: Account, read: set[str]
) -> set[str]:
    """Read f-puzzles' generic lines drawn as thermometers, when the rules text names
    thermometers: a line (one path) with a generic circle of its colour, without a value,
    on one end (its bulb), and a line of that colour starting on such a thermometer past
    its bulb (a branch: the thermometer up to that cell, then the branch). The colours
    read are kept in ``account.colours["thermos"]``. Returns the elements read."""
    from sudoku_cp.io.sudokupad import colour_family

    text = data.get("ruleset") if isinstance(data.get("ruleset"), str) else ""
    if not re.search(r"\bthermo", text.lower()) or not isinstance(data.get("line"), list):
        return set()
    circles: dict[tuple[str, str], str] = {}  # (cell name, colour family) -> element
    for number, entry in enumerate(
        _entries(data, "circle") if isinstance(data.get("circle"), list) else [], 1
    ):
        cells = entry.get("cells")
        if f"circle {number}" in read or _present(entry.get("value")) or not isinstance(cells, list):
            continue
        if len(cells) == 1 and isinstance(cells[0], str):
            for key in ("baseC", "outlineC"):
                circles.setdefault((cells[0].upper(), colour_family(entry.get(key))), f"circle {number}")
    paths: dict[str, tuple[str, list[list[int]]]] = {}
    for number, entry in enumerate(_entries(data, "line"), 1):
        lines = entry.get("lines")
        if (
            f"line {number}" in read
            or _copy_of(data, entry)
            or not isinstance(lines, list)
            or len(lines) != 1
        ):
            continue
        try:
            path = [_cell(name, side, f"f-puzzles line {number}") for name in lines[0]]
        except (InvalidPuzzleError, TypeError):
            continue
        if len(path) >= 2 and len({tuple(c) for c in path}) == len(path):
            paths[f"line {number}"] = (colour_family(entry.get("outlineC")), path)
    found: dict[str, tuple[str, list[list[int]]]] = {}
    for element, (family, path) in paths.items():
        bulbs = [circles.get((_cell_name(end), family)) for end in (path[0], path[-1])]
        if family and bool(bulbs[0]) != bool(bulbs[1]):
            found[element] = (bulbs[0] or bulbs[1], path if bulbs[0] else path[::-1])  # type: ignore[assignment]
    branches: dict[str, tuple[str, list[list[int]]]] = {}
    for element, (family, path) in paths.items():
        if element in found:
            continue
        hosts = [
            (other, thermo[: thermo.index(end) + 1] + (path[1:] if end == path[0] else path[-2::-1]))
            for other, (_, thermo) in found.items()
            if paths[other][0] == family
            for end in (path[0], path[-1])
            if end in thermo[1:]
        ]
        if len(hosts) == 1:
            branches[element] = (f"a branch of {hosts[0][0]}", hosts[0][1])
    read_now: set[str] = set()
    for element, (bulb, thermo) in {**found, **branches}.items():
        rules.setdefault("thermos", []).append(thermo)
        account.colours.setdefault("thermos", set()).add(paths[element][0])
        where = bulb if bulb.startswith("a branch") else f"bulb {bulb} at {_cell_name(thermo[0])}"
        account.rule(element, "thermometer", f"colour {paths[element][0]}, {where}")
        read_now.add(element)
        if not bulb.startswith("a branch") and bulb not in read_now:
            account.rule(bulb, "part of a drawn rule", f"the bulb of {element}")
            read_now.add(bulb)
    return read_now


def _dot_relations(
    data: Mapping[str, Any], side: int, rules: dict[str, Any], account: Account, read: set[str]
) -> set[str]:
    """Read f-puzzles' generic circles and rectangles on two orthogonal neighbours (dots,
    squares), of a colour a sentence of the rules text gives a rule
    (:func:`sudoku_cp.io.sudokupad.dot_rules_from_text`), as relations; returns the elements read."""
    from sudoku_cp.io.sudokupad import colour_family, dot_rules_from_text

    text = data.get("ruleset") if isinstance(data.get("ruleset"), str) else ""
    dot_rules = dot_rules_from_text(text) if text else {}
    found: set[str] = set()
    for key in ("circle", "rectangle") if dot_rules else ():
        for number, entry in enumerate(_entries(data, key) if isinstance(data.get(key), list) else [], 1):
            cells, family, element = entry.get("cells"), colour_family(entry.get("baseC")), f"{key} {number}"
            if element in read or _present(entry.get("value")) or family not in dot_rules:
                continue
            if not isinstance(cells, list) or len(cells) != 2:
                continue
            try:
                pair = sorted(_cell(name, side, f"f-puzzles {element}") for name in cells)
            except (InvalidPuzzleError, TypeError):
                continue
            if abs(pair[0][0] - pair[1][0]) + abs(pair[0][1] - pair[1][1]) != 1:
                continue
            predicate, word = dot_rules[family]
            rules.setdefault("relations", []).append({"pairs": [pair], "predicate": predicate})
            account.dot_rules.append((predicate, [pair], word))
            account.rule(
                element, f"{family} {key}", f"{_cell_name(pair[0])}-{_cell_name(pair[1])}: {predicate}"
            )
            found.add(element)
    return found


def _outside_texts(data: Mapping[str, Any], side: int, rules: dict[str, Any], account: Account) -> set[str]:
    """Read f-puzzles' generic texts holding a whole number in one cell outside the grid, in
    line with a row or a column, as the clues of the one rule of outside clues the rules
    text states (:func:`sudoku_cp.io.sudokupad.outside_rule`: sandwiches, skyscrapers,
    X-sums, frame sums; f-puzzles has no key for most); none when two share a place (or one
    of the rule's own clues is there); returns the elements read."""
    from sudoku_cp.io.sudokupad import OUTSIDE_CLUES, outside_clue, outside_place, outside_rule

    text = data.get("ruleset") if isinstance(data.get("ruleset"), str) else ""
    kind = outside_rule(text) if _present(data.get("text")) else None
    found: dict[tuple[str, int], list[tuple[str, int]]] = {}
    for number, entry in enumerate(_entries(data, "text") if kind else (), 1):
        cells, value = entry.get("cells"), str(entry.get("value", "")).strip()
        match = _CELL_NAME.match(cells[0]) if isinstance(cells, list) and len(cells) == 1 else None
        if match and isinstance(cells[0], str) and value.isdigit() and len(value) <= 3:
            place = outside_place(int(match[1]) - 1, int(match[2]) - 1, side)
            if place is not None:
                found.setdefault(place, []).append((f"text {number}", int(value)))
    key = OUTSIDE_CLUES[kind][0] if kind else ""
    taken = {(c["side"], c["index"]) for c in rules.get(key, ())}
    if not found or any(len(texts) > 1 for texts in found.values()) or taken & set(found):
        return set()
    for place, [(element, clue)] in sorted(found.items()):
        account.rule(element, *outside_clue(rules, kind, place, clue))  # type: ignore[arg-type]
    return {element for [(element, _)] in found.values()}


def _counting_circles(
    data: Mapping[str, Any], side: int, rules: dict[str, Any], account: Account, read: set[str]
) -> set[str]:
    """Read f-puzzles' generic circles (``circle``, one cell each, no value, of one look) as
    one set of counting circles when a sentence of the rules text states them
    (:data:`sudoku_cp.io.account.COUNTING_CIRCLES`); returns the elements read."""
    from sudoku_cp.io.account import COUNTING_CIRCLES, sentences

    text = data.get("ruleset") if isinstance(data.get("ruleset"), str) else ""
    if not any(re.search(COUNTING_CIRCLES, " ".join(s.lower().split())) for s in sentences(text)):
        return set()
    found: dict[str, list[int]] = {}
    looks = set()
    for number, entry in enumerate(
        _entries(data, "circle") if isinstance(data.get("circle"), list) else [], 1
    ):
        cells = entry.get("cells")
        if f"circle {number}" in read or _present(entry.get("value")) or not isinstance(cells, list):
            continue
        if len(cells) != 1:
            return set()
        try:
            found[f"circle {number}"] = _cell(cells[0], side, f"f-puzzles circle {number}")
        except (InvalidPuzzleError, TypeError):
            return set()
        looks.add(tuple(str(entry.get(k, "")).upper() for k in ("baseC", "outlineC")))
    if not found or len(looks) != 1:
        return set()
    rules.setdefault("counting_circles", []).append(sorted(found.values()))
    for element, cell in found.items():
        account.rule(element, "counting circle", f"a circle in {_cell_name(cell)}")
    return set(found)


def _cell_name(cell: list[int]) -> str:
    return f"R{cell[0] + 1}C{cell[1] + 1}"


def _copy_of(data: Mapping[str, Any], entry: Mapping[str, Any]) -> str:
    """The key of the f-puzzles constraint a drawn line copies (f-puzzles draws a custom
    constraint's lines again as ``line`` entries with ``fromConstraint``), when that key
    holds exactly the same lines; a line with no ``fromConstraint`` drawn exactly over the
    lines of constraints (a setter colouring a German whispers line green) copies those
    keys (named, joined by commas); ``""`` otherwise."""
    name = entry.get("fromConstraint")
    lines = entry.get("lines")
    if not isinstance(name, str):  # a line drawn over a constraint's line (to colour it)
        over = [
            k for k in data if k not in _DRAWN and isinstance(data[k], list) and _same_lines(data[k], lines)
        ]
        return ", ".join(over)
    key = re.sub(r"[^a-z]", "", name.lower())
    key = {"germanwhispers": "whispers", "thermo": "thermometer"}.get(key, key)
    source = data.get(key)
    if not isinstance(source, list):
        return ""
    cells = entry.get("cells")
    if key in ("rowindexer", "columnindexer") and isinstance(cells, list) and cells and not lines:
        # f-puzzles outlines indexer cells again as a ``cage`` entry of all of them
        marked = {
            c for e in source if isinstance(e, dict) for c in (e.get("cells") or []) if isinstance(c, str)
        }
        return key if all(isinstance(c, str) for c in cells) and set(cells) == marked else ""
    if not lines and isinstance(cells, list) and cells:  # a bulb, or a clue's circle and number
        return key if _on_entries(source, cells, entry.get("value")) else ""
    return key if _same_lines(source, lines) else ""


def _on_entries(source: list, cells: list, value: Any) -> bool:
    """True when a drawn text or shape sits on the cells of a constraint's entries (the
    ``cell``, ``cells`` or first cells of ``lines`` of ``source``) and a number it shows
    is that entry's value: how Clamage's solver draws a slow thermometer's bulb or an
    X-sum's circled clue."""
    at: dict[str, set[str]] = {}
    for e in source:
        if not isinstance(e, dict):
            continue
        named = [e.get("cell"), *(e.get("cells") or []), *(line[0] for line in e.get("lines") or [] if line)]
        for name in named:
            if isinstance(name, str):
                at.setdefault(name, set()).add(str(e.get("value", "")).strip())
    if not all(isinstance(c, str) and c in at for c in cells):
        return False
    shown = str(value or "").strip()
    return not any(ch.isalnum() for ch in shown) or all(shown in at[c] for c in cells)


def _same_lines(source: list, lines: Any) -> bool:
    """True when every line of ``lines`` (lists of cell names) is a line of an entry of
    ``source`` (an f-puzzles constraint's entries), in either direction."""
    if not isinstance(lines, list) or not lines:
        return False
    drawn = [tuple(line) for e in source if isinstance(e, dict) for line in (e.get("lines") or [])
             if isinstance(line, list)]  # fmt: skip
    known = {d for d in drawn if all(isinstance(c, str) for c in d)}
    ok = all(isinstance(line, list) and all(isinstance(c, str) for c in line) for line in lines)
    return ok and all(tuple(line) in known or tuple(line[::-1]) in known for line in lines)


def _cage_total(entry: Mapping[str, Any], side: int, rules: dict[str, Any]) -> bool:
    """Give a killer cage without a total the number written in its first cell; True if
    the text was used so."""
    value = str(entry.get("value", "")).strip()
    if not value.isdigit() or len(value) > 4 or len(entry.get("cells") or []) != 1:
        return False
    try:
        cell = _cell(entry["cells"][0], side, "f-puzzles text")
    except InvalidPuzzleError:  # a text outside the grid: no cage's total
        return False
    for cage in rules.get("cages", ()):
        if cage.get("sum") is None and min(cage["cells"]) == cell:
            cage["sum"] = int(value)
            return True
    return False


def _present(value: Any) -> bool:
    return value not in (None, False, [], {}, "")


def _read_grid(grid: Any, side: int, account: Account) -> tuple[str, list[int] | None]:
    if (
        not isinstance(grid, list)
        or len(grid) != side
        or not all(isinstance(r, list) and len(r) == side for r in grid)
    ):
        raise InvalidPuzzleError(f"f-puzzles key 'grid': expected {side} rows of {side} cells")
    chars, regions, any_region, noted_candidates = [], [], False, False
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            where = f"f-puzzles key 'grid', R{r + 1}C{c + 1}"
            if not isinstance(cell, dict):
                raise InvalidPuzzleError(f"{where}: a cell must be an object")
            value = cell.get("value")
            given = flag_value(cell.get("given"))
            if given is None:
                account.refuse(
                    f"grid R{r + 1}C{c + 1}", f"'given': {show(cell.get('given'), 30)} is not true or false"
                )
            for key in cell:
                if key == "candidates":
                    noted_candidates = noted_candidates or _present(cell[key])
                    continue
                if key not in _CELL_KEYS and _present(cell[key]):
                    account.refuse(
                        f"grid R{r + 1}C{c + 1} {clip(key, 30)!r}", "a cell key the package does not read"
                    )
            if given and value not in (None, ""):
                if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 2:
                    value = int(value.strip())
                if not _digit(value, side):
                    raise InvalidPuzzleError(f"{where}: given {show(value, 30)} is not a digit 1 to {side}")
                chars.append(_char(int(value)))
            else:
                chars.append(".")
            region = cell.get("region")
            if region is not None:
                if not isinstance(region, int) or isinstance(region, bool) or not 0 <= region < side:
                    raise InvalidPuzzleError(
                        f"{where}: region {show(region, 30)} is not a number 0 to {side - 1}"
                    )
                any_region = True
            regions.append(region)
    if noted_candidates:
        account.cosmetic(
            "grid candidates",
            "a solver's candidate notes, like pencil marks (marks a setter gives are 'givenPencilMarks', "
            "which is refused)",
        )
    if not any_region:
        return "".join(chars), None
    # a cell with no region is in its default one: its box, or on a side with no box shape
    # its row (f-puzzles' default regions there are 1 x n strips)
    default = box_numbers(side) or [i // side for i in range(side * side)]
    return "".join(chars), [r if r is not None else default[i] for i, r in enumerate(regions)]


def _digit(value: Any, side: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= side


def _char(value: int) -> str:
    return str(value) if value < 10 else chr(ord("A") + value - 10)


_FLAG_RULES = {"antiknight": "anti_knight", "antiking": "anti_king", "nonconsecutive": "all_white_given"}
"""The f-puzzles keys that are true or false and say one rule alone: ``key -> rule key``
(read and written; the diagonals come in a pair and are read apart)."""


def _read_flags(data: Mapping[str, Any], rules: dict[str, Any], account: Account) -> None:
    flags = {}
    for key in ("diagonal+", "diagonal-", *_FLAG_RULES):
        if key in data:
            flags[key] = flag_value(data[key])
            if flags[key] is None:
                account.key(key)
                account.refuse(f"key {key!r}", f"the value {show(data[key], 30)} is not true or false")
    plus, minus = flags.get("diagonal+"), flags.get("diagonal-")
    if bool(plus) != bool(minus):
        one = "diagonal+" if plus else "diagonal-"
        account.key(one)
        account.refuse(f"key {one!r}", "one diagonal alone: sudoku_cp models both diagonals together only")
    elif plus:
        rules["diagonals"] = True
    for key, rule in _FLAG_RULES.items():
        if flags.get(key):
            rules[rule] = True
    negative = data.get("negative", [])
    if not isinstance(negative, list) or not all(isinstance(n, str) for n in negative):
        raise InvalidPuzzleError(
            f"f-puzzles key 'negative': expected a list of names, got {show(negative, 40)}"
        )
    for name in negative:
        if name == "ratio":
            rules["all_black_given"] = True
        elif name == "difference":
            rules["all_white_given"] = True
        elif name != "xv":  # xv: read with the modern rules (fpuzzles_modern)
            account.key("negative")
            account.refuse(f"negative {clip(name, 30)!r}", "a negative constraint sudoku_cp does not model")


_CELL_NAME = re.compile(r"^R(\d+)C(\d+)$", re.IGNORECASE)


def _cell(name: Any, side: int, where: str) -> list[int]:
    match = _CELL_NAME.match(name) if isinstance(name, str) else None
    if not match or not (1 <= int(match[1]) <= side and 1 <= int(match[2]) <= side):
        raise InvalidPuzzleError(f"{where}: {name!r} is not a cell R1C1 to R{side}C{side}")
    return [int(match[1]) - 1, int(match[2]) - 1]


def _entries(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    entries = data.get(key) or []
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InvalidPuzzleError(f"f-puzzles key {key!r}: expected a list of objects")
    return entries


def _cells_of(entry: Mapping[str, Any], side: int, where: str, field: str = "cells") -> list[list[int]]:
    cells = entry.get(field)
    if not isinstance(cells, list) or not cells:
        raise InvalidPuzzleError(f"{where}: expected a non-empty list {field!r}")
    return [_cell(name, side, where) for name in cells]


def _one_cell(entry: Mapping[str, Any], side: int, where: str) -> list[int]:
    if "cell" in entry:
        return _cell(entry["cell"], side, where)
    cells = _cells_of(entry, side, where)
    if len(cells) != 1:
        raise InvalidPuzzleError(f"{where}: expected one cell, got {len(cells)}")
    return cells[0]


def _read_cells_rules(
    data: Mapping[str, Any], side: int, rules: dict[str, Any], box: tuple | None, account: Account
) -> None:
    cages = []
    for number, entry in enumerate(_entries(data, "killercage"), 1):
        where = f"f-puzzles killer cage {number}"
        total = entry.get("value")
        if total in (None, ""):
            cages.append({"sum": None, "cells": _cells_of(entry, side, where), "number": number})
            continue
        if not (
            isinstance(total, (str, int)) and str(total).strip().isdigit() and len(str(total).strip()) <= 4
        ):
            raise InvalidPuzzleError(f"{where}: the sum {show(total, 30)} is not a whole number")
        cages.append({"sum": int(str(total).strip()), "cells": _cells_of(entry, side, where)})
    if cages:
        rules["cages"] = cages
    thermos = []
    for number, entry in enumerate(_entries(data, "thermometer"), 1):
        lines = entry.get("lines")
        if not isinstance(lines, list) or not lines:
            raise InvalidPuzzleError(f"f-puzzles thermometer {number}: expected a non-empty list 'lines'")
        for line in lines:
            thermos.append(_cells_of({"cells": line}, side, f"f-puzzles thermometer {number}"))
    if thermos:
        rules["thermos"] = thermos
    for key in ("odd", "even"):
        cells = [
            _one_cell(e, side, f"f-puzzles {key} cell {i}") for i, e in enumerate(_entries(data, key), 1)
        ]
        if cells:
            rules[key] = cells
    for key, rule, value in (("difference", "white", 1), ("ratio", "black", 2)):
        pairs = []
        for number, entry in enumerate(_entries(data, key), 1):
            where = f"f-puzzles {key} dot {number}"
            if str(entry.get("value", value) or value) != str(value):
                raise InvalidPuzzleError(
                    f"{where}: a dot of {show(entry['value'], 20)} is not modelled "
                    f"(only {value} is: a Kropki dot)"
                )
            cells = _cells_of(entry, side, where)
            if len(cells) != 2:
                raise InvalidPuzzleError(f"{where}: a dot joins two cells, not {len(cells)}")
            pairs.append(cells)
        if pairs:
            rules[rule] = pairs
    less = []
    for key, smaller in (("minimum", True), ("maximum", False)):
        marked = [
            _one_cell(entry, side, f"f-puzzles {key} cell {number}")
            for number, entry in enumerate(_entries(data, key), 1)
        ]
        for r, c in marked:  # fortress cells: greater (smaller) than each neighbour that is not one
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                if 0 <= r + dr < side and 0 <= c + dc < side and [r + dr, c + dc] not in marked:
                    pair = [[r, c], [r + dr, c + dc]]
                    less.append(pair if smaller else pair[::-1])
    if less:
        rules["less"] = less
    windows = []
    for number, entry in enumerate(_entries(data, "extraregion"), 1):
        where = f"f-puzzles extra region {number}"
        cells = _cells_of(entry, side, where)
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        shape = None if box is None else {(top + r, left + c) for r in range(box[0]) for c in range(box[1])}
        if shape is None or {tuple(x) for x in cells} != shape:
            rules.setdefault("extra_regions", []).append(cells)  # any other shape: its digits differ
            continue
        windows.append([top, left])
    if windows:
        rules["windows"] = windows


# -- the package's puzzle -> f-puzzles JSON and links -------------------------------------


def record_to_fpuzzles(record: Mapping[str, Any]) -> dict[str, Any]:
    """The f-puzzles JSON object of a JSON puzzle record (the inverse of
    :func:`fpuzzles_to_record`; :meth:`sudoku_cp.Puzzle.to_dict` gives the record).

    What is written is read back: a rule of the record that the link would not carry (a
    rule f-puzzles has no key for, such as the general rules ``relations`` or ``regular``)
    is refused, never dropped, since the link would open another puzzle.

    Raises:
        InvalidPuzzleError: a rule f-puzzles cannot state (a Latin square with no regions,
            inequality signs, the rules the read-back lacks, named), or a multi-grid board.
    """
    if "layout" in record or "board" in record:
        raise InvalidPuzzleError("f-puzzles links hold one square grid: a multi-grid board cannot be written")
    if record.get("digits") is not None:
        raise InvalidPuzzleError("f-puzzles holds the digits 1..n: a grid of other digits cannot be written")
    data = _record_to_fpuzzles(record)
    lost = sorted(_rule_keys(record) - _rule_keys(fpuzzles_to_record(data)))
    if lost:
        raise InvalidPuzzleError(
            f"f-puzzles has no key for {', '.join(lost)}: the puzzle cannot be written as a link without it"
        )
    return data


def _rule_keys(record: Mapping[str, Any]) -> set[str]:
    return {key for key, value in (record.get("rules") or {}).items() if value}


def _record_to_fpuzzles(record: Mapping[str, Any]) -> dict[str, Any]:
    side = record["size"]
    rules = record.get("rules", {})
    regions = rules.get("regions")
    if regions is None and record.get("box") is None and standard_box(side) is not None:
        raise InvalidPuzzleError(
            f"f-puzzles has no {side}x{side} grid without boxes or regions (a Latin square); "
            "only sides without a box shape (5, 7, 11...) default to rows"
        )
    region_of = {letter: i for i, letter in enumerate(dict.fromkeys(regions))} if regions else None
    box = tuple(record["box"]) if record.get("box") else None
    if (
        regions is None and box is not None and box != standard_box(side)
    ):  # f-puzzles' boxes are the usual ones
        regions = region_letters(box_numbers(side, box))
        region_of = {letter: i for i, letter in enumerate(dict.fromkeys(regions))}
    grid = []
    for r in range(side):
        row = []
        for c in range(side):
            cell: dict[str, Any] = {}
            char = record["grid"][r * side + c]
            if char != ".":
                cell.update(value=int(char, 36), given=True)
            if region_of is not None:
                cell["region"] = region_of[regions[r * side + c]]
            row.append(cell)
        grid.append(row)
    data: dict[str, Any] = {"size": side, "grid": grid}
    name = "R{}C{}".format
    if rules.get("diagonals"):
        data["diagonal+"] = data["diagonal-"] = True
    for key, rule in _FLAG_RULES.items():
        if rules.get(rule):
            data[key] = True
    if rules.get("all_black_given"):
        data["negative"] = ["ratio"]
    if rules.get("cages"):
        data["killercage"] = [
            {"cells": [name(r + 1, c + 1) for r, c in cage["cells"]]}
            | ({"value": str(cage["sum"])} if cage.get("sum") is not None else {})
            for cage in rules["cages"]
        ]
    if rules.get("thermos"):
        data["thermometer"] = [{"lines": [[name(r + 1, c + 1) for r, c in t]]} for t in rules["thermos"]]
    for key in ("odd", "even"):
        if rules.get(key):
            data[key] = [{"cell": name(r + 1, c + 1)} for r, c in rules[key]]
    for rule, key in (("white", "difference"), ("black", "ratio")):
        if rules.get(rule):
            data[key] = [{"cells": [name(r + 1, c + 1) for r, c in pair]} for pair in rules[rule]]
    if rules.get("less"):
        raise InvalidPuzzleError(
            "f-puzzles has no inequality sign between two cells (only minimum/maximum cells): "
            "a greater-than puzzle cannot be written as an f-puzzles link"
        )
    extra = [{"cells": [name(r + 1, c + 1) for r, c in region]} for region in rules.get("extra_regions", ())]
    if rules.get("windows"):
        rows, columns = record["box"]
        data["extraregion"] = [
            {"cells": [name(top + r + 1, left + c + 1) for r in range(rows) for c in range(columns)]}
            for top, left in rules["windows"]
        ]
    if extra:
        data["extraregion"] = data.get("extraregion", []) + extra
    modern = write_modern(rules, side)
    negative = data.get("negative", []) + modern.pop("negative", [])
    data.update(modern)
    if negative:
        data["negative"] = negative
    for key in _METADATA:
        if isinstance(record.get(key), str):
            data[key] = record[key]
    solution = record.get("solution")
    if isinstance(solution, str) and len(solution) == side * side:
        try:
            data["solution"] = [int(ch, 36) for ch in solution]
        except ValueError:
            pass  # not a grid of digits: kept in the record only
    return data


def fpuzzles_link(record: Mapping[str, Any]) -> str:
    """An f-puzzles link that opens the puzzle of a JSON record (``https://f-puzzles.com/?load=...``)."""
    return "https://f-puzzles.com/?load=" + encode_payload(record_to_fpuzzles(record))


def sudokupad_link(record: Mapping[str, Any]) -> str:
    """A SudokuPad link that opens the puzzle of a JSON record (``https://sudokupad.app/fpuzzles...``)."""
    return "https://sudokupad.app/fpuzzles" + encode_payload(record_to_fpuzzles(record))


def iss_link(record: Mapping[str, Any]) -> str:
    """A share link of sigh's Interactive Sudoku Solver (:func:`sudoku_cp.io.iss.iss_link`)."""
    from sudoku_cp.io import iss

    return iss.iss_link(record)


def scl_link(record: Mapping[str, Any]) -> str:
    """A SudokuPad link in SudokuPad's own format (``https://sudokupad.app/scl...``;
    :func:`sudoku_cp.io.sudokupad.record_to_scl` says which rules it writes)."""
    from sudoku_cp.io.sudokupad import scl_link as write

    return write(record)
