"""Benchmark the SAT backend: speed with the guarantee, against CP-SAT, and its choices.

Sections (each on the named data sets, default top95 and hex16; in the same run, best of
``--repeat`` runs per puzzle):

* ``main``: ``sudoku_cp.sat.solve`` (the backend, smallest solution proven), the same
  solver's first solution (``sudoku_cp.sat.first_solution``, no guarantee) and
  ``sudoku_cp.cpsat.solve``: median, mean and max milliseconds, the ratio sat/cpsat and
  the cost of the guarantee (guaranteed/first), both of medians.
* ``solvers``: the guaranteed solve with each PySAT solver (why CaDiCaL is the default).
* ``encodings``: minimal and extended, each with pairwise and sequential-counter
  at-most-ones: clauses, variables, mean conflicts and decisions, median milliseconds.
* ``proofs``: the two proofs of the smallest solution, the lexicographic chain and the
  witness method under assumptions: solver calls and milliseconds.
* ``large`` (meant for ``--dataset sudoku25``): the guaranteed solve of grids whose formula
  gets a solver of its own, with CaDiCaL's default options and with
  ``sat_runner.LARGE_CONFIGURATION``: CPU seconds and conflicts per puzzle.

The first call of a rule set loads its clauses into a solver that the later calls reuse
(see ``sudoku_cp.backends.sat_runner``); each configuration's run starts with fresh
solvers, their clauses loaded before the clock starts. ``--csv PATH`` writes one row
per (section, configuration, puzzle) with the seconds and the effort counters, for the
notebooks.

Usage::

    python benchmarks/bench_sat.py                                   # every section
    python benchmarks/bench_sat.py --section main --dataset top95 --dataset hex16
    python benchmarks/bench_sat.py --section encodings --csv sat_encodings.csv
    python benchmarks/bench_sat.py --section large --dataset sudoku25 --repeat 1 \\
        --write docs/benchmarks/bench_sat_large.md
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import add_write_option, datasets_text, machine, recording, summary_ms, write_if_asked  # noqa: E402

from sudoku_cp import cpsat, datasets, sat  # noqa: E402
from sudoku_cp.backends import sat_runner  # noqa: E402
from sudoku_cp.backends.sat_encoding import formula  # noqa: E402
from sudoku_cp.backends.sat_runner import forget_solvers  # noqa: E402
from sudoku_cp.io.inputs import to_puzzle  # noqa: E402

SOLVERS = ["cadical195", "cadical153", "glucose4", "glucose3", "minisat22", "maplechrono", "mergesat3"]
ENCODINGS = [(e, a) for e in ("minimal", "extended") for a in ("pairwise", "seqcounter")]

ROWS: list[dict] = []
OPTIONS: dict = {}  # options of sat.solve for every section but "solvers" (--solver)


def load(name: str, limit: int | None) -> list:
    """The puzzles of a bundled set, or of ``<set>-sparse``: each puzzle without the givens of
    its even-numbered cells (row-major from 0), so that most have many solutions and the
    proof of the smallest one has work to do."""
    base, _, sparse = name.partition("-")
    grids = datasets.load(base)[:limit]
    if sparse:
        grids = [
            grid.with_cells([v if v and i % 2 else 0 for i, v in enumerate(grid.cells)]) for grid in grids
        ]
    return [to_puzzle(grid) for grid in grids]


def run_configurations(name: str, section: str, configurations: dict, repeat: int, limit: int | None) -> dict:
    """Time every configuration (label -> function(puzzle) -> stats or None) on every puzzle;
    return the best wall and CPU seconds per puzzle and the stats of the best run, and
    record CSV rows.

    The configurations run one after the other over the whole set, not interleaved: the
    SAT backend keeps one solver per rule set, whose saved phases would hand one
    configuration the answer the previous one just found. For the same reason each run
    starts from fresh solvers, their clauses loaded (``sat.preload``) before the clock starts.
    """
    puzzles = load(name, limit)
    best = {label: [float("inf")] * len(puzzles) for label in configurations}
    cpu = {label: [float("inf")] * len(puzzles) for label in configurations}
    stats = {label: [{}] * len(puzzles) for label in configurations}
    for _ in range(repeat):
        for label, function in configurations.items():
            forget_solvers()
            preload(puzzles[0], label)
            for index, puzzle in enumerate(puzzles):
                start, start_cpu = time.perf_counter(), time.process_time()
                result = function(puzzle)
                seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - start_cpu
                if seconds < best[label][index]:
                    best[label][index], stats[label][index] = seconds, result or {}
                cpu[label][index] = min(cpu[label][index], cpu_seconds)
    for label in configurations:
        for index in range(len(puzzles)):
            ROWS.append(
                {"section": section, "dataset": name, "configuration": label, "puzzle": index}
                | {"seconds": best[label][index], "cpu_seconds": cpu[label][index]}
                | stats[label][index]
            )
    return {"seconds": best, "cpu": cpu, "stats": stats}


def preload(puzzle, label: str) -> None:
    """Load the kept SAT solver of a configuration, whose label names its options."""
    options = dict(OPTIONS)
    if label in SOLVERS:
        options["solver"] = label
    if "/" in label:
        options["encoding"], options["amo"] = label.split("/")
    sat.preload(puzzle, **options)


def median_ratio(a: list[float], b: list[float]) -> float:
    return statistics.median(a) / statistics.median(b)


def main_section(name: str, repeat: int, limit: int | None) -> None:
    result = run_configurations(
        name,
        "main",
        {
            "sat guaranteed": lambda p: sat.solve(p, **OPTIONS)[1],
            "sat first solution": lambda p: sat.first_solution(p, **OPTIONS)[1],
            "cpsat guaranteed": lambda p: cpsat.solve(p)[1],
        },
        repeat,
        limit,
    )
    seconds = result["seconds"]
    for label, times in seconds.items():
        print(summary_ms(f"{name} {label} (wall)", times))
    for label, times in result["cpu"].items():
        print(summary_ms(f"{name} {label} (CPU)", times))
    cpu = result["cpu"]
    print(
        f"{name} (CPU): sat/cpsat x{median_ratio(cpu['sat guaranteed'], cpu['cpsat guaranteed']):.2f}; "
        f"guarantee x{median_ratio(cpu['sat guaranteed'], cpu['sat first solution']):.2f} (medians)"
    )
    print(
        f"{name}: sat/cpsat x{median_ratio(seconds['sat guaranteed'], seconds['cpsat guaranteed']):.2f} "
        f"(medians); the guarantee costs x"
        f"{median_ratio(seconds['sat guaranteed'], seconds['sat first solution']):.2f} (medians), x"
        f"{statistics.fmean(seconds['sat guaranteed']) / statistics.fmean(seconds['sat first solution']):.2f}"
        " (means)"
    )
    calls = [s["solver_calls"] for s in result["stats"]["sat guaranteed"]]
    print(f"{name}: sat solver calls mean {statistics.fmean(calls):.2f}, max {max(calls)}")


def solvers_section(name: str, repeat: int, limit: int | None) -> None:
    configurations = {solver: (lambda p, s=solver: sat.solve(p, solver=s)[1]) for solver in SOLVERS}
    result = run_configurations(name, "solvers", configurations, repeat, limit)
    for label, times in result["seconds"].items():
        print(summary_ms(f"{name} sat solver={label} (wall)", times))
    for label, times in result["cpu"].items():
        print(summary_ms(f"{name} sat solver={label} (CPU)", times))


def encodings_section(name: str, repeat: int, limit: int | None) -> None:
    configurations = {
        f"{encoding}/{amo}": (lambda p, e=encoding, a=amo: sat.solve(p, encoding=e, amo=a, **OPTIONS)[1])
        for encoding, amo in ENCODINGS
    }
    result = run_configurations(name, "encodings", configurations, repeat, limit)
    puzzle = load(name, 1)[0]
    for (encoding, amo), label in zip(ENCODINGS, configurations, strict=True):
        rules = formula(puzzle, encoding=encoding, amo=amo)
        stats = result["stats"][label]
        print(
            f"{name} {label:<20} clauses(no givens)={rules.clause_count - puzzle.givens:>7} "
            f"variables={rules.variables:>6}  "
            f"conflicts mean={statistics.fmean(s['conflicts'] for s in stats):8.1f}  "
            f"decisions mean={statistics.fmean(s['decisions'] for s in stats):9.1f}  "
            f"median={1000 * statistics.median(result['seconds'][label]):8.2f} ms  "
            f"max={1000 * max(result['seconds'][label]):8.1f} ms"
        )


def proofs_section(name: str, repeat: int, limit: int | None) -> None:
    configurations = {proof: (lambda p, q=proof: sat.solve(p, proof=q, **OPTIONS)[1]) for proof in sat.PROOFS}
    result = run_configurations(name, "proofs", configurations, repeat, limit)
    for label, times in result["seconds"].items():
        calls = [s["solver_calls"] for s in result["stats"][label]]
        print(
            summary_ms(f"{name} sat proof={label}", times)
            + f"  solver calls mean={statistics.fmean(calls):.2f}"
        )


def _with_large_configuration(configuration: dict, puzzle) -> dict:
    """The guaranteed solve's stats, its per-puzzle solvers configured by ``configuration``
    (solver name -> options) instead of ``sat_runner.LARGE_CONFIGURATION``."""
    kept = sat_runner.LARGE_CONFIGURATION
    sat_runner.LARGE_CONFIGURATION = configuration
    try:
        return sat.solve(puzzle, **OPTIONS)[1]
    finally:
        sat_runner.LARGE_CONFIGURATION = kept


def large_section(name: str, repeat: int, limit: int | None) -> None:
    chosen = sat_runner.LARGE_CONFIGURATION
    configurations = {
        "solver defaults": lambda p: _with_large_configuration({}, p),
        f"configured {chosen}": lambda p: _with_large_configuration(chosen, p),
    }
    result = run_configurations(name, "large", configurations, repeat, limit)
    for label, times in result["cpu"].items():
        print(summary_ms(f"{name} sat {label} (CPU)", times))
    for label in configurations:
        cpu, stats = result["cpu"][label], result["stats"][label]
        per_puzzle = ", ".join(
            f"{i}: {t:.1f} s/{s.get('conflicts', 0)}" for i, (t, s) in enumerate(zip(cpu, stats, strict=True))
        )
        print(f"{name} {label}: CPU seconds/conflicts per puzzle {per_puzzle}; max {max(cpu):.1f} s")


SECTIONS = {
    "main": main_section,
    "solvers": solvers_section,
    "encodings": encodings_section,
    "proofs": proofs_section,
    "large": large_section,
}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    names = datasets.names() + [f"{name}-sparse" for name in datasets.names()]
    parser.add_argument(
        "--dataset", action="append", choices=names, help="repeatable; NAME-sparse: half the givens"
    )
    parser.add_argument("--section", action="append", choices=list(SECTIONS), help="repeatable; default all")
    parser.add_argument("--repeat", type=int, default=3, help="runs per puzzle; the best is kept (default 3)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N puzzles of each set")
    parser.add_argument("--csv", type=Path, default=None, help="write every timed call to this CSV file")
    parser.add_argument("--solver", default=None, help="the PySAT solver of every section but 'solvers'")
    add_write_option(parser, __file__)
    args = parser.parse_args()
    with recording() as log:
        if args.solver:
            OPTIONS["solver"] = args.solver
        print(machine())
        print(f"# repeat={args.repeat} limit={args.limit} solver={args.solver or sat.DEFAULT_SOLVER}")
        for section in args.section or [name for name in SECTIONS if name != "large"]:
            for name in args.dataset or ["top95", "hex16"]:
                print(f"## {section}: {name}", flush=True)
                SECTIONS[section](name, args.repeat, args.limit)
        if args.csv is not None:
            fields = list(dict.fromkeys(key for row in ROWS for key in row))
            with args.csv.open("w", newline="") as stream:
                writer = csv.DictWriter(stream, fieldnames=fields)
                writer.writeheader()
                writer.writerows(ROWS)
            print(f"wrote {len(ROWS)} rows to {args.csv}")
    write_if_asked(
        args,
        log,
        "The SAT backend: encodings, solvers, proofs",
        datasets_text(args.dataset or ["top95", "hex16"], limit=args.limit),
    )


if __name__ == "__main__":
    main()
