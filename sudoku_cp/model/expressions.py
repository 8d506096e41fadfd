"""Safe little languages users write rules in: a predicate over two digits, and a regular
expression over a line's digits.

Both are read without running any code of the user's: a predicate is parsed by
:mod:`ast` and evaluated by a small interpreter over a whitelist of node types (names
``a`` and ``b``, integers, arithmetic, comparisons, ``and``/``or``/``not``, ``abs``,
``min``, ``max``); a regular expression is parsed by Python's own regular-expression
parser (no matching engine runs) and turned into a deterministic automaton by
Brzozowski derivatives (J. A. Brzozowski, "Derivatives of regular expressions", JACM
11(4), 1964), its states the derivatives up to associativity, commutativity and
idempotence of ``|``.

>>> sorted(pair_table("abs(a - b) >= 3", 4))
[(1, 4), (4, 1)]
>>> line = regular_automaton("1[2-4]*1", 4)
>>> line.accepts((1, 3, 2, 1)), line.accepts((1, 3, 2))
(True, False)
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable, Sequence
from typing import Any

from sudoku_cp.errors import InvalidPuzzleError
from sudoku_cp.model.constraints import Automaton

try:  # Python 3.11+: the parser of the re module (no matching engine runs)
    from re import _constants as _sre
    from re import _parser as _sre_parse
except ImportError:  # pragma: no cover - older layouts
    import sre_constants as _sre  # type: ignore[no-redef]
    import sre_parse as _sre_parse  # type: ignore[no-redef]

MAX_EXPRESSION = 200
"""The longest predicate or regular expression read, in characters."""

MAX_STATES = 5000
"""The most states an automaton read from a regular expression may have."""

_FUNCTIONS: dict[str, Callable[..., int]] = {"abs": abs, "min": min, "max": max}
_BINARY: dict[type, Callable[[int, int], int]] = {
    ast.Add: lambda x, y: x + y,
    ast.Sub: lambda x, y: x - y,
    ast.Mult: lambda x, y: x * y,
    ast.FloorDiv: lambda x, y: x // y if y else 0,
    ast.Mod: lambda x, y: x % y if y else 0,
}
_COMPARE: dict[type, Callable[[int, int], bool]] = {
    ast.Eq: lambda x, y: x == y,
    ast.NotEq: lambda x, y: x != y,
    ast.Lt: lambda x, y: x < y,
    ast.LtE: lambda x, y: x <= y,
    ast.Gt: lambda x, y: x > y,
    ast.GtE: lambda x, y: x >= y,
}


def _check(node: ast.AST, text: str) -> None:
    """Refuse any node outside the grammar (before anything is evaluated)."""
    allowed = (
        ast.Expression,
        ast.BoolOp,
        ast.And,
        ast.Or,
        ast.UnaryOp,
        ast.Not,
        ast.USub,
        ast.BinOp,
        ast.Compare,
        ast.Call,
        ast.Name,
        ast.Load,
        ast.Constant,
        *_BINARY,
        *_COMPARE,
    )
    for child in ast.walk(node):
        if not isinstance(child, allowed):
            raise InvalidPuzzleError(f"predicate {text!r}: {type(child).__name__} is not allowed")
        if isinstance(child, ast.Name) and child.id not in ("a", "b", *_FUNCTIONS):
            raise InvalidPuzzleError(f"predicate {text!r}: unknown name {child.id!r} (use a and b)")
        if isinstance(child, ast.Call) and (
            not isinstance(child.func, ast.Name) or child.func.id not in _FUNCTIONS or child.keywords
        ):
            raise InvalidPuzzleError(f"predicate {text!r}: only abs, min and max may be called")
        if isinstance(child, ast.Constant) and (
            isinstance(child.value, bool) or not isinstance(child.value, int)
        ):
            raise InvalidPuzzleError(f"predicate {text!r}: {child.value!r} is not an integer")


def _evaluate(node: ast.AST, a: int, b: int) -> Any:
    if isinstance(node, ast.Expression):
        return _evaluate(node.body, a, b)
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return a if node.id == "a" else b
    if isinstance(node, ast.BinOp):
        return _BINARY[type(node.op)](_evaluate(node.left, a, b), _evaluate(node.right, a, b))
    if isinstance(node, ast.UnaryOp):
        operand = _evaluate(node.operand, a, b)
        return -operand if isinstance(node.op, ast.USub) else not operand
    if isinstance(node, ast.BoolOp):
        results = (_evaluate(v, a, b) for v in node.values)
        return all(results) if isinstance(node.op, ast.And) else any(results)
    if isinstance(node, ast.Compare):
        left = _evaluate(node.left, a, b)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = _evaluate(right_node, a, b)
            if not _COMPARE[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.Call):
        return _FUNCTIONS[node.func.id](*(_evaluate(arg, a, b) for arg in node.args))  # type: ignore[attr-defined]
    raise InvalidPuzzleError(f"predicate: {type(node).__name__} is not allowed")  # pragma: no cover


def predicate(text: str) -> Callable[[int, int], bool]:
    """The function of ``a`` (the first cell's digit) and ``b`` (the second's) that ``text``
    states, e.g. ``"abs(a - b) >= 5"``, ``"(a + b) % 2 == 1"``, ``"a != 2 * b and b != 2 * a"``.

    Raises:
        InvalidPuzzleError: not a string, longer than :data:`MAX_EXPRESSION` characters, not
            an expression, or a part outside the grammar (the message names it).
    """
    if not isinstance(text, str) or not text.strip():
        raise InvalidPuzzleError(f"a predicate is a non-empty string such as 'abs(a-b)>=5', not {text!r}")
    if len(text) > MAX_EXPRESSION:
        raise InvalidPuzzleError(f"a predicate has at most {MAX_EXPRESSION} characters, not {len(text)}")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as error:
        raise InvalidPuzzleError(f"predicate {text!r} is not an expression: {error.msg}") from None
    _check(tree, text)
    return lambda a, b: bool(_evaluate(tree, a, b))


@functools.cache
def pair_table(text: str, side: int, digits: Sequence[int] | None = None) -> frozenset[tuple[int, int]]:
    """The pairs ``(a, b)`` of digits ``1..side`` (or of ``digits``, a grid of other digits)
    that the predicate ``text`` accepts.

    Raises:
        InvalidPuzzleError: as :func:`predicate`.
    """
    test = predicate(text)
    values = tuple(digits) if digits is not None else tuple(range(1, side + 1))
    return frozenset((a, b) for a in values for b in values if test(a, b))


# -- regular expressions over digits -----------------------------------------------------------

_EMPTY = ("empty",)  # no word
_EPSILON = ("eps",)  # the empty word


def digit_symbol(value: int) -> str:
    """The character of a value in a regular expression: ``1``..``9``, then ``A`` for 10,
    ``B`` for 11, ... (hexadecimal style, as 16x16 grids write them).

    >>> digit_symbol(7), digit_symbol(10)
    ('7', 'A')
    """
    return str(value) if value < 10 else chr(ord("A") + value - 10)


def _symbol_value(code: int, values: frozenset[int]) -> int | None:
    char = chr(code).upper()
    if char.isdigit():
        value = int(char)
    elif "A" <= char <= "Z":
        value = ord(char) - ord("A") + 10
    else:
        return None
    return value if value in values else None


def _alt(parts: list[tuple]) -> tuple:
    """The alternative of ``parts`` (a set: order and repeats do not matter)."""
    return _simplified("alt", parts, _EMPTY, None, frozenset)


def _cat(parts: list[tuple]) -> tuple:
    """The concatenation of ``parts``, in order."""
    return _simplified("cat", parts, _EPSILON, _EMPTY, tuple)


def _simplified(
    operator: str,
    parts: list[tuple],
    identity: tuple,
    zero: tuple | None,
    collect: Callable[[list[tuple]], frozenset[tuple] | tuple[tuple, ...]],
) -> tuple:
    """``(operator, parts)`` kept small, so that equal derivatives compare equal
    (Brzozowski, JACM 1964): nested terms of the same operator flattened, ``identity``
    parts dropped, a ``zero`` part absorbing the whole (``None``: none does); one part
    left is itself, none is ``identity``. ``collect`` makes the parts' collection."""
    flat: list[tuple] = []
    for part in parts:
        if part == zero:
            return part
        if part[0] == operator:
            flat.extend(part[1])
        elif part != identity:
            flat.append(part)
    collected = collect(flat)
    if not collected:
        return identity
    if len(collected) == 1:
        return next(iter(collected))
    return (operator, collected)


