"""A declared deck's cards kept planned between builds, a few cards a value, so that an edit of one
card plans that card's few again and finds every other card's face and back as it was (known by
its key, read only if its page must be drawn again: printkit/plan/kept_marks.py). What keeps them
is the kit's keeper, handed by the pipeline (printkit/pipeline/cache.py, the page cache in use):
the deck decides what its cards are kept under, never where.

A card's planned sides are kept under everything they are made from: the card's own row (its
fields, its name, where it was written) and, for all cards alike, the deck's shared inputs: the
game's content but the cards' rows (their number counts), its templates' text, the card's size
and bleeds, the folder its images are read from (as a side's pictures name them), and (through
the store's key) printkit's code and fonts. The images and fonts a game
names are in its content with their digests. Not the paper or the other options: a card is
planned alike on A4 and Letter. A few cards are never kept: the whole deck is planned as before
where a card's planning reads other cards (a number layer marks a 6 by the deck's 9s), where an
expression may read the deck's rows (`products.`), and a group of cards the layout lint found
something on is planned again at every build (so the build says it again, its count whole).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from printkit.ground.errors import PrintkitError
from printkit.plan import kept as codec

GROUP = 8  # cards kept in one value: an edit of one card plans at most this many again


def keeps_cards(kit, product: str, source) -> bool:
    """Whether a deck's cards may be kept (shared_digest), as far as its content says."""
    from printkit.declared.cards import Deck

    return _keeps(kit) and _text(kit, Deck(kit, product, source)) is not None


def _keeps(kit) -> bool:
    return kit.keeper is not None and kit.keeper.keeps()


@dataclass(frozen=True)
class Shared:
    """What every card of a deck is planned from (its digest), and the keeper its cards are kept by."""

    digest: str
    keeper: Any


def _text(kit, deck) -> str | None:
    """The kit's content but the deck's rows, as JSON; None where a card's plan may read others."""
    text = json.dumps(_without_rows(kit.data, deck), sort_keys=True, default=str, ensure_ascii=False)
    return None if '"kind": "number"' in text or "products." in text else text


def shared_digest(look, back_bleed: float) -> Shared | None:
    """The digest of what every card of `look`'s deck is planned from, with its kit's keeper, or
    None where its cards are not kept (no page cache in use; or a card's plan reads other cards,
    see the docstring)."""
    deck = look.deck
    kit = deck.kit
    if not _keeps(kit):
        return None
    text = _text(kit, deck)
    if text is None or not _alike_planned(deck):
        return None
    # The folder its images are read from too, where it has any: a side's pictures name them by
    # their path from where printkit runs, which a build from another folder, or of the project
    # moved, does not share. (Only then: a deck with no picture files is planned alike anywhere,
    # and its manifest says the same wherever it is built.)
    pictured = [str(look.folder)] if look.looks["assets"]["files"] else []
    inputs = [kit.game.slug, deck.product, deck.source.file, text, kit.title, kit.template_sources(None),
              list(look.size), look.bleed, back_bleed, *pictured]
    return Shared(hashlib.sha256(json.dumps(inputs, ensure_ascii=False, default=str).encode("utf-8")).hexdigest(),
                  kit.keeper)


def _alike_planned(deck) -> bool:
    """Whether each card's sides are planned alike whichever cards were planned before them. A
    layer the same on every card is planned once a deck (faces.py), and the first card it is
    planned for gives its corners an empty frame (PDFs stay as they were): a side whose only
    layers in the corners' way are such (or bound only at an end, or under a condition) would
    then depend on which cards were planned first. A back alike on every card is planned once
    whatever (identical backs are one)."""
    from printkit.declared.evaluate import _used, compiled

    key = (id(deck.kit.data), deck.product)  # a kit on another paper shares its content: looked at once
    found = _ALIKE.get(key)
    if found is not None and found[0] is deck.kit.data:
        return found[1]
    alike = all(_side_alike(deck, path, side, compiled) for path, side in _used(deck))
    _ALIKE.clear()  # (one deck's at a time: a build plans a deck on each paper one after the other)
    _ALIKE[key] = (deck.kit.data, alike)
    return alike


_ALIKE: dict = {}


def _side_alike(deck, path: tuple, side: dict, compiled) -> bool:
    """_alike_planned, for one layout of a side."""
    layers = [raw for raw in (side.get("layers") or {}).values() if raw.get("ends") != "both"]
    always = [raw for raw in layers if compiled(raw, deck.compiled).bound and raw.get("if") in (None, True)]
    constant = [raw for raw in layers if _constant(compiled(raw, deck.compiled), raw)]
    return not constant or bool(always) or (path == ("back",) and _own_constant(side))


def _constant(layer, raw: dict) -> bool:
    """faces._constant, read from the layer as written."""
    return not layer.bound and layer.condition is None and not raw.get("corners") and layer.kind != "number"


def _own_constant(side: dict) -> bool:
    """Whether what a back keys identical backs by (faces._back_key) is written as it is."""
    from printkit.declared.bind import binding

    return all(side.get(name) is None or binding(side[name]).constant for name in ("background", "words", "image",
                                                                                 "colour"))


def _without_rows(data: dict, deck) -> dict:
    """The kit's content with the deck's own rows left out (their number kept)."""
    source = data[deck.source.stem]
    product = source["products"][deck.product]
    rows = product[deck.key]
    shown = len(rows) if isinstance(rows, list) else rows
    stripped = {**source, "products": {**source["products"], deck.product: {**product, deck.key: shown}}}
    return {**data, deck.source.stem: stripped}


def groups(entries: list) -> list[list]:
    return [entries[start:start + GROUP] for start in range(0, len(entries), GROUP)]


