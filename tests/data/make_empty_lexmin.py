"""Make tests/data/empty_lexmin.json: the smallest row-major solution of the empty 16x16
and 25x25 grids, as CP-SAT proves it (``backend="cpsat"``, about 30 s for 25x25 here),
so the backtracker's answers on these grids are checked against another backend's.
Rerun with ``python tests/data/make_empty_lexmin.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import sudoku_cp
from sudoku_cp import Grid

SIDES = (16, 25)


def main() -> None:
    answers = {str(side): list(sudoku_cp.solve(Grid.empty(side), backend="cpsat").cells) for side in SIDES}
    path = Path(__file__).parent / "empty_lexmin.json"
    path.write_text(json.dumps(answers) + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
