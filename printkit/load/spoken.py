"""Numbers and lists as a language writes them in running text, for the templates' filters in a
language other than the source's (printkit/load/words.py has the source language's, English):
`spelled` (drei, trois), `ordinal` (3., 3e) and `join_and` (… und …, … et …). A language without
its own here keeps the English filters: its templates write their numbers as digits."""

from __future__ import annotations

SPELLED = {
    "de": "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn "
          "siebzehn achtzehn neunzehn zwanzig".split(),
    "fr": "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize dix-sept "
          "dix-huit dix-neuf vingt".split(),
}
AND = {"de": "und", "fr": "et"}


def filters(language: str) -> dict:
    """The filters that write words in `language`, where it has them (none: the English ones stay)."""
    if language not in SPELLED:
        return {}
    words, conjunction = SPELLED[language], AND[language]

    def spelled(number: int) -> str:
        """Up to twenty as words, as rules write them; beyond as digits (German and French rules do)."""
        return words[number] if 0 <= number < len(words) else str(number)

    def ordinal(number: int) -> str:
        return f"{number}." if language == "de" else ("1er" if number == 1 else f"{number}e")

    def join_and(items) -> str:
        items = [str(item) for item in items]
        return f" {conjunction} ".join(filter(None, [", ".join(items[:-1]), items[-1]])) if items else ""

    return {"spelled": spelled, "ordinal": ordinal, "join_and": join_and}
