"""Issue 31, the ISS kinds that are not chaos constructions: rules over a grid's own digits
(0-based grids, more digits than the side), weighted sums, equal multisets, and an ``Or``
too wide for a table (one ``Regular`` of the union of its alternatives), on every backend,
against an independent brute force written here from each rule's definition as ISS's help
states it (no code of the package): every 4x4 grid is enumerated and the smallest that keeps
the givens and obeys the rules is the expected answer.
"""

from __future__ import annotations

import collections
import functools
import itertools
import re

import pytest
from independent import latin_squares_4x4, outside_line

import sudoku_cp
from sudoku_cp.backends import backend_names
from sudoku_cp.io import iss
from sudoku_cp.model.constraints import Or, Regular, Skyscraper
from sudoku_cp.model.puzzle import Puzzle
from sudoku_cp.model.union import rewrite_or, union_line

# -- the independent model --------------------------------------------------------------------


def _seen(heights):
    """Buildings seen from the front: each taller than all before it; a 0 is no building."""
    tallest, count = 0, 0
    for h in heights:
        if h > tallest:
            tallest, count = h, count + 1
    return count


def _first_hidden(heights):
    tallest = heights[0]
    for h in heights[1:]:
        if h <= tallest:
            return h
        tallest = h
    return None


def _ok(g, rules, n):  # noqa: C901  (one branch per rule, as its definition reads)
    d = lambda cell: g[cell[0]][cell[1]]  # noqa: E731
    for clue in rules.get("skyscrapers", ()):
        if _seen([d(c) for c in outside_line(clue, n)]) != clue["seen"]:
            return False
    for clue in rules.get("hidden_skyscrapers", ()):
        if _first_hidden([d(c) for c in outside_line(clue, n)]) != clue["value"]:
            return False
    for clue in rules.get("numbered_rooms", ()):
        digits = [d(c) for c in outside_line(clue, n)]
        if not 1 <= digits[0] <= n or digits[digits[0] - 1] != clue["value"]:
            return False
    for line in rules.get("regular", ()):
        digits = [d(c) for c in line["cells"]]
        if "nfa" in line:  # run the automaton on the digits, every choice at once
            starts, accepting, moves = line["nfa"]
            states = set(starts)
            for v in digits:
                states = {t for s, value, t in moves if s in states and value == v}
            if not states & set(accepting):
                return False
        elif not re.fullmatch(line["pattern"], "".join(map(str, digits))):
            return False
    for circles in rules.get("counting_circles", ()):  # a digit d: in d circles (so no 0)
        counts = collections.Counter(d(c) for c in circles)
        if any(counts[v] != v for v in counts):
            return False
    for cage in rules.get("look_and_say", ()):  # (count, digit) pairs: "1012" one 0 and one 2
        counts = collections.Counter(d(c) for c in cage["cells"])
        said = {int(cage["clue"][i + 1]): int(cage["clue"][i]) for i in range(0, len(cage["clue"]), 2)}
        if any(counts[v] != k for v, k in said.items()):
            return False
    for sets in rules.get("same_values", ()):
        if len({tuple(sorted(d(c) for c in s)) for s in sets}) != 1:
            return False
    for item in rules.get("sums", ()):
        weights = item.get("coefficients") or [1] * len(item["cells"])
        digits = [d(c) for c in item["cells"]]
        if sum(a * v for a, v in zip(weights, digits, strict=True)) != item["total"]:
            return False
        if item.get("distinct") and len(set(digits)) != len(digits):
            return False
    for region in rules.get("extra_regions", ()):
        if len({d(c) for c in region}) != len(region):
            return False
    for pairs in rules.get("relations", ()):  # only "a==b" here
        assert pairs["predicate"] == "a==b"
        if any(d(a) != d(b) for a, b in pairs["pairs"]):
            return False
    for either in rules.get("either", ()):
        if not any(_ok(g, alternative, n) for alternative in either["any"]):
            return False
    return True


@functools.cache
def _latin_squares():
    grids = latin_squares_4x4()
    assert len(grids) == 288
    return grids


def _solutions(record):
    """The grids (as positions 1..4) that keep the givens and obey the rules, in order."""
    digits = record.get("digits") or [1, 2, 3, 4]

    def keeps(s):
        return all(ch == "." or int(ch) == digits[v - 1] for ch, v in zip(record["grid"], s, strict=True))

    return [
        s
        for s in _latin_squares()
        if keeps(s)
        and _ok([[digits[v - 1] for v in s[r * 4 : r * 4 + 4]] for r in range(4)], record["rules"], 4)
    ]


def _record(rules, digits=None, grid="." * 16):
    record = {"size": 4, "box": [2, 2], "grid": grid, "rules": rules}
    if digits:
        record["digits"] = digits
    return record


