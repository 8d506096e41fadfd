"""The community's remaining kinds (sudoku_cp.model.community_kinds, and pill arrows of
three cells) on every backend, against an independent brute force written here from each
rule's definition as ISS's help states it (no code of the package).

On 4x4 every one of the 288 grids is enumerated, and the smallest that keeps the givens
and obeys the rules is the expected answer; the rules on a 6x6 or 9x9 grid are checked on
a known grid with blanks, by a row-major depth-first search over the blanks.
"""

from __future__ import annotations

import functools
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from independent import box_cells as _boxes
from independent import latin_squares_4x4, outside_line, smallest_by_search

import sudoku_cp
from sudoku_cp.backends import backend_names
from sudoku_cp.errors import InvalidPuzzleError, NoSolutionError
from sudoku_cp.model.puzzle import Puzzle

# -- the independent model --------------------------------------------------------------------


_outside_line = outside_line


def _first_hidden(digits):
    tallest = 0
    for v in digits:
        if v <= tallest:
            return v
        tallest = v
    return None


def _cuts_into(digits, total):
    """Whether the digits, in order, split into runs each adding up to ``total``."""
    run = 0
    for v in digits:
        run += v
        if run > total:
            return False
        run %= total
    return run == 0


def _ok(g, rules, n):  # noqa: C901  (one branch per rule, as its definition reads)
    d = lambda cell: g[cell[0]][cell[1]]  # noqa: E731
    for clue in rules.get("x_sums", ()):
        digits = [d(c) for c in _outside_line(clue, n)]
        if sum(digits[: digits[0]]) != clue["sum"]:
            return False
    for clue in rules.get("hidden_skyscrapers", ()):
        if _first_hidden([d(c) for c in _outside_line(clue, n)]) != clue["value"]:
            return False
    for cage in rules.get("lunchboxes", ()):
        digits = [d(c) for c in cage["cells"]]
        i, j = sorted((digits.index(min(digits)), digits.index(max(digits))))
        if len(set(digits)) != len(digits) or sum(digits[i + 1 : j]) != cage["sum"]:
            return False
    for cage in rules.get("rellik_cages", ()):
        digits = [d(c) for c in cage["cells"]]
        if len(set(digits)) != len(digits):
            return False
        for k in range(1, len(digits) + 1):
            if any(sum(part) == cage["sum"] for part in itertools.combinations(digits, k)):
                return False
    for circles in rules.get("counting_circles", ()):
        digits = [d(c) for c in circles]
        if any(digits.count(v) != v for v in digits):
            return False
    for line in rules.get("double_arrows", ()):
        digits = [d(c) for c in line]
        if digits[0] + digits[-1] != sum(digits[1:-1]):
            return False
    for item in rules.get("lockout_lines", ()):
        digits = [d(c) for c in item["line"]]
        low, high = sorted((digits[0], digits[-1]))
        if high - low < item["difference"] or any(low <= v <= high for v in digits[1:-1]):
            return False
    for key, group in (
        ("global_entropy", lambda v: (v - 1) // (n // 3)),
        ("global_modular", lambda v: v % 3),
    ):
        if rules.get(key):
            for r, c in itertools.product(range(n - 1), repeat=2):
                square = (g[r][c], g[r][c + 1], g[r + 1][c], g[r + 1][c + 1])
                if len({group(v) for v in square}) != 3:
                    return False
    for cage in rules.get("look_and_say", ()):
        digits = [d(c) for c in cage["cells"]]
        clue = cage["clue"]
        if any(digits.count(int(clue[i + 1])) != int(clue[i]) for i in range(0, len(clue), 2)):
            return False
    for cage in rules.get("equality_cages", ()):
        digits = [d(c) for c in cage]
        low = [v for v in digits if v <= n // 2]
        high = [v for v in digits if v > n - n // 2]
        even = [v for v in digits if v % 2 == 0]
        if len(set(digits)) != len(digits) or len(low) + len(high) != len(digits):
            return False
        if len(low) != len(high) or 2 * len(even) != len(digits):
            return False
    for clue in rules.get("count_distinct", ()):
        if d(clue["control"]) != len({d(c) for c in clue["cells"]}):
            return False
    for sets in rules.get("same_values", ()):
        if len({tuple(sorted(d(c) for c in s)) for s in sets}) != 1:
            return False
    for item in rules.get("sum_lines", ()):
        line = [tuple(c) for c in item["line"]]
        loop = len(line) > 3 and line[0] == line[-1]
        digits = [d(c) for c in (line[:-1] if loop else line)]
        starts = range(len(digits)) if loop else [0]  # a loop may be cut anywhere first
        if not any(_cuts_into(digits[k:] + digits[:k], item["sum"]) for k in starts):
            return False
    for sets in rules.get("equal_sums", ()):
        if len({sum(d(c) for c in s) for s in sets}) != 1:
            return False
    for item in rules.get("elements", ()):  # ISS's value indexing
        k = d(item["index"])
        if not 1 <= k <= len(item["cells"]) or d(item["cells"][k - 1]) != d(item["value"]):
            return False
    for arrow in rules.get("arrows", ()):
        circle = int("".join(str(d(c)) for c in arrow["circle"]))
        if circle != sum(d(c) for c in arrow["arrow"]):
            return False
    return True


def _valid(g, record):
    n, box = record["size"], record["box"]
    groups = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    groups += _boxes(n, box)
    if any(len({g[r][c] for r, c in cells}) != n for cells in groups):
        return False
    return _ok(g, record.get("rules", {}), n)


def _rows(flat, n):
    return [list(flat[r * n : (r + 1) * n]) for r in range(n)]


@functools.cache
def _all_4x4():
    """Every 4x4 Sudoku grid (288), as row-major tuples in increasing order."""
    out = latin_squares_4x4()
    assert len(out) == 288 and all(_valid(_rows(g, 4), _record({})) for g in out)
    return out


def _record(rules, grid="." * 16, size=4, box=(2, 2)):
    return {"size": size, "box": list(box), "grid": grid, "rules": rules}


def _solutions_4x4(record):
    keeps = lambda s: all(ch == "." or int(ch) == v for ch, v in zip(record["grid"], s, strict=True))  # noqa: E731
    return [s for s in _all_4x4() if keeps(s) and _valid(_rows(s, 4), record)]


# -- the 4x4 cases ----------------------------------------------------------------------------

CASES_4X4 = {
    "x-sum": {"x_sums": [{"side": "left", "index": 0, "sum": 6}, {"side": "bottom", "index": 3, "sum": 3}]},
    "x-sum of 1": {"x_sums": [{"side": "top", "index": 1, "sum": 1}]},
    "hidden skyscraper": {
        "hidden_skyscrapers": [
            {"side": "left", "index": 0, "value": 1},
            {"side": "top", "index": 2, "value": 2},
        ]
    },
    "lunchbox": {"lunchboxes": [{"cells": [[0, 0], [1, 1], [2, 2]], "sum": 0}]},
    "lunchbox of a row": {"lunchboxes": [{"cells": [[2, 0], [2, 1], [2, 2], [2, 3]], "sum": 5}]},
    "lunchbox, sum": {"lunchboxes": [{"cells": [[0, 1], [1, 1], [1, 2], [2, 2]], "sum": 2}]},
    "rellik cage": {"rellik_cages": [{"cells": [[0, 0], [0, 1], [1, 0]], "sum": 7}]},
    "counting circles": {"counting_circles": [[[0, 0], [1, 2], [2, 1], [3, 3], [0, 3]]]},
    "double arrow": {"double_arrows": [[[0, 0], [1, 1], [2, 2], [3, 3]]]},
    "lockout line": {"lockout_lines": [{"line": [[0, 0], [0, 1], [1, 2], [2, 2]], "difference": 2}]},
    "look-and-say": {"look_and_say": [{"cells": [[0, 0], [1, 1], [2, 2], [3, 3]], "clue": "2203"}]},
    "equality cage": {"equality_cages": [[[0, 0], [0, 1], [1, 1], [2, 1]]]},
    "count-distinct": {"count_distinct": [{"control": [0, 0], "cells": [[1, 1], [2, 2], [3, 3], [2, 3]]}]},
    "same values": {"same_values": [[[[0, 0], [0, 1]], [[3, 2], [3, 3]]]]},
    "sum line": {"sum_lines": [{"line": [[0, 0], [0, 1], [1, 1], [1, 0]], "sum": 5}]},
    "sum loop": {"sum_lines": [{"line": [[0, 1], [1, 1], [1, 2], [0, 2], [0, 1]], "sum": 4}]},
    "equal sums": {"equal_sums": [[[[0, 0], [1, 0]], [[3, 3]], [[2, 1], [1, 2]]]]},
    "equal sums sharing a cell": {"equal_sums": [[[[0, 0], [0, 1]], [[0, 1], [2, 3]], [[3, 0], [1, 2]]]]},
}

UNSOLVABLE_4X4 = {
    "rellik cages of 3 in a box": {
        "rellik_cages": [{"cells": [[0, 0], [0, 1]], "sum": 3}, {"cells": [[1, 0], [1, 1]], "sum": 3}]
    },
    "lockout of 4 on 4x4": {"lockout_lines": [{"line": [[0, 0], [0, 1], [0, 2]], "difference": 3}]},
}


@pytest.mark.parametrize("backend", backend_names())
@pytest.mark.parametrize("name", list(CASES_4X4))
def test_4x4_smallest_solution_on_every_backend(name, backend):
    record = _record(CASES_4X4[name])
    expected = _solutions_4x4(record)
    assert expected, "the case should have a solution"
    assert tuple(sudoku_cp.solve(Puzzle.from_dict(record), backend=backend).cells) == expected[0]


@pytest.mark.parametrize("name", list(CASES_4X4))
def test_4x4_the_model_agrees_with_the_definition_on_every_grid(name):
    record = _record(CASES_4X4[name])
    model = Puzzle.from_dict(record).model
    for grid in _all_4x4():
        assert model.holds(grid) == _valid(_rows(grid, 4), record), (name, grid)


@pytest.mark.parametrize(
    "name",
    [
        "x-sum",
        "counting circles",
        *(pytest.param(n, marks=pytest.mark.slow) for n in ("lunchbox", "count-distinct")),
    ],
)
def test_4x4_solutions_counted_and_listed_in_order(name):
    record = _record(CASES_4X4[name])
    puzzle = Puzzle.from_dict(record)
    listed = [tuple(s.cells) for s in sudoku_cp.solutions(puzzle, limit=300, backend="cpsat")]
    assert listed == _solutions_4x4(record)
    assert sudoku_cp.count_solutions(puzzle, backend="backtracking") == len(listed)


@pytest.mark.parametrize("backend", backend_names())
@pytest.mark.parametrize("name", list(UNSOLVABLE_4X4))
def test_4x4_unsolvable(name, backend):
    record = _record(UNSOLVABLE_4X4[name])
    assert not _solutions_4x4(record)
    with pytest.raises(NoSolutionError):
        sudoku_cp.solve(Puzzle.from_dict(record), backend=backend)


def test_json_round_trip():
    for rules in CASES_4X4.values():
        record = _record(rules)
        assert Puzzle.from_dict(record).to_dict()["rules"] == rules


# -- 6x6: the global 2x2 rules ----------------------------------------------------------------

ENTROPY6 = "124635356241241356635124513462462513"
"""A 6x6 grid (2x3 boxes) whose every 2x2 square holds a digit of each of 1-2, 3-4, 5-6
and of each remainder mod 3 (checked by ``_valid`` here)."""


@pytest.mark.parametrize("key", ["global_entropy", "global_modular"])
@pytest.mark.parametrize(
    "backend",
    [pytest.param(b, marks=pytest.mark.slow) if b in ("sat", "mip") else b for b in backend_names()],
)
def test_6x6_global_rules_on_every_backend(key, backend):
    blanks = {0, 1, 7, 8, 9, 14, 15, 20, 21, 22, 28, 29, 35}
    grid = "".join("." if i in blanks else ch for i, ch in enumerate(ENTROPY6))
    record = _record({key: True}, grid, 6, (2, 3))
    assert _valid(_rows([int(ch) for ch in ENTROPY6], 6), record)
    assert tuple(sudoku_cp.solve(Puzzle.from_dict(record), backend=backend).cells) == smallest_by_search(
        record, _valid
    )


# -- pill arrows of three cells (9x9) ---------------------------------------------------------

SOLUTION9 = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"


PILL_ARROW = [[1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [1, 7], [1, 8], [2, 8], [3, 8], [4, 8],
              [5, 8], [6, 8], [7, 8], [8, 8], [8, 7], [8, 6], [8, 5], [8, 4], [8, 3], [8, 2], [7, 2], [7, 3],
              [7, 4]]  # fmt: skip
"""An arrow through 25 cells of ``SOLUTION9`` adding up to 123, the pill r1c1-r1c3."""


@pytest.mark.parametrize("backend", ["backtracking", "cpsat", pytest.param("sat", marks=pytest.mark.slow)])
def test_a_three_cell_pill_is_read_as_a_number(backend):
    rules = {"arrows": [{"circle": [[0, 0], [0, 1], [0, 2]], "arrow": PILL_ARROW}]}
    blanks = {0, 1, 2, 10, 11, 12, 26, 44, 71, 70, 69, 79, 78}
    grid = "".join("." if i in blanks else ch for i, ch in enumerate(SOLUTION9))
    record = _record(rules, grid, 9, (3, 3))
    assert _valid(_rows([int(ch) for ch in SOLUTION9], 9), record)
    expected = smallest_by_search(record, _valid)
    assert tuple(sudoku_cp.solve(Puzzle.from_dict(record), backend=backend).cells) == expected


# -- messages ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"x_sums": [{"side": "left", "index": 0, "sum": 11}]}, "outside 1..10"),
        ({"hidden_skyscrapers": [{"side": "up", "index": 0, "value": 2}]}, "not one of"),
        ({"lunchboxes": [{"cells": [[0, 0], [0, 0]], "sum": 0}]}, "listed twice"),
        ({"rellik_cages": [{"cells": [[0, 0], [0, 1]]}]}, "'cells' and 'sum'"),
        ({"double_arrows": [[[0, 0], [2, 2], [3, 3]]]}, "not neighbours"),
        ({"lockout_lines": [{"line": [[0, 0], [0, 1], [0, 2]], "difference": 4}]}, "difference 4"),
        ({"global_entropy": True}, "divisible by 3"),
        ({"look_and_say": [{"cells": [[0, 0], [0, 1]], "clue": "123"}]}, "pairs"),
        ({"look_and_say": [{"cells": [[0, 0], [0, 1]], "clue": "1121"}]}, "names a digit twice"),
        ({"same_values": [[[[0, 0], [0, 1]], [[1, 0]]]]}, "one size"),
        ({"arrows": [{"circle": [[0, 0], [0, 1], [1, 1]], "arrow": [[2, 2]]}]}, "one row or column"),
        ({"sum_lines": [{"line": [[0, 0], [0, 1]], "sum": 31}]}, "outside 1..30"),
        ({"equal_sums": [[[[0, 0], [0, 1]]]]}, "2 or more"),
    ],
)
def test_malformed_rules_are_named(rules, words):
    with pytest.raises(InvalidPuzzleError, match=words):
        Puzzle.from_dict(_record(rules))


def test_each_kind_is_drawn():
    rules = {
        "x_sums": [{"side": "left", "index": 0, "sum": 6}],
        "hidden_skyscrapers": [{"side": "top", "index": 2, "value": 2}],
        "lunchboxes": [{"cells": [[0, 1], [1, 1], [1, 2], [2, 2]], "sum": 2}],
        "rellik_cages": [{"cells": [[3, 0], [3, 1]], "sum": 7}],
        "counting_circles": [[[0, 0], [1, 2]]],
        "double_arrows": [[[2, 0], [2, 1], [3, 2]]],
        "lockout_lines": [{"line": [[0, 3], [1, 3], [2, 3]], "difference": 2}],
        "look_and_say": [{"cells": [[3, 3]], "clue": "11"}],
        "equality_cages": [[[1, 0], [0, 0]]],
        "count_distinct": [{"control": [3, 2], "cells": [[2, 2], [2, 3]]}],
        "same_values": [[[[0, 2]], [[3, 0]]]],
        "sum_lines": [{"line": [[1, 3], [0, 2]], "sum": 5}],
        "equal_sums": [[[[2, 1]], [[3, 3]]]],
    }
    svg = Puzzle.from_dict(_record(rules)).to_svg()
    assert 'class="sum-line"' in svg and svg.count('class="equal-sums"') == 8  # two one-cell outlines
    names = ("X-sum", "hidden-skyscraper", "lunchbox", "rellik-cage", "equality-cage", "look-and-say-cage",
             "count-distinct", "same-values", "double-arrow", "lockout-line")  # fmt: skip
    for name in names:
        assert f'class="{name}"' in svg, name
    assert svg.count('class="counting-circle"') == 2
    assert svg.count('class="double-arrow-circle"') == 2 and svg.count('class="lockout-diamond"') == 2
    assert "≠7" in svg and ">11<" in svg


def test_a_step_names_the_kind():
    record = _record({"x_sums": [{"side": "left", "index": 0, "sum": 6}]})
    first = sudoku_cp.explain(Puzzle.from_dict(record))[0]
    assert first.technique == "X-sum"
    assert "X-sum 1 (clue 6, from r1c1)" in str(first)


def test_a_three_cell_pill_goes_through_an_f_puzzles_link():
    rules = {"arrows": [{"circle": [[0, 0], [0, 1], [0, 2]], "arrow": PILL_ARROW}]}
    puzzle = Puzzle.from_dict(_record(rules, "." * 81, 9, (3, 3)))
    assert Puzzle.from_link(puzzle.to_link()).to_dict()["rules"] == rules
    backwards = {"arrows": [{"circle": [[0, 2], [0, 1], [0, 0]], "arrow": PILL_ARROW}]}
    with pytest.raises(InvalidPuzzleError, match="reading order"):
        Puzzle.from_dict(_record(backwards, "." * 81, 9, (3, 3))).to_link()


@pytest.mark.parametrize("key", ["x_sums", "lunchboxes", "global_entropy"])
def test_links_refuse_a_kind_their_format_has_not(key):
    rules = {"x_sums": CASES_4X4["x-sum"]["x_sums"], "lunchboxes": CASES_4X4["lunchbox"]["lunchboxes"]}
    record = _record({key: rules.get(key, True)}, "." * 36, 6, (2, 3))
    puzzle = Puzzle.from_dict(record)
    for form in ("f-puzzles", "sudokupad-scl"):
        with pytest.raises(InvalidPuzzleError, match=key):
            puzzle.to_link(form)


@pytest.mark.parametrize("size", [6, pytest.param(9, marks=pytest.mark.slow)])
@pytest.mark.parametrize(
    "variant",
    [
        "x_sum",
        "hidden_skyscraper",
        "double_arrow",
        "lockout_line",
        "lunchbox",
        "rellik_cage",
        "counting_circles",
    ],
)
def test_generate_makes_each_new_variant_proper(variant, size):
    puzzle = sudoku_cp.generate(size, variant=variant, seed=2, time_limit=60)
    record = puzzle.to_dict()
    assert len(puzzle.rules) == 1 and record["rules"]
    assert sudoku_cp.count_solutions(puzzle, limit=2, backend="backtracking") == 1
    solution = sudoku_cp.solve(puzzle, backend="cpsat").cells
    box = [2, 3] if size == 6 else [3, 3]
    assert _valid(_rows(solution, size), {"size": size, "box": box, "rules": record["rules"]})


@pytest.mark.parametrize(
    ("sentence", "rules"),
    [
        ("Global entropy: every 2x2 box has a low, a middle and a high digit.", {"global_entropy": True}),
        ("Each 2x2 square has a low (1-3), middle (4-6) and high (7-9) digit.", {"global_entropy": True}),
        ("Every 2x2 box has one of 1, 4, 7, one of 2, 5, 8 and one of 3, 6, 9.", {"global_modular": True}),
    ],
)
def test_sudokupad_global_rules_from_a_sentence(sentence, rules):
    from sudoku_cp.io.sudokupad import record_to_scl, scl_to_record

    data = record_to_scl(_record({}, "." * 81, 9, (3, 3)))
    data["metadata"] = {"rules": "Normal sudoku rules apply. " + sentence}
    assert scl_to_record(data)["rules"] == rules


def test_a_global_entropy_sentence_with_a_change_is_refused():
    from sudoku_cp.io.sudokupad import record_to_scl, scl_to_record

    data = record_to_scl(_record({}, "." * 81, 9, (3, 3)))
    data["metadata"] = {"rules": "Every 2x2 box has a low, middle and high digit, except the centre box."}
    with pytest.raises(sudoku_cp.errors.UnsupportedRuleError, match="except"):
        scl_to_record(data)


# -- 9x9: every kind at once, clues read off a known grid (slow) -------------------------------


def _clues_9x9():
    """Each kind's clues read off ``SOLUTION9`` by the definitions here."""
    g = _rows([int(ch) for ch in SOLUTION9], 9)
    d = lambda cell: g[cell[0]][cell[1]]  # noqa: E731
    row3 = [(3, c) for c in range(9)]
    lunch = [(3, 0), (3, 1), (4, 1), (5, 1), (5, 2)]
    digits = [d(c) for c in lunch]
    i, j = sorted((digits.index(min(digits)), digits.index(max(digits))))
    rellik = [(6, 6), (6, 7)]
    rellik_total = next(
        t for t in range(1, 46) if t not in (d(rellik[0]), d(rellik[1]), d(rellik[0]) + d(rellik[1]))
    )
    cells = [[r, c] for r in range(9) for c in range(9)]
    circles = [c for c in cells if d(c) == 1][:1] + [c for c in cells if d(c) == 2][:2]
    control = next(c for c in cells if d(c) == 4 and c[0] > 6)
    counted = [c for c in cells if c[0] == 0][:4]  # 1, 2, 3, 4: four different digits
    return {
        "x_sums": [{"side": "left", "index": 3, "sum": sum(d(c) for c in row3[: d(row3[0])])}],
        "hidden_skyscrapers": [
            {"side": "top", "index": 4, "value": _first_hidden([d((r, 4)) for r in range(9)])}
        ],
        "lunchboxes": [{"cells": [list(c) for c in lunch], "sum": sum(digits[i + 1 : j])}],
        "rellik_cages": [{"cells": [list(c) for c in rellik], "sum": rellik_total}],
        "counting_circles": [circles],
        "look_and_say": [{"cells": [[8, 0], [8, 1], [8, 2]], "clue": f"1{d((8, 0))}0{d((8, 0)) % 9 + 1}"}],
        "count_distinct": [{"control": control, "cells": counted}],
        "same_values": [[[[0, 0], [0, 1], [0, 2]], [[1, 6], [1, 7], [1, 8]]]],
    }


@pytest.mark.slow
@pytest.mark.parametrize("backend", backend_names())
def test_9x9_every_kind_at_once_on_every_backend(backend):
    rules = _clues_9x9()
    record = _record(rules, SOLUTION9, 9, (3, 3))
    assert _valid(_rows([int(ch) for ch in SOLUTION9], 9), record)
    blanks = {0, 1, 2, 4, 13, 27, 28, 37, 46, 47, 60, 61, 72, 73, 74, 40, 41, 50}
    record["grid"] = "".join("." if i in blanks else ch for i, ch in enumerate(SOLUTION9))
    expected = smallest_by_search(record, _valid)
    assert tuple(sudoku_cp.solve(Puzzle.from_dict(record), backend=backend).cells) == expected


def test_sudokupad_cages_under_a_rellik_sentence_are_rellik_cages():
    from sudoku_cp.io.sudokupad import record_to_scl, scl_to_record

    cages = [{"sum": 3, "cells": [[0, 0], [0, 1]]}, {"sum": 5, "cells": [[2, 2], [3, 2]]}]
    data = record_to_scl(_record({"cages": cages}))
    data["metadata"]["rules"] = (
        "Normal sudoku rules apply. Rellik cages: no set of one or more digits in a cage adds up to its clue."
    )
    read = scl_to_record(data)
    assert read["rules"] == {"rellik_cages": [{"cells": c["cells"], "sum": c["sum"]} for c in cages]}
    data["metadata"]["rules"] += " Digits in a killer cage sum to its clue."  # which cages are which?
    with pytest.raises(sudoku_cp.errors.UnsupportedRuleError, match="rellik"):
        scl_to_record(data)


# -- ISS strings (sudoku_cp.io.iss) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        (".XSum~R1~6~.XSum~C4~~3", {"x_sums": [{"side": "left", "index": 0, "sum": 6},
                                              {"side": "bottom", "index": 3, "sum": 3}]}),
        (".HiddenSkyscraper~C3~2~", {"hidden_skyscrapers": [{"side": "top", "index": 2, "value": 2}]}),
        (".Lunchbox~2~R1C2~R2C2~R2C3~R3C3", CASES_4X4["lunchbox, sum"]),
        (".RellikCage~7~R1C1~R1C2~R2C1", CASES_4X4["rellik cage"]),
        (".CountingCircles~R1C1~R2C3~R3C2~R4C4~R1C4", CASES_4X4["counting circles"]),
        (".DoubleArrow~R1C1~R2C2~R3C3~R4C4", CASES_4X4["double arrow"]),
        (".Lockout~2~R1C1~R1C2~R2C3~R3C3", CASES_4X4["lockout line"]),
        (".LookAndSay~2203~R1C1~R2C2~R3C3~R4C4", CASES_4X4["look-and-say"]),
        (".EqualityCage~R1C1~R1C2~R2C2~R3C2", CASES_4X4["equality cage"]),
        (".CountDistinct~R1C1~R2C2~R3C3~R4C4~R3C4", CASES_4X4["count-distinct"]),
        (".SumLine~5~R1C1~R1C2~R2C2~R2C1", CASES_4X4["sum line"]),
        (".SumLine~4~R1C2~R2C2~R2C3~R1C3~LOOP", CASES_4X4["sum loop"]),
        (".EqualSum~R1C1~R2C1~-~R4C4~-~R3C2~R2C3", CASES_4X4["equal sums"]),
        (".ValueIndexing~R1C1~R2C2~R3C3~R4C4",
         {"elements": [{"cells": [[2, 2], [3, 3]], "index": [1, 1], "value": [0, 0]}]}),
    ],
)  # fmt: skip
def test_iss_strings_read_each_kind(text, rules):
    from sudoku_cp.io import iss

    record = iss.record_from_string(".Shape~4x4" + text)
    assert record["rules"] == rules
    expected = _solutions_4x4(_record(rules))
    assert (
        tuple(sudoku_cp.solve(Puzzle.from_dict({k: v for k, v in record.items() if k != "read"})).cells)
        == (expected[0])
    )


