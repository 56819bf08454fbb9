"""Words come from Jinja templates filled with content: the project's templates/ folder, and for
any template it does not have, printkit's own (printkit/ground/bundled.py), as a site falls back on its theme.

Autoescaping is on, so text from YAML reaches ReportLab's paragraph markup with `<` and `&`
escaped and prints literally; StrictUndefined turns a misspelt name into an error at its line.
A template's `{% set name %}...{% endset %}` blocks are its named words; its body is free text.
Templates run in printkit's sandbox (printkit/load/sandbox.py): bounded, and every error located.
"""

from __future__ import annotations

import functools
import os
import posixpath
import re
from pathlib import Path

import jinja2
import jinja2.meta
import markupsafe

from printkit.ground.errors import Problem, PrintkitError
from printkit.load import own_pages, reads, spoken
from printkit.load.files import read_text
from printkit.load.limits import PAGE_LIMIT, SIZE_LIMIT
from printkit.load.sandbox import Sandbox, located


SPELLED = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
           "fifteen sixteen seventeen eighteen nineteen twenty").split()
TENS = {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty"}


def spelled(number: int) -> str:
    """Numbers as words, as rules are written ("deal five cards"); digits beyond 59."""
    if 0 <= number < len(SPELLED):
        return SPELLED[number]
    if 20 < number < 60:
        tens, ones = divmod(number, 10)
        return TENS[tens * 10] + (f"-{SPELLED[ones]}" if ones else "")
    return str(number)


def ordinal(number: int) -> str:
    special = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth",
               7: "seventh", 8: "eighth", 9: "ninth", 10: "tenth", 12: "twelfth"}
    return special.get(number, f"{number}th")


def join_and(items) -> str:
    """"hearts, spades and diamonds", as a list is written in rules."""
    items = [str(item) for item in items]
    return " and ".join(filter(None, [", ".join(items[:-1]), items[-1]])) if items else ""


def plural(noun: str) -> str:
    return noun + "s"


def singular(noun: str) -> str:
    return noun[:-1] if noun.endswith("s") else noun


class Words:
    """A template filled with a context: its body text, and its named words and macros. It is run
    when any of these is first asked for, not before: what is kept between builds under its
    `fingerprint` (a booklet's spreads, printkit/pipeline/cache.py) needs no template run at all."""

    def __init__(self, templates: "Templates", name: str, context: dict):
        self._templates, self.name, self.context = templates, name, context
        self.source = templates.env.shown(name)  # the template's path as shown in messages

    @functools.cached_property
    def _run(self) -> tuple:
        return self._templates._run(self.name, self.context)

    @property
    def template(self) -> jinja2.Template:
        return self._run[0]

    @property
    def module(self) -> object:
        return self._run[1]

    @functools.cached_property
    def body(self) -> str:
        return self._run[2].strip()

    @functools.cached_property
    def lines(self) -> dict:
        """Named word -> the line it is defined on."""
        return _definition_lines(self.template)

    @functools.cached_property
    def fingerprint(self) -> str:
        """What every word and macro of this template can print depends on: the text of the
        template and of every template it imports or includes, and the values of the context
        names they read (all of the context where a template's name is worked out as it runs).
        Found without running the template."""
        try:
            sources, names = _reads(self._templates.env, self.name)
        except jinja2.TemplateNotFound:
            self._run  # noqa: B018 - the template itself is missing: said where it is, as a run says it
            raise
        catalogs = [self._templates.catalogs] if self._templates.catalogs else []  # the language's words
        return reads.digest(sources + catalogs, self.context, names, reads.uses(self._templates.env, sources))

    def fingerprint_of(self, named: tuple[str, ...]) -> str:
        """What the named words and macros `named` alone can print depends on: the template's text
        and the context values they read, through the template's other words and macros they use
        and whatever its body runs (which may change a value they read). The whole `fingerprint`
        where the template imports or includes another. Found without running the template."""
        try:
            sources, names = _reads(self._templates.env, self.name)
        except jinja2.TemplateNotFound:
            return self.fingerprint  # said where it is, as the whole fingerprint says it
        read = reads.reads_of(self._templates.env, sources[0], tuple(sorted(named))) if len(sources) == 1 else None
        if read is None or names is None:
            return self.fingerprint
        names_read, used = read
        catalogs = [self._templates.catalogs] if self._templates.catalogs else []
        return reads.digest(sources + [sorted(named)] + catalogs, self.context, names & names_read, used)

    def only(self, named: tuple[str, ...]) -> "SomeWords":
        """These words with only the words and macros `named` to ask for, and their fingerprint
        (`fingerprint_of`): what is kept under it cannot print another."""
        return SomeWords(self, tuple(named))

    def where(self, name: str | None = None) -> Problem:
        """Where a named word (or, without a name, the template) was written: for messages about
        it, such as a text that does not fit its box."""
        return Problem(self.source, self.lines.get(name) if name else None, "")

    def markup(self, name: str, *args, **kwargs) -> str:
        """A named word or macro, as paragraph markup (text from content escaped)."""
        value = self._attr(name)
        if callable(value):
            environment = self.template.environment
            with located(environment, lambda: self.where(name)), environment.running():
                value = value(*args, **kwargs)
        return str(value).strip()

    def plain(self, name: str, *args, **kwargs) -> str:
        """The same, as plain text for a single drawn line."""
        return markupsafe.Markup(self.markup(name, *args, **kwargs)).unescape()

    def _attr(self, name: str):
        try:
            return getattr(self.module, name)
        except AttributeError:
            raise PrintkitError([Problem(self.source, None, f"template does not define '{name}'")]) from None


