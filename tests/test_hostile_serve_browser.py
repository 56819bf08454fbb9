"""A stranger's kit served by `printkit serve`, in a real browser (issue 40, item 9): its preview
template carries scripts of its own (an element, handlers, a `javascript:` link, a refresh away);
the page Chromium shows runs printkit's live script and nothing of the kit's, no policy is broken
by printkit's own page (Chromium's console says nothing of a refused script), and what the page's
one inline script did (remember the guides checkbox) printkit's live script still does.
Needs `chromium` and `chromedriver`, as tests/test_serve_browser.py does."""

from __future__ import annotations


import pytest

from browser import Serving, headless_chromium, needs_chromium
from test_hostile_serve import GAME, _project
from test_serve_browser import wait

pytestmark = needs_chromium
MARK = "window.kitRan = (window.kitRan || 0) + 1"  # what the kit's code would do, were it run


@pytest.fixture
def planted(tmp_path):
    """The Numbered Cards kit, its preview template with the kit's own code in five places, served."""
    project = _project(tmp_path / "kit")
    path = project / "templates" / "preview" / "index.html.j2"
    text = path.read_text(encoding="utf-8")
    text = text.replace("</head>", f"<script>{MARK}</script></head>")
    text = text.replace("<body>", f"<body onload=\"{MARK}\"><img src=\"nothing.png\" onerror=\"{MARK}\">"
                                  f"<a id=\"planted\" href=\"javascript:{MARK}\">x</a>"
                                  f"<svg><script>{MARK}</script></svg>")
    path.write_text(text, encoding="utf-8")
    serving = Serving(project, GAME, "--content", "content")
    driver = headless_chromium(tmp_path / "chromium")
    yield driver, serving.url
    driver.quit()
    assert serving.stop() == 0, serving.terminal()


def test_the_kit_s_code_never_runs_and_printkit_s_does(planted):
    driver, url = planted
    driver.get(url)
    wait(lambda: driver.execute_script("return window.printkitLive && window.printkitLive.version") >= 1)
    assert driver.execute_script("return document.querySelectorAll('figure.card').length") > 0
    assert driver.execute_script("return window.kitRan") is None
    refused = [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]
    assert refused == [], refused  # the kit's code was not on the page to be refused: printkit's own is allowed
    assert driver.current_url == url


def test_the_guides_checkbox_is_remembered_by_the_live_script(planted):
    driver, url = planted
    driver.get(url)
    wait(lambda: driver.execute_script("return window.printkitLive && window.printkitLive.version") >= 1)
    assert driver.execute_script("return document.getElementById('show-guides').checked") is False
    driver.find_element("css selector", "label[for='show-guides']").click()
    driver.get(url)
    wait(lambda: driver.execute_script("return window.printkitLive && window.printkitLive.version") >= 1)
    assert driver.execute_script("return document.getElementById('show-guides').checked") is True


def test_a_pdf_opens_in_chromium_s_viewer_under_the_policy(planted, tmp_path):
    """`default-src 'none'` on every file: Chromium's own PDF viewer still shows the deck's pages."""
    from PIL import Image

    driver, url = planted
    driver.get(url + f"{GAME}/ability-cards.pdf")
    shot = tmp_path / "pdf.png"

    def drawn() -> bool:
        driver.save_screenshot(str(shot))
        page = Image.open(shot).convert("L")
        middle = page.crop((page.width // 3, page.height // 4, 2 * page.width // 3, 3 * page.height // 4))
        low, high = middle.getextrema()
        return low < 60 and high > 230  # a page's white paper and its black words, not the viewer's grey
    wait(drawn, 20)
    assert not [entry for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]


def test_the_policy_alone_refuses_the_kit_s_code(tmp_path, monkeypatch):
    """The second wall: with the page's cleaning taken away, Chromium still runs none of the kit's
    code (the policy refuses it, and says so), and printkit's own script runs."""
    from printkit.live.serve import server
    from test_serve import Served

    monkeypatch.setattr(server, "without_scripts", lambda html: html)
    project = _project(tmp_path / "kit")
    path = project / "templates" / "preview" / "index.html.j2"
    path.write_text(path.read_text(encoding="utf-8").replace("<body>", f"<body><script>{MARK}</script>"
                                                                       f"<img src=\"nothing.png\" onerror=\"{MARK}\">"),
                    encoding="utf-8")
    served = Served(project)
    driver = headless_chromium(tmp_path / "chromium")
    try:
        driver.get(served.url)
        wait(lambda: driver.execute_script("return window.printkitLive && window.printkitLive.version") >= 1)
        assert MARK in driver.page_source  # the kit's code is on the page
        assert driver.execute_script("return window.kitRan") is None
        refused = [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]
        assert len(refused) >= 2, refused
    finally:
        driver.quit()
        served.close()