def key(shared: Shared, group: list) -> list:
    """What a group of cards is kept under: the deck's shared digest and each card's own row."""
    return ["deck cards", shared.digest, [[entry.values, entry.name, entry.named, entry.index, entry.file,
                                    entry.where.file, entry.where.line] for entry in group]]


def shape(group: list) -> tuple:
    return (tuple,) * (2 * len(group))


def found(shared: Shared | None, group: list, make) -> list | None:
    """The group's (entry, face, back) as kept, or None: to be planned. `make()` plans it again
    if what was found is gone when it is read."""
    if shared is None:
        return None
    sides = shared.keeper.find_marks(key(shared, group), shape(group), lambda: _sides(make()))
    if sides is None:
        return None
    return [(entry, sides[n], sides[len(group) + n]) for n, entry in enumerate(group)]


def kept(shared: Shared | None, group: list, planned: list) -> list:
    """The group just planned (its (entry, face, back)), kept: each side then knows its digest."""
    if shared is None or len(planned) != len(group):
        return planned
    sides = shared.keeper.keep_marks(key(shared, group), _sides(planned))
    return [(entry, sides[n], sides[len(group) + n]) for n, (entry, _, _) in enumerate(planned)]


def _sides(planned: list) -> list:
    return [tuple(face) for _, face, _ in planned] + [tuple(back) for _, _, back in planned]


def ahead(shared: Shared | None, todo: list) -> int:
    """How many of the groups to plan (`todo`) are evaluated before they are planned: all, or,
    where a worker may plan the later ones (`_beside`), the earlier HERE per cent (the worker
    evaluates its own)."""
    return (len(todo) * HERE + 99) // 100 if _halved(shared, todo) else len(todo)


def _halved(shared: Shared | None, todo: list) -> bool:
    return shared is not None and sum(map(len, todo)) >= BESIDE


def planned(shared: Shared | None, found: list, evaluated: list, plan, linted, problems: list, evaluate) -> list:
    """Every card's (entry, face, back) in the deck's order: each group as `found` kept, or planned
    from its sides (as `evaluated`, or for the groups after those, `evaluate(groups)`) with
    `plan(sides, problems)`, then kept if nothing was found on it (`linted`, the deck's lint: a
    finding is said again at every build, counted whole). Where many cards are to be planned, a
    worker beside this process evaluates and plans the later ones (`_beside`); a group it
    found something on (a finding, a problem), or all of its share where it could not be done, is
    evaluated and planned here after the others, in the deck's order, so that the lint and the
    problems are what planning them in turn gives."""
    jobs, evaluated = [], iter(evaluated)
    for group, kept_ in found:
        jobs.append([group, kept_, next(evaluated, None) if kept_ is None else None])
    done = _beside(shared, jobs, plan, linted, problems, evaluate)
    later = [job for n, job in enumerate(jobs) if job[1] is None and job[2] is None and n not in done]
    for job, sides in zip(later, evaluate([job[0] for job in later]) if later else []):  # problems: raised
        job[2] = sides
    cards = []
    for n, (group, kept_, sides) in enumerate(jobs):
        kept_ = kept_ if kept_ is not None else done.get(n)
        cards += kept_ if kept_ is not None else _one(shared, group, sides, plan, linted, problems)
    return cards


BESIDE = 64  # cards to plan, at least, for a worker to plan some of them beside this process
HERE = 55  # per cent of the groups to plan that this process plans: the worker evaluates its own too


def _one(shared: Shared | None, group: list, sides, plan, linted, problems: list) -> list:
    """A group planned, and kept where nothing was found on it."""
    before = _findings(linted), len(problems)
    made = plan(sides, problems)
    return kept(shared, group, made) if (_findings(linted), len(problems)) == before else made


def _beside(shared: Shared | None, jobs: list, plan, linted, problems: list, evaluate) -> dict:
    """{group's index: its cards}: the groups to plan that are evaluated planned here, while a
    worker forked beside this process (the keeper's `beside`: where a core is free) evaluates and
    plans the others (the later ones: `ahead`) and hands back each group nothing was found on, its
    marks as the page cache keeps them (printkit/plan/kept.py), which are then kept here. {} where
    the groups to plan are not halved."""
    todo = [n for n, (_, kept_, _) in enumerate(jobs) if kept_ is None]
    if not _halved(shared, [jobs[n][0] for n in todo]):
        return {}
    mine, theirs = [n for n in todo if jobs[n][2] is not None], [n for n in todo if jobs[n][2] is None]

    def there() -> list:  # in the worker: (index, sides as bytes) of each clean group (its lint and problems its own)
        clean = []
        for n in theirs:
            group = jobs[n][0]
            try:
                sides = evaluate([group])[0]
            except PrintkitError:
                continue
            before, said = _findings(linted), []
            made = plan(sides, said)
            data = codec.pickled(_sides(made)) if _findings(linted) == before and not said else None
            if data is not None and len(made) == len(group):
                clean.append((n, data))
        return clean

    def here() -> dict:
        return {n: _one(shared, jobs[n][0], jobs[n][2], plan, linted, problems) for n in mine}
    done, planned_there = shared.keeper.beside(there, here)
    for n, data in planned_there or []:
        sides = codec.unpickled(data) if n in theirs and isinstance(data, bytes) else None
        group = jobs[n][0] if sides is not None else ()
        if isinstance(sides, list) and len(sides) == 2 * len(group):
            done[n] = kept(shared, group, [(entry, sides[k], sides[len(group) + k]) for k, entry in enumerate(group)])
    return done


def _findings(linted) -> tuple[int, int]:
    """How many findings the deck's lint has noted so far, and flags on cards."""
    return sum(found[1] for found in linted.found.values()), sum(map(len, linted.flags.values()))