class SomeWords:
    """A template's words of which only some may be asked for (Words.only): another is a bug."""

    def __init__(self, words: Words, named: tuple[str, ...]):
        self.words, self.named = words, named

    @functools.cached_property
    def fingerprint(self) -> str:
        return self.words.fingerprint_of(self.named)

    def where(self, name: str | None = None) -> Problem:
        return self.words.where(self._allowed(name) if name else None)

    def markup(self, name: str, *args, **kwargs) -> str:
        return self.words.markup(self._allowed(name), *args, **kwargs)

    def plain(self, name: str, *args, **kwargs) -> str:
        return self.words.plain(self._allowed(name), *args, **kwargs)

    def _allowed(self, name: str) -> str:
        if name not in self.named:
            raise RuntimeError(f"{self.words.name}: '{name}' is asked for, but only {self.named} are in the fingerprint")
        return name


class Templates:
    """The templates of a project, with printkit's own behind them; in a `language` (None: the
    source language, every word as the templates write it), each template's `.<language>.j2` read
    where a folder has one, and `{% trans %}` and `_()` translated through the language's catalogs
    (printkit/load/catalogs.py)."""

    def __init__(self, folder: Path, shown_as: str = "templates", fallbacks: tuple[tuple[Path, str], ...] = (),
                 language: str | None = None):
        self.folder = folder
        self.shown_as = shown_as
        self.fallbacks = fallbacks  # the folders behind it, (folder, as shown) each
        self.language = language
        self.env = Sandbox(folder, shown_as, fallbacks, language)
        self.env.filters.update(spelled=spelled, ordinal=ordinal, join_and=join_and, plural=plural,
                                singular=singular)
        self.catalogs = ""  # a digest of the catalogs' text: part of every fingerprint in a language
        if language is not None:
            from printkit.load.catalogs import translations  # Babel (10 ms) only for a language's build

            translated, self.catalogs = translations(language, folder.parent)
            self.env.install_gettext_translations(translated, newstyle=True)
            self.env.filters.update(spoken.filters(language))

    def render(self, name: str, **context) -> Words:
        """The template `name` filled with `context`, run when its words are first asked for."""
        return Words(self, name, context)

    def page(self, name: str, **context) -> tuple[str, str | None]:
        """A whole page (the preview's index.html): the template's output as it is, which may be
        far longer than any text printed on paper, and the file of the template that wrote it
        (the project's, or printkit's own behind it)."""
        if self.language is None and own_pages.own_template(self.env.loader.find(name)[0]):
            written = own_pages.render(name, context)  # printkit's own page: by Jinja alone (own_pages.py)
            if written is not None:
                return written
        self.env.size_limit = PAGE_LIMIT
        try:
            template, _, html = self._run(name, context)
            return html, template.filename
        finally:
            self.env.size_limit = SIZE_LIMIT

    def _run(self, name: str, context: dict):
        shown = self.env.shown(name)
        with located(self.env, lambda: Problem(shown, None, "")), self.env.running(context):
            template = self.env.get_template(name)
            module = template.make_module(context)
            return template, module, self.env.concat(module._body_stream)  # str(module) joins it unchecked

    def files(self, game: str, names: tuple[str, ...] | None = None) -> list[tuple[Path, str]]:
        """common.j2 and the game's templates (`names` under <game>/, or every one any folder has),
        each as the file it is read from and as messages show it."""
        if names is None:
            names = tuple(sorted({path.name for folder, _ in self.env.loader.folders
                                  for path in (folder / game).glob("*.j2")}))
        return [self.env.loader.find(posixpath.normpath(name)) for name in ("common.j2", *(f"{game}/{n}" for n in names))]

    def sources(self, game: str, names: tuple[str, ...] | None = None) -> str:
        """The text of those templates, for the build manifest: a change to any of them is a change.
        A link out of its templates folder is not opened (`readable` refuses it)."""
        return self.catalogs + "".join(path.read_text(encoding="utf-8") if path.is_file() and self._inside(path) else ""
                                       for path, _ in self.files(game, names))

    def _inside(self, path: Path) -> bool:
        """Whether the template file is in its own templates folder, through any link (resolved:
        nothing opened); a missing file is (it is read as none)."""
        folder = next((folder for folder, _ in self.env.loader.folders if path.is_relative_to(folder)), None)
        return folder is not None and Path(os.path.realpath(path)).is_relative_to(os.path.realpath(folder))

    def readable(self, game: str) -> "Templates":
        """Raises unless common.j2 and the game's templates are UTF-8 text files (all of them are
        read for the build manifest, not only the ones a build renders); returns the templates."""
        problems = []
        for path, shown in self.files(game):
            if not self._inside(path):
                continue  # a link out: never opened; refused where it is used (printkit/load/sandbox.py)
            try:
                read_text(path, shown)
            except FileNotFoundError:
                pass
            except PrintkitError as error:
                problems += error.problems
        if problems:
            raise PrintkitError(problems)
        return self


