"""Forcing chains and nets as data, and their text: every implication written out.

A forcing step supposes a candidate true (a *branch*) and follows what the rules force,
one implication at a time. Each implication is a :class:`NetNode`: a fact (a digit
placed, ``r4c2=5``, or a candidate removed, ``r4c7<>5``) or the end of the branch (a cell
left with no candidate, a value left with no place in a unit), the rule that gives it,
the constraint it uses, and the earlier nodes it follows from (its *premises*, by index).
A branch is a chain when every node follows from the one before, a *net* when a node
needs several earlier ones (a naked single needs every other candidate of its cell
gone); depth counts nested suppositions (a node that is itself proven by a branch's
contradiction, :attr:`NetNode.nested`).

The rules (:data:`RULES`), each checkable from the candidates the branch started from
and the node's premises alone:

* ``"suppose"``: the branch's supposition (the first node, no premises);
* ``"placed"``: a placed digit leaves its cell's other candidates;
* ``"peer"``: a placed digit leaves the other cells of an AllDifferent (the constraint);
* ``"naked single"``: the cell's other candidates are gone (premises: their removals);
* ``"hidden single"``: the value's other places in a unit are gone;
* ``"required digit"`` (a grid of more digits than its side, whose units hold some of
  them): the cells of an AllDifferent hold only as many digits as they are, so each of
  them is there, and the value's other places there are gone (premises: every removal
  among its cells);
* ``"constraint"``: a variant constraint (cage, thermometer, dot...) removes the
  candidate given the removals among its cells (the premises);
* ``"nested"``: supposing the candidate within this branch leads to a contradiction
  (the node's :attr:`~NetNode.nested` branch, started from the branch's candidates at
  that point, whose removals are the premises);
* ``"no candidate"`` and ``"no place"``: the contradiction (a cell, or a value in a
  unit); ``"too few digits"``: the cells of an AllDifferent hold fewer digits than they
  are (on a grid of more digits than its side); ``"constraint"`` with no fact also ends a
  branch (a variant constraint that no choice satisfies).

:func:`net_text` writes a :class:`Net` as an indented "if ... then ..." tree; the cells of
a :class:`Net` inside a :class:`~sudoku_cp.reasoning.techniques.board.Deduction` are cell indices,
inside a :class:`~sudoku_cp.reasoning.stepwise.Step` ``(row, column)`` positions (:meth:`Net.on`).

>>> root = NetNode("=", 0, 5, "suppose")
>>> gone = NetNode("<>", 1, 5, "peer", because=(0,))
>>> end = NetNode("no candidate", 1, None, "no candidate", because=(1,))
>>> net = Net("contradiction", (Branch(root.cell, root.value, (root, gone, end)),))
>>> print(net_text(net, lambda c: f"r1c{c + 1}", lambda u: "row 1"))
if r1c1=5:
  r1c2<>5 (r1c1=5 sees it)
  r1c2 has no candidate left
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

RULES = (
    "suppose",
    "placed",
    "peer",
    "naked single",
    "hidden single",
    "required digit",
    "constraint",
    "nested",
    "no candidate",
    "no place",
    "too few digits",
)
"""The rules an implication of a branch may use (see the module docstring)."""


@dataclass(frozen=True)
class NetNode:
    """One implication of a branch.

    Attributes:
        kind: ``"="`` (the digit is placed), ``"<>"`` (the candidate is removed), or the
            end of the branch: ``"no candidate"`` (:attr:`cell` is left empty),
            ``"no place"`` (:attr:`value` has no place left in :attr:`unit`),
            ``"too few digits"`` (:attr:`unit`'s cells hold fewer digits than they are),
            ``"unsatisfiable"`` (:attr:`unit`, a variant constraint, has no solution left).
        cell: its cell (index, or ``(row, column)`` in a step); ``None`` for a unit's end.
        value: its value; ``None`` for an empty cell.
        rule: one of :data:`RULES`.
        unit: the constraint it uses (a :class:`~sudoku_cp.model.constraints.Constraint`), or
            ``None`` for rules on one cell.
        because: the indices, in the branch, of the earlier nodes it follows from.
        nested: for the rule ``"nested"``, the branch (supposing ``cell = value``) that ends
            in a contradiction; ``None`` otherwise.
    """

    kind: str
    cell: Hashable | None
    value: int | None
    rule: str
    unit: object | None = None
    because: tuple[int, ...] = ()
    nested: Branch | None = None

    @property
    def ends(self) -> bool:
        """True for a contradiction (the end of a branch)."""
        return self.kind not in ("=", "<>")


def new_node(
    kind: str,
    cell: Hashable | None,
    value: int | None,
    rule: str,
    unit: object | None = None,
    because: tuple[int, ...] = (),
    nested: Branch | None = None,
) -> NetNode:
    """``NetNode(kind, cell, value, rule, unit, because, nested)``, the same (equal) node
    built without the frozen dataclass's ``__init__`` (its fields stored in its
    ``__dict__`` one by one): a third of the CPU, where every node a slice keeps is made
    (:func:`slice_branch`, :meth:`Net.on`).

    >>> new_node("<>", 1, 5, "peer", because=(0,)) == NetNode("<>", 1, 5, "peer", because=(0,))
    True
    """
    node = _NEW(NetNode)
    fields = node.__dict__  # (item stores: a third less CPU than an update by keywords)
    fields["kind"] = kind
    fields["cell"] = cell
    fields["value"] = value
    fields["rule"] = rule
    fields["unit"] = unit
    fields["because"] = because
    fields["nested"] = nested
    return node


_NEW = object.__new__


class RecordNode(NamedTuple):
    """One implication as a branch's propagation records it, before the branch is cut to
    what its end needs: the fields of a :class:`NetNode`, in its order, in a named tuple.
    A propagation records every implication it meets and a net keeps few of them:
    :func:`slice_branch` makes :class:`NetNode`\\ s of those alone. Made by
    :func:`record_node` (``tuple.__new__``), a recorded node costs a quarter of
    :func:`new_node`'s CPU (the forum-hardest sample's explanations record some 40,000
    nodes each).

    >>> node = record_node(("<>", 1, 5, "peer", None, (0,), None))
    >>> node.because, as_net_node(node) == NetNode("<>", 1, 5, "peer", because=(0,))
    ((0,), True)
    """

    kind: str
    cell: Hashable | None
    value: int | None
    rule: str
    unit: object | None
    because: tuple[int, ...]
    nested: Branch | None


def record_node(fields: tuple) -> RecordNode:
    """A :class:`RecordNode` of ``fields`` (a 7-tuple in :class:`NetNode`'s order)."""
    return _TUPLE_NEW(RecordNode, fields)


_TUPLE_NEW = tuple.__new__


def as_net_node(node: RecordNode, because: tuple[int, ...] | None = None) -> NetNode:
    """The :class:`NetNode` of a recorded implication, with premises ``because`` when given
    (renumbered), else its own."""
    kind, cell, value, rule, unit, own, nested = node
    return new_node(kind, cell, value, rule, unit, own if because is None else because, nested)


@dataclass(frozen=True)
class Branch:
    """One supposition and what follows from it, in order.

    Attributes:
        cell, value: the supposition (``cell = value``), also the first node.
        nodes: the :class:`NetNode`\\ s, premises before what they give; only the nodes
            that lead to the branch's end or to the step's conclusion.
    """

    cell: Hashable
    value: int
    nodes: tuple[NetNode, ...]

    @property
    def contradiction(self) -> NetNode | None:
        """The node where the branch contradicts itself, or ``None``."""
        last = self.nodes[-1] if self.nodes else None
        return last if last is not None and last.ends else None

    @property
    def depth(self) -> int:
        """1, plus the depth of its deepest nested branch."""
        return 1 + max((n.nested.depth for n in self.nodes if n.nested is not None), default=0)

    @property
    def size(self) -> int:
        """Its nodes, those of nested branches included."""
        return len(self.nodes) + sum(n.nested.size for n in self.nodes if n.nested is not None)


@dataclass(frozen=True)
class Net:
    """A forcing chain or net: one branch per supposition.

    Attributes:
        kind: ``"contradiction"`` (one branch, which contradicts itself: its supposition is
            false), ``"cell"`` (a branch per candidate of a cell) or ``"unit"`` (a branch
            per place of a value in a unit, :attr:`unit`): in a cell or unit net, the
            step's conclusion holds in every branch that does not contradict itself;
            ``"fins"`` (a Kraken fish: a branch per fin, the conclusion holding in every
            branch and when the fish does).
        branches: the :class:`Branch`\\ es.
        unit: for a unit net, its unit (a constraint); ``None`` otherwise.
    """

    kind: str
    branches: tuple[Branch, ...]
    unit: object | None = None

    @property
    def depth(self) -> int:
        """The deepest nesting of suppositions: 1 for a plain forcing chain or net."""
        return max(b.depth for b in self.branches)

    @property
    def size(self) -> int:
        """The implications written out, over every branch (nested ones included)."""
        return sum(b.size for b in self.branches)

    def on(self, position: Callable[[Hashable], Hashable], value: Callable[[int], int] | None = None) -> Net:
        """The same net with each cell mapped by ``position`` (a model's ``position``), and
        each value by ``value`` when given (a value's position to the puzzle's digit)."""
        digit = value or (lambda v: v)

        def branch(b: Branch) -> Branch:
            nodes = tuple(  # (new_node: what dataclasses.replace gives, at a fraction of its cost)
                new_node(
                    n.kind,
                    None if n.cell is None else position(n.cell),
                    None if n.value is None else digit(n.value),
                    n.rule,
                    n.unit,
                    n.because,
                    None if n.nested is None else branch(n.nested),
                )
                for n in b.nodes
            )
            return Branch(position(b.cell), digit(b.value), nodes)

        return Net(self.kind, tuple(branch(b) for b in self.branches), self.unit)


def _fact(node: NetNode, name: Callable[[Hashable], str]) -> str:
    return f"{name(node.cell)}{'=' if node.kind == '=' else '<>'}{node.value}"


_BY_RULE = {
    "suppose": "if {fact}:",
    "placed": "{fact} ({premise})",
    "peer": "{fact} ({premise} sees it)",
    "naked single": "{fact} (the only candidate left in {cell})",
    "hidden single": "{fact} (the only place left for {value} in {unit})",
    "required digit": "{fact} ({unit} holds only as many digits as cells: {value} is there, only here)",
}
"""The wording of an implication by its rule (these rules first)."""

_BY_END = {
    "no candidate": "{cell} has no candidate left",
    "no place": "{value} has no place left in {unit}",
    "too few digits": "{unit} has fewer digits left than cells",
    "unsatisfiable": "{unit} cannot hold any more",
}
"""The wording of a branch's end by its kind."""

_BY_CONSTRAINT = "{fact} ({unit})"
_NESTED = "{fact} (supposing {cell}={value} fails:)"


def _line(node: NetNode, nodes, name, label) -> str:
    """One implication in words, its premises named (the templates above, filled in)."""
    template = _BY_RULE.get(node.rule) or _BY_END.get(node.kind)
    if template is None:
        template = _BY_CONSTRAINT if node.rule == "constraint" else _NESTED
    return template.format(
        fact=_fact(node, name) if node.cell is not None else "",
        premise=_fact(nodes[node.because[0]], name) if node.because else "",
        cell=name(node.cell) if node.cell is not None else "",
        unit=label(node.unit) if node.unit is not None else "",
        value=node.value,
    )


def branch_lines(
    branch: Branch, name: Callable[[Hashable], str], label: Callable[[object], str], indent: str = ""
) -> list[str]:
    """The lines of one branch: its supposition, then each implication indented under it
    (a nested branch indented once more)."""
    lines = []
    for node in branch.nodes:
        inner = "" if node.rule == "suppose" else "  "
        lines.append(indent + inner + _line(node, branch.nodes, name, label))
        if node.nested is not None:
            lines += branch_lines(node.nested, name, label, indent + "    ")
    return lines


def net_text(net: Net, name: Callable[[Hashable], str], label: Callable[[object], str]) -> str:
    """The net as an indented "if ... then ..." tree, one implication a line, each with
    the rule and the candidates it follows from; ``name`` names a cell, ``label`` a
    constraint."""
    lines: list[str] = []
    for branch in net.branches:
        lines += branch_lines(branch, name, label)
    return "\n".join(lines)


def _kept(nodes: Sequence[NetNode | RecordNode], ends: list[int]) -> set[int]:
    """The indices of the nodes that ``ends`` (indices) follow from, and the supposition's."""
    keep: set[int] = set()
    stack = list(ends)
    while stack:
        i = stack.pop()
        if i in keep:
            continue
        keep.add(i)
        stack.extend(nodes[i].because)
    keep.add(0)
    return keep


def slice_size(nodes: Sequence[NetNode | RecordNode], ends: list[int]) -> int:
    """The :attr:`Branch.size` of :func:`slice_branch`'s answer, without building it (the
    smallest of several nets is built alone)."""
    keep = _kept(nodes, ends)
    return len(keep) + sum(nodes[i].nested.size for i in keep if nodes[i].nested is not None)


def slice_branch(nodes: Sequence[NetNode | RecordNode], ends: list[int]) -> Branch:
    """The branch of ``nodes`` (the first the supposition; :class:`NetNode`\\ s, or a
    propagation's :class:`RecordNode`\\ s) cut to the nodes that ``ends`` (indices) follow
    from, premises renumbered: a :class:`Branch` of :class:`NetNode`\\ s."""
    order = sorted(_kept(nodes, ends))
    renumber = {old: new for new, old in enumerate(order)}.__getitem__
    kept = []
    for n in map(nodes.__getitem__, order):
        because = tuple(map(renumber, n.because))
        if type(n) is RecordNode:
            kept.append(as_net_node(n, because))
        else:
            # the node itself when its premises keep their numbers (nodes do not change), else
            # as dataclasses.replace would give, at a fraction of its cost: a hot path of the nets
            kept.append(
                n
                if because == n.because
                else new_node(n.kind, n.cell, n.value, n.rule, n.unit, because, n.nested)
            )
    return Branch(nodes[0].cell, nodes[0].value, tuple(kept))


__all__ = [
    "RULES",
    "Branch",
    "Net",
    "NetNode",
    "RecordNode",
    "as_net_node",
    "branch_lines",
    "net_text",
    "new_node",
    "record_node",
    "slice_branch",
    "slice_size",
]
