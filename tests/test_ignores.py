"""What a product ignores (printkit.products.Product: the content files it does not read, and the
values `ignores` names) it never prints: each such product's files are the same bytes when every
word there is changed, so that an edit there need not plan them again. And the paths name what
they say: a file's stem, its keys, `*` for every item of a list."""

from __future__ import annotations

import re
import shutil

import pytest
import yaml

from conftest import CONTENT, ROOT, build_into, pdfs
from printkit.games import all_games
from printkit.products import Product, _without

IGNORING = [(game, product) for game in all_games().values() if game.origin == "printkit"
            for product in game.products if product.ignores]
TAG = re.compile(r"(<[^>]*>|&#?\w+;)")  # markup, left as it is


def reworded(text: str) -> str:
    """`text` with each word of four or more letters spelled backwards: as long, in the same
    letters (no glyph missing, no length over its limit), and set differently wherever it is set."""
    return "".join(part if TAG.fullmatch(part) else re.sub(r"[A-Za-z]{4,}", lambda m: m.group(0)[::-1], part)
                   for part in TAG.split(text))


def everywhere(value):
    if isinstance(value, dict):
        return {key: everywhere(item) for key, item in value.items()}
    if isinstance(value, list):
        return [everywhere(item) for item in value]
    return reworded(value) if isinstance(value, str) else value


def under(value, path: tuple[str, ...]):
    """`value` with every text under `path` reworded."""
    if not path:
        return everywhere(value)
    if isinstance(value, dict):
        return {key: under(item, path[1:]) if path[0] in (key, "*") else item for key, item in value.items()}
    if isinstance(value, list) and path[0] == "*":
        return [under(item, path[1:]) for item in value]
    return value


def test_the_paths_leave_out_what_they_name_and_nothing_else():
    data = {"scenarios": {"scenarios": [{"number": 1, "tagline": "a", "section": {"heading": "h", "text": "t"}},
                                        {"number": 2, "tagline": "b"}], "note": "n"}, "campaign": {"title": "c"}}
    paths = [("scenarios", "scenarios", "*", "tagline"), ("scenarios", "scenarios", "*", "section", "text")]
    assert _without(data, paths) == {"scenarios": {"scenarios": [{"number": 1, "section": {"heading": "h"}}, {"number": 2}],
                                                   "note": "n"}, "campaign": {"title": "c"}}
    assert data["scenarios"]["scenarios"][0]["tagline"] == "a"  # a copy: the content itself is as it was
    assert _without(data, [("*", "note")]) == {"scenarios": {"scenarios": data["scenarios"]["scenarios"]},
                                               "campaign": {"title": "c"}}
    assert _without(data, [("scenarios", "scenarios", "*")]) == {"scenarios": {"scenarios": [], "note": "n"},
                                                                  "campaign": {"title": "c"}}
    assert Product("p", "d", ignores=("game/x",)).ignores == ("game/x",) and not Product("p", "d").ignores


def test_the_bundled_games_ignore_some_content():
    """(Else the test below checks nothing.)"""
    assert {(game.slug, product.name) for game, product in IGNORING} >= {
        ("cross-sums", "at-a-glance"), ("cross-sums", "solutions"), ("cross-sums", "campaign-log")}


@pytest.mark.parametrize("game", sorted({game.slug for game, _ in IGNORING}))
def test_what_a_product_ignores_changes_none_of_its_bytes(game, tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    products = [product for known, product in IGNORING if known.slug == game]
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    only = ["--only", ",".join(product.name for product in products)]
    assert build_into(tmp_path / "before", *only, content=content) == 0
    # every text of what they all ignore: the files none of them reads, and the values all of them ignore
    stems = {path.stem for path in (content / game).glob("*.yaml")}
    unread = set.intersection(*(stems - set(product.reads or stems) for product in products))
    shared = set.intersection(*({tuple(path.split("/")) for path in product.ignores} for product in products))
    changed = 0
    for file in sorted((content / game).glob("*.yaml")):
        before = yaml.safe_load(file.read_text(encoding="utf-8"))
        after = everywhere(before) if file.stem in unread else before
        for path in (path[1:] for path in shared if path[0] == file.stem):
            after = under(after, path)
        if after != before:
            changed += 1
            file.write_text(yaml.safe_dump(after, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert changed
    assert build_into(tmp_path / "after", *only, content=content) == 0
    made = pdfs(tmp_path / "before" / game)
    assert made and {name: data for name, data in pdfs(tmp_path / "after" / game).items() if name.endswith(".pdf")} \
        == {name: data for name, data in made.items() if name.endswith(".pdf")}
