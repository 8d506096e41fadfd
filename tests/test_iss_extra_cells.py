"""ISS's extra cells (``Var``) and its doppelganger rule, read as hidden cells
(:mod:`sudoku_cp.model.extra_cells`): small strings of our own, each answer checked against
a brute force over every 4x4 grid that states the rule in plain Python, and written back."""

from __future__ import annotations

import itertools

import pytest

import sudoku_cp
from sudoku_cp import Puzzle
from sudoku_cp.errors import InvalidPuzzleError, NotSupportedError, UnsupportedRuleError
from sudoku_cp.io import iss

BOXES = [[(r, c) for r in rows for c in cols] for rows in ((0, 1), (2, 3)) for cols in ((0, 1), (2, 3))]


def grids(digits: range, zero_in_every_unit: bool = False, corner: int | None = None):
    """Every 4x4 grid with different digits of ``digits`` in each row, column and box (and
    ``corner`` in r1c1, when given); with ``zero_in_every_unit``, rows holding 0 and
    missing different digits (their sums differ)."""
    rows = [p for p in itertools.permutations(digits, 4) if not zero_in_every_unit or 0 in p]

    def extend(done: list[tuple[int, ...]]):
        if len(done) == 4:
            yield [list(r) for r in done]
            return
        for row in rows:
            if not done and corner is not None and row[0] != corner:
                continue
            trial = [*done, row]
            if zero_in_every_unit and len({sum(r) for r in trial}) < len(trial):  # rows miss one digit each
                continue
            if all(len({r[c] for r in trial}) == len(trial) for c in range(4)) and all(
                len([trial[r][c] for r, c in box if r < len(trial)])
                == len({trial[r][c] for r, c in box if r < len(trial)})
                for box in BOXES
            ):
                yield from extend(trial)

    yield from extend([])


def flat(grid) -> tuple[int, ...]:
    return tuple(v for row in grid for v in row)


# -- Var: extra cells -----------------------------------------------------------------------

LETTERS = (
    ".Shape~4x4.Var~A~Letters~2"
    ".ValueIndexing~VA1~R1C1~R2C1~R2C2~R2C3~R2C4"  # row 2's r1c1-th digit is A1
    ".Sum~0_=_1_1_-1~R4C4~VA1~VA2"  # r4c4 + A1 = A2
    ".AllDifferent~VA1~VA2~R1C1"
    ".~VA2_3_4"  # A2 is 3 or 4
)


def letters_hold(grid) -> bool:
    return any(
        grid[1][grid[0][0] - 1] == a and grid[3][3] + a == b and len({a, b, grid[0][0]}) == 3
        for a in range(1, 5)
        for b in (3, 4)
    )


def test_var_cells_are_hidden_cells_the_value_rules_name():
    record = iss.record_from_string(LETTERS)
    assert record["rules"]["extra_cells"] == ["A1", "A2"]  # named as ISS draws them (VA1, VA2)
    assert record["rules"]["elements"] == [
        {"cells": [[1, 0], [1, 1], [1, 2], [1, 3]], "index": [0, 0], "value": [4, 0]}
    ]
    puzzle = Puzzle.from_dict(record)
    assert (puzzle.model.hidden, puzzle.model.cell_count) == (2, 18)
    expected = sorted(flat(g) for g in grids(range(1, 5)) if letters_hold(g))
    assert len(expected) > 1
    for backend in ("cpsat", "auto"):
        assert sudoku_cp.solve(puzzle, backend=backend).values == expected[0]


@pytest.mark.slow
def test_a_count_counts_grids_not_the_values_of_extra_cells():
    expected = [g for g in grids(range(1, 5)) if letters_hold(g)]
    assert sudoku_cp.count_solutions(Puzzle.from_link(LETTERS), backend="cpsat") == len(expected)


def test_var_cells_are_refused_by_the_backends_without_hidden_cells():
    with pytest.raises(NotSupportedError, match="hidden cells"):
        sudoku_cp.solve(Puzzle.from_link(LETTERS), backend="sat")


