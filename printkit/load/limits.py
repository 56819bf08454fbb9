"""What a template may ask for, and the checks that hold it to that: a text, list or page at most
so long, ranges, numbers, widths given to a format or a filter, macros within macros. Jinja's
operators, string methods and filters that could make something huge are measured (printkit/load/
lengths.py) before they make it; a template that asks for more fails with a TemplateLimit, which the
sandbox (printkit/load/sandbox.py) reports at its line."""

from __future__ import annotations

import re

import jinja2
from jinja2.filters import FILTERS, make_attrgetter
from jinja2.utils import Namespace

from printkit.load.lengths import Measure, TooLong, fields, measure

SIZE_LIMIT = 100_000  # characters in a text, items in a list: a page holds a few thousand
PAGE_LIMIT = 40_000_000  # characters of a whole HTML page (the preview's index of every file: a set of
                         # 10,000 cards' is some 16 million)
WIDTH_LIMIT = 1_000  # a width or count given to center, indent, ljust, batch and the like
RANGE_LIMIT = 10_000
BITS_LIMIT = 10_000  # a number of ~3,000 digits
DEPTH_LIMIT = 100  # macros called within macros
WIDTH_FILTERS = ("center", "batch", "slice")  # indent: _indent
TEXT_FILTERS = ("string", "e", "escape", "forceescape", "safe", "upper", "lower", "capitalize", "title", "trim",
                "striptags", "urlize", "truncate", "wordcount", "urlencode", "xmlattr")  # make a value text
WIDTH_METHODS = {"ljust", "rjust", "center", "zfill", "expandtabs"}
PERCENT_FIELD, BRACE_FIELD = re.compile(r"%(?:\([^)]*\))?[^a-zA-Z%]*"), re.compile(r"\{[^{}]*")
PERCENT_LARGE, BRACE_LARGE = re.compile(r"\d{4,}|\*"), re.compile(r"\d{4,}")  # 1000 wide, or given later


class TemplateLimit(jinja2.TemplateRuntimeError):
    """A template asked for more than any printed page needs."""


def at_most(amount: int, limit: int, what: str) -> None:
    """`what` says what is too much, with `{}` for the amount: "range() of {} numbers"."""
    if amount > limit:
        raise TemplateLimit(f"{what.format(f'{amount:,}')} (at most {limit:,})")


class _BoundedNamespace(Namespace):
    """`{% set ns.text = ns.text ~ ns.text %}` in a loop doubles a text each time round."""

    def __setitem__(self, name, value):
        if isinstance(value, (str, list, tuple)):
            at_most(len(value), SIZE_LIMIT, "a text or list of {} characters or items")
        super().__setitem__(name, value)


def _range(*args) -> range:
    numbers = range(*args)
    at_most(len(numbers), RANGE_LIMIT, "range() of {} numbers")
    return numbers


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_binop(operator: str, left, right) -> None:
    sequence, count = (right, left) if isinstance(right, (str, list, tuple)) else (left, right)
    if operator == "*" and isinstance(sequence, (str, list, tuple)) and _whole(count):
        at_most(len(sequence) * count, SIZE_LIMIT, "a text or list of {} characters or items")
    elif operator in ("*", "**") and _whole(left) and _whole(right):
        bits = left.bit_length() * right if operator == "**" else left.bit_length() + right.bit_length()
        at_most(bits, BITS_LIMIT, "a number of {} bits")
    elif operator == "%" and isinstance(left, str):
        _check_format(left, PERCENT_FIELD, PERCENT_LARGE)
        measured(right, SIZE_LIMIT)


def _check_format(text: str, field: re.Pattern, large: re.Pattern) -> None:
    """`'%9999999d' % 1` and `'{:>9999999}'.format(1)` ask for a text that wide."""
    for spec in field.finditer(text):
        if large.search(spec.group()):
            raise TemplateLimit(f"a format width of 1,000 or more, or given as an argument ({spec.group()})")


def check_call(function, args, kwargs) -> None:
    owner, name = getattr(function, "__self__", None), getattr(function, "__name__", "")
    if not isinstance(owner, str):
        return
    if name in WIDTH_METHODS:
        _check_widths(*args, *kwargs.values())
        if name == "expandtabs":  # each tab as wide as its width
            width = next((value for value in (*args, *kwargs.values()) if _whole(value)), 8)
            at_most(len(owner) + owner.count("\t") * abs(width), SIZE_LIMIT, "a text of {} characters")
    elif name == "replace" and len(args) >= 2:
        _check_replace(owner, *args[:2])
    elif name == "join" and args and isinstance(args[0], (list, tuple)):
        _check_join(owner, args[0])


def _check_widths(*values) -> None:
    for value in values:
        if _whole(value):
            at_most(abs(value), WIDTH_LIMIT, "a width or count of {}")


def _check_replace(text, old, new) -> None:
    if isinstance(text, str) and isinstance(old, str) and isinstance(new, str):
        grown = text.count(old) * max(len(new) - len(old), 0)
        at_most(len(text) + grown, SIZE_LIMIT, "a text of {} characters")


def _check_join(separator, items) -> None:
    length = sum(_length(item) for item in items) + len(str(separator)) * max(len(items) - 1, 0)
    at_most(length, SIZE_LIMIT, "a text of {} characters")


