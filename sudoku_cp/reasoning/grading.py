"""How hard is a puzzle: the hardest technique its solving path needs, and a score.

Simonis ("Sudoku as a constraint problem", CP 2005 workshop on modelling and
reformulating constraint satisfaction problems) grades puzzles by the weakest
constraint propagation that solves them with no search at all, and finds that this
order matches how people rank them. :func:`grade` follows the solving path of
:func:`sudoku_cp.explain` (:func:`sudoku_cp.reasoning.techniques.solving_path`: the simplest
technique that finds anything, one step at a time) and names the hardest technique it
used; the levels, bands and step costs come from the one table of techniques
(:data:`sudoku_cp.reasoning.techniques.TECHNIQUES`), weakest first (:data:`LEVELS`, from naked
singles to minimal deductions, then ``"search"``; :data:`BANDS` maps them to the bands
easy, medium, hard, expert and fiendish).

So ``grade`` and ``explain`` cannot disagree: ``grade`` names the hardest technique of
``explain``'s path (by level, then table order). Four numbers rank puzzles more
finely than the band, each measured against references in
``benchmarks/bench_grading.py``:

- ``score``, the sum of the step costs of the path, as HoDoKu scores a puzzle (the
  costs are HoDoKu's published per-technique scores: a naked single 4, a hidden single
  14, locked candidates 50, an X-Wing 140, an XY-Chain 260, a forcing chain 500...);
- ``hardest``, the largest step cost, as Sudoku Explainer rates a puzzle by its
  hardest step;
- ``rating``, the hardest-puzzle rating on Sudoku Explainer's scale, read SE's way: the
  largest step rating of a path of the techniques SE knows (:data:`RATING_TECHNIQUES`:
  no AIC, ALS or Kraken fish, so forcing steps come where SE needs them; SE's static cell
  and unit forcing chains before dynamic nets, as SE tries them,
  :func:`find_static_forcing_chains`; then SE's dynamic level grown as SE grows it,
  :func:`find_dynamic_forcing_chains`; each forcing step the smallest among every one of
  its kind, as SE takes the easiest hint), each step rated by SE's published technique
  ratings, a forcing step by its net's structure (:func:`se_step_rating`: kind, nesting
  depth, and size less SE's offset :data:`SE_LENGTH_OFFSET`, with SE's length
  increments), the path's nested nets together (:func:`se_nested_rating`: SE's nesting
  level, 9.5, 10.5, 11.0..., and the mean size of the contradictions they nest). One
  choice is fitted, that last one, on the odd half of the Players' Forum hardest list;
  SE's other rules were checked on fit lists only. It predicts SE's *ranking* of the
  hardest puzzles, where ``score`` and ``hardest`` saturate (Spearman's rho in
  ``docs/benchmarks/bench_grading.md`` and, for the forum's list and its held-out even
  half, ``docs/benchmarks/bench_rating_lists.md``; the median gap to SE's values is in
  the same files);
- ``effort``, a model of people's solving time after Pelánek (FLAIRS 2011), who finds
  two sources of difficulty, the steps themselves and how they depend on each other:
  the path's singles replayed in the order people scan for them (hidden singles
  first), each costing more when fewer hidden singles are on offer
  (:func:`singles_effort`), plus :data:`WAVE_COST` for each wave of singles
  (:func:`singles_waves`, the depth of their dependency).

A puzzle with no solution raises :class:`~sudoku_cp.errors.NoSolutionError`; a puzzle
with several solutions is *not proper* (its band says so).

>>> easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
>>> g = grade(easy)
>>> g.technique, g.band, g.search_nodes, g.score, g.hardest
('naked single', 'easy', 0, 196, 4)
>>> hard = grade("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
>>> hard.band, hard.score > 10 * g.score, hard.hardest >= 260
('fiendish', True, True)
>>> str(grade("." * 16))
'not proper (several solutions)'
"""

from __future__ import annotations

import functools
import math
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from sudoku_cp.engine.search import BitmaskSearch
from sudoku_cp.errors import NoSolutionError, SolveTimeoutError
from sudoku_cp.io.inputs import PuzzleInput, as_puzzle
from sudoku_cp.reasoning.techniques.board import Board, Deduction, reasoning_deadline, values_of
from sudoku_cp.reasoning.techniques.forcing import find_forcing_chains
from sudoku_cp.reasoning.techniques.nets import Branch, Net, NetNode
from sudoku_cp.reasoning.techniques.table import (
    BAND_NAMES,
    BANDS,
    BY_ID,
    LEVEL_TECHNIQUES,
    LEVELS,
    NET_RATINGS,
    SE_ABSENT,
    SEARCH,
    TECHNIQUES,
    Contradiction,
    Technique,
    TechniqueId,
    apply,
    hardest,
    length_bonus,
    se_knows,
    solving_path,
    step_rating,
)

NOT_PROPER = "not proper"
"""The band of a puzzle with several solutions."""