def _star(part: tuple) -> tuple:
    if part in (_EMPTY, _EPSILON):
        return _EPSILON
    return part if part[0] == "star" else ("star", part)


def _nullable(term: tuple) -> bool:
    kind = term[0]
    if kind in ("eps", "star"):
        return True
    if kind in ("empty", "set"):
        return False
    if kind == "cat":
        return all(_nullable(t) for t in term[1])
    return any(_nullable(t) for t in term[1])  # alt


def _derivative(term: tuple, value: int) -> tuple:
    kind = term[0]
    if kind in ("empty", "eps"):
        return _EMPTY
    if kind == "set":
        return _EPSILON if value in term[1] else _EMPTY
    if kind == "star":
        return _cat([_derivative(term[1], value), term])
    if kind == "alt":
        return _alt([_derivative(t, value) for t in term[1]])
    first, rest = term[1][0], _cat(list(term[1][1:]))
    head = _cat([_derivative(first, value), rest])
    return _alt([head, _derivative(rest, value)]) if _nullable(first) else head


def _term(items: Any, alphabet: frozenset[int], text: str, budget: list[int]) -> tuple:
    """The term of a parsed pattern (``re._parser`` items) over the digits ``alphabet``,
    refusing what is not regular."""
    parts = []
    for op, argument in items:
        budget[0] -= 1
        if budget[0] < 0:
            raise InvalidPuzzleError(
                f"regular expression {text!r} is too large once its repeats are written out"
            )
        if op is _sre.LITERAL:
            value = _symbol_value(argument, alphabet)
            parts.append(("set", frozenset({value})) if value is not None else _EMPTY)
        elif op is _sre.NOT_LITERAL:
            value = _symbol_value(argument, alphabet)
            parts.append(("set", alphabet - {value}))
        elif op is _sre.ANY:
            parts.append(("set", alphabet))
        elif op is _sre.IN:
            values: set[int] = set()
            negate = False
            for kind, item in argument:
                if kind is _sre.NEGATE:
                    negate = True
                elif kind is _sre.LITERAL:
                    value = _symbol_value(item, alphabet)
                    values.update({value} if value is not None else set())
                elif kind is _sre.RANGE:
                    low, high = item
                    values.update(
                        v for c in range(low, high + 1) if (v := _symbol_value(c, alphabet)) is not None
                    )
                else:
                    raise InvalidPuzzleError(f"regular expression {text!r}: {kind} is not allowed in [...]")
            if negate:
                values = set(alphabet) - values
            parts.append(("set", frozenset(values)) if values else _EMPTY)
        elif op is _sre.BRANCH:
            parts.append(_alt([_term(branch, alphabet, text, budget) for branch in argument[1]]))
        elif op is _sre.SUBPATTERN:
            group, add_flags, del_flags, inner = argument
            if add_flags or del_flags:
                raise InvalidPuzzleError(f"regular expression {text!r}: flags are not allowed")
            parts.append(_term(inner, alphabet, text, budget))
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT):
            low, high, inner = argument
            body = _term(inner, alphabet, text, budget)
            budget[0] -= low + (0 if high is _sre.MAXREPEAT else high - low)
            repeated = [body] * low
            if high is _sre.MAXREPEAT:
                repeated.append(_star(body))
            else:
                repeated += [_alt([body, _EPSILON])] * (high - low)
            parts.append(_cat(repeated))
        else:
            raise InvalidPuzzleError(
                f"regular expression {text!r}: {str(op).lower()} is not allowed (use digits, [..], ., |, "
                "(..), *, +, ? and {m,n})"
            )
    return _cat(parts)


