"""The kit's words in the language it is built in: game.yaml writes each word in English and, beside
it, in another language as the key FIELD.LANG (`title.de`, a card's `ability.de`), as a deck's data
writes its translations (printkit/declared/languages.py). Built in German, each FIELD takes its
FIELD.de, placed at the German's own line; built in English, the translations are taken away."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.ground.errors import Problem
from printkit.load import Record

SOURCE = "en"
TRANSLATED = ("de",)  # the languages game.yaml writes every printed word in, beside the English


def beside(spec, language: str):
    """The schema of a FIELD.LANG translation beside a field of this schema."""
    return {f"{name}.{language}": spec for name, spec in spec.items()}


@dataclass
class Spoken(Record):
    """A game.yaml whose words are written in each of `TRANSLATED` beside the English."""

    languages = (SOURCE, *TRANSLATED)

    def read(self, node, path, located, problems):
        """game.yaml as read; its `languages:` must be the English first and then only those its
        words are written in."""
        result = super().read(node, path, located, problems)
        listed = result.get("languages") if isinstance(result, dict) else None
        if listed:
            others = [language for language in listed[1:] if language not in TRANSLATED]
            if listed[0] != SOURCE or others:
                file, line = located.places[path + ("languages",)]
                problems.append(Problem(file, line, f"languages: this kit's words are written in {SOURCE} (first) "
                                                    f"and {', '.join(TRANSLATED)}, not in "
                                                    f"{', '.join(others or [listed[0]])}"))
        return result

    def in_language(self, data: dict, located, language: str | None) -> None:
        """`data` (as read) in `language` (None or the source: as written), in place."""
        if not isinstance(data, dict):
            return  # not read (its problems are said)
        spoken = language if language in TRANSLATED else None
        _take(data, (), located.places, spoken)
        data["spoken_in"] = spoken  # for the rules model's messages: the German's, said so


def _take(node, path: tuple, places: dict, language: str | None) -> None:
    if isinstance(node, list):
        for index, item in enumerate(node):
            _take(item, path + (index,), places, language)
        return
    if not isinstance(node, dict):
        return
    for key in [key for key in node if "." in key]:
        field, spoken = key.split(".", 1)
        value = node.pop(key)
        if spoken == language and value is not None and field in node:
            node[field] = value
            if path + (key,) in places:
                places[path + (field,)] = places[path + (key,)]  # a problem in the German: at its line
    for key, value in node.items():
        _take(value, path + (key,), places, language)
