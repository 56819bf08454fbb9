"""The methods of printkit's data classes compiled ahead (printkit/ground/dataclass_code.py): the
file shipped for this Python holds every method printkit's modules make, so no printkit process
compiles one; a text found there runs as the code kept for it, another is compiled as ever; a file
of another Python, or broken, is not read; `printkit --version` does not import dataclasses."""

from __future__ import annotations

import dataclasses
import glob
import importlib.util
import json
import marshal
import os
import subprocess
import sys
import zlib

import pytest

from printkit.ground import dataclass_code

EVERY = """
import importlib, json
from printkit.ground import dataclass_code
for name in dataclass_code.every_module():
    importlib.import_module(name)
texts = dataclass_code.printkits(dataclass_code.SEEN)
kept = dataclass_code.read(dataclass_code.FILE)
print(json.dumps([len(texts), sum(text not in kept for text in texts)]))
"""


def test_the_shipped_file_holds_every_method_of_printkit():
    if not os.path.exists(dataclass_code.FILE):
        others = glob.glob(os.path.join(os.path.dirname(dataclass_code.FILE), "dataclass_code.*.marshal"))
        if others:
            pytest.skip(f"the methods are compiled for another Python ({os.path.basename(others[0])})")
        pytest.fail("printkit/ground has no dataclass_code.*.marshal: run python tools/dataclass_code.py")
    done = subprocess.run([sys.executable, "-c", EVERY], capture_output=True, text=True, check=True)
    made, missing = json.loads(done.stdout.splitlines()[-1])
    assert made > 300  # printkit's data classes' methods, all of its modules imported
    assert missing == 0, f"{missing} of {made} methods are not in the file: run python tools/dataclass_code.py"


def _point(name: str = "Point"):
    """A data class made as printkit's are (its module's namespace, dataclasses' own exec)."""
    return dataclasses.make_dataclass(name, [("x", float), ("y", float, 0.0)], frozen=True)


def _texts_of(make) -> list[str]:
    before = len(dataclass_code.SEEN)
    make()
    return [text for _, text in dataclass_code.SEEN[before:]]


def test_a_text_kept_runs_as_its_code_and_another_is_compiled(monkeypatch):
    assert dataclasses.exec is dataclass_code._exec  # noqa: SLF001 - printkit's import installed it
    texts = _texts_of(_point)
    init = next(text for text in texts if " def __init__(" in text)
    kept = compile(init, "<kept>", "exec")  # the same text, compiled under a name a test can see
    monkeypatch.setattr(dataclass_code, "_CODE", [{init: kept}])
    point = _point()
    assert point.__init__.__code__.co_filename == "<kept>"
    assert point.__eq__.__code__.co_filename == "<string>"  # not kept: compiled from its text
    assert point(1.0) == point(1.0, 0.0) and point(1.0) != point(2.0)
    assert repr(point(1.5, 2.0)) == "Point(x=1.5, y=2.0)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        point(1.0).x = 2.0


def test_another_pythons_file_or_a_broken_one_is_not_read(tmp_path):
    text = "def f():\n return 1\n"
    path = str(tmp_path / "code.marshal")
    dataclass_code.write(path, [text])
    assert set(dataclass_code.read(path)) == {text}
    with open(path, "rb") as file:
        data = file.read()
    magic = importlib.util.MAGIC_NUMBER
    cases = {
        "another Python": bytes([magic[0] ^ 1]) + magic[1:] + data[len(magic):],
        "cut short": data[:-20],
        "not compressed": magic + marshal.dumps({text: compile(text, "<string>", "exec")}),
        "not a dict": magic + zlib.compress(marshal.dumps([text])),
        "data, not code": magic + zlib.compress(marshal.dumps({text: b"\x00"})),
    }
    for case, broken in cases.items():
        with open(path, "wb") as file:
            file.write(broken)
        assert dataclass_code.read(path) == {}, case
    assert dataclass_code.read(str(tmp_path / "none.marshal")) == {}


def test_printkit_version_imports_no_dataclasses_and_a_build_has_them_kept():
    bare = subprocess.run([sys.executable, "-c", "import sys; print('dataclasses' in sys.modules)"],
                          capture_output=True, text=True, check=True).stdout.split()
    code = ("import sys, printkit; before = 'dataclasses' in sys.modules; import dataclasses; "
            "from printkit.ground import dataclass_code; from printkit.plan import geometry; "
            "print(before, dataclasses.exec is dataclass_code._exec, len(dataclass_code.SEEN) > 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # (an editable install's finder, which site imports, imports dataclasses before printkit is)
    assert done.stdout.split() == [bare[0], "True", "True"]
