"""``python -m sudoku_cp``: the same command line as ``sudoku-cp``."""

from sudoku_cp.cli import run

if __name__ == "__main__":
    run()
