"""Batch solving in parallel: wall seconds of solve_many with 1 worker and with W workers.

Both runs solve the same puzzles in the same process, one after the other (interleaved,
best of ``--repeat``), so the speed-up is measured under the same machine load. Per-puzzle
times (median, mean, max) are those measured inside the workers. Each ``--dataset`` is
measured in turn and all go into one report; ``--chunk-seconds`` (repeatable) times the
parallel run with each target of a chunk's worker CPU seconds (``sudoku_cp.batch.CHUNK_SECONDS``).

``--dask`` also times the Dask path: the same ``solve_many`` call inside
``joblib.parallel_config(backend="dask")`` on a ``dask.distributed.LocalCluster`` of
``--workers`` worker processes (one thread each) started on this machine, interleaved with
the other runs (its start-up and a first call untimed, as for joblib's own processes).
``--cli`` also times the command line on a file of the set (one puzzle a line):
``sudoku-cp solve FILE`` against ``sudoku-cp solve FILE --processes --workers``, in
this process, interleaved with the other runs.

Every parallel run also prints this process's CPU seconds (cutting and sending chunks,
receiving the answers; on 2 cores the caller shares a core with a worker; with ``--dask``,
the threads of Dask's scheduler and client, which run here, are counted only in the Dask
runs), in all and per answer, and what reading every answer's ``result`` afterwards costs
it (answers from worker processes are unpickled when read), and on Linux its workers' CPU
per answer (from /proc) with the speed-up these CPU figures allow on free cores: the one-
process CPU per answer times the workers, over the workers' plus the caller's. Per set,
the messages of a chunk of 100 puzzles as the workers get and answer it (bytes per puzzle
each way, the caller's CPU to unpack and to read them) are printed for ``solve_many`` and
for the command: figures that do not depend on the machine's load, unlike the speed-ups.

    python benchmarks/bench_batch.py --dataset top1465 --dataset sudoku17 --limit 10000 --dask --cli --write
    python benchmarks/bench_batch.py                       # top1465, default backend, 1 vs 2 workers
    python benchmarks/bench_batch.py --dataset top95 --backend cpsat --workers 2 --repeat 3
    python benchmarks/bench_batch.py --chunk-seconds 0.05 --chunk-seconds 0.1 --chunk-seconds 0.4
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pickle
import statistics
import sys
import tempfile
import threading
import time

from _common import add_write_option, datasets_text, machine, recording, summary_ms, write_if_asked

from sudoku_cp import backends, batch, datasets, solve_many

CHUNK_SECONDS = batch.CHUNK_SECONDS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", action="append", help="bundled data set, repeatable (default: top1465)")
    parser.add_argument("--backend", default=None, help=f"backend (default: {backends.DEFAULT_BACKEND})")
    parser.add_argument("--workers", type=int, default=2, help="workers of the parallel run (default: 2)")
    parser.add_argument("--limit", type=int, default=None, help="solve only the first N puzzles of each set")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved runs of each; best kept")
    parser.add_argument(
        "--chunk-seconds",
        action="append",
        type=float,
        help=f"a chunk's worker CPU seconds in the parallel run, repeatable (default: {batch.CHUNK_SECONDS})",
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
    sizes = args.chunk_seconds or [batch.CHUNK_SECONDS]
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
        client.run_on_scheduler(lambda: None)  # every thread of the scheduler and client started
        if hasattr(time, "pthread_getcpuclockid"):
            _DASK_THREADS.update(t.ident for t in threading.enumerate() if t is not threading.main_thread())
        yield client


_DASK_THREADS: set[int] = set()
"""The threads of this process that Dask's LocalCluster started (its scheduler and client
run here): their CPU (heartbeats, monitoring) is left out of the caller's CPU of the runs
that are not Dask's (:func:`_caller_cpu`)."""