def test_iss_pill_arrows_read_in_reading_order():
    from sudoku_cp.io import iss

    cells = "~".join(f"R{r + 1}C{c + 1}" for r, c in PILL_ARROW)
    record = iss.record_from_string(f".PillArrow~3~R1C3~R1C1~R1C2~{cells}")
    assert record["rules"] == {"arrows": [{"circle": [[0, 0], [0, 1], [0, 2]], "arrow": PILL_ARROW}]}


def test_the_lunchbox_automaton_of_larger_grids_agrees_with_the_definition():
    from sudoku_cp.model.community_kinds import lunchbox_automaton

    for total in (0, 3, 7):
        automaton = lunchbox_automaton(total, 6)
        for length in (2, 3, 4, 5):
            for digits in itertools.permutations(range(1, 7), length):
                i, j = sorted((digits.index(min(digits)), digits.index(max(digits))))
                assert automaton.accepts(digits) == (sum(digits[i + 1 : j]) == total), digits


# -- published ISS puzzles (shipped, MIT: benchmarks/data/links/iss.jsonl) ---------------------

_SLOW = pytest.mark.slow  # over about 0.3 s each
PUBLISHED = [
    "iss/6x6: Rellik cages",
    "iss/Double arrow",
    "iss/Look-and-Say Killer",
    "iss/Clockwork",
    "iss/Ten Lines 01: Adding to Ten",
    "iss/Count Different (Circles)",
    "iss/Hidden skyscrapers",
    "iss/4x4: Counting circles",
    "iss/Equality cages",
    "iss/Slingshot sudoku",
    "iss/Magic square",
    "iss/Killer lunchboxes [resolved]",
    pytest.param("iss/Lockout Lines (DSM 23 Quali Training)", marks=_SLOW),
    pytest.param("iss/Lockout double arrows", marks=_SLOW),
    pytest.param("iss/Pill Arrow Sudoku", marks=_SLOW),
    pytest.param("iss/Triple digits", marks=_SLOW),
    pytest.param("iss/X-Sum", marks=_SLOW),
    pytest.param("iss/Normal Lunchbox", marks=_SLOW),
    pytest.param("iss/Extreme Lunchbox", marks=_SLOW),
    pytest.param("iss/Hazy Rellik", marks=_SLOW),
    pytest.param("iss/10 Lines", marks=_SLOW),
    pytest.param("iss/Bubble Tornado", marks=_SLOW),
]


