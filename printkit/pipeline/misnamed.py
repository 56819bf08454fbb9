"""A name given where a game is expected that is a product of one of the project's games (`printkit
build events`): what the designer meant, said as the command to type (`--only` where the command
takes it)."""

from __future__ import annotations

TAKES_ONLY = ("build",)  # the commands that build some products of a game


def product_named(name: str, games: dict, command: str) -> str | None:
    """The hint for `name`, when it is a product (not a game) of the project's `games` (slug ->
    game), or None. `command`: the command as typed, `printkit build`."""
    having = [slug for slug, game in games.items() if any(product.name == name for product in game.products)]
    if not having:
        return None
    typed = [f"{command} {slug}" + (f" --only {name}" if command.split()[-1] in TAKES_ONLY else "")
             for slug in having]
    owners = " and ".join(f"'{slug}'" for slug in having)
    return f"'{name}' is no game of this project; it is a product of {owners}: {' or '.join(typed)}"
