"""Full rank clues (issue 31, ISS's ``FullRank`` and ``FullRankTies``): every backend of the
registry gives exactly the grids of a brute force written here from the definition (the
288 4x4 sudokus, every line read both ways, its rank one more than the numbers strictly
below it), in the three tie modes; ISS's own examples and published puzzles give their
solutions."""

from __future__ import annotations

import functools
import itertools
import json
from pathlib import Path

import pytest

import sudoku_cp
from sudoku_cp import Puzzle
from sudoku_cp.errors import InvalidPuzzleError, UnsupportedRuleError
from sudoku_cp.io import iss
from sudoku_cp.model.full_rank import FullRank
from sudoku_cp.pictures.svg import to_svg

BACKENDS = sudoku_cp.backend_names()
"""Every backend solves full rank (its clues are :class:`Regular` lines, a kind every backend
compiles): none refuses it."""

DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "links" / "iss.jsonl"


# -- the brute force, from the definition ---------------------------------------------------------


@functools.cache
def sudokus4() -> list[tuple[int, ...]]:
    """The 288 4x4 sudokus (rows, columns and 2x2 boxes hold 1..4), row-major."""
    out = []
    for rows in itertools.product(itertools.permutations(range(1, 5)), repeat=4):
        columns_ok = all(len({row[c] for row in rows}) == 4 for c in range(4))
        boxes_ok = all(
            len({rows[r][c] for r in (top, top + 1) for c in (left, left + 1)}) == 4
            for top in (0, 2)
            for left in (0, 2)
        )
        if columns_ok and boxes_ok:
            out.append(tuple(v for row in rows for v in row))
    return out


def numbers(grid: tuple[int, ...], n: int = 4) -> dict[tuple[str, int], tuple[int, ...]]:
    """Each line's digits read from each side: ``(side, index) -> digits``."""
    rows = [grid[r * n : (r + 1) * n] for r in range(n)]
    columns = [tuple(rows[r][c] for r in range(n)) for c in range(n)]
    out = {}
    for i in range(n):
        out["left", i], out["right", i] = rows[i], rows[i][::-1]
        out["top", i], out["bottom", i] = columns[i], columns[i][::-1]
    return out


def satisfies(grid, clues, ties: str) -> bool:
    read = numbers(grid)
    every = list(read.values())
    if ties == "none" and len(set(every)) < len(every):
        return False
    for where, rank in clues:
        line = read[where]
        if 1 + sum(other < line for other in every) != rank:
            return False
        if ties != "any" and every.count(line) > 1:  # a clued line ties no other
            return False
    return True


def brute_force(clues, ties: str) -> list[str]:
    return sorted("".join(map(str, g)) for g in sudokus4() if satisfies(g, clues, ties))


def test_the_brute_force_knows_the_sudokus():
    assert len(sudokus4()) == 288


CASES = {
    "two grids": ("only-unclued", ((("bottom", 1), 12), (("top", 3), 5), (("top", 1), 2))),
    "one grid": ("only-unclued", ((("bottom", 1), 13), (("top", 2), 3), (("right", 0), 5))),
    "two clues": ("only-unclued", ((("top", 1), 10), (("bottom", 0), 8))),
    "no ties at all": ("none", ((("right", 1), 6), (("right", 0), 15))),
    "no ties, another": ("none", ((("bottom", 1), 13), (("right", 1), 12))),
    "ties, a shared rank": ("any", ((("right", 2), 11), (("left", 3), 11), (("right", 1), 5))),
    "ties, rank 1": ("any", ((("left", 3), 10), (("top", 0), 15), (("bottom", 2), 1))),
    "ties, two grids": ("any", ((("bottom", 3), 1), (("right", 0), 5))),
    "a shared rank without ties": ("only-unclued", ((("left", 0), 1), (("top", 0), 1))),
    "no solution": ("only-unclued", ((("left", 0), 1), (("right", 0), 2))),
}


def _puzzle(ties: str, clues) -> Puzzle:
    rules = {
        "full_rank": [{"side": side, "index": index, "rank": rank} for (side, index), rank in clues],
        "full_rank_ties": ties,
    }
    return Puzzle.from_dict({"size": 4, "grid": "." * 16, "rules": rules})


SLOW_BACKENDS = ("mip", "cpmpy")
"""Up to 1 s a case there (model building): run by CI's slow pass."""


@pytest.mark.parametrize(
    "backend", [pytest.param(b, marks=pytest.mark.slow) if b in SLOW_BACKENDS else b for b in BACKENDS]
)
@pytest.mark.parametrize("case", list(CASES))
def test_small_full_rank_puzzles_match_a_brute_force(backend, case):
    ties, clues = CASES[case]
    expected = brute_force(clues, ties)
    assert len(expected) <= 6
    listed = sorted(
        g.to_string() for g in sudoku_cp.solutions(_puzzle(ties, clues), limit=10, backend=backend)
    )
    assert listed == expected


