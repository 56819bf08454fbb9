"""The words of a language: gettext catalogs (.po files, as a translator edits them in Poedit or
Weblate), read by Babel into translations for the templates' `{% trans %}` and `_()`.

printkit's own (printkit/locale/<lang>/LC_MESSAGES/printkit.po: its footers, marks and guides)
are read first, then a project's own, in Babel's layout beside its templates/
(locale/<lang>/LC_MESSAGES/messages.po, as `pybabel init -d locale -l de` makes it): a project's
translation of a message wins. A .po file is a designer's input like any other: bounded, parsed by
Babel (read as text, never run; no .mo file is read), and a malformed one is one FILE:LINE problem.
"""

from __future__ import annotations

import hashlib
import io
import re
from pathlib import Path

from babel.messages.pofile import PoFileError, read_po
from babel.support import Translations

from printkit.ground.bundled import PACKAGE
from printkit.ground.errors import Problem, PrintkitError
from printkit.load.files import check_controls, read_text

OWN = PACKAGE / "locale"  # printkit's own catalogs, shipped with it (package data)
OWN_DOMAIN = "printkit"
PROJECT_DOMAIN = "messages"  # Babel's default domain: what `pybabel init` names a catalog
MAX_BYTES = 2 * 1024 * 1024  # a catalog of a whole kit's words is some tens of kilobytes
LANGUAGE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?\Z")  # de, fr, pt_BR: what a folder of locale/ is named


def catalog_paths(language: str, project: Path | None) -> list[tuple[Path, str]]:
    """The catalogs a language's words come from, printkit's first, each with how messages show it."""
    found = [(OWN / language / "LC_MESSAGES" / f"{OWN_DOMAIN}.po", f"printkit/locale/{language}/LC_MESSAGES/{OWN_DOMAIN}.po")]
    if project is not None:
        found.append((project / "locale" / language / "LC_MESSAGES" / f"{PROJECT_DOMAIN}.po",
                      f"locale/{language}/LC_MESSAGES/{PROJECT_DOMAIN}.po"))
    return found


def translations(language: str, project: Path | None = None) -> tuple[Translations, str]:
    """The language's translations (printkit's, then the project's over them) and a digest of the
    catalogs' text: what every word printed in the language depends on besides its template.
    Raises with one problem for each catalog that cannot be read."""
    if not LANGUAGE.match(language):
        raise PrintkitError([Problem("--language", None, f"{language!r} is not a language code (de, fr, pt_BR)")])
    merged, digest, problems = Translations(), hashlib.sha256(language.encode()), []
    for path, shown in catalog_paths(language, project):
        try:
            text = read_text(path, shown, MAX_BYTES, within=path.parent.parent.parent, what="its locale folder")
            check_controls(text, shown)
            merged.merge(Translations(_catalog(text, shown, language), domain=None))
        except FileNotFoundError:
            continue  # a language printkit has no words for, or a project with none of its own
        except PrintkitError as error:
            problems += error.problems
            continue
        digest.update(f"\0{shown}\0{text}".encode())
    if problems:
        raise PrintkitError(problems)
    return merged, digest.hexdigest()


def _catalog(text: str, shown: str, language: str):
    """The catalog as Babel reads it, its bad lines refused (abort_invalid), as a .mo's bytes."""
    from babel.messages.mofile import write_mo

    try:
        catalog = read_po(io.StringIO(text), locale=None, abort_invalid=True)
    except PoFileError as error:
        raise PrintkitError([Problem(shown, error.lineno, f"not a readable .po catalog: {error}")]) from None
    except (ValueError, TypeError) as error:  # a header Babel cannot read (a plural form, a charset)
        raise PrintkitError([Problem(shown, None, f"not a readable .po catalog: {error}")]) from None
    data = io.BytesIO()
    write_mo(data, catalog, use_fuzzy=False)  # fuzzy entries are a translator's guesses: not printed
    data.seek(0)
    return data
