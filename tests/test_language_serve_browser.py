"""The language switch of a game printed in several languages (issue 44, item 3) in a real browser,
Debian's Chromium run headless: `printkit serve` of the Signal Fires example (en, de, fr), as a
designer runs it. Deutsch chosen shows the German pages and cards where the English were (the
switch under the pointer, focus on it), the gallery counts the German cards; the choice stays
through a reload and through a live update (a save of a `text.de` cell swaps the German card's
picture, the English one's stays as it was); Français reached from the keyboard. And the static
preview without a script: the source's pictures shown, each other language's by its link.
Needs `chromium` and `chromedriver`, as tests/test_serve_browser.py does, whose waits these are."""

from __future__ import annotations

import csv
import hashlib
import shutil
import subprocess
import sys

import pytest

from browser import Serving, headless_chromium, needs_chromium
from conftest import ROOT
from test_serve_browser import settled, wait

pytestmark = needs_chromium
GAME = "signal-fires"
GERMAN = "Sieh dir die oberste Karte des Stapels an. Du darfst sie unter den Stapel legen."  # card 1's text.de
EDITED = "Sieh dir die unterste Karte an."


def _project(folder):
    shutil.copytree(ROOT / "examples" / "content" / GAME, folder / "content" / GAME)
    shutil.copytree(ROOT / "examples" / "templates" / GAME, folder / "templates" / GAME)
    return folder


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    project = _project(tmp_path_factory.mktemp("project"))
    serving = Serving(project, "--content", "content", "--dpi", "100")
    yield project, serving
    assert serving.stop() == 0, serving.terminal()


@pytest.fixture(scope="module")
def browser(server, tmp_path_factory):
    driver = headless_chromium(tmp_path_factory.mktemp("chromium"))
    driver.get(server[1].url)
    wait(lambda: driver.execute_script("return window.printkitLive && window.printkitLive.version") >= 1)
    yield driver
    driver.quit()


def shown(driver) -> list[str]:
    """The languages whose block is on the page now (laid out, not hidden)."""
    return driver.execute_script("return Array.from(document.querySelectorAll('.in-language'))"
                                 ".filter(b => b.getClientRects().length).map(b => b.dataset.language)")


def src(driver, language: str, n: int = 1) -> str:
    return driver.execute_script(
        "return document.getElementById(arguments[0]).querySelectorAll('figure.card a.card img')[arguments[1]]"
        ".getAttribute('src')", f"{GAME}/{language}", n - 1)


def set_text(project, old: str, new: str) -> None:
    """Card 1's `text.de` cell, saved as a spreadsheet saves it."""
    path = project / "content" / GAME / "cards.csv"
    rows = list(csv.reader(path.open(encoding="utf-8")))
    column = rows[0].index("text.de")
    assert rows[1][column] == old
    rows[1][column] = new
    with path.open("w", encoding="utf-8", newline="") as file:
        csv.writer(file).writerows(rows)


def test_the_switch_shows_a_language_in_the_same_place_and_keeps_it_through_reloads_and_edits(server, browser):
    project, _ = server
    driver, out = browser, project / "output"
    settled(driver, out)
    assert shown(driver) == ["en"]
    assert driver.find_element("css selector", "#printkit-live .count").text == "9 cards"
    link = driver.find_element("css selector", f"[id='{GAME}/en'] .language-switch a[data-language='de']")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); window.notReloaded = true", link)
    top = driver.execute_script("return arguments[0].getBoundingClientRect().top", link)
    source_top = driver.execute_script(f"return document.getElementById('{GAME}/en').getBoundingClientRect().top")
    link.click()
    wait(lambda: shown(driver) == ["de"])
    german = driver.execute_script(f"return document.getElementById('{GAME}/de').getBoundingClientRect().top")
    assert abs(german - source_top) < 1  # where the English were
    focused = driver.switch_to.active_element
    assert focused.text == "Deutsch" and focused.get_attribute("aria-current") == "true"
    assert abs(driver.execute_script("return arguments[0].getBoundingClientRect().top", focused) - top) < 1
    assert driver.find_element("css selector", "#printkit-live .count").text == "9 cards"  # the German ones
    assert src(driver, "de").startswith(f"preview/{GAME}/de/deck/card-01.png?v=")

    driver.refresh()  # a reload: still German
    wait(lambda: driver.execute_script("return window.printkitLive && window.printkitLive.version") >= 1)
    settled(driver, out)
    assert shown(driver) == ["de"]

    english, german = src(driver, "en"), src(driver, "de")
    index = driver.execute_script("return window.printkitLive.index")
    driver.execute_script("window.notReloaded = true; for (const lang of ['en', 'de', 'fr'])"
                          "  document.getElementById(`${arguments[0]}/${lang}`).querySelector('figure.card').kept = true",
                          GAME)
    set_text(project, GERMAN, EDITED)
    try:
        after = wait(lambda: src(driver, "de") != german and src(driver, "de"))
        path, version = after.split("?v=")
        assert version == hashlib.sha256((out / path).read_bytes()).hexdigest()[:12]  # the German card now
        wait(lambda: driver.execute_script("return window.printkitLive.index") != index)  # its words: the page swapped
        settled(driver, out)
        assert driver.execute_script("return window.notReloaded") is True
        assert shown(driver) == ["de"]  # the switch where the designer put it
        assert src(driver, "en") == english  # the English card's picture as it was
        kept = driver.execute_script("return ['en', 'de', 'fr'].map(lang => document.getElementById("
                                     "`${arguments[0]}/${lang}`).querySelector('figure.card').kept === true)", GAME)
        assert kept == [True, False, True]  # only the German cards' part of the page swapped
        fields = driver.execute_script(f"return document.getElementById('{GAME}/de')"
                                       ".querySelector('figure.card').dataset.fields")
        assert EDITED in fields
    finally:
        set_text(project, EDITED, GERMAN)
    wait(lambda: src(driver, "de") == german)
    settled(driver, out)


