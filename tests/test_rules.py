"""Rules as data: the Puzzle value, what each rule compiles to, the JSON form, and the
errors for rules that do not fit the grid or givens that break them."""

from __future__ import annotations

import json

import pytest
from independent import lexmin as independent_lexmin

import sudoku_cp
from sudoku_cp import Grid, InvalidPuzzleError, Puzzle, load_puzzles
from sudoku_cp.model.constraints import AllDifferent, Less, Relation, Sum, ValueIn
from sudoku_cp.model.rules import (
    AntiKing,
    AntiKnight,
    Cage,
    Diagonals,
    EvenOdd,
    GreaterThan,
    Jigsaw,
    Killer,
    Kropki,
    Thermo,
    Windows,
)

EMPTY9 = Grid.empty(9)


def kinds(puzzle: Puzzle) -> dict[str, int]:
    counts: dict[str, int] = {}
    for constraint in puzzle.model.constraints:
        counts[type(constraint).__name__] = counts.get(type(constraint).__name__, 0) + 1
    return counts


# -- the Puzzle value ----------------------------------------------------------------------------


def test_a_puzzle_is_hashable_and_equal_by_value():
    a = Puzzle(EMPTY9, (Diagonals(),))
    b = Puzzle(Grid.empty(9), [Diagonals()])
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Puzzle(EMPTY9)
    with pytest.raises(AttributeError):
        a.rules = ()  # type: ignore[misc]


def test_classic_inputs_mean_classic_rules():
    grid = sudoku_cp.datasets.load("easy50")[0]
    assert Puzzle(grid).is_classic
    assert kinds(Puzzle(grid)) == {"AllDifferent": 27}
    assert sudoku_cp.solve(grid) == sudoku_cp.solve(Puzzle(grid)) == sudoku_cp.solve(grid.to_string())


@pytest.mark.parametrize(
    "rule, expected",
    [
        (Diagonals(), {"AllDifferent": 29}),
        (Windows(), {"AllDifferent": 31}),
        (Killer([Cage([(0, 0), (0, 1)], 3), Cage([(8, 8)], 9)]), {"AllDifferent": 28, "Sum": 2}),
        (Thermo([[(0, 0), (0, 1), (1, 2)]]), {"AllDifferent": 27, "Less": 2}),
        (GreaterThan([((0, 0), (1, 0))]), {"AllDifferent": 27, "Less": 1}),
        (AntiKnight(), {"AllDifferent": 27 + 2 * 7 * 8 * 2}),
        (AntiKing(), {"AllDifferent": 27 + 2 * 8 * 8}),
        (EvenOdd(even=[(0, 0)], odd=[(1, 1), (2, 2)]), {"AllDifferent": 27, "ValueIn": 3}),
        (Kropki(white=[((0, 0), (0, 1))], black=[((1, 0), (1, 1))]), {"AllDifferent": 27, "Relation": 2}),
        (Kropki.consecutive([((0, 0), (0, 1))]), {"AllDifferent": 27, "Relation": 144}),
    ],
    ids=lambda x: type(x).__name__ if not isinstance(x, dict) else "",
)
def test_each_rule_compiles_to_the_vocabulary(rule, expected):
    assert kinds(Puzzle(EMPTY9, (rule,))) == expected


def test_jigsaw_regions_replace_the_boxes():
    regions = "".join("abcdefghi"[r] for r in range(9) for _ in range(9))  # rows as regions
    puzzle = Puzzle(Grid.empty(9, box=None), (Jigsaw(regions),))
    assert len(puzzle.model.units) == 27  # rows, columns and the nine regions
    assert Jigsaw.from_cells([[(r, c) for c in range(9)] for r in range(9)]) == Jigsaw(regions)


def test_a_latin_square_has_rows_and_columns_only():
    puzzle = Puzzle(Grid.empty(5, box=None))
    assert kinds(puzzle) == {"AllDifferent": 10}
    assert sudoku_cp.solve(puzzle).to_string() == independent_lexmin(
        {"size": 5, "box": None, "grid": "." * 25}
    )


