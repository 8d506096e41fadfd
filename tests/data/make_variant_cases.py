"""Make tests/data/variant_cases.json: variant puzzles for the backend contract suite.

Every puzzle is made here (so it ships with no licence question): a full grid that obeys
the rule (from ``sudoku_cp.solve`` on a few random givens), rule data drawn on it where
the rule depends on the digits (cages, thermometers, inequalities, dots, parity), then
most cells blanked, so that many cases have several solutions. A few cases get one
extra given that leaves them without a solution. The expected answer of every case is
the smallest row-major solution found by the independent model in ``tests/independent.py``
(``null`` when it proves there is none); cases that model cannot finish quickly are
dropped. Rerun with ``python tests/data/make_variant_cases.py`` (same seed, same file).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))

from independent import TooHard, lexmin  # noqa: E402

import sudoku_cp  # noqa: E402
from sudoku_cp import InvalidPuzzleError, NoSolutionError, Puzzle  # noqa: E402

NODE_LIMIT = 150_000


def full_grid(rng: random.Random, side: int, box, rules: dict) -> list[int] | None:
    """A complete grid obeying ``rules``: the smallest solution under a few random givens."""
    for _ in range(30):
        cells = [0] * (side * side)
        for cell in rng.sample(range(side * side), side // 2):
            cells[cell] = rng.randint(1, side)
        try:
            puzzle = Puzzle.from_dict(record(side, box, cells, rules))
            return list(sudoku_cp.solve(puzzle, backend="cpsat", time_limit=10).cells)
        except (InvalidPuzzleError, NoSolutionError, sudoku_cp.SolveTimeoutError):
            continue
    return None


def record(side: int, box, cells, rules: dict) -> dict:
    grid = "".join("." if not v else "123456789ABCDEFGHIJKLMNOP"[v - 1] for v in cells)
    out = {"size": side, "box": list(box) if box else None, "grid": grid, "rules": rules}
    return out


def neighbours(side: int, cell: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
        if 0 <= r + dr < side and 0 <= c + dc < side
    ]


def cages(rng, side, solution, max_size=4) -> list[dict]:
    """Cover the grid with random connected cages of different digits."""
    free = {(r, c) for r in range(side) for c in range(side)}
    out = []
    while free:
        start = min(free)
        cage = [start]
        free.discard(start)
        target = rng.randint(1, max_size)
        while len(cage) < target:
            options = [
                n
                for cell in cage
                for n in neighbours(side, cell)
                if n in free and solution[n[0] * side + n[1]] not in {solution[r * side + c] for r, c in cage}
            ]
            if not options:
                break
            pick = rng.choice(options)
            cage.append(pick)
            free.discard(pick)
        out.append({"sum": sum(solution[r * side + c] for r, c in cage), "cells": [list(x) for x in cage]})
    return out


def thermos(rng, side, solution, count=3) -> list[list[list[int]]]:
    out, used = [], set()
    for _ in range(count * 10):
        if len(out) == count:
            break
        cell = (rng.randrange(side), rng.randrange(side))
        path = [cell]
        while True:
            value = solution[path[-1][0] * side + path[-1][1]]
            steps = [
                (path[-1][0] + dr, path[-1][1] + dc)
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= path[-1][0] + dr < side and 0 <= path[-1][1] + dc < side
            ]
            steps = [
                s for s in steps if s not in path and s not in used and solution[s[0] * side + s[1]] > value
            ]
            if not steps or len(path) >= 5:
                break
            path.append(rng.choice(steps))
        if len(path) >= 3 and not used & set(path):
            used |= set(path)
            out.append([list(x) for x in path])
    return out


def orthogonal_pairs(side):
    for r in range(side):
        for c in range(side):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < side and c2 < side:
                    yield (r, c), (r2, c2)


def dots(side, solution, kinds=("white", "black")) -> dict:
    out = {"white": [], "black": []}
    for a, b in orthogonal_pairs(side):
        x, y = solution[a[0] * side + a[1]], solution[b[0] * side + b[1]]
        if "white" in kinds and abs(x - y) == 1:
            out["white"].append([list(a), list(b)])
        elif "black" in kinds and (x == 2 * y or y == 2 * x):
            out["black"].append([list(a), list(b)])
    return {k: v for k, v in out.items() if v}


def jigsaw_regions(rng, side) -> str:
    """Random connected regions of ``side`` cells each (grown from seeds, retried until they fit)."""
    while True:
        owner = {}
        seeds = rng.sample([(r, c) for r in range(side) for c in range(side)], side)
        frontier = {i: [s] for i, s in enumerate(seeds)}
        for i, s in enumerate(seeds):
            owner[s] = i
        sizes = [1] * side
        stuck = 0
        while len(owner) < side * side and stuck < 1000:
            i = rng.randrange(side)
            if sizes[i] == side:
                stuck += 1
                continue
            options = [n for cell in frontier[i] for n in neighbours(side, cell) if n not in owner]
            if not options:
                stuck += 1
                continue
            pick = rng.choice(options)
            owner[pick] = i
            frontier[i].append(pick)
            sizes[i] += 1
        if len(owner) == side * side:
            return "".join(
                "abcdefghijklmnopqrstuvwxy"[owner[(r, c)]] for r in range(side) for c in range(side)
            )


def make_cases(rng: random.Random) -> list[dict]:
    cases = []

    def add(tag, side, box, fixed_rules, derive=None, keeps=(0.15, 0.3, 0.45), unsolvable=1):
        solution = full_grid(rng, side, box, fixed_rules)
        if solution is None:
            print("no grid for", tag)
            return
        rules = dict(fixed_rules)
        if derive:
            rules.update(derive(solution))
        for keep in keeps:
            cells = [v if rng.random() < keep else 0 for v in solution]
            keep_case(tag, side, box, cells, rules, solution)
        for _ in range(unsolvable * 20):
            if unsolvable == 0:
                break
            cells = [v if rng.random() < 0.35 else 0 for v in solution]
            blank = [i for i, v in enumerate(cells) if not v]
            cell = rng.choice(blank)
            cells[cell] = rng.choice([v for v in range(1, side + 1) if v != solution[cell]])
            if keep_case(tag + "-unsolvable", side, box, cells, rules, solution, want_none=True):
                unsolvable -= 1

    def keep_case(tag, side, box, cells, rules, solution, want_none=False) -> bool:
        rec = record(side, box, cells, rules)
        try:
            Puzzle.from_dict(rec)
        except InvalidPuzzleError:
            return False  # the givens break a rule among themselves
        try:
            expected = lexmin(rec, NODE_LIMIT)
        except TooHard:
            return False
        if want_none != (expected is None):
            return False
        full = "".join("123456789ABCDEFGHIJKLMNOP"[v - 1] for v in solution)
        cases.append(
            {
                "tag": f"{tag}-{sum(map(bool, cells))}g",
                **rec,
                "lexmin": expected,
                "several": expected is not None and expected != full,
            }
        )
        return True

    sparse = (0.0, 0.1, 0.2)  # small grids: many solutions, still quick for the independent model
    for side, box in ((4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3))):
        add(f"classic{side}x{side}", side, box, {}, keeps=(*sparse, 0.5) if side < 8 else (0.3, 0.5))
    add("latin5x5", 5, None, {}, keeps=(*sparse, 0.4))
    for side, box in ((4, (2, 2)), (6, (2, 3)), (9, (3, 3))):
        add(
            f"x{side}x{side}",
            side,
            box,
            {"diagonals": True},
            keeps=(*sparse, 0.5) if side < 9 else (0.3, 0.5),
        )
    add("hyper9x9", 9, (3, 3), {"windows": [[1, 1], [1, 5], [5, 1], [5, 5]]}, keeps=(0.35, 0.5))
    add("hyper6x6", 6, (2, 3), {"windows": [[1, 1]]}, keeps=(*sparse, 0.4))
    for side in (6, 9):
        add(
            f"jigsaw{side}x{side}",
            side,
            None,
            {"regions": jigsaw_regions(rng, side)},
            keeps=(*sparse, 0.5) if side < 9 else (0.3, 0.5),
        )
    for side, box in ((4, (2, 2)), (6, (2, 3)), (9, (3, 3))):
        add(
            f"killer{side}x{side}",
            side,
            box,
            {},
            lambda s, side=side: {"cages": cages(rng, side, s)},
            keeps=(0.0, 0.15, 0.3),
        )
    add("killer6x6-open", 6, (2, 3), {}, lambda s: {"cages": cages(rng, 6, s, max_size=2)}, keeps=(0.0, 0.1))
    for side, box in ((6, (2, 3)), (9, (3, 3))):
        add(
            f"thermo{side}x{side}",
            side,
            box,
            {},
            lambda s, side=side: {"thermos": thermos(rng, side, s)},
            keeps=(0.2, 0.35, 0.5),
        )
    add(
        "greaterthan6x6",
        6,
        (2, 3),
        {},
        lambda s: {
            "less": [
                [list(a), list(b)] if s[a[0] * 6 + a[1]] < s[b[0] * 6 + b[1]] else [list(b), list(a)]
                for a, b in orthogonal_pairs(6)
                if rng.random() < 0.3
            ]
        },
        keeps=(0.0, 0.1, 0.2),
    )
    for side, box in ((6, (2, 3)), (9, (3, 3))):
        keeps = (*sparse, 0.45) if side < 9 else (0.25, 0.45)
        add(f"antiknight{side}x{side}", side, box, {"anti_knight": True}, keeps=keeps)
        add(f"antiking{side}x{side}", side, box, {"anti_king": True}, keeps=keeps)
    add(
        "evenodd9x9",
        9,
        (3, 3),
        {},
        lambda s: {
            "even": [[i // 9, i % 9] for i in range(81) if s[i] % 2 == 0 and rng.random() < 0.4],
            "odd": [[i // 9, i % 9] for i in range(81) if s[i] % 2 and rng.random() < 0.4],
        },
        keeps=(0.3, 0.45),
    )
    add("kropki6x6", 6, (2, 3), {}, lambda s: dots(6, s), keeps=(0.1, 0.25))
    add(
        "kropki6x6-negative",
        6,
        (2, 3),
        {},
        lambda s: {**dots(6, s), "all_white_given": True, "all_black_given": True},
        keeps=(0.0, 0.15),
    )
    add(
        "consecutive6x6-latin",
        6,
        None,
        {},
        lambda s: {**dots(6, s, ("white",)), "all_white_given": True},
        keeps=(0.0, 0.2),
    )
    add(
        "killer-x9x9",
        9,
        (3, 3),
        {"diagonals": True},
        lambda s: {"cages": cages(rng, 9, s)},
        keeps=(0.1, 0.25),
    )
    add(
        "jigsaw-antiking9x9",
        9,
        None,
        {"regions": jigsaw_regions(rng, 9), "anti_king": True},
        keeps=(0.3, 0.45),
    )
    add(
        "thermo-kropki6x6",
        6,
        (2, 3),
        {},
        lambda s: {"thermos": thermos(rng, 6, s, 2), **dots(6, s, ("black",))},
        keeps=(0.15, 0.3),
    )
    return cases


def main() -> None:
    cases = make_cases(random.Random(20261121))
    path = HERE / "variant_cases.json"
    path.write_text(json.dumps(cases, indent=0) + "\n")
    several = sum(c["several"] for c in cases)
    none = sum(c["lexmin"] is None for c in cases)
    print(f"wrote {len(cases)} cases ({several} with several solutions, {none} without) to {path}")


if __name__ == "__main__":
    main()