def test_a_language_is_chosen_from_the_keyboard(server, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver = browser
    settled(driver, server[0] / "output")
    current = driver.find_element("css selector", ".in-language.chosen .language-switch a[aria-current]")
    driver.execute_script("arguments[0].focus()", current)
    ActionChains(driver).send_keys(Keys.TAB).perform()  # the next language, as Tab reaches it
    wait(lambda: driver.switch_to.active_element.get_attribute("data-language") not in (None, current.get_attribute("data-language")))
    chosen = driver.switch_to.active_element.get_attribute("data-language")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait(lambda: shown(driver) == [chosen])
    assert driver.switch_to.active_element.get_attribute("aria-current") == "true"
    name = driver.find_element("css selector", ".in-language.chosen .language-switch").get_attribute("aria-labelledby")
    assert driver.find_element("id", name).text == "Language of Signal Fires:"


def test_a_language_in_the_contents_is_shown_and_brought_into_view(server, browser):
    driver = browser
    settled(driver, server[0] / "output")
    for language in ("fr", "en"):
        driver.execute_script("window.scrollTo(0, 0)")
        driver.find_element("css selector", f"nav.contents a[href='#{GAME}/{language}']").click()
        wait(lambda: shown(driver) == [language])
        top = wait(lambda: driver.execute_script(
            "const t = document.getElementById(arguments[0]).getBoundingClientRect().top; return t < 200 && [t]",
            f"{GAME}/{language}"))
        assert top[0] >= 0  # below the bar, at the top of the window
    # a product in the contents (the source's) goes to that product in the language shown
    driver.execute_script(f"document.querySelector(`.language-switch a[data-language='de']`).click()")
    wait(lambda: shown(driver) == ["de"])
    driver.execute_script("window.scrollTo(0, 0)")
    driver.find_element("css selector", f"nav.contents a[href='#{GAME}-deck']").click()
    wait(lambda: driver.execute_script("return location.hash") == f"#{GAME}/de-deck")
    assert shown(driver) == ["de"]


def test_without_a_script_the_static_preview_reaches_each_language_by_its_link(tmp_path):
    project = _project(tmp_path)
    done = subprocess.run([sys.executable, "-m", "printkit", "preview", "--content", "content"], cwd=project,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    page = (project / "output" / "index.html").as_uri()
    driver = headless_chromium(tmp_path / "chromium")
    try:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        driver.get(page)
        wait(lambda: driver.execute_script("return document.readyState") == "complete")
        assert shown(driver) == ["en"] and driver.execute_script("return !window.printkitLive")
        assert driver.execute_script("return document.querySelector('.languages').hasAttribute('data-chosen')") is False
        driver.find_element("css selector", f"nav.contents a[href='#{GAME}/fr']").click()
        wait(lambda: shown(driver) == ["fr"])
        # a French picture opened at full size and closed again: still French
        driver.find_element("css selector", f"[id='{GAME}/fr'] figure.card a.card").click()
        wait(lambda: driver.execute_script("return location.hash.startsWith('#view-')"))
        assert shown(driver) == ["fr"]
        driver.find_element("css selector", ".view:target a.close").click()
        wait(lambda: not driver.execute_script("return location.hash.startsWith('#view-')"))
        assert shown(driver) == ["fr"]
        driver.find_element("css selector", f"[id='{GAME}/fr'] .language-switch a[data-language='en']").click()
        wait(lambda: shown(driver) == ["en"])
    finally:
        driver.quit()
