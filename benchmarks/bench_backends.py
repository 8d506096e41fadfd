"""Every backend on every bundled set, against plain CP-SAT and against Norvig's solver.

For each bundled set (a random sample of the large ones) every puzzle is solved, in the
same run and interleaved puzzle by puzzle, by:

* each backend named (default ``auto``, ``backtracking``, ``cpsat``,
  ``python-constraint``, the last on classic 9x9 sets only), through
  ``sudoku_cp.solve_with_stats``: the proven smallest solution;
* ``plain CP-SAT``: ``sudoku_cp.cpsat.first_solution``, one default one-worker CP-SAT
  solve of the same model, with no guarantee;
* ``Norvig``: a re-implementation of Peter Norvig's constraint propagation and search
  ("Solving Every Sudoku Puzzle", 2006, https://norvig.com/sudoku.html), first solution
  only, no guarantee; classic grids up to 16x16, not variants.

Times are CPU seconds of this process (``time.process_time``), which other processes on
a shared machine disturb less than wall time; each puzzle's best of ``--repeat`` runs
is kept. OR-Tools is imported, and each solver called once, before timing. A solve that
runs out of ``--time-limit`` counts as the limit (its median is then a lower bound,
marked ``>``). Prints one line per set and solver, then a Markdown table (medians in
milliseconds, and each backend's median over plain CP-SAT's and over Norvig's) for the
README.

Usage::

    python benchmarks/bench_backends.py                                   # every set
    python benchmarks/bench_backends.py --dataset top95 --dataset hex16 --repeat 3
    python benchmarks/bench_backends.py --dataset sudoku25 --time-limit 60 --limit 4
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine  # noqa: E402

import sudoku_cp  # noqa: E402
from sudoku_cp import SolveTimeoutError, cpsat, datasets  # noqa: E402

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
NORVIG_MAX_SIDE = 16  # no time limit can stop it, and it takes minutes and more on sudoku25: n/a there
PYCONSTRAINT_MAX_SIDE = 9  # python-constraint takes up to minutes on larger grids and variants: n/a there


# -- Norvig's solver ------------------------------------------------------------------------
# A re-implementation of the algorithm of Peter Norvig, "Solving Every Sudoku Puzzle"
# (2006): each square keeps a string of possible digits; assigning a digit eliminates the
# others, and elimination propagates two rules: (1) a square reduced to one digit removes
# it from its peers, (2) a unit with only one place left for a digit puts it there. Search
# is depth-first on the square with the fewest possibilities (more than one), trying its
# digits in order on copies of the values. Written from the essay's description for any
# box shape (squares are cell indices, digits are the first n symbols of SYMBOLS).


class Norvig:
    """Norvig's propagation and search for one grid shape."""

    def __init__(self, grid: sudoku_cp.Grid) -> None:
        geometry = grid.geometry
        self.digits = SYMBOLS[: grid.side]
        self.squares = range(grid.side * grid.side)
        self.units = [[u.cells for u in geometry.units if s in u.cells] for s in self.squares]
        self.peers = [set().union(*units) - {s} for s, units in enumerate(self.units)]

    def solve(self, grid: sudoku_cp.Grid) -> dict[int, str] | None:
        values = self.parse_grid(grid)
        return self.search(values) if values else None

    def parse_grid(self, grid: sudoku_cp.Grid) -> dict[int, str] | None:
        values = {s: self.digits for s in self.squares}
        for s, value in enumerate(grid.cells):
            if value and not self.assign(values, s, self.digits[value - 1]):
                return None
        return values

    def assign(self, values: dict[int, str], s: int, d: str) -> dict[int, str] | None:
        other_values = values[s].replace(d, "")
        if all(self.eliminate(values, s, d2) for d2 in other_values):
            return values
        return None

    def eliminate(self, values: dict[int, str], s: int, d: str) -> dict[int, str] | None:
        if d not in values[s]:
            return values
        values[s] = values[s].replace(d, "")
        if len(values[s]) == 0:
            return None
        if len(values[s]) == 1:
            d2 = values[s]
            if not all(self.eliminate(values, s2, d2) for s2 in self.peers[s]):
                return None
        for u in self.units[s]:
            dplaces = [s2 for s2 in u if d in values[s2]]
            if len(dplaces) == 0:
                return None
            if len(dplaces) == 1 and not self.assign(values, dplaces[0], d):
                return None
        return values

    def search(self, values: dict[int, str] | None) -> dict[int, str] | None:
        if values is None:
            return None
        if all(len(values[s]) == 1 for s in self.squares):
            return values
        _, s = min((len(values[s]), s) for s in self.squares if len(values[s]) > 1)
        for d in values[s]:
            found = self.search(self.assign(values.copy(), s, d))
            if found:
                return found
        return None


