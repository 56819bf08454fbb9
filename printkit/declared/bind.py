"""Values bound to a card's data, as a designer writes them in a layout: any property of a layer
may be written four ways, and each card gets its own value.

- as it is: `fill: navy`, `size: 12`;
- a field of the card, its values mapped: `fill: {field: element, map: {fire: ember, water: sea},
  default: grey}` (no `map`: the field's value itself);
- an expression over the card's fields, after `=`: `fill: "= 'ember' if power > 3 else 'sea'"`;
- a text with the card's fields in double braces: `text: "Costs {{ cost }} gold"`.

Expressions and texts are Jinja's, run in printkit's sandbox (printkit/load/sandbox.py): bounded, no
way out to Python. A card's fields are names in them (a number written as digits is a number:
`power > 3`; `true` and `false`, a spreadsheet's TRUE and FALSE, are true and false; a field the
card leaves empty is none, and false); `game` is the game's content,
`words` the product's template's named words, and `end` which end of the card a layer that
reads from both ends is drawn at (`top` or `bottom`). A name that is none of these is found once,
before any card is planned; a value wrong for one card is that card's problem.
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass
from typing import Any

import jinja2
import jinja2.nodes
import jinja2.parser
import markupsafe

from printkit.declared.compared import text_for_number
from printkit.load.folding import Compiling, shallow, undeclared

EXPRESSION = "="  # a value that starts with this is an expression
NAMES = ("game", "words", "end", "values")  # what an expression may name besides the card's fields
NUMBER = re.compile(r"-?\d{1,15}(\.\d{1,15})?$")
TRUTH = {"true": True, "false": False}


class BindingError(ValueError):
    """A binding that cannot give a value: the message says why, for the line it is on; `field`:
    the card's field it is about, when it is one (its cell is where to look)."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Binding:
    """How one property gets its value for each card: `literal` (the value as written), `field`
    (a field's value, through `mapping` with `default`), `expression` or `template` (source)."""

    kind: str
    value: Any = None  # the literal, the field's name or the source
    mapping: tuple[tuple[str, Any], ...] | None = None
    default: Any = None

    @property
    def constant(self) -> bool:
        return self.kind == "literal"

    def names(self) -> set[str]:
        """The names it reads (a field's name; what an expression or a template reads)."""
        if self.kind == "field":
            return {self.value}
        if self.kind in ("expression", "template"):
            return _read_names(self.kind, self.value)
        return set()


def binding(raw: Any) -> Binding:
    """A property as written in game.yaml (already checked for its shape) as a Binding."""
    if isinstance(raw, dict) and "field" in raw:
        mapping = raw.get("map")
        return Binding("field", raw["field"], tuple(mapping.items()) if mapping is not None else None,
                       raw.get("default"))
    if isinstance(raw, str) and raw.startswith(EXPRESSION):
        return Binding("expression", raw[len(EXPRESSION):].strip())
    if isinstance(raw, str) and ("{{" in raw or "{%" in raw):
        return Binding("template", raw)
    return Binding("literal", raw)


def is_bound(raw: Any) -> bool:
    return binding(raw).kind != "literal"


# --- syntax, checked when game.yaml is read ---------------------------------------------------------

_SYNTAX = Compiling(autoescape=True)  # reads bounded, folds nothing: `'x'|center(10**9)` waits for the sandbox


def syntax_error(raw: Any) -> str | None:
    """What is wrong with an expression's or a text's syntax, or None."""
    bound = binding(raw)
    if bound.kind not in ("expression", "template"):
        return None
    if bound.kind == "expression" and not bound.value:
        return "an expression after '=' is missing"
    try:
        _parse(bound.kind, bound.value)
    except jinja2.TemplateSyntaxError as error:
        message = error.message or "not an expression"
        if bound.kind == "expression":  # Jinja reads an expression as a one-line template
            message = message.replace("'end of template'", "end of the expression").replace(
                "end of template", "end of the expression")
        return f"{bound.kind}: {message}"
    return None


