"""printkit's own page templates (the preview's index) run as the trusted code they are: by Jinja
itself, outside the sandbox a kit's templates run in (printkit/load/sandbox.py).

The sandbox checks every attribute, call and text a template makes, which is what a stranger's
template needs; printkit's own page, for a deck of 1,000 cards, made some 12,000 macro calls and
17,000 attribute reads through it: 0.20 s a page, at `serve`'s start and after every edit, against
0.09 s by Jinja alone. A page is run so only when the template a build would use is printkit's own
file (a project's own `templates/preview/index.html.j2`, or a plug-in's, is the sandbox's) and
only from printkit's own folder, whatever appears in the project's meanwhile. The environment is
the sandbox's in all it writes (the same whitespace, escaping and undefined names), and the page
it writes is the one the sandbox writes, byte for byte (tests/test_own_page.py). What it is given
(names, words, paths) is the kit's, escaped as the sandbox escapes it.

Compiled as the sandbox's templates are (printkit/load/compiled.py): shipped with the wheel, else
kept in the user's signed cache, under keys of their own (Jinja writes other code for each).
"""

from __future__ import annotations

import functools
from pathlib import Path

import jinja2

from printkit.ground import bundled
from printkit.load.compiled import templates_cache
from printkit.load.sandbox import WRITING

PAGES = ("preview/index.html.j2",)  # printkit's own templates run so: whole pages, made of what printkit gives them
KEY = "own page:"  # before a page's name in the keys of its compiled code


def own_template(filename: Path | str | None) -> bool:
    """Whether a template's file is printkit's own (not a project's, nor a plug-in's)."""
    if not filename:
        return False
    return Path(filename).resolve().is_relative_to(bundled.templates().resolve())


def render(name: str, context: dict) -> tuple[str, str] | None:
    """The page `name` (one of PAGES) from printkit's own template, and that template's file; None
    for a name that is not one of them."""
    if name not in PAGES:
        return None
    template = _environment().get_template(name)
    return template.render(context), template.filename


@functools.cache
def _environment() -> jinja2.Environment:
    kept = templates_cache()
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(bundled.templates())),
                              bytecode_cache=_Keyed(kept) if kept is not None else None, **WRITING)


class _Keyed(jinja2.BytecodeCache):
    """The sandbox's compiled templates (shipped, then the user's), keyed apart: a page's code
    compiled by Jinja alone is not the sandbox's."""

    def __init__(self, kept: jinja2.BytecodeCache):
        self.kept = kept

    def get_bucket(self, environment, name, filename, source):
        return self.kept.get_bucket(environment, KEY + name, filename, source)

    def set_bucket(self, bucket) -> None:
        self.kept.set_bucket(bucket)
