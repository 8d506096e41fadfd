"""The python-constraint ``Constraint`` classes of the ``"python-constraint"`` backend.

:func:`sudoku_cp.backends.pyconstraint.model.problem_of` states each kind of
:mod:`sudoku_cp.model.constraints` with them (see the package docstring for why each exists):

* :class:`AllDifferentHiddenSingles`: a unit, with hidden singles in its forward checking;
* :class:`EveryUnitHiddenSingles`: hidden singles in every unit, for variants;
* :class:`DistinctCageSum` and :class:`CageSum`: a cage ``Sum`` (digit combinations, or
  python-constraint's bounds when the cells may repeat a value);
* :class:`CellLinks`: each cell's binary constraints (``Relation``, two-cell ``AllDifferent``);
* :class:`LessChains`: a connected group of ``Less`` (a thermometer);
* :class:`Watching`: a constraint called also when a peer of its cells is assigned;
* :class:`LexGreater`: ``x >_lex bound``, for listing solutions in order;
* :class:`Padding` and :class:`NodeCounter`: constraints that always hold, to even out
  the variables' degrees and to count (and budget) the nodes of a search.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Sequence

import constraint

from sudoku_cp.engine.propagators import Propagator
from sudoku_cp.engine.sums import distinct_combinations


class AllDifferentHiddenSingles(constraint.AllDifferentConstraint):
    """``AllDifferentConstraint`` over a unit of ``n`` cells that must hold the ``n`` values,
    with stronger forward checking: besides removing the assigned values from the other
    cells' domains (python-constraint's forward checking), it fails when a value has no
    cell left in the unit and reduces a cell to a value that no other cell of the unit
    can take (a *hidden single*, the first rule every Sudoku solver learns).

    The solutions are exactly those of ``AllDifferentConstraint`` when the unit has as
    many cells as values; only the pruning is stronger. python-constraint calls it, like
    any constraint, for the units of the variable just assigned, and the hidden values
    are restored by the solver on backtracking.
    """

    def __init__(self, values: Iterable[int]) -> None:
        self._values = tuple(values)

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        if not super().__call__(variables, domains, assignments, forwardcheck):
            return False
        if not forwardcheck:
            return True
        return self._place_hidden_singles(variables, domains, assignments)

    def _place_hidden_singles(self, variables, domains, assignments) -> bool:
        places: dict[int, int] = {}  # value -> open cells that can take it; -1 once assigned
        last_place = {}
        for variable in variables:
            if variable in assignments:
                places[assignments[variable]] = -1
                continue
            for value in domains[variable]:
                if places.get(value, 0) >= 0:
                    places[value] = places.get(value, 0) + 1
                    last_place[value] = variable
        for value in self._values:
            count = places.get(value, 0)
            if count == 0:
                return False
            if count == 1:
                domain = domains[last_place[value]]
                if value not in domain:  # the cell was already reduced to another hidden single
                    return False
                for other in domain[:]:
                    if other != value:
                        domain.hideValue(other)
        return True


class EveryUnitHiddenSingles(constraint.Constraint):
    """Hidden singles in every unit, at every assignment: one python-constraint constraint
    over all the cells of the grid.

    :class:`AllDifferentHiddenSingles` looks for hidden singles only in the units of the
    cell just assigned, but on a variant the other constraints (a cage, a Kropki chain,
    an anti-knight move) and the forward checking of the assigned cell's units take
    values out of *other* units too, where a value may be left with one place. This
    constraint looks at every unit after each assignment (with bit masks, about 0.1 ms
    on a 9x9 grid): a unit with a value that has no place left fails, and a value with
    one place is the only one left in that cell's domain. Only pruning; the solutions are
    those of the units' AllDifferent constraints. (Measured, 60 s cap: the 8-given
    anti-knight dclamage ak8-1 took 13 s with it and over 60 s without, ak8-4 8.6 s and
    14.6 s. Left out on classic rules, whose measured speed it was not needed for.)

    Args:
        units: each unit (``n`` cells holding the ``n`` values) as a list of variables.
        side: ``n``.
    """

    def __init__(self, units: Sequence[Sequence[str]], side: int) -> None:
        self._variables = list(dict.fromkeys(v for unit in units for v in unit))
        position = {variable: index for index, variable in enumerate(self._variables)}
        self._units = [tuple(position[v] for v in unit) for unit in units]
        self._bits = [0] + [1 << (value - 1) for value in range(1, side + 1)]
        self._full = (1 << side) - 1

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        if not forwardcheck:
            return True
        bits, get, assigned = self._bits, assignments.get, _ASSIGNED
        bit_of = bits.__getitem__
        masks = []
        for variable in self._variables:
            value = get(variable)
            if value is None:
                masks.append(sum(map(bit_of, domains[variable])))  # distinct bits: sum is or
            else:
                masks.append(bits[value] | assigned)
        full = self._full
        for unit in self._units:
            once = twice = placed = 0
            for index in unit:
                mask = masks[index]
                twice |= once & mask
                once |= mask
                if mask & assigned:
                    placed |= mask
            if once & full != full:
                return False  # a value has no place left in the unit
            hidden = once & ~twice & ~placed
            if not hidden:
                continue
            for index in unit:
                mask = masks[index]
                only_here = mask & hidden
                if only_here and mask != only_here:
                    if only_here & (only_here - 1):
                        return False  # two values can only go in this one cell
                    domain = domains[self._variables[index]]
                    for value in domain[:]:
                        if not only_here & bits[value]:
                            domain.hideValue(value)
                    masks[index] = only_here
        return True


_ASSIGNED = 1 << 62
"""The bit :class:`EveryUnitHiddenSingles` sets on the mask of an assigned cell."""


class CageSum(constraint.ExactSumConstraint):
    """python-constraint's ``ExactSumConstraint``, safe when an earlier constraint's
    preprocessing has already emptied a domain: its own ``preProcess`` (2.9) takes the
    ``min`` of every domain first and fails on an empty one. An empty domain means no
    solution, which python-constraint reports right after preprocessing, so skipping is
    exact."""

    def preProcess(self, variables, domains, constraints, vconstraints) -> None:
        if all(domains[variable] for variable in variables):
            super().preProcess(variables, domains, constraints, vconstraints)


class DistinctCageSum(constraint.Constraint):
    """A killer cage: its values are all different and add up to ``total``.

    python-constraint's ``ExactSumConstraint`` reasons only about bounds, which leaves
    open killers (no givens) unsolved after minutes. This constraint reasons about the
    cage's digit combinations, the way people solve killers: preprocessing keeps in each
    cell only the digits of the combinations, and forward checking, once some cells are
    assigned, keeps only the digits of the combinations that contain the assigned values
    and still fit every open cell. Same solutions as AllDifferent plus the sum.

    Args:
        side: ``n``, the values being ``1..n``.
        total: the cage sum.
        count: the number of cells.
    """

    def __init__(self, side: int, total: int, count: int) -> None:
        self._combos = distinct_combinations(side, count, total)  # bit v - 1 for value v

    def preProcess(self, variables, domains, constraints, vconstraints) -> None:
        digits = functools.reduce(operator.or_, self._combos, 0)
        for variable in variables:
            domain = domains[variable]
            for value in domain[:]:
                if not digits >> (value - 1) & 1:
                    domain.remove(value)

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        used = 0  # the assigned cells' values, as bits
        open_masks = []  # the open cells' domains, as bits
        for variable in variables:
            value = assignments.get(variable)
            if value is None:
                open_masks.append((variable, _bits_of(domains[variable])))
            elif used >> (value - 1) & 1:
                return False
            else:
                used |= 1 << (value - 1)
        anywhere = used
        for _, mask in open_masks:
            anywhere |= mask
        fitting = 0  # the digits of the combinations that contain the assigned values, every
        for combo in self._combos:  # digit of which has a place, and that give each open cell one
            if combo & used == used and not combo & ~anywhere and all(mask & combo for _, mask in open_masks):
                fitting |= combo
        if not fitting:
            return False
        if forwardcheck:
            allowed = fitting & ~used
            for variable, mask in open_masks:
                if mask & ~allowed and not _keep_bits(domains[variable], allowed):
                    return False
        return True


class CellLinks(constraint.Constraint):
    """The binary constraints (``Relation``, a two-cell ``AllDifferent`` such as an
    anti-knight pair) of one cell, the *centre*, as one python-constraint constraint over
    the centre and its partners, with arc consistency over the whole network.

    It acts once the centre is assigned: an assigned partner must form an allowed pair
    with it, and (forward checking) every open partner loses the values that no longer
    pair with the centre's; then, through the network of every cell's links, each open
    cell that lost a value makes its own open partners drop the values it no longer
    supports, until nothing changes (AC-3 from the assigned cell: Mackworth,
    "Consistency in networks of relations", 1977). So a Kropki chain narrows all along
    at once. Every pair is in the links of both its cells, so whichever is assigned
    first prunes the other. Why one constraint per cell and not one per pair or one
    for the whole grid: python-constraint calls a constraint at every assignment of
    one of its variables, and a single network constraint had to scan every link of
    every assigned cell at each node (over half the search time of an anti-knight
    puzzle), while a constraint per pair makes degrees uneven (see
    :func:`_even_out_degrees`).

    Args:
        centre: the centre's variable.
        network: each cell's links, shared by every cell's constraint: ``(partner,
            allowed)`` pairs, where ``allowed[v]`` is the set of the partner's values
            compatible with value ``v`` of the cell.
    """

    def __init__(self, centre: str, network: dict[str, list[Link]]) -> None:
        self._centre = centre
        self._network = network

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        value = assignments.get(self._centre)
        network = self._network
        if value is None:
            if not forwardcheck:
                return True
            changed = [self._centre]  # its domain may have shrunk: revise its partners
        else:
            changed = []
            for partner, allowed, _ in network[self._centre]:
                fits = allowed[value]
                partner_value = assignments.get(partner)
                if partner_value is not None:
                    if partner_value not in fits:
                        return False
                elif forwardcheck:
                    domain = domains[partner]
                    if _keep_only(domain, fits):
                        if not domain:
                            return False
                        changed.append(partner)
        while changed:  # arc consistency between open cells, from the cells that lost values
            cell = changed.pop()
            values = domains[cell]
            for partner, allowed, loose in network[cell]:
                if partner in assignments or (loose and len(values) > 1):
                    continue
                supported = set()
                for own in values:
                    supported |= allowed[own]
                domain = domains[partner]
                if _keep_only(domain, supported):
                    if not domain:
                        return False
                    changed.append(partner)
        return True


class Watching(constraint.Constraint):
    """A constraint over some cells that python-constraint also calls when a *peer* of one
    of them is assigned.

    python-constraint calls a constraint only when one of its own variables is assigned,
    but forward checking of the units (an assigned value leaves the other cells of its
    row, column and box) narrows the domains of a cage, a thermometer or a Kropki chain
    long before one of their cells is assigned, and the constraint would not reason
    about it until then. Stated over its cells and their peers, it is called whenever
    one of its cells may have lost a value, and it still reads only its own cells, so the
    solutions are the same. (Measured, 60 s cap: lisudoku's 12-given Kropki 9x9 puzzle 2
    took 1.0 s with watching and over 60 s without; the open killer vtsukur 24789 needed
    it too.)

    Args:
        inner: the constraint, written for ``variables`` (kept as ``inner``).
        variables: its own variables, in its order (kept as ``own_variables``).
    """

    def __init__(self, inner: constraint.Constraint, variables: Sequence[str]) -> None:
        self.inner = inner
        self.own_variables = list(variables)

    def preProcess(self, variables, domains, constraints, vconstraints) -> None:
        self.inner.preProcess(self.own_variables, domains, [], {})

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        return self.inner(self.own_variables, domains, assignments, forwardcheck)


def _bits_of(domain: constraint.Domain) -> int:
    """The domain's values as a bit set (bit ``v - 1`` for the value ``v``)."""
    mask = 0
    for value in domain:
        mask |= 1 << (value - 1)
    return mask


