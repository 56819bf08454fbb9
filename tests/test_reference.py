"""The generated reference (docs/reference/) and JSON Schemas (docs/schema/, printkit/schema/): what is
committed is what printkit/cli/reference.py writes now; every key of the vocabulary, every setting and
every command's option has its entry, found by walking the vocabulary's own objects (not the
generator's walk); the schemas pass every bundled game.yaml, layouts.yaml and printkit.yaml, and
refuse a planted wrong key or value at its place."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from printkit.cli import main as cli
from printkit.load import settings
from printkit.declared import described, vocabulary
from printkit.load.schema import Record, Spec
from printkit.cli import reference

ROOT = Path(__file__).resolve().parent.parent
GAME_PAGE = ROOT / "docs/reference/game-yaml.md"


def _committed(path: str) -> str:
    file = ROOT / path
    return file.read_text(encoding="utf-8") if file.exists() else ""


GENERATED = [*reference.PAGES, *(f"{folder}/{name}" for folder in ("docs/schema", "printkit/schema")
                                 for name in reference.SCHEMAS)]


@pytest.fixture(scope="module")
def generated() -> dict[str, str]:
    return reference.generated()


def test_the_generator_writes_every_file(generated):
    assert sorted(generated) == sorted(GENERATED)


@pytest.mark.parametrize("path", GENERATED)
def test_committed_file_is_what_the_generator_writes(path, generated):
    assert _committed(path) == generated[path], f"{path} is stale: run python -m printkit.cli.reference"


# --- every key has its entry ------------------------------------------------------------------------

def _records_in(value, found: dict, seen: set) -> None:
    """Every Record inside `value`, through any attribute, mapping or list: the vocabulary's objects as
    they are, not as printkit/schema walks them."""
    if id(value) in seen or not isinstance(value, (Spec, dict, list, tuple)):
        return
    seen.add(id(value))
    if isinstance(value, Record):
        found[id(value)] = value
    children = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) \
        else vars(value).values()
    for child in children:
        _records_in(child, found, seen)


def vocabulary_records() -> list[Record]:
    found: dict = {}
    roots = [value for value in vars(vocabulary).values() if isinstance(value, (Spec, dict))]
    _records_in(roots + [vocabulary.Bound(vocabulary.Str()).mapped()], found, set())
    return list(found.values())


def _section(record: Record) -> described.Section:
    same = [s for s in described.SECTIONS if s.record is record]
    if not same and set(record.fields) == {"field"} and set(record.optional) == {"map", "default"}:
        return described.BINDING  # a binding's mapping: one for every property that may be bound
    assert same, f"a mapping of keys {sorted({**record.fields, **record.optional})} has no reference entry"
    return same[0]


def _rows(page: str, anchor: str) -> dict[str, str]:
    """The key -> meaning rows of the page's section at `anchor`."""
    start = page.index(f'<a id="{anchor}"></a>')
    end = page.find("<a id=", start + 1)
    body = page[start:end if end > 0 else None]
    return {m.group(1): m.group(2).strip() for m in re.finditer(r"^\| `([^`]+)` \|.*\|([^|]*)\|$", body, re.M)}


def test_the_walk_finds_the_vocabulary():
    keys = {key for record in vocabulary_records() for key in {**record.fields, **record.optional}}
    assert {"title", "products", "layers", "stroke_width", "fill_sheets", "bold_italic", "where", "glyph"} <= keys
    assert len(vocabulary_records()) >= 24  # 10 layer kinds, 4 products, the game, layouts, fonts ...


@pytest.mark.parametrize("record", vocabulary_records(),
                         ids=lambda r: ",".join(list(r.fields)[:1] + list(r.optional)[:2]))
def test_every_key_of_the_vocabulary_has_a_reference_entry(record):
    section = _section(record)
    rows = _rows(_committed("docs/reference/game-yaml.md"), section.anchor)
    schema = json.loads(_committed("docs/schema/game.schema.json"))["$defs"].get(section.anchor, {})
    for key in {**record.fields, **record.optional}:
        assert rows.get(key), f"{section.title}: `{key}` has no row with a meaning in game-yaml.md"
        if section is not described.BINDING:
            assert schema["properties"][key].get("description"), f"{section.title}: `{key}` not in game.schema.json"


