"""Benchmark the reference backtracker: milliseconds per puzzle on bundled data sets.

For each data set it times, in the same run and interleaved puzzle by puzzle:

* ``lexmin``: ``sudoku_cp.backtracking.solve``, the backend with its smallest-solution
  guarantee (what ``sudoku_cp.solve(..., backend="backtracking")`` runs);
* ``first``: the same search stopped at its first solution, with no guarantee (the
  baseline), so ``lexmin / first`` is the cost of the guarantee on this machine.

Usage::

    python benchmarks/bench_backtracking.py                      # top95 and top1465
    python benchmarks/bench_backtracking.py --dataset hardest --repeat 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine, summary_ms  # noqa: E402

from sudoku_cp import datasets  # noqa: E402
from sudoku_cp.backends.backtracking import BitmaskSearch, solve  # noqa: E402


def first_solution(grid) -> None:
    BitmaskSearch(grid).find_solution()


def lexmin_solution(grid) -> None:
    solve(grid)


def bench(name: str, repeat: int, limit: int | None) -> None:
    puzzles = datasets.load(name)[:limit]
    best = {"lexmin": [float("inf")] * len(puzzles), "first": [float("inf")] * len(puzzles)}
    for _ in range(repeat):  # best of `repeat` per puzzle, to damp noise from other processes
        for index, grid in enumerate(puzzles):
            for label, function in (("lexmin", lexmin_solution), ("first", first_solution)):
                start = time.perf_counter()
                function(grid)
                best[label][index] = min(best[label][index], time.perf_counter() - start)
    print(summary_ms(f"{name} backtracking lexmin (guaranteed)", best["lexmin"]))
    print(summary_ms(f"{name} backtracking first solution", best["first"]))
    ratio_median = statistics.median(best["lexmin"]) / statistics.median(best["first"])
    ratio_mean = statistics.fmean(best["lexmin"]) / statistics.fmean(best["first"])
    print(f"{name}: guarantee costs x{ratio_median:.2f} (medians), x{ratio_mean:.2f} (means)")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dataset", action="append", choices=datasets.names(), help="repeatable")
    parser.add_argument("--repeat", type=int, default=3, help="runs per puzzle; the best is kept (default 3)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N puzzles of each set")
    args = parser.parse_args()
    print(machine())
    for name in args.dataset or ["top95", "top1465"]:
        bench(name, args.repeat, args.limit)


if __name__ == "__main__":
    main()
