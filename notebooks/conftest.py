"""The notebooks run under pytest (nbmake) in quick mode: a few puzzles per set.

Kernels inherit this process's environment, so setting the variable here reaches them.
Run ``SUDOKU_CP_QUICK=0 pytest notebooks`` for the full run.
"""

import os

os.environ.setdefault("SUDOKU_CP_QUICK", "1")