def test_no_meaning_is_left_for_a_key_the_vocabulary_lacks():
    for section in described.SECTIONS:
        has = {**section.record.fields, **section.record.optional, **({"boxes": 0} if section.record is
                                                                        vocabulary.LAYOUT else {})}
        assert set(section.keys) <= set(has), f"{section.title}: {sorted(set(section.keys) - set(has))}"


def test_every_setting_has_an_entry():
    page = _committed("docs/reference/printkit-yaml.md")
    schema = json.loads(_committed("docs/schema/printkit.schema.json"))
    for key in settings.SPEC.optional:
        assert re.search(rf"^\| `{key}` \|.*\| \S[^|]* \|$", page, re.M), f"printkit.yaml: `{key}` has no row"
        assert schema["properties"][key]["description"]
        assert schema["properties"][key]["default"] == settings.DEFAULTS[key]


def test_every_command_and_option_has_an_entry():
    page = _committed("docs/reference/commands.md")
    parser = cli.parser_for(cli.arguments.Context(), None)
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert set(commands) == set(cli.COMMANDS)
    for name, each in commands.items():
        assert f"\n## printkit {name}\n" in page, name
        section = page.split(f"\n## printkit {name}\n", 1)[1].split("\n## ", 1)[0]
        for action in each._actions:
            for flag in [] if isinstance(action, argparse._HelpAction) else action.option_strings:  # -h: every one
                assert f"`{flag}`" in section, f"printkit {name} {flag}"


# --- the schemas read what printkit reads, and refuse what it refuses ----------------------------------

