"""Run a function in a killable child process, so that a deadline can be enforced on
code that never returns to the Python interpreter loop (compiled search loops ignore
signal handlers and cannot be interrupted from another thread).

One :class:`KillableWorker` keeps one child process, started with the ``"spawn"`` start
method (``fork`` is unsafe once a parent holds threads, e.g. OR-Tools' workers) and reused
across calls. When a call misses its deadline the child is terminated, then killed if it
lingers, and joined, so nothing is left behind; the next call starts a fresh child.
"""

from __future__ import annotations

import atexit
import multiprocessing
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

_CONTEXT = multiprocessing.get_context("spawn")
_TERMINATE_GRACE = 1.0  # seconds to wait for SIGTERM before SIGKILL


class WorkerDiedError(RuntimeError):
    """The child process ended without answering (crashed or was killed from outside)."""


def _serve(connection: Connection) -> None:
    """The child's loop: receive ``(function, args)``, send back ``(True, result)`` or
    ``(False, exception)``, until the parent closes the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    while True:
        try:
            function, args = connection.recv()
        except (EOFError, OSError):
            return
        try:
            reply = (True, function(*args))
        except Exception as error:  # sent back and re-raised in the parent
            reply = (False, error)
        try:
            connection.send(reply)
        except Exception as error:  # the result or the error did not pickle
            connection.send((False, RuntimeError(f"worker could not send its answer back: {error!r}")))


class KillableWorker:
    """One reusable child process that runs picklable module-level functions with a deadline.

    Thread-safe (one call at a time). Call :meth:`stop` to end the child; it is also
    stopped at interpreter exit.
    """

    def __init__(self) -> None:
        self._process: multiprocessing.process.BaseProcess | None = None
        self._connection: Connection | None = None
        self._lock = threading.Lock()
        atexit.register(self.stop)

    @property
    def is_running(self) -> bool:
        """True while a child process is alive."""
        return self._process is not None and self._process.is_alive()

    def call(self, function: Callable[..., Any], args: tuple, timeout: float) -> tuple[Any, bool]:
        """Run ``function(*args)`` in the child and return ``(result, started)``.

        ``timeout`` is in seconds and covers everything, starting the child (about 0.2 s,
        mostly imports) included; ``started`` tells whether a new child was started for
        this call (False when one was reused).

        Raises:
            TimeoutError: the deadline passed; the child has been killed and joined.
            WorkerDiedError: the child ended without answering.
            Exception: whatever ``function`` raised in the child, re-raised here.
        """
        deadline = time.monotonic() + timeout
        with self._lock:
            try:
                started = self._ensure_started()
                assert self._connection is not None
                self._connection.send((function, args))
                if not self._connection.poll(max(0.0, deadline - time.monotonic())):
                    self._stop_locked()
                    raise TimeoutError(f"no answer within {timeout:g} s")
                ok, payload = self._connection.recv()
            except (EOFError, BrokenPipeError, ConnectionResetError):
                self._stop_locked()
                raise WorkerDiedError("the worker process ended without answering") from None
            except BaseException:
                self._stop_locked()  # e.g. KeyboardInterrupt while waiting: leave nothing running
                raise
        if ok:
            return payload, started
        raise payload

    def stop(self) -> None:
        """End the child (terminate, then kill if needed, then join); safe to call twice."""
        with self._lock:
            self._stop_locked()

    def _ensure_started(self) -> bool:
        if self.is_running:
            return False
        self._stop_locked()
        parent_end, child_end = _CONTEXT.Pipe(duplex=True)
        process = _CONTEXT.Process(target=_serve, args=(child_end,), name="sudoku_cp-worker", daemon=True)
        process.start()
        child_end.close()
        self._process, self._connection = process, parent_end
        return True

    def _stop_locked(self) -> None:
        process, connection = self._process, self._connection
        self._process = self._connection = None
        if connection is not None:
            connection.close()
        if process is None:
            return
        if process.is_alive():
            process.terminate()
            process.join(_TERMINATE_GRACE)
            if process.is_alive():
                process.kill()
        process.join()
        process.close()
