"""The modules' names before printkit's stages had folders (`printkit.kit`, `printkit.errors`,
`printkit.shop.export`...), still importable, so that a game published as a package of its own for
an earlier printkit builds with this one: each old name is the module it became (the same module
object, so its classes are the same classes), with a DeprecationWarning naming the new one.
printkit's own code imports only the new names (tools/imports.py reads them)."""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings

MOVED = {
    "errors": "ground.errors", "console": "ground.console", "interrupt": "ground.interrupt",
    "bundled": "ground.bundled", "keyed": "ground.signatures", "papers": "ground.papers",
    "settings": "load.settings", "project": "load.project", "sandbox": "load.sandbox",
    "folding": "load.folding", "compiled": "load.compiled", "options": "load.options",
    "render.words": "load.words",
    "sizes": "load.lengths", "blame": "plan.blame", "findings": "plan.findings",
    "kit": "products.kit", "flagged": "declared.flagged",
    "pipeline": "pipeline.build", "lasting": "pipeline.cache", "kept_marks": "plan.kept_marks",
    "manifest": "pipeline.manifest", "write": "pipeline.write", "cores": "pipeline.cores",
    "side_by_side": "pipeline.side_by_side", "unchanged": "pipeline.nothing_changed",
    "planned_anywhere": "pipeline.other_papers", "chosen": "pipeline.chosen", "misnamed": "pipeline.misnamed",
    "shop.arguments": "cli.shop_arguments", "shop": "targets", "calibrate": "targets.calibrate",
    "preview": "live.preview", "serve": "live.serve", "watch": "live.watch", "pictures": "live.pictures",
    "errata": "live.errata", "cli": "cli.main", "arguments": "cli.arguments", "helping": "cli.helping",
    "new": "cli.new", "reference": "cli.reference",
}
PACKAGES = ("shop", "serve", "errata")  # moved whole: their modules kept their names


def new_name(old: str) -> str | None:
    """The module an old name became (`printkit.shop.tts` -> `printkit.targets.tts`), or None.
    `printkit.pipeline` and `printkit.cli` are packages now: only their own old modules' names
    (never a submodule that exists) are taken as old."""
    if not old.startswith("printkit."):
        return None
    rest = old[len("printkit."):]
    if rest in MOVED:
        return "printkit." + MOVED[rest]
    package, _, leaf = rest.partition(".")
    if package in PACKAGES and leaf:
        return f"printkit.{MOVED[package]}.{leaf}"
    return None


class _Moved:
    """The finder and loader of the old names: a plain class, as the import system takes any
    (importlib.abc, its base classes' module, would load importlib.resources: 3 ms of every start)."""

    def find_spec(self, name, path=None, target=None):
        new = new_name(name)
        if new is None or name in ("printkit.pipeline", "printkit.cli"):
            return None  # the new packages of those names are found as ever
        return importlib.machinery.ModuleSpec(name, self)  # as importlib.util.spec_from_loader makes it

    def create_module(self, spec):
        new = new_name(spec.name)
        warnings.warn(f"{spec.name} is now {new}", DeprecationWarning, stacklevel=2)
        module = importlib.import_module(new)
        spec.loader_state = module.__spec__  # the import machinery sets the old name's spec on it next
        return module

    def exec_module(self, module):
        """The module it became has run already: only its own spec is given back."""
        module.__spec__ = module.__spec__.loader_state


def install() -> None:
    if not any(isinstance(finder, _Moved) for finder in sys.meta_path):
        # First: under an old package's name (printkit.shop) the path finder would find the new
        # package's files (printkit/targets/tts.py) and run them again as other modules.
        sys.meta_path.insert(0, _Moved())
