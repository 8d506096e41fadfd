"""Rules-text sentences of held-out published puzzles (issue 31, ``links_corpus.py --holdout``)
that the reader refused though they state nothing new: each is read faithfully now, and
the sentences that look like them but change a rule are still refused."""

from __future__ import annotations

import json

import lzstring
import pytest

import sudoku_cp
from sudoku_cp.errors import UnsupportedRuleError
from sudoku_cp.io.account import read_sentence

LZ = lzstring.LZString()

SOLUTION_4X4 = "1234341221434321"


def fpuzzles_4x4(ruleset: str) -> str:
    """An f-puzzles link of a 4x4 classic with six givens (unique: ``SOLUTION_4X4``)."""
    givens = "1.....12.1....2."
    grid = [
        [{"value": int(ch), "given": True} if ch != "." else {} for ch in givens[r * 4 : r * 4 + 4]]
        for r in range(4)
    ]
    data = {"size": 4, "title": "Held-out phrasings", "ruleset": ruleset, "grid": grid}
    return "https://f-puzzles.com/?load=" + LZ.compressToBase64(json.dumps(data))


@pytest.mark.parametrize(
    "sentence, drawn, side, expected",
    [
        ("+ Normal sudoku rules apply.", {}, 9, "standard"),  # a '+' bullet (SudokuSolver tests)
        ("Apply normal sudoku rules.", {}, 9, "standard"),
        (
            "-Default sudoku rules apply: In every row, column and box, all digits from 1 to 6 "
            "have to appear exactly once.",
            {},
            6,
            "standard",
        ),
        ("Some digits are already given.", {}, 9, "cosmetic"),
        ("Not all dots given.", {"white": [1]}, 9, "cosmetic"),
        (
            "Standard Kropki (no negative constraint): Digits separated by a white dot are consecutive.",
            {"white": [1]},
            9,
            "explains",
        ),
        ("Digits must strictly increase from bulb to end.", {"thermos": [1]}, 9, "explains"),
        (
            "Digits in a white circle must appear somewhere in the four cells surrounding the circle.",
            {"quadruples": [1]},
            9,
            "explains",
        ),
        ("Disjoint Sudoku rules apply.", {"disjoint_groups": True}, 9, "explains"),
        (
            "Cells that appear in the same position relative to their default regions must not "
            "contain the same number.",
            {"disjoint_groups": True},
            9,
            "explains",
        ),
        (
            "For each line, digits have an equal sum within each box it passes through.",
            {"region_sum_lines": [1]},
            9,
            "explains",
        ),
        ("Leftover from DSM 2021.", {}, 9, "cosmetic"),  # a year is not a clue
        ("All possible Xs and Vs are given.", {"x": [1], "v": [1]}, 9, "rule"),
        (
            "Grey cells with arrows facing outward must contain numbers greater than all "
            "orthogonally adjacent cells.",
            {"less": [1]},
            9,
            "explains",
        ),
    ],
)
def test_held_out_phrasings_are_read(sentence, drawn, side, expected):
    assert read_sentence(sentence, drawn, side, True)[0] == expected


@pytest.mark.parametrize(
    "sentence, drawn",
    [
        ("Default sudoku rules apply: all digits from 1 to 6 appear once in every row, column and box.", {}),
        ("Digits must strictly increase from bulb to end.", {}),  # no thermometer drawn
        ("Digits decrease from the bulb and increase after it.", {"thermos": [1]}),
        ("Negative constraint applies: all dots are given.", {"white": [1]}),
        ("Disjoint Sudoku rules apply.", {}),  # no disjoint groups read
        ("Digits in a white circle must appear in the four cells surrounding it.", {}),  # no quad drawn
        ("Some digits are already given, the rest may repeat.", {}),
        ("Cells in the same position within their boxes must not contain the same digit.", {}),
        ("Cages sum to 2021.", {}),
        ("Digits along an arrow pointing outward sum to the circle, which is greater than 5.", {"less": [1]}),
    ],
)
def test_look_alikes_that_change_or_lack_a_rule_are_still_refused(sentence, drawn):
    assert read_sentence(sentence, drawn, 9, True)[0] == "refused"


def test_all_xs_and_vs_given_is_the_negative_constraint_of_both():
    assert read_sentence("All possible Xs and Vs are given.", {"x": [1]}, 9, True)[2] == {
        "all_xv_given": True
    }


def test_a_link_with_those_sentences_solves_to_the_published_grid():
    link = fpuzzles_4x4(
        "+ Normal sudoku rules apply. Some digits are already given. Apply normal sudoku rules."
    )
    assert sudoku_cp.solve(link).to_string() == SOLUTION_4X4
    with pytest.raises(UnsupportedRuleError, match="sentence 2"):
        sudoku_cp.solve(fpuzzles_4x4("Normal sudoku rules apply. Some digits are given twice."))


# -- ISS's pencilmark grid (two held-out ISS puzzles, "Pencilmark sudoku 2" and "3") -------------


def _pencilmark_text(solution: list[list[int]], extra: bool) -> str:
    """729 characters: each cell's candidates, its solution digit and (with ``extra``, on
    rows 2 to 9) the next digit, at their positions."""
    text = []
    for r, row in enumerate(solution):
        for value in row:
            marks = {value} | ({value % 9 + 1} if extra and r else set())
            text.append("".join(str(d) if d in marks else "." for d in range(1, 10)))
    return "".join(text)


SOLVED = [[(r * 3 + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)]


def test_a_pencilmark_grid_is_read_as_givens_and_candidates():
    from sudoku_cp.io import iss

    text = _pencilmark_text(SOLVED, extra=True)
    record = iss.legacy_record(text)
    assert record["grid"][:9] == "".join(map(str, SOLVED[0])) and record["grid"][9:] == "." * 72
    assert len(record["rules"]["regular"]) == 72
    answer = sudoku_cp.solve(text).to_string()
    grid = [[int(answer[r * 9 + c]) for c in range(9)] for r in range(9)]
    for r in range(9):  # checked here, not by the package: candidates, rows, columns, boxes
        for c in range(9):
            assert grid[r][c] in {SOLVED[r][c], SOLVED[r][c] % 9 + 1} and (r or grid[r][c] == SOLVED[r][c])
        assert len(set(grid[r])) == 9 and len({grid[x][r] for x in range(9)}) == 9
    for b in range(9):
        assert len({grid[b // 3 * 3 + i // 3][b % 3 * 3 + i % 3] for i in range(9)}) == 9


def test_a_pencilmark_grid_with_an_empty_cell_is_refused():
    from sudoku_cp.errors import InvalidPuzzleError

    text = _pencilmark_text(SOLVED, extra=False)
    with pytest.raises(InvalidPuzzleError, match="R1C1"):
        sudoku_cp.solve("." * 9 + text[9:])
    assert sudoku_cp.solve(text).to_string() == "".join(str(v) for row in SOLVED for v in row)
