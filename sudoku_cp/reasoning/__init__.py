"""Reasoning people can follow, and what is built on it: the technique table and its
finders (:mod:`~sudoku_cp.reasoning.techniques`), explanations and hints
(:mod:`~sudoku_cp.reasoning.stepwise`), grades (:mod:`~sudoku_cp.reasoning.grading`),
minimal conflicts (:mod:`~sudoku_cp.reasoning.conflict`), the search tree and the
smallest-solution proof for teaching (:mod:`~sudoku_cp.reasoning.search_tree`,
:mod:`~sudoku_cp.reasoning.proof`) and the generator
(:mod:`~sudoku_cp.reasoning.generator`, :mod:`~sudoku_cp.reasoning.modern_clues`).
"""

from sudoku_cp._moved import submodules

__getattr__ = submodules(__name__)