@functools.lru_cache(maxsize=4096)
def _parse(kind: str, source: str):
    """A binding's syntax tree (an expression's as the one output of a template), read as Jinja's
    compile_expression reads it, without writing its code."""
    if kind != "expression":
        return shallow(_SYNTAX.parse(source))
    parser = jinja2.parser.Parser(_SYNTAX, source, state="variable")
    expression = parser.parse_expression()
    if not parser.stream.eos:
        raise jinja2.TemplateSyntaxError("chunk after expression", parser.stream.current.lineno, None, None)
    return shallow(jinja2.nodes.Template([jinja2.nodes.Output([expression])]).set_environment(_SYNTAX))


@functools.lru_cache(maxsize=4096)
def _read_names(kind: str, source: str) -> frozenset[str]:
    return frozenset(undeclared(_parse(kind, source)))


def unknown_name(bound: Binding, fields: set[str]) -> str | None:
    """A message for a name the binding reads that no card has and that is not one of NAMES."""
    for name in sorted(bound.names()):
        if name in fields or (bound.kind != "field" and name in NAMES):
            continue
        close = difflib.get_close_matches(name, sorted(fields), n=1)
        hint = f"did you mean '{close[0]}'?" if close else "the cards' fields: " + ", ".join(sorted(fields))
        return f"no card has a field '{name}' ({hint})"
    return None


# --- values, for one card ----------------------------------------------------------------------------

def scope_of(values: dict[str, str], fields: set[str]) -> dict[str, Any]:
    """A card's fields as names for its expressions: every field the deck has (none where this
    card leaves it empty), numbers written as digits as numbers."""
    scope = dict.fromkeys(fields)
    for name, text in values.items():
        scope[name] = _known_number(text) if type(text) is str else _number(text)
    return scope


def one_field(bound: Binding, values: dict[str, str]) -> dict[str, Any] | None:
    """The scope a binding that reads one field of a card needs (a side's `{field: type}` choosing
    its layout, for each of a deck's cards): that field, as scope_of gives it; None for any other
    binding, or a field named as a scope's other names are (it needs the whole scope)."""
    if bound.kind != "field" or bound.value in SCOPED:
        return None
    text = values.get(bound.value)
    return {bound.value: None if text is None else _known_number(text) if type(text) is str else _number(text)}


SCOPED = ("game", "values", "words", "end")  # what a card's scope names besides its fields


@functools.lru_cache(maxsize=65536)
def _known_number(text: str):
    """_number of a plain text, worked out once (a deck's cards are scoped several times a build,
    and most of their values are the same few words and numbers)."""
    return _number(text)


def _number(text: str):
    if text.lower() in TRUTH:  # a spreadsheet's TRUE and FALSE, YAML's true and false
        return TRUTH[text.lower()]
    if NUMBER.match(text):
        number = float(text) if "." in text else int(text)
        if str(number) == text:  # "2.50" stays the text it is: printed as written
            return number
    return text


