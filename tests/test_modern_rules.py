"""The modern rules (arrows, little killers, sandwiches, skyscrapers, outside sums, XV,
whispers, renban, palindromes, between and region-sum lines, quadruples) on every backend.

Each answer is checked against an independent model written here from the rules'
definitions (no code of the package): on 4x4, every one of the 288 grids is enumerated
and the smallest that keeps the givens and satisfies the rule is the expected answer;
on 9x9, a depth-first search in row-major order (values ascending) over the few blank
cells of a puzzle made from a known solution meets the smallest solution first.
"""

from __future__ import annotations

import functools
import itertools

import pytest
from independent import box_cells as _boxes
from independent import latin_squares_4x4, outside_line, smallest_by_search

import sudoku_cp
from sudoku_cp.backends import backend_names
from sudoku_cp.errors import InvalidPuzzleError, NoSolutionError, NotSupportedError
from sudoku_cp.model.puzzle import Puzzle

CORE = {"backtracking", "cpsat", "sat", "python-constraint", "auto"}


# -- the independent model --------------------------------------------------------------------


_line_of = outside_line


def _arrow_ok(g, rules, n, box):
    for a in rules.get("arrows", ()):
        digits = [g[r][c] for r, c in a["circle"]]
        circle = int("".join(map(str, digits))) if len(digits) == 2 else digits[0]
        if sum(g[r][c] for r, c in a["arrow"]) != circle:
            return False
    return True


def _little_killer_ok(g, rules, n, box):
    for k in rules.get("little_killers", ()):
        (r, c), (dr, dc) = k["clue"], k["direction"]
        total = 0
        r, c = r + dr, c + dc
        while 0 <= r < n and 0 <= c < n:
            total += g[r][c]
            r, c = r + dr, c + dc
        if total != k["sum"]:
            return False
    return True


def _sandwich_ok(g, rules, n, box):
    for clue in rules.get("sandwiches", ()):
        digits = [g[r][c] for r, c in _line_of(clue, n)]
        i, j = sorted((digits.index(1), digits.index(n)))
        if sum(digits[i + 1 : j]) != clue["sum"]:
            return False
    return True


def _skyscraper_ok(g, rules, n, box):
    for clue in rules.get("skyscrapers", ()):
        seen, tallest = 0, 0
        for r, c in _line_of(clue, n):
            if g[r][c] > tallest:
                seen, tallest = seen + 1, g[r][c]
        if seen != clue["seen"]:
            return False
    return True


def _outside_sum_ok(g, rules, n, box):
    for clue in rules.get("outside_sums", ()):
        count = rules.get("outside_sum_count") or (box[1] if clue["side"] in ("left", "right") else box[0])
        if sum(g[r][c] for r, c in _line_of(clue, n)[:count]) != clue["sum"]:
            return False
    return True


def _xv_ok(g, rules, n, box):
    marked = {}
    for key, total in (("x", 10), ("v", 5)):
        for a, b in rules.get(key, ()):
            marked[frozenset((tuple(a), tuple(b)))] = total
            if g[a[0]][a[1]] + g[b[0]][b[1]] != total:
                return False
    if rules.get("all_xv_given"):
        for r, c in itertools.product(range(n), repeat=2):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < n and c2 < n and frozenset(((r, c), (r2, c2))) not in marked:
                    if g[r][c] + g[r2][c2] in (5, 10):
                        return False
    return True


