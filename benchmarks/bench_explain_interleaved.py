"""Explanation CPU of two checkouts (and larsdoku) puzzle by puzzle in turn, under one load.

On a shared machine a run of :mod:`bench_reasoning` and its ``--baseline`` one after the
other can see loads far apart (its medians moved by 30% between two runs of the same code
in session 13). Here each checkout (and, with ``--larsdoku``, larsdoku: AGPL, a benchmark
only, never a dependency, run with ``no_oracle=True`` after one untimed warm-up solve) is
a long-lived worker process; every puzzle goes to each of them in a rotating order, so
all see the same load. Printed per file: the median CPU seconds of a full
:func:`sudoku_cp.explain` (premise check on) per tree, of larsdoku's solve, and the ratios.

Usage::

    python benchmarks/bench_explain_interleaved.py benchmarks/data/se_diabolical_9plus_heldout.txt \
        --baseline ../main --larsdoku --write
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_EXPLAIN = """
import sys, time
sys.path.insert(0, sys.argv[1])
from sudoku_cp import explain
print("ready", flush=True)
for line in sys.stdin:
    start = time.process_time()
    list(explain(line.strip()))
    print(time.process_time() - start, flush=True)
"""

_LARSDOKU = """
import sys, time
from larsdoku.cli import solve_selective
first = sys.stdin.readline().strip()
solve_selective(first, no_oracle=True)  # compile its Numba functions, untimed
print("ready", flush=True)
for line in sys.stdin:
    start = time.process_time()
    solve_selective(line.strip(), no_oracle=True)
    print(time.process_time() - start, flush=True)
"""


def _worker(code: str, *args: str, first: str | None = None) -> subprocess.Popen:
    """A worker process running ``code``, once it says it is ready."""
    process = subprocess.Popen(
        [sys.executable, "-c", code, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    if first is not None:
        process.stdin.write(first + "\n")
        process.stdin.flush()
    if process.stdout.readline().strip() != "ready":
        raise SystemExit(f"a worker did not start: {args or 'larsdoku'}")
    return process


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _common import add_write_option, recording, write_if_asked

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="lists of 9x9 puzzles, one a line")
    parser.add_argument("--baseline", type=Path, help="another checkout's root (its package is timed too)")
    parser.add_argument("--larsdoku", action="store_true", help="larsdoku on the same puzzles")
    parser.add_argument("--note", default="", help="a sentence for the report (the machine's load...)")
    add_write_option(parser, __file__)
    args = parser.parse_args()
    with recording() as log:
        for path in args.files:
            _measure(path, args)
    data = ", ".join(f"{path.name} ({len(_puzzles(path))} puzzles)" for path in args.files)
    write_if_asked(args, log, "Explanation CPU, puzzle by puzzle in turn", data, notes=args.note)


def _puzzles(path: Path) -> list[str]:
    """The puzzles of a list, one a line (anything after a space ignored), ``0`` for a blank."""
    return [line.split()[0].replace(".", "0") for line in path.read_text().splitlines() if line.strip()]


def _measure(path: Path, args: argparse.Namespace) -> None:
    """Time every puzzle of ``path`` on each worker in a rotating order; print the medians."""
    puzzles = _puzzles(path)
    workers = {"this tree": _worker(_EXPLAIN, str(ROOT))}
    if args.baseline is not None:
        workers["baseline"] = _worker(_EXPLAIN, str(args.baseline.resolve()))
    if args.larsdoku:
        workers["larsdoku"] = _worker(_LARSDOKU, first=puzzles[0])
    names = list(workers)
    seconds: dict[str, list[float]] = {name: [] for name in names}
    for i, puzzle in enumerate(puzzles):
        for name in names[i % len(names) :] + names[: i % len(names)]:  # a rotating order
            worker = workers[name]
            worker.stdin.write(puzzle + "\n")
            worker.stdin.flush()
            seconds[name].append(float(worker.stdout.readline()))
    for worker in workers.values():
        worker.stdin.close()
        worker.wait()
    medians = {name: statistics.median(values) for name, values in seconds.items()}
    line = "  ".join(f"{name} {median:.3f} s" for name, median in medians.items())
    ratios = [
        f"{a} / {b}: x{medians[a] / medians[b]:.2f}"
        for a, b in (("this tree", "larsdoku"), ("baseline", "larsdoku"), ("this tree", "baseline"))
        if a in medians and b in medians
    ]
    print(f"{path.stem} n={len(puzzles)} median CPU: {line}  ({', '.join(ratios)})", flush=True)


if __name__ == "__main__":
    main()
