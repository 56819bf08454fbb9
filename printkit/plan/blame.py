"""What a message about a text that does not fit may name beside the content's values: the names
a designer gives products (a product's name prints in the print guide, as its file's), and
printkit's own templates by their names, never by a path inside the installed package. Each takes
what it reads as plain data (the content's places, the template folders), not the kit that holds
them: the kit is a product's, a stage above the plan."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from printkit.load.schema import Located

NAMED = ("products",)  # mappings whose keys are the designer's names, printed as the files' names


def names(located: Mapping[str, Located]):
    """(content file, key path, name) for every product the designer named, long enough to be
    recognised in a sentence, from each content file's places (`located`: file -> its Located)."""
    for file, places in located.items():
        for path in places.places:
            if len(path) == 2 and path[0] in NAMED and isinstance(path[1], str) and len(path[1]) >= 4:
                yield file, path, path[1]


def template_shown(name: str, folders: Iterable[tuple[Path, str]]) -> str:
    """A template as a message names it: the project's as printkit shows it; printkit's own (or a
    plug-in's) by its name among them. `folders`: the template folders, each with the name
    messages show it by, the project's first."""
    for _, shown in list(folders)[1:]:
        if name.startswith(shown.rstrip("/") + "/"):
            return f"printkit's {name[len(shown.rstrip('/')) + 1:]}"
    return name
