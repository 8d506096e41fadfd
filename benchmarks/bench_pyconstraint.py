"""Benchmark the python-constraint backend (``sudoku_cp.pyconstraint``).

Default mode (the guarantee, with the default solver and constraint form):

* every top95 puzzle solved for its smallest row-major solution: median, mean and max
  seconds, and python-constraint searches (``solver_calls``), nodes and restarts per puzzle;
* hex16 (16x16): how many solve within ``--hex16-limit`` seconds each (the backend's
  ``time_limit``, which kills its worker process);
* the cost of a time limit: the same easy50 puzzles in this process, in the reused
  worker process, and with a worker started for every call (ratios from one run).

``--solvers`` mode: the solver-choice table. Every single-solution solver python-constraint
ships, with every constraint form, on the first ``--subset`` puzzles of top95 and of
easy50, each run in a worker process killed after ``--cap`` seconds. Two measures:
``first`` is one plain ``getSolution()`` (python-constraint's own first solution, as the
solver choice was first measured), ``smallest`` is the guaranteed smallest solution
(``sudoku_cp.pyconstraint.solve``). After ``--give-up-after`` timeouts in a row a
configuration's remaining puzzles of that set are counted as unsolved, not run.

Run ``python benchmarks/bench_pyconstraint.py --help``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import add_write_option, machine, recording, summary_ms, write_if_asked  # noqa: E402

from sudoku_cp import Grid, NoSolutionError, SolveTimeoutError, datasets  # noqa: E402
from sudoku_cp import pyconstraint as pc  # noqa: E402
from sudoku_cp.backends.subprocess_timeout import KillableWorker  # noqa: E402


def _stats_line(label: str, values: list[float]) -> str:
    return (
        f"{label:<40} median={statistics.median(values):10.1f}  mean={statistics.fmean(values):10.1f}  "
        f"max={max(values):10.1f}"
    )


# -- default mode ---------------------------------------------------------------------


def bench_top95(cap: float) -> None:
    """Every top95 puzzle with the guarantee (a time limit of ``cap`` seconds as a safety net)."""
    seconds, calls, nodes, restarts, failed = [], [], [], [], 0
    for puzzle in datasets.load("top95"):
        start = time.perf_counter()
        try:
            _, stats = pc.solve(puzzle, time_limit=cap)
        except SolveTimeoutError:
            failed += 1
            seconds.append(time.perf_counter() - start)
            continue
        seconds.append(time.perf_counter() - start)
        calls.append(stats["solver_calls"])
        nodes.append(stats["nodes"])
        restarts.append(stats["restarts"])
    print(f"## top95, smallest solution, solver={pc.DEFAULT_SOLVER} constraints={pc.DEFAULT_CONSTRAINTS}")
    print(summary_ms("top95 seconds (as ms)", seconds))
    print(_stats_line("solver_calls per puzzle", calls))
    print(_stats_line("nodes per puzzle", nodes))
    print(_stats_line("restarts per puzzle", restarts))
    print(f"timed out after {cap:g} s: {failed} of {len(seconds)}")


def bench_hex16(limit: float) -> None:
    """hex16: how many puzzles solve within ``limit`` seconds each."""
    solved, seconds = 0, []
    puzzles = datasets.load("hex16")
    for puzzle in puzzles:
        start = time.perf_counter()
        try:
            pc.solve(puzzle, time_limit=limit)
        except SolveTimeoutError:
            continue
        solved += 1
        seconds.append(time.perf_counter() - start)
    print(f"## hex16 (16x16), smallest solution, time_limit={limit:g} s each")
    print(f"solved within the limit: {solved} of {len(puzzles)}")
    if seconds:
        print(summary_ms("hex16 solved, seconds (as ms)", seconds))


def bench_overhead(count: int) -> None:
    """The extra cost of ``time_limit``: in-process vs reused worker vs a new worker per call."""
    puzzles = datasets.load("easy50")[:count]
    modes = {
        "in process (no time_limit)": lambda p: pc.solve(p),
        "reused worker (time_limit=60)": lambda p: pc.solve(p, time_limit=60),
        "new worker per call (time_limit=60)": lambda p: (pc.shutdown_worker(), pc.solve(p, time_limit=60)),
    }
    pc.solve(puzzles[0], time_limit=60)  # start the worker once so "reused" is warm
    medians = {}
    print(f"## cost of a time limit, easy50 first {count}")
    for label, run in modes.items():
        seconds = []
        for puzzle in puzzles:
            start = time.perf_counter()
            run(puzzle)
            seconds.append(time.perf_counter() - start)
        medians[label] = statistics.median(seconds)
        print(summary_ms(label, seconds))
    base = medians["in process (no time_limit)"]
    for label, median in medians.items():
        print(f"{label:<40} extra per call (median) = {1000 * (median - base):8.2f} ms")
    pc.shutdown_worker()


# -- solvers mode ---------------------------------------------------------------------


def first_seconds(grid: Grid, solver: str, constraints: str) -> float | None:
    """Seconds for python-constraint's first solution (run in the worker); None: no solution found."""
    start = time.perf_counter()
    solution = pc.build_problem(grid, solver, constraints=constraints).getSolution()
    return time.perf_counter() - start if solution is not None else None


