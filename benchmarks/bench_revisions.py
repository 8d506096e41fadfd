"""Compare this working tree with another git revision in one run: milliseconds per puzzle.

The revision is checked out into a temporary git worktree, and both trees solve the same
puzzles with the same backend in alternating rounds, each in its own Python process
(``PYTHONPATH`` set to its tree), so that both see the same machine load. Per tree it
keeps the best time of each puzzle over the rounds, then prints the medians and means
and the ratio of this tree to the revision. Use it whenever a change touches a hot path.

Usage::

    python benchmarks/bench_revisions.py 7cdc33c                       # backtracking, top95
    python benchmarks/bench_revisions.py main --backend cpsat --dataset top95 --rounds 3
    python benchmarks/bench_revisions.py 6f5802e --caller 2 --backend auto --dataset sudoku17 \
        --limit 3000 --rounds 2                                          # a batch's caller
    python benchmarks/bench_revisions.py main --cpu --limit 20 --backend cpsat --backend sat \
        --dataset top95 --dataset hex16                                # every pair, one table
    python benchmarks/bench_revisions.py main --cpu --rounds 1 --backend auto \
        --dataset /tmp/subset.jsonl --time-limit 120                   # published puzzles by link
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import add_write_option, datasets_text, machine, recording, write_if_asked  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

_TIMER = """
import json, sys, time
import sudoku_cp
from sudoku_cp import datasets
from sudoku_cp.errors import SolveTimeoutError
backend, name, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
clock = time.process_time if sys.argv[4] == "cpu" else time.perf_counter
guard = float(sys.argv[5]) if sys.argv[5] != "none" else None
if name.endswith(".jsonl"):  # link records (id, link, ...): bench_links.py's corpus
    from sudoku_cp.io.inputs import to_puzzle
    puzzles = [to_puzzle(json.loads(line)["link"]) for line in open(name) if line.strip()][:limit]
else:
    puzzles = datasets.load(name)[:limit]
sudoku_cp.solve(puzzles[0], backend=backend)  # imports and first-call costs stay out
seconds = []
for puzzle in puzzles:
    start = clock()
    try:
        sudoku_cp.solve(puzzle, backend=backend, time_limit=guard)
    except SolveTimeoutError:
        pass  # counted as the time spent: a lower bound
    seconds.append(clock() - start)
