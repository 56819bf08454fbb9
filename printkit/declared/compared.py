"""An expression that compares a card's text with a number (`cost > 3` where the cell says `3a`),
or counts with it, said in the designer's words: which field, what it holds, and what would work,
in place of Python's `'>' not supported between instances of 'str' and 'int'`. A cell of digits is
a number already (bind.py's scope_of); what is left as text is text the designer typed."""

from __future__ import annotations

import re

import jinja2.nodes

MIXED = re.compile(r"not supported between instances of '(str|int|float)' and '(str|int|float)'|"
                   r"unsupported operand type\(s\) for .+: '(str|int|float)' and '(str|int|float)'|"
                   r"can only concatenate str \(not \"(int|float)\"\) to str|"
                   r"can't multiply sequence by non-int")


def text_for_number(error: Exception, names: set[str], scope: dict, tree, source: str = "") -> tuple[str, str] | None:
    """(message, the field it is about) when `error` is a text met where a number was asked for
    (or a number compared with a text in quotes); None for any other error. `tree`: the
    expression's syntax tree, for what it is compared with; `source`: the expression as written."""
    if not isinstance(error, TypeError) or not MIXED.search(str(error)):
        return None
    texts = [name for name in sorted(names) if isinstance(scope.get(name), str)]
    if texts:
        name = _compared(tree, texts) or texts[0]
        return _said(name, scope[name], _beside(tree, name, (int, float)), source), name
    for name in sorted(names):
        quoted = _beside(tree, name, (str,)) if _is_number(scope.get(name)) else None
        if quoted is not None:
            return (f"{name} is the number {scope[name]:g} on this card, compared with the text '{quoted}': write "
                    f"the number without quotes"), name
    return None


def _said(name: str, text: str, number, source: str) -> str:
    if _reads_as_number(text):  # "2.50": kept as typed so that it prints so
        shown = f"{number:g}" if number is not None else "a number"
        return (f"{name} is '{text}', a number written as text (kept so, to print as typed): compare "
                f"`{name} | float` with {shown}, or write the cell as {float(text):g}")
    guarded = source if not re.search(r"\b(or|if)\b", source) else f"({source})"
    return (f"{name} is the text '{text}', not a number: make the cell a number, or test it first "
            f"(`{name} is number and {guarded}`)")


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _reads_as_number(text: str) -> bool:
    try:
        float(text.strip())
    except ValueError:
        return False
    return bool(text.strip())


def _compared(tree, texts: list[str]) -> str | None:
    """The first of `texts` that the expression compares with a number."""
    for name in texts:
        if _beside(tree, name, (int, float)) is not None:
            return name
    return None


def _beside(tree, name: str, kinds: tuple):
    """The constant of `kinds` the expression compares `name` with, or counts it with (`cost > 3`,
    `3 <= cost`, `cost + 1`, `cost > '3'`), if it writes one."""
    if tree is None:
        return None
    for node in tree.find_all((jinja2.nodes.Compare, jinja2.nodes.BinExpr)):
        sides = [node.expr] + [operand.expr for operand in node.ops] if isinstance(node, jinja2.nodes.Compare) \
            else [node.left, node.right]
        if any(isinstance(side, jinja2.nodes.Name) and side.name == name for side in sides):
            for side in sides:
                if isinstance(side, jinja2.nodes.Const) and isinstance(side.value, kinds) \
                        and not isinstance(side.value, bool):
                    return side.value
    return None
