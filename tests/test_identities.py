"""Identities are data (issue 18): every constraint carries a typed origin, its label is only
words. A puzzle whose labels are all renamed (origins intact) gets the same explanations,
grades and pictures; no module reads a label back."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from sudoku_cp import Grid, Puzzle, datasets, explain, grade
from sudoku_cp.model.constraints import (
    AllDifferent,
    Less,
    Model,
    Origin,
    OriginKind,
    Relation,
    Sum,
    ValueIn,
)
from sudoku_cp.model.rules import Cage, Diagonals, EvenOdd, Jigsaw, Killer, Kropki, Thermo, Windows

PACKAGE = Path(__file__).parent.parent / "sudoku_cp"
CASES_FILE = Path(__file__).parent / "data" / "variant_cases.json"
VARIANT_CASES = {c["tag"]: c for c in json.loads(CASES_FILE.read_text())}


def _renamed(puzzle: Puzzle) -> Puzzle:
    """The same puzzle whose model's constraints all carry meaningless labels (reversed,
    upper-cased, numbered: no label starts with "row ", "cage"...); origins untouched."""
    copy = Puzzle(puzzle.grid, puzzle.rules)
    model = puzzle.model
    constraints = tuple(
        dataclasses.replace(c, label=f"#{i} {c.label.upper()[::-1]}") for i, c in enumerate(model.constraints)
    )
    copy.__dict__["model"] = Model(model.side, model.givens, constraints)  # the cached_property's slot
    pairs = zip(model.constraints, copy.model.constraints, strict=True)
    assert all(a.label != b.label and a == b for a, b in pairs)
    return copy


def _puzzles() -> dict[str, Puzzle]:
    return {
        "classic": Puzzle(Grid.parse(datasets.load("hardest")[8])),  # needs an X-Wing
        "killer": datasets.load("gen_killer")[0],
        "thermo": datasets.load("gen_thermo")[0],
        "jigsaw": datasets.load("gen_jigsaw")[0],
        "kropki": Puzzle.from_dict(VARIANT_CASES["kropki6x6-8g"]),
        "kropki-negative": Puzzle.from_dict(VARIANT_CASES["kropki6x6-negative-4g"]),
    }


def _without_words(step):
    """A step's content: everything but ``units``, the labels in words."""
    return dataclasses.replace(step, units=())