# -- timing -------------------------------------------------------------------------------


def cpu_time(function: Callable[[], object], time_limit: float) -> float:
    """CPU seconds of one call; ``time_limit`` when it raised SolveTimeoutError."""
    start = time.process_time()
    try:
        function()
    except SolveTimeoutError:
        return time_limit
    return time.process_time() - start


def solvers(puzzle, backends: list[str], time_limit: float) -> dict[str, Callable[[], object]]:
    """The calls to time for one puzzle, by label."""
    calls = {
        name: (lambda name=name: sudoku_cp.solve_with_stats(puzzle, backend=name, time_limit=time_limit))
        for name in backends
        if name != "python-constraint"
    }
    classic_9x9 = isinstance(puzzle, sudoku_cp.Grid) and puzzle.side <= PYCONSTRAINT_MAX_SIDE
    if "python-constraint" in backends and classic_9x9:
        # no time limit: with one, python-constraint solves in a child process, whose CPU
        # time this process would not see
        calls["python-constraint"] = lambda: sudoku_cp.solve(puzzle, backend="python-constraint")
    calls["plain CP-SAT"] = lambda: cpsat.first_solution(puzzle, time_limit=time_limit)
    if isinstance(puzzle, sudoku_cp.Grid) and puzzle.box is not None and puzzle.side <= NORVIG_MAX_SIDE:
        norvig = Norvig(puzzle)
        calls["Norvig"] = lambda: norvig.solve(puzzle)
    return calls


def bench(name: str, backends: list[str], args: argparse.Namespace) -> dict[str, tuple[float, int]]:
    """Per solver: (median CPU seconds, number of timeouts) on one set; prints one line each."""
    sample = args.sample if datasets.count(name) > args.sample else None
    puzzles = datasets.load(name, sample=sample)[: args.limit]
    for call in solvers(puzzles[0], backends, args.time_limit).values():
        call()  # imports and first-call costs stay out
    best: dict[str, list[float]] = {}
    for _ in range(args.repeat):
        for index, puzzle in enumerate(puzzles):
            for label, call in solvers(puzzle, backends, args.time_limit).items():
                seconds = cpu_time(call, args.time_limit)
                times = best.setdefault(label, [float("inf")] * len(puzzles))
                times[index] = min(times[index], seconds)
    result = {}
    for label, times in best.items():
        timeouts = sum(t >= args.time_limit for t in times)
        result[label] = (statistics.median(times), timeouts)
        print(
            f"{name:<12} {label:<14} n={len(times):<4} median={statistics.median(times) * 1000:10.2f} ms  "
            f"max={max(times) * 1000:10.2f} ms  timeouts={timeouts}",
            flush=True,
        )
    return result


def markdown(table: dict[str, dict[str, tuple[float, int]]], backends: list[str]) -> str:
    """The README table: per set, each solver's median (ms) and each backend's ratios."""
    columns = [*backends, "plain CP-SAT", "Norvig"]
    head = "| set | " + " | ".join(f"{c} (ms)" for c in columns)
    head += " | " + " | ".join(f"{b} / plain CP-SAT | {b} / Norvig" for b in backends) + " |"
    rows = [head, "|" + "---|" * (1 + len(columns) + 2 * len(backends))]

    def median(row, label):
        seconds, timeouts = row.get(label, (None, 0))
        if seconds is None:
            return "n/a"
        return (">" if timeouts else "") + f"{seconds * 1000:.1f}"

    def ratio(row, label, base):
        if label not in row or base not in row:
            return "n/a"
        mark = ">" if row[label][1] else ""
        return f"{mark}{row[label][0] / row[base][0]:.2f}"

    for name, row in table.items():
        cells = [median(row, c) for c in columns]
        for backend in backends:
            cells += [ratio(row, backend, "plain CP-SAT"), ratio(row, backend, "Norvig")]
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dataset", action="append", choices=datasets.names(), help="repeatable")
    parser.add_argument("--backends", default="auto,backtracking,cpsat,python-constraint", help="a,b,...")
    parser.add_argument("--sample", type=int, default=100, help="sample size of larger sets (default 100)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N puzzles of each set")
    parser.add_argument("--repeat", type=int, default=1, help="runs per puzzle; the best is kept (default 1)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per solve (default 60)")
    args = parser.parse_args()
    backends = args.backends.split(",")
    print(machine())
    print(f"# CPU time; sample={args.sample} limit={args.limit} repeat={args.repeat}", end=" ")
    print(f"time_limit={args.time_limit}")
    table = {name: bench(name, backends, args) for name in args.dataset or datasets.names()}
    print()
    print(markdown(table, backends))


if __name__ == "__main__":
    main()
