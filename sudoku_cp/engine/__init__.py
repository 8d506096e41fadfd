"""The engine: candidates, propagation, search and the smallest-solution driver.

Below every feature (explanations, grades, the generator, conflicts, the CLI) and every
backend, above the constraint vocabulary (:mod:`sudoku_cp.model.constraints`). Its modules:

* :mod:`~sudoku_cp.engine.runtime`: the clock of a call and the helper thread;
* :mod:`~sudoku_cp.engine.sums`: a cage's digit combinations, the sums cages and units imply;
* :mod:`~sudoku_cp.engine.hall`: Hall sets of a unit (Régin's AllDifferent filtering);
* :mod:`~sudoku_cp.engine.propagators`: one propagator per constraint kind;
* :mod:`~sudoku_cp.engine.search`: the bitmask depth-first search (:class:`BitmaskSearch`);
* :mod:`~sudoku_cp.engine.lexmin`: the witness method that proves the smallest solution.

Imports point down only: the engine imports the vocabulary, the grid and the puzzle,
never a backend or a feature.
"""
