"""Issue 35 (hardening, round 4): each finding's reproducer, which failed before its fix."""

from __future__ import annotations

import signal
import sys
import threading

import pytest

import sudoku_cp

HARD_9X9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _interrupt_main_thread_after(seconds: float) -> threading.Timer:
    main = threading.main_thread().ident
    timer = threading.Timer(seconds, signal.pthread_kill, (main, signal.SIGINT))
    timer.start()
    return timer


# -- 2. Ctrl-C on mip while HiGHS calls no interrupt callback (presolve, the root LP) ----------


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")
def test_item_2_ctrl_c_on_mip_returns_while_highs_calls_no_callback(monkeypatch):
    from sudoku_cp.backends import mip

    real = mip.highspy._Highs
    release, finished = threading.Event(), threading.Event()

    class Deaf:
        """A HiGHS whose run ignores every interrupt for 5 s, as its root LP did."""

        def __init__(self):
            self.real = real()

        def __getattr__(self, name):
            return getattr(self.real, name)

        def run(self):
            release.wait(5.0)
            finished.set()
            return self.real.run()

    monkeypatch.setattr(mip.highspy, "_Highs", Deaf)
    timer = _interrupt_main_thread_after(0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            sudoku_cp.solve(HARD_9X9, backend="mip")
        assert not finished.is_set(), "Ctrl-C waited for the run to end"
    finally:
        timer.cancel()
        release.set()
    monkeypatch.undo()
    assert sudoku_cp.solve(HARD_9X9, backend="mip") == sudoku_cp.solve(HARD_9X9, backend="backtracking")
