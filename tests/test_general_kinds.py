"""The general rules of issue 31 (relations, regular lines, sums with or without repeats,
counts and "contains", elements, alternatives) on every backend, against an independent
brute force.

The checker here shares nothing with the package's constraint kinds: it reads each rule's
JSON and states it again from its definition (a regular expression through Python's own
``re.fullmatch``, a predicate through Python's own evaluation of the test's literal
strings), over every completion of the givens by a plain enumeration. Each backend must
then give the smallest row-major solution (or ``NoSolutionError``), the number of
solutions, and the solutions in row-major order.
"""

from __future__ import annotations

import itertools
import re

import pytest

import sudoku_cp
from sudoku_cp import NoSolutionError, Puzzle

BACKENDS = sudoku_cp.backend_names()


def _box_of(n: int, box: tuple[int, int], cell: int) -> int:
    r, c = divmod(cell, n)
    return (r // box[0]) * (n // box[1]) + c // box[1]


def _completions(givens: list[int], n: int, box: tuple[int, int]):
    """Every grid (row-major tuples) of rows, columns and boxes that keeps the givens, in
    row-major order (values ascending, cells in order)."""
    grid = list(givens)
    cells = n * n

    def fits(cell: int, v: int) -> bool:
        r, c = divmod(cell, n)
        for other in range(cells):
            if other != cell and grid[other] == v:
                orow, ocol = divmod(other, n)
                if orow == r or ocol == c or _box_of(n, box, other) == _box_of(n, box, cell):
                    return False
        return True

    def walk(cell: int):
        if cell == cells:
            yield tuple(grid)
            return
        if givens[cell]:
            if fits(cell, givens[cell]):
                yield from walk(cell + 1)
            return
        for v in range(1, n + 1):
            if fits(cell, v):
                grid[cell] = v
                yield from walk(cell + 1)
                grid[cell] = 0

    yield from walk(0)


def _at(n: int, rc) -> int:
    return rc[0] * n + rc[1]


def _holds(rules: dict, g: tuple[int, ...], n: int) -> bool:
    """The rules stated again from their definitions."""
    for key, items in rules.items():
        for item in items:
            if not _item_holds(key, item, g, n):
                return False
    return True


def _digits(g, n, cells) -> list[int]:
    return [g[_at(n, rc)] for rc in cells]


def _item_holds(key: str, item: dict, g, n: int) -> bool:
    if key == "relations":
        test = item["predicate"]
        return all(
            eval(
                test,
                {"__builtins__": {}, "abs": abs, "min": min, "max": max},
                {"a": g[_at(n, p)], "b": g[_at(n, q)]},
            )  # noqa: S307
            for p, q in item["pairs"]
        )
    if key == "regular":
        text = "".join("123456789ABCDEFG"[d - 1] for d in _digits(g, n, item["cells"]))
        return re.fullmatch(item["pattern"], text) is not None
    if key == "sums":
        digits = _digits(g, n, item["cells"])
        return sum(digits) == item["total"] and (not item.get("distinct") or len(set(digits)) == len(digits))
    if key == "counts":
        seen = _digits(g, n, item["cells"]).count(item["value"])
        op = item.get("operator", "==")
        return (
            seen == item["count"]
            if op == "=="
            else seen >= item["count"]
            if op == ">="
            else seen <= item["count"]
        )
    if key == "contains":
        digits = _digits(g, n, item["cells"])
        return all(digits.count(d) >= item["digits"].count(d) for d in item["digits"])
    if key == "elements":
        k = g[_at(n, item["index"])]
        cells = item["cells"]
        return 1 <= k <= len(cells) and g[_at(n, cells[k - 1])] == g[_at(n, item["value"])]
    if key == "either":
        return any(_holds(option, g, n) for option in item["any"])
    raise AssertionError(key)


ROW1 = [[0, 0], [0, 1], [0, 2], [0, 3]]
COLUMN1 = [[0, 0], [1, 0], [2, 0], [3, 0]]
DIAGONAL = [[0, 0], [1, 1], [2, 2], [3, 3]]
ANTI = [[0, 3], [1, 2], [2, 1], [3, 0]]

RULES_4x4 = {
    "relations": {
        "relations": [
            {"pairs": [[[0, 0], [1, 1]], [[1, 1], [2, 2]], [[2, 2], [3, 3]]], "predicate": "abs(a-b)>=2"}
        ]
    },
    "relations-parity": {
        "relations": [{"pairs": [[[0, 0], [0, 1]], [[1, 0], [2, 1]]], "predicate": "(a+b)%2==1 and a<b"}]
    },
    "regular": {
        "regular": [{"cells": ROW1, "pattern": "[34].*2"}, {"cells": DIAGONAL, "pattern": "[34](1|2)+[34]*"}]
    },
    "regular-repeat": {"regular": [{"cells": ANTI, "pattern": "[^4]{2}.4?"}]},
    "sums-repeat": {
        "sums": [{"cells": [[0, 0], [1, 1]], "total": 4, "distinct": False}, {"cells": ANTI, "total": 8}]
    },
    "sums-distinct": {"sums": [{"cells": [[0, 1], [1, 2], [2, 3]], "total": 6, "distinct": True}]},
    "counts": {
        "counts": [
            {"cells": DIAGONAL, "value": 2, "count": 2, "operator": "=="},
            {"cells": ANTI, "value": 4, "count": 1, "operator": "<="},
        ]
    },
    "contains": {"contains": [{"cells": DIAGONAL, "digits": [3, 3, 1]}]},
    "elements": {"elements": [{"cells": [[3, 0], [3, 1], [3, 2], [3, 3]], "index": [0, 2], "value": [1, 1]}]},
    "elements-short": {"elements": [{"cells": [[1, 0], [2, 1], [3, 3]], "index": [0, 0], "value": [0, 3]}]},
    "either": {
        "either": [
            {
                "any": [
                    {"sums": [{"cells": [[0, 0], [1, 1]], "total": 7}]},
                    {"relations": [{"pairs": [[[0, 0], [1, 1]]], "predicate": "a==b"}]},
                ]
            }
        ]
    },
    "none": {"counts": [{"cells": ROW1, "value": 1, "count": 2}]},
}
"""Rules over a 4x4 grid (boxes 2x2), one or two general rules each; "none" has no solution."""

_GRIDS_4x4 = list(_completions([0] * 16, 4, (2, 2)))
_SCATTER = (5, 10, 15, 3, 12, 6, 9, 0, 2, 13, 7, 8)


def _case(name: str, rules: dict) -> tuple[Puzzle, list[tuple[int, ...]]]:
    """The puzzle of the rules with givens taken from its smallest solution (cells in a
    fixed scattered order) until at most 6 solutions are left; its solutions, in order."""
    solutions = [g for g in _GRIDS_4x4 if _holds(rules, g, 4)]
    givens = [0] * 16
    for cell in _SCATTER:
        if len(solutions) <= 6:
            break
        givens[cell] = solutions[0][cell]
        solutions = [g for g in solutions if g[cell] == givens[cell]]
    record = {"grid": "".join(str(v) if v else "." for v in givens), "box": [2, 2], "rules": rules}
    return Puzzle.from_dict(record), solutions


CASES = {name: _case(name, rules) for name, rules in RULES_4x4.items()}


def test_the_cases_have_a_few_solutions_each_and_one_has_none() -> None:
    counts = {name: len(solutions) for name, (_, solutions) in CASES.items()}
    assert counts["none"] == 0
    assert all(1 <= c <= 6 for name, c in counts.items() if name != "none"), counts
    assert any(c > 1 for c in counts.values())


@pytest.mark.parametrize("name", CASES)
def test_the_package_models_agree_with_the_independent_rules(name: str) -> None:
    puzzle, solutions = CASES[name]
    rules = RULES_4x4[name]
    for grid in _GRIDS_4x4:
        keeps = all(g in (0, v) for g, v in zip(puzzle.grid.cells, grid, strict=True))
        if keeps:
            assert puzzle.model.holds(grid) == _holds(rules, grid, 4), (name, grid)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", CASES)
def test_every_backend_solves_counts_and_lists_the_general_rules(backend: str, name: str) -> None:
    puzzle, solutions = CASES[name]
    if not solutions:
        with pytest.raises(NoSolutionError):
            sudoku_cp.solve(puzzle, backend=backend)
        assert sudoku_cp.count_solutions(puzzle, backend=backend) == 0
        return
    assert sudoku_cp.solve(puzzle, backend=backend).cells == solutions[0]
    assert sudoku_cp.count_solutions(puzzle, backend=backend) == len(solutions)
    listed = [g.cells for g in itertools.islice(sudoku_cp.solutions(puzzle, backend=backend), 3)]
    assert listed == solutions[:3]


# -- 6x6 --------------------------------------------------------------------------------------

SOLUTION_6x6 = (
    (1, 2, 3, 4, 5, 6),
    (4, 5, 6, 1, 2, 3),
    (2, 3, 1, 5, 6, 4),
    (5, 6, 4, 2, 3, 1),
    (3, 1, 2, 6, 4, 5),
    (6, 4, 5, 3, 1, 2),
)
RULES_6x6 = {
    "regular": [{"cells": [[0, 5], [1, 5], [2, 5], [3, 5]], "pattern": "[5-6].[1-4]+"}],
    "relations": [{"pairs": [[[4, 0], [5, 1]], [[5, 1], [4, 2]]], "predicate": "abs(a-b)>=1 and a*b<=12"}],
    "sums": [{"cells": [[2, 0], [3, 1], [4, 2]], "total": 10, "distinct": False}],
    "counts": [{"cells": [[0, 0], [2, 2], [4, 1], [5, 4]], "value": 1, "count": 4}],
    "elements": [
        {"cells": [[5, 0], [5, 1], [5, 2], [5, 3], [5, 4], [5, 5]], "index": [1, 3], "value": [0, 5]}
    ],
}
_KEPT_6x6 = {0, 3, 7, 8, 13, 16, 19, 22, 26, 29, 31, 34}


def _case_6x6() -> tuple[Puzzle, list[tuple[int, ...]]]:
    flat = [v for row in SOLUTION_6x6 for v in row]
    givens = [v if i in _KEPT_6x6 else 0 for i, v in enumerate(flat)]
    solutions = [g for g in _completions(givens, 6, (2, 3)) if _holds(RULES_6x6, g, 6)]
    record = {"grid": "".join(str(v) if v else "." for v in givens), "box": [2, 3], "rules": RULES_6x6}
    return Puzzle.from_dict(record), solutions


CASE_6x6 = _case_6x6()


def test_the_6x6_case_is_solved_by_its_own_grid() -> None:
    puzzle, solutions = CASE_6x6
    assert tuple(v for row in SOLUTION_6x6 for v in row) in solutions
    assert 1 <= len(solutions) <= 20


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_backend_solves_and_counts_a_6x6_of_every_general_rule(backend: str) -> None:
    puzzle, solutions = CASE_6x6
    assert sudoku_cp.solve(puzzle, backend=backend).cells == solutions[0]
    assert sudoku_cp.count_solutions(puzzle, backend=backend) == len(solutions)


# -- the rules' JSON and messages -------------------------------------------------------------


@pytest.mark.parametrize("name", RULES_4x4)
def test_the_json_of_each_rule_reads_back_equal(name: str) -> None:
    puzzle, _ = CASES[name]
    again = Puzzle.from_dict(puzzle.to_dict())
    assert again.rules == puzzle.rules
    assert again.model.constraints == puzzle.model.constraints


@pytest.mark.parametrize(
    "rules, message",
    [
        (
            {"relations": [{"pairs": [[[0, 0], [0, 1]]], "predicate": "__import__('os')"}]},
            "may be called",
        ),
        (
            {"relations": [{"pairs": [[[0, 0], [0, 1]]], "predicate": "a.real > 1"}]},
            "Attribute is not allowed",
        ),
        ({"relations": [{"pairs": [[[0, 0], [0, 1]]], "predicate": "c > 1"}]}, "unknown name 'c'"),
        ({"relations": [{"pairs": [[[0, 0], [0, 1]]], "predicate": "a >"}]}, "not an expression"),
        ({"regular": [{"cells": ROW1, "pattern": "(1)\\1"}]}, "not allowed"),
        ({"regular": [{"cells": ROW1, "pattern": "^12"}]}, "not allowed"),
        ({"regular": [{"cells": ROW1, "pattern": "(12"}]}, "not a regular expression"),
        ({"regular": [{"cells": [[0, 0], [0, 0]], "pattern": "1."}]}, "listed twice"),
        ({"counts": [{"cells": ROW1, "value": 7, "count": 1}]}, "not a digit"),
        ({"counts": [{"cells": ROW1, "value": 1, "count": 1, "operator": "!="}]}, "operator"),
        ({"sums": [{"cells": ROW1, "total": 40}]}, "cannot add up to 40"),
        ({"elements": [{"cells": ROW1, "index": [9, 9], "value": [0, 0]}]}, "outside"),
        ({"either": [{"any": []}]}, "non-empty"),
    ],
)
def test_malformed_general_rules_are_refused_saying_what(rules: dict, message: str) -> None:
    with pytest.raises(sudoku_cp.InvalidPuzzleError, match=message):
        _ = Puzzle.from_dict({"grid": "." * 16, "box": [2, 2], "rules": rules}).model


def test_a_step_names_the_users_rule() -> None:
    puzzle = Puzzle.from_dict(
        {
            "grid": "1" + "." * 15,
            "box": [2, 2],
            "rules": {"regular": [{"cells": [[1, 0], [1, 1], [1, 2], [1, 3]], "pattern": "[34].*"}]},
        }
    )
    first = sudoku_cp.explain(puzzle)[0]
    assert "regular line 1 ([34].*, from r2c1)" in str(first)
    assert "removes 2 from r2c1" in str(first)


def test_the_picture_draws_every_general_rule() -> None:
    from sudoku_cp.pictures.svg import to_svg

    rules = {**RULES_4x4["relations"], **RULES_4x4["regular"], **RULES_4x4["counts"], **RULES_4x4["elements"]}
    svg = to_svg(Puzzle.from_dict({"grid": "." * 16, "box": [2, 2], "rules": rules}))
    assert svg.count('class="general-line"') == 3 + 2  # three relation pairs, two regular lines
    assert "[34].*2" in svg and "el1" in svg


def test_the_backend_template_gets_the_general_rules_rewritten(monkeypatch) -> None:
    from sudoku_cp import backends as registry

    monkeypatch.setitem(registry._BACKENDS, "template", "sudoku_cp.backends.template")
    for name in ("regular", "counts", "elements", "either", "sums-distinct"):
        puzzle, solutions = CASES[name]
        assert sudoku_cp.solve(puzzle, backend="template").cells == solutions[0], name
        assert sudoku_cp.count_solutions(puzzle, backend="template") == len(solutions), name