def _validator(name: str, ref: str | None = None) -> Draft202012Validator:
    schema = json.loads(_committed(f"printkit/schema/{name}"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator({"$schema": schema["$schema"], "$ref": ref, "$defs": schema["$defs"]} if ref else schema)


def _errors(validator, data) -> list[str]:
    return sorted(".".join(map(str, error.absolute_path)) for error in validator.iter_errors(data))


def _load(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


GAMES = sorted([*ROOT.glob("examples/content/*/game.yaml"), *ROOT.glob("printkit/starter/content/*/game.yaml")])
LAYOUTS = sorted(ROOT.glob("content/*/layouts.yaml"))
SETTINGS = [ROOT / "examples/printkit.yaml"]


def test_the_bundled_files_are_there():
    assert len(GAMES) >= 7 and len(LAYOUTS) >= 3


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.parent.name)
def test_the_schema_passes_a_bundled_game(path):
    assert _errors(_validator("game.schema.json"), _load(path)) == []


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.parent.name)
def test_the_schema_passes_a_built_in_games_layouts(path):
    assert _errors(_validator("game.schema.json", "#/$defs/cards-file"), _load(path)) == []


def test_the_schema_passes_printkit_yaml():
    text = settings.text(settings.DEFAULTS)  # as `printkit new` and `printkit settings` write it
    for data in [yaml.safe_load(text)] + [_load(path) for path in SETTINGS]:
        assert _errors(_validator("printkit.schema.json"), data) == []


STARTER = ROOT / "printkit/starter/content/three-skies/game.yaml"


def _planted(change) -> dict:
    data = _load(STARTER)
    change(data)
    return data


def _face(data) -> dict:
    return data["products"]["deck"]["face"]["layers"]


def _layer_key(data):  # a misspelt key of a text layer
    layer = next(layer for layer in _face(data).values() if layer["kind"] == "text")
    layer["colour_"] = "navy"


def _name_of_text_layer() -> str:
    return next(name for name, layer in _face(_load(STARTER)).items() if layer["kind"] == "text")


PLANTED = {
    "unknown top-level key": (lambda d: d.update(titel="x"), ""),
    "size not a card size": (lambda d: d["products"]["deck"].update(size="huge"), "products.deck.size"),
    "copies as words": (lambda d: d["products"]["deck"].update(copies="two"), "products.deck.copies"),
    "a layer's kind misspelt": (lambda d: _face(d)[_name_of_text_layer()].update(kind="txt"),
                                f"products.deck.face.layers.{_name_of_text_layer()}.kind"),
    "a layer's key misspelt": (_layer_key, f"products.deck.face.layers.{_name_of_text_layer()}"),
    "a number as text": (lambda d: _face(d)[_name_of_text_layer()].update(opacity="half"),
                         f"products.deck.face.layers.{_name_of_text_layer()}.opacity"),
    "a product named for printkit's own file": (lambda d: d["products"].update({"print-guide": {"kind": "rules"}}),
                                                "products"),
    "title missing": (lambda d: d.pop("title"), ""),
}


@pytest.mark.parametrize("case", PLANTED)
def test_the_schema_refuses_a_planted_mistake_at_its_place(case):
    change, where = PLANTED[case]
    assert where in _errors(_validator("game.schema.json"), _planted(change))


@pytest.mark.parametrize("data, where", [({"paper": "a3"}, "paper"), ({"bleeds": 1}, ""),
                                         ({"back_offset": [1]}, "back_offset"), ({"ink_saver": "yes"}, "ink_saver")])
def test_the_settings_schema_refuses_a_planted_mistake(data, where):
    assert where in _errors(_validator("printkit.schema.json"), data)


def test_the_generator_refuses_a_key_without_meaning(monkeypatch):
    monkeypatch.setitem(vocabulary.GRADIENT.optional, "spread", vocabulary.Number(0.0, 1.0))
    with pytest.raises(reference.Undescribed, match=r"gradient: the key `spread` has no meaning"):
        reference.game_page()


def test_python_m_printkit_schema_gives_vs_codes_settings_for_the_shipped_schemas():
    done = subprocess.run([sys.executable, "-m", "printkit.schema"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    schemas = json.loads(done.stdout)["yaml.schemas"]
    assert sorted(Path(path).name for path in schemas) == ["game.schema.json", "printkit.schema.json"]
    for path, globs in schemas.items():
        assert Path(path).read_text(encoding="utf-8") == _committed(f"docs/schema/{Path(path).name}")
        assert globs == (["**/content/*/game.yaml"] if "game" in path else ["**/printkit.yaml"])


@pytest.mark.parametrize("case", PLANTED)
def test_printkit_refuses_each_planted_mistake_too(case, tmp_path, capsys):
    """The schema says no more than the vocabulary: each mistake it refuses, `printkit validate` refuses."""
    from printkit.cli.main import main

    assert main(["new", str(tmp_path / "kit"), "-q"]) == 0
    game = tmp_path / "kit/content/three-skies/game.yaml"
    for change, valid in ((lambda data: None, 0), (PLANTED[case][0], 1)):  # as dumped, it is valid; planted, not
        game.write_text(yaml.safe_dump(_planted(change), allow_unicode=True, sort_keys=False), encoding="utf-8")
        capsys.readouterr()
        assert main(["--project", str(tmp_path / "kit"), "validate", "-q"]) == valid
    assert "three-skies/game.yaml:" in capsys.readouterr().err


def test_the_schema_reads_the_same_as_draft_7():
    """VS Code's YAML extension validates as draft 7 does (a `$ref`'s siblings dropped): the schemas use
    no keyword whose meaning differs, so both drafts pass the bundled files and refuse the same mistakes."""
    from jsonschema import Draft7Validator

    schema = json.loads(_committed("printkit/schema/game.schema.json"))
    older, newer = Draft7Validator({**schema, "$schema": "http://json-schema.org/draft-07/schema#"}), _validator(
        "game.schema.json")
    for data in [_load(path) for path in GAMES] + [_planted(change) for change, _ in PLANTED.values()]:
        assert _errors(older, data) == _errors(newer, data)
    assert all(_errors(older, _planted(change)) for change, _ in PLANTED.values())


def _refs(value) -> list[dict]:
    if isinstance(value, dict):
        return ([value] if "$ref" in value else []) + [r for child in value.values() for r in _refs(child)]
    return [r for child in value for r in _refs(child)] if isinstance(value, list) else []


@pytest.mark.parametrize("name", ["game.schema.json", "printkit.schema.json"])
def test_no_ref_has_a_sibling_an_editor_would_drop(name):
    schema = json.loads(_committed(f"printkit/schema/{name}"))
    assert "$ref" not in schema
    assert [sorted(ref) for ref in _refs(schema) if set(ref) - {"$ref", "description"}] == []