def _caller_cpu() -> float:
    """This process's CPU seconds but those of Dask's threads (all of it without Dask)."""
    total = time.process_time()
    for ident in _DASK_THREADS:
        with contextlib.suppress(OSError, ValueError):  # a thread that ended
            total -= time.clock_gettime(time.pthread_getcpuclockid(ident))
    return total


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
    labels = [(1, None)] + [(args.workers, size) for size in sizes]
    if client is not None:
        start = time.perf_counter()
        _timed_run(puzzles[: 4 * args.workers], backend, "dask")
        took = time.perf_counter() - start
        print(f"# Dask workers' first call ({4 * args.workers} puzzles, untimed): {took:.2f} s")
        labels.append((args.workers, "dask"))
    runs: dict[tuple, list[tuple[float, list, float, float]]] = {label: [] for label in labels}
    commands: dict[int, list[tuple[float, float]]] = {1: [], args.workers: []} if args.cli else {}
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, f"{name}.txt")
        with open(path, "w") as file:  # for --cli: one puzzle a line
            file.writelines(puzzle.to_string() + "\n" for puzzle in puzzles)
        for _ in range(args.repeat):  # every kind of run in turn, so that all see the same load
            for workers, size in labels:
                batch.CHUNK_SECONDS = size if isinstance(size, float) else CHUNK_SECONDS
                runs[(workers, size)].append(
                    _timed_run(puzzles, backend, "dask" if size == "dask" else workers)
                )
            batch.CHUNK_SECONDS = CHUNK_SECONDS
            for processes, timed in commands.items():
                timed.append(_timed_command(path, processes, args.backend))
    best = {}
    for (workers, size), timed in runs.items():
        best[(workers, size)], items, caller, reading, spent = min(timed, key=lambda run: run[0])
        unsolved = sum(not item.solved for item in items)
        label = f"{name} workers={workers}" + (
            " dask" if size == "dask" else f" chunk={size}s" if workers > 1 else ""
        )
        print(summary_ms(f"{label} per puzzle", [i.wall_time for i in items]))
        all_runs = ", ".join(f"{seconds:.2f}" for seconds, *_ in timed)
        print(
            f"{label}: wall {best[(workers, size)]:.2f} s (runs {all_runs}), caller's CPU {caller:.2f} s "
            f"({caller / len(items) * 1e6:.0f} microseconds per answer; reading every result "
            f"afterwards {reading / len(items) * 1e6:.1f} more), unsolved {unsolved}"
        )
    one = best[(1, None)]
    alone = min(caller for _, _, caller, _, _ in runs[(1, None)]) / len(puzzles)  # CPU per answer
    for size in sizes:
        ratio = one / best[(args.workers, size)]
        print(f"{name} speed-up {args.workers} workers (chunk={size}s) vs 1: {ratio:.2f}x")
        spent = [run[4] for run in runs[(args.workers, size)] if run[4] is not None]
        if spent:  # the least CPU of the runs: what the load added is left out
            workers = min(spent) / len(puzzles)
            caller = min(run[2] for run in runs[(args.workers, size)]) / len(puzzles)
            bound = args.workers * alone / (workers + caller)
            print(
                f"{name} CPU per answer (chunk={size}s): one process {alone * 1e6:.0f} microseconds; "
                f"{args.workers} workers {workers * 1e6:.0f} and their caller {caller * 1e6:.1f}: the "
                f"speed-up on {args.workers} free cores is at most {args.workers} x {alone * 1e6:.0f} / "
                f"({workers * 1e6:.0f} + {caller * 1e6:.1f}) = {bound:.2f}x"
            )
    if client is not None:
        ratio = one / best[(args.workers, "dask")]
        print(f"{name} speed-up Dask LocalCluster of {args.workers} workers vs 1 process: {ratio:.2f}x")
    cold = one / (best[(args.workers, sizes[0])] + start_up)
    print(f"{name} speed-up counting the pool start-up once (a fresh process's first call): {cold:.2f}x")
    _messages(name, puzzles[:100], backend)
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
        start, cpu = time.perf_counter(), _caller_cpu()
        code = cli.main(command)
        wall, caller = time.perf_counter() - start, _caller_cpu() - cpu
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


