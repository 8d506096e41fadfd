"""Make ``sudoku_cp/data/gen_samurai.json``: generated Samurai puzzles, proven unique.

Puzzle ``i`` is ``sudoku_cp.reasoning.generator.generate_multigrid("samurai", seed=i)`` (a random
full board, then the givens removed in a random order while the board keeps exactly one
solution). Before the file is written, every puzzle is checked to have exactly one
solution with two backends (the backtracker, which the generator uses, and CP-SAT), its
solution to be CP-SAT's, and to be minimal (CP-SAT counts two solutions without any one
of its givens).

Usage::

    python scripts/make_gen_samurai.py
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import sudoku_cp
from sudoku_cp.reasoning.generator import generate_multigrid

COUNT = 5
DATA = Path(__file__).resolve().parent.parent / "sudoku_cp" / "data"


def check(puzzle: sudoku_cp.Puzzle) -> None:
    """Raise AssertionError unless the puzzle is proper on two backends and minimal."""
    for backend in ("backtracking", "cpsat"):
        assert sudoku_cp.count_solutions(puzzle, limit=2, backend=backend) == 1, backend
    assert sudoku_cp.solve(puzzle, backend="cpsat").solution_string() == puzzle.metadata["solution"]
    cells = puzzle.grid.cells
    for cell, value in enumerate(cells):
        if value:
            fewer = puzzle.with_grid(puzzle.grid.with_cells(cells[:cell] + (0,) + cells[cell + 1 :]))
            assert sudoku_cp.count_solutions(fewer, limit=2, backend="cpsat") == 2, cell


def main() -> None:
    start = time.perf_counter()
    records = []
    for seed in range(COUNT):
        puzzle = generate_multigrid("samurai", seed=seed, time_limit=None)
        check(puzzle)
        records.append({"id": f"gen_samurai-{seed}", **puzzle.to_dict()})
        print(f"gen_samurai-{seed}: {puzzle.given_count} givens", flush=True)
    (DATA / "gen_samurai.json").write_text(
        json.dumps(records, separators=(",", ":")) + "\n", encoding="utf-8"
    )
    print(f"gen_samurai: {COUNT} puzzles in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
