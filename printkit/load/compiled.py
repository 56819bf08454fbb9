"""Compiled templates, so that a build compiles only what nothing kept: those printkit shipped
compiled with itself (printkit's own templates, compiled when its wheel was built, for a project's
template whose name and text are printkit's), then those compiled on this machine before (in
printkit's cache folder, signed with the user's key). Compiling the 30 templates a build of the
bundled kits uses took some 0.2 s of processor time, a sixth of it before the build's workers start.

A compiled template is Python code: it is read only from printkit's own installed folder (trusted
as printkit's .py files are) or from a file signed with the user's key; a file that is not one of
those, was compiled by another Python, Jinja or printkit, or for another text, is not read, and the
template is compiled again.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.util
import json
import marshal
import os
import shutil
import sys
import tempfile
from pathlib import Path
from types import CodeType

import jinja2
import jinja2.bccache

from printkit.ground import signatures
from printkit.ground.bundled import PACKAGE
from printkit.ground.code import code_digest
from printkit.ground.reading import read_bounded

SHIPPED = PACKAGE / "_compiled"  # written into the wheel by setup.py (printkit/load/shipping.py)
INDEX = "index.json"
INDEX_BYTES = 1024 * 1024  # some hundred entries
MAX_BYTES = 8 * 1024 * 1024  # a compiled template is some kilobytes
TEMPLATE_FOLDERS = 4  # of other versions of printkit's code or Jinja, kept: the most recently written


def templates_cache() -> jinja2.BytecodeCache | None:
    """What a Sandbox reads compiled templates from and keeps them in: the user's cache folder
    with printkit's shipped templates read first, or the shipped ones alone where the cache
    folder is off or cannot be kept; None where there is neither."""
    kept = compiled_templates()
    if kept is not None:
        return kept
    return ShippedTemplates() if shipped_index() else None


def compiled_templates() -> SignedTemplates | None:
    """Templates compiled once and kept between runs, as Python keeps __pycache__: in printkit's
    cache folder (`PRINTKIT_CACHE`, else the user's), one for each version of printkit's code and
    of Jinja (the sandbox changes the code Jinja writes). None when `PRINTKIT_CACHE=off`, or where
    that folder cannot be made private to the user or no key can be kept there."""
    if not signatures.caches_on() or signatures.user_key() is None:
        return None
    folder = signatures.cache_root() / f"templates-{jinja2.__version__}-{code_digest()[:16]}"
    try:
        if not folder.is_dir():  # a new printkit or Jinja: the folders of the oldest let go of
            _forget_old_templates(folder.parent)
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        status = folder.stat()
        if (hasattr(os, "getuid") and status.st_uid != os.getuid()) or status.st_mode & 0o077:
            return None
    except (OSError, RuntimeError):
        return None
    return SignedTemplates(folder)


def _forget_old_templates(root: Path) -> None:
    """Each version of printkit's code compiles its templates into a folder of its own: all but
    the TEMPLATE_FOLDERS written last removed, so that upgrades (or a designer's edits to printkit
    itself) do not fill the cache folder. One in use by another printkit is compiled again there."""
    try:
        found = [(path.stat().st_mtime_ns, path) for path in root.glob("templates-*")
                 if path.is_dir() and not path.is_symlink()]
    except OSError:
        return
    for _, old in sorted(found, reverse=True)[TEMPLATE_FOLDERS:]:
        shutil.rmtree(old, ignore_errors=True)


# --- printkit's own, shipped compiled --------------------------------------------------------------

class ShippedTemplates(jinja2.BytecodeCache):
    """printkit's own templates as its wheel shipped them compiled; nothing is written."""

    def get_bucket(self, environment, name, filename, source):
        """The shipped template of this name and text, else what `load_bytecode` finds."""
        checksum = self.get_source_checksum(source)
        code = shipped_code(name, checksum, filename or "<template>")
        if code is None:
            return super().get_bucket(environment, name, filename, source)
        bucket = jinja2.bccache.Bucket(environment, self.get_cache_key(name, filename), checksum)
        bucket.code = code  # found: Jinja neither compiles it nor keeps it again
        return bucket

    def load_bytecode(self, bucket) -> None:
        pass

    def dump_bytecode(self, bucket) -> None:
        pass


def shipped_key(name: str, checksum: str) -> str:
    """A shipped template's file: its name and Jinja's checksum of its text (SHA-1)."""
    return hashlib.sha256(f"{name}\0{checksum}".encode("utf-8")).hexdigest()[:40]


def compiled_by() -> dict:
    """What a compiled template is only good for: this Python's bytecode, this Jinja, this
    printkit's code (its sandbox changes the code Jinja writes)."""
    return {"python": f"{sys.implementation.cache_tag}-{importlib.util.MAGIC_NUMBER.hex()}",
            "jinja": jinja2.__version__, "code": code_digest()}


@functools.cache
def shipped_index() -> dict[str, str]:
    """The shipped templates' files and their SHA-256s, when they were compiled for this Python,
    Jinja and printkit; else none (a copy of printkit without them, as a source checkout is)."""
    data = _regular_file(SHIPPED / INDEX, INDEX_BYTES)
    try:
        index = json.loads(data) if data else {}
    except ValueError:
        return {}
    files = index.get("files") if isinstance(index, dict) else None
    if not isinstance(files, dict) or {k: index.get(k) for k in ("python", "jinja", "code")} != compiled_by():
        return {}
    return {key: digest for key, digest in files.items() if isinstance(key, str) and isinstance(digest, str)}


def shipped_code(name: str, checksum: str, filename: str) -> CodeType | None:
    """printkit's compiled template of that name and text, placed at `filename` (where the code's
    tracebacks point); None where it shipped none, or its file is not what its index says."""
    key = shipped_key(name, checksum)
    digest = shipped_index().get(key)
    if digest is None:
        return None
    data = _regular_file(SHIPPED / f"{key}.code", MAX_BYTES)
    if not data or hashlib.sha256(data).hexdigest() != digest:
        return None  # changed since the wheel was built: compiled again
    try:
        code = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None
    return _placed(code, filename) if isinstance(code, CodeType) else None


def _placed(code: CodeType, filename: str) -> CodeType:
    """The code and every function in it named as compiled from `filename`."""
    consts = tuple(_placed(c, filename) if isinstance(c, CodeType) else c for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


# --- the user's, signed -----------------------------------------------------------------------------

class SignedTemplates(ShippedTemplates):
    """Compiled templates in files signed with the user's key (printkit/ground/signatures.py): Jinja reads a
    compiled template with pickle and marshal, which run what they are given, so a file whose
    signature does not match (planted, damaged, another user's) is never read: the template is
    compiled again. printkit's shipped templates are read before them, and not copied here."""

    MAX_BYTES = MAX_BYTES
    SIGNATURE = 64  # hexadecimal digits of an HMAC-SHA256

    def __init__(self, folder: Path):
        self.folder = folder

    def load_bytecode(self, bucket) -> None:
        data = _regular_file(self.folder / f"{bucket.key}.cache", self.MAX_BYTES)
        signature, code = data[:self.SIGNATURE].decode("ascii", "replace"), data[self.SIGNATURE:]
        if code and signatures.signed(signature, "template", bucket.key, code):
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket) -> None:
        code = bucket.bytecode_to_string()
        signature = signatures.sign("template", bucket.key, code)
        if signature is None:
            return
        try:
            handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=".", suffix=".tmp")
            with os.fdopen(handle, "wb") as file:
                file.write(signature.encode("ascii") + code)
            os.replace(temporary, self.folder / f"{bucket.key}.cache")
        except OSError:
            with contextlib.suppress(OSError, UnboundLocalError):
                os.unlink(temporary)


def _regular_file(path: Path, limit: int) -> bytes:
    """The bytes of a regular file (no link) of at most `limit` bytes; b"" for anything else."""
    try:
        return read_bounded(path, limit, follow=False)
    except ValueError:
        return b""
