"""What each output was built from, kept beside the outputs (`.printkit-manifest.json`), so a
build draws only the files whose inputs changed: their content, their templates, the options and
printkit itself. A missing, unreadable or foreign manifest just means "build everything"."""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import asdict
from importlib import resources
from pathlib import Path

from printkit import __version__

NAME = ".printkit-manifest.json"


@functools.cache
def code_digest() -> str:
    """printkit's own code and fonts: a new printkit draws differently even at the same version."""
    digest = hashlib.sha256(__version__.encode())
    root = resources.files("printkit")
    for path in sorted(Path(str(root)).rglob("*")):
        if path.suffix in (".py", ".ttf") and path.is_file():
            digest.update(str(path.relative_to(Path(str(root)))).encode() + path.read_bytes())
    return digest.hexdigest()


def key(inputs, templates: str, options) -> str:
    """One output's fingerprint: everything it is drawn from."""
    material = json.dumps([code_digest(), asdict(options), templates, inputs], sort_keys=True, default=str)
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


class Manifest:
    def __init__(self, out: Path):
        self.path = out / NAME
        self.out = out
        self.entries: dict[str, dict] = {}
        try:
            loaded = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(loaded, dict) and isinstance(loaded.get("outputs"), dict):
                self.entries = loaded["outputs"]
        except (OSError, ValueError):
            pass

    @classmethod
    def empty(cls, out: Path) -> "Manifest":
        """A manifest that remembers nothing (`--force`): every output is drawn again."""
        manifest = cls.__new__(cls)
        manifest.path, manifest.out, manifest.entries = out / NAME, out, {}
        return manifest

    def pages_if_fresh(self, path: Path, fingerprint: str) -> int | None:
        """The page count recorded for an output still on disk and built from the same inputs."""
        entry = self.entries.get(self._name(path))
        if not isinstance(entry, dict) or entry.get("key") != fingerprint or not path.is_file():
            return None
        pages = entry.get("pages")
        return pages if isinstance(pages, int) else None

    def record(self, path: Path, fingerprint: str, pages: int) -> None:
        self.entries[self._name(path)] = {"key": fingerprint, "pages": pages}

    def text(self) -> str:
        return json.dumps({"printkit": __version__, "outputs": dict(sorted(self.entries.items()))}, indent=1)

    def _name(self, path: Path) -> str:
        return path.relative_to(self.out).as_posix()
