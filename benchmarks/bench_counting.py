"""Benchmark counting and generating: uniqueness checks and generate() times.

* Uniqueness (``count_solutions(limit=2)``) on a sample of sudoku17
  (``datasets.load("sudoku17", sample=N, seed=0)``): the backtracker's median, and
  CP-SAT's count against its own ``solve()`` on the same puzzles, in the same run
  (ratio of medians; targets: backtracking under 5 ms, CP-SAT under 2x); the same for the
  SAT backend (blocking clauses) when PySAT is installed, its solver loaded beforehand.
* ``generate()``: median seconds of a minimal 9x9 classic puzzle (target under 0.5 s),
  a minimal 16x16 (under 30 s) and a killer 9x9 (under 5 s), over seeds ``0..k-1``.

Usage::

    python benchmarks/bench_counting.py                  # 1000 puzzles, the full run
    python benchmarks/bench_counting.py --sample 100 --seeds 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import add_write_option, machine, recording, summary_ms, time_each, write_if_asked  # noqa: E402

from sudoku_cp import datasets, generate  # noqa: E402
from sudoku_cp.backends import backtracking, cpsat, unavailable  # noqa: E402
from sudoku_cp.model.puzzle import Puzzle  # noqa: E402


def uniqueness_against_solve(label: str, name: str, backend, puzzles: list[Puzzle]) -> list[float]:
    """Time ``backend``'s uniqueness check (``count_solutions(limit=2)``) and its ``solve()``
    on the same puzzles; print both and their ratio; return the uniqueness times."""
    counted = time_each(lambda p: backend.count_solutions(p, limit=2), puzzles)
    solved = time_each(backend.solve, puzzles)
    print(summary_ms(f"{label}: {name} count limit=2", counted))
    print(summary_ms(f"{label}: {name} solve()", solved))
    ratio = statistics.median(counted) / statistics.median(solved)
    print(f"{name} uniqueness / {name} solve(): x{ratio:.2f} (medians, same puzzles, same run)")
    return counted


def uniqueness(sample: int) -> None:
    puzzles = [Puzzle(grid) for grid in datasets.load("sudoku17", sample=sample, seed=0)]
    label = f"sudoku17 sample={sample} seed=0"
    counted = time_each(lambda p: backtracking.count_solutions(p, limit=2), puzzles)
    print(summary_ms(f"{label}: backtracking count limit=2", counted))
    count_cp = uniqueness_against_solve(label, "cpsat", cpsat, puzzles)
    if unavailable("sat") is None:
        from sudoku_cp import sat

        sat.preload(puzzles[0])  # the kept solver's clauses, loaded before the clock starts
        count_sat = uniqueness_against_solve(label, "sat", sat, puzzles)
        ratio = statistics.median(count_sat) / statistics.median(count_cp)
        print(f"sat uniqueness / cpsat uniqueness: x{ratio:.2f} (medians, same puzzles, same run)")
    else:
        print(f"sat: {unavailable('sat')}")


def generating(seeds: int) -> None:
    cases = [
        ("generate(minimal=True) 9x9 classic", {"minimal": True}, seeds),
        ("generate(16, minimal=True)", {"size": 16, "minimal": True}, max(1, seeds // 4)),
        ('generate(variant="killer") 9x9', {"variant": "killer"}, seeds),
        ('generate(variant="killer", givens=0) 9x9', {"variant": "killer", "givens": 0}, seeds),
    ]
    for label, arguments, count in cases:
        seconds = []
        for seed in range(count):
            start = time.perf_counter()
            generate(**arguments, seed=seed, time_limit=None)
            seconds.append(time.perf_counter() - start)
        print(
            f"{label:<45} seeds 0..{count - 1}: median {statistics.median(seconds):.3f} s, "
            f"max {max(seconds):.3f} s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sample", type=int, default=1000, help="sudoku17 puzzles (default 1000)")
    parser.add_argument("--seeds", type=int, default=20, help="generate() seeds per case (default 20)")
    add_write_option(parser, __file__)
    arguments = parser.parse_args()
    with recording() as log:
        print(machine())
        uniqueness(arguments.sample)
        generating(arguments.seeds)
    write_if_asked(
        arguments,
        log,
        "Counting, uniqueness and generation",
        f"sudoku17 (a random sample of {arguments.sample}, seed 0); "
        f"generate() with seeds 0..{arguments.seeds - 1}",
    )


if __name__ == "__main__":
    main()
