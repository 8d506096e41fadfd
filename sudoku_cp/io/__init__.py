"""Input and output: text layouts (:mod:`~sudoku_cp.io.formats`), files and JSON
(:mod:`~sudoku_cp.io.readers`, :mod:`~sudoku_cp.io.files`), community links
(:mod:`~sudoku_cp.io.links` for f-puzzles, :mod:`~sudoku_cp.io.sudokupad`, their shared
:mod:`~sudoku_cp.io.account` of what was read), and the normalisation of every accepted
input into a :class:`~sudoku_cp.model.puzzle.Puzzle` (:mod:`~sudoku_cp.io.inputs`).

It sits above the value types and the constraint vocabulary, which import none of it.
"""

from sudoku_cp._moved import submodules

__getattr__ = submodules(__name__)
