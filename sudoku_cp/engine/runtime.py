"""The clock of a call (:class:`Deadline`) and the helper thread that keeps long solves
off the main thread (:class:`HelperThread`), shared by the engine and every backend."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from sudoku_cp.errors import SolveTimeoutError

if TYPE_CHECKING:
    import queue


MAX_TIME_LIMIT = 1e8
"""Seconds (about three years): a longer ``time_limit``, or infinity, means no limit, so
that a huge limit never overflows a clock or a system call."""


def finite_time_limit(time_limit: float | None) -> float | None:
    """``time_limit`` as a float of seconds, or ``None`` for none or one above :data:`MAX_TIME_LIMIT`.

    >>> finite_time_limit(2), finite_time_limit(10**400), finite_time_limit(float("inf"))
    (2.0, None, None)
    """
    return None if time_limit is None or time_limit > MAX_TIME_LIMIT else float(time_limit)


class Deadline:
    """The clock of one call with a ``time_limit`` in seconds (``None``, or above
    :data:`MAX_TIME_LIMIT`: no limit).

    >>> Deadline(None).left() is None
    True
    """

    def __init__(self, time_limit: float | None) -> None:
        self.time_limit = time_limit
        limit = finite_time_limit(time_limit)
        self.at = None if limit is None else time.perf_counter() + limit

    def left(self) -> float | None:
        """Seconds left (at most 0 once it has passed), ``None`` without a limit."""
        return None if self.at is None else max(0.0, self.at - time.perf_counter())

    def passed(self) -> bool:
        """True once the limit has run out."""
        return self.at is not None and time.perf_counter() > self.at

    def check(self, who: str) -> None:
        """Raise :class:`SolveTimeoutError` ("``who`` ran out of time") once the limit has passed."""
        if self.passed():
            raise self.timeout(who)

    def timeout(self, who: str) -> SolveTimeoutError:
        """The error to raise when ``who`` ran out of time."""
        return SolveTimeoutError(
            f"{who} ran out of time: no solution found and proven within {self.time_limit:g} s"
        )


class Counters:
    """The effort counters of one call (a backend's run, a search): :meth:`stats` gives
    the attributes named in ``STATS``, in that order, as the call's stats dict."""

    STATS: ClassVar[tuple[str, ...]] = ("solver_calls",)
    """The counters' names (attributes of the object, ints or seconds as floats)."""

    def stats(self) -> dict[str, float]:
        """The counters as the call's stats dict (``{name: value}`` in :attr:`STATS` order)."""
        return {name: getattr(self, name) for name in self.STATS}


class HelperThread:
    """One long-lived daemon thread that runs the functions handed to it, one at a time.

    Started on first use, and again in a child process after a fork (threads do not
    survive one). Used to keep a CP-SAT solve off the main thread, which then waits
    interruptibly, and to start child processes from a thread that outlives its callers.
    """

    def __init__(self, name: str) -> None:
        import queue  # here, like threading and concurrent.futures below: the backtracker
        import threading  # needs none of them, and a one-shot CLI solve should not load them

        self.name = name
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._owner = 0
        self._lock = threading.Lock()

    def submit(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Call:
        """Run ``function(*args, **kwargs)`` on the thread; its result or exception comes
        through the returned :class:`Call` (``result()``, ``done()``, ``wait(seconds)``)."""
        return self._put(Call(), function, args, kwargs)

    def call(self, function: Callable[..., Any], *args: Any) -> Any:
        """Run ``function(*args)`` on the thread and return its result (or raise its
        exception), waiting interruptibly: Ctrl-C raises :class:`KeyboardInterrupt` here
        while the call runs on to its end."""
        return self._put(Call(), function, args, {}).result()

    def post(self, function: Callable[..., Any], *args: Any) -> None:
        """Queue ``function(*args)`` on the thread and return at once; its result is
        dropped (``function`` handles its own errors)."""
        self._put(Call(), function, args, {})

    def _put(self, future: Any, function: Callable[..., Any], args: tuple, kwargs: dict) -> Any:
        import queue
        import threading

        with self._lock:
            if self._thread is None or not self._thread.is_alive() or self._owner != os.getpid():
                self._jobs, self._owner = queue.SimpleQueue(), os.getpid()
                self._thread = threading.Thread(
                    target=_serve_jobs, args=(self._jobs,), name=self.name, daemon=True
                )
                self._thread.start()
            self._jobs.put((future, function, args, kwargs))
        return future


class Call:
    """A call handed to a :class:`HelperThread`: its result or exception once it ends.

    The few methods of a :class:`concurrent.futures.Future` that the callers use, on one
    :class:`threading.Lock` held until the call ends, which the helper thread only
    releases: a release never blocks. A Future's or an Event's Condition must be entered
    by the setter too, and a Ctrl-C that lands in the waiter's ``with`` statement can
    leave it held, stalling the helper thread, and every later call queued behind it,
    for good. Also spares a one-shot solve the import of :mod:`concurrent.futures` (and
    the :mod:`logging` it loads).
    """

    def __init__(self) -> None:
        import threading

        self._lock = threading.Lock()
        self._lock.acquire()
        self._finished = False
        self._value: Any = None
        self._error: BaseException | None = None

    def set_running_or_notify_cancel(self) -> bool:
        return True

    def set_result(self, value: Any) -> None:
        self._value = value
        self._finish()

    def set_exception(self, error: BaseException) -> None:
        self._error = error
        self._finish()

    def _finish(self) -> None:
        self._finished = True  # before the release: done() holds even if a waiter keeps the lock
        self._lock.release()

    def done(self) -> bool:
        """Whether the call has ended (returned or raised)."""
        return self._finished

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds (interruptibly) for the call to end; whether it has."""
        if self._lock.acquire(timeout=timeout):
            self._lock.release()  # for a later wait() or result()
        return self._finished

    def result(self) -> Any:
        """The call's return value, waiting (interruptibly: Ctrl-C raises here) for its end.

        Raises:
            BaseException: whatever the call raised.
        """
        self._lock.acquire()
        self._lock.release()
        if self._error is not None:
            raise self._error
        return self._value


def _serve_jobs(jobs: queue.SimpleQueue) -> None:
    while True:
        future, function, args, kwargs = jobs.get()
        if not future.set_running_or_notify_cancel():
            continue
        try:
            future.set_result(function(*args, **kwargs))
        except BaseException as error:  # handed to the caller through the future
            future.set_exception(error)
