"""Comparing backends on the same puzzles: one table row per (puzzle, backend).

:func:`compare` runs every backend over the puzzles with :func:`~sudoku_cp.batch.solve_many`
and returns a pandas DataFrame; :func:`summarize` turns it into one row per backend and
data set. The command ``sudoku-cp bench`` prints that summary in the terminal.
"""

from __future__ import annotations

import sys
import types
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from sudoku_cp import backends as registry
from sudoku_cp import datasets
from sudoku_cp.batch import BatchItem, solve_many
from sudoku_cp.engine.imports import import_module
from sudoku_cp.errors import InvalidArgumentError
from sudoku_cp.io.inputs import PuzzleInput, as_puzzle

if TYPE_CHECKING:
    import pandas as pd

DEFAULT_DATASET_LABEL = "custom"
"""The ``dataset`` column of puzzles passed as a list without a ``dataset`` name."""

LEADING_COLUMNS = ["dataset", "puzzle", "size", "givens", "backend", "status", "wall_time"]
TRAILING_COLUMNS = ["solution", "agrees", "error"]
SUMMARY_COLUMNS = [
    "count",
    "solved",
    "no_solution",
    "timeouts",
    "errors",
    "median_s",
    "mean_s",
    "max_s",
    "agreement",
]

TimeLimit = float | None | Mapping[str, float | None]


def compare(
    puzzles: str | Iterable[PuzzleInput],
    *,
    backends: Sequence[str] | None = None,
    time_limit: TimeLimit = None,
    processes: int | None = None,
    dataset: str | None = None,
    progress: bool | None = None,
    workers: int | None = None,
) -> pd.DataFrame:
    """Solve the same puzzles with several backends and tabulate what each did.

    Args:
        puzzles: a bundled data set name (see :func:`sudoku_cp.datasets.names`), or
            Puzzles (any variant), Grids, puzzle texts, JSON records or lists of lists.
        backends: backend names, in the order of the rows; ``None`` for every registered one.
        time_limit: seconds per puzzle, for every backend, or a mapping from backend name to
            its limit (a backend missing from the mapping gets none); ``None`` for no limit.
        processes: processes per backend run, as in :func:`~sudoku_cp.batch.solve_many`.
        dataset: the label of the ``dataset`` column; defaults to the data set name when
            ``puzzles`` is one, else ``"custom"``.
        progress: show a progress bar per backend; ``None`` (the default): only when
            standard error is a terminal or this is a Jupyter notebook.
        workers: the former name of ``processes``, still read, with a :class:`DeprecationWarning`.

    Returns:
        A DataFrame with one row per (puzzle, backend), puzzles in input order and, within a
        puzzle, backends in the given order. Columns:

        - ``dataset`` (str), ``puzzle`` (0-based index in ``puzzles``), ``size`` (side n),
          ``givens`` (filled cells), ``backend`` (str);
        - ``status``: ``"solved"``, ``"no solution"``, ``"timeout"`` or ``"error"``;
        - ``wall_time``: seconds for that solve (parsing and checking included);
        - one column per effort counter any backend reports (``solver_calls``, ``nodes``,
          ``branches``, ...), NaN where the backend has no such counter or did not solve;
        - ``solution``: the one-line string of the solution, ``None`` unless solved;
        - ``agrees``: whether this row's *verdict* matches every other backend's verdict on
          the same puzzle. A verdict is the solution for a solved row and "no solution" for
          a proven-unsolvable one; a timeout or error has none and gets ``<NA>``. A verdict
          that no other backend contradicts is ``True``, including when it is the only one
          (nothing to disagree with), so ``False`` always means two backends gave different
          answers: one of them is wrong, since every backend returns the smallest solution.
        - ``error``: the error message of a row that was not solved, else ``None``.

    Raises:
        ValueError: an unknown data set name.
        UnknownBackendError: an unknown backend name (before anything is solved); a backend
            whose optional package is missing is skipped with a warning (:func:`usable_backends`).
        TypeError: ``time_limit`` names a backend that is not compared.
    """
    pd = import_module("pandas")  # Ctrl-C cannot leave it half imported

    if workers is not None:
        warnings.warn("compare(workers=...) is now processes=...", DeprecationWarning, stacklevel=2)
        processes = workers if processes is None else processes
    if isinstance(puzzles, str):
        dataset = dataset or puzzles
        puzzles = datasets.load(puzzles)
    puzzles = list(puzzles)
    if backends is not None and (isinstance(backends, str | bytes) or not isinstance(backends, Iterable)):
        raise InvalidArgumentError(f"backends are a list of backend names, not {backends!r}")
    requested = list(backends) if backends is not None else registry.backend_names()
    names = usable_backends(requested)
    limits = _time_limits(requested, time_limit)
    items_by_backend = {
        name: solve_many(
            puzzles, backend=name, time_limit=limits[name], processes=processes, progress=progress
        )
        for name in names
    }
    rows = [
        _row(dataset or DEFAULT_DATASET_LABEL, index, description, items_by_backend[name][index])
        for index, description in enumerate(map(_describe, puzzles))
        for name in names
    ]
    frame = pd.DataFrame(rows) if rows else pd.DataFrame(columns=[*LEADING_COLUMNS, *TRAILING_COLUMNS])
    frame = frame.astype({"size": "Int64", "givens": "Int64"})
    frame["agrees"] = _agreement(frame)
    return frame[_column_order(frame)]


