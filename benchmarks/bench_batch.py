"""Batch solving in parallel: wall seconds of solve_many with 1 worker and with W workers.

Both runs solve the same puzzles in the same process, one after the other, so the
speed-up is measured under the same machine load. Per-puzzle times (median, mean,
max) are those measured inside the workers.

    python benchmarks/bench_batch.py                       # top1465, default backend, 1 vs 2 workers
    python benchmarks/bench_batch.py --dataset top95 --backend cpsat --workers 2 --repeat 3
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from _common import add_write_option, datasets_text, machine, recording, summary_ms, write_if_asked

from sudoku_cp import backends, datasets, solve_many


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", default="top1465", help="bundled data set (default: top1465)")
    parser.add_argument("--backend", default=None, help=f"backend (default: {backends.DEFAULT_BACKEND})")
    parser.add_argument("--workers", type=int, default=2, help="workers of the parallel run (default: 2)")
    parser.add_argument("--limit", type=int, default=None, help="solve only the first N puzzles")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved runs of each; best kept")
    add_write_option(parser, __file__)
    args = parser.parse_args(argv)
    with recording() as log:
        puzzles = datasets.load(args.dataset)[: args.limit]
        backend = args.backend or backends.DEFAULT_BACKEND
        print(machine(), f"cores={os.cpu_count()} load average={os.getloadavg()[0]:.2f}")
        print(f"# {args.dataset}: {len(puzzles)} puzzles, backend {backend!r}, best of {args.repeat} runs")
        start = time.perf_counter()
        solve_many(puzzles[: 4 * args.workers], backend=backend, processes=args.workers, progress=False)
        start_up = time.perf_counter() - start
        print(
            f"# worker pool start-up (a first call of {4 * args.workers} puzzles, untimed): {start_up:.2f} s"
        )
        runs: dict[int, list[tuple[float, list]]] = {1: [], args.workers: []}
        for _ in range(args.repeat):
            for workers in runs:
                runs[workers].append(_timed_run(puzzles, backend, workers))
        best = {}
        for workers, timed in runs.items():
            best[workers], items = min(timed, key=lambda run: run[0])
            unsolved = sum(not item.solved for item in items)
            print(summary_ms(f"{args.dataset} workers={workers} per puzzle", [i.wall_time for i in items]))
            all_runs = ", ".join(f"{seconds:.2f}" for seconds, _ in timed)
            label = f"{args.dataset} workers={workers}"
            print(f"{label}: wall {best[workers]:.2f} s (runs {all_runs}), unsolved {unsolved}")
        print(f"speed-up {args.workers} workers vs 1: {best[1] / best[args.workers]:.2f}x")
        cold = best[1] / (best[args.workers] + start_up)
        print(f"speed-up counting the pool start-up once (a fresh process's first call): {cold:.2f}x")
    write_if_asked(
        args, log, "Batches: solve_many in worker processes", datasets_text([args.dataset], limit=args.limit)
    )
    return 0


def _timed_run(puzzles, backend, workers):
    """Wall seconds of one solve_many call, and its items."""
    start = time.perf_counter()
    items = solve_many(puzzles, backend=backend, processes=workers, progress=False)
    return time.perf_counter() - start, items


if __name__ == "__main__":
    sys.exit(main())