def smallest_seconds(grid: Grid, solver: str, constraints: str) -> float | None:
    """Seconds for the guaranteed smallest solution (run in the worker)."""
    start = time.perf_counter()
    try:
        pc.smallest(grid, solver, constraints)
    except NoSolutionError:
        return None
    return time.perf_counter() - start


def bench_solvers(subset: int, cap: float, give_up_after: int, measures: list[str]) -> None:
    """The solver x constraint form table (see the module docstring)."""
    worker = KillableWorker()
    sets = {name: datasets.load(name)[:subset] for name in ("top95", "easy50")}
    functions = {"first": first_seconds, "smallest": smallest_seconds}
    print(f"## solvers x constraint forms: first {subset} of top95 and easy50, cap {cap:g} s per run")
    print(f"{'measure':<9} {'solver':<18} {'form':<15} {'set':<7} {'solved':>7} {'median s':>9} {'max s':>8}")
    for measure in measures:
        for solver in pc.SOLVERS:
            if measure == "smallest" and solver not in pc.COMPLETE_SOLVERS:
                continue
            for form in pc.CONSTRAINT_FORMS:
                for set_name, puzzles in sets.items():
                    row = _solver_row(worker, functions[measure], puzzles, solver, form, cap, give_up_after)
                    print(f"{measure:<9} {solver:<18} {form:<15} {set_name:<7} {row}", flush=True)
    worker.stop()


def _solver_row(worker, function, puzzles, solver, form, cap, give_up_after) -> str:
    """Run one configuration on a set; failures count as ``cap`` seconds in the median and max."""
    seconds, solved, timeouts_in_a_row, skipped, gave_up = [], 0, 0, 0, 0
    for puzzle in puzzles:
        if timeouts_in_a_row >= give_up_after:
            skipped += 1
            seconds.append(cap)
            continue
        try:
            elapsed, _ = worker.call(function, (puzzle, solver, form), cap)
        except TimeoutError:
            timeouts_in_a_row += 1
            seconds.append(cap)
            continue
        timeouts_in_a_row = 0
        if elapsed is None:  # MinConflicts gave up (its step limit), counted as a failure
            gave_up += 1
            seconds.append(cap)
            continue
        solved += 1
        seconds.append(elapsed)
    note = f"  ({skipped} not run after {give_up_after} timeouts)" if skipped else ""
    note += f"  ({gave_up} gave up before the cap)" if gave_up else ""
    return (
        f"{solved:>3}/{len(puzzles):<3} {statistics.median(seconds):9.3f} {max(seconds):8.3f}"
        f"{' (cap)' if max(seconds) >= cap else ''}{note}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--solvers", action="store_true", help="print the solver x constraint form table")
    parser.add_argument("--subset", type=int, default=10, help="puzzles per set in --solvers mode (10)")
    parser.add_argument("--cap", type=float, default=20.0, help="seconds per run in --solvers mode (20)")
    parser.add_argument("--give-up-after", type=int, default=2, help="timeouts in a row before skipping (2)")
    parser.add_argument(
        "--measures", default="first,smallest", help="--solvers measures: first,smallest (both)"
    )
    parser.add_argument("--top95-cap", type=float, default=60.0, help="time limit per top95 puzzle (60)")
    parser.add_argument("--hex16-limit", type=float, default=60.0, help="time limit per hex16 puzzle (60)")
    parser.add_argument("--overhead-count", type=int, default=20, help="easy50 puzzles for the overhead (20)")
    parser.add_argument("--skip", default="", help="default-mode parts to skip: top95,hex16,overhead")
    add_write_option(parser, __file__)
    args = parser.parse_args()
    with recording() as log:
        print(machine())
        if args.solvers:
            bench_solvers(args.subset, args.cap, args.give_up_after, args.measures.split(","))
        else:
            skip = set(filter(None, args.skip.split(",")))
            if "top95" not in skip:
                bench_top95(args.top95_cap)
            if "overhead" not in skip:
                bench_overhead(args.overhead_count)
            if "hex16" not in skip:
                bench_hex16(args.hex16_limit)
            pc.shutdown_worker()
    write_if_asked(
        args,
        log,
        "python-constraint: solvers, time limits, 16x16",
        f"top95 and easy50 (the first {args.subset} of each)"
        if args.solvers
        else f"top95, hex16, easy50 (the first {args.overhead_count}); skipped: {args.skip or 'nothing'}",
    )


if __name__ == "__main__":
    main()