def test_the_relations_mean_what_the_rules_say():
    white, black = Puzzle(
        EMPTY9, (Kropki(white=[((0, 0), (0, 1))], black=[((1, 0), (1, 1))]),)
    ).model.of_kind(Relation)
    assert (4, 5) in white.allowed and (5, 4) in white.allowed and (4, 6) not in white.allowed
    assert (3, 6) in black.allowed and (6, 3) in black.allowed and (3, 4) not in black.allowed
    (negative, *_) = Puzzle(EMPTY9, (Kropki.consecutive([((0, 0), (0, 1))]),)).model.of_kind(Relation)[1:]
    assert (4, 5) not in negative.allowed and (4, 6) in negative.allowed
    (odd,) = Puzzle(EMPTY9, (EvenOdd(odd=[(0, 0)]),)).model.of_kind(ValueIn)
    assert odd.values == {1, 3, 5, 7, 9}
    (less,) = Puzzle(EMPTY9, (GreaterThan([((0, 0), (1, 0))]),)).model.of_kind(Less)
    assert (less.first, less.second) == (0, 9)
    (cage_sum,) = Puzzle(EMPTY9, (Killer([Cage([(0, 0), (0, 1)], 3)]),)).model.of_kind(Sum)
    assert (cage_sum.cells, cage_sum.total) == ((0, 1), 3)
    assert isinstance(Puzzle(EMPTY9, (AntiKnight(),)).model.constraints[-1], AllDifferent)


# -- errors that name what and where --------------------------------------------------------------


def jigsaw_rows(first_row: str) -> str:
    return first_row + "".join("abcdefghi"[r] for r in range(1, 9) for _ in range(9))


@pytest.mark.parametrize(
    "grid, rules, message",
    [
        (
            Grid.empty(9, box=None),
            (Jigsaw(jigsaw_rows("aaaaaaaab")),),
            r"region 1 \('a', from r1c1\) has 8 cells",
        ),
        (Grid.empty(9, box=None), (Jigsaw("a" * 80),), r"regions: 80 labels for a 9x9 grid, which needs 81"),
        (EMPTY9, (Jigsaw(jigsaw_rows("aaaaaaaaa")),), r"jigsaw regions replace the boxes"),
        (EMPTY9, (Killer([Cage([(0, 0), (0, 1)], 3), Cage([(0, 1)], 2)]),), r"r1c2 is in cage 1 and cage 2"),
        (
            EMPTY9,
            (Killer([Cage([(0, 0), (0, 1)], 18)]),),
            r"cage 1 \(at r1c1\): no 2 different digits of 1..9",
        ),
        (EMPTY9, (Killer([Cage([(0, 0)], 0)]),), r"cage 1 \(at r1c1\): no 1 different digits"),
        (EMPTY9, (Killer([Cage([(0, 0), (9, 0)], 5)]),), r"cage 1: \(9, 0\) is outside the 9x9 grid"),
        (EMPTY9, (Thermo([[(0, 0), (2, 0)]]),), r"thermometer 1: r1c1 and r3c1 are not neighbours"),
        (EMPTY9, (Thermo([[(0, 0)]]),), r"thermometer 1 needs a bulb and at least one more cell"),
        (EMPTY9, (Kropki(white=[((0, 0), (1, 1))]),), r"dot 1: r1c1 and r2c2 are not orthogonal neighbours"),
        (EMPTY9, (GreaterThan([((0, 0), (0, 2))]),), r"inequality 1: r1c1 and r1c3 are not orthogonal"),
        (EMPTY9, (Windows([(7, 7)]),), r"window 1 at r8c8 leaves the grid"),
        (Grid.empty(9, box=None), (Windows(),), r"windows are box-shaped: the puzzle needs a box shape"),
        (EMPTY9, (EvenOdd(even=[(0, 0)], odd=[(0, 0)]),), r"r1c1 is marked both even and odd"),
        (EMPTY9, (Diagonals(), Diagonals()), r"two Diagonals rules"),
    ],
)
def test_rules_that_do_not_fit_name_what_and_where(grid, rules, message):
    with pytest.raises(InvalidPuzzleError, match=message):
        Puzzle(grid, rules)


@pytest.mark.parametrize(
    "cells, rule, message",
    [
        ({0: 5, 30: 5}, Diagonals(), r"the main diagonal has two 5s: r1c1 and r4c4"),
        ({20: 5}, EvenOdd(even=[(2, 2)]), r"even cell r3c3: r3c3=5 is not allowed there"),
        (
            {0: 8, 1: 7, 2: 2},  # every cell given, the wrong sum
            Killer([Cage([(0, 0), (0, 1), (0, 2)], 16)]),
            r"cage 1 \(sum 16, at r1c1\): its givens add up to 17, the sum is 16",
        ),
        (
            {0: 9, 1: 8},
            Killer([Cage([(0, 0), (0, 1), (0, 2)], 12)]),
            r"its givens add up to 17, the sum is 12",
        ),
        ({0: 5, 1: 3}, Thermo([[(0, 0), (0, 1)]]), r"r1c1=5 must be less than r1c2=3"),
        (
            {0: 5, 1: 7},
            Kropki(white=[((0, 0), (0, 1))]),
            r"white dot r1c1-r1c2: .* \(they must differ by 1\)",
        ),
        ({2: 5, 13: 5}, AntiKnight(), r"anti-knight r1c3-r2c5 has two 5s"),
    ],
)
def test_givens_that_break_a_rule_are_refused(cells, rule, message):
    grid = Grid([cells.get(i, 0) for i in range(81)])
    with pytest.raises(InvalidPuzzleError, match=message):
        Puzzle(grid, (rule,))


