"""A long-lived process (watch, serve) made ready for its first edit: every file of its games
planned and drawn once more in memory after the first build, nothing written, so that what an
edit's build reads from the page cache (each card's planned sides, each page's drawing:
printkit/pipeline/held.py) and what it works out once a process (fonts, compiled templates,
expressions) is there already. Without it, the first save after starting `watch` cost as much
again as the saves after it (a 1,000-card deck's: 0.17 against 0.10 s): it read all that in, and
the later ones found it held. `serve` is made ready so too (with it, that deck's first save built
in 0.14 s, as the later ones).

It changes nothing: no file, no manifest, and the page cache only where it kept nothing yet for
what is drawn. A problem it meets is the next build's to say (the first build said it, or found
nothing changed): it says none itself (its warnings are hushed, not what another thread
writes), and stops there. So does whatever else it meets: watch hears every edit while it works,
and a file saved as it was read may be read half-written; the build that edit starts reads it
again, whole, and says what is wrong with it."""

from __future__ import annotations

from pathlib import Path

from printkit.ground.errors import WARNED, hushed
from printkit.load.options import Options
from printkit.pipeline import cache as lasting
from printkit.pipeline.kits import load_all
from printkit.pipeline.planning import files, plan_one, summaries_last
from printkit.plan import findings
from printkit.plan.marks import Document
from printkit.products.kit import Game
from printkit.render.draw import render


def warm(games: list[Game], content: Path, options: Options) -> None:
    """Every file of `games` planned and drawn in this process, what it read held in memory
    (at most held.MOST_BYTES of drawn pages), nothing written."""
    lasting.use(lasting.default_folder())
    if not lasting.keeps():
        return
    with hushed():  # a warning loading or planning gives: the builds' to say
        try:
            _warm(games, content, options)
        except Exception:  # noqa: BLE001 - content saved while it was read (watch hears it): the next build's to say
            pass
        finally:
            findings.taken()
            del WARNED[:]
            lasting.flush()
            lasting.forget_digests()


def _warm(games: list[Game], content: Path, options: Options) -> None:
    kits = load_all(games, content, options, None)
    for item in summaries_last(files(kits)):
        outcome = plan_one(item)
        if isinstance(outcome, list):  # a problem (a print guide would count the pages of a file not planned)
            return
        if isinstance(outcome, Document):
            render(outcome, **item.kit.options.drawing, keeper=lasting.KEPT)
        lasting.forget_digests()