def _keep_bits(domain: constraint.Domain, mask: int) -> bool:
    """Hide the domain's values outside the bit set ``mask`` (bit ``v - 1`` for the value
    ``v``; restored on backtracking); False when no value is left."""
    for value in domain[:]:
        if not mask >> (value - 1) & 1:
            domain.hideValue(value)
    return bool(domain)


def _keep_only(domain: constraint.Domain, allowed) -> bool:
    """Hide the domain's values outside ``allowed`` (restored on backtracking); True if any was."""
    hidden = False
    for value in domain[:]:
        if value not in allowed:
            domain.hideValue(value)
            hidden = True
    return hidden


Link = tuple[str, dict[int, frozenset[int]], bool]
"""``(partner, allowed, loose)``: ``allowed[v]``, the partner's values that fit value ``v``
of the cell; ``loose``, whether any two values of the cell together leave the partner
every value (so only a cell down to one value prunes it, as with ``!=``)."""


class LessChains(constraint.Constraint):
    """Every ``x < y`` of one connected group of ``Less`` constraints (a thermometer, the
    inequalities of a box) as one python-constraint constraint, with bounds propagation.

    Along the order of the pairs (a topological order of the cells), each cell's lower
    bound becomes at least one more than each predecessor's lower bound, and, backwards,
    its upper bound at most one less than each successor's upper bound; an assigned cell
    whose value falls outside its bounds breaks the constraint, and forward checking
    hides the values outside the bounds of the open cells. So assigning the bulb of a
    thermometer narrows the whole thermometer at once, where binary ``x < y`` checks only
    narrow the next cell (the thermometers of 6-given puzzles ran past a minute that
    way). Bounds reasoning over ``<`` only removes values no solution has (each bound is
    implied by a chain of ``<``). :meth:`preProcess` narrows the domains to the bounds
    once, before the search (a cell ``k`` steps from the bulb is at least ``k + 1``).
    (Measured without the other changes' preprocessing: lisudoku's 6-given thermo
    "medium" took 0.7 s, against over 25 s for its first solution alone with binary ``<``.)

    Args:
        pairs: ``(smaller, larger)`` variable pairs; a cycle (no solution) makes the
            constraint always fail.
    """

    def __init__(self, pairs: Iterable[tuple[str, str]]) -> None:
        successors: dict[str, list[str]] = {}
        predecessors: dict[str, list[str]] = {}
        for smaller, larger in pairs:
            successors.setdefault(smaller, []).append(larger)
            predecessors.setdefault(larger, []).append(smaller)
            successors.setdefault(larger, [])
            predecessors.setdefault(smaller, [])
        waiting = {cell: len(before) for cell, before in predecessors.items()}
        order = [cell for cell, count in waiting.items() if count == 0]
        for cell in order:  # Kahn's topological sort; order grows while it is read
            for after in successors[cell]:
                waiting[after] -= 1
                if waiting[after] == 0:
                    order.append(after)
        self._cyclic = len(order) < len(waiting)
        self._order = [(cell, predecessors[cell]) for cell in order]
        self._reverse = [(cell, successors[cell]) for cell in reversed(order)]

    def bounds(self, domains, assignments) -> dict[str, tuple[int, int]] | None:
        """Each cell's ``(lowest, highest)`` value, or ``None`` when some cell has none."""
        if self._cyclic:
            return None
        lowest: dict[str, int] = {}
        for cell, before in self._order:
            value = assignments.get(cell)
            if value is None:
                domain = domains[cell]
                if not domain:
                    return None
                low = min(domain)
            else:
                low = value
            for other in before:
                if lowest[other] >= low:
                    low = lowest[other] + 1
            if value is not None and low > value:
                return None
            lowest[cell] = low
        bounds: dict[str, tuple[int, int]] = {}
        for cell, after in self._reverse:
            value = assignments.get(cell)
            high = max(domains[cell]) if value is None else value
            for other in after:
                if bounds[other][1] <= high:
                    high = bounds[other][1] - 1
            if high < lowest[cell]:
                return None
            bounds[cell] = (lowest[cell], high)
        return bounds

    def preProcess(self, variables, domains, constraints, vconstraints) -> None:
        bounds = self.bounds(domains, {})
        for cell, _ in self._order if bounds is not None else ():
            low, high = bounds[cell]
            domain = domains[cell]
            for value in domain[:]:
                if not low <= value <= high:
                    domain.remove(value)
        if bounds is None:  # no solution: an empty domain makes python-constraint say so
            domains[variables[0]][:] = []

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        bounds = self.bounds(domains, assignments)
        if bounds is None:
            return False
        if forwardcheck:
            for cell, (low, high) in bounds.items():
                if cell in assignments:
                    continue
                domain = domains[cell]
                for value in domain[:]:
                    if not low <= value <= high:
                        domain.hideValue(value)
                if not domain:
                    return False
        return True


