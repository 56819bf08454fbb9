"""How Jinja source (a template file, or a binding in game.yaml) is read and made Python, bounded
before anything runs: nothing is worked out while it is compiled, and what would make the reader,
the code generator or Python's own compiler go deeper than Python allows is refused at its line.

Jinja folds constants as it compiles (`'x'|center(10**9)`, `'ab' * 10**9`, `7**300000000` worked
out then and written into the code), outside every bound printkit's sandbox puts on a running
template, and `jinja2.meta.find_undeclared_variables` folds them too. Here nothing but a literal
is folded: everything else runs when the template runs, in the sandbox (printkit/load/sandbox.py).
"""

from __future__ import annotations

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator
from jinja2.lexer import TokenStream
from jinja2.meta import TrackingCodeGenerator
from jinja2.sandbox import SandboxedEnvironment

NESTING_LIMIT = 16  # tags, brackets and signs within one another: Python refuses 21 loops nested
TREE_LIMIT = 100  # steps of an expression within one another (filters, attributes, operators)
DIGITS_LIMIT = 3_000  # of a number written out: as many as the sandbox lets a number have
OPENING = {"if", "for", "macro", "call", "filter", "block", "with", "autoescape"}  # and `set x` without `=`
BRACKETS = {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}
SIGNS = {("operator", "-"), ("operator", "+"), ("name", "not")}  # read one within another
ENDS = {"variable_end", "block_end", "linestatement_end"}
TOO_DEEP = f"more than {TREE_LIMIT} steps within one another (filters, attributes or operators)"


class Unfolded(CodeGenerator):
    """Jinja's code generator folding nothing but literals: a page's words and quoted texts."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.optimizer = None  # Jinja's optimizer folds every constant expression

    def visit_Template(self, node, frame=None) -> None:
        deepest = deepest_step(node)
        if deepest is not None:
            self.fail(TOO_DEEP, deepest.lineno)
        super().visit_Template(node, frame)

    def _output_child_to_const(self, node, frame, finalize):
        if not isinstance(node, (nodes.TemplateData, nodes.Const)):
            raise nodes.Impossible()  # worked out as the template runs, in the sandbox
        return super()._output_child_to_const(node, frame, finalize)

    def visit_EvalContextModifier(self, node, frame) -> None:
        """`{% autoescape x %}`: Jinja works `x` out here when it can; only a literal is taken."""
        for keyword in node.options:
            self.writeline(f"context.eval_ctx.{keyword.key} = ")
            self.visit(keyword.value, frame)
            if isinstance(keyword.value, nodes.Const):
                setattr(frame.eval_ctx, keyword.key, keyword.value.value)
            else:
                frame.eval_ctx.volatile = True


class _Names(Unfolded, TrackingCodeGenerator):
    """find_undeclared_variables' code generator, folding nothing."""


def undeclared(tree: nodes.Template) -> set[str]:
    """The names a template reads from its context, as jinja2.meta.find_undeclared_variables."""
    names = _Names(tree.environment)
    names.visit(tree)
    return names.undeclared_identifiers


def deepest_step(tree: nodes.Node) -> nodes.Node | None:
    """The first node more than TREE_LIMIT below the top, or None: looked for without recursion."""
    waiting = [(tree, 1)]
    while waiting:
        node, depth = waiting.pop()
        if depth > TREE_LIMIT:
            return node
        waiting.extend((child, depth + 1) for child in node.iter_child_nodes())
    return None


def shallow(tree: nodes.Template) -> nodes.Template:
    """`tree`, if no expression in it is too deep to compile; else TemplateSyntaxError at its line."""
    deepest = deepest_step(tree)
    if deepest is not None:
        raise jinja2.TemplateSyntaxError(TOO_DEEP, deepest.lineno)
    return tree


class Compiling(SandboxedEnvironment):
    """Jinja's sandbox, reading every source through the bounds above and folding nothing."""

    code_generator_class = Unfolded

    def _tokenize(self, source, name, filename=None, state=None) -> TokenStream:
        """Jinja's reading of a source (Environment._tokenize), its raw tokens bounded first."""
        source = self.preprocess(source, name, filename)
        raw = _bounded(self.lexer.tokeniter(source, name, filename, state), name, filename)
        stream = TokenStream(self.lexer.wrap(raw, name, filename), name, filename)
        for extension in self.iter_extensions():
            stream = extension.filter_stream(stream)
            if not isinstance(stream, TokenStream):
                stream = TokenStream(stream, name, filename)
        return stream


def _bounded(tokens, name, filename):
    """The raw tokens, as they come, until one is nested too deep or a number is too long."""
    nesting = _Nesting()
    for lineno, kind, value in tokens:
        digits = _digits(value) if kind in ("integer", "float") else 0
        if digits > DIGITS_LIMIT:
            message = f"a number written with {digits:,} digits (at most {DIGITS_LIMIT:,})"
            raise jinja2.TemplateSyntaxError(message, lineno, name, filename)
        if nesting.read(kind, value) > NESTING_LIMIT:
            message = f"nested more than {NESTING_LIMIT} deep (tags, brackets and signs within one another)"
            raise jinja2.TemplateSyntaxError(message, lineno, name, filename)
        yield lineno, kind, value


def _digits(number: str) -> int:
    """How many digits a number is written with: `0x` and `_` left out, each hexadecimal digit one."""
    return len(number.replace("_", "")) - (2 if number[:2].lower() in ("0x", "0o", "0b") else 0)


class _Nesting:
    """How deep Jinja's reader is at each token: in the tags that open a block (`{% if %}` to
    `{% endif %}`), and within a tag in its brackets, its `if`s and a run of signs (`- - not`),
    each of which it reads by calling itself."""

    def __init__(self):
        self.blocks = 0
        self._tag()

    def _tag(self) -> None:
        self.keyword, self.brackets, self.ifs, self.signs, self.assigned = None, 0, 0, 0, False

    def read(self, kind: str, value: str) -> int:
        if kind == "whitespace":
            return self.depth
        if kind == "block_begin":
            self.keyword = ""
        elif kind in ENDS:
            self._ended()
        elif kind == "name" and self.keyword == "":
            self.keyword = value
            if value in OPENING:
                self.blocks += 1
            elif value.startswith("end") and self.blocks > 0:
                self.blocks -= 1
        else:
            self._inside(kind, value)
        return self.depth

    def _inside(self, kind: str, value: str) -> None:
        self.signs = self.signs + 1 if (kind, value) in SIGNS else 0
        if kind == "operator":
            self.brackets += BRACKETS.get(value, 0)
            self.assigned |= value == "=" and self.brackets == 0
        self.ifs += kind == "name" and value == "if"

    def _ended(self) -> None:
        if self.keyword == "set" and not self.assigned:  # `{% set x %}...{% endset %}`
            self.blocks += 1
        self._tag()

    @property
    def depth(self) -> int:
        return self.blocks + max(self.brackets, 0) + self.ifs + self.signs