def test_var_cells_write_back_as_iss_reads_them():
    record = iss.record_from_string(LETTERS)
    written = iss.write(record)
    assert written.startswith(".Shape~4x4.Var~A~~2") and "ValueIndexing~VA1~R1C1" in written
    assert iss.record_from_string(written) == record
    single = iss.record_from_string(".Var~A.Sum~10_=_1_1~R1C1~VA.~VA_2")
    assert iss.write(single).startswith(".Var~A.") and iss.record_from_string(iss.write(single)) == single
    # names ISS would number otherwise (out of its order of letters) are written as VX1..
    unordered = {**single, "rules": {**single["rules"], "extra_cells": ["B", "A"]}}
    unordered["rules"]["sums"] = [{"cells": [[0, 0], [4, 0]], "total": 10}]
    written = iss.write(unordered)
    assert written.startswith(".Var~X~~2")
    assert iss.record_from_string(written)["rules"]["extra_cells"] == ["X1", "X2"]


@pytest.mark.parametrize(
    "text, error, named",
    [
        (".Var~A~~2.WhiteDot~R1C1~VA1", UnsupportedRuleError, "ISS's WhiteDot on the extra cell VA1"),
        (".Var~A.LittleKiller~5~VA", UnsupportedRuleError, "ISS's LittleKiller on the extra cell VA"),
        (
            ".Var~A~~2.Replicate~B~R1C1.Sum~5~R1C1~VA1.End",
            UnsupportedRuleError,
            "replicated part on the extra cell",
        ),
        (".Var~A~~2.SameValues~2~VA1~VA2~R1C1~R1C2", UnsupportedRuleError, "sets of several cells"),
        (".Var~a~~2", InvalidPuzzleError, "prefix of letters A-Z"),
        (".Var~A.Var~A~~2", InvalidPuzzleError, "declared twice"),
        (".Var~A~~2.Sum~5~R1C1~VA", InvalidPuzzleError, "'VA' is no cell"),  # VA1 and VA2, no VA
        (".Doppelganger", InvalidPuzzleError, "Doppelganger needs the digits 0-9"),
    ],
)
def test_extra_cells_used_in_ways_not_modelled_are_refused_by_name(text, error, named):
    with pytest.raises(error, match=named):
        Puzzle.from_link(text)


def test_a_rule_drawn_on_the_grid_does_not_take_an_extra_cell():
    record = {"size": 4, "grid": "." * 16, "rules": {"extra_cells": 1, "thermos": [[[0, 0], [4, 0]]]}}
    with pytest.raises(InvalidPuzzleError, match=r"thermometer 1: \(4, 0\) is outside the 4x4 grid"):
        Puzzle.from_dict(record)
    chaos = {
        "size": 4,
        "box": None,
        "grid": "." * 16,
        "rules": {"extra_cells": 1, "chaos_construction": True},
    }
    with pytest.raises(UnsupportedRuleError, match="extra cells with chaos construction"):
        Puzzle.from_dict(chaos)


# -- Doppelganger ---------------------------------------------------------------------------

DOPPELGANGER = (
    ".Shape~4x4~0-4.Doppelganger"
    ".~R1C1_0"
    ".Whisper~2~DGR1~DGR2"  # the digits columns 1 and 2 miss differ by 2 or more
    ".GreaterThan~DGB1~DGB2~DGB3"  # box 1's missing digit exceeds boxes 2's and 3's (drawn 2x2)
)


