"""Advanced solving techniques, and a minimal deduction as the last resort.

Each finder has the signature of :data:`sudoku_cp.techniques.Technique`:
``find_xxx(board, candidates, placed) -> Iterator[Deduction]`` over a
:class:`~sudoku_cp.techniques.Board`, the candidate masks (bit ``v - 1`` set while ``v``
is possible) and the set of placed cells; each yields
:class:`~sudoku_cp.techniques.Deduction`\\ s whose ``constraints`` are the premise (with
the current candidates of their cells), so :func:`sudoku_cp.stepwise.check_deduction`
checks them like every other step.

:data:`ADVANCED` lists them simplest first, after the techniques of
:data:`sudoku_cp.techniques.TECHNIQUES`; :func:`explain_to_end` runs both, then the
minimal deduction, until the puzzle is solved.
"""

from __future__ import annotations

from sudoku_cp.advanced.explain import Path, explain_to_end
from sudoku_cp.advanced.registry import ADVANCED, LAST_RESORT, UNIQUENESS

__all__ = ["ADVANCED", "LAST_RESORT", "UNIQUENESS", "Path", "explain_to_end"]
