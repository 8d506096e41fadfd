"""Make the generated sets of the modern rules bundled in ``sudoku_cp/data/`` (``gen_arrow.json``...).

Puzzle ``i`` of a set: the solution of ``sudoku_cp.generate(seed=i)`` (a random full grid),
clues of the set's rule read off that solution (:data:`SETS`, with ``random.Random(i)``),
then every given, in a random order, removed while the puzzle keeps exactly one
solution (the backtracker counts, up to 2) and more than the set's floor of givens
(:data:`FLOORS`: near-empty little-killer grids take the backtracker seconds per
count). Before a set is written, every puzzle is checked unique by two backends (the
backtracker and CP-SAT), and its recorded solution is CP-SAT's. The package makes this
data (licence: the package's).

Usage::

    python scripts/make_modern_sets.py              # every set
    python scripts/make_modern_sets.py gen_arrow    # one set
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

import sudoku_cp
from sudoku_cp.model.puzzle import Puzzle
from sudoku_cp.reasoning.modern_clues import draw_clues

COUNT = 5
"""Puzzles per set."""

FLOORS = {"gen_little_killer": 24}
"""Sets whose puzzles keep at least this many givens."""

DATA = Path(__file__).resolve().parent.parent / "sudoku_cp" / "data"
N = 9

SETS = {
    "gen_arrow": "arrow",
    "gen_little_killer": "little_killer",
    "gen_sandwich": "sandwich",
    "gen_skyscraper": "skyscraper",
    "gen_outside_sum": "outside_sum",
    "gen_xv": "xv",
    "gen_whispers": "german_whispers",
    "gen_renban": "renban",
    "gen_palindrome": "palindrome",
    "gen_between": "between_line",
    "gen_region_sum": "region_sum_line",
    "gen_quadruple": "quadruple",
}
"""Set name: the variant whose clues it holds, drawn by :mod:`sudoku_cp.reasoning.modern_clues` (the
drawers ``sudoku_cp.generate(variant=...)`` uses too)."""


def make_one(name: str, seed: int) -> Puzzle:
    """Puzzle ``seed`` of the set ``name`` (see the module docstring)."""
    solution = sudoku_cp.generate(seed=seed, time_limit=None).metadata["solution"]
    s = [[int(solution[r * N + c]) for c in range(N)] for r in range(N)]
    rng = random.Random(seed)
    rules = draw_clues(SETS[name], s, rng, (3, 3))
    grid = list(solution)
    record = {"size": N, "box": [3, 3], "grid": "".join(grid), "rules": rules}
    floor = FLOORS.get(name, 0)
    for cell in rng.sample(range(N * N), N * N):
        if sum(ch != "." for ch in grid) <= floor:
            break
        kept = grid[cell]
        grid[cell] = "."
        trial = Puzzle.from_dict({**record, "grid": "".join(grid)})
        if sudoku_cp.count_solutions(trial, limit=2, backend="backtracking") != 1:
            grid[cell] = kept
    return Puzzle.from_dict(
        {
            **record,
            "grid": "".join(grid),
            "solution": solution,
            "generator": {"script": "scripts/make_modern_sets.py", "set": name, "seed": seed},
        }
    )


def make(name: str) -> None:
    start = time.perf_counter()
    records = []
    for seed in range(COUNT):
        puzzle = make_one(name, seed)
        for backend in ("backtracking", "cpsat"):
            assert sudoku_cp.count_solutions(puzzle, limit=2, backend=backend) == 1, (name, seed, backend)
        solution = sudoku_cp.solve(puzzle, backend="cpsat").to_string()
        assert solution == puzzle.metadata["solution"], (name, seed)
        records.append({"id": f"{name}-{seed}", **puzzle.to_dict()})
    (DATA / f"{name}.json").write_text(json.dumps(records, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{name}: {COUNT} puzzles in {time.perf_counter() - start:.1f} s, each unique on two backends")


if __name__ == "__main__":
    for name in sys.argv[1:] or SETS:
        make(name)
