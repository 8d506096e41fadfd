"""New puzzles: proper (one solution, proven), optionally minimal, symmetric, of a size or a band.

:func:`generate` works the way most generators do (QQWing, HoDoKu), over the
constraint vocabulary so that every size and variant is covered:

1. **A full grid.** A depth-first search with random value order
   (:meth:`BitmaskSearch.random_solution`) over the empty grid with the variant's fixed
   rules (diagonals, windows, anti-knight, jigsaw regions drawn at random, ...). Rules
   that are drawn *on* a full grid come next: killer cages (connected groups of cells
   with different digits, the sum read off the grid) and thermometers (paths of
   touching cells along increasing digits).
2. **Digging.** Starting from every cell given, the givens are removed one symmetry
   orbit at a time, in random order; a removal is kept only if the puzzle stays
   proper, which an exhaustive count of the backtracker proves
   (:meth:`BitmaskSearch.count_solutions` with limit 2). One pass leaves a puzzle from
   which no orbit can be removed; without symmetry that is a *minimal* puzzle, since
   removing givens only adds solutions: a cell whose removal broke uniqueness once
   breaks it with fewer givens too. With a symmetry and ``minimal=True``, every single
   given is then tested too, and the grid is drawn again until both hold.
3. **Targets.** A number of givens stops the digging there; a difficulty band keeps a
   removal only while :func:`sudoku_cp.grading.grade` stays within the band. A result
   off target is drawn again, until ``time_limit``.

Every random choice comes from one ``random.Random(seed)``, and searches are cut by
node budgets (not clocks), so the same seed and arguments give the same puzzle.

>>> puzzle = generate(4, seed=1)
>>> from sudoku_cp import count_solutions
>>> count_solutions(puzzle)
1
>>> generate(4, seed=1) == puzzle
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from typing import Any

from sudoku_cp.api import solve
from sudoku_cp.constraints import Model
from sudoku_cp.engine.search import BitmaskSearch
from sudoku_cp.errors import InvalidPuzzleError, SolveTimeoutError
from sudoku_cp.grading import BAND_NAMES, BANDS, LEVELS, grade
from sudoku_cp.grid import Grid, standard_box
from sudoku_cp.puzzle import Puzzle
from sudoku_cp.rules import AntiKing, AntiKnight, Cage, Diagonals, Jigsaw, Killer, Rule, Thermo, Windows

SYMMETRIES = ("none", "rotational", "rotational90", "diagonal", "mirror")
"""The symmetries of the givens: none, 180° rotation, 90° rotation, reflection in the main
diagonal, reflection left to right."""

VARIANTS = ("classic", "x", "windows", "anti-knight", "anti-king", "jigsaw", "killer", "thermo")
"""The variants :func:`generate` draws: fixed rules (``x``: both diagonals, ``windows``:
the four 9x9 windows), or rules drawn at random (jigsaw regions, killer cages, thermometers)."""

DEFAULT_TIME_LIMIT = 60.0
"""Seconds :func:`generate` tries before giving up, unless told otherwise."""

_FULL_GRID_BUDGET = 50  # random-fill search nodes per cell before drawing again


def generate(
    size: int = 9,
    *,
    box: tuple[int, int] | None | str = "standard",
    variant: str = "classic",
    rules: Iterable[Rule] = (),
    seed: int | None = None,
    symmetry: str = "none",
    minimal: bool = False,
    givens: int | None = None,
    difficulty: str | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> Puzzle:
    """A new proper puzzle (exactly one solution, proven by an exhaustive count).

    Args:
        size: the side ``n``, 4 to 25 (16x16 takes seconds, 25x25 is best effort within
            ``time_limit``).
        box: the box shape ``(rows, columns)``; ``"standard"`` for the usual one of the
            size (:func:`sudoku_cp.grid.standard_box`); jigsaw puzzles have none.
        variant: one of :data:`VARIANTS`.
        rules: more fixed rules the full grid must obey (e.g. ``[rules.EvenOdd(...)]``).
        seed: the random seed; the same seed and arguments give the same puzzle.
            ``None`` draws one (kept in the puzzle's metadata, so any puzzle can be made again).
        symmetry: one of :data:`SYMMETRIES`, the symmetry of the given cells.
        minimal: make it minimal: removing any one given leaves several solutions.
        givens: dig down to this many givens (``0`` with ``variant="killer"``: the cages
            alone); a puzzle that cannot get that low is drawn again.
        difficulty: a band of :data:`sudoku_cp.grading.BAND_NAMES` (``"easy"`` ..
            ``"expert"``): the puzzle's :func:`~sudoku_cp.grading.grade` band.
        time_limit: seconds to keep trying (``None``: no limit).

    Returns:
        A :class:`Puzzle` whose metadata holds ``solution`` (its one-line solution) and
        ``generator`` (the arguments and the seed that made it).

    Raises:
        InvalidPuzzleError: arguments that cannot make a puzzle (an unknown variant or
            symmetry, a box that does not tile the grid, windows off 9x9, ...).
        SolveTimeoutError: ``time_limit`` ran out before a puzzle met every target. A
            puzzle with no target (no ``minimal``, ``givens`` or ``difficulty``) is
            returned instead, dug as far as time allowed (the 25x25 case).
    """
    _check_arguments(size, variant, symmetry, givens, difficulty)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    shape = None if variant == "jigsaw" else (standard_box(size) if box == "standard" else box)
    fixed = tuple(rules) + _fixed_rules(variant, size)
    orbits = symmetry_orbits(size, symmetry)
    targeted = minimal or givens is not None or difficulty is not None
    call = {
        "size": size,
        "box": list(shape) if shape else None,
        "variant": variant,
        "symmetry": symmetry,
        "minimal": minimal,
        "givens": givens,
        "difficulty": difficulty,
        "seed": seed,
    }
    best_givens = None
    while True:
        layout = fixed + ((random_jigsaw(size, rng),) if variant == "jigsaw" else ())
        empty = Puzzle(Grid([0] * size * size, shape), layout)
        solution = _full_grid(empty.model, rng, deadline)
        if solution is None:
            continue  # a jigsaw layout with no filling, or a search cut off by its budget
        drawn = _drawn_rules(variant, solution, size, rng)
        puzzle = Puzzle(Grid(solution, shape), layout + drawn)
        digger = _Digger(puzzle, solution, deadline, difficulty)
        dug = digger.dig(orbits, rng, 0 if givens is None else givens)
        count = sum(1 for v in dug if v)
        best_givens = count if best_givens is None else min(best_givens, count)
        if (digger.complete or not targeted) and _meets(digger, dug, minimal, symmetry, givens, difficulty):
            metadata = {"solution": Grid(solution, shape).to_string(), "generator": call}
            return Puzzle(Grid(dug, shape), puzzle.rules, metadata)
        if deadline is not None and time.perf_counter() > deadline:
            raise SolveTimeoutError(
                f"no puzzle met the targets within {time_limit:g} s "
                f"(the fewest givens reached was {best_givens})"
            )


def _check_arguments(
    size: int, variant: str, symmetry: str, givens: int | None, difficulty: str | None
) -> None:
    if isinstance(size, bool) or not isinstance(size, int) or not 4 <= size <= 25:
        raise InvalidPuzzleError(f"size must be an int from 4 to 25, not {size!r}")
    if variant not in VARIANTS:
        raise InvalidPuzzleError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    if symmetry not in SYMMETRIES:
        raise InvalidPuzzleError(f"unknown symmetry {symmetry!r}; known: {', '.join(SYMMETRIES)}")
    if givens is not None and (isinstance(givens, bool) or not isinstance(givens, int) or givens < 0):
        raise InvalidPuzzleError(f"givens must be a non-negative int, not {givens!r}")
    if difficulty is not None and difficulty not in BAND_NAMES:
        raise InvalidPuzzleError(f"unknown difficulty {difficulty!r}; known: {', '.join(BAND_NAMES)}")


def _fixed_rules(variant: str, size: int) -> tuple[Rule, ...]:
    if variant == "x":
        return (Diagonals(),)
    if variant == "windows":
        if size != 9:
            raise InvalidPuzzleError("the windows variant is 9x9 (pass rules=[Windows(corners)] for others)")
        return (Windows(),)
    if variant == "anti-knight":
        return (AntiKnight(),)
    if variant == "anti-king":
        return (AntiKing(),)
    return ()


def _full_grid(model: Model, rng: random.Random, deadline: float | None) -> list[int] | None:
    """A random solution of the empty model, or None (none exists, or the budget ran out)."""
    search = BitmaskSearch(model)
    if deadline is not None and time.perf_counter() > deadline:
        raise SolveTimeoutError("the time ran out while filling a grid")
    return search.random_solution(rng, _FULL_GRID_BUDGET * model.cell_count)


def _drawn_rules(variant: str, solution: Sequence[int], size: int, rng: random.Random) -> tuple[Rule, ...]:
    if variant == "killer":
        return (random_cages(solution, size, rng),)
    if variant == "thermo":
        return (random_thermometers(solution, size, rng),)
    return ()


def _meets(digger, dug, minimal, symmetry, givens, difficulty) -> bool:
    if givens is not None and sum(1 for v in dug if v) > givens:
        return False
    if difficulty is not None and digger.band(dug) != difficulty:
        return False
    if minimal and symmetry != "none":
        return digger.is_minimal(dug)
    return True


class _Digger:
    """Removes givens while the puzzle stays proper (and within a difficulty band)."""

    def __init__(self, puzzle: Puzzle, solution: list[int], deadline: float | None, difficulty: str | None):
        self.puzzle = puzzle
        self.model = puzzle.model
        self.solution = solution
        self.deadline = deadline
        in_band = [LEVELS.index(t) for t in LEVELS if BANDS[t] == difficulty]
        self.strongest = max(in_band) if difficulty is not None else None
        self.complete = False
        blank = Model(self.model.side, (0,) * self.model.cell_count, self.model.constraints)
        self.search = BitmaskSearch(blank)

    def unique(self, cells: Sequence[int]) -> bool:
        """True when the puzzle with these givens has exactly one solution (proven by count)."""
        return self.search.with_givens(cells).count_solutions(2) == 1

    def band(self, cells: Sequence[int]) -> str:
        return grade(self.puzzle.with_grid(self.puzzle.grid.with_cells(cells))).band

    def within_band(self, cells: Sequence[int]) -> bool:
        if self.strongest is None:
            return True
        return grade(self.puzzle.with_grid(self.puzzle.grid.with_cells(cells))).level <= self.strongest

    def dig(self, orbits: list[tuple[int, ...]], rng: random.Random, floor: int) -> list[int]:
        """The givens left after one pass over the orbits in random order, stopping at
        ``floor`` givens; ``self.complete`` tells whether the pass ended (not the clock)."""
        self.complete = False
        cells = list(self.solution)
        count = len(cells)
        order = orbits[:]
        rng.shuffle(order)
        for orbit in order:
            if count <= floor:
                break
            if self.deadline is not None and time.perf_counter() > self.deadline:
                return cells
            trial = cells[:]
            for cell in orbit:
                trial[cell] = 0
            if self.unique(trial) and self.within_band(trial):
                cells = trial
                count -= len(orbit)
        self.complete = True
        return cells

    def is_minimal(self, cells: Sequence[int]) -> bool:
        """True when removing any one given leaves several solutions."""
        for cell, value in enumerate(cells):
            if value:
                trial = list(cells)
                trial[cell] = 0
                if self.unique(trial):
                    return False
        return True


# -- symmetry ---------------------------------------------------------------------------------------


def symmetry_orbits(size: int, symmetry: str) -> list[tuple[int, ...]]:
    """The cells (row-major indices) grouped into orbits of a symmetry; a symmetric set of
    givens is a union of orbits.

    >>> symmetry_orbits(4, "rotational")[:2]
    [(0, 15), (1, 14)]
    """
    move = _SYMMETRY_MOVES[symmetry]
    seen: set[int] = set()
    orbits = []
    for cell in range(size * size):
        if cell in seen:
            continue
        orbit = {cell}
        frontier = [cell]
        while frontier:
            row, column = divmod(frontier.pop(), size)
            image = move(row, column, size)
            index = image[0] * size + image[1]
            if index not in orbit:
                orbit.add(index)
                frontier.append(index)
        seen |= orbit
        orbits.append(tuple(sorted(orbit)))
    return orbits


_SYMMETRY_MOVES = {
    "none": lambda r, c, n: (r, c),
    "rotational": lambda r, c, n: (n - 1 - r, n - 1 - c),
    "rotational90": lambda r, c, n: (c, n - 1 - r),
    "diagonal": lambda r, c, n: (c, r),
    "mirror": lambda r, c, n: (r, n - 1 - c),
}


def is_symmetric(grid: Grid, symmetry: str) -> bool:
    """True when the given cells of ``grid`` are a union of the symmetry's orbits.

    >>> is_symmetric(Grid.parse("1..." "...." "...." "...2"), "rotational")
    True
    """
    given = [v != 0 for v in grid.cells]
    return all(len({given[c] for c in orbit}) == 1 for orbit in symmetry_orbits(grid.side, symmetry))


# -- rules drawn at random --------------------------------------------------------------------------


def _neighbours(cell: int, size: int, diagonal: bool = False) -> list[int]:
    row, column = divmod(cell, size)
    steps = [(0, 1), (1, 0), (0, -1), (-1, 0)]
    if diagonal:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    return [
        (row + dr) * size + column + dc
        for dr, dc in steps
        if 0 <= row + dr < size and 0 <= column + dc < size
    ]


def random_cages(solution: Sequence[int], size: int, rng: random.Random, largest: int = 5) -> Killer:
    """Killer cages covering the grid: connected groups of 1 to ``largest`` cells whose digits in
    ``solution`` differ, each with the sum of those digits."""
    owner = [-1] * (size * size)
    cages: list[list[int]] = []
    cells = list(range(size * size))
    rng.shuffle(cells)
    for start in cells:
        if owner[start] >= 0:
            continue
        target = rng.choice([2, 2, 3, 3, 3, 4, 4, largest])
        cage = [start]
        owner[start] = len(cages)
        while len(cage) < target:
            digits = {solution[c] for c in cage}
            frontier = [
                n for c in cage for n in _neighbours(c, size) if owner[n] < 0 and solution[n] not in digits
            ]
            if not frontier:
                break
            chosen = rng.choice(sorted(set(frontier)))
            owner[chosen] = len(cages)
            cage.append(chosen)
        cages.append(sorted(cage))
    return Killer(
        tuple(Cage(tuple(divmod(c, size) for c in cage), sum(solution[c] for c in cage)) for cage in cages)
    )


def random_thermometers(solution: Sequence[int], size: int, rng: random.Random) -> Thermo:
    """About ``2n/3`` thermometers of 3 to 6 cells (paths of touching cells along increasing
    digits of ``solution``), on cells no other thermometer uses."""
    used = [False] * (size * size)
    thermos = []
    cells = list(range(size * size))
    rng.shuffle(cells)
    wanted = max(2, 2 * size // 3)
    for start in cells:
        if len(thermos) == wanted:
            break
        if used[start]:
            continue
        path = [start]
        length = rng.randint(3, 6)
        while len(path) < length:
            steps = [
                n
                for n in _neighbours(path[-1], size, diagonal=True)
                if not used[n] and n not in path and solution[n] > solution[path[-1]]
            ]
            if not steps:
                break
            path.append(rng.choice(steps))
        if len(path) >= 3:
            for cell in path:
                used[cell] = True
            thermos.append(tuple(divmod(c, size) for c in path))
    return Thermo(tuple(thermos))


def random_jigsaw(size: int, rng: random.Random, swaps_per_cell: int = 20) -> Jigsaw:
    """``n`` random connected regions of ``n`` cells: start from the boxes (or the rows, when
    the size has no box shape) and swap cells across region borders many times, keeping
    each swap that leaves both regions connected."""
    box = standard_box(size)
    region = [0] * (size * size)
    for cell in range(size * size):
        row, column = divmod(cell, size)
        region[cell] = (row // box[0]) * (size // box[1]) + column // box[1] if box else row
    members: list[set[int]] = [set() for _ in range(size)]
    for cell, r in enumerate(region):
        members[r].add(cell)
    for _ in range(swaps_per_cell * size * size):
        a = rng.randrange(size * size)
        b = rng.choice(_neighbours(a, size))
        ra, rb = region[a], region[b]
        if ra == rb:
            continue
        # a moves into b's region, and a cell d of b's region touching the rest of a's moves back
        rest = members[ra] - {a}
        options = sorted(x for x in members[rb] if any(n in rest for n in _neighbours(x, size)))
        if not options:
            continue
        d = rng.choice(options)
        new_a = rest | {d}
        new_b = (members[rb] - {d}) | {a}
        if _connected(new_a, size) and _connected(new_b, size):
            members[ra], members[rb] = new_a, new_b
            region[a], region[d] = rb, ra
    return Jigsaw.from_cells([[divmod(c, size) for c in sorted(m)] for m in members])


def _connected(cells: set[int], size: int) -> bool:
    start = next(iter(cells))
    seen = {start}
    frontier = [start]
    while frontier:
        for n in _neighbours(frontier.pop(), size):
            if n in cells and n not in seen:
                seen.add(n)
                frontier.append(n)
    return len(seen) == len(cells)


def with_wrong_digit(grid: Grid, cell: int | None = None, *, seed: int = 0) -> Grid | None:
    """``grid`` with a digit in an empty cell that none of the cell's peers holds but that
    differs from ``grid``'s smallest solution there; ``None`` when no such digit exists.

    ``cell`` (a row-major index) names the empty cell; by default the empty cells are
    tried in a random order drawn from ``seed`` and the first that takes a wrong digit is
    used. When ``grid`` has exactly one solution the result has none, although no unit
    shows two equal digits: a puzzle to show :func:`sudoku_cp.explain_conflict` with.

    >>> from sudoku_cp import count_solutions, datasets
    >>> puzzle = datasets.load("easy50")[0]
    >>> broken = with_wrong_digit(puzzle, 0)
    >>> broken.cells[0], count_solutions(broken)
    (5, 0)

    Raises:
        ValueError: ``cell`` is not an empty cell of ``grid``.
        NoSolutionError: ``grid`` has no solution.
    """
    size = len(grid.cells)
    if cell is None:
        cells = [c for c in random.Random(seed).sample(range(size), size) if not grid.cells[c]]
    elif 0 <= cell < size and not grid.cells[cell]:
        cells = [cell]
    else:
        raise ValueError(f"cell {cell} is not an empty cell of the {grid.side}x{grid.side} grid")
    solution = solve(grid).cells
    for empty in cells:
        held = {grid.cells[peer] for peer in grid.geometry.peers[empty]}
        wrong = [v for v in range(1, grid.side + 1) if v != solution[empty] and v not in held]
        if wrong:
            return grid.with_cell(*divmod(empty, grid.side), wrong[0])
    return None


def describe(puzzle: Puzzle) -> dict[str, Any]:
    """The generator call recorded in a generated puzzle's metadata (``{}`` for others)."""
    return dict(puzzle.metadata.get("generator", {}))


__all__ = [
    "DEFAULT_TIME_LIMIT",
    "SYMMETRIES",
    "VARIANTS",
    "describe",
    "generate",
    "is_symmetric",
    "random_cages",
    "random_jigsaw",
    "random_thermometers",
    "symmetry_orbits",
    "with_wrong_digit",
]
