"""Chains as data, and their Eureka notation.

A chain step (X-Chain, XY-Chain, AIC, a wing, a single-digit pattern, colouring, ALS-XZ)
keeps its path as a :class:`Chain`: its nodes (:class:`ChainNode`: cells and values) and,
between each two, a *strong* link (``=``: if the left node is false, the right one is
true) or a *weak* one (``-``: if the left node is true, the right one is false).
:func:`eureka` writes it in Eureka notation, the chain notation of the Sudoku players'
forum, Sudopedia ("Eureka") and HoDoKu's step texts:

* a candidate is ``(4)r1c2``; a strong link ``=``, a weak one ``-``;
* two nodes on the same cells share their cells, the link inside the brackets:
  ``(1=2)r3c4`` (a cell with two candidates), ``(4-6)r1c7``;
* a group (the places of a value in a line and a box) runs its digits together:
  ``(4)r1c12`` (row 1, columns 1 and 2), ``(4)r12c3``, ``(4)r1c2|r2c13``;
* an almost locked set (ALS) lists the value linked to the previous node, ``=``, then its
  other values, the one linked to the next node last: ``(1=24)r5c126``;
* the conclusion follows ``=>``: ``r1c3,r5c2<>4`` removes 4 from r1c3 and r5c2,
  ``r4c4=7`` places 7.

On a grid with more than nine rows or columns (16x16, a multi-grid board) digits cannot
run together: a group names each cell, ``(4)r10c1|r10c12``.

>>> x = ChainNode(((0, 1),), (4,)), ChainNode(((0, 6),), (4,)), ChainNode(((4, 6),), (4,))
>>> chain = Chain((*x, ChainNode(((4, 2),), (4,))), (True, False, True))
>>> eureka(chain, [(0, 2, 4), (4, 1, 4)])
'(4)r1c2=(4)r1c7-(4)r5c7=(4)r5c3 => r1c3,r5c2<>4'
>>> xy = [ChainNode(((2, 3),), (1,)), ChainNode(((2, 3),), (2,)), ChainNode(((2, 7),), (2,))]
>>> xy += [ChainNode(((2, 7),), (7,)), ChainNode(((5, 7),), (7,)), ChainNode(((5, 7),), (1,))]
>>> eureka(Chain(tuple(xy), (True, False, True, False, True)), [(5, 3, 1)])
'(1=2)r3c4-(2=7)r3c8-(7=1)r6c8 => r6c4<>1'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass

Position = tuple[int, int]
"""``(row, column)``, 0-based (on the board, for a multi-grid model)."""


@dataclass(frozen=True)
class ChainNode:
    """One node of a chain.

    Attributes:
        cells: its cells: one for a candidate; several for a group (the places of its
            value in a unit) or an ALS. Row-major cell indices in a
            :class:`~sudoku_cp.reasoning.techniques.board.Deduction`, ``(row, column)`` positions
            in a :class:`~sudoku_cp.reasoning.stepwise.Step`.
        values: its value; for an ALS node, the values that are true when the node is
            (the set less the value linked to the previous node), the one linked to the
            next node last.
        als: True for an almost locked set: ``len(cells)`` cells holding
            ``len(cells) + 1`` candidates between them.
    """

    cells: tuple[Hashable, ...]
    values: tuple[int, ...]
    als: bool = False


@dataclass(frozen=True)
class Chain:
    """A chain: nodes, and the kind of each link between consecutive nodes.

    Links alternate. An alternating inference chain (X-Chain, XY-Chain, AIC, wings,
    single-digit patterns, a colour trap, ALS-XZ) starts and ends with a strong link: one of
    its two end nodes is true. A colour wrap is a discontinuous loop, from a node back to
    itself, starting and ending with a weak link: that node is false.

    Attributes:
        nodes: the :class:`ChainNode`\\ s, in order (at least two).
        strong: one flag per link, ``strong[i]`` for the link from ``nodes[i]`` to
            ``nodes[i + 1]``: True for a strong link (``=``), False for a weak one (``-``).
        compact: whether a group may run its row or column digits together
            (``r5c456``): true on a grid whose rows and columns are numbered 1 to 9.

    Raises:
        ValueError: fewer than two nodes, or not one flag per link.
    """

    nodes: tuple[ChainNode, ...]
    strong: tuple[bool, ...]
    compact: bool = True

    def __post_init__(self) -> None:
        if len(self.nodes) < 2 or len(self.strong) != len(self.nodes) - 1:
            raise ValueError(f"a chain of {len(self.nodes)} nodes needs {len(self.nodes) - 1} link kinds")

    def links(self) -> Iterable[tuple[ChainNode, bool, ChainNode]]:
        """Each link as ``(node, strong, next node)``."""
        return zip(self.nodes[:-1], self.strong, self.nodes[1:], strict=True)

    def on(
        self,
        position: Callable[[Hashable], Position],
        compact: bool,
        value: Callable[[int], int] | None = None,
    ) -> Chain:
        """The same chain with each cell mapped by ``position`` (a model's
        ``position``: cell index to ``(row, column)``), and each value by ``value`` when
        given (a value's position to the puzzle's digit)."""
        digit = value or (lambda v: v)
        nodes = tuple(
            ChainNode(tuple(map(position, n.cells)), tuple(map(digit, n.values)), n.als) for n in self.nodes
        )
        return Chain(nodes, self.strong, compact)

    @property
    def alternates(self) -> bool:
        """True when strong and weak links alternate."""
        return all(a != b for a, b in zip(self.strong, self.strong[1:], strict=False))


def alternating(nodes: Sequence[ChainNode], first_strong: bool = True) -> Chain:
    """A chain whose links alternate, the first strong (``first_strong``) or weak."""
    return Chain(tuple(nodes), tuple((i % 2 == 0) == first_strong for i in range(len(nodes) - 1)))


def group_name(cells: Iterable[Position], compact: bool = True, separator: str = "|") -> str:
    """The Eureka name of a set of cells: ``r5c456`` (one row), ``r45c4`` (one column),
    ``r5c4|r6c45`` (several: by rows, or by columns when that is shorter); each cell by
    itself, ``separator`` between, when not ``compact``.

    >>> group_name([(4, 3), (4, 4), (4, 5)]), group_name([(4, 3), (5, 3)])
    ('r5c456', 'r56c4')
    >>> group_name([(4, 3), (5, 3), (5, 4)]), group_name([(9, 0), (9, 11)], compact=False)
    ('r5c4|r6c45', 'r10c1|r10c12')
    """
    cells = sorted(dict.fromkeys(cells))
    if not compact:
        return separator.join(f"r{r + 1}c{c + 1}" for r, c in cells)
    by_row: dict[int, list[int]] = {}
    by_column: dict[int, list[int]] = {}
    for r, c in cells:
        by_row.setdefault(r, []).append(c)
        by_column.setdefault(c, []).append(r)
    if len(by_column) < len(by_row):
        parts = (f"r{''.join(str(r + 1) for r in rs)}c{c + 1}" for c, rs in sorted(by_column.items()))
    else:
        parts = (f"r{r + 1}c{''.join(str(c + 1) for c in cs)}" for r, cs in by_row.items())
    return separator.join(parts)


def _values(values: Sequence[int]) -> str:
    return ("" if max(values) < 10 else ",").join(map(str, values))


def notation(chain: Chain) -> str:
    """The chain alone in Eureka notation (see the module docstring)."""
    nodes, strong = chain.nodes, chain.strong
    parts: list[str] = []
    i = 0
    while i < len(nodes):
        node = nodes[i]
        if i > 0:
            parts.append("=" if strong[i - 1] else "-")
        inside = _values(node.values)
        # two nodes on the same cells (a cell's two candidates, an ALS): one name, the link inside
        if i + 1 < len(nodes) and set(nodes[i + 1].cells) == set(node.cells):
            symbol = "=" if strong[i] else "-"
            inside += symbol + _values(nodes[i + 1].values)
            i += 1
        parts.append(f"({inside}){group_name(node.cells, chain.compact)}")
        i += 1
    return "".join(parts)


def conclusion(
    eliminations: Iterable[tuple[int, int, int]],
    placements: Iterable[tuple[int, int, int]] = (),
    compact: bool = True,
) -> str:
    """``r1c3,r5c2<>4, r6c4<>1``: the candidates removed, by value, and the digits placed
    (``r4c4=7``); ``(row, column, value)`` triples, 0-based. The cells of one value are
    grouped as in :func:`group_name` (``r1c3456``), with commas, as HoDoKu writes them;
    values removed from the same cells go together (``r5c6<>459``).

    >>> conclusion([(0, 2, 4), (4, 1, 4), (0, 3, 4), (5, 3, 1)])
    'r6c4<>1, r1c34,r5c2<>4'
    >>> conclusion([(4, 5, 4), (4, 5, 5), (4, 5, 9)])
    'r5c6<>459'
    """
    placed = [f"r{r + 1}c{c + 1}={v}" for r, c, v in placements]
    if placed:
        return ", ".join(placed)
    by_value: dict[int, list[Position]] = {}
    for r, c, v in eliminations:
        by_value.setdefault(v, []).append((r, c))
    by_cells: dict[tuple[Position, ...], list[int]] = {}  # values removed from the same cells together
    for v, cells in sorted(by_value.items()):
        by_cells.setdefault(tuple(sorted(cells)), []).append(v)
    return ", ".join(group_name(cells, compact, ",") + f"<>{_values(vs)}" for cells, vs in by_cells.items())


def eureka(
    chain: Chain,
    eliminations: Iterable[tuple[int, int, int]],
    placements: Iterable[tuple[int, int, int]] = (),
) -> str:
    """The chain and its conclusion in Eureka notation: ``chain => conclusion`` (see the
    module docstring); ``eliminations`` and ``placements`` are ``(row, column, value)``
    triples, 0-based."""
    return f"{notation(chain)} => {conclusion(eliminations, placements, chain.compact)}"
