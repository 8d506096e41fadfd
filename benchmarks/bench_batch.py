"""Batch solving in parallel: wall seconds of solve_many with 1 worker and with W workers.

Both runs solve the same puzzles in the same process, one after the other (interleaved,
best of ``--repeat``), so the speed-up is measured under the same machine load. Per-puzzle
times (median, mean, max) are those measured inside the workers. Each ``--dataset`` is
measured in turn and all go into one report; ``--batch-size`` (repeatable) times the
parallel run with each of joblib's batch sizes (``sudoku_cp.batch.BATCH_SIZE``, default
``auto``); the pickling cost of what crosses the process boundary (the puzzle sent, the
:class:`~sudoku_cp.batch.BatchItem` returned) is printed per set.

``--dask`` also times the Dask path: the same ``solve_many`` call inside
``joblib.parallel_config(backend="dask")`` on a ``dask.distributed.LocalCluster`` of
``--workers`` worker processes (one thread each) started on this machine, interleaved with
the other runs (its start-up and a first call untimed, as for joblib's own processes).
``--cli`` also times the command line on a file of the set (one puzzle a line):
``sudoku-cp solve FILE`` against ``sudoku-cp solve FILE --processes --workers``, in
this process, interleaved with the other runs.
Every parallel run also prints this process's CPU seconds (sending puzzles, receiving and
unpickling answers; on 2 cores the caller shares a core with a worker), in all and per
answer, and the pickled size and unpickling CPU of a batch of answers as a worker sends them
(the proof of an answer is unpacked only when read: both are printed).

    python benchmarks/bench_batch.py --dataset top1465 --dataset sudoku17 --limit 10000 --dask --cli --write
    python benchmarks/bench_batch.py                       # top1465, default backend, 1 vs 2 workers
    python benchmarks/bench_batch.py --dataset top1465 --dataset sudoku17 --limit 5000 --write
    python benchmarks/bench_batch.py --dataset top95 --backend cpsat --workers 2 --repeat 3
    python benchmarks/bench_batch.py --batch-size auto --batch-size 16 --batch-size 128
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pickle
import statistics
import sys
import tempfile
import time
import timeit

from _common import add_write_option, datasets_text, machine, recording, summary_ms, write_if_asked

from sudoku_cp import backends, batch, datasets, solve_many


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", action="append", help="bundled data set, repeatable (default: top1465)")
    parser.add_argument("--backend", default=None, help=f"backend (default: {backends.DEFAULT_BACKEND})")
    parser.add_argument("--workers", type=int, default=2, help="workers of the parallel run (default: 2)")
    parser.add_argument("--limit", type=int, default=None, help="solve only the first N puzzles of each set")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved runs of each; best kept")
    parser.add_argument(
        "--batch-size",
        action="append",
        help="joblib batch size of the parallel run, repeatable (default: auto)",
    )
    parser.add_argument(
        "--dask",
        action="store_true",
        help="also time the Dask path on a LocalCluster of --workers processes (needs dask[distributed])",
    )
    parser.add_argument(
        "--cli",
        action="store_true",
        help="also time 'sudoku-cp solve FILE --processes 1' against '--processes --workers' "
        "(in this process, output to /dev/null) on a file of the set, one puzzle a line",
    )
    add_write_option(parser, __file__)
    args = parser.parse_args(argv)
    names = args.dataset or ["top1465"]
    sizes = [size if size == "auto" else int(size) for size in (args.batch_size or ["auto"])]
    with recording() as log:
        backend = args.backend or backends.DEFAULT_BACKEND
        print(machine(), f"cores={os.cpu_count()} load average={os.getloadavg()[0]:.2f}")
        with _dask_client(args) as client:
            for name in names:
                _one_set(name, datasets.load(name)[: args.limit], backend, sizes, args, client)
        print(f"# load average at the end {os.getloadavg()[0]:.2f}")
    write_if_asked(
        args, log, "Batches: solve_many in worker processes", datasets_text(names, limit=args.limit)
    )
    return 0


@contextlib.contextmanager
def _dask_client(args: argparse.Namespace):
    """A Dask client on a LocalCluster of ``--workers`` processes with ``--dask``, else ``None``."""
    if not args.dask:
        yield None
        return
    from dask.distributed import Client, LocalCluster

    start = time.perf_counter()
    with (
        LocalCluster(
            n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        took = time.perf_counter() - start
        print(f"# Dask LocalCluster of {args.workers} worker processes started in {took:.2f} s")
        yield client


def _one_set(
    name: str, puzzles: list, backend: str, sizes: list, args: argparse.Namespace, client=None
) -> None:
    print(
        f"# {name}: {len(puzzles)} puzzles, backend {backend!r}, best of {args.repeat} runs "
        f"(load average {os.getloadavg()[0]:.2f})"
    )
    start = time.perf_counter()
    solve_many(puzzles[: 4 * args.workers], backend=backend, processes=args.workers, progress=False)
    start_up = time.perf_counter() - start
    print(f"# worker pool start-up (a first call of {4 * args.workers} puzzles, untimed): {start_up:.2f} s")
    labels = [(1, "auto")] + [(args.workers, size) for size in sizes]
    if client is not None:
        start = time.perf_counter()
        _timed_run(puzzles[: 4 * args.workers], backend, "dask")
        took = time.perf_counter() - start
        print(f"# Dask workers' first call ({4 * args.workers} puzzles, untimed): {took:.2f} s")
        labels.append((args.workers, "dask"))
    runs: dict[tuple, list[tuple[float, list, float]]] = {label: [] for label in labels}
    commands: dict[int, list[tuple[float, float]]] = {1: [], args.workers: []} if args.cli else {}
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, f"{name}.txt")
        with open(path, "w") as file:  # for --cli: one puzzle a line
            file.writelines(puzzle.to_string() + "\n" for puzzle in puzzles)
        for _ in range(args.repeat):  # every kind of run in turn, so that all see the same load
            for workers, size in labels:
                batch.BATCH_SIZE = "auto" if size == "dask" else size
                runs[(workers, size)].append(
                    _timed_run(puzzles, backend, "dask" if size == "dask" else workers)
                )
            batch.BATCH_SIZE = "auto"
            for processes, timed in commands.items():
                timed.append(_timed_command(path, processes, args.backend))
    best = {}
    for (workers, size), timed in runs.items():
        best[(workers, size)], items, caller = min(timed, key=lambda run: run[0])
        unsolved = sum(not item.solved for item in items)
        label = f"{name} workers={workers}" + (
            " dask" if size == "dask" else f" batch={size}" if workers > 1 else ""
        )
        print(summary_ms(f"{label} per puzzle", [i.wall_time for i in items]))
        all_runs = ", ".join(f"{seconds:.2f}" for seconds, _, _ in timed)
        print(
            f"{label}: wall {best[(workers, size)]:.2f} s (runs {all_runs}), caller's CPU {caller:.2f} s "
            f"({caller / len(items) * 1e6:.0f} microseconds per answer), unsolved {unsolved}"
        )
    one = best[(1, "auto")]
    for size in sizes:
        ratio = one / best[(args.workers, size)]
        print(f"{name} speed-up {args.workers} workers (batch={size}) vs 1: {ratio:.2f}x")
    if client is not None:
        ratio = one / best[(args.workers, "dask")]
        print(f"{name} speed-up Dask LocalCluster of {args.workers} workers vs 1 process: {ratio:.2f}x")
    cold = one / (best[(args.workers, sizes[0])] + start_up)
    print(f"{name} speed-up counting the pool start-up once (a fresh process's first call): {cold:.2f}x")
    _pickling(name, puzzles, runs[(1, "auto")][0][1])
    if commands:
        _commands(name, len(puzzles), commands, args.workers)


def _timed_command(path: str, processes: int, backend: str | None) -> tuple[float, float]:
    """Wall seconds and this process's CPU seconds of ``sudoku-cp solve PATH --processes
    N`` run in this process (one process: the command's own loop, each answer printed when
    found), its output to /dev/null."""
    from sudoku_cp import cli

    command = ["solve", path, "--processes", str(processes), "--no-progress"]
    command += ["--backend", backend] if backend else []
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        start, cpu = time.perf_counter(), time.process_time()
        code = cli.main(command)
        wall, caller = time.perf_counter() - start, time.process_time() - cpu
    assert code == 0, f"sudoku-cp {' '.join(command)} exited {code}"
    return wall, caller


def _commands(name: str, count: int, commands: dict[int, list[tuple[float, float]]], workers: int) -> None:
    """The best run of each ``sudoku-cp solve FILE --processes N`` and the speed-up."""
    best = {processes: min(timed) for processes, timed in commands.items()}
    for processes, (wall, caller) in best.items():
        all_runs = ", ".join(f"{seconds:.2f}" for seconds, _ in commands[processes])
        print(
            f"{name} sudoku-cp solve FILE --processes {processes}: wall {wall:.2f} s (runs {all_runs}), "
            f"caller's CPU {caller:.2f} s ({caller / count * 1e6:.0f} microseconds per puzzle)"
        )
    ratio = best[1][0] / best[workers][0]
    print(f"{name} speed-up sudoku-cp solve --processes {workers} vs 1: {ratio:.2f}x")


def _pickling(name: str, puzzles: list, items: list) -> None:
    """Median pickled size and pickle+unpickle time of a puzzle sent and an item returned,
    and of the parts of an answer (its puzzle, solution and proof: what the caller unpickles)."""
    answers = [item.result for item in items[:500] if item.result is not None]
    parts = [
        (f"answer's {part}", [getattr(r, part) for r in answers]) for part in ("puzzle", "solution", "proof")
    ]
    for what, objects in (("puzzle sent", puzzles[:500]), ("item returned", items[:500]), *parts):
        sizes, times = [], []
        for thing in objects:
            start = time.perf_counter()
            data = pickle.dumps(thing, pickle.HIGHEST_PROTOCOL)
            pickle.loads(data)
            times.append(time.perf_counter() - start)
            sizes.append(len(data))
        print(
            f"{name} pickling, {what}: median {statistics.median(sizes):.0f} bytes, "
            f"{statistics.median(times) * 1e6:.0f} microseconds to pickle and unpickle"
        )
    # as a worker sends them: a batch of items in one pickle (names and classes stored once)
    sent = items[:200]
    data = pickle.dumps(sent, pickle.HIGHEST_PROTOCOL)
    loads = min(timeit.repeat(lambda: pickle.loads(data), number=5, repeat=5)) / 5
    read = (
        min(
            timeit.repeat(
                lambda: [i.result.proof for i in pickle.loads(data) if i.result], number=5, repeat=5
            )
        )
        / 5
    )
    print(
        f"{name} pickling, a batch of {len(sent)} items returned: {len(data) / len(sent):.0f} bytes and "
        f"{loads / len(sent) * 1e6:.1f} microseconds to unpickle per answer in the caller "
        f"({read / len(sent) * 1e6:.1f} with its proof read)"
    )


def _timed_run(puzzles, backend, workers):
    """Wall seconds of one solve_many call, its items, and this process's CPU seconds in it;
    ``workers="dask"``: on the Dask cluster of the current client (joblib's Dask backend)."""
    start, cpu = time.perf_counter(), time.process_time()
    if workers == "dask":
        import joblib

        with joblib.parallel_config(backend="dask"):
            items = solve_many(puzzles, backend=backend, processes=-1, progress=False)
    else:
        items = solve_many(puzzles, backend=backend, processes=workers, progress=False)
    return time.perf_counter() - start, items, time.process_time() - cpu


if __name__ == "__main__":
    sys.exit(main())
