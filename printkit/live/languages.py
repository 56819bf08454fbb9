"""A game printed in several languages on the proofing page (printkit/live/preview.py): one game,
its languages behind a switch. Each language is a game of its own to the build (slug SLUG/LANG,
files in output/SLUG/LANG/, printkit/declared/languages.py); here they are gathered again under the
source's title, each language's products in a block of its own, named in its own words (English,
Deutsch, Français), the source's first. A game without `languages:` is shown as it always was."""

from __future__ import annotations

from functools import lru_cache


def game_of(path: str, slugs) -> tuple[str, str]:
    """The game a built file belongs to (of `slugs`) and its name in that game's folder, from its
    path under the output folder: `signal-fires/de/deck.pdf` is signal-fires/de's `deck.pdf`, not
    signal-fires's `de/deck.pdf` (the longest slug the path starts with)."""
    owners = [slug for slug in slugs if path.startswith(f"{slug}/")]
    slug = max(owners, key=len) if owners else path.split("/", 1)[0]
    return slug, path[len(slug) + 1:]


@lru_cache(maxsize=64)
def own_name(code: str) -> str:
    """A language's name in its own words, as a speaker writes it at the start of a line
    ("Deutsch", "Français"); its code where the name is not known."""
    from babel import Locale, UnknownLocaleError  # here: serve's start and a build need not wait for it

    try:
        locale = Locale.parse(code, sep="-")  # a region as designers write it: pt-BR, de-CH
        name = locale.get_display_name(locale)
    except (UnknownLocaleError, ValueError, TypeError):
        return code
    return name[:1].upper() + name[1:] if name else code


def shown_games(games: list[tuple]) -> list[dict]:
    """The games as the index shows them, from (kit, its products as shown) in the build's order: a
    game without languages as `{title, slug, products}`; the languages of one game together, once,
    where its source's would be, with `languages` (each a block: its code, name, slug, products)."""
    groups: dict[str, list[tuple]] = {}
    for kit, products in games:
        groups.setdefault(kit.game.folder, []).append((kit, products))
    return [_one(members) if len(members) == 1 else _switched(folder, members) for folder, members in groups.items()]


def _one(members: list[tuple]) -> dict:
    kit, products = members[0]
    return {"title": kit.title, "slug": kit.game.slug, "products": products, "languages": []}


def _switched(folder: str, members: list[tuple]) -> dict:
    """One game in several languages: the source's first, then in the order game.yaml lists them."""
    order = list(members[0][0].game.languages)
    blocks = []
    for kit, products in members:
        code = kit.game.language or (kit.game.languages[0] if kit.game.languages else "")
        blocks.append({"code": code, "name": own_name(code), "slug": kit.game.slug, "title": kit.title,
                       "products": products, "block": f"{folder}/{code}", "source": kit.game.source is None})
    blocks.sort(key=lambda block: (not block["source"], order.index(block["code"]) if block["code"] in order
                                   else len(order)))
    first = blocks[0]
    return {"title": first["title"], "slug": folder, "products": first["products"], "languages": blocks}