def _messages(name: str, puzzles: list, backend: str) -> None:
    """The messages of one chunk of ``puzzles`` as a worker process gets and answers it
    (pickled as joblib's loky sends them: one task, one reply), for ``solve_many`` and for
    ``sudoku-cp solve``: bytes per puzzle each way, and the caller's CPU per answer to unpack
    the reply and to read every result (median of 5)."""
    from sudoku_cp import cli

    count = len(puzzles)
    settings = (backend, backends.get_backend(backend), None, {}, None)
    forms = {
        "solve_many": (batch._Items(), puzzles),
        "sudoku-cp solve": (
            cli._Answering(None, False, True, None),
            [(f"line {i + 1}", i + 1, "text", p.to_string()) for i, p in enumerate(puzzles)],
        ),
    }
    for what, (form, inputs) in forms.items():
        sent = pickle.dumps((form, *settings, 0, batch._Pickled.of(inputs)), pickle.HIGHEST_PROTOCOL)
        reply = batch._run_chunk(form, *settings, 0, batch._Pickled.of(inputs))
        received = pickle.dumps(reply, pickle.HIGHEST_PROTOCOL)
        unpack, read = [], []
        for _ in range(5):
            start = time.process_time()
            output = pickle.loads(received)[2]
            items = (
                batch._unpack_items(backend, 0, puzzles, output) if form is forms["solve_many"][0] else None
            )
            unpack.append(time.process_time() - start)
            start = time.process_time()
            for item in items or ():
                item.result.proof  # noqa: B018 - read
            read.append(time.process_time() - start)
        line = (
            f"{name} messages of a chunk of {count} puzzles, {what}: {len(sent) / count:.0f} bytes sent and "
            f"{len(received) / count:.0f} received per puzzle; the caller's CPU per answer "
            f"{statistics.median(unpack) / count * 1e6:.1f} microseconds to unpickle the reply"
        )
        if items is not None:
            line += f", {statistics.median(read) / count * 1e6:.1f} more to read every result and proof"
        print(line)


def _timed_run(puzzles, backend, workers):
    """Wall seconds of one solve_many call, its items, this process's CPU seconds in it, its
    CPU seconds to read every item's result afterwards (unpickled when read), and the CPU
    seconds of this process's child processes (joblib's workers) in the call (``None`` where
    /proc cannot tell, and for Dask, whose workers are not children); ``workers="dask"``: on
    the Dask cluster of the current client (joblib's Dask backend)."""
    children = _children_cpu()
    clock = time.process_time if workers == "dask" else _caller_cpu  # Dask's scheduler: its cost
    start, cpu = time.perf_counter(), clock()
    if workers == "dask":
        import joblib

        with joblib.parallel_config(backend="dask"):
            items = solve_many(puzzles, backend=backend, processes=-1, progress=False)
    else:
        items = solve_many(puzzles, backend=backend, processes=workers, progress=False)
    wall, caller = time.perf_counter() - start, clock() - cpu
    after = _children_cpu()
    cpu = time.process_time()
    for item in items:
        item.result  # noqa: B018 - read
    reading = time.process_time() - cpu
    spent = None if workers in (1, "dask") or children is None or after is None else after - children
    return wall, items, caller, reading, spent


def _children_cpu() -> float | None:
    """The CPU seconds of this process's running child processes (Linux: /proc), or ``None``."""
    if not os.path.isdir("/proc/self/task"):
        return None
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    me = os.getpid()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as file:
                    fields = file.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == me:
                total += (int(fields[11]) + int(fields[12])) / tick
    return total


if __name__ == "__main__":
    sys.exit(main())