print(json.dumps(seconds))
"""


_CALLER = """
import json, sys, time
import sudoku_cp
from sudoku_cp import datasets
backend, name, limit, processes = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
puzzles = datasets.load(name)[:limit]
sudoku_cp.solve_many(puzzles[:8], backend=backend, processes=processes, progress=False)  # the pool
start = time.process_time()
sudoku_cp.solve_many(puzzles, backend=backend, processes=processes, progress=False)
print(json.dumps([(time.process_time() - start) / len(puzzles)]))
"""


def caller_tree(tree: Path, backend: str, dataset: str, limit: int, processes: int) -> list[float]:
    """The caller's CPU seconds per answer (sending puzzles, receiving answers) when the
    package of ``tree`` solves the first ``limit`` puzzles with ``solve_many`` in
    ``processes`` worker processes (the pool started before, untimed), as a list of one."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, "-c", _CALLER, backend, dataset, str(limit), str(processes)]
    out = subprocess.run(command, env=env, cwd=tree, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def time_tree(
    tree: Path, backend: str, dataset: str, limit: int, cpu: bool = False, guard: float | None = None
) -> list[float]:
    """Seconds per puzzle (wall, or CPU with ``cpu``) when the package of ``tree`` solves
    the first ``limit`` puzzles of a data set or a ``.jsonl`` file of link records; a solve
    that runs past ``guard`` seconds (wall, ``None``: no limit) counts the time it took."""
    guard = "none" if guard is None else guard
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", _TIMER, backend, dataset, str(limit), "cpu" if cpu else "wall", str(guard)],
        env=env,
        cwd=tree,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def _compare(
    backend: str, dataset: str, base: Path, args: argparse.Namespace
) -> tuple[str, str, int, float, float]:
    """Both trees on one backend and data set, in alternating rounds: the best time per
    puzzle over the rounds; prints the medians, means and ratios, returns
    ``(backend, dataset, n, median here, median there)`` in milliseconds."""
    best: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        for label, tree in (("this tree", ROOT), (args.revision, base)):
            if args.caller:
                seconds = caller_tree(tree, backend, dataset, args.limit, args.caller)
                print(f"{label:<12} caller's CPU per answer: {seconds[0] * 1e6:.0f} microseconds")
            else:
                seconds = time_tree(tree, backend, dataset, args.limit, args.cpu, args.time_limit)
            best[label] = [min(a, b) for a, b in zip(best.get(label, seconds), seconds, strict=True)]
    for label, seconds in best.items():
        median, mean = statistics.median(seconds) * 1000, statistics.fmean(seconds) * 1000
        print(f"{label:<12} {backend} {dataset}: n={len(seconds)} median={median:.3f} ms  mean={mean:.3f} ms")
    mine, theirs = best["this tree"], best[args.revision]
    by_median = statistics.median(mine) / statistics.median(theirs)
    by_mean = statistics.fmean(mine) / statistics.fmean(theirs)
    print(f"ratio this tree / {args.revision}: x{by_median:.3f} (medians), x{by_mean:.3f} (means)")
    return backend, dataset, len(mine), statistics.median(mine) * 1000, statistics.median(theirs) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("revision", help="the git revision to compare with, e.g. main or a commit")
    parser.add_argument(
        "--backend", action="append", help="a backend (repeat for several; default backtracking)"
    )
    parser.add_argument(
        "--dataset",
        action="append",
        help="a data set, or a .jsonl file of link records (bench_links.py's corpus); repeat for several; "
        "default top95",
    )
    parser.add_argument(
        "--time-limit", type=float, help="wall seconds per solve; one past it counts its time (a lower bound)"
    )
    parser.add_argument("--limit", type=int, default=10**6, help="only the first N puzzles")
    parser.add_argument(
        "--rounds", type=int, default=3, help="alternating rounds; the best per puzzle is kept"
    )
    parser.add_argument(
        "--cpu", action="store_true", help="CPU time of the solving process, not wall time (a loaded machine)"
    )
    parser.add_argument(
        "--caller",
        type=int,
        metavar="PROCESSES",
        help="instead: the caller's CPU per answer of solve_many(puzzles, processes=PROCESSES), "
        "what bounds a batch's speed-up (issue 34); one figure per round",
    )
    add_write_option(parser, __file__)
    args = parser.parse_args()
    backends, names = args.backend or ["backtracking"], args.dataset or ["top95"]
    with recording() as log:
        print(machine())
        print(
            "# the caller's CPU per answer of solve_many"
            if args.caller
            else f"# {'CPU' if args.cpu else 'wall'} time"
        )
        rows = []
        with tempfile.TemporaryDirectory() as scratch:
            base = Path(scratch) / "base"
            add = ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), args.revision]
            subprocess.run(add, check=True)
            try:
                for backend in backends:
                    for dataset in names:
                        rows.append(_compare(backend, dataset, base, args))
            finally:
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=True
                )
        if len(rows) > 1:
            print(
                f"\n| backend | data set | n | median this tree (ms) | median {args.revision} (ms) | ratio |"
            )
            print("| --- | --- | --- | --- | --- | --- |")
            for backend, dataset, n, mine, theirs in rows:
                print(f"| {backend} | {dataset} | {n} | {mine:.2f} | {theirs:.2f} | x{mine / theirs:.3f} |")
    write_if_asked(
        args,
        log,
        f"This tree against {args.revision}",
        datasets_text(names, limit=args.limit if args.limit < 10**6 else None),
    )


if __name__ == "__main__":
    main()
