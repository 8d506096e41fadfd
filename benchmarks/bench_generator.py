"""Benchmark the generator's difficulty bands: puzzles made at each band, and how long each took.

For each band of :data:`sudoku_cp.reasoning.grading.BAND_NAMES` (easy .. the band that needs a
forcing step), :func:`sudoku_cp.generate` makes ``--count`` classic 9x9 puzzles (seeds
0, 1, ...; ``time_limit`` per puzzle), and :func:`sudoku_cp.grade` checks each: one line
per band with how many came out in the band asked for (and how many ran out of wall
time: the time limit is wall time, which a loaded machine stretches), the median and
max CPU seconds per puzzle, and the median score and givens. Target (issue 19): 10 of 10 at each band,
median at most 2 s.

Usage::

    python benchmarks/bench_generator.py                  # 10 puzzles per band
    python benchmarks/bench_generator.py --count 3 --bands expert
    python benchmarks/bench_generator.py --write          # also docs/benchmarks/bench_generator.md
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import add_write_option, machine, recording, write_if_asked  # noqa: E402

from sudoku_cp import generate, grade  # noqa: E402
from sudoku_cp.errors import SolveTimeoutError  # noqa: E402
from sudoku_cp.reasoning.grading import BAND_NAMES  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bands", nargs="*", default=list(BAND_NAMES))
    parser.add_argument("--count", type=int, default=10, help="puzzles per band (seeds 0 .. count-1)")
    parser.add_argument("--time-limit", type=float, default=300.0, help="wall seconds per puzzle")
    add_write_option(parser, __file__)
    args = parser.parse_args()
    with recording() as log:
        run(args)
    write_if_asked(
        args,
        log,
        "Generating puzzles at each difficulty band",
        f"classic 9x9, seeds 0-{args.count - 1} per band, time limit {args.time_limit:g} s per puzzle",
    )


def run(args: argparse.Namespace) -> None:
    """Generate ``args.count`` puzzles per band and print one line per band."""
    print(machine())
    print("# CPU seconds per generated puzzle (generate, then grade to check its band)")
    for band in args.bands:
        seconds, scores, givens, hits, timeouts = [], [], [], 0, 0
        for seed in range(args.count):
            start = time.process_time()
            try:
                puzzle = generate(seed=seed, difficulty=band, time_limit=args.time_limit)
            except SolveTimeoutError:
                seconds.append(time.process_time() - start)
                timeouts += 1
                continue
            seconds.append(time.process_time() - start)
            graded = grade(puzzle)
            hits += graded.band == band
            scores.append(graded.score)
            givens.append(sum(1 for v in puzzle.grid.cells if v))
        print(
            f"{band:<9} {hits}/{args.count} in band ({timeouts} timed out)  "
            f"median={statistics.median(seconds):6.2f} s  "
            f"max={max(seconds):6.2f} s  score={statistics.median(scores) if scores else 0:6.0f}  "
            f"givens={statistics.median(givens) if givens else 0:4.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
