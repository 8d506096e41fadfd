"""Ctrl-C during PySAT's C code: left to Python's own handler, never to PySAT's.

When a PySAT call (a solve, a propagation, a cardinality encoding) runs in the main
thread, PySAT's C extension swaps in a SIGINT handler of its own that ``longjmp``\\ s out
of the solver to report "Caught keyboard interrupt". For the MiniSat family that is
avoidable (``solve_limited(expect_interrupt=True)``), but for CaDiCaL, its
propagation and the cardinality encoders it is not, and jumping out of C++ code
mid-operation is undefined behaviour: if the signal lands while CaDiCaL is inside
``malloc`` or growing a vector, the heap is left corrupt and the process later aborts
("malloc_consolidate(): invalid chunk size", exit -6) instead of printing ``aborted``
(issue 21). PySAT's handler is also not put back after such a jump, so a second Ctrl-C
jumps to a stale context.

PySAT installs its handler only when ``pysat._utils.MainThread.check()`` says the call
runs in the main thread. :func:`python_handles_ctrl_c` makes that check answer ``False``
for the calls made inside it, in this thread only (other code using PySAT in the same
process keeps PySAT's behaviour). Python's own handler then merely records the signal,
the C call runs to its end (a solve slice of about 50 ms, see
:mod:`sudoku_cp.backends.sat_runner`), and ``KeyboardInterrupt`` is raised at the next
Python instruction, with the solver in a consistent state that can be deleted.

>>> from pysat._utils import MainThread
>>> with python_handles_ctrl_c():
...     MainThread.check()
False
"""

from __future__ import annotations

import threading

from pysat._utils import MainThread

_STATE = threading.local()
_pysat_check = getattr(MainThread.check, "pysat_check", MainThread.check)  # PySAT's, even on a reload


def _check() -> bool:
    """``MainThread.check`` as PySAT calls it: ``False`` inside :func:`python_handles_ctrl_c`."""
    if getattr(_STATE, "depth", 0):
        return False
    return _pysat_check()


_check.pysat_check = _pysat_check  # type: ignore[attr-defined]
MainThread.check = staticmethod(_check)  # answers as PySAT's own outside the blocks


class _PythonHandlesCtrlC:
    """The context manager :func:`python_handles_ctrl_c` returns (a class, not a generator:
    it wraps every solver call, so it is kept cheap)."""

    __slots__ = ()

    def __enter__(self) -> None:
        _STATE.depth = getattr(_STATE, "depth", 0) + 1

    def __exit__(self, *exc: object) -> None:
        _STATE.depth -= 1


_BLOCK = _PythonHandlesCtrlC()


def python_handles_ctrl_c() -> _PythonHandlesCtrlC:
    """A context manager: within its block, PySAT calls made by this thread leave SIGINT to
    Python's handler (``KeyboardInterrupt`` once the C call returns); nestable."""
    return _BLOCK