# ISS's own 4x4 examples (data/collections.js of sigh/Interactive-Sudoku-Solver, MIT)
ISS_EXAMPLES = [
    (".Shape~4x4.FullRank~C1~10~.FullRank~C2~15~.FullRank~R4~5~.FullRankTies~any", "3421124341322314"),
    (
        ".Shape~4x4.FullRank~C1~10~.FullRank~C2~15~.FullRank~R4~5~.FullRank~R3~~5.FullRankTies~any",
        "3421124341322314",
    ),
    (".Shape~4x4.FullRank~C1~10~.~R3C4_2~R4C3_1.FullRankTies~none", "3421213413424213"),
    (".Shape~4x4.FullRank~R4~5~.~R3C2_1", "3241143241232314"),
    (".Shape~4x4~0-3.FullRank~C1~10~.FullRank~C2~15~.FullRank~R4~5~.FullRankTies~any", "2310013230211203"),
]


@pytest.mark.parametrize("text, solution", ISS_EXAMPLES)
def test_iss_examples_are_read_solved_and_written_back(text, solution):
    record = iss.record_from_string(text)
    puzzle = Puzzle.from_dict(record)
    assert sudoku_cp.count_solutions(puzzle, limit=2) == 1
    assert sudoku_cp.solve(puzzle).to_string() == solution
    assert Puzzle.from_dict(iss.record_from_string(iss.write(puzzle))) == puzzle


def test_iss_reads_both_ends_and_the_ties():
    record = iss.record_from_string(".FullRank~C2~26~.FullRank~R6~~36.FullRankTies~none")
    assert record["rules"] == {
        "full_rank": [
            {"side": "top", "index": 1, "rank": 26},
            {"side": "right", "index": 5, "rank": 36},
        ],
        "full_rank_ties": "none",
    }
    with pytest.raises(InvalidPuzzleError, match="ties are one of"):
        iss.record_from_string(".FullRankTies~sometimes")


def test_the_json_form_round_trips_and_checks_itself():
    rule = FullRank(({"side": "top", "index": 1, "rank": 26},), ties="any")
    assert rule.to_json() == {"full_rank": [{"side": "top", "index": 1, "rank": 26}], "full_rank_ties": "any"}
    assert FullRank.from_json(rule.to_json()) == rule
    assert FullRank.from_json({"full_rank": [{"side": "top", "index": 1, "rank": 26}]}).to_json() == {
        "full_rank": [{"side": "top", "index": 1, "rank": 26}]
    }
    with pytest.raises(InvalidPuzzleError, match="rank 17 is outside 1..16"):
        Puzzle.from_dict(
            {"size": 4, "grid": "." * 16, "rules": {"full_rank": [{"side": "top", "index": 0, "rank": 17}]}}
        )
    with pytest.raises(InvalidPuzzleError, match="full_rank_ties"):
        FullRank.from_json({"full_rank": [], "full_rank_ties": "sometimes"})


def test_more_digits_than_the_side_are_refused():
    with pytest.raises(UnsupportedRuleError, match="full rank needs each row and column"):
        Puzzle.from_dict(iss.record_from_string(".Shape~6x6~9.FullRank~C1~3~"))


def test_the_clues_are_drawn_outside_the_grid():
    svg = to_svg(Puzzle.from_dict(iss.record_from_string(ISS_EXAMPLES[0][0])))
    assert svg.count('class="full-rank"') == 3 and ">15<" in svg


def _published() -> list[dict]:
    return [r for line in DATA.open() if "FullRank" in line for r in [json.loads(line)]]


def test_the_published_6x6_is_solved():
    (record,) = [r for r in _published() if r["id"] == "iss/6x6: Full rank"]
    puzzle = Puzzle.from_link(record["link"])
    assert sudoku_cp.solve(puzzle, backend="cpsat").to_string() == record["solution"]


@pytest.mark.slow  # 1-4 s of CPU each
@pytest.mark.parametrize("record", _published(), ids=lambda r: r["id"])
def test_the_published_puzzles_are_solved(record):
    puzzle = Puzzle.from_link(record["link"])
    assert sudoku_cp.solve(puzzle).to_string() == record["solution"]


def test_auto_sends_full_rank_to_cpsat():
    from sudoku_cp.backends.auto import route

    plan = route(Puzzle.from_dict(iss.record_from_string(ISS_EXAMPLES[3][0])))
    assert (plan.label, plan.first, plan.fallback) == ("full rank", "cpsat", None)