class LexGreater(constraint.Constraint):
    """``x >_lex bound`` over every cell in row-major order: a python-constraint constraint
    for listing solutions in order (:func:`next_solution`).

    Over a partial assignment it scans the cells row-major: an assigned cell above its
    bound satisfies it, one below breaks it, one equal passes on; at the first
    unassigned cell forward checking hides the values below its bound (every earlier
    cell being equal, a smaller value there would make ``x`` smaller). A complete grid
    equal to ``bound`` breaks it (the order is strict).
    """

    def __init__(self, bound: Sequence[int]) -> None:
        self._bound = tuple(bound)

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        for variable, bound in zip(variables, self._bound, strict=True):
            if variable not in assignments:
                if forwardcheck:
                    domain = domains[variable]
                    for value in domain[:]:
                        if value < bound:
                            domain.hideValue(value)
                    return bool(domain)
                return True
            value = assignments[variable]
            if value != bound:
                return value > bound
        return False


class Supports(constraint.Constraint):
    """A modern rule's constraint (``Linear``, ``Table``, ``Sandwich``, ``Skyscraper``) with
    the engine's propagator as its forward checking: the propagator (written for the
    constraint's own cells numbered ``0..k-1``) narrows the cells' values as bitmasks,
    and the open cells lose the values it drops; it fails when the propagator finds a
    contradiction. Each propagator is exact on a complete assignment (bounds of single
    values, a tuple of the table, a path of the automaton), so the solutions are those
    of the constraint.

    Args:
        propagate: an engine :data:`~sudoku_cp.engine.propagators.Propagator` over
            positions ``0..k-1`` of the constraint's variables.
    """

    def __init__(self, propagate: Propagator) -> None:
        self._propagate = propagate

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        masks = []
        for variable in variables:
            value = assignments.get(variable)
            if value is None:
                mask = _bits_of(domains[variable])
                if not mask:
                    return False
            else:
                mask = 1 << (value - 1)
            masks.append(mask)
        if self._propagate(masks) is None:
            return False
        if forwardcheck:
            for variable, mask in zip(variables, masks, strict=True):
                if variable not in assignments and not _keep_bits(domains[variable], mask):
                    return False
        return True


class Padding(constraint.Constraint):
    """A constraint that always holds and that preprocessing keeps: it only raises the
    degree of its variable (see :func:`_even_out_degrees`)."""

    def preProcess(self, variables, domains, constraints, vconstraints) -> None:
        pass

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        return True


class BudgetExhausted(Exception):
    """Raised inside a python-constraint search to cut it off (a restart)."""


class NodeCounter(constraint.Constraint):
    """A constraint over every variable that always holds: it only counts the nodes of the
    search (assignments that passed the real constraints, which are checked before it)
    and cuts the search off once ``budget`` nodes have been spent (``None``: never)."""

    def __init__(self, budget: int | None) -> None:
        self.nodes = 0
        self._budget = budget

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        self.nodes += 1
        if self._budget is not None and self.nodes > self._budget:
            raise BudgetExhausted
        return True
