"""`printkit printed` and `printkit errata`, between the command line and the record and the pack:
which games, checked like a build, everything planned before anything is written.

An errata pack is not a build output: `.printkit-manifest.json` does not list it, so a build
neither vouches for it nor removes it as a file "printkit no longer makes"; each `printkit errata`
makes it again from printed.json and the content as it is then (or removes it: nothing changed).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from printkit.live.errata import pack, record
from printkit.live.errata.changes import Change, changes
from printkit.ground.errors import Problem, PrintkitError
from printkit.pipeline.build import remove_output
from printkit.pipeline.kits import load_all
from printkit.plan.geometry import PAPERS
from printkit.load.project import refuse_links
from printkit.render.draw import render
from printkit.pipeline.write import Output, is_pdf, write_outputs


@dataclass(frozen=True)
class Errata:
    """One game's errata: what changed since `date`, and its file (None: nothing changed)."""

    game: str
    date: str
    changes: list[Change]
    path: Path
    pages: int = 0


def printed(games, content: Path, options, named: bool) -> tuple[Path, dict[str, record.Printing], list[str]]:
    """Every card of the games' card products recorded as printed today on the options' paper;
    returns printed.json's path, what it recorded, and the games left out (no cards)."""
    carded = [game for game in games if record.card_products(game)]
    without = [game.slug for game in games if game not in carded]
    if (named and without) or not carded:
        raise PrintkitError([Problem(game, None, "has no cards or tokens to record") for game in without])
    today = datetime.date.today().isoformat()
    paper = next(name for name, paper in PAPERS.items() if paper == options.paper)
    found = {kit.game.slug: record.Printing(today, paper, tuple(record.cards_now(kit)))
             for kit in load_all(carded, content, options)}
    return record.write(content, found), found, without


def errata(games, content: Path, out: Path, options, named: bool) -> list[Errata]:
    """Each game's errata pack, written all together; a game with nothing changed has none (and an
    earlier errata.pdf of it is removed)."""
    recorded = record.read(content)
    chosen = _recorded(games, recorded, named)
    refuse_links([out / game.slug / pack.FILE for game in chosen], out)  # written or removed: never through a link
    made, outputs = [], []
    for kit in load_all(chosen, content, options):
        printing = recorded[kit.game.slug]
        found = changes(printing, record.cards_now(kit))
        path = out / kit.game.slug / pack.FILE
        if found:
            data, pages = render(pack.document(kit, printing, found), **options.drawing)
            outputs.append(Output(path, data, pages))
        made.append(Errata(kit.game.slug, printing.date, found, path, outputs[-1].pages if found else 0))
    write_outputs(outputs, within=out)
    for item in made:
        if not item.changes and is_pdf(item.path):
            remove_output(item.path, out)
    return made


def _recorded(games, recorded: dict, named: bool) -> list:
    """The games named, each of which printed.json must hold; or every recorded game of the project."""
    without = [game.slug for game in games if not record.card_products(game)]
    if named and without:
        raise PrintkitError([Problem(slug, None, "has no cards or tokens to print") for slug in without])
    missing = [game.slug for game in games if game.slug not in recorded]
    if named and missing:
        raise PrintkitError([Problem(record.RECORD, None, f"nothing recorded for {slug}: run `printkit printed "
                                                          f"{slug}` first, when its cards are printed")
                             for slug in missing])
    chosen = [game for game in games if game.slug in recorded]
    if not chosen:
        raise PrintkitError([Problem(record.RECORD, None, "records none of this project's games: run "
                                                          "`printkit printed` first, when the cards are printed")])
    return chosen