def _whispers_ok(g, rules, n, box):
    for key, gap in (("german_whispers", (n + 1) // 2), ("dutch_whispers", n // 2)):
        for line in rules.get(key, ()):
            for (r, c), (r2, c2) in itertools.pairwise(line):
                if abs(g[r][c] - g[r2][c2]) < gap:
                    return False
    return True


def _renban_ok(g, rules, n, box):
    for line in rules.get("renban", ()):
        digits = sorted(g[r][c] for r, c in line)
        if digits != list(range(digits[0], digits[0] + len(digits))):
            return False
    return True


def _palindrome_ok(g, rules, n, box):
    for line in rules.get("palindromes", ()):
        digits = [g[r][c] for r, c in line]
        if digits != digits[::-1]:
            return False
    return True


def _between_ok(g, rules, n, box):
    for line in rules.get("between_lines", ()):
        digits = [g[r][c] for r, c in line]
        low, high = sorted((digits[0], digits[-1]))
        if not all(low < d < high for d in digits[1:-1]):
            return False
    return True


def _region_sum_ok(g, rules, n, box):
    for line in rules.get("region_sum_lines", ()):
        sums, previous = [], None
        for r, c in line:
            here = (r // box[0], c // box[1])
            if here != previous:
                sums.append(0)
            sums[-1] += g[r][c]
            previous = here
        if len(set(sums)) != 1:
            return False
    return True


def _quadruple_ok(g, rules, n, box):
    for q in rules.get("quadruples", ()):
        r, c = q["cell"]
        digits = [g[r][c], g[r][c + 1], g[r + 1][c], g[r + 1][c + 1]]
        if any(digits.count(d) < q["digits"].count(d) for d in q["digits"]):
            return False
    return True


def _cages_and_thermos_ok(g, rules, n, box):
    """Today's killer cages and thermometers, for the combined cases."""
    for cage in rules.get("cages", ()):
        digits = [g[r][c] for r, c in cage["cells"]]
        if sum(digits) != cage["sum"] or len(set(digits)) != len(digits):
            return False
    for thermo in rules.get("thermos", ()):
        digits = [g[r][c] for r, c in thermo]
        if any(a >= b for a, b in itertools.pairwise(digits)):
            return False
    return True


CHECKS = (
    _cages_and_thermos_ok,
    _arrow_ok,
    _little_killer_ok,
    _sandwich_ok,
    _skyscraper_ok,
    _outside_sum_ok,
    _xv_ok,
    _whispers_ok,
    _renban_ok,
    _palindrome_ok,
    _between_ok,
    _region_sum_ok,
    _quadruple_ok,
)


def _valid(g, record):
    n, box = record["size"], record["box"]
    rows = [set(row) for row in g]
    columns = [{g[r][c] for r in range(n)} for c in range(n)]
    boxes = [{g[r][c] for r, c in cells} for cells in _boxes(n, box)]
    if any(len(s) != n for s in rows + columns + boxes):
        return False
    rules = record.get("rules", {})
    return all(check(g, rules, n, box) for check in CHECKS)


def _keeps(g, record):
    n = record["size"]
    return all(ch == "." or int(ch) == g[i // n][i % n] for i, ch in enumerate(record["grid"]))


@functools.cache
def _all_4x4():
    """Every 4x4 Sudoku grid (288)."""
    return latin_squares_4x4()


def expected_4x4(record):
    """The smallest solution of a 4x4 record (a flat tuple), or None."""
    fits = [s for s in _all_4x4() if _keeps(_rows(s, 4), record) and _valid(_rows(s, 4), record)]
    return min(fits) if fits else None


def _rows(flat, n):
    return [list(flat[r * n : (r + 1) * n]) for r in range(n)]


def expected_by_search(record):
    """The smallest solution by row-major DFS over the blank cells (checks at the end)."""
    return smallest_by_search(record, _valid, record["box"])


# -- the cases -------------------------------------------------------------------------------

EMPTY4 = "." * 16

CASES_4X4 = {
    "arrow": {"arrows": [{"circle": [[0, 0]], "arrow": [[1, 1], [2, 2]]}]},
    "arrow, two-cell circle": {
        "arrows": [{"circle": [[0, 0], [0, 1]], "arrow": [[1, 0], [2, 0], [3, 1], [2, 2]]}]
    },
    "little killer": {"little_killers": [{"sum": 7, "clue": [-1, 0], "direction": [1, 1]}]},
    "little killer up-left": {"little_killers": [{"sum": 9, "clue": [4, 3], "direction": [-1, -1]}]},
    "sandwich": {
        "sandwiches": [{"side": "left", "index": 0, "sum": 5}, {"side": "top", "index": 2, "sum": 0}]
    },
    "skyscraper": {
        "skyscrapers": [{"side": "top", "index": 1, "seen": 3}, {"side": "right", "index": 2, "seen": 1}]
    },
    "outside sum": {
        "outside_sums": [{"side": "left", "index": 0, "sum": 7}, {"side": "bottom", "index": 3, "sum": 4}]
    },
    "v": {"v": [[[0, 0], [0, 1]], [[3, 0], [3, 1]]]},
    "xv negative": {  # every V of the grid 1234/3412/2143/4321
        "v": [[[r, 1], [r, 2]] for r in range(4)] + [[[1, c], [2, c]] for c in range(4)],
        "all_xv_given": True,
    },
    "german whispers": {"german_whispers": [[[0, 0], [0, 1], [1, 2]]]},
    "dutch whispers": {"dutch_whispers": [[[1, 0], [1, 1], [2, 1], [2, 2]]]},
    "renban": {"renban": [[[0, 0], [1, 1], [2, 2]]]},
    "palindrome": {"palindromes": [[[0, 0], [1, 1], [2, 2], [3, 3]]]},
    "between line": {"between_lines": [[[0, 3], [1, 3], [2, 3]]]},
    "region-sum line": {"region_sum_lines": [[[0, 1], [0, 2], [1, 2]]]},
    "quadruple": {"quadruples": [{"cell": [1, 1], "digits": [4, 4]}]},
    "combined": {
        "arrows": [{"circle": [[3, 3]], "arrow": [[2, 2], [1, 1]]}],
        "renban": [[[0, 0], [0, 1]]],
        "skyscrapers": [{"side": "left", "index": 3, "seen": 2}],
        "diagonals": False,
    },
    "with killer and thermo": {
        "cages": [{"sum": 3, "cells": [[0, 0], [0, 1]]}],
        "thermos": [[[3, 0], [3, 1]]],
        "palindromes": [[[1, 0], [2, 1]]],
    },
}

UNSOLVABLE_4X4 = {
    "renban across boxes": {"renban": [[[3, 0], [3, 1], [2, 2]]]},
    "little killer too small": {"little_killers": [{"sum": 5, "clue": [-1, -1], "direction": [1, 1]}]},
}


def _record(rules, grid=EMPTY4, size=4, box=(2, 2)):
    return {"size": size, "box": list(box), "grid": grid, "rules": rules}


def _backends():
    return [name for name in backend_names()]


def _backends_9x9():
    """Every backend; the slower ones (SAT, python-constraint, any outside the core) on
    9x9 only in the slow sweep, to keep the main suite cheap."""
    fast = {"backtracking", "cpsat", "auto"}
    return [name if name in fast else pytest.param(name, marks=pytest.mark.slow) for name in backend_names()]


REFUSING = {"mip": ("Table", "Sandwich", "Skyscraper"), "cpmpy": ("Sandwich", "Skyscraper")}
"""Kinds a backend refuses by design (the template's loud refusal): on them the outcome
checked is the refusal naming the kind, never an answer without the constraint."""


def _refused(backend, error) -> bool:
    """True when ``error`` is a by-design refusal of ``backend`` (else the test fails)."""
    assert backend not in CORE, f"{backend} must compile every kind: {error}"
    assert any(kind in str(error) for kind in REFUSING.get(backend, ())), f"unexpected refusal: {error}"
    return True


def _solve_or_refusal(puzzle, backend):
    """The solution, or ``None`` when ``backend`` refuses the puzzle's kinds by design."""
    try:
        return sudoku_cp.solve(puzzle, backend=backend)
    except NotSupportedError as error:
        _refused(backend, error)
        return None


@pytest.mark.parametrize("backend", _backends())
@pytest.mark.parametrize("name", list(CASES_4X4))
def test_4x4_smallest_solution_on_every_backend(name, backend):
    record = _record(CASES_4X4[name])
    puzzle = Puzzle.from_dict(record)
    expected = expected_4x4(record)
    assert expected is not None, "the case should have a solution"
    solution = _solve_or_refusal(puzzle, backend)
    assert solution is None or tuple(solution.cells) == expected


@pytest.mark.parametrize("name", list(CASES_4X4))
def test_4x4_solutions_listed_in_order(name):
    record = _record(CASES_4X4[name])
    puzzle = Puzzle.from_dict(record)
    listed = [tuple(s.cells) for s in sudoku_cp.solutions(puzzle, limit=400, backend="cpsat")]
    independent = sorted(s for s in _all_4x4() if _keeps(_rows(s, 4), record) and _valid(_rows(s, 4), record))
    assert listed == independent
    assert min(listed) == expected_4x4(record)


@pytest.mark.parametrize("backend", _backends())
@pytest.mark.parametrize("name", list(UNSOLVABLE_4X4))
def test_4x4_unsolvable(name, backend):
    record = _record(UNSOLVABLE_4X4[name])
    assert expected_4x4(record) is None
    puzzle = Puzzle.from_dict(record)
    with pytest.raises((NoSolutionError, NotSupportedError)) as error:
        sudoku_cp.solve(puzzle, backend=backend)
    if error.type is NotSupportedError and backend in CORE:
        raise error.value


def test_json_round_trip():
    for rules in CASES_4X4.values():
        puzzle = Puzzle.from_dict(_record(rules))
        assert Puzzle.from_dict(puzzle.to_dict()) == puzzle


# -- 9x9: puzzles made from a known solution --------------------------------------------------

SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
S = [[int(SOLUTION[r * 9 + c]) for c in range(9)] for r in range(9)]


def _blank(cells):
    grid = list(SOLUTION)
    for r, c in cells:
        grid[r * 9 + c] = "."
    return "".join(grid)


# Blanks that leave classic Sudoku several completions (so the rule must choose), chosen
# as rectangles of two rows and two columns whose digits can swap.
BLANKS = [
    (0, 0),
    (0, 1),
    (1, 0),
    (1, 1),
    (3, 3),
    (3, 4),
    (4, 3),
    (4, 4),
    (6, 6),
    (6, 7),
    (7, 6),
    (7, 7),
    (2, 2),
    (5, 5),
    (8, 8),
    (0, 8),
    (8, 0),
]


def _sandwich(side, index):
    digits = [S[r][c] for r, c in _line_of({"side": side, "index": index}, 9)]
    i, j = sorted((digits.index(1), digits.index(9)))
    return {"side": side, "index": index, "sum": sum(digits[i + 1 : j])}


def _seen(side, index):
    seen = tallest = 0
    for r, c in _line_of({"side": side, "index": index}, 9):
        if S[r][c] > tallest:
            seen, tallest = seen + 1, S[r][c]
    return {"side": side, "index": index, "seen": seen}


def _outside(side, index):
    return {
        "side": side,
        "index": index,
        "sum": sum(S[r][c] for r, c in _line_of({"side": side, "index": index}, 9)[:3]),
    }


# Clues that the known solution satisfies (so each case has a solution), on lines chosen
# where the solution allows them.
CASES_9X9 = {
    "arrow": {"arrows": [{"circle": [[1, 1]], "arrow": [[0, 1], [0, 2]]}]},
    "arrow two-cell circle": {"arrows": [{"circle": [[0, 7], [0, 8]], "arrow": [[1, 7], [2, 7], [3, 7]]}]},
    "little killer": {
        "little_killers": [{"sum": sum(S[i][i] for i in range(9)), "clue": [-1, -1], "direction": [1, 1]}]
    },
    "sandwich": {"sandwiches": [_sandwich("left", 0), _sandwich("top", 0), _sandwich("bottom", 7)]},
    "skyscraper": {"skyscrapers": [_seen("left", 0), _seen("bottom", 3), _seen("right", 1)]},
    "outside sum": {"outside_sums": [_outside("left", 0), _outside("top", 4), _outside("right", 7)]},
    "xv": {"x": [[[0, 2], [0, 3]]], "v": [[[7, 0], [8, 0]]]},
    "german whispers": {"german_whispers": [[[0, 6], [0, 7]]]},
    "renban": {"renban": [[[0, 0], [0, 1], [0, 2]]]},
    "palindrome": {"palindromes": [[[0, 1], [1, 2], [2, 3]]]},
    "between line": {"between_lines": [[[3, 3], [3, 4], [4, 5]]]},
    "region-sum line": {"region_sum_lines": [[[4, 1], [4, 2], [4, 3]]]},
    "quadruple": {"quadruples": [{"cell": [0, 0], "digits": [5, 6]}]},
}


@pytest.mark.parametrize("backend", _backends_9x9())
@pytest.mark.parametrize("name", list(CASES_9X9))
def test_9x9_smallest_solution_on_every_backend(name, backend):
    record = _record(CASES_9X9[name], grid=_blank(BLANKS), size=9, box=(3, 3))
    expected = expected_by_search(record)
    assert expected is not None, "the known solution satisfies the clues"
    solution = _solve_or_refusal(Puzzle.from_dict(record), backend)
    assert solution is None or tuple(solution.cells) == expected


# -- malformed rules -------------------------------------------------------------------------

MALFORMED = [
    ({"arrows": [{"circle": [[0, 0]], "arrow": [[2, 2]]}]}, "arrow 1"),
    ({"arrows": [{"circle": [[0, 0], [1, 1]], "arrow": [[0, 1]]}]}, "arrow 1"),
    ({"arrows": [{"circle": [[0, 0]]}]}, "arrows"),
    ({"little_killers": [{"sum": 5, "clue": [1, 1], "direction": [1, 1]}]}, "little killer 1"),
    ({"little_killers": [{"sum": 5, "clue": [-1, 0], "direction": [1, 0]}]}, "little killer 1"),
    ({"sandwiches": [{"side": "middle", "index": 0, "sum": 3}]}, "sandwich 1"),
    ({"sandwiches": [{"side": "left", "index": 7, "sum": 3}]}, "sandwich 1"),
    ({"skyscrapers": [{"side": "left", "index": 0, "seen": 5}]}, "skyscraper 1"),
    ({"outside_sums": [{"side": "left", "index": 0, "sum": 99}]}, "outside sum 1"),
    ({"x": [[[0, 0], [1, 1]]]}, "r1c1"),
    ({"german_whispers": [[[0, 0], [2, 2]]]}, "German whispers line 1"),
    ({"renban": [[[0, 0], [0, 1], [0, 0]]]}, "r1c1"),
    ({"between_lines": [[[0, 0], [0, 1]]]}, "between line 1"),
    ({"region_sum_lines": [[[0, 0], [0, 1]]]}, "region-sum line 1"),
    ({"quadruples": [{"cell": [3, 0], "digits": [1]}]}, "quadruple 1"),
    ({"quadruples": [{"cell": [0, 0], "digits": [7]}]}, "quadruple 1"),
    ({"palindromes": [[[0, 0], [0, 5]]]}, "palindrome 1"),
]


@pytest.mark.parametrize(("rules", "names"), MALFORMED)
def test_malformed_rules_are_named(rules, names):
    with pytest.raises(InvalidPuzzleError, match=names):
        Puzzle.from_dict(_record(rules))


def test_pictures_of_the_modern_rules():
    rules = {
        "arrows": [{"circle": [[0, 0]], "arrow": [[1, 1]]}],
        "renban": [[[3, 0], [3, 1]]],
        "between_lines": [[[0, 3], [1, 3], [2, 3]]],
        "v": [[[0, 1], [0, 2]]],
        "quadruples": [{"cell": [1, 1], "digits": [1, 2]}],
    }
    plain = Puzzle.from_dict(_record(rules)).to_svg()
    for mark in ("arrow-circle", "renban-line", "between-circle", "xv", "quadruple"):
        assert mark in plain
    sandwich = {"side": "left", "index": 0, "sum": 5}
    clued = Puzzle.from_dict(_record({**rules, "sandwiches": [sandwich]})).to_svg()
    assert "sandwich" in clued
    width = lambda svg: float(svg.split('width="')[1].split('"')[0])  # noqa: E731
    assert width(clued) > width(plain)  # a margin for the outside clue, only then


# -- f-puzzles keys ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", [n for n in CASES_9X9 if n not in ("skyscraper", "outside sum")])
def test_fpuzzles_keys_round_trip(name):
    from sudoku_cp.io.fpuzzles_modern import MODERN_KEYS, read_modern, write_modern

    record = _record(CASES_9X9[name], grid=_blank(BLANKS), size=9, box=(3, 3))
    fields = write_modern(record["rules"], 9)
    assert fields and set(fields) <= {*MODERN_KEYS, "negative"}
    rules: dict = {}
    read_modern(fields, 9, rules)
    assert Puzzle.from_dict({**record, "rules": rules}) == Puzzle.from_dict(record)


def test_fpuzzles_keys_read_and_refused():
    from sudoku_cp.io.fpuzzles_modern import read_modern, write_modern

    data = {
        "arrow": [{"cells": ["R1C1", "R1C2"], "lines": [["R1C2", "R2C3", "R3C3"], ["R1C1", "R2C1", "R3C1"]]}],
        "littlekillersum": [
            {"cell": "R0C1", "cells": ["R1C2"], "direction": "DR", "value": "12"},
            {"cell": "R10C5", "direction": "UL", "value": ""},
        ],
        "sandwichsum": [{"cell": "R3C0", "value": "10"}, {"cell": "R10C4", "value": 0}],
        "whispers": [{"lines": [["R5C5", "R5C6"]]}],
        "quadruple": [{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"], "values": [1, "2"]}],
    }
    rules: dict = {}
    read_modern(data, 9, rules)
    assert rules["arrows"] == [
        {"circle": [[0, 0], [0, 1]], "arrow": [[1, 2], [2, 2]]},
        {"circle": [[0, 0], [0, 1]], "arrow": [[1, 0], [2, 0]]},
    ]
    assert rules["little_killers"] == [{"sum": 12, "clue": [-1, 0], "direction": [1, 1]}]
    assert rules["sandwiches"] == [
        {"side": "left", "index": 2, "sum": 10},
        {"side": "bottom", "index": 3, "sum": 0},
    ]
    assert rules["german_whispers"] == [[[4, 4], [4, 5]]]
    assert rules["quadruples"] == [{"cell": [1, 1], "digits": [1, 2]}]
    Puzzle.from_dict({"size": 9, "box": [3, 3], "grid": "." * 81, "rules": rules})  # rules that hold
    with pytest.raises(InvalidPuzzleError, match="f-puzzles arrow 1"):  # a 4-cell circle (3: a pill)
        read_modern(
            {"arrow": [{"cells": ["R1C1", "R1C2", "R1C3", "R1C4"], "lines": [["R1C1", "R2C1"]]}]}, 9, {}
        )
    with pytest.raises(InvalidPuzzleError, match="reading order"):
        read_modern({"arrow": [{"cells": ["R1C3", "R1C2", "R1C1"], "lines": [["R1C1", "R2C1"]]}]}, 9, {})
    with pytest.raises(InvalidPuzzleError, match="f-puzzles little killer 1"):
        read_modern({"littlekillersum": [{"cell": "R0C1", "direction": "D", "value": "3"}]}, 9, {})
    with pytest.raises(InvalidPuzzleError, match="f-puzzles sandwich 1"):
        read_modern({"sandwichsum": [{"cell": "R0C0", "value": "3"}]}, 9, {})
    with pytest.raises(InvalidPuzzleError, match="skyscraper"):
        write_modern({"skyscrapers": [{"side": "left", "index": 0, "seen": 3}]}, 9)


@pytest.mark.parametrize("backend", _backends())
@pytest.mark.parametrize("name", ["sandwich", "skyscraper", "arrow", "quadruple", "between line", "combined"])
def test_4x4_counts_on_every_backend(name, backend):
    """Every backend counts the solutions the independent model lists (a CP-SAT automaton
    once reported a grid several times)."""
    record = _record(CASES_4X4[name])
    independent = sum(1 for s in _all_4x4() if _keeps(_rows(s, 4), record) and _valid(_rows(s, 4), record))
    try:
        count = sudoku_cp.count_solutions(Puzzle.from_dict(record), backend=backend)
    except NotSupportedError as error:
        assert _refused(backend, error)
        return
    assert count == independent


@pytest.mark.parametrize(
    "kind, parameter", [("sandwich", 0), ("sandwich", 7), ("skyscraper", 2), ("skyscraper", 4)]
)
def test_line_supports_match_the_accepted_lines_listed(kind, parameter):
    """The supports of a line clue's automaton (remembered per layer and per line) are the
    values of the lines it accepts through the candidates, listed independently: every
    tuple of 1..5 over five cells checked by ``holds``, on random candidate masks, each
    mask asked twice (the second answer comes from the memo)."""
    import random

    from sudoku_cp.model.constraints import Sandwich, Skyscraper

    side, cells = 5, tuple(range(5))
    clue = (
        Sandwich(cells, parameter, origin="s")
        if kind == "sandwich"
        else Skyscraper(cells, parameter, origin="s")
    )
    accepted = [line for line in itertools.product(range(1, side + 1), repeat=side) if clue.holds(line)]
    rng = random.Random(parameter)
    for _ in range(40):
        masks = [rng.randrange(1, 1 << side) | rng.randrange(1, 1 << side) for _ in cells]
        fitting = [ln for ln in accepted if all(m >> (v - 1) & 1 for m, v in zip(masks, ln, strict=True))]
        expected = [functools.reduce(int.__or__, (1 << (line[i] - 1) for line in fitting), 0) for i in cells]
        for _ in range(2):
            assert clue.automaton(side).supports(masks) == (expected if fitting else None)
