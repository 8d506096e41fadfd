"""The community's named kinds (sudoku_cp.model.community_rules, cages without a total) on
every backend, checked against an independent brute force written here from each rule's
definition (no code of the package), and their reading from real published links.

On 4x4 every one of the 288 grids is enumerated and the smallest that keeps the givens
and obeys the rules is the expected answer; on 6x6 a depth-first search in row-major order
(values ascending) over the blank cells of a known grid meets the smallest solution first.
"""

from __future__ import annotations

import functools
import itertools
import json
from pathlib import Path

import pytest
from independent import box_cells as _boxes
from independent import latin_squares_4x4, smallest_by_search

import sudoku_cp
from sudoku_cp.backends import backend_names
from sudoku_cp.errors import InvalidPuzzleError, NoSolutionError, NotSupportedError
from sudoku_cp.io.links import record_from_link
from sudoku_cp.io.sudokupad import record_to_scl, scl_to_record
from sudoku_cp.model.puzzle import Puzzle

CORE = {"backtracking", "cpsat", "sat", "python-constraint", "auto"}
ROOT = Path(__file__).resolve().parent.parent

# -- the independent model --------------------------------------------------------------------


def _windows(line, width):
    line = [tuple(c) for c in line]
    if len(line) > 3 and line[0] == line[-1]:  # a loop: the windows run on round it
        line = line[:-1]
        return [[line[(i + k) % len(line)] for k in range(width)] for i in range(len(line))]
    return [line[i : i + width] for i in range(len(line) - width + 1)] if len(line) >= width else [line]