@functools.cache
def regular_automaton(text: str, side: int, digits: tuple[int, ...] | None = None) -> Automaton:
    """The deterministic automaton of a regular expression over the digits ``1..side``
    (written as :func:`digit_symbol` writes them), matched against the whole line; with
    ``digits`` (a grid of other digits, :mod:`sudoku_cp.model.digits`: ``0..8``), the
    pattern speaks of those digits (``0`` is a digit) and the automaton reads their
    positions ``1..k``.

    The grammar: digits (and ``A``.. past 9), ``.`` (any digit), classes ``[1-4]``,
    ``[^5]``, grouping ``( )``, alternation ``|``, repeats ``*``, ``+``, ``?``,
    ``{m}``, ``{m,n}``. A character that is not a digit of the grid matches nothing.

    Raises:
        InvalidPuzzleError: not a string, too long, not a regular expression, a construct
            outside the grammar (back-references, anchors, look-arounds, flags), or an
            automaton of more than :data:`MAX_STATES` states.
    """
    if not isinstance(text, str):
        raise InvalidPuzzleError(f"a regular expression is a string such as '1[2-8]*9', not {text!r}")
    if len(text) > MAX_EXPRESSION:
        raise InvalidPuzzleError(
            f"a regular expression has at most {MAX_EXPRESSION} characters, not {len(text)}"
        )
    try:
        parsed = _sre_parse.parse(text)
    except (re.error, RecursionError, OverflowError) as error:
        raise InvalidPuzzleError(f"{text!r} is not a regular expression: {error}") from None
    alphabet = tuple(digits) if digits else tuple(range(1, side + 1))
    start = _term(list(parsed), frozenset(alphabet), text, [20 * MAX_EXPRESSION])
    states: set[tuple] = set()

    def step(state: tuple, position: int) -> tuple | None:
        following = _derivative(state, alphabet[position - 1])
        if following == _EMPTY:
            return None
        if following not in states:
            states.add(following)
            if len(states) > MAX_STATES:
                raise InvalidPuzzleError(f"regular expression {text!r} needs more than {MAX_STATES} states")
        return following

    return Automaton.build(start, step, _nullable, len(alphabet))


