"""Ctrl-C latency: seconds from SIGINT to the ``KeyboardInterrupt`` in the caller, per backend.

For each backend and each delay of ``--delays``, a fresh Python process starts solving a
hard puzzle (``--dataset``, ``--index``; by default the first 25x25 of ``sudoku25``, which
takes every backend far longer than the delays), a timer thread sends the process SIGINT
``delay`` seconds in, and the process prints the seconds between the signal and the
``KeyboardInterrupt`` it catches (wall time: the latency a user sees). Reported: the
median and the maximum over the delays, and each backend's median as a ratio of the
baseline's (``exact-cover`` by default, whose search runs Python code and stops at once),
measured in the same run.

Issue 35.2: ``mip`` took 0.7-6.6 s, because HiGHS calls its interrupt callback only in
branch and bound, not during presolve or the root LP.

Usage::

    python benchmarks/bench_interrupt.py
    python benchmarks/bench_interrupt.py --backend mip --backend cpsat --delays 0.5 1 2
    python benchmarks/bench_interrupt.py --write   # docs/benchmarks/bench_interrupt.md
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import add_write_option, recording, write_if_asked  # noqa: E402

SCRIPT = textwrap.dedent(
    """
    import os, signal, sys, threading, time
    import sudoku_cp
    from sudoku_cp import backends, datasets
    puzzle = datasets.load({dataset!r})[{index}]
    backends.get_backend({backend!r})  # imports done: the delay is all solving
    signal.signal(signal.SIGINT, signal.default_int_handler)  # not inherited as ignored (a background job)
    sent = []

    def fire():
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    threading.Timer({delay}, fire).start()
    try:
        sudoku_cp.solve(puzzle, backend={backend!r}, time_limit=120)
        print("finished")
    except KeyboardInterrupt:
        print(time.perf_counter() - sent[0])
    """
)


def latency(backend: str, delay: float, dataset: str, index: int) -> float | None:
    """Seconds from the signal to the KeyboardInterrupt, or None when the solve ended first."""
    script = SCRIPT.format(backend=backend, delay=delay, dataset=dataset, index=index)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    out = done.stdout.strip()
    return None if out in ("finished", "") else float(out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", action="append", help="a backend to measure (repeat); default: mip")
    parser.add_argument("--baseline", default="exact-cover", help="the backend the ratios are against")
    parser.add_argument("--delays", type=float, nargs="+", default=[0.5, 1.0, 1.5, 2.5, 4.0])
    parser.add_argument("--dataset", default="sudoku25")
    parser.add_argument("--index", type=int, default=0)
    add_write_option(parser, __file__)
    args = parser.parse_args(argv)
    with recording() as log:
        measure(args)
    write_if_asked(args, log, "Ctrl-C latency", f"{args.dataset}[{args.index}]")


def measure(args: argparse.Namespace) -> None:
    """Print the table of the module docstring."""
    names = [args.baseline, *(args.backend or ["mip"])]
    medians = {}
    print(f"Ctrl-C latency (s) on {args.dataset}[{args.index}], signal at {args.delays} s")
    print(f"{'backend':<14} {'median':>7} {'max':>7} {'ratio':>7}  each")
    for name in names:
        found = [latency(name, delay, args.dataset, args.index) for delay in args.delays]
        seconds = [s for s in found if s is not None]
        if not seconds:
            print(f"{name:<14} finished before every signal")
            continue
        medians[name] = statistics.median(seconds)
        ratio = medians[name] / medians[args.baseline] if medians.get(args.baseline) else float("nan")
        each = " ".join("-" if s is None else f"{s:.2f}" for s in found)
        print(f"{name:<14} {medians[name]:>7.3f} {max(seconds):>7.3f} {ratio:>7.1f}  {each}", flush=True)


if __name__ == "__main__":
    main()
