"""game.yaml's and printkit.yaml's vocabularies as JSON Schemas (draft 2020-12), for an editor to check
and complete the files with (VS Code's YAML extension: `# yaml-language-server: $schema=...`). Made
from the same specs printkit reads the files with (printkit/declared/vocabulary.py, printkit/load/settings.py),
with each key's meaning (printkit/declared/described.py); written, with the reference pages, by
`python -m printkit.cli.reference`. A schema says less than printkit checks (what one value says of
another: a layer off its card, a field no card has), never more: a file printkit reads passes it."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Iterator

from printkit.load import settings
from printkit.declared import vocabulary as v
from printkit.declared.bind import EXPRESSION
from printkit.declared.boxes import Measure
from printkit.declared.described import BINDING, SECTIONS
from printkit.declared.place import PERCENT
from printkit.declared.translation_sheets import LANGUAGE, Sheets
from printkit.load.schema import Bool, Choice, Int, ListOf, Number, Record, Spec, Str

DRAFT = "https://json-schema.org/draft/2020-12/schema"
BOUND_TEXT = {"type": "string", "pattern": "^" + re.escape(EXPRESSION) + r"|\{\{|\{%", "maxLength": 1000}


# --- the vocabulary's mappings, each once -------------------------------------------------------------

def inner(spec: Spec) -> list[Spec]:
    """The specs a value of `spec` is made of (a mapping's values, a list's items, each way to write it)."""
    if isinstance(spec, Record):
        return list({**spec.fields, **spec.optional}.values())
    if isinstance(spec, v.MapOf):
        return [spec.value]
    if isinstance(spec, ListOf):
        return [spec.item]
    if isinstance(spec, v.ByType):
        return list(spec.specs.values())
    if isinstance(spec, v.Kinds):
        return list(spec.kinds.values())
    if isinstance(spec, v.Bound):
        return [spec.spec]
    return {v.Side: [v.LAYOUT, v.CHOOSER], v.Cards: [v.CARDS, v.TABLE, v.EACH],
            v._FontMapping: [v.COLLECTION_FACE, v.FAMILY]}.get(type(spec), [])


def walk(*roots: Spec) -> Iterator[Record]:
    """Every mapping of keys (a Record) reachable from `roots`, once each, in the order first met."""
    seen: set[int] = set()
    stack = list(reversed(roots))
    while stack:
        spec = stack.pop()
        if id(spec) in seen:
            continue
        seen.add(id(spec))
        if isinstance(spec, Record):
            yield spec
        stack += reversed(inner(spec))


# --- JSON Schema of each spec ------------------------------------------------------------------------

def _ecma(pattern: re.Pattern) -> str:
    return "^" + pattern.pattern.replace(r"\Z", "$")


def _ref(record: Record) -> dict:
    return {"$ref": f"#/$defs/{_section(record).anchor}"}


def _section(record: Record):
    return next(section for section in SECTIONS if section.record is record)


def _number(spec) -> dict:
    kind = "integer" if isinstance(spec, Int) else "number"
    return {"type": kind, **({"minimum": spec.min} if spec.min is not None else {}),
            **({"maximum": spec.max} if spec.max is not None else {})}


def _list(spec: ListOf) -> dict:
    out = {"type": "array", "items": schema(spec.item)}
    if spec.min_items:
        out["minItems"] = spec.min_items
    if spec.max_items is not None:
        out["maxItems"] = spec.max_items
    return out


def _map(spec: v.MapOf) -> dict:
    names = {"maxLength": spec.max_length}
    if spec.pattern is not v.ANY:
        names["pattern"] = _ecma(spec.pattern)
    if spec.reserved:
        names["not"] = {"enum": sorted(spec.reserved)}
    return {"type": "object", "additionalProperties": schema(spec.value), "propertyNames": names,
            "minProperties": spec.min_items, "maxProperties": spec.max_items}


def _any_of(specs) -> dict:
    unique = list({json.dumps(s, sort_keys=True): s for s in map(schema, specs)}.values())
    return unique[0] if len(unique) == 1 else {"anyOf": unique}


def _kinds(spec: v.Kinds) -> dict:
    branches = [{"if": {"properties": {"kind": {"const": name}}, "required": ["kind"]}, "then": _ref(record)}
                for name, record in spec.kinds.items()]
    return {"type": "object", "required": ["kind"], "properties": {"kind": {"enum": list(spec.kinds)}},
            "allOf": branches}


def _chosen(branches: list[tuple[dict, dict]], otherwise: dict) -> dict:
    """The first branch whose condition a value meets, as the vocabulary chooses how to read a value
    (so that a mistake is said where it is, not as "none of these")."""
    for condition, then in reversed(branches):
        otherwise = {"if": condition, "then": then, "else": otherwise}
    return otherwise


def _object(*required: str, without: str | None = None) -> dict:
    out = {"type": "object", **({"required": list(required)} if required else {})}
    return {**out, "not": {"required": [without]}} if without else out


def _bound(spec: v.Bound) -> dict:
    """{field, map, default}; else as written, an expression or a text with fields in braces. Each
    kind of bound value once, in `$defs`, however many properties are bound."""
    mapped = record_schema(spec.mapped(), _section(BINDING.record))
    return _shared("bound", _chosen([(_object("field"), mapped)], {"anyOf": [schema(spec.spec), BOUND_TEXT]}))


SHARED: dict[str, dict] = {}  # the $defs the schema being made shares among its properties


def _shared(what: str, found: dict) -> dict:
    text = json.dumps(found, sort_keys=True)
    name = f"{what}-{hashlib.sha256(text.encode()).hexdigest()[:10]}"
    SHARED[name] = found
    return {"$ref": f"#/$defs/{name}"}


JSON_TYPES = {str: "string", int: "integer", float: "number", list: "array", dict: "object", bool: "boolean"}


def _by_type(spec: v.ByType) -> dict:
    types = [JSON_TYPES[kind] for kind in spec.specs]
    branches = [({"type": JSON_TYPES[kind]}, schema(each)) for kind, each in spec.specs.items()]
    return _chosen(branches, {"type": types, "description": spec.expected})


SCHEMAS = {
    Int: _number, Number: _number, ListOf: _list, v.MapOf: _map, v.Kinds: _kinds, v.Bound: _bound,
    Str: lambda s: {"type": "string", "minLength": 1, "maxLength": s.max_length, "pattern": r"\S"},
    Choice: lambda s: {"const": s.options[0]} if len(s.options) == 1 else {"enum": list(s.options)},
    Bool: lambda s: {"type": "boolean"},
    Record: _ref,
    Measure: lambda s: {"anyOf": [_number(s.mm), {"type": "string", "pattern": _ecma(PERCENT)}]},
    v.ByType: _by_type,
    v.Side: lambda s: _chosen([(_object(without="field"), _ref(v.LAYOUT))], schema(v.CHOOSER)),
    v.Cards: lambda s: _chosen([(_object("each"), _ref(v.EACH)), (_object(), _ref(v.TABLE))], schema(v.CARDS)),
    v._FontMapping: lambda s: _chosen([(_object("file"), _ref(v.COLLECTION_FACE))], _ref(v.FAMILY)),
    v.Scalar: lambda s: {"type": ["string", "number", "boolean"], "maxLength": 1000},
    v.Anything: lambda s: {},
    v.Expression: lambda s: {"anyOf": [{"type": "boolean"}, {"type": "string", "minLength": 1, "maxLength": 500}]},
    v.Corners: lambda s: {"anyOf": [{"type": "boolean"}, {"const": "only"}]},
    Sheets: lambda s: {"anyOf": [schema(Str(300)), {"type": "object", "additionalProperties": schema(Str(300)),
                                                    "propertyNames": {"pattern": _ecma(LANGUAGE)},
                                                    "minProperties": 1, "maxProperties": 12}]},
}


def schema(spec: Spec) -> dict:
    if spec is v.LAYERS:  # in every layout: once, in $defs
        return {"$ref": "#/$defs/layer"}
    for cls in type(spec).__mro__:
        if cls in SCHEMAS:
            return SCHEMAS[cls](spec)
    raise TypeError(f"no JSON Schema for {type(spec).__name__}: add it to printkit/cli/schemas.py's SCHEMAS")


def record_schema(record: Record, section) -> dict:
    """A mapping of known keys, each with its meaning; no other key."""
    keys = {**record.fields, **record.optional}
    properties = {key: {**schema(spec), "description": _said(section, key)} for key, spec in keys.items()}
    out = {"type": "object", "description": section.text, "properties": properties,
           "additionalProperties": False}
    if record.fields:  # a box's measures are optional here: two of three, which printkit checks itself
        out["required"] = list(record.fields)
    return out


def _said(section, key: str) -> str:
    """A key's meaning, as an editor shows it on hover: with the default printkit takes without it."""
    default = getattr(section, "default", lambda key: "")(key)
    return section.meaning(key) + (f" (default: {default})" if default else "")