def _ok(g, rules, n, box):
    d = lambda cell: g[cell[0]][cell[1]]  # noqa: E731
    for line in rules.get("slow_thermos", ()):
        digits = [d(c) for c in line]
        if digits != sorted(digits):
            return False
    for item in rules.get("whispers", ()):
        if any(abs(d(a) - d(b)) < item["difference"] for a, b in itertools.pairwise(item["line"])):
            return False
    for item in rules.get("clones", ()):
        if [d(c) for c in item["cells"]] != [d(c) for c in item["clone"]]:
            return False
    if rules.get("disjoint_groups"):
        for i, j in itertools.product(range(box[0]), range(box[1])):
            group = [d(cells[i * box[1] + j]) for cells in _boxes(n, box)]
            if len(set(group)) != n:
                return False
    for line in rules.get("modular_lines", ()):
        if any(len({d(c) % 3 for c in w}) != len(w) for w in _windows(line, 3)):
            return False
    for line in rules.get("entropic_lines", ()):
        third = n // 3
        if any(len({(d(c) - 1) // third for c in w}) != len(w) for w in _windows(line, 3)):
            return False
    for line in rules.get("zipper_lines", ()):
        digits = [d(c) for c in line]
        k = len(digits)
        sums = {digits[i] + digits[k - 1 - i] for i in range(k // 2)}
        if k % 2 and sums != {digits[k // 2]}:
            return False
        if len(sums) != 1:
            return False
    for line in rules.get("difference_count_lines", ()):
        gaps = [abs(d(a) - d(b)) for a, b in itertools.pairwise(line)]
        if any(gaps.count(gap) != gap for gap in gaps):
            return False
    for line in rules.get("index_lines", ()):
        digits = [d(c) for c in line]
        if any(v > len(line) or digits[v - 1] != n for n, v in enumerate(digits, 1)):
            return False
    for line in rules.get("region_sum_lines", ()):
        line = [tuple(c) for c in line]
        loop = len(line) > 3 and line[0] == line[-1]
        runs, owner = [], lambda cell: (cell[0] // box[0], cell[1] // box[1])  # noqa: E731
        for cell in line[:-1] if loop else line:
            if not runs or owner(runs[-1][-1]) != owner(cell):
                runs.append([])
            runs[-1].append(cell)
        if loop and len(runs) > 1 and owner(runs[0][0]) == owner(runs[-1][-1]):
            runs[0] = runs.pop() + runs[0]
        if len({sum(d(c) for c in run) for run in runs}) != 1:
            return False
    for line in rules.get("parity_lines", ()):
        if any((d(a) + d(b)) % 2 == 0 for a, b in itertools.pairwise(line)):
            return False
    for line in rules.get("nabner_lines", ()):
        if any(abs(d(a) - d(b)) < 2 for a, b in itertools.combinations(line, 2)):
            return False
    if rules.get("dutch_flatmates"):
        for r, c in itertools.product(range(n), repeat=2):
            if g[r][c] == (n + 1) // 2 and not (
                (r > 0 and g[r - 1][c] == 1) or (r < n - 1 and g[r + 1][c] == n)
            ):
                return False
    for region in rules.get("extra_regions", ()):
        if len({d(c) for c in region}) != len(region):
            return False
    for clue in rules.get("numbered_rooms", ()):
        i = clue["index"]
        line = {
            "left": [(i, c) for c in range(n)],
            "right": [(i, c) for c in reversed(range(n))],
            "top": [(r, i) for r in range(n)],
            "bottom": [(r, i) for r in reversed(range(n))],
        }[clue["side"]]
        if d(line[d(line[0]) - 1]) != clue["value"]:
            return False
    if rules.get("anti_taxicab"):
        for (r, c), (r2, c2) in itertools.combinations(itertools.product(range(n), repeat=2), 2):
            if g[r][c] == g[r2][c2] == abs(r - r2) + abs(c - c2):
                return False
    for r, c in rules.get("row_indexers", ()):
        if g[g[r][c] - 1][c] != r + 1:
            return False
    for r, c in rules.get("column_indexers", ()):
        if g[r][g[r][c] - 1] != c + 1:
            return False
    for cage in rules.get("cages", ()):
        digits = [d(tuple(c)) for c in cage["cells"]]
        if len(set(digits)) != len(digits):
            return False
        if cage.get("sum") is not None and sum(digits) != cage["sum"]:
            return False
    return True


def _valid(g, record):
    n, box = record["size"], record["box"]
    groups = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    groups += _boxes(n, box) if box else []
    if any(len({g[r][c] for r, c in cells}) != n for cells in groups):
        return False
    return _ok(g, record.get("rules", {}), n, box)


def _keeps(g, record):
    n = record["size"]
    return all(ch == "." or int(ch) == g[i // n][i % n] for i, ch in enumerate(record["grid"]))


def _rows(flat, n):
    return [list(flat[r * n : (r + 1) * n]) for r in range(n)]


@functools.cache
def _all_4x4():
    """Every 4x4 Sudoku grid (288)."""
    return latin_squares_4x4()


def _solutions_4x4(record):
    return sorted(s for s in _all_4x4() if _keeps(_rows(s, 4), record) and _valid(_rows(s, 4), record))


# -- the cases ------------------------------------------------------------------------------

EMPTY4 = "." * 16

CASES_4X4 = {
    "slow thermo": {"slow_thermos": [[[0, 0], [1, 1], [2, 2], [3, 3], [3, 2]]]},  # 5 cells: one stays
    "whispers difference 2": {"whispers": [{"line": [[0, 0], [0, 1], [1, 1], [1, 0]], "difference": 2}]},
    "clones": {"clones": [{"cells": [[0, 0], [0, 1]], "clone": [[3, 2], [3, 3]]}]},
    "disjoint groups": {"disjoint_groups": True},
    "modular line": {"modular_lines": [[[0, 0], [1, 1], [2, 2], [3, 3]]]},
    "modular loop": {"modular_lines": [[[0, 0], [0, 1], [0, 2], [1, 2], [1, 1], [1, 0], [0, 0]]]},
    "zipper, odd": {"zipper_lines": [[[0, 0], [0, 1], [1, 1], [1, 2], [1, 3]]]},
    "zipper, even": {"zipper_lines": [[[0, 0], [1, 0], [2, 1], [3, 1]]]},
    "row indexers": {"row_indexers": [[0, 0], [1, 1]]},
    "column indexers": {"column_indexers": [[0, 0], [0, 1], [2, 3]]},
    "difference-count line": {"difference_count_lines": [[[0, 0], [0, 1], [1, 2], [1, 3]]]},
    "index line": {"index_lines": [[[0, 0], [1, 1], [2, 2], [3, 3]]]},
    "region-sum loop": {"region_sum_lines": [[[1, 1], [1, 2], [0, 2], [0, 1], [1, 1]]]},  # 2 runs, not 3
    "parity line": {"parity_lines": [[[0, 0], [0, 1], [1, 2], [2, 2], [3, 3]]]},
    "nabner line": {"nabner_lines": [[[0, 0], [1, 1]], [[2, 3], [3, 2]]]},
    "extra regions": {"extra_regions": [[[0, 0], [1, 1], [2, 2], [3, 3]], [[0, 3], [1, 2]]]},
    "numbered rooms": {
        "numbered_rooms": [
            {"side": "left", "index": 0, "value": 3},
            {"side": "bottom", "index": 2, "value": 1},
        ]
    },
    "cage without total": {
        "cages": [{"cells": [[0, 1], [1, 1], [1, 2]]}, {"sum": 3, "cells": [[3, 0], [3, 1]]}]
    },
    "slow thermo with clone": {
        "slow_thermos": [[[3, 0], [2, 0], [2, 1]]],
        "clones": [{"cells": [[0, 0]], "clone": [[3, 3]]}],
    },
}

UNSOLVABLE_4X4 = {
    # a column's four different digits climb to 4 at r4c1, so r4c2 >= 4 repeats it
    "slow thermo down a column": {"slow_thermos": [[[0, 0], [1, 0], [2, 0], [3, 0], [3, 1]]]},
    "anti-taxicab": {"anti_taxicab": True},  # the two 1s of a 2x2 box are 2 steps apart, ...
    "whispers of 3 in a box": {"whispers": [{"line": [[0, 0], [0, 1], [1, 0]], "difference": 3}]},
}

SOLUTION6 = "123456456123231564564231312645645312"
"""A 6x6 grid (2x3 boxes) for the 6x6 cases: blanks are filled by search."""


def _blank6(cells):
    return "".join("." if divmod(i, 6) in cells else ch for i, ch in enumerate(SOLUTION6))


TAXICAB6 = "123465645213451632236154312546564321"
"""A 6x6 grid that obeys anti-taxicab (found by the package, checked by ``_valid`` here)."""


@pytest.mark.parametrize("backend", backend_names())
def test_anti_taxicab_on_6x6_on_every_backend(backend):
    blanks = {0, 3, 7, 8, 14, 15, 20, 21, 22, 27, 28, 33, 35}
    grid = "".join("." if i in blanks else ch for i, ch in enumerate(TAXICAB6))
    record = _record({"anti_taxicab": True}, grid, 6, (2, 3))
    assert _valid(_rows([int(ch) for ch in TAXICAB6], 6), record)
    expected = smallest_by_search(record, _valid)
    solution = _solve(Puzzle.from_dict(record), backend)
    assert solution is None or tuple(solution.cells) == expected


CASES_6X6 = {  # lines the grid SOLUTION6 obeys; blanks on and around them
    "entropic line": (
        {"entropic_lines": [[[0, 0], [1, 1], [2, 1], [2, 2], [3, 1]]]},
        {(0, 0), (1, 1), (2, 1), (2, 2), (3, 1), (0, 1), (1, 0), (3, 2), (4, 1), (5, 5)},
    ),
    "whispers 3 on 6x6": (
        {"whispers": [{"line": [[0, 0], [1, 1], [2, 2], [3, 2]], "difference": 3}]},
        {(0, 0), (1, 1), (2, 2), (3, 2), (0, 1), (1, 0), (2, 3), (3, 3), (4, 4)},
    ),
}


LATIN5 = "1234521534341525342145213"
"""A 5x5 Latin square (no boxes) that obeys Dutch flatmates (a 3 has a 1 above or a 5 below)."""


def _record(rules, grid=EMPTY4, size=4, box=(2, 2)):
    return {"size": size, "box": list(box) if box else None, "grid": grid, "rules": rules}


@pytest.mark.parametrize("backend", backend_names())
def test_dutch_flatmates_on_a_latin_square_on_every_backend(backend):
    blanks = {0, 2, 6, 7, 11, 12, 13, 17, 18, 22, 24}
    grid = "".join("." if i in blanks else ch for i, ch in enumerate(LATIN5))
    record = _record({"dutch_flatmates": True}, grid, 5, None)
    expected = smallest_by_search(record, _valid)
    assert expected is not None
    solution = _solve(Puzzle.from_dict(record), backend)
    assert solution is None or tuple(solution.cells) == expected


def _solve(puzzle, backend):
    try:
        return sudoku_cp.solve(puzzle, backend=backend)
    except NotSupportedError as error:
        assert backend not in CORE, f"{backend} must compile every kind: {error}"
        return None


@pytest.mark.parametrize("backend", backend_names())
@pytest.mark.parametrize("name", list(CASES_4X4))
def test_4x4_smallest_solution_on_every_backend(name, backend):
    record = _record(CASES_4X4[name])
    expected = _solutions_4x4(record)
    assert expected, "the case should have a solution"
    solution = _solve(Puzzle.from_dict(record), backend)
    assert solution is None or tuple(solution.cells) == expected[0]


QUICK_LISTS = {"slow thermo", "clones", "cage without total", "difference-count line"}
"""The cases whose every solution is listed in the main suite (the others: the slow sweep)."""


@pytest.mark.parametrize(
    "name", [n if n in QUICK_LISTS else pytest.param(n, marks=pytest.mark.slow) for n in CASES_4X4]
)
def test_4x4_solutions_listed_in_order(name):
    record = _record(CASES_4X4[name])
    listed = [
        tuple(s.cells) for s in sudoku_cp.solutions(Puzzle.from_dict(record), limit=400, backend="cpsat")
    ]
    assert listed == _solutions_4x4(record)


@pytest.mark.parametrize("backend", backend_names())
@pytest.mark.parametrize("name", list(UNSOLVABLE_4X4))
def test_4x4_unsolvable(name, backend):
    record = _record(UNSOLVABLE_4X4[name])
    assert not _solutions_4x4(record)
    with pytest.raises((NoSolutionError, NotSupportedError)) as error:
        sudoku_cp.solve(Puzzle.from_dict(record), backend=backend)
    if error.type is NotSupportedError and backend in CORE:
        raise error.value


@pytest.mark.parametrize("backend", backend_names())
@pytest.mark.parametrize("name", list(CASES_6X6))
def test_6x6_smallest_solution_on_every_backend(name, backend):
    rules, blanks = CASES_6X6[name]
    record = _record(rules, _blank6(blanks), 6, (2, 3))
    expected = smallest_by_search(record, _valid)
    assert expected is not None
    solution = _solve(Puzzle.from_dict(record), backend)
    assert solution is None or tuple(solution.cells) == expected


def test_json_round_trip():
    records = [_record(rules) for rules in CASES_4X4.values()]
    records += [_record(rules, "." * 36, 6, (2, 3)) for rules, _ in CASES_6X6.values()]
    for record in records:
        assert Puzzle.from_dict(record).to_dict()["rules"] == record["rules"]


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"slow_thermos": [[[0, 0], [2, 2]]]}, "not neighbours"),
        ({"whispers": [{"line": [[0, 0], [0, 1]], "difference": 9}]}, "difference 9"),
        ({"whispers": [{"line": [[0, 0], [0, 1]]}]}, "'line' and 'difference'"),
        ({"clones": [{"cells": [[0, 0], [0, 1]], "clone": [[2, 2], [3, 3]]}]}, "same shape"),
        ({"entropic_lines": [[[0, 0], [0, 1], [0, 2]]]}, "divisible by 3"),
        ({"zipper_lines": [[[0, 0], [0, 1]]]}, "at least 3 cells"),
        ({"row_indexers": [[0, 0], [0, 0]]}, "twice"),
        ({"disjoint_groups": 1}, "true or false"),
        ({"cages": [{"cells": [[0, 0], [0, 1]], "sum": None, "colour": 1}]}, "no other key"),
    ],
)
def test_malformed_rules_are_named(rules, words):
    with pytest.raises(InvalidPuzzleError, match=words):
        Puzzle.from_dict(_record(rules))


def test_disjoint_groups_need_boxes():
    record = {"size": 4, "box": None, "grid": EMPTY4, "rules": {"disjoint_groups": True}}
    with pytest.raises(InvalidPuzzleError, match="need boxes"):
        Puzzle.from_dict(record)


# -- reading real published links (MIT: benchmarks/data/links) ---------------------------------


def _corpus(name):
    for source in ("kaji", "iss"):
        for line in (ROOT / "benchmarks" / "data" / "links" / f"{source}.jsonl").open(encoding="utf-8"):
            record = json.loads(line)
            if record["id"] == name:
                return record
    raise KeyError(name)


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("kaji/clone-wars", "clones"),
        ("kaji/joined-up-thinking", "disjoint_groups"),
        ("iss/Modular Lines 1", "modular_lines"),
        ("kaji/german-whisper-test-1", "whispers"),
        ("kaji/one-to-six", "row_indexers"),
        ("kaji/one-to-six", "column_indexers"),
        ("kaji/fortress-maximum", "less"),
        ("iss/Jigsaw boxes, disconnected", "extra_regions"),
    ],
)
def test_real_links_read_and_solve(name, key):
    published = _corpus(name)
    # one-to-six tints its indexer cells and has no rules text to say so: the reader
    # refuses the colours, a user who has read the puzzle ignores them
    ignore = ["cell colours"] if name == "kaji/one-to-six" else []
    record = record_from_link(published["link"], ignore=ignore)
    assert record["rules"].get(key)
    solution = sudoku_cp.solve(Puzzle.from_dict({k: v for k, v in record.items() if k != "read"}))
    assert "".join(map(str, solution.cells)) == published["solution"]


def test_each_kind_is_drawn():
    rules = {
        "slow_thermos": [[[0, 0], [1, 1], [2, 2], [3, 3], [3, 2]]],
        "clones": [{"cells": [[0, 1]], "clone": [[3, 0]]}],
        "modular_lines": [[[0, 2], [0, 3], [1, 3]]],
        "zipper_lines": [[[2, 0], [2, 1], [1, 2]]],
        "row_indexers": [[1, 0]],
        "column_indexers": [[0, 3]],
        "cages": [{"cells": [[3, 1], [2, 1]]}],
        "extra_regions": [[[2, 3], [3, 3]]],
    }
    svg = Puzzle.from_dict(_record(rules)).to_svg()
    for name in (
        "slow-thermometer",
        "slow-bulb",
        "clone",
        "modular-line",
        "zipper-line",
        "zipper-centre",
        "extra-region",
    ):
        assert f'class="{name}"' in svg
    assert svg.count('class="indexer"') == 4  # a tint and a letter per indexer cell
    assert 'class="cage cage-1"' in svg and "cage-sum" not in svg  # no total drawn


# -- SudokuPad links (hand-written: the corpus's SudokuPad puzzles may not be shipped) -------


@pytest.mark.parametrize(
    "rules",
    [
        {"slow_thermos": [[[0, 0], [1, 1], [2, 2], [3, 3], [3, 2]]]},
        {"cages": [{"cells": [[0, 1], [1, 1], [1, 2]]}, {"sum": 3, "cells": [[3, 0], [3, 1]]}]},
        {"modular_lines": [[[0, 0], [1, 1], [2, 2], [3, 3]]]},
        {"zipper_lines": [[[0, 0], [0, 1], [1, 1], [1, 2], [1, 3]]], "german_whispers": [[[3, 0], [3, 1]]]},
    ],
)
def test_sudokupad_links_write_and_read_back_the_kinds(rules):
    puzzle = Puzzle.from_dict(_record(rules))
    link = puzzle.to_link("sudokupad-scl")
    again = Puzzle.from_link(link)
    assert again.to_dict()["rules"] == rules
    assert sudoku_cp.solve(again) == sudoku_cp.solve(puzzle)


def test_sudokupad_entropic_line_by_its_colour_word():
    record = _record(
        {"entropic_lines": [[[0, 0], [1, 1], [2, 1], [2, 2], [3, 1]]]}, _blank6(set()), 6, (2, 3)
    )
    data = record_to_scl(record)
    data["lines"][0]["color"] = "#F5B07A"  # peach, as setters call SudokuPad's orange entropic lines
    data["metadata"]["rules"] = (
        "Normal sudoku rules apply. Any 3 adjacent digits on a peach entropic line differ."
    )
    assert scl_to_record(data)["rules"]["entropic_lines"] == record["rules"]["entropic_lines"]


def test_sudokupad_cage_without_total_needs_the_rules_text_to_say_its_digits_differ():
    data = record_to_scl(_record({"cages": [{"cells": [[0, 1], [1, 1]]}]}))
    assert scl_to_record(data)["rules"]["cages"] == [{"cells": [[0, 1], [1, 1]]}]
    data["metadata"]["rules"] = "Normal sudoku rules apply. Digits in a cage sum to a prime."
    with pytest.raises(InvalidPuzzleError, match="has no total"):
        scl_to_record(data)


def test_a_slow_thermometer_sentence_makes_the_drawn_thermometers_slow():
    data = record_to_scl(_record({"thermos": [[[0, 0], [1, 1], [2, 2]]]}))
    data["metadata"]["rules"] = (
        "Normal sudoku rules apply. Digits along a thermometer increase or stay the same."
    )
    read = scl_to_record(data)
    assert read["rules"] == {"slow_thermos": [[[0, 0], [1, 1], [2, 2]]]}
    data["metadata"]["rules"] = (
        "Normal sudoku rules apply. Digits along a grey thermometer may stay the same."
    )
    with pytest.raises(InvalidPuzzleError, match="stay the same"):
        scl_to_record(data)


def test_sudokupad_index_line_starts_at_its_diamond():
    record = _record({"index_lines": [[[0, 0], [1, 1], [2, 2], [3, 3]]]})
    data = record_to_scl(_record({"renban": [[[3, 3], [2, 2], [1, 1], [0, 0]]]}))  # drawn from the far end
    data["lines"][0]["color"] = "#71DED2"
    data["underlays"] = [{"center": [0.5, 0.5], "width": 0.42, "height": 0.42, "angle": 45,
                          "backgroundColor": "#71DED2"}]  # fmt: skip
    data["metadata"]["rules"] = (
        "Normal sudoku rules apply. Each turquoise line is an index line: the digit in the Nth cell "
        "(from the diamond) is the position along the line where the digit N appears."
    )
    read = scl_to_record(data)
    assert read["rules"] == record["rules"]
    del data["underlays"]
    with pytest.raises(InvalidPuzzleError, match="needs a diamond"):
        scl_to_record(data)


def test_sudokupad_lines_of_several_colours_under_one_coloured_line_rule():
    lines = [[[0, 0], [0, 1], [1, 2], [1, 3]], [[3, 0], [2, 1], [2, 2]]]
    data = record_to_scl(_record({"renban": lines}))
    data["lines"][1]["color"] = "#B7F68C"  # a green line beside the pink one
    data["metadata"]["rules"] = (
        "Normal 4x4 sudoku rules apply. The difference between two adjacent digits on a coloured line "
        "indicates exactly how many pairs of adjacent digits along that line have that exact difference."
    )
    assert scl_to_record(data)["rules"] == {"difference_count_lines": lines}


@pytest.mark.parametrize("size", [6, 9])
@pytest.mark.parametrize("variant", ["slow_thermo", "entropic_line", "modular_line", "zipper_line"])
def test_generate_makes_each_community_variant_proper(variant, size):
    puzzle = sudoku_cp.generate(size, variant=variant, seed=1, time_limit=60)
    record = puzzle.to_dict()
    assert len(puzzle.rules) == 1 and record["rules"]
    assert sudoku_cp.count_solutions(puzzle, limit=2, backend="backtracking") == 1
    solution = record["solution"] if "solution" in record else puzzle.metadata["solution"]
    g = _rows([int(ch) for ch in solution.replace(".", "")], size)
    assert _valid(g, {**record, "box": record["box"]})


def test_dutch_flatmates_from_a_rules_sentence():
    record = {"size": 5, "box": None, "grid": LATIN5[:10] + "." * 15, "rules": {}}
    data = record_to_scl({**record, "rules": {"regions": "aaaaabbbbbcccccdddddeeeee"}})
    data["metadata"]["rules"] = "Dutch flatmates: each 3 has a 1 directly above it or a 5 directly below it."
    assert scl_to_record(data)["rules"]["dutch_flatmates"] is True


def test_sudokupad_parity_and_nabner_lines_by_colour():
    data = record_to_scl(_record({"renban": [[[0, 0], [0, 1], [1, 2]]], "palindromes": [[[3, 0], [2, 1]]]}))
    data["metadata"]["rules"] = (
        "Normal sudoku rules apply. Adjacent digits on a pink line alternate between odd and even. "
        "Digits on a grey nabner line do not repeat and no two are consecutive."
    )
    rules = scl_to_record(data)["rules"]
    assert rules == {"parity_lines": [[[0, 0], [0, 1], [1, 2]]], "nabner_lines": [[[3, 0], [2, 1]]]}


@pytest.mark.parametrize(
    "rules",
    [
        {"clones": [{"cells": [[0, 0], [0, 1]], "clone": [[3, 2], [3, 3]]}], "disjoint_groups": True},
        {"modular_lines": [[[0, 0], [1, 1], [2, 2], [3, 3]]], "row_indexers": [[0, 0]]},
        {"whispers": [{"line": [[0, 0], [0, 1], [1, 1]], "difference": 2}], "column_indexers": [[2, 3]]},
        {"cages": [{"cells": [[0, 1], [1, 1], [1, 2]]}, {"sum": 3, "cells": [[3, 0], [3, 1]]}]},
        {"extra_regions": [[[0, 0], [1, 1], [2, 2], [3, 3]]]},
    ],
)
def test_fpuzzles_links_write_and_read_back_the_kinds(rules):
    puzzle = Puzzle.from_dict(_record(rules))
    again = Puzzle.from_link(puzzle.to_link())
    assert again.to_dict()["rules"] == rules


@pytest.mark.parametrize("key", ["slow_thermos", "zipper_lines", "parity_lines"])
def test_fpuzzles_links_refuse_a_kind_f_puzzles_has_not(key):
    puzzle = Puzzle.from_dict(_record({key: [[[0, 0], [0, 1], [1, 1]]]}))
    with pytest.raises(InvalidPuzzleError, match="f-puzzles has no"):
        puzzle.to_link()


def test_numbered_rooms_and_anti_taxicab_are_drawn_and_read():
    rules = {"numbered_rooms": [{"side": "left", "index": 0, "value": 3}]}
    assert 'class="numbered-room"' in Puzzle.from_dict(_record(rules)).to_svg()
    data = record_to_scl(_record({}, TAXICAB6, 6, (2, 3)))
    data["metadata"] = {
        "rules": "Normal sudoku rules apply. Anti-taxicab: a digit d is never d steps from itself."
    }
    assert scl_to_record(data)["rules"] == {"anti_taxicab": True}


@pytest.mark.parametrize(
    ("key", "why"), [("index_lines", "positions run to 9"), ("renban", "different digits fill at most 9")]
)
def test_a_line_longer_than_the_side_is_refused_where_the_rule_needs_it(key, why):
    line = [[0, c] for c in range(9)] + [[1, 8]]
    with pytest.raises(InvalidPuzzleError, match=f"has 10 cells; {why}"):
        Puzzle.from_dict({"grid": "." * 81, "rules": {key: [line]}})