def _length(item) -> int:
    """An item's length as text: a container's measured, not made."""
    return measured(item, SIZE_LIMIT).chars if isinstance(item, (list, tuple, dict, set)) else len(str(item))


def measured(value, limit: int) -> Measure:
    try:
        return measure(value, limit)
    except TooLong as error:
        raise TemplateLimit(str(error)) from None


def check_fields(text: str, args: tuple, kwargs: dict, limit: int) -> None:
    """`'{:{}}'.format('a', 10**9)`: a width or precision given as an argument, as one written in
    the text, is less than 1,000; and what is formatted is measured before it is made text."""
    for role, value in fields(text, args, kwargs):
        if role == "value":
            measured(value, limit)
        elif value is None or not (_whole(value) or isinstance(value, str)):
            raise TemplateLimit("a format width given as an attribute, an item or a value that is not a number")
        elif _whole(value):
            at_most(abs(value), WIDTH_LIMIT - 1, "a format width of {}")
        elif BRACE_LARGE.search(value) or len(value) > 20:
            raise TemplateLimit(f"a format width of 1,000 or more, or given as an argument ({value[:20]})")


def _widths_checked(jinja_filter):
    """center, indent, batch, slice: a width or count of at most WIDTH_LIMIT."""
    passes = getattr(jinja_filter, "jinja_pass_arg", None)  # Jinja reads it from the function it calls

    def checked(*args, **kwargs):
        _check_widths(*args[2 if passes else 1:], *kwargs.values())
        return jinja_filter(*args, **kwargs)

    if passes is not None:
        checked.jinja_pass_arg = passes
    return checked


@jinja2.pass_eval_context
def _join(eval_ctx, value, d="", attribute=None):
    items = list(value)
    shown = items if attribute is None else map(make_attrgetter(eval_ctx.environment, attribute), items)
    _check_join(d, list(shown))
    return FILTERS["join"](eval_ctx, items, d, attribute)


@jinja2.pass_eval_context
def _replace(eval_ctx, s, old, new, count=None):
    _check_replace(str(s), str(old), str(new))
    return FILTERS["replace"](eval_ctx, s, old, new, count)


def _format(value, *args, **kwargs):
    _check_format(str(value), PERCENT_FIELD, PERCENT_LARGE)
    measured(args or kwargs, SIZE_LIMIT)
    return FILTERS["format"](value, *args, **kwargs)


def _text_checked(jinja_filter):
    """A filter that makes its value text (`string`, `upper`, `e`, ...): the value measured first."""
    passes = getattr(jinja_filter, "jinja_pass_arg", None)

    def checked(*args, **kwargs):
        measured(args[1 if passes else 0], SIZE_LIMIT)
        return jinja_filter(*args, **kwargs)

    if passes is not None:
        checked.jinja_pass_arg = passes
    return checked


@jinja2.pass_eval_context
def _tojson(eval_ctx, value, indent=None):
    """JSON, each value a line and `indent` a level when indented: measured before it is made."""
    limit = eval_ctx.environment.size_limit
    size = measured(value, limit)
    step = indent if _whole(indent) else len(indent) if isinstance(indent, str) else 0
    at_most(size.indented(max(step, 0)) if indent is not None else size.chars, limit, "JSON of {} characters")
    return FILTERS["tojson"](eval_ctx, value, indent)


def _pprint(value):
    at_most(measured(value, SIZE_LIMIT).indented(1), SIZE_LIMIT, "a text of {} characters")
    return FILTERS["pprint"](value)


@jinja2.pass_environment
def _wordwrap(environment, s, width=79, break_long_words=True, wrapstring=None, break_on_hyphens=True):
    """Each line ends in `wrapstring`: at most a line a word, a line a piece of a long word, and
    a line a line of the text."""
    text, joint = str(s), str(wrapstring) if wrapstring is not None else environment.newline_sequence
    lines = len(text.split()) + len(text) // max(width, 1) + text.count("\n") + 1 if _whole(width) else len(text) + 1
    at_most(len(text) + lines * len(joint), SIZE_LIMIT, "a text of {} characters")
    return FILTERS["wordwrap"](environment, s, width, break_long_words, wrapstring, break_on_hyphens)


def _indent(s, width=4, first=False, blank=False):
    """Every line begins with `width` spaces (or the text `width`)."""
    _check_widths(width)
    text = str(s)
    step = width if _whole(width) else len(str(width))
    at_most(len(text) + abs(step) * (text.count("\n") + 1), SIZE_LIMIT, "a text of {} characters")
    return FILTERS["indent"](s, width, first, blank)


def bounded_globals() -> dict:
    """What a template calls `range` and `namespace`: bounded."""
    return {"range": _range, "namespace": _BoundedNamespace}


def bounded_filters(filters: dict) -> dict:
    """Jinja's filters (`filters`: an environment's) that could make something huge, each in place
    of its own: checked, or measured before it runs."""
    return {**{name: _widths_checked(filters[name]) for name in WIDTH_FILTERS},
            **{name: _text_checked(filters[name]) for name in TEXT_FILTERS},
            **dict(join=_join, replace=_replace, format=_format, tojson=_tojson, pprint=_pprint,
                   wordwrap=_wordwrap, indent=_indent)}


def check_str_format(text: str) -> None:
    """`'{:>9999999}'.format(1)`: a width written in a text to be formatted."""
    _check_format(text, BRACE_FIELD, BRACE_LARGE)
