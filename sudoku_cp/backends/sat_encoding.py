"""A puzzle as a CNF formula: one Boolean per (cell, value), clauses for every constraint.

Variable ``cell * n + v`` (``cell`` row-major from 0, ``v`` in ``1..n``) is true when the
cell holds ``v``: for 9x9, ``r1c1 = 1`` is variable 1, ``r1c1 = 9`` is 9, ``r9c9 = 9`` is 729.
Auxiliary variables (of a cardinality encoding, of a cage's digit combinations) come after
``n**3``. The two encodings of the literature (Lynce and Ouaknine, "Sudoku as a SAT problem",
ISAIM 2006; Weber, "A SAT-based Sudoku solver", LPAR 2005):

* **minimal**: every cell has a value (one clause of ``n`` literals per cell) and every
  unit holds each value at most once (an at-most-one per unit and value);
* **extended**: also at most one value per cell and every value at least once per unit.
  Both are redundant for classic Sudoku, but they give unit propagation more to work with
  (the "hidden single" is the at-least-one clause of a unit becoming unit).

The at-most-ones are written pairwise (``¬a ∨ ¬b`` for every pair: ``k(k-1)/2`` binary
clauses for ``k`` literals) or with a cardinality encoding of PySAT
(:class:`pysat.card.CardEnc`: ``seqcounter``, ``ladder``, ``bitwise``, ``totalizer`` ...,
Sinz 2005 and others), chosen by ``amo``.

**Why the minimal encoding is still exact.** It does not forbid two values in one cell, yet
every model of it has exactly one value per cell when the cell lies in a unit (an
AllDifferent over ``n`` cells): the unit's ``n`` cells each hold at least one value and
each of the ``n`` values is held at most once, so ``n`` cells hold at least ``n`` and at
most ``n`` true literals, one each (the pigeonhole argument). The other constraint kinds
below assume one value per cell (a cage's sum, a thermometer's order), and they are right
because every model has one. A :class:`~sudoku_cp.model.puzzle.Puzzle` always has its rows, so
every cell is in a unit; for a bare :class:`~sudoku_cp.model.constraints.Model` with cells in no
unit, those cells get the at-most-one of the extended encoding in either encoding.

Every other kind of :mod:`sudoku_cp.model.constraints` becomes clauses too:

* ``AllDifferent`` over fewer than ``n`` cells (a cage, an anti-knight pair): at most one
  cell per value; a unit of ``n`` cells is the above.
* ``Sum`` over cells that are pairwise different (a killer cage): the *digit combinations*
  of the cage, one selector variable per set ``S`` of distinct digits adding up to the sum:
  some selector is true; a selected ``S`` puts every cell's value in ``S`` and every digit
  of ``S`` in some cell; a cell's value ``v`` selects some ``S`` holding ``v`` (a digit in
  no combination is a unit clause ``¬x``). This is the cage reasoning of a human solver
  ("17 in two cells is 8+9"), and unit propagation performs it. A variable per digit,
  "the cage holds ``d``", ties the cells to the combinations for clause learning. A ``Sum`` over cells that
  may repeat a value is a pseudo-Boolean equality ``Σ v·x[c,v] = total`` encoded by
  PySAT's :class:`pysat.pb.PBEnc` (``sum_encoding="pb"`` uses it for every cage, to compare).
* ``Less`` and ``Relation``: every forbidden pair of values ``(a, b)`` is a binary clause
  ``¬x[first,a] ∨ ¬x[second,b]`` (the direct encoding of a binary constraint, Walsh,
  "SAT v CSP", CP 2000).
* ``ValueIn``: a unit clause ``¬x[cell,v]`` for each excluded value.
* ``Linear`` (arrows, region-sum lines): the pseudo-Boolean (in)equality
  ``Σ a·v·x[c,v]  op  rhs`` by :class:`pysat.pb.PBEnc`; a negative weight ``-w·x`` is
  written ``w·¬x - w`` (the bound moves by ``w``), as pseudo-Boolean encodings take
  positive weights.
* ``Table`` (between lines, quadruples): the support encoding (Bacchus, "GAC via unit
  propagation", CP 2007): one selector per allowed tuple, some selector is true, a
  selector puts each cell at its value, and a cell's value selects some tuple holding
  it; unit propagation then keeps exactly the supported values.
* ``Sandwich`` and ``Skyscraper``: their line automaton unrolled over the line (one
  variable per position and state reachable there that can still reach an accepting
  state): the start state holds before the first cell, and ``s[i,q] ∧ x[c_i,v]``
  implies ``s[i+1,δ(q,v)]``, or is forbidden when ``δ(q,v)`` is a dead end or cannot
  reach acceptance. Every model's own path is forced through live states, so the line
  is accepted (the forward half of Bacchus's encoding of the regular constraint). A
  sandwich also gets a binary clause per pair of cells whose distance its total rules
  out for the crusts (:meth:`_Writer.crusts`).
* The givens: a unit clause ``x[cell,given]`` each.

>>> from sudoku_cp import Grid
>>> cnf = encode(Grid.empty(4), encoding="minimal")
>>> cnf.nv, len(cnf.clauses)  # 64 variables; 16 cells + 12 units x 4 values x 6 pairs
(64, 304)
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool

from sudoku_cp.backends import BackendOptions, check_choice, refuse_unknown, takes_options
from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.engine.sums import forbidden_crusts
from sudoku_cp.errors import SudokuError
from sudoku_cp.io.inputs import PuzzleInput, to_puzzle
from sudoku_cp.model import constraints as kinds
from sudoku_cp.model.constraints import CORE_KINDS, LINE_AUTOMATON_KINDS, Model, cell_name
from sudoku_cp.model.decompose import decompose
from sudoku_cp.model.grid import Grid

Clause = list[int]

ENCODINGS = ("minimal", "extended")
"""The names of the encodings, for the ``encoding`` option."""

AMO_ENCODINGS = (
    "pairwise",
    "seqcounter",
    "ladder",
    "bitwise",
    "totalizer",
    "mtotalizer",
    "kmtotalizer",
    "sortnetwrk",
    "cardnetwrk",
)
"""The at-most-one encodings, for the ``amo`` option: ``"pairwise"`` is written here, the
others are :class:`pysat.card.EncType` names (PySAT's own encodings)."""

SUM_ENCODINGS = ("combinations", "pb")
"""How a cage ``Sum`` over pairwise different cells is encoded (``sum_encoding`` option)."""


def variable(cell: int, value: int, side: int) -> int:
    """The Boolean "``cell`` holds ``value``": ``cell * side + value`` (1-based, as DIMACS wants).

    >>> variable(0, 1, 9), variable(80, 9, 9)
    (1, 729)
    """
    return cell * side + value


@dataclass(frozen=True)
class Encoding(BackendOptions):
    """How the clauses are written: the encoding options of :func:`encode` and
    :func:`formula`, and of the ``"sat"`` backend (whose ``Options`` add the solver and
    the proof).

    Attributes:
        encoding: ``"minimal"`` or ``"extended"`` (:data:`ENCODINGS`; see the module docstring).
        amo: how at-most-one is written: ``"pairwise"`` or a :class:`pysat.card.EncType`
            name (``"seqcounter"``, ``"ladder"``, ...; :data:`AMO_ENCODINGS`).
        sum_encoding: ``"combinations"`` or ``"pb"`` for cages (:data:`SUM_ENCODINGS`).

    Raises:
        ValueError: a value not among the choices (the message names the option and lists them).
    """

    BACKEND = "sat"

    encoding: str = "extended"
    amo: str = "pairwise"
    sum_encoding: str = "combinations"

    def __post_init__(self) -> None:
        check_choice("encoding", self.encoding, ENCODINGS)
        check_choice("amo", self.amo, AMO_ENCODINGS)
        check_choice("sum_encoding", self.sum_encoding, SUM_ENCODINGS)


@dataclass
class Formula:
    """The clauses of one puzzle, grouped by what they say.

    Attributes:
        side: ``n``.
        parts: clause lists by description (``"every cell has a value"``, ``"givens"``,
            ...), in the order they were written; do not modify them (they may be shared
            by every puzzle of the same rules).
        variables: the largest variable used (``n**3`` plus the auxiliary ones).
    """

    side: int
    parts: dict[str, list[Clause]]
    variables: int

    @property
    def clause_count(self) -> int:
        """The number of clauses."""
        return sum(len(part) for part in self.parts.values())

    @property
    def clauses(self) -> list[Clause]:
        """Every clause, part after part."""
        return [clause for part in self.parts.values() for clause in part]

    def sizes(self) -> dict[str, int]:
        """The number of clauses of each part."""
        return {name: len(part) for name, part in self.parts.items()}

    def cnf(self) -> CNF:
        """A PySAT :class:`~pysat.formula.CNF` of the clauses, with comments naming the variables."""
        n = self.side
        cnf = CNF(from_clauses=self.clauses)
        cnf.nv = max(cnf.nv, self.variables)
        cnf.comments = [
            f"c sudoku_cp: {n}x{n} grid; variable cell*{n}+v (cell row-major from 0, v in 1..{n}) "
            f"is 'the cell holds v'",
            f"c r1c1=1 is 1, r1c1={n} is {n}, r{n}c{n}={n} is {n**3}; variables above {n**3} are auxiliary",
            *(f"c {len(part):>8} clauses: {name}" for name, part in self.parts.items()),
        ]
        return cnf


@takes_options(Encoding)
def encode(puzzle: PuzzleInput, **options: str) -> CNF:
    """The puzzle as a PySAT :class:`~pysat.formula.CNF` (any size, any variant).

    Args:
        puzzle: a :class:`Puzzle`, a :class:`Grid` or text (classic rules).
        **options: ``encoding``, ``amo``, ``sum_encoding`` (:class:`Encoding`).

    Returns:
        The CNF: ``cnf.clauses`` (lists of ints), ``cnf.nv`` (the largest variable),
        ``cnf.comments``; ``cnf.to_dimacs()`` is its DIMACS text. Variable
        ``cell * n + v`` means "``cell`` holds ``v``" (:func:`variable`); :func:`decode`
        reads a model back into a grid.

    Raises:
        InvalidPuzzleError: the input is not a valid puzzle.
        NotSupportedError: a constraint of a kind not encoded here.
        TypeError, ValueError: an unknown option, or an unknown option value.
    """
    return formula(puzzle, **options).cnf()


def to_dimacs(puzzle: PuzzleInput, **options: str) -> str:
    """The DIMACS CNF text of :func:`encode` (same options), for any external SAT solver.

    >>> [line for line in to_dimacs("1234341221434321").splitlines() if line.startswith("p")]
    ['p cnf 64 464']
    """
    return encode(puzzle, **options).to_dimacs() + "\n"


def decode(puzzle: PuzzleInput, model: Iterable[int]) -> Grid:
    """The grid of a model of :func:`encode`'s formula.

    Args:
        puzzle: the puzzle that was encoded.
        model: the true literals (a PySAT model, or the ``v`` lines of a DIMACS solver's
            output as ints); literals of auxiliary variables are ignored.

    Raises:
        SudokuError: some cell holds no value in the model (it is not a model of the formula).
    """
    puzzle = to_puzzle(puzzle)
    return puzzle.grid.with_cells(values_of(model, puzzle.model.value_count, puzzle.model.cell_count))


def values_of(model: Iterable[int], side: int, cell_count: int | None = None) -> list[int]:
    """The row-major cell values of a model: for each cell, the smallest value whose variable is true.

    Args:
        model: the true literals, or a PySAT model (every variable, in order, signed).
        side: ``n``.
        cell_count: the number of cells, ``n*n`` by default (a multi-grid board has more).

    Raises:
        SudokuError: a cell has no true variable.
    """
    cells = side * side if cell_count is None else cell_count
    values = [0] * cells
    for literal in sorted(literal for literal in model if 0 < literal <= cells * side):
        cell, value = divmod(literal - 1, side)
        if not values[cell]:
            values[cell] = value + 1
    if 0 in values:
        empty = values.index(0)
        where = cell_name(empty, side) if cells == side * side else f"cell {empty}"
        raise SudokuError(f"the model gives {where} no value")
    return values


@takes_options(Encoding)
def formula(puzzle: PuzzleInput, **options: Any) -> Formula:
    """The :class:`Formula` of a puzzle: its rules' clauses plus a unit clause per given,
    grouped by what they say (:meth:`Formula.sizes` counts them). Same options and errors
    as :func:`encode`, which is ``formula(...).cnf()``.

    >>> from sudoku_cp import Grid
    >>> formula(Grid.empty(9), encoding="minimal").sizes()
    {'every cell has a value': 81, 'each value at most once per unit': 8748, 'givens': 0}
    """
    chosen = Encoding.of(options)
    model = to_puzzle(puzzle).model
    rules = rules_formula(model, chosen.encoding, chosen.amo, chosen.sum_encoding)
    givens = [[literal] for literal in givens_literals(model)]
    return Formula(model.value_count, {**rules.parts, "givens": givens}, rules.variables)


def givens_literals(model: Model) -> list[int]:
    """The literal ``x[cell,given]`` of each given."""
    return [variable(cell, value, model.value_count) for cell, value in enumerate(model.givens) if value]


_FORMULAS: OrderedDict[tuple, Formula] = OrderedDict()
_FORMULAS_LOCK = threading.Lock()
_KEEP_FORMULAS = 16
"""How many rule sets' formulas are kept (the most recently used)."""


def rules_formula(
    model: Model, encoding: str, amo: str, sum_encoding: str, deadline: Deadline | None = None
) -> Formula:
    """The clauses of a model's constraints, without its givens: one formula serves every
    puzzle with the same rules (it is cached, so do not modify it).

    Args:
        deadline: checked while the clauses are written (a 25x25 grid has 752,500 of
            them, about a second of Python); ``None``: no limit.

    Raises:
        SolveTimeoutError: the deadline passed while writing (nothing is cached then).
    """
    model = decompose(model, NATIVE_KINDS, "sat")
    key = (model.side, model.value_count, model.constraints, encoding, amo, sum_encoding)
    with _FORMULAS_LOCK:
        found = _FORMULAS.get(key)
        if found is not None:
            _FORMULAS.move_to_end(key)
            return found
    empty = Model(model.side, (0,) * model.cell_count, model.constraints, digits=model.digits)
    written = _Writer(empty, encoding, amo, sum_encoding, deadline).write()
    with _FORMULAS_LOCK:
        _FORMULAS[key] = written
        while len(_FORMULAS) > _KEEP_FORMULAS:
            _FORMULAS.popitem(last=False)
    return written


_DEFAULT = ("extended", "pairwise", "combinations")
"""The default encoding, at-most-one and sum encoding (:class:`Encoding`'s defaults)."""


def separate_formulas(
    model: Model, deadline: Deadline | None = None
) -> tuple[list[Clause], list[list[Clause]], int]:
    """The model's clauses with each constraint's apart, for a solver that switches
    constraints on and off (:class:`~sudoku_cp.backends.sat.Selectors`): ``(cells, parts,
    top)``, ``cells`` the clauses every assignment of one value per cell meets ("every
    cell has a value", "at most one value per cell"), ``parts[i]`` those of
    ``model.constraints[i]`` alone (the default encoding: extended, pairwise,
    combinations; a sum over cells that its own constraint does not make differ is
    written as a pseudo-Boolean sum, since the others may be switched off), and ``top``
    the largest variable (the auxiliary variables of all parts from one pool). The givens
    are not written.

    Raises:
        NotSupportedError: a constraint kind the encoding lacks (a model with hidden cells
            included).
        SolveTimeoutError: ``deadline`` passed while writing.
    """
    n, count = model.value_count, model.cell_count
    pool = IDPool(start_from=count * n + 1)
    empty = (0,) * count
    whole = Model(model.side, empty, (), model.positions, model.digits, model.hidden)
    cells = [clause for part in _Writer(whole, *_DEFAULT).write().parts.values() for clause in part]
    parts = []
    for constraint in model.constraints:
        alone = Model(model.side, empty, (constraint,), model.positions, model.digits, model.hidden)
        alone = decompose(alone, NATIVE_KINDS, "sat")
        writer = _Writer(
            alone, "extended", "pairwise", "combinations", deadline, cell_clauses=False, pool=pool
        )
        parts.append([clause for part in writer.write().parts.values() for clause in part])
    return cells, parts, pool.top


@dataclass
class _Writer:
    """Writes the clauses of a model's constraints (the givens are not its business)."""

    model: Model
    encoding: str
    amo: str
    sum_encoding: str
    deadline: Deadline | None = None
    parts: dict[str, list[Clause]] = field(default_factory=dict)
    cell_clauses: bool = True  # "every cell has a value" and "at most one value per cell"
    pool: IDPool | None = None  # the auxiliary variables' pool (shared by several writers)

    def __post_init__(self) -> None:
        self.n = self.model.value_count  # the values 1..n (more than the side: more digits)
        if self.pool is None:
            self.pool = IDPool(start_from=self.model.cell_count * self.n + 1)

    def x(self, cell: int, value: int) -> int:
        return variable(cell, value, self.n)

    def add(self, part: str, clauses: Iterable[Clause]) -> None:
        if self.deadline is not None:
            self.deadline.check("the SAT backend, writing the clauses,")
        self.parts.setdefault(part, []).extend(clauses)

    def write(self) -> Formula:
        """Every constraint's clauses, kind by kind.

        Raises:
            NotSupportedError: a constraint of a kind not written here.
        """
        n, model = self.n, self.model
        refuse_unknown("sat", model, tuple(NATIVE_KINDS))  # the kinds below
        values, cells = range(1, n + 1), range(model.cell_count)
        if self.cell_clauses:
            self.add("every cell has a value", ([self.x(c, v) for v in values] for c in cells))
            in_unit = {cell for unit in model.units for cell in unit.cells}
            cells_amo = cells if self.encoding == "extended" else sorted(set(cells) - in_unit)
            for cell in cells_amo:
                self.add("at most one value per cell", self.at_most_one([self.x(cell, v) for v in values]))
        for constraint in model.of_kind(kinds.AllDifferent):
            unit = len(constraint.cells) == model.side
            part = "each value at most once per unit" if unit else "all different"
            for v in values:
                self.add(part, self.at_most_one([self.x(c, v) for c in constraint.cells]))
        if self.encoding == "extended":
            for unit in model.units:
                self.add(
                    "each value at least once per unit", ([self.x(c, v) for c in unit.cells] for v in values)
                )
        for constraint in model.of_kind(kinds.Sum):
            self.add("cage sums", self.cage_sum(constraint))
        for constraint in model.of_kind(kinds.Less) + model.of_kind(kinds.Relation):
            self.add("orders and relations", self.forbidden_pairs(constraint))
        for constraint in model.of_kind(kinds.ValueIn):
            excluded = [v for v in values if v not in constraint.values]
            self.add("allowed values", ([-self.x(constraint.cell, v)] for v in excluded))
        for constraint in model.of_kind(kinds.Linear):
            if constraint.is_plain_sum:  # a sum with a fixed total: as a cage's
                self.add("linear sums", self.cage_sum(constraint.as_sum()))
            else:
                self.add("linear sums", self.linear(constraint))
        for constraint in model.of_kind(kinds.Table):
            self.add("tables", self.table(constraint))
        for kind in LINE_AUTOMATON_KINDS:
            for constraint in model.of_kind(kind):
                self.add("line clues", self.line_automaton(constraint))
        return Formula(n, self.parts, self.pool.top)

    def contradiction(self) -> list[Clause]:
        """Clauses no assignment satisfies (``a`` and ``¬a`` for a fresh ``a``)."""
        fresh = self.pool.id()
        return [[fresh], [-fresh]]

    def linear(self, constraint: kinds.Linear) -> list[Clause]:
        """``Σ a·v·x[c,v]  op  rhs`` by PySAT's pseudo-Boolean encodings, weights made positive."""
        PBEnc = _pb_encoder()  # noqa: N806
        literals, weights, bound = [], [], constraint.rhs
        for a, cell in zip(constraint.coefficients, constraint.cells, strict=True):
            for v in range(1, self.n + 1):
                weight = a * v
                if weight > 0:
                    literals.append(self.x(cell, v))
                    weights.append(weight)
                elif weight < 0:  # w·x = -|w| + |w|·¬x
                    literals.append(-self.x(cell, v))
                    weights.append(-weight)
                    bound -= weight
        encode = {"==": PBEnc.equals, "<=": PBEnc.atmost, ">=": PBEnc.atleast}[constraint.operator]
        if bound < 0 and constraint.operator != ">=" or bound > sum(weights) and constraint.operator != "<=":
            return self.contradiction()  # unsatisfiable whatever the values
        return encode(literals, weights=weights, bound=bound, vpool=self.pool).clauses

    def table(self, constraint: kinds.Table) -> list[Clause]:
        """The support encoding of a table (one selector per allowed tuple)."""
        rows = sorted(constraint.allowed)
        if not rows:
            return self.contradiction()
        selectors = [self.pool.id() for _ in rows]
        clauses: list[Clause] = [list(selectors)]
        holding: dict[tuple[int, int], list[int]] = {}
        for selector, row in zip(selectors, rows, strict=True):
            for cell, value in zip(constraint.cells, row, strict=True):
                clauses.append([-selector, self.x(cell, value)])
                holding.setdefault((cell, value), []).append(selector)
        for cell in constraint.cells:
            for value in range(1, self.n + 1):
                clauses.append([-self.x(cell, value), *holding.get((cell, value), [])])
        return clauses

    def line_automaton(self, constraint) -> list[Clause]:
        """The forward encoding of a sandwich or skyscraper clue's automaton over its line."""
        automaton, cells, values = constraint.automaton(self.n), constraint.cells, range(1, self.n + 1)
        alive = automaton.alive(len(cells))
        if automaton.start not in alive[0]:
            return self.contradiction()
        # each layer's states in a fixed order: the variables' numbers, and so the cores a
        # solver finds over them, are the same in every process
        number = automaton.numbering()
        state = [{q: self.pool.id() for q in sorted(layer, key=number.__getitem__)} for layer in alive]
        clauses: list[Clause] = [[state[0][automaton.start]]]
        for i, cell in enumerate(cells):
            for q, s in state[i].items():
                for v in values:
                    following = automaton.transitions[q].get(v)
                    if following in state[i + 1]:
                        clauses.append([-s, -self.x(cell, v), state[i + 1][following]])
                    else:
                        clauses.append([-s, -self.x(cell, v)])
        if isinstance(constraint, kinds.Sandwich) and self.model.value_count == self.model.side:
            clauses.extend(self.crusts(constraint))
        return clauses

    def crusts(self, constraint: kinds.Sandwich) -> list[Clause]:
        """Redundant binary clauses of a sandwich: two cells of the line whose distance no
        sandwich of its total allows (:func:`~sudoku_cp.engine.sums.crust_gaps`) are not
        its ``1`` and its ``n``. The automaton's clauses imply them, but only through
        its states; stated directly they cut the published pure-sandwich puzzle
        ``iss/Sandwich snipe 18`` (thirteen clues of 18, no givens) from 13.5 s of CPU to
        1.8 s (with the symmetry breaking of :mod:`sudoku_cp.engine.symmetry`)."""
        n, x = self.n, self.x
        pairs = forbidden_crusts(constraint.cells, n, constraint.total, self.model.peers)
        return [clause for a, b in pairs for clause in ([-x(a, 1), -x(b, n)], [-x(a, n), -x(b, 1)])]

    def at_most_one(self, literals: Sequence[int]) -> list[Clause]:
        if len(literals) < 2:
            return []
        if self.amo == "pairwise":
            return [[-a, -b] for a, b in itertools.combinations(literals, 2)]
        encoded = CardEnc.atmost(literals, bound=1, vpool=self.pool, encoding=getattr(EncType, self.amo))
        return encoded.clauses

    def forbidden_pairs(self, constraint: kinds.Less | kinds.Relation) -> list[Clause]:
        values = range(1, self.n + 1)
        if isinstance(constraint, kinds.Less):
            allowed = {(a, b) for a in values for b in values if a < b}
        else:
            allowed = constraint.allowed
        return [
            [-self.x(constraint.first, a), -self.x(constraint.second, b)]
            for a in values
            for b in values
            if (a, b) not in allowed
        ]

    def cage_sum(self, constraint: kinds.Sum) -> list[Clause]:
        cells = constraint.cells
        distinct = all(b in self.model.peers[a] for a, b in itertools.combinations(cells, 2))
        if distinct and self.sum_encoding == "combinations":
            return self.combinations(cells, constraint.total)
        return self.pseudo_boolean(cells, constraint.total)

    def combinations(self, cells: Sequence[int], total: int) -> list[Clause]:
        """The digit-combination encoding of a sum over pairwise different cells, with a
        variable per digit, "the cage holds ``d``" (``h_d``, the or of the cells' ``x[c,d]``):
        a selected combination sets every ``h_d``, and a held digit selects a combination
        holding it. The ``h_d`` give clause learning one literal for what a cage holds
        where it had one per cell: the published killer ``iss/Wecoc #1 [mod A]`` (no
        givens) took MiniSat more than 60 s of CPU without them, 0.9 s with them."""
        sets = [s for s in itertools.combinations(range(1, self.n + 1), len(cells)) if sum(s) == total]
        selectors = [self.pool.id() for _ in sets]
        held = {v: self.pool.id() for v in range(1, self.n + 1)}
        clauses: list[Clause] = [list(selectors)]
        for selector, digits in zip(selectors, sets, strict=True):
            clauses.extend([-selector] + [self.x(c, v) for v in digits] for c in cells)
            clauses.extend([-selector] + [self.x(c, v) for c in cells] for v in digits)
            clauses.extend([-selector, h if v in digits else -h] for v, h in held.items())
        for value, h in held.items():
            holding = [s for s, digits in zip(selectors, sets, strict=True) if value in digits]
            clauses.extend([-self.x(c, value)] + holding for c in cells)
            clauses.extend([-self.x(c, value), h] for c in cells)
            clauses.append([-h, *(self.x(c, value) for c in cells)])
            clauses.append([-h, *holding])
        return clauses

    def pseudo_boolean(self, cells: Sequence[int], total: int) -> list[Clause]:
        """``Σ v·x[c,v] = total`` by PySAT's pseudo-Boolean encodings (exact since each cell
        holds one value in every model)."""
        PBEnc = _pb_encoder()  # noqa: N806
        values = range(1, self.n + 1)
        literals = [self.x(c, v) for c in cells for v in values]
        weights = [v for _ in cells for v in values]
        encoded = PBEnc.equals(literals, weights=weights, bound=total, vpool=self.pool)
        return encoded.clauses


NATIVE_KINDS = CORE_KINDS
"""The kinds encoded here; every other kind is rewritten into them (:mod:`sudoku_cp.model.decompose`)."""


def _pb_encoder():
    """PySAT's :class:`pysat.pb.PBEnc`, or a :class:`SudokuError` saying how to install it."""
    try:
        from pysat.pb import PBEnc
    except (ImportError, AssertionError) as error:  # pysat.pb asserts its backend is present
        raise SudokuError(
            "sums over cells that may repeat a value, and arrows, need PySAT's pseudo-Boolean "
            'encodings: pip install "sudoku_cp[sat]"'
        ) from error
    return PBEnc
