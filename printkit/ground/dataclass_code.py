"""The methods Python's dataclasses write for printkit's data classes (`__init__`, `__repr__`,
`__eq__`...) compiled ahead, as a module's .pyc holds its code compiled. Importing printkit makes
some 100 data classes, and `dataclasses` writes each of their methods as text and compiles it at
every start: some 45 ms of every printkit process (a fifth of its imports), paid again by each
command, a build after one edit included.

`install()` (printkit/__init__.py, before any of printkit's classes is made) hands `dataclasses`
an `exec` of its own: a text found in CODE is run as the code compiled from that very text; any
other text (a class changed since CODE was written, another package's class) is compiled as ever.
The methods are the same either way: the key is the whole text, and the code is what `exec`
compiles from it.

CODE is written by `python tools/dataclass_code.py`, from every module of printkit, for
the Python it runs on: the file is named for that Python (`sys.implementation.cache_tag`) and
starts with its bytecode's magic number, as a .pyc does, so another Python's (another bytecode) is
never read; a Python with none compiles the methods as before. It ships in the package beside
printkit's modules, and is read from there only (never from a cache: code is run only from where
printkit's own code is). tests/test_dataclass_code.py checks it is current."""

from __future__ import annotations

import builtins
import marshal
import os
import sys
import zlib

FILE = os.path.join(os.path.dirname(__file__), f"dataclass_code.{sys.implementation.cache_tag}.marshal")
_CODE: list = []  # [the texts' code, read at the first class made]
SEEN: list[tuple[str, str]] = []  # (module, text) of each method made since install(): what `main` writes


def install() -> None:
    """`dataclasses` given `_exec` (its module's own name `exec`, which it calls for each method): at
    once if it is imported already, else as it is imported (`printkit --version` imports it not)."""
    module = sys.modules.get("dataclasses")
    if module is not None:
        module.exec = _exec
    elif not any(isinstance(finder, _WhenImported) for finder in sys.meta_path):
        sys.meta_path.insert(0, _WhenImported())


class _WhenImported:
    """A finder that finds nothing of its own: when `dataclasses` is first imported, the module the
    other finders find is given `_exec` before its code runs (the module defines no `exec`)."""

    def find_spec(self, name, path=None, target=None):
        if name != "dataclasses":
            return None
        sys.meta_path.remove(self)
        from importlib.util import find_spec

        spec = find_spec(name)
        load = getattr(spec and spec.loader, "exec_module", None)
        if load is None:
            return spec

        def exec_module(module) -> None:
            module.exec = _exec
            load(module)
        spec.loader.exec_module = exec_module
        return spec


def _exec(source, globals=None, locals=None) -> None:  # noqa: A002 - exec's own parameter names
    if not isinstance(source, str):
        builtins.exec(source, globals, locals)
        return
    code = _code().get(source)
    SEEN.append(((globals or {}).get("__name__", ""), source))
    builtins.exec(source if code is None else code, globals, locals)


def _code() -> dict:
    if not _CODE:
        _CODE.append(read(FILE))
    return _CODE[0]


def read(path: str) -> dict:
    """text -> its code, from `path`; {} where there is no such file, or it is another Python's,
    or it is not whole."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError:
        return {}
    magic = _magic()
    if not data.startswith(magic):
        return {}
    try:
        found = marshal.loads(zlib.decompress(data[len(magic):]))
    except (ValueError, EOFError, TypeError, zlib.error):
        return {}
    if not isinstance(found, dict):
        return {}
    return {text: code for text, code in found.items() if isinstance(text, str) and type(code) is _CODE_TYPE}


_CODE_TYPE = type(compile("", "<string>", "exec"))


def _magic() -> bytes:
    from importlib.util import MAGIC_NUMBER

    return MAGIC_NUMBER


def printkits(seen: list[tuple[str, str]]) -> list[str]:
    """The texts of the methods made for printkit's own classes, each once, in order."""
    return list(dict.fromkeys(text for module, text in seen if module == "printkit" or module.startswith("printkit.")))


def every_module() -> list[str]:
    """The names of printkit's modules (its packages' too), but its command's start (`__main__`)."""
    import pkgutil

    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # printkit/, this being ground/'s
    return [found.name for found in pkgutil.walk_packages([package], "printkit.")
            if not found.name.endswith(".__main__")]


def write(path: str, texts: list[str]) -> None:
    code = {text: compile(text, "<string>", "exec") for text in texts}  # as `exec` compiles a text
    with open(path, "wb") as file:
        file.write(_magic() + zlib.compress(marshal.dumps(code), 9))


def write_current() -> int:
    """Every module of printkit imported, and the methods made for its classes written to FILE
    (tools/dataclass_code.py); how many."""
    import importlib

    for name in every_module():
        importlib.import_module(name)
    texts = printkits(SEEN)
    write(FILE, texts)
    return len(texts)
