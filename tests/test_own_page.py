"""The preview's index as printkit's own template wrote it is served without being cleaned token by
token (printkit/live/own_page.py: 0.42 s for a 1,000-card deck's page), and safely: what a kit gives
that page is escaped, so it holds no script but printkit's own, which is taken out as the cleaning
takes it out. Checked against the cleaning itself (printkit/live/serve/clean.py), which stays the
oracle: the page served so is the same document the cleaned one is. A page a kit's own template
wrote, or one changed on disk since printkit wrote it, is cleaned as before."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import jinja2
import lxml.html
import pytest

from conftest import CONTENT, ROOT
from declared import game_project
from test_serve import GAME, Served

from printkit.games import project_games
from printkit.ground import bundled
from printkit.ground.errors import PrintkitError
from printkit.live import own_page
from printkit.live.preview import preview
from printkit.live.serve import server
from printkit.live.serve.clean import without_scripts
from printkit.load import compiled, own_pages, shipping
from printkit.load.options import Options
from printkit.plan.geometry import PAPERS

HOSTILE = ['<script>alert(1)</script>', 'x" onmouseover="alert(1)', "javascript:alert(1)",
           "</figcaption><img src=x onerror=alert(1)>", "' onfocus='alert(1)", "<!-- --><style>*{}</style>"]


def _hostile_project(folder: Path) -> Path:
    """A declared deck whose cards' names and words (which the page shows: a card's name under its
    picture, its fields in its data) are what a stranger might write, with no preview template of its own (as `printkit new` makes a project): printkit's own writes its page."""
    rows = "".join(f"      - {{number: {n}, name: {json.dumps(name)}, words: {json.dumps(name)}}}\n"
                   for n, name in enumerate(HOSTILE, 1))
    game = ("title: 'Hostile <b>title</b> \" onload=\"alert(1)'\nproducts:\n  deck:\n    kind: deck\n"
            "    about: '<script>alert(2)</script> javascript:alert(3)'\n    size: poker\n    cards:\n" + rows +
            "    face:\n      boxes:\n"
            "        number: {kind: number, field: number, x: 10, y: 20, width: 30, height: 20}\n"
            "  rules:\n    kind: rules\n")
    project = game_project(folder, game)
    shutil.rmtree(project / "templates" / "preview")
    return project


def _index(project: Path) -> bytes:
    content = project / "content"
    preview(list(project_games(content).values()), content, project / "output", Options(PAPERS["a4"]), draw=False)
    return (project / "output" / "index.html").read_bytes()


def _document(html: str) -> list:
    """Every element of the page as a browser's tree holds it: tag, attributes, text and tail."""
    return [(e.tag, sorted(e.attrib.items()), e.text, e.tail) for e in lxml.html.document_fromstring(html).iter()]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> tuple[Path, bytes]:
    project = _hostile_project(tmp_path_factory.mktemp("own-page"))
    return project, _index(project)


def test_printkit_s_own_page_is_served_as_the_same_document_the_cleaning_gives(hostile):
    _, data = hostile
    served = own_page.as_written(data)
    assert served is not None  # written by printkit's own template, in this process: not cleaned
    assert _document(served) == _document(without_scripts(data.decode("utf-8")))


def test_nothing_a_kit_gives_printkit_s_own_page_runs(hostile):
    _, data = hostile
    served = server.cleaned(data)
    page = lxml.html.document_fromstring(served)
    assert not list(page.iter("script", "iframe", "object", "embed", "base", "style")) or \
        [e.tag for e in page.iter("style")] == ["style"]  # printkit's own stylesheet, one
    assert "<script" not in served.lower()
    for element in page.iter():
        for name, value in (element.attrib.items() if isinstance(element.tag, str) else ()):
            assert not name.lower().startswith("on"), (element.tag, name, value)
            if name in ("href", "src"):
                assert not re.sub(r"[\x00-\x20]", "", value).lower().startswith(("javascript:", "vbscript:")), value
    fields = [json.loads(figure.get("data-fields")) for figure in page.xpath("//figure[contains(@class, 'card')]")]
    assert [(f["name"], f["words"]) for f in fields] == [(name, name) for name in HOSTILE]  # as written, none lost
    assert "<script>alert(2)</script> javascript:alert(3)" in [p.text_content() for p in page.xpath("//p[@class='description']")]


