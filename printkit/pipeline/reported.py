"""The problems of the files that could not be planned, as the designer can act on them: a text
that does not fit, found at a template's line, reported at the value of content that stands in it
(once, however many products print it), or at the template's own line that holds it."""

from __future__ import annotations

from pathlib import Path

from printkit.ground.errors import Problem
from printkit.load.schema import dotted
from printkit.declared import languages
from printkit.plan import blame
from printkit.products.kit import Kit

LAYOUTS_FILE = "layouts.yaml"  # a game of printkit's own: its cards' layouts (printkit/declared)


def reported(failed: list[tuple[Kit, list[Problem]]]) -> list[Problem]:
    """The problems of the files that could not be planned, each too-long value of content
    reported once at its own line, not once for every product that prints it."""
    problems, blamed = [], set()
    for kit, found in failed:
        for problem in languages.named(found, kit.data):
            value = blame_content(problem, kit)
            if value is not problem:
                if (value.file, value.line) in blamed:
                    continue
                blamed.add((value.file, value.line))
            problems.append(value)
    return problems


def blame_content(problem: Problem, kit: Kit) -> Problem:
    """A text that does not fit, found at a template's line: if a value from content stands in
    it, that value is what the designer changed; the problem is reported at it, the template's
    line in the message. (The longest value found wins: a title, not a single letter.)"""
    if not problem.text or problem.file.startswith(kit.game.folder + "/"):
        return problem
    text = problem.text
    found = max(((path, file, value) for file, path, value in (*_content_texts(kit), *blame.names(kit.located))
                 if value in text or (len(text) >= 4 and text in value)),
                key=lambda hit: len(hit[2]), default=None)
    if found is None:
        return _in_template(problem, kit)
    path, file, value = found
    template = blame.template_shown(problem.file, kit.templates.env.loader.folders)
    shown = f"{template}{f':{problem.line}' if problem.line else ''}"
    return kit.located[file].problem(path, f"{dotted(path)}: '{value}' is too long where it is printed "
                                           f"({shown}: {problem.message})")


def _in_template(problem: Problem, kit: Kit) -> Problem:
    """A text of the template's own that does not fit (a word wider than the page), found where the
    whole template was being set: at the template's first line that holds it."""
    if problem.line is not None:
        return problem
    for folder, as_shown in kit.templates.env.loader.folders:
        if problem.file.startswith(as_shown + "/"):
            try:
                source = (folder / problem.file[len(as_shown) + 1:]).read_text(encoding="utf-8")
            except (OSError, UnicodeError):
                return problem
            at = source.find(problem.text)
            return problem if at < 0 else Problem(problem.file, source.count("\n", 0, at) + 1, problem.message,
                                                  problem.text)
    return problem


def _content_texts(kit: Kit):
    """(content file, key path, text) for every text or number of the kit's content long enough to
    be recognised in a sentence."""
    for file, located in kit.located.items():
        if file == LAYOUTS_FILE:  # how the cards look: its keys and field names are no words that print
            continue
        for path in located.places:
            value = _value_at(kit.data[Path(file).stem], path)
            if isinstance(value, (str, int)) and not isinstance(value, bool) and len(str(value)) >= 4:
                yield file, path, str(value)


def _value_at(data, path: tuple):
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data