def usable_backends(names: Iterable[str] | None = None) -> list[str]:
    """The backends of ``names`` (``None``: every registered one) that can be used, in order;
    one whose optional package is missing is left out with a :class:`UserWarning` saying
    why and how to install it (:func:`sudoku_cp.backends.unavailable`), so that a comparison
    runs on what is installed.

    Raises:
        UnknownBackendError: an unknown name (before anything is solved).
    """
    import warnings

    if names is not None and (isinstance(names, str | bytes) or not isinstance(names, Iterable)):
        raise InvalidArgumentError(f"backends are a list of backend names, not {names!r}")
    usable = []
    for name in list(names) if names is not None else registry.backend_names():
        missing = registry.unavailable(name)
        if missing:
            warnings.warn(f"backend {name!r} skipped: {missing}", UserWarning, stacklevel=2)
        else:
            usable.append(name)
    return usable


def summarize(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per (dataset, backend) of a :func:`compare` table.

    Columns: ``count`` (rows), ``solved``, ``no_solution``, ``timeouts``, ``errors`` (row
    counts by status, adding up to ``count``); ``median_s``, ``mean_s``, ``max_s``: wall
    seconds over all rows (a timed-out row counts with the time it ran, so with timeouts the
    figures are lower bounds); ``agreement``: the share of rows with a verdict (solved or
    no solution) whose ``agrees`` is True, in 0..1 (NaN when there is none).

    Groups keep the order of first appearance in ``frame``.
    """
    pd = import_module("pandas")  # Ctrl-C cannot leave it half imported

    summaries = []
    for (dataset, backend), group in frame.groupby(["dataset", "backend"], sort=False):
        status = group["status"]
        with_verdict = group["agrees"].dropna()
        summaries.append(
            {
                "dataset": dataset,
                "backend": backend,
                "count": len(group),
                "solved": int((status == "solved").sum()),
                "no_solution": int((status == "no solution").sum()),
                "timeouts": int((status == "timeout").sum()),
                "errors": int((status == "error").sum()),
                "median_s": group["wall_time"].median(),
                "mean_s": group["wall_time"].mean(),
                "max_s": group["wall_time"].max(),
                "agreement": with_verdict.astype(float).mean() if len(with_verdict) else float("nan"),
            }
        )
    return pd.DataFrame(summaries, columns=["dataset", "backend", *SUMMARY_COLUMNS])


def _time_limits(names: list[str], time_limit: TimeLimit) -> dict[str, float | None]:
    """The time limit of each backend, from one number or a per-backend mapping."""
    if not isinstance(time_limit, Mapping):
        return dict.fromkeys(names, time_limit)
    strangers = [name for name in time_limit if name not in names]
    if strangers:
        raise InvalidArgumentError(f"time_limit names backends that are not compared: {', '.join(strangers)}")
    return {name: time_limit.get(name) for name in names}


def _row(
    dataset: str, index: int, description: tuple[int | None, int | None], item: BatchItem
) -> dict[str, object]:
    """One table row: the puzzle's ``(size, givens)``, then what the backend did with it."""
    size, givens = description
    row: dict[str, object] = {
        "dataset": dataset,
        "puzzle": index,
        "size": size,
        "givens": givens,
        "backend": item.backend,
        "status": item.status,
        "wall_time": item.wall_time,
        "solution": None,
        "error": item.error,
    }
    if item.result is not None:
        row["solution"] = item.result.solution.to_string()
        row.update(item.result.stats)
    return row


def _describe(puzzle: PuzzleInput) -> tuple[int | None, int | None]:
    """``(side, givens)`` of a puzzle; ``None`` for both when it does not parse."""
    try:
        parsed = as_puzzle(puzzle)[0]
    except Exception:  # noqa: BLE001 - a malformed puzzle is reported in its row's error
        return None, None
    return parsed.side, parsed.given_count


def _agreement(frame: pd.DataFrame) -> pd.Series:
    """The ``agrees`` column: does each row's verdict match all others on its puzzle?"""
    pd = import_module("pandas")  # Ctrl-C cannot leave it half imported

    verdict = frame["solution"].where(frame["status"] == "solved")
    verdict = verdict.mask(frame["status"] == "no solution", "no solution")
    distinct = verdict.groupby([frame["dataset"], frame["puzzle"]]).transform("nunique")
    agrees = pd.Series(distinct == 1, index=frame.index, dtype="boolean")
    return agrees.mask(verdict.isna())


def _column_order(frame: pd.DataFrame) -> list[str]:
    """Leading columns, the effort counters in order of first appearance, then the rest."""
    fixed = set(LEADING_COLUMNS) | set(TRAILING_COLUMNS)
    counters = [column for column in frame.columns if column not in fixed]
    return [*LEADING_COLUMNS, *counters, *TRAILING_COLUMNS]


def format_summary(summary: pd.DataFrame) -> str:
    """A :func:`summarize` table as aligned text: wall times in milliseconds, agreement in percent."""
    table = summary[["dataset", "backend", "count", "solved", "no_solution", "timeouts", "errors"]].copy()
    for column in ("median", "mean", "max"):
        table[f"{column} ms"] = (summary[f"{column}_s"] * 1000).map(_format_ms)
    table["agreement"] = summary["agreement"].map(lambda share: "-" if _isna(share) else f"{share:.0%}")
    return table.rename(columns={"no_solution": "no solution"}).to_string(index=False)


def _format_ms(milliseconds: float) -> str:
    """Three significant digits, at least one decimal below 100 ms: 0.31, 12.5, 1234."""
    if milliseconds < 10:
        return f"{milliseconds:.2f}"
    if milliseconds < 100:
        return f"{milliseconds:.1f}"
    return f"{milliseconds:.0f}"


def _isna(value: object) -> bool:
    """pandas.isna for one value, without importing pandas at module import."""
    pd = import_module("pandas")  # Ctrl-C cannot leave it half imported

    return bool(pd.isna(value))


class _CallableModule(types.ModuleType):
    """This module, callable as its own ``compare`` function.

    ``sudoku_cp.compare`` is the function, resolved lazily by the package; but the first
    ``import sudoku_cp.compare`` (``from sudoku_cp.compare import summarize``) makes Python
    bind the package attribute to this module instead. Calling the module calls the function,
    so ``sudoku_cp.compare(...)`` works whichever of the two the attribute holds.
    """

    def __call__(self, *args, **kwargs):
        return compare(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