def test_a_page_changed_on_disk_since_printkit_wrote_it_is_cleaned(hostile):
    _, data = hostile
    changed = data.replace(b"</body>", b"<script>alert('planted')</script></body>")
    assert own_page.as_written(changed) is None
    assert "planted" not in server.cleaned(changed)


def test_a_page_a_kit_s_own_template_wrote_is_cleaned(tmp_path):
    project = _hostile_project(tmp_path / "kit")
    template = project / "templates" / "preview" / "index.html.j2"
    template.parent.mkdir(parents=True)
    template.write_text((ROOT / "templates" / "preview" / "index.html.j2").read_text(encoding="utf-8")
                        .replace("</body>", "<script>alert('planted')</script></body>"), encoding="utf-8")
    data = _index(project)
    assert b"alert('planted')" in data  # the kit's template wrote it
    assert own_page.as_written(data) is None
    assert "planted" not in server.cleaned(data) and "<script" not in server.cleaned(data).lower()


def test_only_printkit_s_own_templates_count_as_its_own(tmp_path):
    own = bundled.templates() / "preview" / "index.html.j2"  # printkit's, as installed (in CI: not this checkout's)
    copied = tmp_path / "templates" / "preview" / "index.html.j2"
    copied.parent.mkdir(parents=True)
    shutil.copyfile(own, copied)
    assert own_pages.own_template(str(own))
    assert not own_pages.own_template(str(copied)) and not own_pages.own_template(None)
    (tmp_path / "link").symlink_to(bundled.templates())  # a project's folder linked to printkit's: its files are
    assert own_pages.own_template(str(tmp_path / "link" / "preview" / "index.html.j2"))
    data = b"<html>x</html>"
    own_page.written(data, str(copied))
    assert own_page.as_written(data) is None


def test_serve_sends_printkit_s_own_page_without_cleaning_it_and_a_kit_s_after_cleaning(tmp_path, monkeypatch):
    """Over HTTP: the same page, from printkit's own template and from a kit's copy of it, the
    first not cleaned (the cleaning is counted), the second cleaned, and both the same document."""
    pages = {}
    for name, own in (("own", True), ("copied", False)):
        project = tmp_path / name
        shutil.copytree(CONTENT / GAME, project / "content" / GAME)
        shutil.copytree(ROOT / "templates" / GAME, project / "templates" / GAME)
        if not own:
            copy = project / "templates" / "preview" / "index.html.j2"
            copy.parent.mkdir(parents=True)  # printkit's, a comment put in (the same bytes would count as its own)
            copy.write_text((ROOT / "templates" / "preview" / "index.html.j2").read_text(encoding="utf-8")
                            .replace("</body>", "<!-- the kit's own copy --></body>"), encoding="utf-8")
        cleanings = []
        monkeypatch.setattr(server, "without_scripts", lambda html: cleanings.append(1) or without_scripts(html))
        served = Served(project)
        try:
            status, body, _ = served.get("/")
        finally:
            served.close()
        assert status == 200 and (len(cleanings) == 0) == own, (name, cleanings)
        page = body.decode("utf-8")
        assert re.findall(r"<script\b[^>]*>", page) == ['<script src="/_printkit/page.js" defer>',
                                                         '<script src="/_printkit/live.js" defer>'], name
        pages[name] = re.sub(r'name="printkit-index" content="[0-9a-f]*"', "", page)
    assert _document(pages["own"]) == _document(pages["copied"])


# --- printkit's own page, run by Jinja alone (printkit/load/own_pages.py) ------------------------

def _sandboxed(monkeypatch) -> None:
    """Every page run in the sandbox, as before printkit's own were run by Jinja alone."""
    monkeypatch.setattr(own_pages, "render", lambda name, context: None)


