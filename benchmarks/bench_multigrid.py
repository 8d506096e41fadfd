"""Benchmark every backend on multi-grid boards (Samurai and kin): seconds per puzzle, by family.

Reads JSON files of multi-grid records (``layout`` or ``grids``, ``box``, ``size``,
``grid``, ``solution``; see ``sudoku_cp.model.multigrid``), such as the published puzzles beside
the project (``../shared/data/variants/multigrid.json``, whose licence is not stated: it
is read from where it is and never copied into the package), or the package's own
``sudoku_cp/data/gen_samurai.json``. Each puzzle is solved by every backend that accepts
it, with the smallest-solution guarantee and a time limit, and the answer is checked: it
must solve the puzzle and equal the record's ``solution`` (the inside cells row by row).
The family of a puzzle is its board's layout name (``samurai``, ``butterfly``, ...;
``custom`` for other corners), read from the board, not from the record's id.

Prints, per family and backend, the count, the median and max CPU seconds of this
process (``time.process_time``: CP-SAT's and HiGHS's threads included) and the median
wall seconds; the report adds each median wall time over the backtracker's for the same
family in the same run. python-constraint solves in a worker process, whose CPU time
this process does not see: for it, read the wall column.

Usage::

    python benchmarks/bench_multigrid.py                          # ../shared/data/variants/multigrid.json
    python benchmarks/bench_multigrid.py sudoku_cp/data/gen_samurai.json --backends cpsat,backtracking
    python benchmarks/bench_multigrid.py --time-limit 60 --write
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import add_write_option, machine, recording, write_if_asked  # noqa: E402

import sudoku_cp  # noqa: E402

DEFAULT_PATHS = [
    Path(__file__).resolve().parents[2]
    / "shared"
    / "data"
    / "variants"
    / "multigrid.json",  # beside the project
    Path(__file__).resolve().parents[1] / "sudoku_cp" / "data" / "gen_samurai.json",
]

COLUMNS = [
    "file",
    "family",
    "backend",
    "puzzles",
    "right",
    "median cpu s",
    "max cpu s",
    "median wall s",
    "wall / backtracking",
    "timeouts",
]
BASELINE = "backtracking"
"""The backend each median wall time is divided by, per family, in the same run."""


SOURCES = (
    "Where the record files come from: `multigrid.json` is `../shared/data/variants/` (19 janko.at "
    "puzzles); a file of five janko.at puzzles per family is made from a checkout of "
    "github.com/SmilingWayne/puzzlekit-dataset by `python benchmarks/multigrid_records.py "
    "CHECKOUT/assets/data --per-family 5 --check -o janko_multigrid_5_per_family.json` (corners read "
    "off each solution, uniqueness proven by an independent CP-SAT model); neither is shipped, as "
    "their licence is not stated. `gen_samurai.json` is the package's own (bundled)."
)


def family(puzzle: sudoku_cp.Puzzle) -> str:
    """The board's layout name (``custom`` for corners of no named layout)."""
    return puzzle.grid.board.layout_name or "custom"


def warm_up(backends: list[str]) -> None:
    """Solve one small board per backend, so no family's first puzzle pays an import."""
    small = {"grids": [[0, 0], [2, 2]], "box": [2, 2], "grid": "1" + "." * 35}
    for backend in backends:
        sudoku_cp.solve(small, backend=backend)


def bench(
    path: Path, puzzles: list[sudoku_cp.Puzzle], backends: list[str], time_limit: float, rows: list[dict]
) -> bool:
    """One row per family of the file and backend; False if an answer was wrong."""
    families: dict[str, list[sudoku_cp.Puzzle]] = {}
    for puzzle in puzzles:
        families.setdefault(family(puzzle), []).append(puzzle)
    all_right = True
    for name, members in families.items():
        for backend in backends:
            cpu, wall, timeouts, right = [], [], 0, 0
            for puzzle in members:
                started, started_cpu = time.perf_counter(), time.process_time()
                try:
                    solution = sudoku_cp.solve(puzzle, backend=backend, time_limit=time_limit)
                except sudoku_cp.SolveTimeoutError:
                    timeouts += 1
                    continue
                except sudoku_cp.NotSupportedError as error:
                    print(f"{path.name:<18} {name:<10} {backend:<18} refused: {error}", flush=True)
                    break
                cpu.append(time.process_time() - started_cpu)
                wall.append(time.perf_counter() - started)
                expected = puzzle.metadata.get("solution")
                if puzzle.is_solved_by(solution) and solution.solution_string() == expected:
                    right += 1
                else:
                    all_right = False
                    print(f"WRONG ANSWER: {puzzle.metadata.get('id')} {backend}", flush=True)
            row = {
                "file": path.name,
                "family": name,
                "backend": backend,
                "puzzles": len(members),
                "right": right,
                "median cpu s": statistics.median(cpu) if cpu else float("nan"),
                "max cpu s": max(cpu) if cpu else float("nan"),
                "median wall s": statistics.median(wall) if wall else float("nan"),
                "timeouts": timeouts,
            }
            rows.append(row)
            print(
                f"{path.name:<18} {name:<10} {backend:<18} n={len(members):<3} right={right:<3} "
                f"median cpu={row['median cpu s']:7.3f} s  max cpu={row['max cpu s']:7.3f} s  "
                f"median wall={row['median wall s']:7.3f} s  timeouts={timeouts}",
                flush=True,
            )
    return all_right


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "paths", nargs="*", type=Path, help="JSON files of multi-grid records (default: see above)"
    )
    parser.add_argument("--backends", default=",".join(sudoku_cp.backend_names()), help="comma-separated")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle (default 60)")
    add_write_option(parser, __file__)
    args = parser.parse_args()
    paths = args.paths or [p for p in DEFAULT_PATHS if p.exists()]
    rows: list[dict] = []
    with recording() as log:
        print(machine())
        files = {path: sudoku_cp.load_puzzles(path) for path in paths}
        backends = [b.strip() for b in args.backends.split(",") if b.strip()]
        warm_up(backends)
        all_right = all(
            [bench(path, puzzles, backends, args.time_limit, rows) for path, puzzles in files.items()]
        )
    import pandas

    base = {r["family"]: r["median wall s"] for r in rows if r["backend"] == BASELINE}
    for row in rows:
        row["wall / backtracking"] = (
            row["median wall s"] / base[row["family"]] if row["family"] in base else float("nan")
        )
    table = pandas.DataFrame(rows, columns=COLUMNS)
    write_if_asked(
        args,
        log,
        "Every backend on multi-grid boards",
        ", ".join(f"{len(puzzles)} puzzles of {p.parent.name}/{p.name}" for p, puzzles in files.items()),
        tables=[SOURCES, "## Seconds per puzzle, by family and backend (answers checked)", table],
    )
    sys.exit(0 if all_right else 1)


if __name__ == "__main__":
    main()
