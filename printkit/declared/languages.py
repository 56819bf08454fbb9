"""A card's words in the language a game is built in: game.yaml's `languages: [en, de, fr]` (the
first is the source), and a field's translation written beside it as the column (or YAML key)
FIELD.LANG (`text.de`). Each card takes its field's words in the language being built, located at
the translation's own cell; words a language lacks are the source's, listed in one warning per
language for the translator. A translation into a language game.yaml does not list is an error at
its column. Nothing here draws or measures: the deck is fitted and linted as for any game."""

from __future__ import annotations

import re

from printkit.ground.errors import Problem
from printkit.load.schema import INVALID, Str, dotted

# a language as BCP 47 tags it and designers write it: en, de, fr; a region's pt-BR, de-CH, es-419; a script's zh-Hant
LANGUAGE = re.compile(r"[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?\Z")
FORMS = "as BCP 47 writes it: en, de, fr; with a region pt-BR, de-CH, en-GB; with a script zh-Hant"

NAMES = {"en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian", "nl": "Dutch",
         "pt": "Portuguese", "pl": "Polish"}  # for messages only; any ISO 639 code may be a game's
MOST_LISTED = 40  # the untranslated words a warning names before it counts the rest


class Language(Str):
    """A language a game is printed in, as BCP 47 tags it (`en`, `de`, `fr`, `pt-BR`)."""

    def check(self, node, path, problems):
        if isinstance(node.value, str) and not LANGUAGE.match(node.value):
            problems.append(node.problem(f"{dotted(path)}: '{node.value}' is not a language's code "
                                         f"({FORMS})"))
            return INVALID
        return super().check(node, path, problems)


def language_of(data: dict) -> tuple[str, ...]:
    """The languages a game's data lists, its source first (none: it is printed as written)."""
    return tuple(data.get("languages") or ())


def translated(checks, path: tuple, product: dict, language: str | None) -> list[tuple]:
    """Each card of a product (`product[path[-1]]`, a list of field -> value) with its fields in
    `language` (the source's when None), the FIELD.LANG keys taken away and every place moved to
    the words taken. Problems (a language the game does not list) go to `checks.problems`;
    returns the (place, field) of each word the language lacks."""
    languages = language_of(checks.data)
    cards, places = product[path[-1]], checks.located.places
    dotted = sorted({key for card in cards for key in card if "." in key} |
                    {key for key in product.get("columns") or () if "." in key})
    if not dotted:
        return []
    unlisted = _unlisted(checks, path, cards, dotted, languages)
    checks.problems += unlisted
    fields = sorted({key.split(".", 1)[0] for key in dotted})
    wanted = language or (languages[0] if languages else None)
    missing, taken = [], checks.data.setdefault("translated", {})
    for index, card in enumerate(cards):
        missing += _take(card, path + (index,), places, fields, wanted, languages)
        for field in fields if languages and wanted != languages[0] else ():
            if (place := places.get(path + (index, f"{field}.{wanted}"))) is not None:
                taken.setdefault("%s:%s" % tuple(place), []).append([field, f"{field}.{wanted} ({wanted})"])
    if "columns" in product:
        product["columns"] = [column for column in product["columns"] if "." not in column]
    return [] if unlisted else missing  # a column misnamed: what it lacks is said when it is named right


def _take(card: dict, at: tuple, places: dict, fields: list[str], wanted: str | None,
          languages: tuple[str, ...]) -> list[tuple]:
    """One card's fields in `wanted`; the (place, field) of each it lacks (the source's kept)."""
    missing = []
    for field in fields:
        own = f"{field}.{wanted}"
        if own in card and (not languages or wanted != languages[0] or field not in card):
            card[field] = card[own]
            if at + (own,) in places:
                places[at + (field,)] = places[at + (own,)]
        elif field in card and languages and wanted != languages[0]:  # at a translation sheet's row if it has one
            missing.append((places.get(at + (own,)) or places.get(at + (field,), places.get(at)), field))
    for key in [key for key in card if "." in key]:
        del card[key]
    return missing


def _unlisted(checks, path: tuple, cards: list, dotted: list[str], languages: tuple) -> list[Problem]:
    """A column (or key) whose language the game does not list: one problem each, at its heading."""
    problems, places = [], checks.located.places
    listed = ", ".join(languages)
    for key in dotted:
        field, language = key.split(".", 1)
        if language in languages:
            continue
        where = places.get(path + ("columns", key)) or next(
            (places.get(path + (index, key)) for index, card in enumerate(cards) if key in card), None)
        why = (f"game.yaml's `languages` ({listed}) does not list '{language}'" if languages else
               f"game.yaml lists no `languages` (write `languages: [en, {language}]`, the first the cards' own)")
        problems.append(Problem(*(where or (checks.slug, None)),
                                f"column '{key}': the words of '{field}' in {_named(language)}, but {why}"))
    return problems


def untranslated(missing: list[tuple], language: str | None, source: str, shown: str) -> Problem | None:
    """One warning for a language's missing words, each card's place and field listed."""
    if not missing or language is None:
        return None
    listed = [f"{_short(place)} {field}" for place, field in missing[:MOST_LISTED]]
    more = f" and {len(missing) - MOST_LISTED} more" if len(missing) > MOST_LISTED else ""
    words = "word is" if len(missing) == 1 else "words are"
    return Problem(shown, None, f"{language}: {len(missing)} card {words} not translated into "
                                f"{_named(language)}, printed in {_named(source)}: " + ", ".join(listed) + more)


def _short(place) -> str:
    """A card's place as a translator looks it up: `cards.csv:7`, `cards.xlsx:Cards!C7`."""
    if place is None:
        return "?"
    file, line = place
    name = file.rsplit("/", 1)[-1]
    return f"{name}:{line}" if line is not None else name


def _named(language: str) -> str:
    """A language as a message names it: German, Brazilian's `Portuguese (BR)`, or its code."""
    base, _, region = language.partition("-")
    return f"{NAMES[base]} ({region})" if region and base in NAMES else NAMES.get(language, f"'{language}'")


named_language = _named


def named(problems: list[Problem], data: dict) -> list[Problem]:
    """A problem at a translation's cell names its column and language: `text.de (de): ...`. A
    CSV row is one line for all its cells: the field the message names first is the one meant."""
    taken = (data.get("game") or {}).get("translated") or {}
    return [problem.with_message(f"{label}: {problem.message}", problem.text)
            if (label := _label(taken.get(f"{problem.file}:{problem.line}"), problem.message)) else problem
            for problem in problems]


def _label(labels: list | None, message: str) -> str | None:
    if not labels:
        return None
    if len(labels) == 1:
        return labels[0][1]
    named = [(found.start(), label) for field, label in labels
             if (found := re.search(rf"(?<!\w){re.escape(field)}(?!\w)", message))]
    return min(named)[1] if named else labels[0][1].split(" ", 1)[1]  # the language, at least