def doppelganger_holds(grid) -> bool:
    """ISS's rule in words: each unit misses one of 1..4 (and holds 0), no two rows
    (columns, boxes) miss the same, and at each 0 its row, column and box miss different
    digits; then the clues above."""
    units = {
        "row": [[(r, c) for c in range(4)] for r in range(4)],
        "column": [[(r, c) for r in range(4)] for c in range(4)],
        "box": BOXES,
    }
    missing = {}
    for family, cells_of in units.items():
        for i, cells in enumerate(cells_of):
            values = {grid[r][c] for r, c in cells}
            if 0 not in values:
                return False
            (missing[family, i],) = set(range(1, 5)) - values
        if len({missing[family, i] for i in range(4)}) < 4:
            return False
    for r, c in itertools.product(range(4), repeat=2):
        if grid[r][c] == 0:
            box = (r // 2) * 2 + c // 2
            if len({missing["row", r], missing["column", c], missing["box", box]}) < 3:
                return False
    return (
        grid[0][0] == 0
        and abs(missing["column", 0] - missing["column", 1]) >= 2
        and missing["box", 0] > missing["box", 1]
        and missing["box", 0] > missing["box", 2]
    )


def test_doppelganger_reads_iss_rule_and_its_cells():
    record = iss.record_from_string(DOPPELGANGER)
    assert record["digits"] == [0, 1, 2, 3, 4] and record["rules"]["extra_cells"] == 12
    rule = record["rules"]["doppelganger"]  # ISS's groups in order: DGB, DGC (rows), DGR (columns)
    assert rule["boxes"][0] == [4, 0] and rule["rows"][0] == [5, 0] and rule["columns"][0] == [6, 0]
    assert record["rules"]["relations"][-1] == {
        "pairs": [[[4, 0], [4, 1]], [[4, 0], [4, 2]]],
        "predicate": "a>b",
    }
    expected = sorted(
        flat(g) for g in grids(range(5), zero_in_every_unit=True, corner=0) if doppelganger_holds(g)
    )
    assert len(expected) > 1
    assert sudoku_cp.solve(Puzzle.from_dict(record), backend="cpsat").values == expected[0]


def test_doppelganger_writes_back():
    record = iss.record_from_string(".Shape~4x4~0-4.Doppelganger.~R1C1_0.Sum~5_=_1_1~DGC1~DGR4")
    written = iss.write(record)
    assert ".Doppelganger" in written and "Sum~5_=_1_1~DGC1~DGR4" in written and ".Var" not in written
    assert iss.record_from_string(written) == record


def _proper(link: str, expected: list[tuple[int, ...]], digits: range) -> tuple[str, tuple[int, ...]]:
    """``link`` with givens of ``expected[0]`` (cells in order, each that rules out
    another grid) until it is the only grid of ``expected`` left, and that grid."""
    chosen, left, added = expected[0], expected[1:], []
    for cell, value in enumerate(chosen):
        if not left:
            break
        if any(g[cell] != value for g in left):
            left = [g for g in left if g[cell] == value]
            added.append(f"R{cell // 4 + 1}C{cell % 4 + 1}_{digits[value - digits[0]]}")
    return link + ".~" + "~".join(added), chosen


def _explained_to_the_end(puzzle: Puzzle, grid: tuple[int, ...], hidden: tuple[int, ...]) -> list[str]:
    """``puzzle`` explained to the end: every cell settled, extra cells included; the grid
    the brute force's; each step's placements and removals agreeing with the whole
    solution (the grid, then ``hidden``: each extra cell's value by the rule in plain
    Python, as positions); the names of the extra cells placed, in order."""
    path = sudoku_cp.explain(puzzle)
    assert path.solved and path.grid.values == grid
    assert all(len(values) == 1 for values in path.candidates)  # the extra cells settled too
    whole = [*(puzzle.model.cell_at(r, c) for r in range(4) for c in range(4))]
    values = dict(zip(whole, path.solution.cells, strict=True))
    values.update({16 + k: v for k, v in enumerate(hidden)})
    named = []
    for step in path:
        assert not any(f"r{row}c" in str(step) for row in range(5, 10))  # no coordinates past the grid
        for row, column, value in step.placements:
            assert values[puzzle.model.cell_at(row, column)] == value
            if row >= 4:
                named.append(step._name((row, column)))
                assert named[-1] in str(step) and f"r{row + 1}c" not in str(step)
        for row, column, value in step.eliminations:
            assert values[puzzle.model.cell_at(row, column)] != value
    return named


def test_extra_cells_are_explained_to_the_end_by_name():
    expected = sorted(flat(g) for g in grids(range(1, 5)) if letters_hold(g))
    link, grid = _proper(LETTERS, expected, range(1, 5))
    puzzle = Puzzle.from_link(link)
    a1 = grid[4 + grid[0] - 1]  # row 2's r1c1-th digit
    named = _explained_to_the_end(puzzle, grid, (a1, grid[15] + a1))
    assert sorted(named) == ["A1", "A2"]  # ISS's Var cells VA1, VA2, as drawn


def test_doppelganger_cells_are_explained_to_the_end_by_the_unit_they_complete():
    expected = sorted(
        flat(g) for g in grids(range(5), zero_in_every_unit=True, corner=0) if doppelganger_holds(g)
    )
    link, grid = _proper(DOPPELGANGER, expected, range(5))
    puzzle = Puzzle.from_link(link)
    rows = [[grid[4 * r + c] for c in range(4)] for r in range(4)]
    missing = {
        family: [({1, 2, 3, 4} - {rows[r][c] for r, c in cells}).pop() + 1 for cells in units]  # as positions
        for family, units in (
            ("box", BOXES),
            ("row", [[(r, c) for c in range(4)] for r in range(4)]),
            ("column", [[(r, c) for r in range(4)] for c in range(4)]),
        )
    }
    named = _explained_to_the_end(puzzle, grid, tuple(missing["box"] + missing["row"] + missing["column"]))
    assert "row 1's missing digit" in named and len(named) == 12


def test_cages_and_thermometers_through_extra_cells_are_sums_and_relations():
    rules = iss.record_from_string(".Var~A~~2.Cage~6~R1C1~VA1.Thermo~VA2~R1C2~R1C3")["rules"]
    assert rules["sums"] == [{"cells": [[0, 0], [9, 0]], "total": 6, "distinct": True}]
    assert rules["relations"] == [{"pairs": [[[9, 1], [0, 1]], [[0, 1], [0, 2]]], "predicate": "a<b"}]
    assert "cages" not in rules and "thermos" not in rules


def test_an_alternative_may_name_extra_cells():
    text = ".Shape~4x4.Var~A.~VA_1.Or.Sum~4_=_1_1~R1C1~VA.Sum~5_=_1_1~R1C1~VA.End"  # r1c1 is 3 or 4
    rules = iss.record_from_string(text)["rules"]
    assert len(rules["either"][0]["any"]) == 2
    expected = sorted(flat(g) for g in grids(range(1, 5)) if g[0][0] in (3, 4))
    assert sudoku_cp.solve(Puzzle.from_link(text), backend="cpsat").values == expected[0]
    with pytest.raises(InvalidPuzzleError, match=r"thermometer 1: \(4, 0\) is outside the 4x4 grid"):
        Puzzle.from_dict(
            {
                "size": 4,
                "grid": "." * 16,
                "rules": {"extra_cells": 1, "either": [{"any": [{"thermos": [[[0, 0], [4, 0]]]}]}]},
            }
        )


@pytest.mark.parametrize(
    "value, message",
    [
        (["A", "A"], "a name is given twice"),
        (["r1c1"], "'r1c1' is no name"),
        (2.5, "a count of cells, not 2.5"),
    ],
)
def test_extra_cell_names_are_checked(value, message):
    record = {"size": 4, "grid": "." * 16, "rules": {"extra_cells": value}}
    with pytest.raises(InvalidPuzzleError, match=message):
        sudoku_cp.solve(record)


def test_a_malformed_count_of_extra_cells_is_named_beside_other_rules():
    # found by tests/test_fuzz_readers.py: the count was summed before its rule was checked
    record = {"size": 4, "grid": "." * 16, "rules": {"anti_taxicab": [], "extra_cells": [[0, 0]]}}
    with pytest.raises(InvalidPuzzleError, match=r"rules\.extra_cells: \[0, 0\] is no name of a cell"):
        sudoku_cp.solve(record)


def test_a_digit_with_one_place_in_a_unit_and_its_missing_digit_reads_as_a_hidden_single():
    from sudoku_cp.reasoning.techniques.basic import required_digits
    from sudoku_cp.reasoning.techniques.board import Board

    board = Board(Puzzle.from_link(".Shape~4x4~0-4.Doppelganger").model)
    candidates = board.initial()
    for cell in range(4):  # 1 (position 2) leaves row 1's cells: only its missing digit can hold it
        candidates[cell] &= ~0b10
    found = required_digits(board, candidates, set())
    found = [d for d in found if d.constraints[0].label.startswith("row 1")]
    (holder, value), *_ = found[0].placements
    assert board.model.cell_name(holder) == "row 1's missing digit" and board.digit(value) == 1
    assert found[0].reason == "the only place for 1 in row 1 and its missing digit"