# -- JSON ------------------------------------------------------------------------------------------


def killer_x() -> Puzzle:
    cages = [Cage([(0, 0), (0, 1)], 3), Cage([(8, 7), (8, 8)], 17)]
    return Puzzle(EMPTY9, (Diagonals(), Killer(cages)), {"id": "example"})


def test_json_round_trips_with_metadata():
    puzzle = killer_x()
    record = json.loads(puzzle.to_json())
    assert record == {
        "id": "example",
        "size": 9,
        "box": [3, 3],
        "grid": "." * 81,
        "rules": {"diagonals": True, "cages": [{"sum": 3, "cells": [[0, 0], [0, 1]]},
                                               {"sum": 17, "cells": [[8, 7], [8, 8]]}]},
    }  # fmt: skip
    again = Puzzle.from_dict(record)
    assert again == puzzle and again.metadata == {"id": "example"}


def test_every_rule_round_trips_through_json():
    rules = (
        Windows(),
        Thermo([[(0, 0), (0, 1)]]),
        GreaterThan([((3, 3), (3, 4))]),
        AntiKnight(),
        AntiKing(),
        EvenOdd(even=[(5, 5)], odd=[(6, 6)]),
        Kropki(
            white=[((0, 3), (0, 4))], black=[((1, 3), (1, 4))], all_white_given=True, all_black_given=True
        ),
    )
    puzzle = Puzzle(EMPTY9, rules)
    assert Puzzle.from_dict(json.loads(puzzle.to_json())) == puzzle


def test_records_without_box_get_the_usual_boxes_and_null_means_none():
    assert Puzzle.from_dict({"size": 6, "grid": "." * 36}).box == (2, 3)
    assert Puzzle.from_dict({"size": 6, "box": None, "grid": "." * 36}).box is None


@pytest.mark.parametrize(
    "record, message",
    [
        (
            {"size": 9, "grid": "." * 81, "rules": {"sandwich": []}},
            r"unknown rule 'sandwich'; known rules: diagonals",
        ),
        ({"size": 9}, r"the puzzle record has no 'grid'"),
        ({"size": 4, "grid": "." * 81}, r"'size' is 4 but the grid is 9x9"),
        (
            {"size": 9, "grid": "." * 81, "rules": {"cages": [{"cells": [[0, 0]], "total": 3}]}},
            r"each cage needs 'cells', a 'sum' unless it has no total",
        ),
        ([1, 2], r"a puzzle record is a JSON object, not list"),
    ],
)
def test_malformed_records_are_refused(record, message):
    with pytest.raises(InvalidPuzzleError, match=message):
        Puzzle.from_dict(record)


def test_load_puzzles_reads_one_record_or_a_list(tmp_path):
    one = tmp_path / "one.json"
    one.write_text(killer_x().to_json())
    assert load_puzzles(one) == [killer_x()]
    many = tmp_path / "many.json"
    many.write_text(json.dumps([killer_x().to_dict(), {"size": 4, "grid": "." * 16}]))
    assert [p.side for p in load_puzzles(many)] == [9, 4]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"size": 4, "grid": "." * 16}, {"id": "x7", "grid": "5" * 81}]))
    with pytest.raises(InvalidPuzzleError, match=r"bad.json: record 1 \(id 'x7'\): row 1 has two 5s"):
        load_puzzles(bad)
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(InvalidPuzzleError, match=r"broken.json: not valid JSON"):
        load_puzzles(broken)


def test_solve_takes_a_record_and_json_text():
    record = killer_x().to_dict()
    expected = sudoku_cp.solve(killer_x())
    assert sudoku_cp.solve(record) == sudoku_cp.solve(json.dumps(record)) == expected
    assert killer_x().is_solved_by(expected)


def test_cli_solves_each_record_of_a_json_file(tmp_path):
    from sudoku_cp.cli import main

    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps([killer_x().to_dict(), {"size": 4, "grid": "." * 16}]))
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["solve", str(path)])
    assert code == 0
    assert out.getvalue().split() == [sudoku_cp.solve(killer_x()).to_string(), "1234341221434321"]
