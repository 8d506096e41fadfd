"""New puzzles: proper (one solution, proven), optionally minimal, symmetric, of a size or a band.

:func:`generate` works the way most generators do (QQWing, HoDoKu), over the
constraint vocabulary so that every size and variant is covered:

1. **A full grid.** A depth-first search with random value order
   (:meth:`BitmaskSearch.random_solution`) over the empty grid with the variant's fixed
   rules (diagonals, windows, anti-knight, jigsaw regions drawn at random, ...); when
   the fixed rules admit no full grid at all (a 4x4 anti-king), an exhaustive search
   proves it and :func:`generate` says so. Rules that are drawn *on* a full grid come
   next: killer cages (connected groups of cells with different digits, the sum read
   off the grid), thermometers (paths of touching cells along increasing digits),
   Kropki dots and consecutive bars (all of them, with the negative constraint),
   even/odd cells and greater-than signs.
2. **Digging.** Starting from every cell given, the givens are removed one symmetry
   orbit at a time, in random order; a removal is kept only if the puzzle stays
   proper. Any other solution would differ from the full grid at a removed cell, so a
   removed cell forced by a single (its peers' givens hold every other value, or a unit
   has no other place for it) settles it at once, and otherwise an exhaustive search of
   the backtracker with the removed value excluded there proves it
   (:meth:`BitmaskSearch.solution_without`: less search than counting to 2). One pass leaves a puzzle from
   which no orbit can be removed; without symmetry that is a *minimal* puzzle, since
   removing givens only adds solutions: a cell whose removal broke uniqueness once
   breaks it with fewer givens too. With a symmetry and ``minimal=True``, every single
   given is then tested too, and the grid is drawn again until both hold.
3. **Targets.** A number of givens stops the digging there; a difficulty band keeps a
   removal only while :func:`sudoku_cp.reasoning.grading.grade` stays within the band. With
   ``minimal=True`` a second pass then removes every given it still can (uniqueness
   alone decides), so a floor or a band never leaves a removable given behind; the band
   and the count are checked on the result. A result off target is drawn again, until
   ``time_limit``, whose remainder every search and count gets.

Every random choice comes from one ``random.Random(seed)``, and searches are cut by
node budgets (not clocks), so the same seed and arguments give the same puzzle (when
the time limit does not cut them first).

>>> puzzle = generate(4, seed=1)
>>> from sudoku_cp import count_solutions
>>> count_solutions(puzzle)
1
>>> generate(4, seed=1) == puzzle
True
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterable, Sequence
from typing import Any

from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.engine.search import BitmaskSearch
from sudoku_cp.errors import InvalidArgumentError, InvalidPuzzleError, SolveTimeoutError
from sudoku_cp.model import community_rules  # noqa: F401  (registers the community's kinds)
from sudoku_cp.model.constraints import Model
from sudoku_cp.model.grid import Grid, standard_box
from sudoku_cp.model.multigrid import Board, MultiGrid
from sudoku_cp.model.puzzle import Puzzle
from sudoku_cp.model.rules import (
    AntiKing,
    AntiKnight,
    Cage,
    Diagonals,
    EvenOdd,
    GreaterThan,
    Jigsaw,
    Killer,
    Kropki,
    Rule,
    Thermo,
    Windows,
    rules_from_json,
)
from sudoku_cp.naming import SYMMETRIES, VARIANTS, canonical_name  # declared there for the CLI
from sudoku_cp.reasoning.conflict import solve_explained as solve
from sudoku_cp.reasoning.grading import BAND_NAMES, BANDS, LEVELS
from sudoku_cp.reasoning.grading import band as band_of
from sudoku_cp.reasoning.modern_clues import DRAWERS, draw_clues

DEFAULT_TIME_LIMIT = 60.0
"""Seconds :func:`generate` tries before giving up, unless told otherwise."""

_FULL_GRID_BUDGET = 50  # random-fill search nodes per cell before drawing again


def generate(
    side: int = 9,
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
    size: int | None = None,
    board: str | Board | None = None,
) -> Puzzle:
    """A new proper puzzle (exactly one solution, proven by exhaustive search).

    Args:
        side: the side ``n``, 4 to 25 (16x16 takes seconds, 25x25 is best effort within
            ``time_limit``).
        box: the box shape ``(rows, columns)``; ``"standard"`` for the usual one of the
            size (:func:`sudoku_cp.model.grid.standard_box`); jigsaw puzzles have none.
        variant: one of :data:`VARIANTS`.
        rules: more fixed rules the full grid must obey (e.g. ``[rules.EvenOdd(...)]``).
        seed: the random seed; the same seed and arguments give the same puzzle.
            ``None`` draws one (kept in the puzzle's metadata, so any puzzle can be made again).
        symmetry: one of :data:`SYMMETRIES`, the symmetry of the given cells.
        minimal: make it minimal: removing any one given leaves several solutions
            (with a ``givens`` target or a ``difficulty``, a second pass removes what
            they held back; with a symmetry, every given is checked one by one).
        givens: dig down to this many givens (at most this many with ``minimal``; ``0``
            with ``variant="killer"``: the cages alone); a puzzle that cannot get that low
            is drawn again.
        difficulty: a band of :data:`sudoku_cp.reasoning.grading.BAND_NAMES` (``"easy"`` ..
            ``"fiendish"``): the puzzle's :func:`~sudoku_cp.reasoning.grading.grade` band.
        time_limit: seconds to keep trying (``None``: no limit). Every search and count
            gets what is left of it; a grading (with ``difficulty``) is not cut, so a
            16x16 band may overrun by one grading.
        size: the former name of ``side``, deprecated.
        board: a multi-grid board instead of one grid: a layout name of
            :data:`sudoku_cp.model.multigrid.LAYOUTS` (``"samurai"``, ...) or a
            :class:`~sudoku_cp.model.multigrid.Board`; the puzzle is minimal
            (:func:`generate_multigrid`), and only ``seed`` and ``time_limit`` apply.

    Returns:
        A :class:`Puzzle` whose metadata holds ``solution`` (its one-line solution) and
        ``generator`` (the arguments and the seed that made it).

    Raises:
        InvalidPuzzleError: arguments that cannot make a puzzle (an unknown variant or
            symmetry, a box that does not tile the grid, windows off 9x9, rules that no
            full grid obeys, such as a 4x4 anti-king: an exhaustive search proves it).
        SolveTimeoutError: ``time_limit`` ran out before a puzzle met every target. A
            puzzle with no target (no ``minimal``, ``givens`` or ``difficulty``) is
            returned instead, dug as far as time allowed (the 25x25 case).
    """
    if board is not None:
        fixed_rules = tuple(rules)
        if (side, box, variant, symmetry, givens, difficulty, fixed_rules, size) != (
            9, "standard", "classic", "none", None, None, (), None
        ):  # fmt: skip
            raise InvalidPuzzleError(
                "a multi-grid board is generated minimal with its rows, columns and boxes only: board= "
                "takes seed and time_limit, not side, box, variant, rules, symmetry, givens or difficulty"
            )
        return generate_multigrid(board, seed=seed, time_limit=time_limit)
    if size is not None:
        warnings.warn("generate(size=...) is deprecated: use side=", DeprecationWarning, stacklevel=2)
        if side not in (9, size):
            raise InvalidPuzzleError(f"give side or size (deprecated), not both: {side} and {size}")
        side = size
    size = side
    variant = canonical_name(variant) if isinstance(variant, str) else variant  # any spelling: anti-knight
    _check_arguments(size, variant, symmetry, givens, difficulty)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    deadline = Deadline(time_limit)
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
    proven_fillable = variant == "jigsaw"  # each jigsaw layout is new: no single proof
    wanted = [f"{givens} givens" if givens is not None else "", "minimal" if minimal else ""]
    wanted += [f"{difficulty!r} band" if difficulty else ""]
    targets = "the targets (" + ", ".join(filter(None, wanted)) + ")" if targeted else "the targets"
    while True:
        _check_time(deadline, best_givens, targets)
        layout = fixed + ((random_jigsaw(size, rng),) if variant == "jigsaw" else ())
        empty = Puzzle(Grid([0] * size * size, shape), layout)
        solution = _full_grid(empty.model, rng, deadline, best_givens)
        if solution is None:
            if not proven_fillable:
                _check_fillable(empty, variant, deadline, best_givens)
                proven_fillable = True
            continue  # a jigsaw layout with no filling, or a search cut off by its budget
        drawn = _drawn_rules(variant, solution, size, shape, rng)
        puzzle = Puzzle(Grid(solution, shape), layout + drawn)
        digger = _Digger(puzzle, solution, deadline, difficulty)
        dug = digger.dig(orbits, rng, 0 if givens is None else givens)
        if minimal and digger.complete and (givens is not None or difficulty is not None):
            # a band or a floor stopped some removals: make it minimal, then check the targets
            dug = digger.dig(orbits, rng, 0, start=dug, graded=False)
        count = sum(1 for v in dug if v)
        best_givens = count if best_givens is None else min(best_givens, count)
        if (digger.complete or not targeted) and _meets(digger, dug, minimal, symmetry, givens, difficulty):
            metadata = {"solution": Grid(solution, shape).to_string(), "generator": call}
            return Puzzle(Grid(dug, shape), puzzle.rules, metadata)


def generate_multigrid(
    layout: str | Board = "samurai",
    *,
    seed: int | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> Puzzle:
    """A new minimal proper multi-grid puzzle (Samurai and kin, :mod:`sudoku_cp.model.multigrid`).

    :func:`generate`'s method on a board: a random full board (the engine's depth-first
    search with random value order over the empty board), then one pass over the cells
    in random order removing each given while the board stays proper, which an
    exhaustive count of the backtracker proves (limit 2). The pass leaves a minimal
    puzzle: no given can be removed without a second solution.

    Args:
        layout: a name of :data:`sudoku_cp.model.multigrid.LAYOUTS` or a
            :class:`~sudoku_cp.model.multigrid.Board`.
        seed: the random seed (``None``: drawn, and kept in the metadata).
        time_limit: seconds to keep trying (``None``: no limit).

    Returns:
        A :class:`Puzzle` on a :class:`~sudoku_cp.model.multigrid.MultiGrid` whose metadata holds
        ``solution`` (the inside cells' digits row by row) and ``generator``.

    Raises:
        InvalidPuzzleError: an unknown layout name.
        SolveTimeoutError: ``time_limit`` ran out before a puzzle was dug.

    >>> from sudoku_cp.model.multigrid import Board
    >>> puzzle = generate_multigrid(Board(((0, 0), (2, 2)), (2, 2)), seed=1)
    >>> from sudoku_cp import count_solutions
    >>> count_solutions(puzzle, backend="cpsat")
    1
    """
    board = layout if isinstance(layout, Board) else Board.named(layout)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    deadline = Deadline(time_limit)
    empty = Puzzle(MultiGrid.empty(board))
    call = {**board.to_dict(), "seed": seed, "minimal": True}
    orbits = [(cell,) for cell in range(board.cell_count)]
    while True:
        _check_time(deadline, None)
        solution = _full_grid(empty.model, rng, deadline, None)
        if solution is None:
            continue  # the search's budget ran out: draw again
        full = MultiGrid(board, solution)
        digger = _Digger(Puzzle(full), solution, deadline, None)
        dug = digger.dig(orbits, rng, 0)
        if digger.complete:
            metadata = {"solution": full.solution_string(), "generator": call}
            return Puzzle(MultiGrid(board, dug), (), metadata)


def _check_time(deadline: Deadline, best_givens: int | None, targets: str = "the targets") -> None:
    if deadline.passed():
        raise SolveTimeoutError(
            f"no puzzle met {targets} within {deadline.time_limit:g} s "
            + (
                "(no full grid was drawn)"
                if best_givens is None
                else f"(the fewest givens reached was {best_givens})"
            )
        )


def _check_fillable(empty: Puzzle, variant: str, deadline: Deadline, best_givens: int | None) -> None:
    """Raise :class:`InvalidPuzzleError` when an exhaustive search proves that no full grid
    obeys the rules (a 4x4 anti-king), instead of drawing again until the time runs out."""
    try:
        found = BitmaskSearch(empty.model, deadline).find_solution()
    except SolveTimeoutError:
        _check_time(deadline, best_givens)
        raise
    if found is None:
        n = empty.side
        raise InvalidPuzzleError(
            f"no {n}x{n} {variant} grid exists (an exhaustive search found no full grid "
            "that obeys the rules): no puzzle can be generated"
        )


def _check_arguments(
    size: int, variant: str, symmetry: str, givens: int | None, difficulty: str | None
) -> None:
    if isinstance(size, bool) or not isinstance(size, int) or not 4 <= size <= 25:
        raise InvalidPuzzleError(f"side must be an int from 4 to 25, not {size!r}")
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
    if variant == "anti_knight":
        return (AntiKnight(),)
    if variant == "anti_king":
        return (AntiKing(),)
    return ()


def _full_grid(
    model: Model, rng: random.Random, deadline: Deadline, best_givens: int | None
) -> list[int] | None:
    """A random solution of the empty model, or None (none exists, or the budget ran out)."""
    try:
        return BitmaskSearch(model, deadline).random_solution(rng, _FULL_GRID_BUDGET * model.cell_count)
    except SolveTimeoutError:
        _check_time(deadline, best_givens)
        raise


def _drawn_rules(
    variant: str, solution: Sequence[int], size: int, box: tuple[int, int] | None, rng: random.Random
) -> tuple[Rule, ...]:
    if variant == "killer":
        return (random_cages(solution, size, rng),)
    if variant == "thermo":
        return (random_thermometers(solution, size, rng),)
    if variant == "kropki":
        return (kropki_dots(solution, size, rng),)
    if variant == "consecutive":
        return (consecutive_bars(solution, size),)
    if variant == "even_odd":
        return (random_parity(solution, size, rng),)
    if variant == "greater_than":
        return (inequalities(solution, size, box),)
    if variant in DRAWERS:
        rows = [list(solution[r * size : (r + 1) * size]) for r in range(size)]
        return rules_from_json(draw_clues(variant, rows, rng, box), side=size)
    return ()


def _meets(digger, dug, minimal, symmetry, givens, difficulty) -> bool:
    if givens is not None and sum(1 for v in dug if v) > givens:
        return False
    if difficulty is not None and digger.band(dug) != difficulty:
        return False
    if minimal and symmetry != "none":
        return digger.is_minimal(dug)
    # Without symmetry, the last pass tried every given once, with no floor and no band, and
    # kept only the necessary ones: a given whose removal left several solutions leaves
    # several with fewer givens too, so the puzzle is minimal.
    return True


def _rows_from(level: int) -> tuple:
    """The table's rows at ``level`` or above."""
    from sudoku_cp.reasoning.techniques import TECHNIQUES

    return tuple(t for t in TECHNIQUES if t.level_index >= level)


class _Digger:
    """Removes givens while the puzzle stays proper (and within a difficulty band)."""

    def __init__(self, puzzle: Puzzle, solution: list[int], deadline: Deadline, difficulty: str | None):
        self.puzzle = puzzle
        self.model = puzzle.model
        self.solution = solution
        self.deadline = deadline
        self.difficulty = difficulty
        in_band = [LEVELS.index(t) for t in LEVELS if BANDS[t] == difficulty]
        self.strongest = max(in_band) if difficulty is not None else None
        self.weakest = min(in_band) if difficulty is not None else None
        self.complete = False
        blank = Model(
            self.model.side, (0,) * self.model.cell_count, self.model.constraints, self.model.positions
        )
        self.search = BitmaskSearch(blank, deadline)  # every count gets what is left of the limit
        self._peers = self.model.peers
        self._peer_bits = [sum(1 << p for p in peers) for peers in self._peers]
        self._units_of: list[list[tuple[int, ...]]] = [[] for _ in range(self.model.cell_count)]
        for unit in self.model.units:
            for cell in unit.cells:
                self._units_of[cell].append(unit.cells)
        self._all_values = (1 << self.model.side) - 1

    def unique_without(self, cells: Sequence[int], removed: Sequence[int]) -> bool:
        """True when the givens ``cells`` have exactly one solution, for givens made by
        blanking the cells ``removed`` of a proper puzzle whose solution is
        ``self.solution``: any other solution differs from it at a removed cell, so one
        search per removed cell with that cell's value excluded
        (:meth:`BitmaskSearch.solution_without`) decides, with less search than a count to
        2 (the same answer, so the same puzzles).

        Raises:
            SolveTimeoutError: the time limit ran out during a search.
        """
        if len(removed) == 1 and self._forced(cells, removed[0]):
            return True
        search = self.search.with_givens(cells)
        return all(search.solution_without(cell, self.solution[cell]) is None for cell in removed)

    def _forced(self, cells: Sequence[int], cell: int) -> bool:
        """True when the givens ``cells`` force ``cell`` (blank) to its solution value by a
        single: its peers' givens hold every other value (naked), or every other blank
        cell of one of its units sees a given of that value (hidden). Then no other
        solution differs there, so the puzzle stays proper with no search; a cheap
        sufficient test that settles most removals of a dig's first half."""
        value = self.solution[cell]
        held = 0
        for peer in self._peers[cell]:
            if cells[peer]:
                held |= 1 << (cells[peer] - 1)
        if held | (1 << (value - 1)) == self._all_values and not held >> (value - 1) & 1:
            return True
        holding = 0  # the cells seeing a given of the value
        for other, v in enumerate(cells):
            if v == value:
                holding |= self._peer_bits[other]
        return any(
            all(other == cell or cells[other] or holding >> other & 1 for other in unit)
            for unit in self._units_of[cell]
        )

    def band(self, cells: Sequence[int]) -> str:
        """The band of the (proper) puzzle with these givens
        (:func:`~sudoku_cp.reasoning.grading.band`); for the top band, whose rows come
        last in the table (forcing chains, the minimal deduction), it is that band
        exactly when the rows below it stall, which is checked without running the top
        band's slow rows."""
        from sudoku_cp.reasoning.techniques import TECHNIQUES

        if self.weakest is not None and self.strongest == len(LEVELS) - 1:
            rows = _rows_from(self.weakest)
            if rows and TECHNIQUES[-len(rows) :] == rows:  # the band's rows are the table's last
                return "below" if self.solved_with(cells, self.weakest - 1) else self.difficulty
        return band_of(self.puzzle.with_grid(self.puzzle.grid.with_cells(cells)))

    def within_band(self, cells: Sequence[int]) -> bool:
        """True when the solving path with only the band's techniques (the table's rows up
        to its strongest level) places every digit: Simonis' "the weakest propagation that
        solves it", which for a table ordered by level is the grade's level being at most
        the band's; it never runs the stronger (and slower) techniques above the band.
        The band of the result is then checked by :func:`grade` itself."""
        if self.strongest is None or self.strongest >= len(LEVELS) - 1:
            return True
        return self.solved_with(cells, self.strongest)

    def solved_with(self, cells: Sequence[int], strongest: int) -> bool:
        """True when the solving path with only the table's rows up to level ``strongest``
        places every digit of the (proper) puzzle with these givens."""
        from sudoku_cp.reasoning.techniques import TECHNIQUES, Board, Contradiction, solving_path

        rows = tuple(t for t in TECHNIQUES if t.level_index <= strongest)
        board = Board(self.puzzle.with_grid(self.puzzle.grid.with_cells(cells)).model)
        board.proper = True  # dig() and _meets() ask only about proper puzzles
        candidates = board.initial()
        placed = {cell for cell, value in enumerate(cells) if value}
        try:
            for _ in solving_path(board, candidates, placed, rows):
                pass
        except Contradiction:
            return False
        return all(mask and not mask & (mask - 1) for mask in candidates)

    def dig(
        self,
        orbits: list[tuple[int, ...]],
        rng: random.Random,
        floor: int,
        start: Sequence[int] | None = None,
        graded: bool = True,
    ) -> list[int]:
        """The givens left after one pass over the orbits in random order, from ``start``
        (default: the full grid), stopping at ``floor`` givens; removals are kept while the
        puzzle stays proper and, if ``graded``, within the band. ``self.complete`` tells
        whether the pass ended (not the clock); the givens returned are proper either way."""
        self.complete = False
        cells = list(self.solution if start is None else start)
        count = sum(1 for v in cells if v)
        order = orbits[:]
        rng.shuffle(order)
        for orbit in order:
            if count <= floor:
                break
            if self.deadline.passed():
                return cells
            if not all(cells[cell] for cell in orbit):
                continue  # removed already (a second pass)
            trial = cells[:]
            for cell in orbit:
                trial[cell] = 0
            try:
                if self.unique_without(trial, orbit) and (not graded or self.within_band(trial)):
                    cells = trial
                    count -= len(orbit)
            except SolveTimeoutError:
                return cells
        self.complete = True
        return cells

    def is_minimal(self, cells: Sequence[int]) -> bool:
        """True when removing any one given leaves several solutions; False also when the
        time runs out before every given is checked."""
        for cell, value in enumerate(cells):
            if value:
                trial = list(cells)
                trial[cell] = 0
                try:
                    if self.unique_without(trial, (cell,)):
                        return False
                except SolveTimeoutError:
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


def _neighbour_pairs(size: int) -> list[tuple[int, int]]:
    """Every two orthogonal neighbours ``(cell, right or lower neighbour)``, row-major."""
    pairs = []
    for cell in range(size * size):
        if cell % size < size - 1:
            pairs.append((cell, cell + 1))
        if cell + size < size * size:
            pairs.append((cell, cell + size))
    return pairs


def kropki_dots(solution: Sequence[int], size: int, rng: random.Random) -> Kropki:
    """Every Kropki dot of ``solution``, with the negative constraint for both colours: a
    white dot between orthogonal neighbours that differ by 1, a black dot between those in
    ratio 2 (a 1 next to a 2 takes either colour, drawn at random)."""
    white, black = [], []
    for cell, other in _neighbour_pairs(size):
        a, b = solution[cell], solution[other]
        consecutive, double = abs(a - b) == 1, a == 2 * b or b == 2 * a
        pair = (divmod(cell, size), divmod(other, size))
        if consecutive and (not double or rng.random() < 0.5):
            white.append(pair)
        elif double:
            black.append(pair)
    return Kropki(tuple(white), tuple(black), all_white_given=True, all_black_given=True)


def consecutive_bars(solution: Sequence[int], size: int) -> Kropki:
    """Consecutive Sudoku read off ``solution``: a bar between every two orthogonal
    neighbours that differ by 1, and the negative constraint (:meth:`Kropki.consecutive`)."""
    return Kropki.consecutive(
        (divmod(cell, size), divmod(other, size))
        for cell, other in _neighbour_pairs(size)
        if abs(solution[cell] - solution[other]) == 1
    )


def random_parity(solution: Sequence[int], size: int, rng: random.Random, share: float = 1 / 3) -> EvenOdd:
    """About ``share`` of the cells, drawn at random, marked even or odd as in ``solution``."""
    marked = [cell for cell in range(size * size) if rng.random() < share]
    even = tuple(divmod(c, size) for c in marked if solution[c] % 2 == 0)
    odd = tuple(divmod(c, size) for c in marked if solution[c] % 2)
    return EvenOdd(even, odd)


def inequalities(solution: Sequence[int], size: int, box: tuple[int, int] | None) -> GreaterThan:
    """A greater-than sign between every two orthogonal neighbours of a box (of a row, when
    the grid has no boxes), pointing as in ``solution``: the pairs ``(smaller, larger)``."""
    pairs = []
    for cell, other in _neighbour_pairs(size):
        (row, column), (r, c) = divmod(cell, size), divmod(other, size)
        same = (row // box[0], column // box[1]) == (r // box[0], c // box[1]) if box else r == row
        if same:
            low, high = sorted((cell, other), key=lambda x: solution[x])
            pairs.append((divmod(low, size), divmod(high, size)))
    return GreaterThan(tuple(pairs))


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
        raise InvalidArgumentError(f"cell {cell} is not an empty cell of the {grid.side}x{grid.side} grid")
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
    "consecutive_bars",
    "generate",
    "generate_multigrid",
    "inequalities",
    "is_symmetric",
    "kropki_dots",
    "random_cages",
    "random_parity",
    "random_jigsaw",
    "random_thermometers",
    "symmetry_orbits",
    "with_wrong_digit",
]