@pytest.mark.parametrize("name", PUBLISHED)
def test_published_iss_puzzles_of_the_new_kinds_solve_to_the_setters_solution(name):
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "links" / "iss.jsonl"
    records = {r["id"]: r for r in map(json.loads, path.read_text(encoding="utf-8").splitlines()) if r}
    record = records[name]
    assert sudoku_cp.solve(record["link"]).to_string() == record["solution"]


@pytest.mark.parametrize(
    "name",
    [n for n in CASES_4X4 if n not in ("same values",)],
)
def test_iss_strings_write_and_read_back_the_kinds(name):
    from sudoku_cp.io import iss

    puzzle = Puzzle.from_dict(_record(CASES_4X4[name]))
    text = puzzle.to_iss()
    assert iss.record_from_string(text)["rules"] == CASES_4X4[name], text


def test_iss_writes_the_global_rules_as_iss_types():
    puzzle = Puzzle.from_dict(_record({"global_entropy": True, "global_modular": True}, "." * 81, 9, (3, 3)))
    assert puzzle.to_iss().endswith(".GlobalEntropy.GlobalMod")


# -- CountDistinct's supports in closed form ----------------------------------------------------


def _distinct_supports_brute(masks):
    """The values of each position on some word whose last value counts the different
    values before it, by enumerating the words (from the definition)."""
    options = [[v for v in range(1, 17) if mask >> (v - 1) & 1] for mask in masks]
    out = [0] * len(masks)
    for word in itertools.product(*options):
        if word[-1] == len(set(word[:-1])):
            for i, v in enumerate(word):
                out[i] |= 1 << (v - 1)
    return out if any(out) else None


@settings(max_examples=120, deadline=None)
@given(
    st.integers(3, 6).flatmap(lambda side: st.lists(st.integers(0, (1 << side) - 1), min_size=2, max_size=5))
)
def test_distinct_count_supports_match_the_words(masks):
    from sudoku_cp.model.constraints import distinct_count_supports

    assert distinct_count_supports(masks) == _distinct_supports_brute(masks)


def test_count_distinct_and_region_count_lines_use_the_closed_form():
    """Both automata state the language in closed form and agree with their own passes over
    the states (the automaton without its meaning) on lines of 9x9 masks."""
    import dataclasses
    import random

    from sudoku_cp.model.chaos import chaos_region_count_automaton
    from sudoku_cp.model.community_kinds import count_distinct_automaton

    rng = random.Random(7)
    for others in (3, 8):
        for automaton in (count_distinct_automaton(others, 9), chaos_region_count_automaton(others, 9)):
            assert automaton.meaning.closed_form is not None
            plain = dataclasses.replace(automaton, meaning=None)
            for _ in range(25):
                masks = [rng.randrange(1, 512) & rng.randrange(1, 512) for _ in range(others + 1)]
                assert automaton.supports(masks) == plain.supports(masks)
