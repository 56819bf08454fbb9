"""The live tools' commands (printkit/live/): `watch`, `preview` and `serve`, which show a project
as it is edited, and `printed` and `errata`, which record the cards as printed and print again only
those that changed since."""

from __future__ import annotations

import sys
import threading
import time

from printkit.cli.outputs import out
from printkit.cli.report import VERBOSITY, say
from printkit.load import project
from printkit.pipeline.chosen import count, folder, games, options


def cmd_watch(args) -> int:
    """build, then rebuild what each saved edit of content/ or templates/ affects

    Watches content/ (its YAML, and the card tables, images and fonts a game reads) and templates/,
    every file but an editor's scratch and lock files, and prints the files each rebuild changed (a
    product added to a game.yaml is built too). An edit with problems prints them, one line each
    (FILE:LINE: message), and keeps the last good outputs. Ctrl-C stops it.
    """
    from printkit.live.watch import watch  # watchdog starts threads: only load it to watch

    chosen = games(args, args.games)
    chosen_options = options(args)
    try:
        watch(chosen, folder(args), out(args), chosen_options, find=lambda: games(args, args.games),
              say=lambda line: say(args, line, flush=True),
              complain=lambda line: print(line, file=sys.stderr, flush=True), stop=threading.Event())
    except KeyboardInterrupt:
        pass  # Ctrl-C is how a watch ends
    return 0


def cmd_preview(args) -> int:
    """build, then a PNG of every page and card and an index.html to open in a browser

    In the output folder: preview/GAME/PRODUCT/page-NN.png for every page, card-NN.png beside them
    for every card of a card product, and index.html, which works straight from the folder: no
    server. PNGs are rendered again only when their PDF or the dpi changed. With --proof SHOP, a soft
    proof instead: the pictures as the shop's press will print them, in proof-SHOP.html; the
    ordinary preview's files are left as they are.

    The page is for proofing: a table of contents, then every product with its pages and its cards
    at their real size, each card under its name (its id, when the deck gives one) and with the bleed
    round it when the build has one; a checkbox draws the trim, the bleed edge and the 1/8 in safe
    zone over every card. A click on a picture shows it at full size; each product links to its PDF
    and says how to print it. A game printed in several languages (`languages:` in its game.yaml) is
    one game on the page, with a switch (English, Deutsch, Français): a link to each language's pages
    and cards, shown where the others were; the choice is remembered.
    """
    from printkit.live.preview import INDEX, preview, proof_for

    started = time.perf_counter()
    chosen_options = options(args)
    proof = proof_for(args.proof) if args.proof else None
    results, shown = preview(in_languages(args), folder(args), out(args), chosen_options, args.dpi,
                             force=args.force, proof=proof)
    for output, changed in results:
        say(args, f"{project.shown(output.path)}  {count(output.pages, 'page')}{'' if changed else '  (unchanged)'}",
            VERBOSITY["verbose"])
    images = sum(len(s.images) + len(s.cards) for s in shown)
    rendered = sum(len(s.images) + len(s.cards) for s in shown if s.rendered)
    say(args, f"previewed {count(len(results), 'file')}: {count(images, 'PNG')} ({rendered} rendered) "
              f"at {args.dpi} dpi, in {time.perf_counter() - started:.2f} s")
    if proof:
        say(args, f"a soft proof for {proof.name} ({proof.condition})")
    say(args, f"open {project.shown(out(args) / (proof.index if proof else INDEX))}")
    return 0


def cmd_serve(args) -> int:
    """build, then serve the proofing page and show each saved edit in it at once

    Serves the preview's page on this machine (http://127.0.0.1:PORT/, a free port unless --port),
    rebuilds what each saved edit of content/ or templates/ affects, and swaps the changed pictures
    into every open page without reloading it (the scroll kept). An edit with problems shows them in
    the page and in the terminal (FILE:LINE: message), the last good pictures kept and marked stale
    until a save builds. Only the output folder's files are served, and only on the loopback address
    unless --host says otherwise. Ctrl-C stops it.

    Over the preview's page: a bar to filter the cards by product and by a field's value; each card's
    FILE:LINE, which a click copies (with --editor, a link that opens it in your editor); and, after
    `printkit printed`, the cards changed since, each as printed beside as it is now. A game in several
    languages has the preview's language switch; a saved translation redraws only its language's
    pictures, and the switch stays where it was.
    """
    from printkit.live.serve import serve  # a server and watchdog's threads: only load them to serve

    def opened(url: str) -> None:
        if args.open:
            import webbrowser

            webbrowser.open(url)

    try:
        serve(in_languages(args), folder(args), out(args), options(args), args.dpi, args.host, args.port,
              say=lambda line: say(args, line, flush=True),
              complain=lambda line: print(line, file=sys.stderr, flush=True), stop=threading.Event(),
              find=lambda: in_languages(args), ready=opened, editor=args.editor)
    except KeyboardInterrupt:
        pass  # Ctrl-C is how serving ends
    return 0


def in_languages(args) -> list:
    """The games named, each with its other languages' (`signal-fires` is signal-fires/de and
    signal-fires/fr too, as `printkit build` takes it): the page shows a game in all of them."""
    from printkit.cli.build_commands import in_languages as languages_of

    return languages_of(games(args, args.games), games(args, []), None) if args.games else games(args, [])


def cmd_printed(args) -> int:
    """record the cards as printed, so that a later errata prints only those that change

    Writes printed.json beside printkit.yaml (commit it with the game): for every card and token of
    the games named (or of all the project's), a fingerprint of its face and back and the words it
    shows, with today's date and the paper. Its place on the sheet, the paper and the print options
    are not part of a card's fingerprint. A game recorded again replaces its entry; the others stay.
    printed.json is no output: removing the output folder keeps it. A game with `languages:` is
    recorded in each language (SLUG/LANG), or in the one --language names.
    """
    from printkit.cli.target_commands import in_language
    from printkit.live.errata.commands import printed

    path, found, without = printed(in_language(args), folder(args), options(args), bool(args.games))
    cards = sum(len(printing.cards) for printing in found.values())
    each = ", ".join(f"{slug} {len(printing.cards)}" for slug, printing in found.items())
    left = f"; {', '.join(without)} {'has' if len(without) == 1 else 'have'} none" if without else ""
    date, paper = next(iter(found.values())).date, options(args).paper.name
    say(args, f"{project.shown(path)}: recorded {count(cards, 'card')} as printed on {date}, {paper} ({each}){left}")
    return 0


def cmd_errata(args) -> int:
    """the cards changed since `printkit printed`, to print and swap for the old ones

    Writes GAME/errata.pdf for each game with a card changed, new or removed since printed.json
    recorded it: a page listing each change (the words before and after), then the changed cards on
    the deck's own sheets, with their backs, as the print options print the deck. A game with
    nothing changed gets a line saying so and no file (and an earlier errata.pdf of it is removed).
    No printed.json, or nothing in it for a game named: one line, exit 1. A game with `languages:`
    is compared in each language on its own: a change to a card's German words makes
    GAME/de/errata.pdf of that card, in German, and nothing in the other languages.
    """
    from printkit.cli.target_commands import in_language
    from printkit.live.errata.commands import errata

    for item in errata(in_language(args), folder(args), out(args), options(args), bool(args.games or args.language)):
        if item.changes:
            cards = sum(change.printed for change in item.changes)
            say(args, f"{project.shown(item.path)}  {count(item.pages, 'page')}: {count(len(item.changes), 'change')} "
                      f"since {item.date}, {count(cards, 'card')} to print")
        else:
            say(args, f"{item.game}: no card changed since {item.date}; no errata to print")
    return 0
