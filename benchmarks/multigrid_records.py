"""Turn the janko.at multi-grid puzzles of the ``puzzlekit-dataset`` repository into
multi-grid records (the JSON record shape of ``docs/variants.md``), for
``benchmarks/bench_multigrid.py``.

The source (github.com/SmilingWayne/puzzlekit-dataset, ``assets/data/<Family>Sudoku/
<Family>Sudoku_dataset.json``) states no licence, so its puzzles are never shipped: this
script reads a local copy and writes records to a path of yours. Each record's sub-grid
corners are read off its published solution (every box-aligned 9x9 window of the solution
that lies inside the board and holds a valid Sudoku), and ``--check`` proves each puzzle
unique on that layout with an independent CP-SAT model, so its solution is also the
smallest.

    python benchmarks/multigrid_records.py DATASET_DIR --per-family 5 --check -o multigrid5.json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

SOURCE = "github:SmilingWayne/puzzlekit-dataset@53de2fcb"
FAMILIES = ("Samurai", "Butterfly", "Windmill", "Sohei", "Gattai8", "Shogun", "Sumo")


def board(text: str) -> list[list[int]]:
    """A ``"rows columns"`` header, then rows of space-separated digits with ``-`` for blank."""
    lines = text.strip().splitlines()
    rows, columns = map(int, lines[0].split())
    cells = [[0 if token == "-" else int(token) for token in line.split()] for line in lines[1:]]
    if len(cells) != rows or any(len(row) != columns for row in cells):
        raise ValueError(f"expected {rows}x{columns}")
    return cells


def is_sudoku(window: list[list[int]]) -> bool:
    boxes = [[window[r + i][c + j] for i in range(3) for j in range(3)] for r in (0, 3, 6) for c in (0, 3, 6)]
    units = [*window, *(list(column) for column in zip(*window, strict=True)), *boxes]
    return all(sorted(unit) == list(range(1, 10)) for unit in units)


def corners(solution: list[list[int]]) -> list[list[int]]:
    """The box-aligned 9x9 windows of ``solution`` that hold a valid Sudoku."""
    found = []
    for r in range(0, len(solution) - 8, 3):
        for c in range(0, len(solution[0]) - 8, 3):
            window = [row[c : c + 9] for row in solution[r : r + 9]]
            if all(all(row) for row in window) and is_sudoku(window):
                found.append([r, c])
    return found


def is_unique(givens: list[list[int]], grids: list[list[int]]) -> bool:
    """Independent check: CP-SAT finds exactly one solution of the layout's sub-grids."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    cells = {}
    for r0, c0 in grids:
        for r in range(r0, r0 + 9):
            for c in range(c0, c0 + 9):
                if (r, c) not in cells:
                    cells[r, c] = model.NewIntVar(1, 9, f"r{r}c{c}")
                    if givens[r][c]:
                        model.Add(cells[r, c] == givens[r][c])
    for r0, c0 in grids:
        for i in range(9):
            model.AddAllDifferent([cells[r0 + i, c0 + j] for j in range(9)])
            model.AddAllDifferent([cells[r0 + j, c0 + i] for j in range(9)])
            br, bc = r0 + 3 * (i // 3), c0 + 3 * (i % 3)
            model.AddAllDifferent([cells[br + a, bc + b] for a in range(3) for b in range(3)])

    class Count(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.count = 0

        def on_solution_callback(self) -> None:
            self.count += 1
            if self.count > 1:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    counter = Count()
    solver.Solve(model, counter)
    return counter.count == 1


def records(directory: Path, family: str, per_family: int, check: bool) -> list[dict]:
    path = directory / f"{family}Sudoku" / f"{family}Sudoku_dataset.json"
    data = json.loads(path.read_text())["data"]
    out = []
    for key in sorted(data, key=lambda k: int(k.split("_")[0])):
        givens, solution = board(data[key]["problem"]), board(data[key]["solution"])
        grids = corners(solution)
        inside = {(r0 + i, c0 + j) for r0, c0 in grids for i in range(9) for j in range(9)}
        rows, columns = len(givens), len(givens[0])
        if any(givens[r][c] for r in range(rows) for c in range(columns) if (r, c) not in inside):
            continue  # a given outside the layout read off the solution: not this shape
        if check and not is_unique(givens, grids):
            continue
        grid = "".join(
            str(givens[r][c]) if givens[r][c] else "." for r in range(rows) for c in range(columns)
        )
        digits = "".join(str(solution[r][c]) for r in range(rows) for c in range(columns) if (r, c) in inside)
        out.append(
            {
                "id": f"janko-{family}Sudoku-{key}",
                "source": f"{SOURCE}:{path.relative_to(directory.parent.parent)} [data[{key!r}]]",
                "size": [rows, columns],
                "box": [3, 3],
                "grids": grids,
                "grid": grid,
                "solution": digits,
            }
        )
        if len(out) == per_family:
            break
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path, help="the dataset's assets/data folder")
    parser.add_argument("--per-family", type=int, default=5)
    parser.add_argument("--check", action="store_true", help="prove each puzzle unique (CP-SAT)")
    parser.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args()
    found = [r for family in FAMILIES for r in records(args.directory, family, args.per_family, args.check)]
    args.output.write_text(json.dumps(found, indent=1) + "\n")
    print(f"{len(found)} records written to {args.output}")


if __name__ == "__main__":
    main()