ZERO = [0, 1, 2, 3]

CASES = {
    "skyscrapers, a 0 no building": _record(
        {"skyscrapers": [{"side": "left", "index": 0, "seen": 3}, {"side": "top", "index": 1, "seen": 1}]},
        ZERO,
    ),
    "hidden skyscraper of 0": _record(
        {
            "hidden_skyscrapers": [
                {"side": "left", "index": 1, "value": 0},
                {"side": "bottom", "index": 3, "value": 1},
            ]
        },
        ZERO,
    ),
    "regular over 0-based digits": _record(
        {"regular": [{"cells": [[0, 0], [1, 1], [2, 2], [3, 3]], "pattern": "[^0][0-2]*3?"}]}, ZERO
    ),
    "state machine over 0-based digits": _record(  # a 0 then a 3 (as digits, not positions)
        {
            "regular": [
                {
                    "cells": [[3, 0], [3, 1]],
                    "pattern": "ISS state machine",
                    "nfa": [[0], [2], [[0, 0, 1], [1, 3, 2]]],
                }
            ]
        },
        ZERO,
    ),
    "counting circles with a 0": _record({"counting_circles": [[[0, 0], [0, 1], [1, 2], [2, 3]]]}, ZERO),
    "look-and-say of 0": _record(
        {"look_and_say": [{"cells": [[0, 0], [0, 1], [1, 0]], "clue": "1012"}]}, ZERO
    ),
    "same values over 0-based digits": _record({"same_values": [[[[0, 0], [1, 1]], [[2, 2], [3, 3]]]]}, ZERO),
    "numbered rooms over 0-based digits": _record(
        {"numbered_rooms": [{"side": "left", "index": 2, "value": 0}]}, ZERO
    ),
    "weighted sum": _record(
        {"sums": [{"cells": [[0, 0], [1, 1], [2, 3]], "total": 9, "coefficients": [2, 1, -1]}]}
    ),
    "either too wide for a table": _record(
        {
            "either": [
                {
                    "any": [
                        {
                            "skyscrapers": [
                                {"side": "left", "index": 0, "seen": 1},
                                {"side": "right", "index": 1, "seen": 3},
                            ]
                        },
                        {
                            "hidden_skyscrapers": [
                                {"side": "top", "index": 0, "value": 2},
                                {"side": "bottom", "index": 3, "value": 1},
                            ]
                        },
                    ]
                }
            ]
        }
    ),
    "either of a row read both ways": _record(
        {
            "either": [
                {
                    "any": [
                        {"skyscrapers": [{"side": "left", "index": 2, "seen": 3}]},
                        {"skyscrapers": [{"side": "right", "index": 2, "seen": 3}]},
                        {
                            "sums": [
                                {
                                    "cells": [[0, 0], [1, 0], [3, 3], [0, 1], [1, 1]],
                                    "total": 5,
                                    "coefficients": [1, 2, 1, 1, -1],
                                }
                            ]
                        },
                    ]
                }
            ]
        }
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_model_agrees_with_the_definition_on_every_grid(name):
    record = CASES[name]
    model = Puzzle.from_dict(record).model
    expected = set(_solutions(record))
    assert expected, "the case should have a solution"
    for grid in _latin_squares():
        assert model.holds(grid) == (grid in expected), (name, grid)


SLOW = {("either of a row read both ways", "mip")}  # HiGHS on the union's flow: several seconds


@pytest.mark.parametrize(
    ("name", "backend"),
    [
        pytest.param(n, b, marks=pytest.mark.slow) if (n, b) in SLOW else (n, b)
        for n in CASES
        for b in backend_names()
    ],
)
def test_smallest_solution_on_every_backend(name, backend):
    record = CASES[name]
    assert tuple(sudoku_cp.solve(Puzzle.from_dict(record), backend=backend).cells) == _solutions(record)[0]


@pytest.mark.parametrize("name", ["either too wide for a table", "either of a row read both ways"])
def test_an_or_too_wide_for_a_table_is_one_regular_line(name):
    puzzle = Puzzle.from_dict(CASES[name])
    (either,) = [c for c in puzzle.model.constraints if isinstance(c, Or)]
    (line,) = rewrite_or(either, 4)
    assert isinstance(line, Regular) and sorted(line.cells) == sorted(either.cells)


def test_the_union_reads_a_row_both_ways_and_agrees_with_its_parts():
    row = tuple(range(9))
    parts = (Skyscraper(row, 2, label="from the left"), Skyscraper(row[::-1], 4, label="from the right"))
    line = union_line(Or(parts, label="either"), 9)
    assert line is not None
    for values in itertools.islice(itertools.permutations(range(1, 10)), 0, 40_000, 7):
        assert line.holds(values) == any(p.holds(values) for p in parts), values


def test_a_small_or_of_turned_sums_is_its_table_listed_from_the_union():
    """An ambiguous arrow: one sum over four cells with its circle at any of them, the
    alternatives naming the cells in turned orders. The table the rewriting lists from the
    union's words is the one Or.decompose lists by testing every assignment."""
    from sudoku_cp.model.constraints import And, Less, Linear, Table

    cells = (1, 2, 11, 9)
    arrows = tuple(
        And((Linear(cells[i:] + cells[:i], (-1, 1, 1, 1), "==", 0, label=f"circle {i}"),), label=f"arrow {i}")
        for i in range(4)
    )
    mixed = (And((Linear((3, 5), (1, 1), "<=", 6, label="low"),), label="low"), Less(5, 3, label="less"))
    assert union_line(Or(arrows, label="ambiguous arrow"), 9) is None  # no one order of the cells
    assert union_line(Or(arrows, label="ambiguous arrow"), 9, any_order=True) is not None
    for either in (Or(arrows, label="ambiguous arrow"), Or(mixed, label="mixed")):
        (table,) = rewrite_or(either, 9)
        (listed,) = either.decompose(9)
        assert isinstance(table, Table) and table.cells == listed.cells and table.allowed == listed.allowed


# -- reading ISS ------------------------------------------------------------------------------


def test_iss_cage_listing_a_cell_twice_counts_it_twice():
    rules = iss.record_from_string(".Cage~9~R1C1~R1C2~R1C1")["rules"]
    assert rules == {
        "extra_regions": [[[0, 0], [0, 1]]],
        "sums": [{"cells": [[0, 0], [0, 1]], "total": 9, "distinct": False, "coefficients": [2, 1]}],
    }


def test_iss_weighted_sum_round_trips():
    record = iss.record_from_string(".Sum~10_=_2_-1~R1C1~R1C2")
    assert record["rules"]["sums"] == [
        {"cells": [[0, 0], [0, 1]], "total": 10, "distinct": False, "coefficients": [2, -1]}
    ]
    assert iss.record_from_string(iss.write(record))["rules"] == record["rules"]


def test_iss_same_values_of_several_cells_are_equal_sets():
    rules = iss.record_from_string(".SameValues~2~R1C1~R1C2~R3C3~R3C4")["rules"]
    assert rules == {"same_values": [[[[0, 0], [0, 1]], [[2, 2], [2, 3]]]]}


def test_iss_arrow_without_a_path_is_a_weighted_sum():
    rules = iss.record_from_string(".Arrow~R2C1~R1C3~R2C3")["rules"]
    assert rules == {
        "sums": [
            {"cells": [[1, 0], [0, 2], [1, 2]], "total": 0, "distinct": False, "coefficients": [-1, 1, 1]}
        ]
    }


def test_iss_or_without_its_impossible_cage_is_the_other_alternative():
    rules = iss.record_from_string(".Or.Cage~3~R1C1~R1C2~R1C3.Lunchbox~3~R1C1~R1C2~R1C3.End")["rules"]
    assert rules == {"lunchboxes": [{"cells": [[0, 0], [0, 1], [0, 2]], "sum": 3}]}


def test_iss_jigsaw_keeps_one_region_of_another_size_as_no_piece():
    layout = "1112333" * 3 + "2222222" + "4442555" * 3
    record = iss.record_from_string(f".Shape~7x7~9.RegionSize~9.Jigsaw~{layout}")
    assert len(record["rules"]["extra_regions"]) == 4 and all(
        len(r) == 9 for r in record["rules"]["extra_regions"]
    )


def test_iss_region_same_values_and_a_0_based_pair_key():
    rules = iss.record_from_string(".Shape~6x6~9.RegionSameValues")["rules"]
    assert [len(group) for group in rules["same_values"]] == [6, 6, 6]  # rows, columns, boxes
    key = iss.table_pattern({(1, 2), (2, 1)}, 9, tuple(range(9)))
    assert key == "01|10"  # ISS's internal values 1 and 2 are the digits 0 and 1


def test_auto_falls_back_to_cpsat_on_more_digits_than_the_side():
    from sudoku_cp.backends.auto import route

    puzzle = Puzzle.from_dict(iss.record_from_string(".Shape~6x6~9.RegionSize~6"))
    plan = route(puzzle)
    assert (plan.label, plan.fallback) == ("more digits than the side", "cpsat")


def test_iss_region_sum_line_on_a_grid_without_boxes_reads_the_jigsaw_regions():
    layout = "1112211222333443344555545"  # five regions of five cells
    record = iss.record_from_string(f".Shape~5x5.RegionSumLine~R1C3~R1C4.Jigsaw~{layout}")
    assert record["rules"]["region_sum_lines"] == [[[0, 2], [0, 3]]] and "regions" in record["rules"]
