"""An export of a game printed in several languages (game.yaml's `languages:`): each language is a
game of its own (SLUG/LANG), its products exported into SLUG/LANG/ beside the source's. What the
record keeps of a product's language, and the same finding at the same cell in several languages
said once, naming them (`signal-fires/deck in en, de, fr: ...`), not once a language."""

from __future__ import annotations

from printkit.ground.errors import Problem


def recorded(kit, product) -> dict:
    """What the export's record says of a product's language: its language and its name in the
    source (`signal-fires/deck`), for a game with `languages:`; nothing for the others."""
    game = kit.game
    if not game.languages:
        return {}
    return {"language": game.language, "source": f"{game.folder}/{product.name}"}


def said_once(problems: list[Problem], products: list[dict]) -> list[Problem]:
    """`problems` with each finding at one FILE:LINE whose message is the same for a product in
    several languages (but for the product's name in front of it) made one line naming the
    languages (in the export's order, the source's first), where the first of them stood; every
    other problem as it is."""
    languages = {entry["product"]: (entry["source"], entry["language"]) for entry in products
                 if isinstance(entry.get("source"), str) and isinstance(entry.get("language"), str)}
    order = {label: place for place, label in enumerate(languages)}
    groups: dict[tuple, list[tuple[str, Problem]]] = {}
    for index, problem in enumerate(problems):
        label, colon, rest = problem.message.partition(": ")
        if colon and label in languages:
            source, language = languages[label]
            groups.setdefault((problem.file, problem.line, source, rest), []).append((order[label], language, problem))
        else:
            groups[(index,)] = [(0, "", problem)]
    return [_one(key, sorted(group, key=lambda item: item[0])) for key, group in groups.items()]


def _one(key: tuple, group: list[tuple[int, str, Problem]]) -> Problem:
    """A group's one line: the problem itself when it is alone."""
    if len(group) == 1:
        return group[0][2]
    _, _, source, rest = key
    named = ", ".join(dict.fromkeys(language for _, language, _ in group))
    return group[0][2].with_message(f"{source} in {named}: {rest}")
