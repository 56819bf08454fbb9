"""Where templates run: Jinja's sandbox (no `_` attributes, so no way from `cycler` to `os`),
reading only files inside the templates folder, unable to change the content it is given, and
bounded: ranges, long texts, big numbers, format widths, macros that call themselves
(printkit/load/limits.py), and time.
Whatever goes wrong in a template is one Problem at the file and line where it went wrong (an
included template's own, when it is there), never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from pathlib import Path
from typing import Callable

import jinja2
from jinja2.loaders import split_template_path
from jinja2.runtime import Macro
from jinja2.sandbox import modifies_known_mutable

from printkit.ground.errors import Problem, PrintkitError
from printkit.load.compiled import templates_cache
from printkit.load.files import check_controls, read_text
from printkit.load.folding import Compiling, Unfolded
from printkit.load.limits import (DEPTH_LIMIT, SIZE_LIMIT, TemplateLimit, at_most, bounded_filters, bounded_globals,
                                  check_binop, check_call, check_fields, check_str_format, measured)

# How a template's output is written (its whitespace, escaping and undefined names): the sandbox's,
# and printkit's own pages' run by Jinja alone (printkit/load/own_pages.py), which write the same bytes
WRITING = {"undefined": jinja2.StrictUndefined, "autoescape": True, "trim_blocks": True, "lstrip_blocks": True,
           "keep_trailing_newline": False}
TIME_LIMIT = 10.0  # seconds one template (or one macro call from a layout) may run
SPENT = 0.01  # seconds more each template under a clock that ran out may run (see _Clock._expired)


# --- errors, named where they happen --------------------------------------------------------------

@contextlib.contextmanager
def located(environment: "Sandbox", where: Callable[[], Problem]):
    """Any error while a template runs becomes one Problem: in the deepest template the traceback
    passes through, at its line; otherwise where `where()` says (the template, a macro's definition)."""
    try:
        yield
    except PrintkitError:
        raise  # already located: a template file that cannot be read
    except jinja2.TemplateSyntaxError as error:  # in the template itself, or in one it includes
        shown = environment.shown(error.name) if error.name else where().file
        raise PrintkitError([Problem(shown, error.lineno, f"template syntax: {error.message}")]) from None
    except jinja2.TemplateNotFound as error:
        if where().file == environment.shown(error.name):
            raise PrintkitError([where().with_message("template is missing")]) from None
        message = f"template: no template {error.name!r} in {environment.shown_as}/"
        raise PrintkitError([_failed_at(error, environment, where).with_message(message)]) from None
    except Exception as error:  # noqa: BLE001 - whatever a sandboxed template does wrong is the template's
        message = f"template: {_describe(error)}"
        raise PrintkitError([_failed_at(error, environment, where).with_message(message)]) from None


def _failed_at(error: Exception, environment: "Sandbox", where: Callable[[], Problem]) -> Problem:
    template, line = None, None
    tb = error.__traceback__
    while tb is not None:
        found = tb.tb_frame.f_globals.get("__jinja_template__")
        if found is not None:
            template, line = found, found.get_corresponding_lineno(tb.tb_lineno)
        tb = tb.tb_next
    return Problem(environment.shown(template.name), line, "") if template else where()


def _describe(error: Exception) -> str:
    if isinstance(error, RecursionError):
        return "macros or includes call themselves without end"
    if isinstance(error, OverflowError):
        return "a number too large to compute"
    return str(error) or type(error).__name__


# --- the environment -------------------------------------------------------------------------------

class _Compiler(Unfolded):
    """Jinja's code, folding nothing but literals (printkit/load/folding.py); `a ~ b` measures its parts first."""

    def visit_Concat(self, node, frame) -> None:
        joins = ("(markup_join if context.eval_ctx.volatile else str_join)" if frame.eval_ctx.volatile
                 else "markup_join" if frame.eval_ctx.autoescape else "str_join")
        self.write(f"environment.joined({joins}, (")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


@jinja2.pass_environment
def _printed(environment: "Sandbox", value):
    """What `{{ value }}` prints, measured first: a list of lists of lists is small until printed."""
    if not isinstance(value, (str, int, float)) and value is not None:  # (a number prints short: Python bounds an int's digits)
        measured(value, environment.size_limit)
    return value


class Sandbox(Compiling):
    """Jinja's sandbox, bounded, compiled folding nothing. `running(context)` goes around each render and macro call."""

    intercepted_binops = frozenset({"*", "**", "%"})
    code_generator_class = _Compiler

    def __init__(self, folder: Path, shown_as: str, fallbacks: tuple[tuple[Path, str], ...] = (),
                 language: str | None = None):
        super().__init__(loader=_Loader(((folder, shown_as),) + fallbacks, language), **WRITING,
                         bytecode_cache=templates_cache(), finalize=_printed, extensions=["jinja2.ext.i18n"])
        self.install_null_translations(newstyle=True)  # the source language's words as written; see words.py
        del self.globals["lipsum"]  # pages of lorem ipsum: nothing to print
        self.globals.update(bounded_globals())
        self.filters.update(bounded_filters(self.filters))
        self.shown_as = shown_as
        self.depth = 0  # macros being called
        self.context: dict = {}
        self.given: dict[int, object] | None = None  # id -> every list and dict of the context
        self.clock = _Clock()
        self.size_limit = SIZE_LIMIT  # of a template's whole output: raised for an HTML page

    def shown(self, name: str) -> str:
        """A template as messages name it: in the project's folder, or in the fallback it comes from."""
        try:
            return self.loader.find(name)[1]
        except jinja2.TemplateNotFound:  # a name no folder can hold (`../secret.txt`)
            return f"{self.shown_as}/{name}"

    def running(self, context: dict | None = None):
        """Around a render (which names the context it must not change) or a macro call."""
        if context is not None:
            self.context, self.given = context, None
        return self.clock.limit()

    def concat(self, parts) -> str:  # joins the output of every macro and set block
        parts = list(parts)
        at_most(sum(map(len, parts)), self.size_limit, "a text of {} characters")
        return "".join(parts)

    def joined(self, join, parts: tuple):
        """`a ~ b`: each part measured as text before it is made text."""
        for part in parts:
            measured(part, self.size_limit)
        return join(parts)

    def is_safe_attribute(self, obj, attr, value) -> bool:
        """A template may fill a list of its own (`joins.append(...)`), not change the content."""
        if not super().is_safe_attribute(obj, attr, value):
            return False
        if not modifies_known_mutable(obj, attr):
            return True
        if self.given is None:  # found only when a template changes a list or dict: rarely
            self.given = {id(value): value for value in _containers(self.context)}
        return id(obj) not in self.given

    def call_binop(self, context, operator: str, left, right):
        check_binop(operator, left, right)  # before: `'x' * 10**9` would fill the memory first
        return super().call_binop(context, operator, left, right)

    def wrap_str_format(self, value):
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        text, mapping = value.__self__, value.__name__ == "format_map"
        check_str_format(text)

        def checked(*args, **kwargs):  # the widths it is given, and what it formats, before it is made
            given = ((), args[0] if args and isinstance(args[0], dict) else {}) if mapping else (args, kwargs)
            check_fields(text, *given, self.size_limit)
            return wrapped(*args, **kwargs)

        return checked

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - Jinja's own names
        check_call(__obj, args, kwargs)
        if not isinstance(__obj, Macro):
            return super().call(__context, __obj, *args, **kwargs)
        at_most(__self.depth + 1, DEPTH_LIMIT, "macros called within macros {} deep")
        __self.depth += 1
        try:
            return super().call(__context, __obj, *args, **kwargs)
        finally:
            __self.depth -= 1


class _Loader(jinja2.BaseLoader):
    """Templates from the project's folder, else from the first fallback folder that has them
    (printkit's own): from those folders only (no `..`, no link out of one), read as content is.
    Built in a language, a folder's `rules.de.j2` is read for its `rules.j2`: a designer's own
    `rules.j2` still wins over printkit's `rules.de.j2` (it is nearer), and is translated through
    the catalogs instead."""

    def __init__(self, folders: tuple[tuple[Path, str], ...], language: str | None = None):
        self.folders = folders  # (folder, as messages show it), the project's first
        self.language = language

    def find(self, name: str) -> tuple[Path, str]:
        """The file a template name stands for and how it is shown: the first folder's that exists,
        else the project's (to be reported missing there)."""
        names = self._names(name)
        found = [(folder.joinpath(*split_template_path(each)), f"{shown}/{each}")  # raises TemplateNotFound for `..`
                 for folder, shown in self.folders for each in names]
        return next((place for place in found if os.path.lexists(place[0])), found[len(names) - 1])

    def _names(self, name: str) -> tuple[str, ...]:
        """The names a template is looked for under in one folder: its language's first."""
        if self.language and name.endswith(".j2"):
            return (f"{name[:-3]}.{self.language}.j2", name)
        return (name,)

    def get_source(self, environment, name: str):
        path, shown = self.find(name)
        folder = next(folder for folder, _ in self.folders if path.is_relative_to(folder))
        if not path.resolve().is_relative_to(folder.resolve()):
            raise PrintkitError([Problem(shown, None, "is a link to a file outside the templates folder")])
        try:  # the time first: a save landing while the text is read is then seen as a change
            mtime = os.path.getmtime(path)
            text = read_text(path, shown)
        except FileNotFoundError:
            raise jinja2.TemplateNotFound(name) from None
        check_controls(text, shown)
        return text, str(path), lambda: _mtime(path) == mtime


def _mtime(path: Path) -> float | None:
    try:
        return os.path.getmtime(path)
    except OSError:
        return None


class _Clock:
    """Stops a template that runs longer than TIME_LIMIT: a loop within a loop within a loop.
    SIGALRM, so only in the main thread (elsewhere the other bounds still apply). Its handler is
    installed when the clock is first armed, and again only if something replaced it; it stays
    (acting only while the clock is armed), so each render or macro call just sets and clears
    the timer."""

    def __init__(self):
        self.armed = False
        self._handler = self._expired

    @contextlib.contextmanager
    def limit(self):
        if self.armed or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
            yield
            return
        if signal.getsignal(signal.SIGALRM) is not self._handler:
            signal.signal(signal.SIGALRM, self._handler)
        self.armed = True
        signal.setitimer(signal.ITIMER_REAL, TIME_LIMIT)
        try:
            yield
        finally:
            self.armed = False
            signal.setitimer(signal.ITIMER_REAL, 0)

    def _expired(self, signum, frame):
        if self.armed:
            # the time is spent for whatever else runs under this clock too (the next card of a
            # deck whose problems are gathered card by card): it is stopped as soon as it starts
            signal.setitimer(signal.ITIMER_REAL, SPENT)
            raise TemplateLimit(f"the template ran for more than {TIME_LIMIT:g} s")


def _containers(context: dict) -> list:
    """Every list, dict and set reachable from the context: content, which a template only reads."""
    found, stack, seen = [], list(context.values()), set()
    while stack:
        value = stack.pop()
        if isinstance(value, (list, dict, set, tuple)) and id(value) not in seen:
            seen.add(id(value))
            found.append(value)
            stack.extend(value.values() if isinstance(value, dict) else value)
    return found
