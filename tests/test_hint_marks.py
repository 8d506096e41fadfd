"""Hints for a person at the board: the pencil marks are diagnosed (a needed candidate
removed, a wrong digit filled, a filled cell whose digit is still pencilled in its
peers) without any message revealing a solution digit, and hints come in graded levels
(technique, house, cells, the step)."""

from __future__ import annotations

import random
import re

import pytest
from test_cli import run

from sudoku_cp import MarksExcludeSolutionError, NoSolutionError, SudokuError, datasets, explain, hint
from sudoku_cp.cli import EXIT_NO_SOLUTION, EXIT_SOLVED

PUZZLES = datasets.load("top95")[:3] + datasets.load("hardest")[:2]


@pytest.fixture(scope="module")
def paths():
    return [explain(p) for p in PUZZLES]


def grid_text(digits) -> str:
    return "".join(str(v) if v else "." for v in digits)


def labels_of(puzzle) -> list[str]:
    return sorted({u.label for u in puzzle.model.units}, key=len, reverse=True)


def digits_left(text: str, puzzle) -> str:
    """The digits of ``text`` once house labels and cell names are taken out: a message
    that names no digit has none left."""
    for label in labels_of(puzzle):
        text = text.replace(label, "")
    return "".join(re.findall(r"\d", re.sub(r"r\d+c\d+", "", text)))


def states(path, rng, count=4):
    span = range(
        max(1, len(path) - 10)
    )  # not the last steps: marks with one candidate a cell count as solved
    for index in sorted(rng.sample(span, min(count, len(span)))):
        digits, candidates = path.state(index)
        yield index, list(digits), [list(c) for c in candidates]


def test_a_removed_needed_candidate_is_named_by_house_only(paths):
    rng = random.Random(1)
    checked = 0
    for path in paths:
        solution = path.solution.cells
        for _, digits, marks in states(path, rng):
            open_cells = [c for c, m in enumerate(marks) if len(m) >= 2]
            for cell in rng.sample(open_cells, min(3, len(open_cells))):
                wrong = [list(m) for m in marks]
                wrong[cell].remove(solution[cell])
                with pytest.raises(MarksExcludeSolutionError) as caught:
                    hint(grid_text(digits), candidates=wrong)
                error = caught.value
                assert isinstance(error, NoSolutionError)
                assert digits_left(str(error), path.puzzle) == "", str(error)
                if error.house is not None:
                    unit = next(u for u in path.puzzle.model.units if u.label == error.house)
                    assert cell in unit.cells  # the house holds the wrong removal
                checked += 1
    assert checked >= 30


def test_a_wrong_digit_filled_is_pointed_out_without_the_answer(paths):
    rng = random.Random(2)
    for path in paths:
        solution = path.solution.cells
        _, digits, marks = next(states(path, rng, 1))
        cell = next(c for c, m in enumerate(marks) if len(m) >= 2)
        wrong_value = next(v for v in marks[cell] if v != solution[cell])
        marks[cell] = [wrong_value]
        with pytest.raises(MarksExcludeSolutionError) as caught:
            hint(grid_text(digits), candidates=marks)
        assert digits_left(str(caught.value), path.puzzle) == ""


def test_a_house_with_one_removed_candidate_is_not_named():
    # one needed candidate removed, nothing else: naming its row, column or box would name it
    path = explain(PUZZLES[0])
    digits, marks = path.state(0)
    marks = [list(m) for m in marks]
    cell = next(c for c, m in enumerate(marks) if len(m) >= 2)
    marks[cell].remove(path.solution.cells[cell])
    with pytest.raises(MarksExcludeSolutionError) as caught:
        hint(PUZZLES[0], candidates=marks)
    assert caught.value.house is None and caught.value.wrong == 1
    assert digits_left(str(caught.value), path.puzzle) == ""


def test_a_filled_cell_with_stale_marks_asks_for_an_update(paths):
    path = paths[0]
    index = len(path) // 2
    digits, marks = path.state(index)
    marks = [list(m) for m in marks]
    solution = path.solution.cells
    cell = next(c for c, m in enumerate(marks) if len(m) >= 3)
    filled = list(digits)
    filled[cell] = solution[cell]  # the person wrote the digit but left the marks of its peers
    step = hint(grid_text(filled), candidates=marks)
    assert step.technique == "marks to update"
    assert not step.placements
    row, column = divmod(cell, 9)
    assert step.cells == ((row, column),)
    assert {v for _, _, v in step.eliminations} == {solution[cell]}
    peers = {divmod(p, 9) for p in path.puzzle.model.peers[cell]}
    assert {(r, c) for r, c, _ in step.eliminations} <= peers
    assert "naked single" not in str(step)  # the filled cell is not announced again
    assert hint(grid_text(filled), candidates=marks, level=1).startswith("Some pencil marks need updating")


def test_graded_levels_name_no_digit_before_the_last(paths):
    rng = random.Random(3)
    for path in paths:
        for _, digits, marks in states(path, rng, 3):
            texts = [hint(grid_text(digits), candidates=marks, level=level) for level in (1, 2, 3, 4)]
            step = hint(grid_text(digits), candidates=marks)
            assert texts[3] == str(step)
            assert texts[0].startswith("Next technique: ")
            assert texts[1].startswith(texts[0][:-1]) and texts[2].startswith(texts[1][:-1])
            for text in texts[:3]:
                assert digits_left(text, path.puzzle) == "", text


@pytest.mark.parametrize("bad", [0, 5, "2", True])
def test_bad_levels(bad):
    with pytest.raises(SudokuError, match="level"):
        hint(PUZZLES[0], level=bad)


def test_cli_hint_level_and_diagnosis(tmp_path):
    path = explain(PUZZLES[0])
    code, out, _ = run(["hint", "--level", "1", PUZZLES[0].to_string()])
    assert code == EXIT_SOLVED and out.startswith("Next technique: ")
    digits, marks = path.state(3)
    marks = [list(m) for m in marks]
    cell = next(c for c, m in enumerate(marks) if len(m) >= 2)
    marks[cell].remove(path.solution.cells[cell])
    text = "\n".join(" ".join("".join(map(str, m)) for m in marks[r * 9 : r * 9 + 9]) for r in range(9))
    file = tmp_path / "marks.txt"
    file.write_text(text + "\n")
    code, _, err = run(["hint", "-c", str(file), PUZZLES[0].to_string()])
    assert code == EXIT_NO_SOLUTION and "a candidate you removed" in err
    assert digits_left(err.replace("sudoku-cp:", ""), path.puzzle) == ""