def _layout(section) -> dict:
    """A layout; one that `extends` another changes only what it writes: a layer of the same name
    may give only the keys that change, and a layer given as nothing is taken away."""
    out = record_schema(v.LAYOUT, section)
    strict = out["properties"]["layers"]
    out["properties"]["boxes"] = {**strict, "description": section.meaning("boxes"), "deprecated": True}
    out["properties"]["layers"] = {**strict, "additionalProperties": True}
    partial = {**strict, "additionalProperties": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/partial-layer"}]}}
    out["if"] = {"required": ["extends"]}
    out["then"] = {"properties": {"layers": partial, "boxes": partial}}
    out["else"] = {"properties": {"layers": strict, "boxes": strict}}
    return out


def _partial_layer() -> dict:
    """Any key a layer of some kind may have, each as that kind has it."""
    found: dict[str, list[Spec]] = {}
    for record in v.LAYERS.kinds.values():
        for key, spec in {**record.fields, **record.optional}.items():
            found.setdefault(key, []).append(spec)
    properties = {key: (_any_of(specs) if key != "kind" else {"enum": list(v.LAYERS.kinds)})
                  for key, specs in found.items()}
    return {"type": "object", "properties": properties, "additionalProperties": False}


def _definitions(roots) -> dict:
    SHARED.clear()
    defs = {"layer": _kinds(v.LAYERS), "partial-layer": _partial_layer()}
    for record in walk(*roots):
        section = _section(record)
        defs[section.anchor] = _layout(section) if record is v.LAYOUT else record_schema(record, section)
    return {**defs, **dict(sorted(SHARED.items()))}


def game_schema() -> dict:
    """game.yaml's JSON Schema; `#/$defs/cards-file` is a built-in game's layouts.yaml. The top level is
    written out, not a `$ref`: VS Code's YAML extension reads a `$ref`'s siblings as draft 7 does (it
    drops them), so the keywords used here mean the same in draft 7 and 2020-12."""
    defs = _definitions([v.GAME_FILE, v.CARDS_FILE])
    return {"$schema": DRAFT, "title": "printkit game.yaml", **defs[_section(v.GAME_FILE).anchor], "$defs": defs}


def settings_schema(helps: dict[str, str]) -> dict:
    """printkit.yaml's JSON Schema; `helps` are each setting's words (the `settings` command's)."""
    out = record_schema(settings.SPEC, _Words(helps))
    for key, value in settings.DEFAULTS.items():
        out["properties"][key]["default"] = value
    return {"$schema": DRAFT, "title": "printkit printkit.yaml", **out}


class _Words:
    """printkit.yaml's words, as a Section has them."""

    text = "How this project prints: read by every printkit command (options on the command line win)."

    def __init__(self, helps: dict):
        self.helps = helps

    def meaning(self, key: str) -> str:
        return self.helps[key]
