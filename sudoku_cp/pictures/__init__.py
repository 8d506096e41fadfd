"""Pictures: SVG drawings of grids, puzzles with their rules, steps and search trees
(:mod:`~sudoku_cp.pictures.svg`)."""

from sudoku_cp._moved import submodules

__getattr__ = submodules(__name__)
