"""Long sums at speed (issue 31, item 5): arrow puzzles whose circles are two-cell pills
(``10·a + b``) fed by long arrows, on the default backend against its route before.

Reads ``benchmarks/data/long_sums.json`` (made by ``benchmarks/make_long_sums.py``) or
the JSON files given, solves each puzzle with each backend in this process (CPU seconds
of the process, CP-SAT's threads included; each answer checked against the record's
solution), and prints the median and max per backend and the per-puzzle ratios of the
default backend to the baseline. The baseline, ``auto (before)``, is the default
backend with the route it took before issue 31 (the backtracker under its budget, then
SAT: ``auto.MULTI_DIGIT`` switched off for the run); ``sat``, ``cpsat`` and
``backtracking`` are shown alone.

Usage::

    python benchmarks/bench_long_sums.py                  # the bundled set, every backend
    python benchmarks/bench_long_sums.py --write          # also docs/benchmarks/bench_long_sums.md
    python benchmarks/bench_long_sums.py benchmarks/data/long_sums_3.json --time-limit 20 \
        --without-givens "auto,auto (before)" --write docs/benchmarks/bench_long_sums_3.md
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import add_write_option, machine, recording, write_if_asked  # noqa: E402

import sudoku_cp  # noqa: E402
from sudoku_cp import Puzzle, SolveTimeoutError  # noqa: E402
from sudoku_cp.backends import auto  # noqa: E402

DEFAULT = Path(__file__).resolve().parent / "data" / "long_sums.json"
BACKENDS = ("auto", "auto (before)", "sat", "cpsat", "backtracking")


def solve_seconds(puzzle: Puzzle, solution: str, backend: str, time_limit: float) -> float:
    """CPU seconds of one checked solve (``inf`` past the time limit)."""
    name, before = ("auto", True) if backend == "auto (before)" else (backend, False)
    saved = auto.MULTI_DIGIT
    auto.MULTI_DIGIT = 10**9 if before else saved
    try:
        start = time.process_time()
        try:
            grid = sudoku_cp.solve(puzzle, backend=name, time_limit=time_limit)
        except SolveTimeoutError:
            return float("inf")
        seconds = time.process_time() - start
    finally:
        auto.MULTI_DIGIT = saved
    if grid.to_string() != solution:
        raise AssertionError(f"{backend} gave a wrong answer to {puzzle.metadata.get('title')}")
    return seconds


def run(title: str, records: list[dict], backends: list[str], time_limit: float) -> list[dict]:
    """Print one line per puzzle and a summary per backend; the summary rows."""
    print(f"\n{title}: {len(records)} puzzles, CPU seconds per solve (time limit {time_limit:g} s)")
    times: dict[str, list[float]] = {b: [] for b in backends}
    for record in records:
        puzzle = Puzzle.from_dict({k: v for k, v in record.items() if k != "solution"})
        line = [f"{record.get('title', '?'):<28}"]
        for backend in backends:
            seconds = solve_seconds(puzzle, record["solution"], backend, time_limit)
            times[backend].append(seconds)
            line.append(f"{backend} {seconds:6.2f}")
        print("  ".join(line), flush=True)
    rows = []
    for backend in backends:
        capped = [min(t, time_limit) for t in times[backend]]  # a timeout counts as the limit
        median, most = statistics.median(capped), max(capped)
        over, timeouts = sum(t > 5 for t in capped), sum(t == float("inf") for t in times[backend])
        row = {"puzzles": title, "backend": backend, "median s": median, "max s": most}
        rows.append({**row, "over 5 s": over, "timeouts": timeouts})
        summary = f"median {median:.2f} s  max {most:.2f} s  over 5 s: {over}  timeouts: {timeouts}"
        print(f"{backend:<14} {summary}")
    if "auto" in times and "auto (before)" in times:
        pairs = zip(times["auto"], times["auto (before)"], strict=True)
        ratios = [min(a, time_limit) / min(b, time_limit) for a, b in pairs if b > 0.05]
        if ratios:
            middle = statistics.median(ratios)
            print(
                f"auto / auto (before), puzzles over 0.05 s before: median x{middle:.2f}, "
                f"max x{max(ratios):.2f} ({len(ratios)} puzzles; a timeout counts as the time limit)"
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help=f"JSON record files (default {DEFAULT.name})")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per solve (default 60)")
    parser.add_argument("--backends", default=",".join(BACKENDS), help="comma-separated (default: all five)")
    parser.add_argument(
        "--without-givens",
        default=",".join(BACKENDS[:3]),
        help="also solve each puzzle without its givens (several solutions: the smallest, proven) "
        "with these backends (default: the first three; '' for none)",
    )
    add_write_option(parser, __file__)
    args = parser.parse_args()
    records = [r for path in (args.files or [DEFAULT]) for r in json.loads(path.read_text())]
    backends = args.backends.split(",")
    bare = [b for b in args.without_givens.split(",") if b]
    for backend in {b.split(" ")[0] for b in backends + bare}:
        sudoku_cp.solve("1234341221434321", backend=backend)
    rows = []
    with recording() as log:
        print(machine())
        rows += run("with their givens (one solution)", records, backends, args.time_limit)
        if bare:
            empty = []
            for record in records:
                smallest = sudoku_cp.solve(
                    Puzzle.from_dict({**record, "grid": "." * len(record["grid"]), "solution": ""}),
                    backend="cpsat",
                )
                title = record.get("title", "?").replace("long sums", "no givens")
                empty.append(
                    {
                        **record,
                        "grid": "." * len(record["grid"]),
                        "solution": smallest.to_string(),
                        "title": title,
                    }
                )
            rows += run("without givens (the smallest of several solutions)", empty, bare, args.time_limit)
    import pandas

    write_if_asked(
        args,
        log,
        "Long sums: arrows into pills",
        f"{', '.join(p.name for p in (args.files or [DEFAULT]))} ({len(records)} puzzles)",
        [pandas.DataFrame(rows)],
        notes=(
            "The two published long-arrow puzzles of issue 31 are not in the corpus of real links "
            "(/work/corpus holds no arrow with a two-cell circle); these generated ones stand in, "
            "and the same puzzles without their givens stand in for hard ones. `auto (before)` is "
            "the default backend on its route before issue 31 (the backtracker, then SAT)."
        ),
    )


if __name__ == "__main__":
    main()
