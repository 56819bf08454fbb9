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

from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po
from babel.support import Translations

from printkit.ground.bundled import PACKAGE
from printkit.ground.errors import Problem, PrintkitError
from printkit.load.files import check_controls, read_text

OWN = PACKAGE / "locale"  # printkit's own catalogs, shipped with it (package data)
OWN_DOMAIN = "printkit"
PROJECT_DOMAIN = "messages"  # Babel's default domain: what `pybabel init` names a catalog
MAX_BYTES = 2 * 1024 * 1024  # a catalog of a whole kit's words is some tens of kilobytes
# de, fr, pt_BR: what a folder of locale/ is named; pt-BR, zh-Hant: a language as game.yaml tags it (BCP 47)
LANGUAGE = re.compile(r"[a-z]{2,3}([_-][A-Z][a-z]{3})?([_-]([A-Z]{2}|[0-9]{3}))?\Z")


def catalog_paths(language: str, project: Path | None) -> list[tuple[Path, str]]:
    """The catalogs a language's words come from, printkit's first, each with how messages show it:
    for each, the most particular locale folder there is, as Babel looks (pt_BR, then pt)."""
    found = [_first(OWN, "printkit/locale", language, OWN_DOMAIN)]
    if project is not None:
        found.append(_first(project / "locale", "locale", language, PROJECT_DOMAIN))
    return found


def _first(folder: Path, shown: str, language: str, domain: str) -> tuple[Path, str]:
    """The catalog of the language's most particular locale there is (its broadest's path when none is)."""
    parts = language.replace("-", "_").split("_")
    names = ["_".join(parts[:count]) for count in range(len(parts), 0, -1)]  # pt_BR, then pt
    paths = [(folder / name / "LC_MESSAGES" / f"{domain}.po", f"{shown}/{name}/LC_MESSAGES/{domain}.po") for name in names]
    return next((path for path in paths if path[0].is_file()), paths[-1])


def translations(language: str, project: Path | None = None) -> tuple[Translations, str]:
    """The language's translations (printkit's, then the project's over them) and a digest of the
    catalogs' text: what every word printed in the language depends on besides its template.
    Raises with one problem for each catalog that cannot be read."""
    if not LANGUAGE.match(language):
        raise PrintkitError([Problem("--language", None, f"{language!r} is not a language code (de, fr, pt-BR)")])
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
    try:
        catalog = read_po(io.StringIO(text), locale=None, abort_invalid=True)
    except PoFileError as error:  # Babel counts lines from 0, and says where in its own words
        message = re.sub(r" on \d+$", "", str(error))
        raise PrintkitError([Problem(shown, error.lineno + 1, f"not a readable .po catalog: {message}")]) from None
    except (ValueError, TypeError) as error:  # a header Babel cannot read (a plural form, a charset)
        raise PrintkitError([Problem(shown, None, f"not a readable .po catalog: {error}")]) from None
    problems = [Problem(shown, message.lineno, said) for message in catalog if message.id
                for said in _misformatted(message)]
    if problems:
        raise PrintkitError(problems)
    data = io.BytesIO()
    write_mo(data, catalog, use_fuzzy=False)  # fuzzy entries are a translator's guesses: not printed
    data.seek(0)
    return data


PLACEHOLDER = re.compile(r"%(?:%|\((\w+)\)s)")  # `%%`, or a name the template hands the message: `%(page)s`


def _misformatted(message) -> list[str]:
    """What would print wrong in a translation: the templates fill every message with `%`
    (Jinja's newstyle gettext), so a lone `%` (`100%` for `100%%`) prints garbage or fails, and a
    name the message does not have fails as the page is made. Said here, at the message's line."""
    names = {name for ids in _texts(message.id) for name in PLACEHOLDER.findall(ids) if name}
    found = []
    for text in _texts(message.string):
        if "%" in PLACEHOLDER.sub("", text):
            found.append(f"a lone % in the translation of {_short(message.id)} (a percent sign is written %%)")
        for name in sorted({name for name in PLACEHOLDER.findall(text) if name} - names):
            found.append(f"%({name})s in the translation of {_short(message.id)} is not in the message")
    return found


def _texts(value) -> tuple[str, ...]:
    return tuple(text for text in (value if isinstance(value, (list, tuple)) else (value,)) if text)


def _short(msgid) -> str:
    text = _texts(msgid)[0]
    return repr(text if len(text) <= 40 else text[:37] + "...")
