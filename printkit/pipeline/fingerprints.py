"""What a file is planned and drawn from, as the manifest and the page cache know it: its key
(inputs, templates, options, printkit), where it is written, how heavy it is to draw, and whether
the page cache notes it as planned from the same inputs."""

from __future__ import annotations

import json
from pathlib import Path

from printkit.pipeline import cache
from printkit.pipeline.manifest import inputs_json, key
from printkit.pipeline.planning import Planned


def fingerprinted(item: Planned, out: Path, summary: bool) -> tuple[Path, str]:
    """Where a file is written, and the key of everything it is drawn from."""
    return out / item.kit.game.slug / item.file.name, file_key(item, summary)


def file_key(item: Planned, summary: bool) -> str:
    """The key of everything a file is planned and drawn from: its inputs (a summary's, with the
    page counts of the files it lists), templates and options (the paper too), and printkit."""
    if summary:
        inputs = {"inputs": item.file.inputs, "pages": dict(item.kit.pages)}
        return key(inputs, templates_read(item), item.kit.options)
    return key(item.file.inputs, templates_read(item), item.kit.options, inputs_text(item.file.inputs))


def templates_read(item: Planned) -> str:
    """The text of the templates a file's product reads, read once a build for each product."""
    names = item.file.product.templates
    return item.kit.memo(("template sources", names), lambda: item.kit.template_sources(names))


TEXTS: dict = {}  # id of a file's inputs (or of a value in them) -> (them, as JSON), for one build


def inputs_text(inputs) -> str:
    """A file's inputs as JSON, written once however many files share them (a booklet's volumes
    are all made from the whole campaign)."""
    found = TEXTS.get(id(inputs))
    if found is None or found[0] is not inputs:
        found = TEXTS[id(inputs)] = (inputs, _written(inputs))
    return found[1]


def _written(inputs) -> str:
    """inputs_json(inputs), to the character; of a mapping with names for keys, each value written
    once however many files' inputs hold the very same value (a declared game's files are each
    {"game": its content}: a 1,000-card deck's, 230 kB of JSON, was written three times a build)."""
    if not isinstance(inputs, dict) or not all(type(name) is str for name in inputs):
        return inputs_json(inputs)
    return "{" + ", ".join(f"{json.dumps(name)}: {_value_text(inputs[name])}" for name in sorted(inputs)) + "}"


def _value_text(value) -> str:
    found = TEXTS.get(("value", id(value)))
    if found is None or found[0] is not value:
        found = TEXTS[("value", id(value))] = (value, inputs_json(value))
    return found[1]


def weight(item: Planned) -> int:
    """How much drawing a file is, near enough to hand out the largest first: the size of what
    it is drawn from (a booklet's inputs are all its scenarios). A file marked `last` comes after
    every other: it finds the pages another file planned and kept (printkit/pipeline/cache.py)."""
    return -1 if item.file.last else len(inputs_text(item.file.inputs))


def found_planned(item: Planned) -> bool:
    return noted(item, file_key(item, item.file.product.summary))


def noted(item: Planned, fingerprint: str) -> bool:
    """Whether the page cache notes the file as planned from the inputs `fingerprint` names (a
    file's page count then noted in its kit, for its summary)."""
    pages = cache.planned(file_shown(item), fingerprint)
    if pages is not None and not item.file.product.summary:
        item.kit.pages[item.file.name] = pages
    return pages is not None


def file_shown(item: Planned) -> str:
    return f"{item.kit.game.slug}/{item.file.name}"
