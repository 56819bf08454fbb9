"""What a message about a text that does not fit may name beside the content's values: the names
a designer gives products (a product's name prints in the print guide, as its file's), and
printkit's own templates by their names, never by a path inside the installed package."""

from __future__ import annotations

from printkit.products.kit import Kit

NAMED = ("products",)  # mappings whose keys are the designer's names, printed as the files' names


def names(kit: Kit):
    """(content file, key path, name) for every product the designer named, long enough to be
    recognised in a sentence."""
    for file, located in kit.located.items():
        for path in located.places:
            if len(path) == 2 and path[0] in NAMED and isinstance(path[1], str) and len(path[1]) >= 4:
                yield file, path, path[1]


def template_shown(name: str, kit: Kit) -> str:
    """A template as a message names it: the project's as printkit shows it; printkit's own (or a
    plug-in's) by its name among them."""
    for _, shown in kit.templates.env.loader.folders[1:]:  # the project's folder is the first
        if name.startswith(shown.rstrip("/") + "/"):
            return f"printkit's {name[len(shown.rstrip('/')) + 1:]}"
    return name
