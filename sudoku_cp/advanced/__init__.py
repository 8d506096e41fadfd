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

=====================  ==================  ======================================================
technique              module              what it sees
=====================  ==================  ======================================================
Skyscraper             single_digit        two strong links on a value in parallel lines, joined
                                           by a cross line: the free ends' common peers lose it
2-String Kite          single_digit        a row's and a column's strong links joined in a box
Turbot Fish            single_digit        any two strong links joined by a weak link
Empty Rectangle        single_digit        a box's places on a row and a column, and a strong link
XY-Wing                wings               pivot {x,y}, pincers {x,z}, {y,z}: z leaves their peers
XYZ-Wing               wings               pivot {x,y,z}, pincers {x,z}, {y,z}
W-Wing                 wings               two {x,y} cells joined by a strong link on x
Unique Rectangle 1     uniqueness          (proper puzzles only) a deadly rectangle's fourth corner
BUG+1                  uniqueness          (proper puzzles only) the one cell with three candidates
Jellyfish              fish                four rows' places in four columns (and swapped)
finned/sashimi fish    fish                X-Wing, Swordfish, Jellyfish with fins
Simple Colors          coloring            a value's strong-link clusters two-coloured: trap, wrap
X-Chain                chains              alternating strong/weak links on one value
XY-Chain               chains              bivalue cells linked on shared values
AIC                    chains              any strong/weak links, grouped nodes (box-line groups)
ALS-XZ                 als                 two almost locked sets, a restricted common x, a z
forcing chains         forcing             singles from a supposition: contradiction, cell, unit
minimal deduction      deduction           a subset-minimal set of constraints refuting a candidate
=====================  ==================  ======================================================
"""

from __future__ import annotations

from sudoku_cp.advanced.explain import Path, explain_to_end
from sudoku_cp.advanced.registry import ADVANCED, LAST_RESORT, UNIQUENESS

__all__ = ["ADVANCED", "LAST_RESORT", "UNIQUENESS", "Path", "explain_to_end"]
