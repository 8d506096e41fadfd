"""Forcing chains, the last named technique (HoDoKu "Forcing Chains"; SudokuWiki
"Cell Forcing Chains", "Unit Forcing Chains", "Nishio Forcing Chains").

Suppose a candidate is true and follow what singles force (a placed digit leaves its
peers; a value with one place left in a unit goes there; a cage, thermometer or dot
keeps the values it supports): the propagation of the engine's search, with a record of
the constraints it uses.

* *Contradiction*: supposing ``r1c2 = 5`` empties a cell or leaves a value no place in a
  unit, so 5 leaves r1c2.
* *Cell forcing chain*: whichever candidate a cell takes, the same candidate is removed
  (or the same digit placed): it is, whatever the cell holds.
* *Unit forcing chain*: whichever place a value takes in a unit, the same follows.

Units: every constraint of the model (AllDifferents of any size, units for hidden
singles, and the variants' sums, thermometers and dots). Premises: the constraints the
propagations used, with the current candidates of their cells; the supposed cell, unit
and candidates.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from sudoku_cp.constraints import Constraint, Linear, Sandwich, Skyscraper, Sum
from sudoku_cp.techniques._links import Geometry, geometry, links, premise
from sudoku_cp.techniques.board import Board, Deduction, values_of

MAX_BRANCHES = 9
"""The most candidates of a cell (places of a value in a unit) a forcing chain splits on."""


class _Propagation:
    """Singles propagation from a supposition, recording the constraints it uses."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.geo = geometry(board)
        self.full = (1 << board.side) - 1
        others = []
        for constraint, propagate in board.others:
            extra: tuple[Constraint, ...] = ()
            # A sum's propagator (a plain Linear's too) uses that its cells differ, and a
            # line clue's automaton reads its row as a permutation: cite the AllDifferents.
            if isinstance(constraint, Sum | Sandwich | Skyscraper) or (
                isinstance(constraint, Linear) and constraint.is_plain_sum
            ):
                cells = constraint.cells
                pairs = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1 :]]
                if all(b in self.geo.peers[a] for a, b in pairs):
                    extra = links(self.geo, pairs)  # the propagator uses the cells' distinctness
            others.append((constraint, propagate, extra))
        self.others = others

    def run(
        self, candidates: Sequence[int], cell: int, value: int
    ) -> tuple[list[int] | None, list[Constraint]]:
        """The candidates after supposing ``cell = value`` (``None`` on a contradiction),
        and the constraints used."""
        board, geo = self.board, self.geo
        cand = list(candidates)
        bit = 1 << (value - 1)
        used: dict[Constraint, None] = {}
        if cand[cell] != bit:
            cand[cell] = bit
        queue = [cell]
        done: set[int] = set()
        quiet: dict[int, list[int]] = {}  # per other constraint: its masks when it last changed nothing
        while True:
            while queue:
                c = queue.pop()
                if c in done:
                    continue
                done.add(c)
                b = cand[c]
                for index in board.containing[c]:
                    constraint = board.alldifferents[index]
                    for p in constraint.cells:
                        if p != c and cand[p] & b:
                            cand[p] &= ~b
                            used[constraint] = None
                            if not cand[p]:
                                return None, list(used)
                            if not cand[p] & (cand[p] - 1):
                                queue.append(p)
            changed = False
            for u, cells in enumerate(geo.unit_cells):
                once = twice = 0
                for c in cells:
                    m = cand[c]
                    twice |= once & m
                    once |= m
                if once != self.full:
                    used[geo.units[u]] = None
                    return None, list(used)
                hidden = once & ~twice
                if not hidden:
                    continue
                for c in cells:
                    m = cand[c]
                    only = m & hidden
                    if only and m != only:
                        used[geo.units[u]] = None
                        if only & (only - 1):
                            return None, list(used)
                        cand[c] = only
                        queue.append(c)
                        changed = True
            if not changed:
                for index, (constraint, propagate, extra) in enumerate(self.others):
                    before = [cand[c] for c in constraint.cells]
                    if quiet.get(index) == before:
                        continue  # its cells are as when it last changed nothing: nothing to do
                    if propagate(cand) is None:
                        used[constraint] = None
                        used.update(dict.fromkeys(extra))
                        return None, list(used)
                    narrowed = False
                    for c, was in zip(constraint.cells, before, strict=True):
                        if cand[c] != was:
                            narrowed = True
                            if not cand[c] & (cand[c] - 1):
                                queue.append(c)
                    if narrowed:
                        used[constraint] = None
                        used.update(dict.fromkeys(extra))
                        changed = True
                    else:
                        quiet[index] = before
            if not changed and not queue:
                return cand, list(used)


