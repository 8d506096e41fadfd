"""Make the generated variant sets bundled in ``sudoku_cp/data/`` (``gen_*.json``).

Puzzle ``i`` of a set is ``sudoku_cp.generate(**CALL, seed=i)``; this script is their
provenance (``sudoku_cp/data/README.md`` copies the calls). Before a set is written,
every puzzle is checked to have exactly one solution by two backends (the backtracker,
which the generator itself uses, and CP-SAT), and minimal puzzles are checked minimal
with CP-SAT: removing any one given leaves at least two solutions.

Usage::

    python scripts/make_generated_sets.py            # every set
    python scripts/make_generated_sets.py gen_x      # one set
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import sudoku_cp
from sudoku_cp.reasoning.generator import is_symmetric

SETS = {
    "gen_6x6": (50, {"size": 6, "minimal": True}),
    "gen_minimal": (30, {"minimal": True, "symmetry": "rotational"}),
    "gen_x": (30, {"variant": "x", "minimal": True}),
    "gen_jigsaw": (30, {"variant": "jigsaw", "minimal": True}),
    "gen_killer": (20, {"variant": "killer", "givens": 0}),
    "gen_thermo": (30, {"variant": "thermo", "minimal": True}),
}
"""Set name: (number of puzzles, the arguments of ``sudoku_cp.generate`` besides the seed)."""

DATA = Path(__file__).resolve().parent.parent / "sudoku_cp" / "data"


def check(puzzle: sudoku_cp.Puzzle, call: dict) -> None:
    """Raise AssertionError unless the puzzle is proper on two backends (and minimal,
    symmetric, givens-free as its call asks)."""
    for backend in ("backtracking", "cpsat"):
        assert sudoku_cp.count_solutions(puzzle, limit=2, backend=backend) == 1, backend
    assert sudoku_cp.solve(puzzle, backend="cpsat").to_string() == puzzle.metadata["solution"]
    if call.get("minimal"):
        for cell, value in enumerate(puzzle.grid.cells):
            if value:
                fewer = puzzle.with_grid(puzzle.grid.with_cell(*divmod(cell, puzzle.side), 0))
                assert sudoku_cp.count_solutions(fewer, limit=2, backend="cpsat") == 2, cell
    assert is_symmetric(puzzle.grid, call.get("symmetry", "none"))
    if call.get("givens") is not None:
        assert puzzle.givens <= call["givens"]


def make(name: str) -> None:
    count, call = SETS[name]
    start = time.perf_counter()
    records = []
    for seed in range(count):
        puzzle = sudoku_cp.generate(**call, seed=seed, time_limit=None)
        check(puzzle, call)
        records.append({"id": f"{name}-{seed}", **puzzle.to_dict()})
    (DATA / f"{name}.json").write_text(json.dumps(records, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{name}: {count} puzzles in {time.perf_counter() - start:.1f} s, each unique on two backends")


if __name__ == "__main__":
    for name in sys.argv[1:] or SETS:
        make(name)
