"""printkit's own templates compiled when its wheel is built (setup.py runs `python -m
printkit.load.shipping FOLDER` in the built copy), into printkit/_compiled/ with their index, for
printkit/load/compiled.py's ShippedTemplates to read: a build then compiles only the templates a
project changed."""

from __future__ import annotations

import hashlib
import json
import marshal
import sys
from pathlib import Path

import jinja2

from printkit.ground import bundled
from printkit.load import own_pages
from printkit.load.compiled import INDEX, compiled_by, shipped_key
from printkit.load.sandbox import WRITING
from printkit.load.words import Templates


def ship(into: Path, folders: list[Path] | None = None) -> int:
    """Every template of printkit's own (`folders`: its templates/ and its example games'),
    compiled as a build compiles them, into `into` with their index; how many. Run in the built
    copy of printkit, so that the index names its code."""
    into.mkdir(parents=True, exist_ok=True)
    files = {}
    for folder in folders or [bundled.templates(), bundled.examples() / "templates"]:
        environment = Templates(folder, "templates").env  # the filters a build's have: Jinja checks them
        environment.bytecode_cache = None
        for path in sorted(folder.rglob("*.j2")):
            name = path.relative_to(folder).as_posix()
            try:
                source = environment.loader.get_source(environment, name)[0]
                data = marshal.dumps(environment.compile(source, name, str(path)))
            except Exception:  # noqa: BLE001 - a template that does not compile is compiled (and reported) at use
                continue
            key = shipped_key(name, jinja2.BytecodeCache().get_source_checksum(source))
            (into / f"{key}.code").write_bytes(data)
            files[key] = hashlib.sha256(data).hexdigest()
        files.update(_own_pages(folder, into))
    (into / INDEX).write_text(json.dumps({**compiled_by(), "files": files}, indent=1, sort_keys=True), encoding="utf-8")
    return len(files)


def _own_pages(folder: Path, into: Path) -> dict[str, str]:
    """printkit's own pages in `folder`, compiled as Jinja alone runs them (printkit/load/own_pages.py)."""
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), **WRITING)
    files = {}
    for name in own_pages.PAGES:
        try:
            source, filename, _ = environment.loader.get_source(environment, name)
        except jinja2.TemplateNotFound:
            continue
        data = marshal.dumps(environment.compile(source, name, filename))
        key = shipped_key(own_pages.KEY + name, jinja2.BytecodeCache().get_source_checksum(source))
        (into / f"{key}.code").write_bytes(data)
        files[key] = hashlib.sha256(data).hexdigest()
    return files


if __name__ == "__main__":  # setup.py: python -m printkit.load.shipping FOLDER
    print(f"printkit: {ship(Path(sys.argv[1]))} templates compiled into {sys.argv[1]}")