def _as_se(row: Technique) -> Technique:
    """The row as Sudoku Explainer has it: its steps that SE finds as they are
    (:func:`~sudoku_cp.reasoning.techniques.table.se_knows`); the forcing chain comparing
    every contradiction."""
    if row.id == TechniqueId.FORCING_CHAIN:
        return replace(row, find=functools.partial(find_forcing_chains, choices=0))

    def find(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
        return (d for d in row.find(board, candidates, placed) if se_knows(d))

    return replace(row, find=find)


SE_LENGTH_OFFSET = 2
"""What Sudoku Explainer takes off a forcing step's complexity before its length increment
(:func:`~sudoku_cp.reasoning.techniques.table.length_bonus`): SE's length is the count of
its chains' potentials (every branch's ancestors of its target, nested chains included)
less 2, the supposition and the target; ours is the net's
:attr:`~sudoku_cp.reasoning.techniques.nets.Net.size` less this. SE's own value; on the fit
lists of ``benchmarks/bench_grading.py`` (never its held-out lists) it ranked as well as 0
on the 160 and better on the 8.0+ list (Spearman's rho 0.685 against 0.670 on the 32 first
puzzles measured), so it was kept."""


def se_step_rating(technique: Technique, deduction: Deduction) -> float:
    """A step's rating on Sudoku Explainer's scale, SE's way for a forcing step: the base of
    its net's kind (:data:`~sudoku_cp.reasoning.techniques.table.NET_RATINGS`: a static
    contradiction 7.5, a dynamic one 8.5; a static cell or unit chain :data:`SE_MULTIPLE_BASE`,
    8.0) plus SE's length increment of ``size - SE_LENGTH_OFFSET`` (so it depends on the net's
    structure only, and never decreases as the net grows); a nested net, its
    :func:`se_nested_rating` (SE's nesting level, from 9.5, and the size of its nested
    branches); a step of SE's dynamic level
    (:func:`find_dynamic_forcing_chains`), 8.5 plus the increment of its
    :func:`se_complexity` less the offset, as SE rates it; any other step, its
    :func:`~sudoku_cp.reasoning.techniques.table.step_rating`. Sudoku Explainer (Juillerat,
    ``Chaining.getDifficulty`` and ``ChainingHint.getLengthDifficulty``) rates a chaining
    hint by its rule (multiple chains 8.0, dynamic 8.5, dynamic with nested rules 9.0,
    nested chains 9.5 and half a point per level) plus 0.1 for each of the lengths 4, 6, 8,
    12, 16, 24... its length exceeds.

    >>> from sudoku_cp.reasoning.techniques.nets import Branch, Net, NetNode
    >>> def chain(n):  # a dynamic contradiction of n implications
    ...     nodes = [NetNode("=", 0, 1, "suppose")]
    ...     nodes += [NetNode("<>", i, 1, "peer", because=(0, i - 1)) for i in range(1, n)]
    ...     net = Net("contradiction", (Branch(0, 1, tuple(nodes)),))
    ...     return Deduction("forcing chain", (), ((0, 1),), (0,), (1,), (), (), net=net)
    >>> row = BY_ID[TechniqueId.FORCING_CHAIN]
    >>> [se_step_rating(row, chain(n)) for n in (6, 10, 20, 30)]
    [8.5, 8.7, 9.0, 9.1]
    """
    net = deduction.net
    if net is None or net.kind == "fins":
        return step_rating(technique, deduction)
    if technique.id == DYNAMIC_FORCING_CHAIN:
        return round(NET_RATINGS["net"] + length_bonus(max(se_complexity(net) - SE_LENGTH_OFFSET, 0)), 1)
    if net.depth > 1:
        return se_nested_rating([net])
    dynamic = any(len(n.because) > 1 for b in net.branches for n in b.nodes)
    if dynamic:
        base = NET_RATINGS["net"]
    else:
        base = NET_RATINGS["chain"] if net.kind == "contradiction" else SE_MULTIPLE_BASE
    return round(base + length_bonus(max(net.size - SE_LENGTH_OFFSET, 0)), 1)


SE_MULTIPLE_BASE = 8.0
"""Sudoku Explainer's base rating of a static cell or unit forcing chain (its "multiple
forcing chains": Juillerat, ``Chaining.getDifficulty``), before the length increment."""


def _nested_branches(net: Net) -> list[Branch]:
    """The branches nested in the net's branches (one level down: a deeper one is part of
    the :attr:`~sudoku_cp.reasoning.techniques.nets.Branch.size` of the branch it is nested in)."""
    return [n.nested for b in net.branches for n in b.nodes if n.nested is not None]


def se_nesting_level(net: Net) -> int:
    """Sudoku Explainer's chaining level of a nested net (Juillerat, ``Chaining``: its
    ``level`` says what the inferences nested in its chains may be, and
    ``Chaining.getDifficulty`` rates level ``k >= 2`` at ``9.5 + 0.5 * (k - 2)``): 2 ("nested
    forcing chains", 9.5) when the net nests one level deep and every nested branch is a
    chain (each implication from one other: SE's forcing chains inside); 4 ("nested dynamic
    forcing chains", 10.5) when a nested branch is a net (a node needing several others: SE's
    dynamic forcing chains inside); one more for each further level of nesting (SE's level
    5, 11.0, nests dynamic chains that nest in turn). A net that does not nest: 0.

    >>> from sudoku_cp.reasoning.techniques.nets import Branch, Net, NetNode
    >>> inner = Branch(9, 1, (NetNode("=", 9, 1, "suppose"), NetNode("<>", 10, 1, "peer", because=(0,))))
    >>> nest = NetNode("<>", 9, 1, "nested", because=(0,), nested=inner)
    >>> se_nesting_level(Net("contradiction", (Branch(0, 1, (NetNode("=", 0, 1, "suppose"), nest)),)))
    2
    """
    if net.depth < 2:
        return 0
    static = net.depth == 2 and all(len(n.because) <= 1 for b in _nested_branches(net) for n in b.nodes)
    return 2 if static else 4 + net.depth - 2


def se_nested_rating(nets: list[Net]) -> float:
    """The rating on Sudoku Explainer's scale of the nested nets of a rating path, taken
    together: the base of SE's deepest :func:`se_nesting_level` among them (9.5 plus half a
    point per level above 2: 9.5, 10.5, 11.0, ...) plus SE's length increment
    (:func:`~sudoku_cp.reasoning.techniques.table.length_bonus`) of the mean
    :attr:`~sudoku_cp.reasoning.techniques.nets.Branch.size` of the branches nested in them,
    rounded, less :data:`SE_LENGTH_OFFSET`. So a nested net rates by its depth and the
    size of what it nests, and never less when it nests deeper or its nested branches grow.

    Sudoku Explainer's length of a nested hint is the sum of its own chains and of the
    chains nested in them (``ChainingHint.getNestedComplexity``), at the easiest hint of the
    state. Our nested nets are explain's
    (:func:`~sudoku_cp.reasoning.techniques.forcing.find_nested_forcing_nets`: where the
    solution says to look, the smaller of two nets, one nested contradiction at a time), not
    SE's easiest, so the whole size of the largest says as much about that search as about
    the puzzle; the contradictions they nest, averaged over the path, say how long the
    puzzle's refutations inside a branch are. This is the one fitted choice of the rating,
    made on the odd half of the Players' Forum hardest list (the 135 puzzles in odd rated
    positions of ``HardestDatabase110626.txt``, ``benchmarks/bench_rating_lists.py``; its
    even half held out), among the largest, median or mean step and the sizes (whole,
    outer, nested) of the path's nested nets: Spearman's rho against SE's rating 0.30 with
    each nested step rated by its whole size, the largest counting (the rule before), 0.56
    with this one (the mean within each step, the largest step counting: 0.44; the
    increment of two or more times the mean: 0.53 and less). On the even half, held out:
    0.26 before, 0.45 with this rule (the whole list: 0.28 and 0.51). The base is SE's, not
    fitted (10.5 for the nets ``explain`` finds, which nest dynamic contradictions): the
    median of our rating less SE's is 0.0 on either half. The length increment is SE's
    staircase, so our ratings of that list take 4 values (11.0 to 11.3; SE's, 20 from 9.7
    to 11.9): the rule ranks the nested puzzles in a few coarse groups.

    >>> from sudoku_cp.reasoning.techniques.nets import Branch, Net, NetNode
    >>> def nested(size):  # a dynamic contradiction of size nodes, nested in a net
    ...     nodes = [NetNode("=", 9, 1, "suppose")]
    ...     nodes += [NetNode("<>", 9 + i, 1, "peer", because=(0, i - 1)) for i in range(1, size)]
    ...     inner = Branch(9, 1, tuple(nodes))
    ...     nest = NetNode("<>", 9, 1, "nested", because=(0,), nested=inner)
    ...     return Net("contradiction", (Branch(0, 1, (NetNode("=", 0, 1, "suppose"), nest)),))
    >>> [se_nested_rating(nets) for nets in ([nested(6)], [nested(20)], [nested(6), nested(30)])]
    [10.5, 11.0, 10.9]

    Raises:
        ValueError: no net, or a net that nests nothing.
    """
    sizes = [b.size for net in nets for b in _nested_branches(net)]
    if not sizes:
        raise ValueError("se_nested_rating needs nets that nest a branch")
    level = max(se_nesting_level(net) for net in nets)
    base = NET_RATINGS["nested"] + 0.5 * (level - 2)
    return round(base + length_bonus(max(round(sum(sizes) / len(sizes)) - SE_LENGTH_OFFSET, 0)), 1)


def _bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class _StaticLinks:
    """The single-premise implications between the candidates of one state, as Sudoku
    Explainer's static chains use them: a candidate true makes the other candidates of its
    cell and the same value in its peers false; a candidate false makes the other candidate
    of a cell with two true, and the other place of its value in a unit with two places.

    A candidate is the literal ``cell * width + value - 1``; :meth:`reach` is the breadth-first
    closure from one supposed true, layer by layer (so each literal at its shortest chain).
    """

    def __init__(self, board: Board, candidates: list[int], placed: set[int]) -> None:
        self.board, self.candidates, self.placed = board, candidates, placed
        self.width = max(board.side, max(candidates).bit_length())
        self.open_cells = [c for c, m in enumerate(candidates) if c not in placed and m & (m - 1)]
        self.places = {  # (unit index, value) -> the unplaced cells holding it
            (u, v): [c for c in unit.cells if c not in placed and candidates[c] >> (v - 1) & 1]
            for u, unit in enumerate(board.units)
            for v in range(1, self.width + 1)
        }
        units_of: dict[int, list[int]] = {}
        for u, unit in enumerate(board.units):
            for cell in unit.cells:
                units_of.setdefault(cell, []).append(u)
        self.on_off: dict[int, int] = {}  # literal -> the literals it makes false, as bits
        self.off_on: dict[int, int] = {}  # literal -> the literals it makes true, as bits
        for cell in self.open_cells:
            values = values_of(candidates[cell])
            for v in values:
                off = sum(1 << self.literal(cell, w) for w in values if w != v)
                for peer in board.model.peers[cell]:
                    if peer not in placed and candidates[peer] >> (v - 1) & 1:
                        off |= 1 << self.literal(peer, v)
                on = 0
                if len(values) == 2:
                    on |= 1 << self.literal(cell, values[0] + values[1] - v)
                for u in units_of.get(cell, ()):
                    two = self.places[u, v]
                    if len(two) == 2:
                        on |= 1 << self.literal(two[0] + two[1] - cell, v)
                self.on_off[self.literal(cell, v)] = off
                self.off_on[self.literal(cell, v)] = on
        self._reach: dict[int, tuple[int, int, list[tuple[int, int]]]] = {}

    def literal(self, cell: int, value: int) -> int:
        return cell * self.width + value - 1

    def reach(self, root: int) -> tuple[int, int, list[tuple[int, int]]]:
        """``(true, false, layers)``: the literals supposing ``root`` true makes true and
        false, as bits, and per chain length (0: the root) the ``(true, false)`` bits first
        reached there."""
        if root not in self._reach:
            self.board.check_deadline()
            on, off = 1 << root, 0
            layers = [(on, 0)]
            new_on, new_off = on, 0
            while new_on or new_off:
                next_off = next_on = 0
                for i in _bits(new_on):
                    next_off |= self.on_off.get(i, 0)
                for i in _bits(new_off):
                    next_on |= self.off_on.get(i, 0)
                new_on, new_off = next_on & ~on, next_off & ~off
                on, off = on | new_on, off | new_off
                if new_on or new_off:
                    layers.append((new_on, new_off))
            self._reach[root] = (on, off, layers)
        return self._reach[root]

    def _unit(self, a: int, b: int, value: int, hidden: bool):
        """The constraint linking cells ``a`` and ``b``: for a hidden single a unit where
        ``value`` has just those two places, else an AllDifferent holding both."""
        if hidden:
            return next(
                unit
                for u, unit in enumerate(self.board.units)
                if sorted(self.places[u, value]) == sorted((a, b))
            )
        board = self.board
        return next(board.alldifferents[i] for i in board.containing[a] if b in board.alldifferents[i].cells)

    def length(self, root: int, target: int, true: bool) -> int:
        """The potentials of the shortest chain from ``root`` to ``target`` (both counted)."""
        side = 0 if true else 1
        return next(d for d, layer in enumerate(self.reach(root)[2]) if layer[side] >> target & 1) + 1

    def branch(self, root: int, target: int, true: bool) -> Branch:
        """The chain from ``root`` to ``target`` as a :class:`Branch` (one premise a node)."""
        on_parent: dict[int, int] = {root: -1}
        off_parent: dict[int, int] = {}
        frontier = [(root, True)]
        while (target, true) not in {(i, t) for i, t in frontier} and frontier:
            step = []
            for i, t in frontier:
                for j in _bits((self.on_off if t else self.off_on).get(i, 0)):
                    seen = off_parent if t else on_parent
                    if j not in seen:
                        seen[j] = i
                        step.append((j, not t))
            frontier = step
        chain = [(target, true)]
        while chain[-1] != (root, True):
            i, t = chain[-1]
            chain.append(((on_parent if t else off_parent)[i], not t))
        chain.reverse()
        nodes = []
        for index, (i, t) in enumerate(chain):
            cell, value = divmod(i, self.width)
            if index == 0:
                nodes.append(NetNode("=", cell, value + 1, "suppose"))
                continue
            before = chain[index - 1][0] // self.width
            unit = None if before == cell else self._unit(before, cell, value + 1, t)
            if t:
                rule = "naked single" if before == cell else "hidden single"
            else:
                rule = "placed" if before == cell else "peer"
            nodes.append(NetNode("=" if t else "<>", cell, value + 1, rule, unit, (index - 1,)))
        return Branch(nodes[0].cell, nodes[0].value, tuple(nodes))


def find_static_forcing_chains(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Sudoku Explainer's static multiple forcing chains ("cell forcing chains" and "region
    forcing chains", rated 8.0 plus the length increment): whichever candidate a cell of
    three or more takes, or wherever a value goes in a unit (whose first place is such a
    cell), the same candidate is true (or false), each branch a chain of single-premise
    implications on the candidates of this state (:class:`_StaticLinks`: no node needs two
    others, so no dynamic net). Yields the one whose branches are shortest in all (SE's
    complexity: the potentials of every branch's chain to the target), with its net, or
    nothing. Juillerat, Sudoku Explainer: ``Chaining`` with multiple chains and neither
    dynamic nor Nishio; SE tries it before its dynamic forcing chains (8.5)."""
    links = _StaticLinks(board, candidates, placed)
    groups: list[tuple[str, list[int], object]] = [
        ("cell", [links.literal(c, v) for v in values_of(candidates[c])], None)
        for c in links.open_cells
        if candidates[c].bit_count() >= 3
    ]
    for (u, v), cells in links.places.items():
        if len(cells) >= 2 and candidates[cells[0]].bit_count() >= 3:
            groups.append(("unit", [links.literal(c, v) for c in cells], board.units[u]))
    best: tuple[int, str, list[int], object, int, bool] | None = None
    for kind, roots, unit in groups:
        common_on = common_off = -1
        for root in roots:
            on, off, _ = links.reach(root)
            common_on &= on
            common_off &= off
            if not common_on and not common_off:
                break
        for bits, true in ((common_on, True), (common_off, False)):
            for target in _bits(max(bits, 0)):
                if true and candidates[target // links.width].bit_count() < 2:
                    continue  # nothing to remove
                size = sum(links.length(root, target, true) for root in roots)
                if best is None or size < best[0]:
                    best = (size, kind, roots, unit, target, true)
    if best is None:
        return
    _, kind, roots, unit, target, true = best
    cell, value = divmod(target, links.width)
    others = values_of(candidates[cell] & ~(1 << value)) if true else (value + 1,)
    net = Net(kind, tuple(links.branch(root, target, true) for root in roots), unit)
    yield Deduction(
        f"static forcing chain ({kind})",
        (),
        tuple((cell, w) for w in others),
        tuple(sorted({r // links.width for r in roots})),
        tuple(sorted({r % links.width + 1 for r in roots})),
        tuple((r // links.width, r % links.width + 1) for r in roots),
        (),
        net=net,
    )


def _closure(start, premises: Callable) -> set:
    """``start`` and everything it derives from: ``premises(x)``, the premises of ``x``."""
    seen: set = set()
    stack = [start]
    while stack:
        x = stack.pop()
        if x not in seen:
            seen.add(x)
            stack.extend(premises(x))
    return seen


_Potential = tuple[int, int, bool]
"""A candidate on or off, as Sudoku Explainer's chains have it: ``(cell, value, on)``."""


class _Growth:
    """What one supposition leads to by :class:`_DynamicChains`: each potential reached with
    the parents and the rule of its first derivation, in the order reached, and the
    conflict it ends in (``(on, off)``, the same candidate both ways) or ``None``."""

    def __init__(self, root: _Potential) -> None:
        self.root = root
        self.parents: dict[_Potential, tuple[_Potential, ...]] = {root: ()}
        self.rules: dict[_Potential, tuple[str, object]] = {root: ("suppose", None)}
        self.end: tuple[_Potential, _Potential] | None = None
        self._sizes: dict[_Potential, int] = {}

    def ancestors(self, potential: _Potential) -> set[_Potential]:
        """The potential and every potential it derives from."""
        return _closure(potential, self.parents.__getitem__)

    def size(self, potential: _Potential) -> int:
        """How many potentials :meth:`ancestors` holds (SE's ``getAncestorCount``)."""
        if potential not in self._sizes:
            self._sizes[potential] = len(self.ancestors(potential))
        return self._sizes[potential]

    def branch(self, targets: tuple[_Potential, ...], end: bool = False) -> Branch:
        """The ancestors of ``targets`` as a :class:`Branch`, in the order reached; with
        ``end``, a last node (kind ``"no candidate"``) whose premises are the two targets,
        a conflict's on and off."""
        order = {p: i for i, p in enumerate(self.parents)}
        kept = sorted(set().union(*(self.ancestors(t) for t in targets)), key=order.__getitem__)
        index = {p: i for i, p in enumerate(kept)}
        nodes = [
            NetNode("=" if p[2] else "<>", *p[:2], *self.rules[p], tuple(index[q] for q in self.parents[p]))
            for p in kept
        ]
        if end:
            on = targets[0]
            nodes.append(
                NetNode("no candidate", on[0], on[1], "no candidate", None, tuple(index[t] for t in targets))
            )
        return Branch(self.root[0], self.root[1], tuple(nodes))


class _DynamicChains:
    """Sudoku Explainer's dynamic chaining from one supposition, as SE grows it (Juillerat,
    ``Chaining.doChaining`` with ``isDynamic``): breadth first, every pending "on" before the
    next "off"; a candidate on makes the other candidates of its cell and its value in its
    peers off; a candidate off, once applied to the grid, makes on the last candidate of its
    cell or the last place of its value in a unit, its parents being that off and every
    earlier off of the cell (of the value in the unit). It stops when a candidate is both on
    and off. Each potential keeps the parents of its first derivation, so SE's complexity
    is the count of a target's ancestors (``ChainingHint.getAncestorCount``)."""

    def __init__(self, board: Board, candidates: list[int]) -> None:
        self.board, self.candidates = board, candidates
        self.peers = board.model.peers
        self.unit_cells = [unit.cells for unit in board.units]
        units_of: list[list[int]] = [[] for _ in candidates]
        for u, cells in enumerate(self.unit_cells):
            for cell in cells:
                units_of[cell].append(u)
        self.units_of = units_of
        self.side = side = board.side
        # per unit and value (u * side + value - 1), how many of its cells hold the value
        self.places = [
            sum(1 for c in cells if candidates[c] >> v & 1) for cells in self.unit_cells for v in range(side)
        ]

    def grow(self, root: _Potential) -> _Growth:
        """The :class:`_Growth` of supposing ``root`` (a candidate on or off)."""
        start, grown = self.candidates, _Growth(root)
        parents, rules = grown.parents, grown.rules
        grid, places, side = list(start), self.places.copy(), self.side
        pending_on, pending_off = (deque([root]), deque()) if root[2] else (deque(), deque([root]))
        while pending_on or pending_off:
            if pending_on:
                p = pending_on.popleft()
                c, v, _ = p
                bit = 1 << (v - 1)
                made = [((c, w, False), "placed") for w in values_of(grid[c]) if w != v]
                made += [((q, v, False), "peer") for q in self.peers[c] if grid[q] & bit]
                for q, rule in made:
                    if q not in parents:
                        parents[q], rules[q] = (p,), (rule, None)
                        if (q[0], q[1], True) in parents:
                            grown.end = ((q[0], q[1], True), q)
                            return grown
                        pending_off.append(q)
                continue
            p = pending_off.popleft()
            c, v, _ = p
            bit = 1 << (v - 1)
            made = []
            if grid[c].bit_count() == 2:
                hidden = tuple((c, x, False) for x in values_of(start[c] & ~grid[c]))
                made.append(((c, (grid[c] & ~bit).bit_length(), True), (p, *hidden), "naked single", None))
            for u in self.units_of[c]:
                places[u * side + v - 1] -= 1
                if places[u * side + v - 1] == 1:  # one place left besides this cell
                    cells = self.unit_cells[u]
                    other = next(x for x in cells if x != c and grid[x] & bit)
                    hidden = tuple((x, v, False) for x in cells if start[x] & bit and not grid[x] & bit)
                    made.append(((other, v, True), (p, *hidden), "hidden single", self.board.units[u]))
            grid[c] &= ~bit
            for q, because, rule, unit in made:
                if q not in parents:
                    parents[q], rules[q] = because, (rule, unit)
                    if (q[0], q[1], False) in parents:
                        grown.end = (q, (q[0], q[1], False))
                        return grown
                    pending_on.append(q)
        return grown


def se_complexity(net: Net) -> int:
    """Sudoku Explainer's complexity of a step of the rating path's dynamic level
    (:func:`find_dynamic_forcing_chains`): for a contradiction, the ancestors of the
    conflict's "on" plus those of its "off" (the two premises of the branch's last node,
    the nodes both share counted twice, as ``BinaryChainingHint.getFlatComplexity``);
    otherwise the ancestors of the target in each branch, summed (the net's size)."""
    if net.kind != "contradiction":
        return net.size
    nodes = net.branches[0].nodes
    return sum(len(_closure(i, lambda j: nodes[j].because)) for i in nodes[-1].because)


def _worth(candidates: list[int], placed: set[int], target: _Potential) -> bool:
    """Whether concluding ``target`` changes the candidates: an off that is still a
    candidate, an on in a cell not yet placed (its other candidates go)."""
    cell, value, on = target
    if on:
        return cell not in placed and candidates[cell] & (candidates[cell] - 1) != 0
    return bool(candidates[cell] >> (value - 1) & 1)


def _conclusion(board: Board, candidates: list[int], target: _Potential) -> tuple[tuple, tuple]:
    """``(placements, eliminations)`` of concluding ``target``: a placement removes the
    cell's other candidates and its value from the cell's peers, as a single's step does
    (the path marks the cell placed, and the finders after it read a placed cell's value
    as gone from its peers: a unit's places of that value left in them would be wrong)."""
    cell, value, on = target
    if on:
        bit = 1 << (value - 1)
        others = tuple((cell, w) for w in values_of(candidates[cell]) if w != value)
        peers = tuple((p, value) for p in board.model.peers[cell] if candidates[p] & bit)
        return ((cell, value),), others + peers
    return (), ((cell, value),)


def _draw(sides, target: _Potential) -> list[Branch]:
    """Each side's branch to ``target``."""
    return [side.branch((target,)) for side in sides]


def find_dynamic_forcing_chains(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Sudoku Explainer's dynamic forcing chains (8.5 plus the length increment), SE's whole
    level, each supposition grown as SE grows it (:class:`_DynamicChains`): a candidate whose
    supposition on (off) ends in a conflict is off (on); a conclusion that follows both from
    a candidate on and off (in a cell of three or more candidates), from every candidate of a
    cell, or from every place of a value in a unit holds. Yields the one of least SE
    complexity (:func:`se_complexity`), as SE takes the easiest hint, with its net (the
    rating path's: never printed), or nothing. Nothing on a board with variant constraints
    (cages, sums, lines...) or units that are not houses: SE's chaining knows houses only.
    Juillerat, Sudoku Explainer: ``Chaining`` with ``isDynamic`` (``doBinaryChaining``,
    ``getMultipleChainsHintListForCell``, ``doRegionChainings``)."""
    model = board.model
    if (
        board.others
        or model.value_count != board.side
        or any(len(u.cells) != board.side for u in board.units)
    ):
        return  # a unit must hold every value (hidden singles)
    chains = _DynamicChains(board, candidates)
    best: tuple[int, Callable[[], Deduction]] | None = None

    def offer(size: int, make: Callable[[], Deduction]) -> None:
        nonlocal best
        if best is None or size < best[0]:
            best = (size, make)

    def step(
        kind: str, target: _Potential, draw: Callable[[], list[Branch]], unit=None
    ) -> Callable[[], Deduction]:
        def make() -> Deduction:  # built for the easiest only
            branches = draw()
            placements, eliminations = _conclusion(board, candidates, target)
            roots = tuple((b.cell, b.value) for b in branches)
            return Deduction(
                f"dynamic forcing chain ({kind})",
                placements,
                eliminations,
                tuple(sorted({c for c, _ in roots})),
                tuple(sorted({v for _, v in roots})),
                roots,
                (),
                net=Net(kind, tuple(branches), unit),
            )

        return make

    grown: dict[tuple[int, int], _Growth] = {}
    for cell, mask in enumerate(candidates):
        if cell in placed or not mask & (mask - 1):
            continue
        board.check_deadline()
        for value in values_of(mask):
            on, off = chains.grow((cell, value, True)), chains.grow((cell, value, False))
            grown[cell, value] = on
            for side in (on, off):
                if side.end is not None:
                    size = side.size(side.end[0]) + side.size(side.end[1])
                    target = (cell, value, not side.root[2])
                    offer(
                        size,
                        step("contradiction", target, lambda side=side: [side.branch(side.end, end=True)]),
                    )
            if mask.bit_count() >= 3 and on.end is None and off.end is None:
                for p in on.parents.keys() & off.parents.keys():
                    if p[:2] != (cell, value) and _worth(candidates, placed, p):
                        draw = functools.partial(_draw, (on, off), p)
                        offer(on.size(p) + off.size(p), step("cell", p, draw))
    groups: list[tuple[str, list[tuple[int, int]], object]] = [
        ("cell", [(c, v) for v in values_of(candidates[c])], None)
        for c in range(len(candidates))
        if c not in placed and candidates[c] & (candidates[c] - 1)
    ]
    for u, cells in enumerate(chains.unit_cells):
        for value in range(1, board.side + 1):
            places = [c for c in cells if c not in placed and candidates[c] >> (value - 1) & 1]
            if len(places) >= 2:
                groups.append(("unit", [(c, value) for c in places], board.units[u]))
    for kind, roots, unit in groups:
        sides = [grown[r] for r in roots if (r[0], r[1]) in grown]
        if len(sides) != len(roots):
            continue
        common = set(sides[0].parents)
        for side in sides[1:]:
            common &= side.parents.keys()
        for p in common:
            if (p[0], p[1]) not in roots and _worth(candidates, placed, p):
                draw = functools.partial(_draw, sides, p)
                offer(sum(side.size(p) for side in sides), step(kind, p, draw, unit))
    if best is not None:
        yield best[1]()


DYNAMIC_FORCING_CHAIN = "dynamic-forcing-chain"
"""The id of the rating path's row of :func:`find_dynamic_forcing_chains`, in place of the
forcing chain (a row built here, not in the table: ``explain`` never takes it)."""


STATIC_FORCING_CHAIN = "static-forcing-chain"
"""The id of the rating path's row of :func:`find_static_forcing_chains`, just before its
forcing chain (a row built here, not in the table: ``explain`` never takes it)."""


def _rating_rows() -> Iterator[Technique]:
    for row in TECHNIQUES:
        if row.id in SE_ABSENT:
            continue
        if row.id == TechniqueId.FORCING_CHAIN:
            yield replace(
                row, id=STATIC_FORCING_CHAIN, name="Static Forcing Chain", find=find_static_forcing_chains
            )
            yield replace(row, id=DYNAMIC_FORCING_CHAIN, find=find_dynamic_forcing_chains)
        yield _as_se(row)


RATING_TECHNIQUES: tuple[Technique, ...] = tuple(_rating_rows())
"""The rows of the path :attr:`Grade.rating` is read from, Sudoku Explainer's way: the table
without the rows SE has no technique for (:data:`~sudoku_cp.reasoning.techniques.table.SE_ABSENT`:
ALS, Sue de Coq, Kraken fish), each row keeping the steps SE finds as they are (no chain
with a group or ALS node), so that the path reaches for a forcing step where SE does; before
the forcing chain, SE's static cell and unit forcing chains (:func:`find_static_forcing_chains`,
8.0 and up, which SE tries before its dynamic chains, 8.5 and up); then SE's whole dynamic
level on a classic board (:func:`find_dynamic_forcing_chains`: contradictions supposing a
candidate on or off, double implications, cell and unit chains, each supposition grown as SE
grows it, the step the one of least SE complexity, as SE takes the easiest hint); then the
forcing chain (on a variant board, or where the dynamic level finds nothing), which compares
every contradiction, not the first few, its step the smallest net (``explain`` compares
:data:`~sudoku_cp.reasoning.techniques.forcing.NET_CHOICES`, to stay quick)."""

_RATING_DIFFERS = frozenset(SE_ABSENT) | {TechniqueId.FORCING_CHAIN, TechniqueId.NESTED_FORCING_NET}
"""The rows whose use on the solving path makes the rating path differ from it (as does a
step SE does not know, :func:`~sudoku_cp.reasoning.techniques.table.se_knows`)."""


def se_rating(
    board: Board,
    candidates: list[int],
    placed: set[int],
    rate: Callable[[Technique, Deduction], float] | None = None,
) -> float:
    """The hardest-puzzle rating of :attr:`Grade.rating` from this state: the largest
    step rating of the path of :data:`RATING_TECHNIQUES`, its nested nets rated together
    (:func:`se_nested_rating`: SE's nesting level and the mean size of what they nest, the
    one rule fitted, on the odd half of the Players' Forum hardest list); 10.0 at least when
    that path stalls. Works on copies of ``candidates`` and ``placed``. Each step is rated by
    ``rate`` (``None``: :func:`se_step_rating`, the nested nets together; ``benchmarks/bench_grading.py``
    passes :func:`~sudoku_cp.reasoning.techniques.table.step_rating`, the rule before SE's length
    offset, to compare the two in one run: then every step by ``rate``).

    Sudoku Explainer (Juillerat; the Sukaku Explainer ratings of the Sudoku Exchange bank)
    rates a puzzle by the hardest step of a path that takes, at each point, the easiest
    step it knows; a forcing step rates by its kind, its nesting depth and its size
    (:data:`~sudoku_cp.reasoning.techniques.table.NET_RATINGS` plus
    :func:`~sudoku_cp.reasoning.techniques.table.length_bonus`), so this path is the one whose
    steps SE's scale fits.

    Raises:
        Contradiction: the candidates cannot be completed.
    """
    candidates, placed = candidates[:], set(placed)
    rating = 0.0
    nested: list[Net] = []
    for technique, deduction in solving_path(board, candidates, placed, RATING_TECHNIQUES):
        if rate is None and deduction.net is not None and deduction.net.depth > 1:
            nested.append(deduction.net)  # rated together, below
            continue
        rating = max(rating, (rate or se_step_rating)(technique, deduction))
    if nested:
        rating = max(rating, se_nested_rating(nested))
    return round(rating if len(placed) == len(candidates) else max(rating, 10.0), 2)


def propagate(
    board: Board, candidates: list[int], placed: set[int], strongest: int = len(LEVEL_TECHNIQUES) - 1
) -> Iterator[tuple[int, Deduction]]:
    """Simonis' level propagation: apply the levels up to ``strongest`` (an index of
    :data:`LEVELS`), weakest first, until none deduces anything.

    Each step applies every deduction the weakest productive level finds in one sweep
    over the candidates as they were before the step (so each deduction is sound on its
    own), then starts again from the weakest. Yields ``(level, deduction)`` in the order
    applied; ``candidates`` and ``placed`` (the cells placed so far) change in place.
    The levels are those of the table (:data:`LEVEL_TECHNIQUES`); a row resting on
    uniqueness runs only once ``board.proper`` proves the puzzle proper. :func:`grade` uses the
    solving path instead, which ``explain`` shows; this is the cross-check that a grade
    is the weakest level whose propagation solves the puzzle.

    Raises:
        Contradiction: the candidates cannot be completed.
    """
    while True:
        for level, techniques in enumerate(LEVEL_TECHNIQUES[: strongest + 1]):
            allowed = [t for t in techniques if not t.needs_unique or board.proper]
            found = [d for t in allowed for d in t.find(board, candidates[:], set(placed))]
            productive = False
            for deduction in found:
                if any(candidates[c] >> (v - 1) & 1 for c, v in deduction.eliminations) or any(
                    c not in placed for c, _ in deduction.placements
                ):
                    apply(candidates, placed, deduction)
                    productive = True
                    yield level, deduction
            if productive:
                break
        else:
            return


@dataclass(frozen=True, order=True)
class Grade:
    """A puzzle's grade; grades compare by ``level``, then ``search_nodes``, then ``score``
    (then ``hardest``): the band first, then the numeric score within it.

    Attributes:
        level: the index in :data:`LEVELS` of the hardest technique's level (the last,
            ``"search"``: the solving path stalls, or the puzzle is not proper).
        search_nodes: for ``"search"``, the nodes the backtracker (:class:`BitmaskSearch`:
            singles and the variant's propagators, most constrained cell first) needs to
            solve the puzzle and prove it unique (or find a second solution); 0 below.
        score: the sum of the step costs of the solving path (each step costs its table
            row's :attr:`~sudoku_cp.reasoning.techniques.Technique.cost`), as HoDoKu scores a
            puzzle: a long path of simple steps can outweigh one hard step, and puzzles
            of one band are ranked by it. An int, in HoDoKu's points.
        hardest: the largest step cost of the path (0 for none), as Sudoku Explainer
            rates a puzzle by its hardest step.
        effort: a model of the time people take: the score with each single costed
            by how few hidden singles there were to choose from, the path's singles
            replayed in the order people scan for them (:func:`singles_effort`); other
            steps cost their row's cost; plus :data:`WAVE_COST` times ``waves``.
            Rounded to an int, in HoDoKu's points.
        steps: how many steps of each technique the solving path took, by name.
        technique: the name of the hardest technique of the path (a row of
            :data:`~sudoku_cp.reasoning.techniques.TECHNIQUES`), or ``"search"``; by default the
            first technique of the level.
        proper: False when the puzzle has several solutions.
        waves: how many waves of singles the path takes (:func:`singles_waves`, summed
            over its runs of singles): the depth of the dependency among its singles.
        rating: the hardest-puzzle rating, on Sudoku Explainer's scale (1.0 to about 12):
            the largest :func:`~sudoku_cp.reasoning.techniques.table.step_rating` of the path
            (for a path that needs a row SE has not, or a forcing step, the path of
            :func:`se_rating`, with SE's static forcing chains before dynamic nets), its
            forcing steps rated by their nets (a chain 7.5, a static cell or unit chain 8.0,
            a net 8.5, plus SE's length increments; the nested nets of the path together
            by :func:`se_nested_rating`: SE's nesting level, 9.5 for nested chains, 10.5
            for nested nets, half a point per further level, plus the length increment
            of the mean size of what they nest), a search-backed step 10.0 or more (a
            path that stalls: 10.0). It predicts SE's rating (its hardest step), rank for
            rank, where ``score`` and ``hardest`` saturate: on the hardest puzzles, every
            path needs a forcing step. How the nested nets count is the one choice
            fitted, on the odd half of the Players' Forum hardest list (SE rates it 9.7
            to 11.9); measured on its even half, held out, and on SE-rated lists never
            fitted on (``docs/benchmarks/bench_rating_lists.md``,
            ``docs/benchmarks/bench_grading.md``).
    """

    level: int
    search_nodes: int = 0
    score: int = 0
    hardest: int = 0
    effort: int = field(default=0, compare=False)
    steps: dict[str, int] = field(default_factory=dict, compare=False)
    technique: str = field(default="", compare=False)
    proper: bool = field(default=True, compare=False)
    waves: int = field(default=0, compare=False)
    rating: float = field(default=0.0, compare=False)

    def __post_init__(self) -> None:
        if not self.technique:
            name = LEVELS[self.level]
            default = SEARCH if name == SEARCH else next(t.name for t in TECHNIQUES if t.level == name)
            object.__setattr__(self, "technique", default)

    @property
    def level_name(self) -> str:
        """The level's name (:data:`LEVELS`): ``"hidden singles"``, ``"fish"``, ``"search"``...
        (a plain ``str``, the :class:`~sudoku_cp.reasoning.techniques.Level`'s value)."""
        return LEVELS[self.level].value

    @property
    def band(self) -> str:
        """The human-facing band (:data:`BAND_NAMES`), or ``"not proper"`` for a puzzle
        with several solutions (a plain ``str``, the
        :class:`~sudoku_cp.reasoning.techniques.Band`'s value)."""
        return BANDS[self.level_name].value if self.proper else NOT_PROPER

    def __str__(self) -> str:
        if not self.proper:
            return f"{NOT_PROPER} (several solutions)"
        effort = f", {self.search_nodes} search nodes" if self.level_name == SEARCH else ""
        return f"{self.band} ({self.technique}{effort}, score {self.score}, rating {self.rating:.1f})"


SINGLES = frozenset({TechniqueId.NAKED_SINGLE, TechniqueId.HIDDEN_SINGLE})
"""The ids of the rows whose cost :func:`step_effort` scales by scarcity."""


def _one_place_left(cells: tuple[int, ...], candidates: list[int], placed: set[int]) -> int:
    """The value bits that have exactly one place left among a unit's unplaced cells."""
    once = more = 0
    for cell in cells:
        if cell not in placed:
            more |= once & candidates[cell]
            once |= candidates[cell]
    return once & ~more


def hidden_singles_offered(board: Board, candidates: list[int], placed: set[int]) -> dict[int, int]:
    """The placements hidden singles offer, as ``{cell: value bit}``, in the order the
    finder :func:`~sudoku_cp.reasoning.techniques.hidden_singles` meets them (units in order, then
    values ascending): each ``value`` that has one place left, ``cell``, in some unit of
    ``board``. Bit operations only (no :class:`Deduction` built)."""
    found: dict[int, int] = {}
    for unit in board.units:
        once = _one_place_left(unit.cells, candidates, placed)
        while once:
            bit = once & -once
            once &= once - 1
            for cell in unit.cells:
                if candidates[cell] & bit and cell not in placed:
                    found.setdefault(cell, bit)
                    break
    return found


def _place(board: Board, candidates: list[int], placed: set[int], cell: int, bit: int) -> None:
    """Place a single as :func:`apply` places its deduction: the cell keeps ``bit``, its
    peers lose it.

    Raises:
        Contradiction: a peer is left with no value.
    """
    candidates[cell] = bit
    placed.add(cell)
    for peer in board.model.peers[cell]:
        if candidates[peer] & bit:
            candidates[peer] &= ~bit
            if not candidates[peer]:
                raise Contradiction("a single left a cell with no value")


def _naked_singles(candidates: list[int], placed: set[int]) -> dict[int, int]:
    """``{cell: value bit}`` of the cells left with one candidate, not yet placed, in order."""
    return {c: m for c, m in enumerate(candidates) if c not in placed and m and not m & (m - 1)}


def step_effort(technique: Technique, choices: int, cells: int) -> float:
    """A step's share of :attr:`Grade.effort`: its row's cost, except that a single (naked
    or hidden) costs a hidden single's cost times ``ln(cells / choices) / ln(cells)``,
    where ``choices`` is the number of hidden singles on offer before the step
    (:func:`hidden_singles_offered`; at least 1/2) and ``cells`` the grid's cell count:
    a single is quick to find among many and slow when it is the only one. This follows
    Pelánek's computational model of human solving ("Difficulty rating of Sudoku puzzles
    by a computational model", FLAIRS 2011; and "Difficulty rating of Sudoku puzzles: an
    overview and evaluation", arXiv 1403.7373): the time of a step grows as the steps
    available at that point shrink, and people scan for hidden singles first (Sudoku
    Explainer rates a hidden single 1.2-1.5, a naked single 2.3), so one single is not
    cheaper than another.

    >>> from sudoku_cp.reasoning.techniques import BY_ID
    >>> single = BY_ID["naked-single"]
    >>> round(step_effort(single, 1, 81), 1), round(step_effort(single, 9, 81), 1)
    (14.0, 7.0)
    >>> step_effort(BY_ID["x-wing"], 0, 81) == BY_ID["x-wing"].cost
    True
    """
    if technique.id not in SINGLES:
        return technique.cost
    return BY_ID[TechniqueId.HIDDEN_SINGLE].cost * math.log(cells / max(choices, 0.5)) / math.log(cells)


SCANNING_ORDER: tuple[Technique, ...] = (BY_ID[TechniqueId.HIDDEN_SINGLE], BY_ID[TechniqueId.NAKED_SINGLE])
"""The order in which people look for singles (Pelánek 2011): a hidden single by
cross-hatching a unit, and a naked single only when no hidden single is left."""


WAVE_COST = 34
"""The cost of one wave of singles in :attr:`Grade.effort`, in HoDoKu's points: the one
parameter of the effort fitted to human data, on the even rows of the Cloud Sudoku data
set (172 puzzles; the best of 0, 2, ..., 100 for Spearman's rho against solving times);
``benchmarks/bench_grading.py`` repeats the fit and reports the odd rows, held out. The
optimum is flat (14 to 40 give within 0.01 of it)."""


def singles_waves(board: Board, candidates: list[int], placed: set[int]) -> int:
    """How many waves of singles solve as far as singles go from this state: each wave
    places every single (hidden or naked) on offer at its start, all at once, and the
    next wave looks again. The count is the depth of the dependency among the singles:
    Pelánek (2011) finds that how steps depend on each other is, besides the steps
    themselves, the second source of difficulty for people (a puzzle whose singles
    open up one at a time takes longer than one that offers many at each look).
    Works on copies of ``candidates`` and ``placed``.

    >>> from sudoku_cp.io.inputs import as_puzzle
    >>> easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> puzzle = as_puzzle(easy)[0]
    >>> board = Board(puzzle.model)
    >>> placed = {cell for cell, value in enumerate(puzzle.grid.cells) if value}
    >>> singles_waves(board, board.initial(), placed), grade(easy).waves
    (4, 4)

    Raises:
        Contradiction: a single left a cell with no value (the puzzle has no solution).
    """
    candidates, placed = candidates[:], set(placed)
    waves = 0
    while True:
        found = hidden_singles_offered(board, candidates, placed)
        for cell, bit in _naked_singles(candidates, placed).items():
            found.setdefault(cell, bit)
        if not found:
            return waves
        for cell, bit in found.items():
            _place(board, candidates, placed, cell, bit)
        waves += 1


def singles_effort(board: Board, candidates: list[int], placed: set[int]) -> float:
    """The :func:`step_effort` of the run of singles that starts at this state, replayed as
    people scan: while a single is left, place the first hidden single (a naked single
    when there is none), costed by how many hidden singles were on offer then. Works on
    copies of ``candidates`` and ``placed`` (a list of bit masks, the placed cells).

    The solving path places naked singles first (the cheapest to find by program);
    people do not: they cross-hatch for hidden singles and check a cell's candidates
    only when that fails (Pelánek 2011, with the human data of three web portals; on
    the 344 puzzles of the Cloud Sudoku data set, Spearman's rho against solving times
    rises from 0.64 with the path's order to 0.74 with this one, no parameter fitted).
    Both orders place the same cells by the time the singles run out (naked and hidden
    singles reach one fixpoint whatever their order), so the steps past the singles are
    those of the solving path, and :func:`grade` replays each run of singles between
    them from the state it starts in.

    A puzzle solved by singles alone: its effort is one run of singles from the givens.

    >>> from sudoku_cp.io.inputs import as_puzzle
    >>> easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> puzzle = as_puzzle(easy)[0]
    >>> board = Board(puzzle.model)
    >>> placed = {cell for cell, value in enumerate(puzzle.grid.cells) if value}
    >>> effort = singles_effort(board, board.initial(), placed)
    >>> graded = grade(easy)
    >>> round(effort), graded.effort == round(effort + WAVE_COST * graded.waves)
    (320, True)

    Raises:
        Contradiction: a single left a cell with no value (the puzzle has no solution).
    """
    candidates, placed = candidates[:], set(placed)
    effort = 0.0
    hidden, naked = SCANNING_ORDER
    while len(placed) < len(candidates):
        offered = hidden_singles_offered(board, candidates, placed)
        if offered:
            cell, bit = next(iter(offered.items()))
            technique = hidden
        else:
            cell, bit = next(iter(_naked_singles(candidates, placed).items()), (None, 0))
            if cell is None:
                break
            technique = naked
        _place(board, candidates, placed, cell, bit)
        effort += step_effort(technique, len(offered), len(candidates))
    return effort


def band(puzzle: PuzzleInput, *, time_limit: float | None = None) -> str:
    """The band of ``puzzle`` (:attr:`Grade.band`: ``"easy"`` ... ``"fiendish"``, ``"search"``
    or ``"not proper"``), as :func:`grade` gives it, without the second solving path that
    :attr:`Grade.rating` reads on the hardest puzzles (:func:`se_rating`): the generator's
    question, asked of many candidate grids. Takes what :func:`grade` takes and raises what
    it raises.

    >>> band("....1....49.....13..1...6.....6.3.....68791..9.......6.6.354.2..2.....6.5.9...8.4")
    'fiendish'
    """
    return _grade(puzzle, time_limit, rate=False).band


def grade(puzzle: PuzzleInput, *, time_limit: float | None = None) -> Grade:
    """Grade a puzzle by the hardest technique its solving path needs (see the module docstring).

    Args:
        puzzle: anything :func:`sudoku_cp.solve` takes, any variant and size (Hall sets
            on 16x16 and larger take a while: seconds).
        time_limit: seconds (wall clock) the grading may take (``None``: no limit).

    Returns:
        A :class:`Grade`: the hardest technique that :func:`sudoku_cp.explain`'s path
        uses, its level (:data:`LEVELS`) and band; for a path that stalls, ``"search"``
        with the backtracker's nodes; for a puzzle with several solutions, ``proper``
        false and the band ``"not proper"`` (a path that solves the puzzle proves it
        has one solution; otherwise the backtracker counts up to two).

    The rating of a puzzle that needs forcing steps, on Sudoku Explainer's scale (SE
    rates this one 8.3: a static forcing chain rates 8.0 and up, a dynamic net 8.5 and
    up, nested ones 9.5 and up, rated together by SE's nesting level and the mean size of
    what they nest: :func:`se_nested_rating`). It predicts SE's rating, rank for rank (its
    one fitted choice, how nested nets count, made on the odd half of the Players' Forum
    hardest list; :attr:`Grade.rating`):

    >>> hard = grade("....1....49.....13..1...6.....6.3.....68791..9.......6.6.354.2..2.....6.5.9...8.4")
    >>> hard.technique, hard.rating
    ('Kraken Fish', 8.3)

    Raises:
        InvalidPuzzleError: malformed input.
        NoSolutionError: propagation or search proves that the puzzle has no solution.
        SolveTimeoutError: ``time_limit`` ran out before the path ended.
        SudokuError: a ``time_limit`` that is not a positive number.
    """
    return _grade(puzzle, time_limit, rate=True)


def _grade(puzzle: PuzzleInput, time_limit: float | None, *, rate: bool) -> Grade:
    """:func:`grade`; with ``rate`` false, :attr:`Grade.rating` is that of the path's own
    steps (no second path: :func:`band`)."""
    deadline = reasoning_deadline(time_limit)
    puzzle = as_puzzle(puzzle)[0]
    board = Board(puzzle.model)
    board.deadline = deadline
    candidates = board.initial()
    placed = {cell for cell, value in enumerate(puzzle.grid.cells) if value}
    used: dict = {}
    score = hardest_cost = 0
    effort = rating = 0.0
    waves = 0
    start = candidates[:], set(placed)  # where the current run of singles starts
    origin = start
    differs = False
    try:
        for technique, deduction in solving_path(board, candidates, placed):
            rating = max(rating, step_rating(technique, deduction))
            differs = differs or technique.id in _RATING_DIFFERS or not se_knows(deduction)
            used[technique] = used.get(technique, 0) + 1
            score += technique.cost
            hardest_cost = max(hardest_cost, technique.cost)
            if technique.id not in SINGLES:
                effort += singles_effort(board, *start) + technique.cost
                waves += singles_waves(board, *start)
                start = candidates[:], set(placed)
        effort += singles_effort(board, *start)
        waves += singles_waves(board, *start)
        if differs and rate:  # a step SE does not take: rate on SE's path
            rating = se_rating(board, *origin)
    except Contradiction:
        raise NoSolutionError("the puzzle has no solution (propagation reached a contradiction)") from None
    except SolveTimeoutError:
        raise SolveTimeoutError(f"grading did not finish within the time limit of {time_limit:g} s") from None
    steps = {technique.name: count for technique, count in used.items()}
    if all(mask and not mask & (mask - 1) for mask in candidates) and puzzle.model.holds(
        [mask.bit_length() for mask in candidates]
    ):
        top = hardest(list(used)) or TECHNIQUES[0]
        effort += WAVE_COST * waves
        return Grade(
            top.level_index,
            0,
            score,
            hardest_cost,
            round(effort),
            steps,
            top.name,
            waves=waves,
            rating=rating,
        )
    search = BitmaskSearch(puzzle.model, deadline)
    try:
        count = search.count_solutions(2)
    except SolveTimeoutError:
        raise SolveTimeoutError(f"grading did not finish within the time limit of {time_limit:g} s") from None
    if count == 0:
        raise NoSolutionError("the puzzle has no solution (the backtracking search is exhaustive)")
    top = len(LEVELS) - 1
    effort += WAVE_COST * waves
    return Grade(
        top,
        search.nodes,
        score,
        hardest_cost,
        round(effort),
        steps,
        SEARCH,
        proper=count == 1,
        waves=waves,
        rating=max(rating, 10.0),
    )


__all__ = [
    "NOT_PROPER",
    "BANDS",
    "BAND_NAMES",
    "Contradiction",
    "Grade",
    "LEVELS",
    "LEVEL_TECHNIQUES",
    "SCANNING_ORDER",
    "SINGLES",
    "WAVE_COST",
    "SE_MULTIPLE_BASE",
    "STATIC_FORCING_CHAIN",
    "DYNAMIC_FORCING_CHAIN",
    "find_static_forcing_chains",
    "find_dynamic_forcing_chains",
    "se_complexity",
    "se_nested_rating",
    "se_nesting_level",
    "RATING_TECHNIQUES",
    "apply",
    "band",
    "grade",
    "se_rating",
    "hidden_singles_offered",
    "propagate",
    "singles_effort",
    "singles_waves",
    "step_effort",
]
