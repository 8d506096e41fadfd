"""Benchmark showing and explaining: a picture, a minimal conflict, a solving path.

Three figures, each a median over a named bundled data set, with targets from issue 11:

* ``render``: ``Puzzle.to_svg()`` of each top95 puzzle (givens only), and with candidates
  (target: a 9x9 under 20 ms);
* ``conflict``: ``explain_conflict()`` on unsolvable 9x9 puzzles made from easy50 and
  top95 by giving one empty cell a digit that breaks no unit but is not the solution's
  (target: median under 1 s); the minimal givens only, then with the constraints they
  break (computed on first access);
* ``path``: ``explain()`` on each top95 puzzle, up to where reasoning stalls, every
  step checked (target: median under 1 s); also the same path without the checks, to
  show their cost in the same run;
* ``killer``: ``explain()`` on the generated cage-only killers (``gen_killer``): the
  fraction solved to the end, the median number of steps and the median time, with
  every technique and, in the same run, without the rule of 45 (innies and outies).

Usage::

    python benchmarks/bench_explain.py               # every figure
    python benchmarks/bench_explain.py --limit 20    # the first 20 puzzles of each set
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import add_write_option, datasets_text, machine, recording, summary_ms, time_each, write_if_asked  # noqa: E402

from sudoku_cp import Grid, Puzzle, datasets, explain_conflict  # noqa: E402
from sudoku_cp.reasoning import stepwise  # noqa: E402
from sudoku_cp.reasoning.generator import with_wrong_digit  # noqa: E402
from sudoku_cp.reasoning.techniques import TECHNIQUES, innies_and_outies  # noqa: E402


def conflict_with_constraints(grid: Grid) -> None:
    explain_conflict(grid).constraints  # noqa: B018 - computed on first access


def killer_paths(label: str, puzzles: list[Puzzle], techniques) -> str:
    """One line: how many paths reach the end, their median length and time."""
    paths = []

    def run(puzzle):
        paths.append(stepwise.explain(puzzle, techniques=techniques))

    seconds = time_each(run, puzzles)
    solved = sum(path.solved for path in paths)
    steps = statistics.median(len(path) for path in paths)
    return (
        f"{label:<40} n={len(paths):<5} solved={solved}/{len(paths)} ({solved / len(paths):.0%})  "
        f"median steps={steps:g}  median={statistics.median(seconds) * 1000:9.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N puzzles of each set")
    add_write_option(parser, __file__)
    args = parser.parse_args()
    with recording() as log:
        print(machine())
        top95 = datasets.load("top95")[: args.limit]
        puzzles = [Puzzle(g) for g in top95]
        for p in puzzles[:3]:  # warm-up: imports and caches
            p.to_svg()
        print(summary_ms("render top95 (givens)", time_each(lambda p: p.to_svg(), puzzles)))
        print(
            summary_ms(
                "render top95 (with candidates)", time_each(lambda p: p.to_svg(candidates=True), puzzles)
            )
        )

        unsolvable = [
            with_wrong_digit(g, seed=seed) for seed, g in enumerate(datasets.load("easy50")[: args.limit])
        ]
        unsolvable_hard = [with_wrong_digit(g, seed=seed) for seed, g in enumerate(top95)]
        explain_conflict(unsolvable[0])  # warm-up: OR-Tools
        print(summary_ms("conflict easy50+1 (givens)", time_each(explain_conflict, unsolvable)))
        print(summary_ms("conflict top95+1 (givens)", time_each(explain_conflict, unsolvable_hard)))
        print(
            summary_ms(
                "conflict easy50+1 (givens and constraints)", time_each(conflict_with_constraints, unsolvable)
            )
        )
        print(
            summary_ms(
                "conflict top95+1 (givens and constraints)",
                time_each(conflict_with_constraints, unsolvable_hard),
            )
        )

        print(summary_ms("path top95 (every step checked)", time_each(stepwise.explain, top95)))
        checked = stepwise.check_deduction
        stepwise.check_deduction = lambda *args: None
        try:
            print(summary_ms("path top95 (no checks)", time_each(stepwise.explain, top95)))
        finally:
            stepwise.check_deduction = checked

        killers = datasets.load("gen_killer")[: args.limit]
        print(killer_paths("path gen_killer (every technique)", killers, TECHNIQUES))
        without = tuple(t for t in TECHNIQUES if t.find is not innies_and_outies)
        print(killer_paths("path gen_killer (no rule of 45)", killers, without))
    write_if_asked(
        args,
        log,
        "Pictures, conflicts and solving paths",
        datasets_text(["top95", "easy50", "gen_killer"], limit=args.limit),
    )


if __name__ == "__main__":
    main()
