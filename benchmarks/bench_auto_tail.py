"""Benchmark the tail of the ``"auto"`` portfolio's SAT fallback on real published puzzles:
how many conflicts the SAT backend takes on each puzzle whose route falls back to SAT, and,
on those past a conflict budget, the CPU seconds of SAT against CP-SAT (the figures behind
``sudoku_cp.backends.auto.SAT_CONFLICTS``).

Reads the links corpus (JSON Lines records with a ``link`` and a ``solution``, as
``bench_links.py`` reads them; the records whose licence is unknown are read from a path,
never shipped). Each puzzle is solved in a child process (a fresh interpreter: no solver
kept from another puzzle), by ``"sat"`` with its default options and by ``"cpsat"``,
each capped at ``--time-limit`` seconds; CPU seconds are the child's own.

Usage::

    python benchmarks/bench_auto_tail.py /work/corpus /work/corpus_holdout --jobs 2 --write
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(link: str, backend: str, time_limit: float) -> dict:
    """Solve ``link`` by ``backend`` in this process; its CPU seconds and SAT conflicts."""
    import time

    import sudoku_cp

    start = time.process_time()
    try:
        result = sudoku_cp.solve_with_stats(link, backend=backend, time_limit=time_limit)
    except sudoku_cp.errors.SolveTimeoutError:
        return {"cpu": None, "conflicts": None, "outcome": "timeout"}
    cpu = time.process_time() - start
    return {"cpu": cpu, "conflicts": result.stats.get("conflicts"), "outcome": "solved"}


def run_child(link: str, backend: str, time_limit: float) -> dict:
    """:func:`child` in a fresh interpreter."""
    command = [sys.executable, __file__, "--child", link, backend, str(time_limit)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # this checkout's package, not an installed one
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT, env=env)
    if done.returncode != 0 or not done.stdout.strip():
        last = (done.stderr.strip().splitlines() or ["crash"])[-1][:120]
        return {"cpu": None, "conflicts": None, "outcome": last}
    return json.loads(done.stdout.strip().splitlines()[-1])


def sat_routed(records: list[dict]) -> list[dict]:
    """The records whose ``"auto"`` route falls back to SAT on a grid below
    :data:`sudoku_cp.backends.auto.LARGE_SIDE`, each with its route's label."""
    from sudoku_cp.backends.auto import LARGE_SIDE, route
    from sudoku_cp.errors import SudokuError
    from sudoku_cp.io.inputs import to_puzzle

    chosen = []
    for record in records:
        try:
            model = to_puzzle(record["link"]).model
        except SudokuError:
            continue
        plan = route(model)
        if "sat" in (plan.first, plan.fallback) and model.side < LARGE_SIDE:
            chosen.append({**record, "route": plan.label})
    return chosen


def measure(record: dict, time_limit: float, above: int) -> dict:
    """SAT's row of one record, and CP-SAT's when SAT took more than ``above`` conflicts
    (or ran out of time)."""
    sat = run_child(record["link"], "sat", time_limit)
    row = {"id": record["id"], "route": record["route"], "sat": sat}
    if sat["conflicts"] is None or sat["conflicts"] > above:
        row["cpsat"] = run_child(record["link"], "cpsat", time_limit)
    return row


def report(rows: list[dict], budget: int, time_limit: float) -> str:
    """The distribution of conflicts and the puzzles past ``budget``, as text."""
    conflicts = sorted(r["sat"]["conflicts"] for r in rows if r["sat"]["conflicts"] is not None)

    def quantile(q: float) -> int:
        return conflicts[min(len(conflicts) - 1, int(q * len(conflicts)))] if conflicts else 0

    def seconds(row: dict) -> str:
        if row.get("cpu") is None:
            return f"over {time_limit:g} s ({row['outcome']})"
        return f"{row['cpu']:.2f} s"

    lines = [
        f"# {len(rows)} puzzles whose auto route falls back to SAT (below 20x20); "
        f"SAT solved {len(conflicts)} within {time_limit:g} s",
        f"conflicts: median {statistics.median(conflicts) if conflicts else 0:g}, 90% {quantile(0.9)}, "
        f"99% {quantile(0.99)}, max {conflicts[-1] if conflicts else 0}",
    ]
    over = [r for r in rows if r["sat"]["conflicts"] is None or r["sat"]["conflicts"] > budget]
    lines.append(f"past the budget of {budget} conflicts (or out of time), answered by CP-SAT: {len(over)}")
    compared = sorted((r for r in rows if "cpsat" in r), key=lambda r: -(r["sat"]["conflicts"] or 10**12))
    lines.append("SAT against CP-SAT where SAT took the most conflicts:")
    for row in compared:
        lines.append(
            f"  {row['id']} ({row['route']}): SAT {seconds(row['sat'])}, "
            f"{row['sat']['conflicts'] or '?'} conflicts; CP-SAT {seconds(row['cpsat'])}"
        )
    return "\n".join(lines)


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _common import add_write_option, recording, write_if_asked
    from bench_links import load_corpus

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="+", help="JSON Lines files or folders of link records")
    parser.add_argument("--time-limit", type=float, default=20.0, help="seconds per solve (default 20)")
    parser.add_argument("--budget", type=int, default=None, help="conflicts (default: auto's SAT_CONFLICTS)")
    parser.add_argument(
        "--compare-above", type=int, default=20_000, help="CP-SAT is also run where SAT took more conflicts"
    )
    parser.add_argument("--jobs", type=int, default=1, help="puzzles measured at once")
    add_write_option(parser, __file__)
    args = parser.parse_args()
    from sudoku_cp.backends.auto import SAT_CONFLICTS

    budget = SAT_CONFLICTS if args.budget is None else args.budget
    with recording() as log:
        records = sat_routed(load_corpus(args.corpus))
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            above = min(budget, args.compare_above)
            rows = list(pool.map(lambda r: measure(r, args.time_limit, above), records))
        print(report(rows, budget, args.time_limit))
    sources = ", ".join(args.corpus) + " (provenance and licences in benchmarks/data/links/README.md)"
    write_if_asked(args, log, "The tail of auto's SAT fallback on real published puzzles", sources)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        print(json.dumps(child(sys.argv[2], sys.argv[3], float(sys.argv[4]))))
    else:
        main()
