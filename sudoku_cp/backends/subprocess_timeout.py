"""Run a function in a killable child process, so that a deadline can be enforced on
code that never returns to the Python interpreter loop (compiled search loops ignore
signal handlers and cannot be interrupted from another thread).

A :class:`WorkerPool` lends each caller a :class:`KillableWorker`, one child process
reused across calls; concurrent callers (threads, a threaded Dask worker) each get their
own child, so no call waits for another inside its time limit. The child is a fresh
interpreter started with :mod:`subprocess`, talking to the parent by length-prefixed
pickles over two pipes of its own, rather than a :mod:`multiprocessing` process, because
multiprocessing's ``spawn`` and ``forkserver`` start methods re-import the caller's main
script in the child (a script without an ``if __name__ == "__main__":`` guard then fails),
its ``fork`` method is unsafe once the parent holds threads (OR-Tools' workers), and a
daemonic process such as a Dask worker may not start multiprocessing children.

Safety:

* The child runs isolated (``python -I``: no working directory, ``PYTHONPATH`` or user
  site on ``sys.path``), with the folder that holds ``sudoku_cp`` and the parent's other
  ``sys.path`` folders given explicitly (never the working directory), so a
  ``constraint.py`` lying in the working directory is never imported.
* The child ends with its parent: on Linux it asks the kernel for SIGKILL when its
  parent dies (``PR_SET_PDEATHSIG``; children are started from one long-lived thread,
  since the kernel ties that signal to the thread that started the child); elsewhere a
  thread of the child watches its parent's pid.
* When a call misses its deadline the child is terminated, then killed if it lingers,
  and reaped, so nothing is left behind; the next call starts a fresh child.

Start-up (a new interpreter importing the package, about 0.3 to 0.5 s) happens before a
call's clock starts: the time limit covers only the call's own work.
POSIX only (pipes passed by file descriptor, ``select``).
"""

from __future__ import annotations

import atexit
import ctypes
import ctypes.util
import importlib
import json
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, BinaryIO

from sudoku_cp.engine.runtime import HelperThread
from sudoku_cp.errors import SudokuError

_TERMINATE_GRACE = 1.0  # seconds to wait for SIGTERM before SIGKILL
_MAX_WAIT = 1e8  # seconds: longer waits than select() takes are waits without end
_HEADER = struct.Struct("!Q")  # the length of each pickle, before it
_CHILD_CODE = (
    "import sys, json; sys.path[:0] = json.loads(sys.argv[1]); "
    "from sudoku_cp.backends.subprocess_timeout import serve; serve(*sys.argv[2:])"
)
_PR_SET_PDEATHSIG = 1


class WorkerDiedError(SudokuError, RuntimeError):
    """The child process ended without answering (crashed, or was killed from outside)."""


# -- the child ------------------------------------------------------------------------


def serve(read_fd: str, write_fd: str, parent_pid: str, preload: str = "") -> None:
    """The child's loop: tie its life to the parent's, import ``preload`` (comma-separated
    modules), say it is ready, then read ``(function, args)`` requests from ``read_fd``
    and write back ``(True, result)`` or ``(False, exception)`` to ``write_fd``, until
    the parent closes its end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _end_with_parent(int(parent_pid))
    for module in filter(None, preload.split(",")):
        importlib.import_module(module)
    with open(int(read_fd), "rb") as requests, open(int(write_fd), "wb") as replies:
        _send(replies, (True, "ready"))
        while True:
            try:
                function, args = _receive(requests)
            except (EOFError, OSError):
                return
            except Exception as error:  # a request that does not unpickle here
                _send(replies, (False, error))
                continue
            try:
                reply = (True, function(*args))
            except Exception as error:  # sent back and re-raised in the parent
                reply = (False, error)
            _send(replies, reply)


def _end_with_parent(parent_pid: int) -> None:
    """Make this process end when its parent does, whatever kills the parent."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    else:
        threading.Thread(target=_watch_parent, args=(parent_pid,), daemon=True).start()
    if os.getppid() != parent_pid:  # the parent died before the request above
        os._exit(1)