class Evaluator:
    """Bindings evaluated in a sandbox (printkit's, with `finalize` printing none as nothing)."""

    def __init__(self, environment):
        finalize = lambda value: "" if value is None else text_of(value) if isinstance(value, bool) else value  # noqa: E731
        self.environment = environment.overlay(finalize=finalize)
        # an expression gives a value, not a page: `'<b>' ~ words.title` joins texts as they are
        self.expressions = environment.overlay(finalize=finalize, autoescape=False)
        self.base = environment

    def value(self, bound: Binding, scope: dict, markup: bool = False) -> Any:
        """`bound`'s value with `scope`'s names; BindingError with a message for the layer's line."""
        if bound.kind == "literal":
            return bound.value
        if bound.kind == "field":
            return self._mapped(bound, scope.get(bound.value), scope)
        try:
            if bound.kind == "expression" and PATH.match(bound.value) and bound.value not in CONSTANTS:
                return _followed(bound.value, scope)
            if bound.kind == "expression":
                return self._compiled_expression(bound.value)(**scope)
            return self._compiled_template(bound.value).render(_as_markup(scope) if markup else scope)
        except BindingError:
            raise
        except jinja2.UndefinedError as error:
            raise BindingError(f"{bound.kind} `{_short(bound.value)}`: {error.message}") from None
        except Exception as error:  # noqa: BLE001 - whatever a sandboxed expression does wrong is the designer's
            said = text_for_number(error, bound.names(), scope, _tree(bound), bound.value)
            if said is not None:  # `cost > 3` where the cell says 3a: said in the card's words, at its cell
                raise BindingError(*said) from None
            raise BindingError(f"{bound.kind} `{_short(bound.value)}`: {_describe(error)}") from None

    def _mapped(self, bound: Binding, value, scope: dict):
        if bound.mapping is None:
            return bound.default if value is None else value
        text = None if value is None else text_of(value)
        for key, mapped in bound.mapping:
            if key == text:
                return mapped
        if bound.default is not None or value is None:
            return bound.default
        known = [key for key, _ in bound.mapping]
        close = difflib.get_close_matches(text, known, n=1)
        hint = f"did you mean '{close[0]}'?" if close else "its values: " + ", ".join(known)
        raise BindingError(f"'{text}' is not a value of `{bound.value}` this map knows ({hint}); add it to "
                           f"the map or give a `default`")

    def _compiled_expression(self, source: str):
        return self._kept(("e", source), lambda: self.expressions.compile_expression(source, undefined_to_none=False))

    def _compiled_template(self, source: str):
        return self._kept(("t", source), lambda: self.environment.from_string(source))

    def _kept(self, key: tuple, make):
        """Compiled once a process for each sandbox (each deck, each paper reuses them)."""
        key = (id(self.base),) + key
        found = COMPILED.get(key)
        if found is None or found[0] is not self.base:
            if len(COMPILED) > 4096:  # a long `printkit watch`
                COMPILED.clear()
            found = COMPILED[key] = (self.base, make())
        return found[1]


COMPILED: dict = {}  # (the sandbox's id, kind, source) -> (the sandbox, the compiled binding)
PATH = re.compile(r"[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$")  # `words.back`, `game.redo_tokens`
CONSTANTS = {"true", "false", "none", "True", "False", "None"}  # Jinja's own words, not names to follow


def _followed(path: str, scope: dict):
    """A dotted name's value, as Jinja's sandbox gives it (a mapping's key, else an attribute),
    without compiling it: the layouts of printkit's own kits read their words this way."""
    first, *rest = path.split(".")
    if first not in scope:
        raise jinja2.UndefinedError(f"'{first}' is undefined")
    value = scope[first]
    for name in rest:
        if isinstance(value, dict):
            if name not in value:
                raise jinja2.UndefinedError(f"'dict object' has no attribute '{name}'")
            value = value[name]
        elif value is None or isinstance(value, (str, int, float, list, tuple)):
            raise jinja2.UndefinedError(f"'{type(value).__name__}' object has no attribute '{name}'")
        else:
            value = getattr(value, name)
    return value


def text_of(value) -> str:
    """A value as a card prints it: true and false as written in the data, not as Python's True."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _as_markup(scope: dict) -> dict:
    """The card's texts as markup: `<b>` in a field prints bold where the layer reads markup."""
    return {name: markupsafe.Markup(value) if isinstance(value, str) else value for name, value in scope.items()}


def _tree(bound: Binding):
    try:
        return _parse(bound.kind, bound.value)
    except jinja2.TemplateSyntaxError:
        return None


def _short(source: str) -> str:
    return source if len(source) <= 60 else source[:57] + "..."


def _describe(error: Exception) -> str:
    if isinstance(error, TypeError) and "NoneType" in str(error):
        return f"{error} (a field this card leaves empty is none: test it first, `cost and cost > 3`)"
    if isinstance(error, RecursionError):
        return "it calls itself without end"
    return str(error) or type(error).__name__
