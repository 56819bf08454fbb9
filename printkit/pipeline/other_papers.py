"""Which files a build also plans on the other papers, for `validate` (everywhere.on_other_papers):
those made from at most OTHER_PAPERS_AT_MOST characters of content; and, while the page cache is
in use, every file of a declared game (game.yaml) however long its table, but a deck whose cards
are not kept planned (printkit/declared/kept_cards.py): its rules and score sheets are a few pages
whatever the table, and a deck's cards, kept alike on every paper, are found on Letter after A4
(in the same worker), only its sheets laid out again."""

from __future__ import annotations

from printkit.pipeline import cache as lasting

# characters a file is made from: a game with a larger one is left to validate, and a build of such
# a file is drawn in workers alone (printkit's own process keeps what it draws to the end)
OTHER_PAPERS_AT_MOST = 100_000


def too_heavy(item, weight: int) -> bool:
    """Whether a file (made from `weight` characters) is left to validate on the other papers."""
    return weight > OTHER_PAPERS_AT_MOST and not (lasting.keeps() and _declared_and_light(item))


def redrawn(jobs: list) -> bool:
    """Whether every file of a build's pass is a declared game's, its cards kept planned, and was
    drawn before (the plan it was drawn from is on disk) or is only planned (on another paper): an
    edit, whose cards are found kept but those it changed. `jobs`: (item, drawn, plan on disk, _)."""
    return bool(jobs) and lasting.keeps() and all((before is not None or not draw) and _declared_and_light(item)
                                                  for item, draw, before, _ in jobs)


def _declared_and_light(item) -> bool:
    from printkit.declared import GAME_FILE
    from printkit.declared.kept_cards import keeps_cards
    from printkit.declared.products import DeclaredCards

    if GAME_FILE not in item.kit.game.files:
        return False
    product = item.file.product
    return not isinstance(product, DeclaredCards) or keeps_cards(item.kit, product.name, product.source)