def _watch_parent(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(0.5)
    os._exit(1)


def _send(stream: BinaryIO, message: object) -> None:
    try:
        payload = pickle.dumps(message)
    except Exception as error:  # the result or the error does not pickle
        payload = pickle.dumps((False, RuntimeError(f"worker could not send its answer: {error!r}")))
    stream.write(_HEADER.pack(len(payload)) + payload)
    stream.flush()


def _receive(stream: BinaryIO) -> Any:
    """One message; EOFError when the other end closed."""
    header = stream.read(_HEADER.size)
    if len(header) < _HEADER.size:
        raise EOFError
    size = _HEADER.unpack(header)[0]
    payload = stream.read(size)
    if len(payload) < size:
        raise EOFError
    return pickle.loads(payload)


# -- the parent -----------------------------------------------------------------------


class KillableWorker:
    """One reusable child process that runs picklable module-level functions with a deadline.

    Thread-safe: calls run one at a time, and the time spent waiting for another call
    or starting the child is not counted in a call's ``timeout``. Use a
    :class:`WorkerPool` for concurrent callers. Call :meth:`stop` to end the child; it
    is also stopped at interpreter exit.

    Args:
        preload: modules the child imports before it is ready (e.g. the module of the
            functions it will run), so their import is start-up, not a call's work.
    """

    def __init__(self, preload: Iterable[str] = ()) -> None:
        self.preload = tuple(preload)
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
        process = self._process
        return process.pid if process is not None and process.poll() is None else None

    def call(self, function: Callable[..., Any], args: tuple, timeout: float | None) -> tuple[Any, bool]:
        """Run ``function(*args)`` in the child and return ``(result, started)``.

        ``timeout`` is in seconds (``None`` for none) and counts from when the child,
        started or reused, receives the request; ``started`` tells whether a new child
        was started for this call (False when one was reused).

        Raises:
            TimeoutError: the deadline passed; the child has been killed and reaped.
            WorkerDiedError: the child ended without answering.
            Exception: whatever ``function`` raised in the child, re-raised here.
        """
        with self._lock:
            try:
                started = self._ensure_started()
                ok, payload = self._ask((function, args), timeout)
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

    def _ask(self, request: object, timeout: float | None) -> tuple[bool, Any]:
        assert self._requests is not None and self._replies is not None
        try:
            _send(self._requests, request)
        except (BrokenPipeError, ConnectionResetError):
            raise self._died() from None
        self._wait(timeout)
        try:
            return _receive(self._replies)
        except (EOFError, OSError, pickle.UnpicklingError):
            raise self._died() from None

    def _wait(self, timeout: float | None) -> None:
        """Wait for the reply to be readable; TimeoutError (child stopped) after ``timeout`` s."""
        deadline = None if timeout is None or timeout > _MAX_WAIT else time.monotonic() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self._replies], [], [], left)
            if ready:
                return
            if deadline is not None and time.monotonic() >= deadline:
                self._stop_locked()
                raise TimeoutError(f"no answer within {timeout:g} s")

    def _died(self) -> WorkerDiedError:
        process = self._process
        self._stop_locked()  # reaps it
        code = process.returncode if process is not None else None
        if code is not None and code < 0:
            how = f"was killed by signal {-code}"
        else:
            how = f"ended with exit code {code}"
        return WorkerDiedError(f"the python-constraint worker process {how} without answering")

    def _ensure_started(self) -> bool:
        if self.is_running:
            return False
        self._stop_locked()
        child_reads, parent_writes = os.pipe()
        parent_reads, child_writes = os.pipe()
        command = [
            sys.executable,
            "-I",
            "-c",
            _CHILD_CODE,
            json.dumps(_child_path()),
            str(child_reads),
            str(child_writes),
            str(os.getpid()),
            ",".join(self.preload),
        ]
        try:
            self._process = _SPAWNER.submit(
                subprocess.Popen, command, pass_fds=(child_reads, child_writes), stdin=subprocess.DEVNULL
            ).result()
        finally:
            os.close(child_reads)
            os.close(child_writes)
        self._requests = open(parent_writes, "wb")  # noqa: SIM115 - closed in _stop_locked
        self._replies = open(parent_reads, "rb")  # noqa: SIM115
        try:
            self._wait(None)
            _receive(self._replies)  # "ready": imports done, the clock of the call may start
        except (EOFError, OSError, pickle.UnpicklingError):
            raise self._died() from None
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


class WorkerPool:
    """Killable child processes for any number of concurrent callers.

    Each :meth:`call` borrows an idle :class:`KillableWorker` (or starts one when none
    is idle) and gives it back afterwards, so concurrent calls run in parallel children
    and none waits for another inside its time limit. At most ``max_idle`` idle
    children are kept for reuse. Children are stopped by :meth:`stop` and at exit.

    Args:
        preload: modules each child imports before its first call (see :class:`KillableWorker`).
        max_idle: idle children kept; default: the number of CPUs (at least 2).
    """

    def __init__(self, preload: Iterable[str] = (), max_idle: int | None = None) -> None:
        self.preload = tuple(preload)
        self.max_idle = max_idle if max_idle is not None else max(2, os.cpu_count() or 1)
        self._idle: list[KillableWorker] = []
        self._busy: set[KillableWorker] = set()
        self._lock = threading.Lock()
        atexit.register(self.stop)

    @property
    def pids(self) -> list[int]:
        """The process ids of the live children, idle or busy."""
        with self._lock:
            workers = [*self._idle, *self._busy]
        return [pid for pid in (worker.pid for worker in workers) if pid is not None]

    def call(self, function: Callable[..., Any], args: tuple, timeout: float | None) -> tuple[Any, bool]:
        """Run ``function(*args)`` in a child of its own; as :meth:`KillableWorker.call`
        (the ``timeout`` covers only this call's work, not start-up or other calls)."""
        with self._lock:
            worker = self._idle.pop() if self._idle else KillableWorker(self.preload)
            self._busy.add(worker)
        try:
            return worker.call(function, args, timeout)
        finally:
            with self._lock:
                self._busy.discard(worker)
                keep = worker.is_running and len(self._idle) < self.max_idle
                if keep:
                    self._idle.append(worker)
            if not keep:
                worker.stop()

    def stop(self) -> None:
        """End every child; a busy one's caller gets :class:`WorkerDiedError`. Safe to call twice."""
        with self._lock:
            workers, self._idle = [*self._idle, *self._busy], []
        for worker in workers:
            if worker in self._busy:
                _kill(worker)
            else:
                worker.stop()


def _kill(worker: KillableWorker) -> None:
    """End a busy worker's child without waiting for its lock (its caller reaps it)."""
    process = worker._process
    if process is not None and process.poll() is None:
        process.kill()


_SPAWNER = HelperThread("sudoku_cp-spawner")
"""Starts the children: on Linux a child's parent-death signal fires when the *thread*
that started it ends, so a child started from a short-lived caller thread would be
killed with that thread while another thread uses it."""


def _child_path() -> list[str]:
    """The child's ``sys.path`` additions: the folder that holds ``sudoku_cp``, then this
    process's other folders, never the working directory (nor ``""``, which means it)."""
    package_parent = str(Path(__file__).resolve().parent.parent.parent)
    cwd = os.getcwd()
    extra = [p for p in sys.path if p and os.path.isabs(p) and os.path.realpath(p) != os.path.realpath(cwd)]
    return list(dict.fromkeys([package_parent, *extra]))
