"""Benchmark every backend on variant puzzles: seconds per puzzle, per file and backend.

Reads JSON files of puzzle records (the format of ``sudoku_cp.Puzzle.from_dict``), such
as the verified public variant sets beside the project (``../shared/data/variants``,
whose licences allow local benchmarking only, so they are read from where they are and
never copied into the package). Each puzzle is solved by every backend with the
smallest-solution guarantee and the answer is checked: it must obey every rule and, when
the record carries its ``solution``, equal it. Prints, per file and backend, the count,
the median and the max seconds, and the timeouts.

Usage::

    python benchmarks/bench_variants.py                                  # ../shared/data/variants
    python benchmarks/bench_variants.py path/to/killer.json --backends backtracking,cpsat
    python benchmarks/bench_variants.py --time-limit 60 --limit 20
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

DEFAULT_PATH = Path(__file__).resolve().parents[2] / "shared" / "data" / "variants"

ROWS: list[dict[str, object]] = []
"""One row per file and backend, for the report's table."""


def warm_up(backends: list[str]) -> None:
    """Solve one small puzzle per backend, so no file's first puzzle pays an import.

    A backend's first call imports its solver library (OR-Tools alone takes most of a
    second); timed inside the first file's first puzzle, that cost would be reported as
    solving time.
    """
    four_by_four = "123434.........."
    for backend in backends:
        sudoku_cp.solve(four_by_four, backend=backend)


def bench_file(path: Path, backends: list[str], time_limit: float, limit: int | None) -> bool:
    """Print one line per backend for the puzzles of one file; False if an answer was wrong.

    A file the package cannot read (a variant it does not support yet) is reported and skipped.
    """
    try:
        puzzles = sudoku_cp.load_puzzles(path)[:limit]
    except sudoku_cp.InvalidPuzzleError as error:
        print(f"{path.name:<24} skipped: {error}", flush=True)
        return True
    all_right = True
    for backend in backends:
        seconds, timeouts = [], 0
        for puzzle in puzzles:
            start = time.perf_counter()
            try:
                solution = sudoku_cp.solve(puzzle, backend=backend, time_limit=time_limit)
            except sudoku_cp.SolveTimeoutError:
                timeouts += 1
                continue
            seconds.append(time.perf_counter() - start)
            expected = puzzle.metadata.get("solution")
            if not puzzle.is_solved_by(solution) or (expected and solution.to_string() != expected):
                all_right = False
                print(f"WRONG ANSWER: {path.name} {puzzle.metadata.get('id')} {backend}")
        ROWS.append(
            {
                "file": path.name,
                "backend": backend,
                "puzzles": len(puzzles),
                "median s": statistics.median(seconds) if seconds else float("nan"),
                "max s": max(seconds) if seconds else float("nan"),
                "timeouts": timeouts,
            }
        )
        median = f"{statistics.median(seconds):8.3f}" if seconds else "       -"
        worst = f"{max(seconds):8.3f}" if seconds else "       -"
        print(
            f"{path.name:<24} {backend:<18} n={len(puzzles):<4} median={median} s  max={worst} s  "
            f"timeouts={timeouts}",
            flush=True,
        )
    return all_right


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("paths", nargs="*", type=Path, help=f"JSON files or folders (default {DEFAULT_PATH})")
    parser.add_argument("--backends", default=",".join(sudoku_cp.backend_names()), help="comma-separated")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle (default 60)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N puzzles of each file")
    add_write_option(parser, __file__)
    args = parser.parse_args()
    with recording() as log:
        files = []
        for path in args.paths or [DEFAULT_PATH]:
            files += sorted(path.glob("*.json")) if path.is_dir() else [path]
        if not files:
            parser.error(f"no JSON files found in {args.paths or DEFAULT_PATH}")
        print(machine())
        backends = [b.strip() for b in args.backends.split(",") if b.strip()]
        warm_up(backends)
        results = [bench_file(path, backends, args.time_limit, args.limit) for path in files]
    import pandas

    table = pandas.DataFrame(ROWS, columns=["file", "backend", "puzzles", "median s", "max s", "timeouts"])
    write_if_asked(
        args,
        log,
        "Every backend on the variant files",
        f"{len(files)} files of {files[0].parent.name}/: "
        + ", ".join(f.name for f in files)
        + (f" (the first {args.limit} puzzles of each)" if args.limit else ""),
        tables=["## Seconds per puzzle, by file and backend (wall; answers checked)", table],
    )
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
