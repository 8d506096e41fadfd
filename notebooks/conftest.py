"""The notebooks run under pytest (nbmake) in quick mode: a few puzzles per set.

Kernels inherit this process's environment, so setting the variable here reaches them.
Run ``SUDOKU_CP_QUICK=0 pytest notebooks`` for the full run.
"""

import os

os.environ.setdefault("SUDOKU_CP_QUICK", "1")


SLOW_NOTEBOOKS = {
    "02_comparing_backends.ipynb",
    "03_how_many_solutions.ipynb",
    "02_comparing_backends_solutions.ipynb",
    "03_how_many_solutions_solutions.ipynb",
    "04_explaining_a_sudoku_solutions.ipynb",
    "05_sat_encodings_solutions.ipynb",
    "06_search_and_propagation_solutions.ipynb",
    "07_other_paradigms_solutions.ipynb",
}
"""Notebooks that run in the slow pass (``pytest -m slow``, which ``.ci/run`` runs after the
main suite): notebook 2 solves every set with every backend, about 20 s even in quick mode;
notebook 3 counts for about 20 s; the worked answers of ``solutions/`` take 2-4 s each,
and the first one stays in the main pass as their representative (issue 35.14: the main
pass under 2.5 minutes on 2 cores)."""


def pytest_collection_modifyitems(config, items):
    import pytest

    for item in items:
        if item.path.name in SLOW_NOTEBOOKS:
            item.add_marker(pytest.mark.slow)