def find_forcing_chains(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Forcing chains: contradiction, then cell, then unit (see the module docstring)."""
    geo: Geometry = geometry(board)
    engine = _Propagation(board)
    open_cells = sorted(
        (c for c in range(len(candidates)) if c not in placed and candidates[c] & (candidates[c] - 1)),
        key=lambda c: (candidates[c].bit_count(), c),
    )
    results: dict[tuple[int, int], tuple[list[int] | None, list[Constraint]]] = {}

    def outcome(cell: int, value: int):
        key = (cell, value)
        if key not in results:
            board.check_deadline()
            results[key] = engine.run(candidates, cell, value)
        return results[key]

    for cell in open_cells:  # contradiction
        for value in values_of(candidates[cell]):
            after, used = outcome(cell, value)
            if after is None:
                yield Deduction(
                    "forcing chain (contradiction)",
                    (),
                    ((cell, value),),
                    (cell,),
                    (value,),
                    ((cell, value),),
                    premise(used, (geo.units[u] for u in geo.units_of[cell][:1])),
                    f"supposing {_name(board, cell)}={value} leaves no candidate somewhere",
                )
                return
    for cell in open_cells:  # cell
        if candidates[cell].bit_count() > MAX_BRANCHES:
            break
        branches = [(cell, v) for v in values_of(candidates[cell])]
        found = _common(board, candidates, placed, branches, outcome)
        if found is not None:
            eliminations, used = found
            yield Deduction(
                "forcing chain (cell)",
                (),
                eliminations,
                (cell,),
                values_of(candidates[cell]),
                tuple(branches),
                premise(used, (geo.units[u] for u in geo.units_of[cell][:1])),
                f"whatever {_name(board, cell)} holds",
            )
            return
    for u, cells in enumerate(geo.unit_cells):  # unit
        for value in range(1, board.side + 1):
            bit = 1 << (value - 1)
            places = [c for c in cells if candidates[c] & bit]
            if not 2 <= len(places) <= MAX_BRANCHES or any(c in placed for c in places):
                continue
            branches = [(c, value) for c in places]
            found = _common(board, candidates, placed, branches, outcome)
            if found is not None:
                eliminations, used = found
                yield Deduction(
                    "forcing chain (unit)",
                    (),
                    eliminations,
                    tuple(places),
                    (value,),
                    tuple(branches),
                    premise((geo.units[u],), used),
                    f"wherever {value} goes in {geo.units[u].label}",
                )
                return


def _common(board, candidates, placed, branches, outcome):
    """The candidates every branch removes, and the constraints used; ``None`` if none."""
    removed = None
    used: list[Constraint] = []
    for cell, value in branches:
        after, by = outcome(cell, value)
        if after is None:
            continue  # that branch is impossible: the others decide
        gone = {
            (c, v)
            for c, (was, now) in enumerate(zip(candidates, after, strict=True))
            if was != now
            for v in values_of(was & ~now)
        }
        removed = gone if removed is None else removed & gone
        used += by
        if not removed:
            return None
    if not removed:
        return None
    eliminations = tuple(sorted(removed - set(branches)))
    if not eliminations:
        return None
    return eliminations, used


def _name(board: Board, cell: int) -> str:
    return board.model.cell_name(cell)
