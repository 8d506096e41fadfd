"""Run a function in a killable child process, so that a deadline can be enforced on
code that never returns to the Python interpreter loop (compiled search loops ignore
signal handlers and cannot be interrupted from another thread).

One :class:`KillableWorker` keeps one child process, reused across calls. The child is
a fresh interpreter started with :mod:`subprocess` (``python -c``), talking to the
parent by pickles over two pipes of its own, rather than a :mod:`multiprocessing`
process, because multiprocessing's ``spawn`` and ``forkserver`` start methods re-import
the caller's main script in the child (a script without an ``if __name__ ==
"__main__":`` guard then fails), its ``fork`` method is unsafe once the parent holds
threads (OR-Tools' workers), and a daemonic process such as a Dask worker may not
start multiprocessing children. When a call misses its deadline the child is
terminated, then killed if it lingers, and reaped, so nothing is left behind; the next
call starts a fresh child. POSIX only (pipes passed by file descriptor, ``select``).
"""

from __future__ import annotations

import atexit
import os
import pickle
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

_TERMINATE_GRACE = 1.0  # seconds to wait for SIGTERM before SIGKILL
_CHILD_CODE = (
    "import sys; from sudoku_cp.backends.subprocess_timeout import serve; "
    "serve(int(sys.argv[1]), int(sys.argv[2]))"
)


class WorkerDiedError(RuntimeError):
    """The child process ended without answering (crashed or was killed from outside)."""


def serve(read_fd: int, write_fd: int) -> None:
    """The child's loop: read ``(function, args)`` pickles from ``read_fd``, write back
    ``(True, result)`` or ``(False, exception)`` to ``write_fd``, until the parent closes
    its end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    with open(read_fd, "rb") as requests, open(write_fd, "wb") as replies:
        while True:
            try:
                function, args = pickle.load(requests)
            except (EOFError, OSError):
                return
            try:
                reply = (True, function(*args))
            except Exception as error:  # sent back and re-raised in the parent
                reply = (False, error)
            try:
                payload = pickle.dumps(reply)
            except Exception as error:  # the result or the error does not pickle
                payload = pickle.dumps((False, RuntimeError(f"worker could not send its answer: {error!r}")))
            replies.write(payload)
            replies.flush()


class KillableWorker:
    """One reusable child process that runs picklable module-level functions with a deadline.

    Thread-safe (one call at a time). Call :meth:`stop` to end the child; it is also
    stopped at interpreter exit.
    """

    def __init__(self) -> None:
        self._process: subprocess.Popen | None = None
        self._requests: BinaryIO | None = None
        self._replies: BinaryIO | None = None
        self._lock = threading.Lock()
        atexit.register(self.stop)

    @property
    def is_running(self) -> bool:
        """True while a child process is alive."""
        return self._process is not None and self._process.poll() is None

    @property
    def pid(self) -> int | None:
        """The child's process id while it runs, else ``None``."""
        return self._process.pid if self.is_running else None

    def call(self, function: Callable[..., Any], args: tuple, timeout: float) -> tuple[Any, bool]:
        """Run ``function(*args)`` in the child and return ``(result, started)``.

        ``timeout`` is in seconds and covers everything, starting the child (about 0.3 s,
        mostly imports) included; ``started`` tells whether a new child was started for
        this call (False when one was reused).

        Raises:
            TimeoutError: the deadline passed; the child has been killed and reaped.
            WorkerDiedError: the child ended without answering.
            Exception: whatever ``function`` raised in the child, re-raised here.
        """
        deadline = time.monotonic() + timeout
        with self._lock:
            try:
                started = self._ensure_started()
                assert self._requests is not None and self._replies is not None
                self._requests.write(pickle.dumps((function, args)))
                self._requests.flush()
                ready, _, _ = select.select([self._replies], [], [], max(0.0, deadline - time.monotonic()))
                if not ready:
                    self._stop_locked()
                    raise TimeoutError(f"no answer within {timeout:g} s")
                ok, payload = pickle.load(self._replies)
            except (EOFError, BrokenPipeError, ConnectionResetError, pickle.UnpicklingError):
                self._stop_locked()
                raise WorkerDiedError("the worker process ended without answering") from None
            except BaseException:
                self._stop_locked()  # e.g. KeyboardInterrupt while waiting: leave nothing running
                raise
        if ok:
            return payload, started
        raise payload

    def stop(self) -> None:
        """End the child (terminate, then kill if needed, then reap); safe to call twice."""
        with self._lock:
            self._stop_locked()

    def _ensure_started(self) -> bool:
        if self.is_running:
            return False
        self._stop_locked()
        child_reads, parent_writes = os.pipe()
        parent_reads, child_writes = os.pipe()
        try:
            self._process = subprocess.Popen(
                [sys.executable, "-c", _CHILD_CODE, str(child_reads), str(child_writes)],
                pass_fds=(child_reads, child_writes),
                env=_child_environment(),
                stdin=subprocess.DEVNULL,
            )
        finally:
            os.close(child_reads)
            os.close(child_writes)
        self._requests = open(parent_writes, "wb")  # noqa: SIM115 - closed in _stop_locked
        self._replies = open(parent_reads, "rb")  # noqa: SIM115
        return True

    def _stop_locked(self) -> None:
        process, requests, replies = self._process, self._requests, self._replies
        self._process = self._requests = self._replies = None
        for stream in (requests, replies):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass
        if process is None:
            return
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(_TERMINATE_GRACE)
            except subprocess.TimeoutExpired:
                process.kill()
        process.wait()


def _child_environment() -> dict[str, str]:
    """This environment, with the folder that holds ``sudoku_cp`` first on PYTHONPATH, so
    the child imports the same package even when the parent found it through ``sys.path``."""
    package_parent = str(Path(__file__).resolve().parent.parent)
    paths = [package_parent, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
