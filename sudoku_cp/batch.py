"""Solving many puzzles at once, in parallel processes or on a cluster.

:func:`solve_many` runs one backend over a list of puzzles and returns one
:class:`BatchItem` per puzzle, in input order; :func:`solve_iter` reads an iterable lazily
and yields the same items one by one, in input order, as they are answered. A puzzle that
has no solution, runs out of time or makes the backend fail is recorded as such; it never
stops the batch.

The work is spread with `joblib <https://joblib.readthedocs.io>`_, so the same call
runs on one core, on every core of the machine (``processes=-1``), or on an existing
Dask cluster through joblib's Dask backend, with no code path of our own for it::

    import joblib
    from dask.distributed import Client

    client = Client("tcp://scheduler:8786")   # or Client(LocalCluster(...))
    with joblib.parallel_config(backend="dask"):
        items = solve_many(puzzles, backend="cpsat", processes=-1)

Dask is an optional extra: ``pip install "sudoku_cp[dask]"``. On one machine joblib's own
processes are the faster choice: Dask's scheduler runs in the caller and takes more of its
CPU per puzzle (``benchmarks/bench_batch.py --dask``, a ``LocalCluster`` of 2 workers on 2
cores: x1.01-1.28 one process where joblib's processes gave x1.48-1.84 in the same run;
``docs/benchmarks/bench_batch.md``).

An answer crosses the process boundary compactly: its grids as bytes (``Grid.__reduce__``,
not checked again on arrival) and its proof packed (:func:`sudoku_cp.result.pack_proof`),
unpacked only when ``item.result.proof`` is read. The caller's CPU per answer bounds the
speed-up of 2 processes on 2 cores (it shares a core with a worker): an answer takes 24
microseconds to pickle and unpickle on sudoku17, against 57 before, and its caller's CPU
per answer went from 86-95 to 52-56 microseconds (``benchmarks/bench_batch.py``,
``benchmarks/bench_revisions.py --caller 2``; ``docs/auto.md``).

Worker processes end with their caller: each watches its parent's pid from a daemon
thread and exits once the parent has died, however it died (``kill -9`` included), so
no worker solves on for nobody. A worker that dies itself (killed, out of memory) costs
only its puzzles: the puzzles it held are run again, one at a time, and one whose
worker dies again is recorded with status ``"error"`` (:data:`WORKER_DIED`); every
other puzzle keeps its answer.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
import warnings
from collections.abc import Generator, Iterable, Iterator, Sized
from concurrent.futures import BrokenExecutor
from dataclasses import dataclass, field
from typing import Any, Literal

from sudoku_cp import backends
from sudoku_cp.api import check_time_limit, solve_with_stats
from sudoku_cp.engine.imports import import_module
from sudoku_cp.errors import InvalidArgumentError, NoSolutionError, SolveTimeoutError, SudokuError
from sudoku_cp.io.inputs import PuzzleInput
from sudoku_cp.progress import progress_bar
from sudoku_cp.result import SolveResult

Status = Literal["solved", "no solution", "timeout", "error"]
"""What happened to one puzzle of a batch."""


@dataclass(frozen=True)
class BatchItem:
    """The outcome of one puzzle in a batch.

    Attributes:
        index: the puzzle's 0-based position in the input.
        backend: the backend's registered name.
        status: ``"solved"``, ``"no solution"`` (proven), ``"timeout"`` (the time limit
            ran out) or ``"error"`` (a malformed puzzle, the backend failed, or the worker
            process solving it died twice: see :data:`WORKER_DIED`).
        result: the :class:`~sudoku_cp.result.SolveResult` when solved, else ``None``.
        error: the error message (``"ExceptionType: message"``) when not solved, else ``None``.
        wall_time: seconds spent on this puzzle in its worker, parsing and checking
            included (``0.0`` when its worker died).
        exception: the package's own error when not solved (a
            :class:`~sudoku_cp.errors.SudokuError`: a :class:`~sudoku_cp.errors.NoSolutionError`
            keeps its puzzle and explains it on demand), ``None`` when solved or for another
            exception (only its message crosses the process boundary); not compared.
    """

    index: int
    backend: str
    status: Status
    result: SolveResult | None
    error: str | None
    wall_time: float
    exception: SudokuError | None = field(default=None, compare=False, repr=False)

    @property
    def solved(self) -> bool:
        """True when the status is ``"solved"``."""
        return self.status == "solved"


BATCH_SIZE: int | str = "auto"
"""joblib's ``batch_size``: tasks sent to a worker at once (``"auto"``: joblib sizes the
batches to about 0.2 s of work); ``benchmarks/bench_batch.py --batch-size`` measures others."""


def solve_many(
    puzzles: Iterable[PuzzleInput],
    *,
    backend: str | None = None,
    time_limit: float | None = None,
    processes: int | None = None,
    progress: bool | None | Any = None,
    **options: Any,
) -> list[BatchItem]:
    """Solve every puzzle with one backend; return one :class:`BatchItem` per puzzle, in input order.

    Args:
        puzzles: Puzzles (any variant), Grids, puzzle texts (any layout of
            :mod:`sudoku_cp.io.formats`), JSON records or lists of lists; a malformed one is
            recorded with status ``"error"``.
        backend: a registered backend name; ``None`` for the default backend.
        time_limit: seconds per puzzle (not for the whole batch); ``None`` for no limit.
            A backend that ignores its limit holds up its worker.
        processes: processes to use (joblib's ``n_jobs``): ``1`` solves in this process,
            ``2`` or more (``-1`` for every core) in that many worker processes. ``None``
            follows joblib's active configuration: in this process by default, or the
            Dask cluster inside ``joblib.parallel_config(backend="dask")``. Worker processes
            start on the first parallel call (about a second: they import the backend) and
            are reused by later calls.
        progress: show a tqdm progress bar on standard error (the notebook widget in
            Jupyter); ``None`` (the default): only when standard error is a terminal or
            this is a Jupyter notebook (see :mod:`sudoku_cp.progress`). Or a tqdm bar to
            advance by one a puzzle (one bar over several calls: ``sudoku-cp solve``).
        **options: backend-specific options, passed to every solve (``workers`` is
            CP-SAT's threads per solve: ``processes=2, workers=1``). Without
            ``processes``, a ``workers`` option is read as ``processes`` (its name before
            this release) with a :class:`DeprecationWarning`.

    Returns:
        ``len(puzzles)`` items; ``items[i].index == i``.

    Raises:
        UnknownBackendError: no backend of that name (before any puzzle is solved).
        TypeError: an option the backend does not take (idem).
        TypeError: ``time_limit`` is not a number (idem).
        ValueError: ``time_limit`` is not positive (idem).
    """
    settings = _checked(puzzles, backend, time_limit, processes, options)
    puzzles = list(puzzles)
    return list(_stream(puzzles, len(puzzles), progress, *settings))


def solve_iter(
    puzzles: Iterable[PuzzleInput],
    *,
    backend: str | None = None,
    time_limit: float | None = None,
    processes: int | None = None,
    progress: bool | None | Any = None,
    **options: Any,
) -> Iterator[BatchItem]:
    """Solve the puzzles of an iterable, read lazily, and yield one :class:`BatchItem` per
    puzzle in input order, each as soon as it and those before it are answered.

    The streaming form of :func:`solve_many` (same arguments, same items): the input is
    read only as fast as the workers take puzzles (joblib's ``pre_dispatch``: a few batches
    ahead), so a generator over a file of any length is solved in bounded memory while
    this process reads the next puzzles and uses the answers already yielded. Answers that
    come before an earlier, slower puzzle's are held until it is answered. Closing the
    iterator early (or Ctrl-C) stops the worker processes' current work.

    Args:
        puzzles: as for :func:`solve_many`, any iterable (a generator is read lazily).
        backend, time_limit, processes, progress, **options: as for :func:`solve_many`;
            the progress bar's total is ``len(puzzles)`` when the input has a length.

    Yields:
        :class:`BatchItem`: ``item.index`` runs 0, 1, 2, ... in input order.

    Raises:
        UnknownBackendError, TypeError, ValueError: as for :func:`solve_many`, when called
            (before any puzzle is read).

    >>> from sudoku_cp import datasets
    >>> puzzles = (p for p in datasets.load("easy50", limit=3))
    >>> [(item.index, item.status) for item in solve_iter(puzzles, backend="backtracking", progress=False)]
    [(0, 'solved'), (1, 'solved'), (2, 'solved')]
    """
    settings = _checked(puzzles, backend, time_limit, processes, options)
    total = len(puzzles) if isinstance(puzzles, Sized) else None
    return _stream(puzzles, total, progress, *settings)


def _checked(
    puzzles: Any, backend: str | None, time_limit: Any, processes: Any, options: dict[str, Any]
) -> tuple[str, backends.Backend, float | None, dict[str, Any], int | None]:
    """The checked settings of a batch (name, backend, time limit, options, processes);
    raises as :func:`solve_many` documents. Warns for ``workers`` meaning ``processes``,
    at the caller of the public function."""
    if processes is None and "workers" in options:
        warnings.warn(
            "solve_many(workers=...) is now processes=...; workers= goes to the backend "
            "(CP-SAT's threads) when processes= is given",
            DeprecationWarning,
            stacklevel=3,
        )
        processes = options.pop("workers")
    name = backend or backends.DEFAULT_BACKEND
    chosen = backends.get_backend(name)
    backends.check_options(name, chosen, options)
    time_limit = check_time_limit(time_limit)
    if processes is not None and (
        isinstance(processes, bool) or not isinstance(processes, int) or processes == 0
    ):
        raise InvalidArgumentError(
            f"processes must be a non-zero int (-1: every core) or None, not {processes!r}"
        )
    if isinstance(puzzles, str | bytes) or not isinstance(puzzles, Iterable):
        raise InvalidArgumentError(f"puzzles are a sequence of puzzles, not {type(puzzles).__name__}")
    return name, chosen, time_limit, options, processes


WORKER_DIED = "WorkerDiedError: the worker process solving this puzzle ended (killed, or it crashed): "
"""The start of :attr:`BatchItem.error` for a puzzle whose worker process died, twice."""


def _stream(
    puzzles: Iterable[PuzzleInput],
    total: int | None,
    progress: Any,
    name: str,
    chosen: backends.Backend,
    time_limit: float | None,
    options: dict[str, Any],
    processes: int | None,
) -> Iterator[BatchItem]:
    """The items of ``puzzles`` in input order (the body of :func:`solve_iter`)."""
    given_bar = progress if hasattr(progress, "update") else None
    with (
        contextlib.nullcontext(given_bar)
        if given_bar is not None
        else progress_bar(total, name, progress) as bar
    ):
        source = enumerate(puzzles)
        settings = (name, chosen, time_limit, options, processes, bar)
        while True:
            # A round over the rest of the input; if a worker process dies (killed, or out of
            # memory), the puzzles that were handed out but not answered are suspects: each
            # is run again alone, where a second death records it as an error. joblib yields
            # in input order, so every suspect comes after every item already yielded.
            handed: dict[int, PuzzleInput] = {}
            answered = [0]
            died = yield from _round(source, handed, answered, *settings)
            if died is None:
                return
            for index in sorted(handed):
                died_again = yield from _round(iter([(index, handed[index])]), {}, [0], *settings)
                if died_again:
                    bar.update(1)
                    yield BatchItem(index, name, "error", None, died_again, 0.0)
            if not handed and not answered[0]:  # no progress: record the rest, do not loop
                for index, _ in source:
                    bar.update(1)
                    yield BatchItem(index, name, "error", None, died, 0.0)
                return


def _round(
    work: Iterator[tuple[int, PuzzleInput]],
    handed: dict[int, PuzzleInput],
    answered: list[int],
    name: str,
    chosen: backends.Backend,
    time_limit: float | None,
    options: dict[str, Any],
    processes: int | None,
    bar: Any,
) -> Generator[BatchItem, None, str | None]:
    """Solve the ``(index, puzzle)`` pairs of ``work`` with joblib, yielding each item in
    input order as it comes; ``handed`` holds the puzzles taken from ``work`` and not yet
    answered, ``answered[0]`` counts the items yielded. Return, if the worker pool broke (a
    worker process died), the error message, else ``None``."""
    joblib = import_module("joblib")
    from joblib.externals.loky.process_executor import BrokenProcessPool

    # joblib reads ``tasks`` lazily (in its callback thread for worker processes), a few
    # batches ahead of the answers; once the pool broke, no puzzle more is taken from
    # ``work`` (the lock), so that ``handed`` holds every puzzle taken and not answered.
    taking = threading.Lock()
    broken = False

    def tasks():
        solve_one = joblib.delayed(_solve_one)
        parent = os.getpid()
        while True:
            with taking:
                if broken:
                    return
                index, puzzle = next(work, (None, None))
                if index is None:
                    return
                handed[index] = puzzle
            yield solve_one(index, puzzle, name, chosen, time_limit, options, parent)

    # loky (joblib's default) workers watch this process from their start, not only from
    # their first puzzle (an idle worker would otherwise wait for its idle timeout).
    watch: dict[str, Any] = {}
    if isinstance(joblib.parallel.get_active_backend()[0], joblib.parallel.LokyBackend):
        watch = {"initializer": _start_watching, "initargs": (os.getpid(),)}
    # batch_size="auto" lets joblib group 1-ms puzzles into batches of ~0.2 s or more, so the
    # per-task overhead of inter-process communication stays small.
    parallel = joblib.Parallel(n_jobs=processes, return_as="generator", batch_size=BATCH_SIZE, **watch)
    outputs = parallel(tasks())
    try:
        for item in outputs:
            del handed[item.index]
            answered[0] += 1
            bar.update(1)
            yield item
    except GeneratorExit:  # the caller stopped early: the tasks left are cancelled, as asked
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "(?s).*adjusting the input task iterator", UserWarning)
            outputs.close()
        raise
    except (BrokenProcessPool, BrokenExecutor) as error:  # TerminatedWorkerError is a BrokenProcessPool
        with taking:
            broken = True
        return WORKER_DIED + f"{type(error).__name__}: {error}".splitlines()[0]
    return None


def _solve_one(
    index: int,
    puzzle: PuzzleInput,
    name: str,
    chosen: backends.Backend,
    time_limit: float | None,
    options: dict[str, Any],
    parent: int | None = None,
) -> BatchItem:
    """Solve one puzzle in a worker and record what happened; never raises for the puzzle's sake."""
    _end_with_parent(parent)
    _ensure_registered(name, chosen)
    start = time.perf_counter()
    try:
        result = solve_with_stats(puzzle, backend=name, time_limit=time_limit, **options)
    except NoSolutionError as error:
        return _failed(index, name, "no solution", error, start)
    except SolveTimeoutError as error:
        return _failed(index, name, "timeout", error, start)
    except Exception as error:  # noqa: BLE001 - one failing puzzle must not stop the batch
        return _failed(index, name, "error", error, start)
    return BatchItem(index, name, "solved", result, None, time.perf_counter() - start)


def _failed(index: int, name: str, status: Status, error: Exception, start: float) -> BatchItem:
    message = f"{type(error).__name__}: {error}"
    own = error if isinstance(error, SudokuError) else None  # the package's errors pickle
    return BatchItem(index, name, status, None, message, time.perf_counter() - start, own)


def _ensure_registered(name: str, chosen: backends.Backend) -> None:
    """Make ``name`` resolve to ``chosen`` in this process.

    A worker process starts with only the default registry, so a backend the caller
    registered at run time (or replaced) is registered again from the pickled backend.
    """
    if name not in backends.backend_names() or backends.get_backend(name) is not chosen:
        backends.register_backend(name, chosen)


_watched: set[int] = set()


def _end_with_parent(parent: int | None) -> None:
    """In a worker process started by ``parent`` (a joblib/loky worker), start once a
    daemon thread that ends this process when ``parent`` dies, whatever killed it (even
    SIGKILL, which gives the parent no chance to stop its workers): its workers then stop
    too, instead of solving on at full CPU for nobody. A no-op in the caller's process and
    on machines the caller did not start (a Dask cluster's workers)."""
    pid = os.getpid()
    if parent is None or pid == parent or pid in _watched or os.getppid() != parent:
        return

    _watched.add(pid)
    threading.Thread(target=_watch_parent, args=(parent,), name="sudoku_cp-parent-watch", daemon=True).start()


def _start_watching(parent: int) -> None:
    """A loky worker's initializer: end now if ``parent`` is already gone, else watch it."""
    if os.getppid() != parent:
        os._exit(1)
    _end_with_parent(parent)


PARENT_POLL = 0.25
"""Seconds between two looks of a worker process at its parent."""


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:  # a dead parent's children pass to another process
        time.sleep(PARENT_POLL)
    os._exit(1)