def nfa_automaton(nfa: tuple, side: int, name: str = "the automaton") -> Automaton:
    """The deterministic automaton over ``1..side`` of a nondeterministic one given as data:
    ``(starts, accepting, transitions)``, state numbers, ``transitions`` ``(state, value,
    next)`` triples (the subset construction: a state of the result is a set of states).

    Raises:
        InvalidPuzzleError: malformed data (naming ``name``), or more than
            :data:`MAX_STATES` states.

    >>> one_1 = nfa_automaton(((0,), (1,), ((0, 2, 0), (0, 1, 1), (1, 2, 1))), 2)
    >>> sorted(one_1.transitions[one_1.start])
    [1, 2]
    """
    try:
        starts, accepting, transitions = nfa
        starts = frozenset(int(s) for s in starts)
        accepting = frozenset(int(s) for s in accepting)
        moves: dict[tuple[int, int], set[int]] = {}
        for state, value, following in transitions:
            moves.setdefault((int(state), int(value)), set()).add(int(following))
    except (TypeError, ValueError):
        raise InvalidPuzzleError(
            f"{name}: an automaton is [starts, accepting, [[state, value, next], ...]]"
        ) from None
    seen: set[frozenset] = set()

    def step(state: frozenset, value: int) -> frozenset | None:
        following = frozenset(t for s in state for t in moves.get((s, value), ()))
        if not following:
            return None
        seen.add(following)
        if len(seen) > MAX_STATES:
            raise InvalidPuzzleError(f"{name} needs more than {MAX_STATES} states")
        return following

    return Automaton.build(starts, step, lambda state: bool(state & accepting), side)