@pytest.mark.parametrize("which", ["hostile", "bundled"])
def test_printkit_s_own_page_run_by_jinja_alone_is_the_sandbox_s_byte_for_byte(which, hostile, tmp_path,
                                                                                monkeypatch):
    if which == "hostile":
        project = hostile[0]
    else:  # the four bundled games, every product: printkit's own content as a project
        project = tmp_path / "bundled"
        shutil.copytree(CONTENT, project / "content")
        shutil.copytree(ROOT / "templates", project / "templates", ignore=shutil.ignore_patterns("preview"))
    ran = []
    real = own_pages.render
    monkeypatch.setattr(own_pages, "render", lambda name, context: ran.append(name) or real(name, context))
    alone = _index(project)
    assert ran == ["preview/index.html.j2"]
    _sandboxed(monkeypatch)
    assert _index(project) == alone
    assert alone.count(b"<figure") >= (len(HOSTILE) if which == "hostile" else 100)  # the cards and pages there


def test_a_kit_s_own_page_template_is_still_the_sandbox_s(tmp_path):
    project = _hostile_project(tmp_path / "kit")
    template = project / "templates" / "preview" / "index.html.j2"
    template.parent.mkdir(parents=True)
    template.write_text("{{ ().__class__.__base__.__subclasses__() }}\n", encoding="utf-8")
    with pytest.raises(PrintkitError) as refused:
        _index(project)
    assert "templates/preview/index.html.j2" in str(refused.value.problems[0]), refused.value.problems


@pytest.fixture
def counted(monkeypatch, tmp_path):
    """The compiling of printkit's own pages by Jinja alone, counted; a cache and a shipped store
    of the test's own, and a new process's environment each time it is asked for."""
    names: list[str] = []
    real = jinja2.Environment.compile

    def compile_(self, source, name=None, filename=None, raw=False, defer_init=False):
        if type(self) is jinja2.Environment and name is not None:
            names.append(name)
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", compile_)
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    monkeypatch.setattr(compiled, "SHIPPED", tmp_path / "none-shipped")
    compiled.shipped_index.cache_clear()
    own_pages._environment.cache_clear()
    yield names
    compiled.shipped_index.cache_clear()
    own_pages._environment.cache_clear()


def _page() -> str:
    own_pages._environment.cache_clear()  # as a new process finds it
    return own_pages.render("preview/index.html.j2", {"games": [], "languages": False, "cards": False,
                                                      "paper": "A4", "bleed": 0, "safe": 3.175, "url": str,
                                                      "anchor": str, "number": str, "proof": None})[0]


def test_printkit_s_own_page_is_compiled_once_then_read_from_the_signed_cache(counted):
    first = _page()
    assert counted == ["preview/index.html.j2"]
    assert _page() == first and counted == ["preview/index.html.j2"]  # the second process read it


def test_printkit_s_own_page_ships_compiled_for_jinja_alone(counted, tmp_path, monkeypatch):
    into = tmp_path / "_compiled"
    shipping.ship(into, [ROOT / "templates"])
    counted.clear()
    monkeypatch.setattr(compiled, "SHIPPED", into)
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    compiled.shipped_index.cache_clear()
    page = _page()
    assert counted == [] and "<h1" in page  # read from the wheel's store, not compiled
    index = json.loads((into / "index.json").read_text(encoding="utf-8"))["files"]
    sandbox_key = compiled.shipped_key("preview/index.html.j2", jinja2.BytecodeCache().get_source_checksum(
        (ROOT / "templates" / "preview" / "index.html.j2").read_text(encoding="utf-8")))
    own_key = compiled.shipped_key(own_pages.KEY + "preview/index.html.j2", jinja2.BytecodeCache()
                                   .get_source_checksum((ROOT / "templates" / "preview" / "index.html.j2")
                                                        .read_text(encoding="utf-8")))
    assert sandbox_key in index and own_key in index and index[own_key] != index[sandbox_key]  # two codes, apart