@pytest.mark.parametrize("name", list(_puzzles()))
def test_renamed_labels_give_the_same_explanations_grades_and_pictures(name):
    puzzle = _puzzles()[name]
    if not isinstance(puzzle, Puzzle):
        puzzle = Puzzle(puzzle)
    renamed = _renamed(puzzle)
    path, renamed_path = explain(puzzle), explain(renamed)
    assert len(path) > 0
    assert [_without_words(s) for s in path] == [_without_words(s) for s in renamed_path]
    assert {s.technique for s in path} == {s.technique for s in renamed_path}
    # the words are the labels: the renamed ones, never the originals
    labels = {c.label for c in renamed.model.constraints}
    assert all(set(step.units) <= labels for step in renamed_path)
    assert grade(puzzle) == grade(renamed) and str(grade(puzzle)) == str(grade(renamed))
    assert puzzle.to_svg() == renamed.to_svg()
    for index in sorted({0, len(path) // 2, len(path) - 1}):
        assert path.to_svg(index) == renamed_path.to_svg(index)


def test_every_rule_emits_typed_origins_and_the_labels_of_old():
    side = 9
    puzzle = Puzzle(
        Grid.empty(side),
        (
            Diagonals(),
            Windows(),
            Killer([Cage([(0, 0), (0, 1)], 3)]),
            Thermo([[(8, 0), (8, 1), (7, 2)]]),
            EvenOdd(even=[(4, 4)], odd=[(4, 5)]),
            Kropki(white=[((6, 6), (6, 7))], black=[((7, 7), (7, 8))], all_black_given=True),
        ),
    )
    labels = {c.origin.kind: c.label for c in puzzle.model.constraints}
    assert labels[OriginKind.ROW] == "row 9" and labels[OriginKind.COLUMN] == "column 9"
    assert labels[OriginKind.BOX] == "box 9 (rows 7-9, columns 7-9)"
    assert labels[OriginKind.DIAGONAL] == "the main diagonal"
    assert labels[OriginKind.ANTI_DIAGONAL] == "the anti-diagonal"
    assert labels[OriginKind.WINDOW] == "window 4 (rows 6-8, columns 6-8)"
    assert labels[OriginKind.CAGE] == "cage 1 (sum 3, at r1c1)"
    assert labels[OriginKind.THERMOMETER] == "thermometer 1 (bulb r9c1)"
    assert labels[OriginKind.EVEN] == "even cell r5c5" and labels[OriginKind.ODD] == "odd cell r5c6"
    assert labels[OriginKind.WHITE_DOT] == "white dot r7c7-r7c8"
    assert labels[OriginKind.BLACK_DOT] == "black dot r8c8-r8c9"
    assert labels[OriginKind.NO_BLACK_DOT] == "no black dot r9c8-r9c9"
    cage = [c for c in puzzle.model.constraints if c.origin.kind is OriginKind.CAGE]
    assert [type(c) for c in cage] == [AllDifferent, Sum] and cage[0].origin == cage[1].origin
    assert cage[0].origin.total == 3 and cage[0].origin.number == 1 and cage[0].origin.cells == ((0, 0),)
    rows = [c for c in puzzle.model.constraints if c.origin.kind is OriginKind.ROW]
    assert [r.origin.index for r in rows] == list(range(side))
    jigsaw = Puzzle(Grid.empty(4, box=None), (Jigsaw("aabbaabbccddccdd"),))
    regions = [c for c in jigsaw.model.constraints if c.origin.kind is OriginKind.REGION]
    assert [r.label for r in regions] == ["region 1 (from r1c1)", "region 2 (from r1c3)"] + [
        "region 3 (from r3c1)",
        "region 4 (from r3c3)",
    ]


def test_a_constraint_built_with_a_label_string_gets_a_custom_origin():
    constraints = [
        AllDifferent((0, 1), origin="mine"),
        Sum((0, 1), 3, origin="mine"),
        Less(0, 1, origin="mine"),
        Relation(0, 1, frozenset({(1, 2)}), origin="mine", meaning="be 1 then 2"),
        ValueIn(0, frozenset({1}), origin="mine"),
    ]
    for constraint in constraints:
        assert constraint.origin == Origin.custom("mine") and constraint.label == "mine"
    assert AllDifferent((0, 1), origin="a") != AllDifferent((0, 1), origin="b")
    assert Relation(0, 1, frozenset(), origin="x", meaning="say").meaning == "say"
    with pytest.raises(TypeError, match="origin"):
        AllDifferent((0, 1), origin=3)


def test_a_renamed_label_does_not_change_equality():
    row = AllDifferent((0, 1, 2, 3), origin=Origin(OriginKind.ROW, 1))
    assert dataclasses.replace(row, label="anything") == row
    assert hash(dataclasses.replace(row, label="anything")) == hash(row)


_LABEL_READS = re.compile(
    r"label\s*\.\s*(startswith|endswith|split|removeprefix|partition|index|find)|label\s*\[|\" of \""
)


def test_no_module_reads_a_label_back():
    offenders = [
        f"{path.relative_to(PACKAGE.parent)}:{number}: {line.strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if _LABEL_READS.search(line)
    ]
    assert not offenders, "\n".join(offenders)


def test_a_count_of_givens_is_given_count_and_givens_are_digits_elsewhere():
    grid = Grid.parse("1.3.34..2..1.1..")
    assert grid.given_count == grid.givens == 7 == Puzzle(grid).given_count == Puzzle(grid).givens
    assert Puzzle(grid).model.givens == grid.cells  # the digits, row-major


def test_a_label_can_be_given_by_keyword_and_is_worded_only_when_read():
    assert AllDifferent((0, 1), label="mine").origin == Origin.custom("mine")
    with pytest.raises(TypeError, match="origin or a label"):
        Sum((0, 1), 3)
    thermo = Less(0, 1, origin=Origin(OriginKind.THERMOMETER, 2, ((0, 0),)))
    assert "label" not in thermo.origin.__dict__  # not worded yet
    assert thermo.label == "thermometer 2 (bulb r1c1)"
    assert repr(thermo).endswith("label='thermometer 2 (bulb r1c1)')")
