"""The value types and the constraint vocabulary: :class:`~sudoku_cp.model.grid.Grid`,
:class:`~sudoku_cp.model.puzzle.Puzzle`, the rules (:mod:`~sudoku_cp.model.rules`), the
constraint kinds and the :class:`~sudoku_cp.model.constraints.Model` a backend compiles.

This layer imports nothing from :mod:`sudoku_cp.io`, the engine, the backends or the
reasoning, except the input and output methods of ``Grid`` and ``Puzzle`` (``parse``,
``from_link``, ``to_link``, ``to_svg``...), thin forwarders that import their layer when
called; ``tests/test_imports.py`` lists them.
"""

from sudoku_cp._moved import submodules

__getattr__ = submodules(__name__)