def _definition_lines(template: jinja2.Template) -> dict[str, int]:
    """The line of every `{% set name %}` and `{% macro name(...) %}` in the template's source."""
    try:
        path = Path(template.filename)
        return _definitions(path, path.stat().st_mtime_ns)
    except (OSError, TypeError, ValueError):
        return {}


def _reads(environment, name: str) -> tuple[list[str], set[str] | None]:
    """The sources of a template and of those it imports or includes, and the context names they
    read (None: any, where a template's name is not written out)."""
    sources, names, waiting, seen = [], set(), [name], set()
    while waiting:
        current = waiting.pop()
        if current in seen:
            continue
        seen.add(current)
        try:
            source = _source(environment, current)
        except jinja2.TemplateNotFound:
            if current == name:
                raise
            return sources + [f"no template {current!r}"], None  # (should it be written, a change)
        read, referenced = _parsed(source)
        sources.append(source)
        names.update(read)
        if None in referenced:
            return sources, None
        waiting += referenced
    return sources, names


def _source(environment, name: str) -> str:
    """A template's source, as its loader reads it (checked where it may be read from), read once
    for each state of its file: every scenario's words ask for the same template's, 50 times a
    booklet. A file found again with another inode, modification time or size is read again."""
    find = getattr(environment.loader, "find", None)
    if find is None:
        return environment.loader.get_source(environment, name)[0]
    path, _ = find(name)
    try:
        status = os.lstat(path)
        stamp = (status.st_dev, status.st_ino, status.st_mtime_ns, status.st_size)
    except OSError:
        stamp = None
    key = (id(environment), name)
    found = _SOURCES.get(key)
    if stamp is None or found is None or found[0] is not environment or found[1:3] != (path, stamp):
        if len(_SOURCES) >= 256:
            _SOURCES.clear()
        found = _SOURCES[key] = (environment, path, stamp, environment.loader.get_source(environment, name)[0])
    return found[3]


_SOURCES: dict[tuple[int, str], tuple] = {}  # (id of an environment, a template's name) -> (it, its path, stamp, source)


TAGS = re.compile(r"{{(.*?)}}|{%(.*?)%}", re.S)  # where a template's code is (its comments are not)
COMMENT = re.compile(r"{#.*?#}", re.S)
NAME = re.compile(r"[A-Za-z_]\w*")
ATTRIBUTE = re.compile(r"\.\s*[A-Za-z_]\w*")  # `campaign.scenarios` reads `campaign`, not a name `scenarios`
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
REFERENCE = re.compile(r"\s*[-+]?\s*(include|import|from|extends)\b(.*?)[-+]?\s*$", re.S)
SYNTAX = {"ignore", "missing", "with", "without", "context", "as", "import"}


@functools.lru_cache(maxsize=64)
def _parsed(source: str) -> tuple[frozenset, tuple]:
    """Every name written in a template's code (those it reads from its context among them), and
    the templates it imports or includes (None for one whose name it works out as it runs).
    A scan of its tags, not a parse: it may find more names than the template reads, never fewer."""
    names, referenced = set(), []
    for expression, statement in TAGS.findall(COMMENT.sub("", source)):
        code = expression or statement
        names.update(NAME.findall(ATTRIBUTE.sub("", QUOTED.sub("", code))))
        reference = REFERENCE.match(statement) if statement else None
        if reference:
            keyword, rest = reference.groups()
            head = rest.split(" import ")[0] if keyword == "from" else rest.split(" as ")[0] if keyword == "import" \
                else rest
            literal = QUOTED.findall(head)
            spoken = set(NAME.findall(QUOTED.sub("", head))) - SYNTAX
            referenced += [None] if spoken or not literal else [name[1:-1] for name in literal]
    return frozenset(names), tuple(referenced)


DEFINITION = re.compile(r"{%-?\s*(?:set|macro)\s+(\w+)")


@functools.lru_cache(maxsize=256)
def _definitions(path: Path, mtime: int) -> dict[str, int]:
    """Every named word of a template file and the line it is defined on (the first, if twice),
    read once for each version of the file."""
    found: dict[str, int] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        for name in DEFINITION.findall(line):
            found.setdefault(name, number)
    return found