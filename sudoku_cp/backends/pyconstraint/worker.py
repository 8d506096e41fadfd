"""The child-process wiring of the ``"python-constraint"`` backend.

python-constraint cannot be interrupted (its search loop is compiled and ignores signal
handlers), so a ``time_limit`` runs the whole search in a reusable child process
(:mod:`sudoku_cp.backends.subprocess_timeout`) that is killed when the deadline passes.
Concurrent calls (threads) each get a child of their own, and starting a child (about
0.5 s, on the first time-limited call and after a timeout) is not counted in the limit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sudoku_cp.backends.subprocess_timeout import WorkerPool
from sudoku_cp.engine.runtime import finite_time_limit
from sudoku_cp.errors import SolveTimeoutError

T = TypeVar("T")

pool = WorkerPool(preload=("sudoku_cp.backends.pyconstraint",))
"""The child processes of time-limited calls, one per concurrent caller."""


def run(
    function: Callable[..., T], arguments: tuple[Any, ...], time_limit: float | None, task: str
) -> tuple[T, bool | None]:
    """``function(*arguments)``, in this process without a time limit, else in a child
    process killed when ``time_limit`` (seconds) runs out.

    Args:
        function: a module-level function (it is pickled by name for the child).
        arguments: its arguments (pickled too).
        time_limit: seconds, or ``None`` (or a limit above
            :data:`~sudoku_cp.engine.runtime.MAX_TIME_LIMIT`): no limit.
        task: what the call does, for the timeout message ("finish counting").

    Returns:
        ``(result, started)``: ``started`` is ``True`` when this call had to start the
        child process, ``False`` when it reused one, ``None`` when it ran in this process.

    Raises:
        SolveTimeoutError: ``time_limit`` ran out (the child has been killed).
        Whatever ``function`` raises (passed back from the child).
    """
    time_limit = finite_time_limit(time_limit)
    if time_limit is None:
        return function(*arguments), None
    try:
        return pool.call(function, arguments, time_limit)
    except TimeoutError:
        raise SolveTimeoutError(f"python-constraint did not {task} within {time_limit:g} s") from None


def shutdown_worker() -> None:
    """Stop the child processes kept for time-limited calls (they also stop at exit)."""
    pool.stop()
