"""The f-puzzles keys of the modern rules, read into and written from the package's JSON
record (:meth:`sudoku_cp.model.puzzle.Puzzle.from_dict`).

:mod:`sudoku_cp.io.links` reads and writes f-puzzles and SudokuPad links; this module gives
it the modern constraints: :func:`read_modern` adds the rules of these keys of an
f-puzzles object to a record's ``rules``, :func:`write_modern` gives the f-puzzles
fields of a record's rules. Cells are named ``R1C1`` (1-based); a clue outside the grid
sits in row or column 0 or ``n + 1``.

=====================  ==================================================================
f-puzzles key          read as
=====================  ==================================================================
``arrow``              ``{"cells": circle, "lines": [[circle cell, arrow...], ...]}``:
                       each line is one arrow from the circle (the line's cells in the
                       circle are left out); a circle of 1 to 3 cells (a two-cell
                       circle, a *pill*, reads its cells in the order listed; a
                       three-cell pill only when listed in reading order)
``littlekillersum``    ``{"cell": clue outside, "direction": "DR" | "DL" | "UR" | "UL",
                       "value": "15"}``; an entry with no value is decoration
``sandwichsum``        ``{"cell": "R0C3" | "R3C0" | "R10C3" | "R3C10", "value": "10"}``
``xv``                 ``{"cells": [a, b], "value": "X" | "V"}``; ``negative: ["xv"]``
                       is the negative constraint (``all_xv_given``)
``palindrome``,        ``{"lines": [[cells...], ...]}``: each line one palindrome,
``betweenline``,       between line, renban line, region-sum line
``renban``,
``regionsumline``
``whispers``           ``{"lines": [...], "value": "5"}``: German whispers, ``value``
                       the least difference (5 when absent; 4 is Dutch; on 9x9 those
                       two, any other difference or grid side as ``whispers``)
``quadruple``          ``{"cells": the four cells, "values": [digits]}``
``modularline``,       ``{"lines": [...]}``: modular, entropic lines
``entropicline``
``slowthermometer``,   ``{"lines": [...]}``: slow thermometers (bulb first), zipper lines,
``zipperline``         as David Clamage's solver extends the f-puzzles format (read only:
                       f-puzzles itself draws neither)
``xsum``               ``{"cell": "R0C3" | ..., "value": "15"}``: an X-sum clue beside a
                       row or column (the same extension)
``clone``              ``{"cells": [...], "cloneCells": [...]}``: clones
``disjointgroups``     ``true``: disjoint groups
``rowindexer``,        ``{"cells": [...]}``: row (column) indexer cells
``columnindexer``
=====================  ==================================================================

Skyscraper clues and outside (Frame) sums have no f-puzzles key: :func:`write_modern`
refuses them, naming the rule.

>>> rules = {}
>>> read_modern({"xv": [{"cells": ["R1C1", "R1C2"], "value": "V"}], "negative": ["xv"]}, 9, rules)
>>> rules
{'v': [[[0, 0], [0, 1]]], 'all_xv_given': True}
>>> write_modern(rules, 9)
{'xv': [{'cells': ['R1C1', 'R1C2'], 'value': 'V'}], 'negative': ['xv']}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sudoku_cp.errors import InvalidPuzzleError

MODERN_KEYS = (
    "arrow",
    "littlekillersum",
    "sandwichsum",
    "xv",
    "palindrome",
    "betweenline",
    "renban",
    "regionsumline",
    "whispers",
    "quadruple",
    "modularline",
    "entropicline",
    "clone",
    "disjointgroups",
    "rowindexer",
    "columnindexer",
    "slowthermometer",
    "zipperline",
    "xsum",
)
"""The f-puzzles keys this module reads (and ``negative: ["xv"]``)."""

_NAME = re.compile(r"^R(\d+)C(\d+)$", re.IGNORECASE)
_DIRECTIONS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}
_LINE_KEYS = {
    "palindrome": "palindromes",
    "betweenline": "between_lines",
    "renban": "renban",
    "regionsumline": "region_sum_lines",
    "modularline": "modular_lines",
    "entropicline": "entropic_lines",
    "slowthermometer": "slow_thermos",
    "zipperline": "zipper_lines",
}
_INDEXER_KEYS = {"rowindexer": "row_indexers", "columnindexer": "column_indexers"}


def _position(name: Any, side: int, where: str, outside: bool = False) -> list[int]:
    """A cell name as a 0-based ``[row, column]``; ``outside`` allows rows and columns
    0 and ``n + 1`` (a clue outside the grid)."""
    match = _NAME.match(name) if isinstance(name, str) else None
    low, high = (0, side + 1) if outside else (1, side)
    if not match or not (low <= int(match[1]) <= high and low <= int(match[2]) <= high):
        span = f"R{low}C{low} to R{high}C{high}"
        raise InvalidPuzzleError(f"{where}: {name!r} is not a cell {span}")
    return [int(match[1]) - 1, int(match[2]) - 1]


def _name(cell: Any) -> str:
    return f"R{cell[0] + 1}C{cell[1] + 1}"


def _entries(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    entries = data.get(key) or []
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InvalidPuzzleError(f"f-puzzles key {key!r}: expected a list of objects")
    return entries


def _names(entry: Mapping[str, Any], field: str, side: int, where: str) -> list[list[int]]:
    names = entry.get(field)
    if not isinstance(names, list) or not names:
        raise InvalidPuzzleError(f"{where}: expected a non-empty list {field!r}")
    return [_position(n, side, where) for n in names]


def _lines(entry: Mapping[str, Any], side: int, where: str) -> list[list[list[int]]]:
    lines = entry.get("lines")
    if not isinstance(lines, list) or not lines or not all(isinstance(line, list) and line for line in lines):
        raise InvalidPuzzleError(f"{where}: expected 'lines', a non-empty list of cell lists")
    return [[_position(n, side, where) for n in line] for line in lines]


def _line_clue(entry: Mapping[str, Any], side: int, where: str) -> dict[str, Any]:
    """A clue outside the grid beside a row or column (a sandwich or X-sum) as
    ``{"side", "index", "sum"}``."""
    row, column = _position(entry.get("cell"), side, where, outside=True)
    if row in (-1, side) and 0 <= column < side:
        clue_side, index = ("top" if row == -1 else "bottom"), column
    elif column in (-1, side) and 0 <= row < side:
        clue_side, index = ("left" if column == -1 else "right"), row
    else:
        raise InvalidPuzzleError(f"{where}: {entry.get('cell')!r} is not a clue cell beside a row or column")
    return {"side": clue_side, "index": index, "sum": _number(entry.get("value"), where)}


def _number(value: Any, where: str) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        raise InvalidPuzzleError(f"{where}: its value {value!r} is not a number") from None


def read_modern(data: Mapping[str, Any], side: int, rules: dict[str, Any]) -> None:
    """Add the rules of the modern f-puzzles keys of ``data`` to a record's ``rules``
    (the JSON keys of :mod:`sudoku_cp.model.rules`).

    Raises:
        InvalidPuzzleError: a malformed entry, named by its key and number (``f-puzzles
            arrow 2: ...``), or a form the package does not model (a circle of four
            or more cells, a pill of three not listed in reading order, a little killer
            that is not diagonal).
    """
    arrows = []
    for number, entry in enumerate(_entries(data, "arrow"), 1):
        where = f"f-puzzles arrow {number}"
        circle = _names(entry, "cells", side, where)
        if len(circle) > 3:
            raise InvalidPuzzleError(f"{where}: a circle of {len(circle)} cells; sudoku_cp models 1 to 3")
        if len(circle) == 3 and circle != sorted(circle):  # a 3-digit pill: read in reading order only
            raise InvalidPuzzleError(
                f"{where}: a pill of 3 cells not listed in reading order; its number cannot be read for sure"
            )
        for line in _lines(entry, side, where):
            shaft = [cell for cell in line if cell not in circle]
            if not shaft:
                raise InvalidPuzzleError(f"{where}: a line with no cell outside the circle")
            arrows.append({"circle": circle, "arrow": shaft})
    if arrows:
        rules["arrows"] = arrows
    killers = []
    for number, entry in enumerate(_entries(data, "littlekillersum"), 1):
        where = f"f-puzzles little killer {number}"
        if str(entry.get("value", "")).strip() == "":
            continue  # an arrow with no sum constrains nothing
        direction = _DIRECTIONS.get(str(entry.get("direction", "")).upper())
        if direction is None:
            raise InvalidPuzzleError(f"{where}: direction {entry.get('direction')!r} is not DR, DL, UR or UL")
        clue = _position(entry.get("cell"), side, where, outside=True)
        killers.append({"sum": _number(entry["value"], where), "clue": clue, "direction": list(direction)})
    if killers:
        rules["little_killers"] = killers
    for key, rule, noun in (("sandwichsum", "sandwiches", "sandwich"), ("xsum", "x_sums", "X-sum")):
        clues = [
            _line_clue(entry, side, f"f-puzzles {noun} {number}")
            for number, entry in enumerate(_entries(data, key), 1)
        ]
        if clues:
            rules[rule] = clues
    for number, entry in enumerate(_entries(data, "xv"), 1):
        where = f"f-puzzles xv {number}"
        cells = _names(entry, "cells", side, where)
        letter = str(entry.get("value", "")).strip().upper()
        if letter not in ("X", "V") or len(cells) != 2:
            raise InvalidPuzzleError(f"{where}: expected two cells and the value 'X' or 'V'")
        rules.setdefault(letter.lower(), []).append(cells)
    if "xv" in (data.get("negative") or []):
        rules["all_xv_given"] = True
    for key, rule in _LINE_KEYS.items():
        lines = [
            line
            for number, entry in enumerate(_entries(data, key), 1)
            for line in _lines(entry, side, f"f-puzzles {key} {number}")
        ]
        if lines:
            rules[rule] = lines
    for number, entry in enumerate(_entries(data, "whispers"), 1):
        where = f"f-puzzles whispers {number}"
        gap = _number(entry["value"], where) if str(entry.get("value", "")).strip() else 5
        key = {5: "german_whispers", 4: "dutch_whispers"}.get(gap) if side == 9 else None
        if key is not None:
            rules.setdefault(key, []).extend(_lines(entry, side, where))
            continue
        if not str(entry.get("value", "")).strip():
            raise InvalidPuzzleError(f"{where}: whispers with no difference on {side}x{side}")
        if not 1 <= gap < side:
            raise InvalidPuzzleError(f"{where}: whispers with difference {gap} on {side}x{side}")
        rules.setdefault("whispers", []).extend(
            {"line": line, "difference": gap} for line in _lines(entry, side, where)
        )
    clones = []
    for number, entry in enumerate(_entries(data, "clone"), 1):
        where = f"f-puzzles clone {number}"
        clones.append(
            {"cells": _names(entry, "cells", side, where), "clone": _names(entry, "cloneCells", side, where)}
        )
    if clones:
        rules["clones"] = clones
    if data.get("disjointgroups") not in (None, False):
        if data["disjointgroups"] not in (True, "true"):
            raise InvalidPuzzleError(
                f"f-puzzles disjointgroups: {data['disjointgroups']!r} is not true or false"
            )
        rules["disjoint_groups"] = True
    for key, rule in _INDEXER_KEYS.items():
        cells = [
            cell
            for number, entry in enumerate(_entries(data, key), 1)
            for cell in _names(entry, "cells", side, f"f-puzzles {key} {number}")
        ]
        if cells:
            rules[rule] = cells
    quadruples = []
    for number, entry in enumerate(_entries(data, "quadruple"), 1):
        where = f"f-puzzles quadruple {number}"
        cells = _names(entry, "cells", side, where)
        values = entry.get("values")
        if len(cells) != 4 or not isinstance(values, list):
            raise InvalidPuzzleError(f"{where}: expected four cells and a list 'values'")
        (r, c) = min(cells)
        if sorted(cells) != [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]]:
            raise InvalidPuzzleError(f"{where}: its cells are not the four cells around a point")
        quadruples.append({"cell": [r, c], "digits": [_number(v, where) for v in values]})
    if quadruples:
        rules["quadruples"] = quadruples


def write_modern(rules: Mapping[str, Any], side: int) -> dict[str, Any]:
    """The f-puzzles fields of the modern rules of a record's ``rules`` (the inverse of
    :func:`read_modern`).

    Raises:
        InvalidPuzzleError: a rule with no f-puzzles key (skyscrapers, outside sums, slow
            thermometers, zipper lines...), or German or Dutch whispers off 9x9.
    """
    unwritten = (
        ("skyscrapers", "skyscraper clues"),
        ("outside_sums", "outside sums"),
        ("slow_thermos", "slow thermometers"),
        ("zipper_lines", "zipper lines"),
        ("difference_count_lines", "difference-count lines"),
        ("index_lines", "index lines"),
        ("parity_lines", "parity lines"),
        ("nabner_lines", "nabner lines"),
        ("dutch_flatmates", "Dutch flatmates"),
    )
    for key, name in unwritten:
        if rules.get(key):
            raise InvalidPuzzleError(f"f-puzzles has no {name}: the puzzle cannot be written as a link")
    out: dict[str, Any] = {}
    arrows = []
    for arrow in rules.get("arrows", ()):
        circle, shaft = arrow["circle"], arrow["arrow"]
        if len(circle) == 3 and list(circle) != sorted(circle):
            raise InvalidPuzzleError(
                "f-puzzles links read a pill of 3 cells in reading order; this one reads the other way"
            )
        start = min(circle, key=lambda c: max(abs(c[0] - shaft[0][0]), abs(c[1] - shaft[0][1])))
        arrows.append({"cells": [_name(c) for c in circle], "lines": [[_name(c) for c in [start, *shaft]]]})
    if arrows:
        out["arrow"] = arrows
    killers = []
    for clue in rules.get("little_killers", ()):
        direction = next(k for k, v in _DIRECTIONS.items() if list(v) == list(clue["direction"]))
        killers.append({"cell": _name(clue["clue"]), "direction": direction, "value": str(clue["sum"])})
    if killers:
        out["littlekillersum"] = killers
    sandwiches = []
    for clue in rules.get("sandwiches", ()):
        i = clue["index"]
        cell = {"left": (i, -1), "right": (i, side), "top": (-1, i), "bottom": (side, i)}[clue["side"]]
        sandwiches.append({"cell": _name(cell), "value": str(clue["sum"])})
    if sandwiches:
        out["sandwichsum"] = sandwiches
    xv = [
        {"cells": [_name(a), _name(b)], "value": letter.upper()}
        for letter in ("x", "v")
        for a, b in rules.get(letter, ())
    ]
    if xv:
        out["xv"] = xv
    if rules.get("all_xv_given"):
        out["negative"] = ["xv"]
    for key, rule in _LINE_KEYS.items():
        if rules.get(rule):
            out[key] = [{"lines": [[_name(c) for c in line]]} for line in rules[rule]]
    whispers = []
    for key, gap in (("german_whispers", 5), ("dutch_whispers", 4)):
        if rules.get(key) and side != 9:
            raise InvalidPuzzleError(f"f-puzzles reads whispers on 9x9 only; this grid is {side}x{side}")
        whispers += [{"lines": [[_name(c) for c in line]], "value": str(gap)} for line in rules.get(key, ())]
    whispers += [
        {"lines": [[_name(c) for c in item["line"]]], "value": str(item["difference"])}
        for item in rules.get("whispers", ())
    ]
    if whispers:
        out["whispers"] = whispers
    if rules.get("clones"):
        out["clone"] = [
            {"cells": [_name(c) for c in item["cells"]], "cloneCells": [_name(c) for c in item["clone"]]}
            for item in rules["clones"]
        ]
    if rules.get("disjoint_groups"):
        out["disjointgroups"] = True
    for key, rule in _INDEXER_KEYS.items():
        if rules.get(rule):
            out[key] = [{"cells": [_name(c) for c in rules[rule]]}]
    quadruples = []
    for clue in rules.get("quadruples", ()):
        r, c = clue["cell"]
        cells = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        quadruples.append({"cells": [_name(x) for x in cells], "values": list(clue["digits"])})
    if quadruples:
        out["quadruple"] = quadruples
    return out
