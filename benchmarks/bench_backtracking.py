"""Benchmark the reference backtracker: milliseconds per puzzle on bundled data sets.

For each data set it times, in the same run and interleaved puzzle by puzzle:

* ``lexmin``: ``sudoku_cp.backtracking.solve``, the backend with its smallest-solution
  guarantee (what ``sudoku_cp.solve(..., backend="backtracking")`` runs);
* ``first``: the same search stopped at its first solution, with no guarantee (the
  baseline), so ``lexmin / first`` is the cost of the guarantee on this machine.

With ``--time-limit`` it times ``lexmin`` alone, puzzle by puzzle under that limit, and
prints each puzzle's seconds (or that it ran out of time): the mode for 25x25 grids;
add ``--row-major`` to time, in its place, the row-major search alone with no node budget
(the search ``solve`` tries first, under a budget, before the witness method).
``--empty N`` times the guaranteed solve of an empty ``N``x``N`` grid (its smallest
solution), best of ``--repeat``. ``--root-probing`` measures, per puzzle, how far reasoning
alone narrows the grid before any search: the open cells and candidates left by the
backtracker's propagation with Hall sets, then by singleton consistency on top of it
(every candidate of every open cell tried, propagated, and removed on a contradiction,
until nothing changes: "shaving", Simonis, "Sudoku as a constraint problem", 2005).
Each line starts with the load average.

Usage::

    python benchmarks/bench_backtracking.py                      # top95 and top1465
    python benchmarks/bench_backtracking.py --dataset hardest --repeat 5
    python benchmarks/bench_backtracking.py --dataset sudoku25 --time-limit 60 --repeat 1
    python benchmarks/bench_backtracking.py --dataset sudoku25 --time-limit 120 --row-major --limit 5
    python benchmarks/bench_backtracking.py --empty 16 --empty 25
    python benchmarks/bench_backtracking.py --dataset sudoku25 --root-probing
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import add_write_option, datasets_text, machine, recording, summary_ms, write_if_asked  # noqa: E402

from sudoku_cp import Puzzle, datasets  # noqa: E402
from sudoku_cp.backends.backtracking import solve  # noqa: E402
from sudoku_cp.engine.runtime import Deadline  # noqa: E402
from sudoku_cp.engine.search import BitmaskSearch  # noqa: E402
from sudoku_cp.errors import SolveTimeoutError  # noqa: E402
from sudoku_cp.model.grid import Grid  # noqa: E402


def first_solution(grid) -> None:
    BitmaskSearch(Puzzle(grid).model).find_solution()


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


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def bench_each(name: str, repeat: int, limit: int | None, time_limit: float, row_major: bool = False) -> None:
    """Each puzzle's seconds under ``time_limit`` (best of ``repeat``); a puzzle that runs
    out of time counts as ``time_limit`` in the median. With ``row_major``, the row-major
    search of ``solve`` alone, with no node budget, and its node count on a timeout."""
    seconds = []
    for index, grid in enumerate(datasets.load(name)[:limit]):
        best, solved, nodes = time_limit, False, ""
        for _ in range(repeat):
            start = time.perf_counter()
            search = BitmaskSearch(Puzzle(grid).model, Deadline(time_limit)) if row_major else None
            try:
                if search is not None:
                    search.smallest_in_order(node_limit=10**12)
                else:
                    solve(grid, time_limit=time_limit)
            except SolveTimeoutError:
                nodes = f", {search.nodes:,} nodes" if search is not None else ""
                continue
            best, solved = min(best, time.perf_counter() - start), True
        seconds.append(best)
        shown = f"{best:8.2f} s" if solved else f"> {time_limit:g} s (ran out of time{nodes})"
        print(f"{name} #{index:<3} {shown}   [{load()}]", flush=True)
    solved_count = sum(1 for s in seconds if s < time_limit)
    print(
        f"{name}: solved {solved_count}/{len(seconds)} within {time_limit:g} s, "
        f"median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s"
    )


def bench_empty(side: int, repeat: int) -> None:
    """The guaranteed (smallest) solution of an empty ``side`` x ``side`` grid, best of ``repeat``."""
    grid = Grid.empty(side)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        solve(grid)
        best = min(best, time.perf_counter() - start)
    print(f"empty {side}x{side} backtracking lexmin: {best:.3f} s (best of {repeat})   [{load()}]")


def open_candidates(candidates: list[int]) -> tuple[int, int]:
    """(open cells, their candidates in all) of a state of candidate masks."""
    open_masks = [mask for mask in candidates if mask & (mask - 1)]
    return len(open_masks), sum(mask.bit_count() for mask in open_masks)


def root_probing(name: str, limit: int | None) -> None:
    """Per puzzle: what propagation with Hall sets leaves, then singleton consistency."""
    for index, grid in enumerate(datasets.load(name)[:limit]):
        search = BitmaskSearch(Puzzle(grid).model)
        search.hall_sets = True  # the benchmark reaches into the search: this is a measurement
        candidates = search.candidates
        assert search._propagate(candidates, list(range(len(candidates))))
        before = open_candidates(candidates)
        start, probes, changed = time.process_time(), 0, True
        while changed:
            changed = False
            for cell, mask in enumerate(candidates):
                for value in range(1, mask.bit_length() + 1):
                    bit = 1 << (value - 1)
                    if not candidates[cell] & bit or candidates[cell] == bit:
                        continue
                    trial = candidates[:]
                    trial[cell] = bit
                    probes += 1
                    if not search._propagate(trial, [cell]):
                        candidates[cell] &= ~bit
                        assert search._propagate(candidates, [cell])
                        changed = True
        after = open_candidates(candidates)
        removed = 1 - after[1] / max(before[1], 1)
        print(
            f"{name} #{index:<3} propagation: {before[0]} open cells, {before[1]} candidates; "
            f"singleton consistency: {after[0]} open cells, {after[1]} candidates "
            f"(-{removed:.1%}), {probes} probes, {time.process_time() - start:.1f} s CPU   [{load()}]",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dataset", action="append", choices=datasets.names(), help="repeatable")
    parser.add_argument("--repeat", type=int, default=3, help="runs per puzzle; the best is kept (default 3)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N puzzles of each set")
    parser.add_argument(
        "--time-limit", type=float, default=None, help="seconds per puzzle: print each puzzle's time"
    )
    parser.add_argument("--empty", type=int, action="append", default=[], help="time an empty NxN grid")
    parser.add_argument(
        "--row-major", action="store_true", help="with --time-limit: the row-major search alone"
    )
    parser.add_argument(
        "--root-probing", action="store_true", help="how far reasoning alone narrows each puzzle"
    )
    add_write_option(parser, __file__)
    args = parser.parse_args()
    with recording() as log:
        print(machine())
        for side in args.empty:
            bench_empty(side, args.repeat)
        for name in args.dataset or ([] if args.empty else ["top95", "top1465"]):
            if args.root_probing:
                root_probing(name, args.limit)
            elif args.time_limit is None:
                bench(name, args.repeat, args.limit)
            else:
                bench_each(name, args.repeat, args.limit, args.time_limit, args.row_major)
    write_if_asked(
        args,
        log,
        "The backtracker: what the smallest-solution guarantee costs",
        datasets_text(args.dataset or ([] if args.empty else ["top95", "top1465"]), limit=args.limit)
        + (f"; empty grids {args.empty}" if args.empty else ""),
    )


if __name__ == "__main__":
    main()
