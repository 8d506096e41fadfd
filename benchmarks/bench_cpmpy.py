"""Benchmark the "cpmpy" backend: every installed CPMpy solver, with the guarantee (the
smallest row-major solution, proven), against plain one-worker CP-SAT in the same run.

For each data set (default top95; ``--variants`` adds the bundled variant sets, the first
``--variant-limit`` puzzles of each) the reference is ``sudoku_cp.cpsat.solve`` with one
worker (the ``"cpsat"`` backend, proven smallest solution); then each solver solves every
puzzle through the bridge (``sudoku_cp.backends.cpmpy_bridge.solve``), after one untimed
warm-up solve (imports, the solver's first start). Per (set, solver): CPU milliseconds
per puzzle (``time.process_time``: the whole process, helper threads included, plus the
child process's CPU for the solvers the bridge runs in one, its stats ``cpu_time``, not
counted when the call fails; CPMpy's transformation of the model included), median and
max, the ratio of medians against CP-SAT, the median of the solver's own ``solve_time``
(the wall time CPMpy reports, summed over a puzzle's solves: on a loaded machine it can
exceed the CPU time), and how many answers equal CP-SAT's (a timeout, a refusal or a
different answer counts against).

Usage::

    python benchmarks/bench_cpmpy.py                                  # every solver, top95
    python benchmarks/bench_cpmpy.py --solver choco --solver ortools --limit 20
    python benchmarks/bench_cpmpy.py --variants --variant-limit 2 --write
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import add_write_option, datasets_text, machine, recording, summary_ms, write_if_asked  # noqa: E402

from sudoku_cp import cpsat, datasets  # noqa: E402
from sudoku_cp.backends import cpmpy_bridge  # noqa: E402
from sudoku_cp.errors import NotSupportedError, SolveTimeoutError, SudokuError  # noqa: E402
from sudoku_cp.io.inputs import to_puzzle  # noqa: E402


def cpu_ms(function, *args, **kwargs):
    """``(result or the exception raised, CPU milliseconds)``: this process's, plus the
    child process's (stats ``cpu_time``) for the solvers the bridge runs in one."""
    start = time.process_time()
    try:
        result = function(*args, **kwargs)
    except SudokuError as error:
        result = error
    child = result[1].get("cpu_time", 0.0) if isinstance(result, tuple) else 0.0
    return result, (time.process_time() - start + child) * 1000


def run_set(name: str, puzzles: list, solvers: list[str], time_limit: float) -> list[dict]:
    """Time CP-SAT and every solver on the puzzles; print one line each; return table rows."""
    reference, cpsat_ms = [], []
    for puzzle in puzzles:
        (grid, _), ms = cpu_ms(cpsat.solve, puzzle, workers=1)
        reference.append(grid)
        cpsat_ms.append(ms)
    base = statistics.median(cpsat_ms)
    print(summary_ms(f"{name} cpsat (1 worker)", [ms / 1000 for ms in cpsat_ms]))
    rows = [{"set": name, "solver": "cpsat (reference)", "n": len(puzzles), "same answer": len(puzzles),
             "median CPU ms": base, "max CPU ms": max(cpsat_ms), "ratio": 1.0,
             "solver's own median wall ms": None, "note": ""}]  # fmt: skip
    for solver in solvers:
        warm, _ = cpu_ms(cpmpy_bridge.solve, puzzles[0], solver=solver, time_limit=time_limit)
        if isinstance(warm, NotSupportedError):
            print(f"{name} {solver}: refused: {str(warm)[:150]}")
            rows.append(
                {"set": name, "solver": solver, "n": len(puzzles), "same answer": 0, "note": str(warm)[:120]}
            )
            continue
        times, own, same, notes = [], [], 0, {}
        for puzzle, expected in zip(puzzles, reference, strict=True):
            result, ms = cpu_ms(cpmpy_bridge.solve, puzzle, solver=solver, time_limit=time_limit)
            times.append(ms)
            if isinstance(result, Exception):
                kind = "timeout" if isinstance(result, SolveTimeoutError) else type(result).__name__
                notes[kind] = notes.get(kind, 0) + 1
                continue
            grid, stats = result
            own.append(stats["solve_time"] * 1000)
            if grid == expected:
                same += 1
            else:
                notes["different answer"] = notes.get("different answer", 0) + 1
        median = statistics.median(times)
        print(summary_ms(f"{name} {solver}", [ms / 1000 for ms in times]) + f"  same={same}/{len(puzzles)}")
        rows.append({"set": name, "solver": solver, "n": len(puzzles), "same answer": same,
                     "median CPU ms": median, "max CPU ms": max(times), "ratio": median / base,
                     "solver's own median wall ms": statistics.median(own) if own else None,
                     "note": ", ".join(f"{k}: {v}" for k, v in notes.items())})  # fmt: skip
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--solver", action="append", help="a CPMpy solver (repeatable; default every installed one)"
    )
    parser.add_argument(
        "--dataset", action="append", help="a bundled classic set (repeatable; default top95)"
    )
    parser.add_argument("--limit", type=int, default=None, help="the first N puzzles of each classic set")
    parser.add_argument("--variants", action="store_true", help="also the bundled variant sets")
    parser.add_argument(
        "--variant-limit", type=int, default=2, help="the first N puzzles of each variant set"
    )
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle (default 60)")
    add_write_option(parser, __file__)
    args = parser.parse_args(argv)
    solvers = args.solver or cpmpy_bridge.available_solvers()
    sets = [(name, args.limit) for name in args.dataset or ["top95"]]
    if args.variants:
        sets += [(name, args.variant_limit) for name in datasets.names() if datasets.is_variant_set(name)]
    with recording() as log:
        print(machine())
        print(f"# solvers: {', '.join(solvers)}")
        rows = []
        for name, limit in sets:
            puzzles = [to_puzzle(p) for p in datasets.load(name)[:limit]]
            rows += run_set(name, puzzles, solvers, args.time_limit)
    import pandas

    table = pandas.DataFrame(rows)
    print(table.to_string(index=False))
    names = ", ".join(f"{name} (first {limit})" if limit else name for name, limit in sets)
    write_if_asked(
        args,
        log,
        "CPMpy bridge: every installed solver, with the guarantee, against CP-SAT",
        datasets_text([names]),
        tables=["## Per set and solver (CPU ms per puzzle; ratio of medians against CP-SAT)", table],
        notes="Every answer is the proven smallest row-major solution; 'same answer' counts those "
        "equal to CP-SAT's. CPU time includes CPMpy's transformation of the model for the solver.",
    )


if __name__ == "__main__":
    main()
