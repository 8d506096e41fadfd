"""Solving many puzzles at once, in parallel processes or on a cluster.

:func:`solve_many` runs one backend over a list of puzzles and returns one
:class:`BatchItem` per puzzle, in input order. A puzzle that has no solution, runs
out of time or makes the backend fail is recorded as such; it never stops the batch.

The work is spread with `joblib <https://joblib.readthedocs.io>`_, so the same call
runs on one core, on every core of the machine (``processes=-1``), or on an existing
Dask cluster through joblib's Dask backend, with no code path of our own for it::

    import joblib
    from dask.distributed import Client

    client = Client("tcp://scheduler:8786")   # or Client(LocalCluster(...))
    with joblib.parallel_config(backend="dask"):
        items = solve_many(puzzles, backend="cpsat", processes=-1)

Dask is an optional extra: ``pip install "sudoku_cp[dask]"``.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from sudoku_cp import backends
from sudoku_cp.api import check_time_limit, solve_with_stats
from sudoku_cp.errors import NoSolutionError, SolveTimeoutError
from sudoku_cp.progress import progress_bar
from sudoku_cp.puzzle import PuzzleInput
from sudoku_cp.result import SolveResult

Status = Literal["solved", "no solution", "timeout", "error"]
"""What happened to one puzzle of a batch."""

STATUSES: tuple[Status, ...] = ("solved", "no solution", "timeout", "error")


@dataclass(frozen=True)
class BatchItem:
    """The outcome of one puzzle in a batch.

    Attributes:
        index: the puzzle's 0-based position in the input.
        backend: the backend's registered name.
        status: ``"solved"``, ``"no solution"`` (proven), ``"timeout"`` (the time limit
            ran out) or ``"error"`` (a malformed puzzle, or the backend failed).
        result: the :class:`~sudoku_cp.result.SolveResult` when solved, else ``None``.
        error: the error message (``"ExceptionType: message"``) when not solved, else ``None``.
        wall_time: seconds spent on this puzzle in its worker, parsing and checking included.
    """

    index: int
    backend: str
    status: Status
    result: SolveResult | None
    error: str | None
    wall_time: float

    @property
    def solved(self) -> bool:
        """True when the status is ``"solved"``."""
        return self.status == "solved"


def solve_many(
    puzzles: Iterable[PuzzleInput],
    *,
    backend: str | None = None,
    time_limit: float | None = None,
    processes: int | None = None,
    progress: bool | None = None,
    **options: Any,
) -> list[BatchItem]:
    """Solve every puzzle with one backend; return one :class:`BatchItem` per puzzle, in input order.

    Args:
        puzzles: Puzzles (any variant), Grids, puzzle texts (any layout of
            :mod:`sudoku_cp.formats`), JSON records or lists of lists; a malformed one is
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
            this is a Jupyter notebook (see :mod:`sudoku_cp.progress`).
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
    from joblib import Parallel, delayed

    if processes is None and "workers" in options:
        warnings.warn(
            "solve_many(workers=...) is now processes=...; workers= goes to the backend "
            "(CP-SAT's threads) when processes= is given",
            DeprecationWarning,
            stacklevel=2,
        )
        processes = options.pop("workers")
    name = backend or backends.DEFAULT_BACKEND
    chosen = backends.get_backend(name)
    backends.check_options(name, chosen, options)
    time_limit = check_time_limit(time_limit)
    puzzles = list(puzzles)
    solve_one = delayed(_solve_one)
    tasks = (solve_one(i, p, name, chosen, time_limit, options) for i, p in enumerate(puzzles))
    # batch_size="auto" lets joblib group 1-ms puzzles into batches of ~0.2 s or more, so the
    # per-task overhead of inter-process communication stays small.
    parallel = Parallel(n_jobs=processes, return_as="generator", batch_size="auto")
    items: list[BatchItem] = []
    with progress_bar(len(puzzles), name, progress) as bar:
        for item in parallel(tasks):
            items.append(item)
            bar.update(1)
    return items


def _solve_one(
    index: int,
    puzzle: PuzzleInput,
    name: str,
    chosen: backends.Backend,
    time_limit: float | None,
    options: dict[str, Any],
) -> BatchItem:
    """Solve one puzzle in a worker and record what happened; never raises for the puzzle's sake."""
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
    return BatchItem(index, name, status, None, message, time.perf_counter() - start)


def _ensure_registered(name: str, chosen: backends.Backend) -> None:
    """Make ``name`` resolve to ``chosen`` in this process.

    A worker process starts with only the default registry, so a backend the caller
    registered at run time (or replaced) is registered again from the pickled backend.
    """
    if name not in backends.backend_names() or backends.get_backend(name) is not chosen:
        backends.register_backend(name, chosen)
