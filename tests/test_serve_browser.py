"""`printkit serve` in a real browser, Debian's Chromium run headless (issue 27, "done when"): the
served page, a card's text edited in the content file, and the card's picture changes in the page
without a reload, the scroll kept; an edit with an error shows its FILE:LINE in the page and the fix
removes it; the guides toggle draws the bleed edge, the trim and the safe zone where the build's
figures put them, to a pixel of the picture's dpi; the gallery filtered by product and by a field's
value; each card's FILE:LINE a link into the editor (--editor); after `printkit printed`, a changed
card as printed beside as it is now; a request for `../` or an absolute
path outside the output folder refused. And (issue 42, point 3) the page as wide as a phone on one;
a full-size view over the sticky bar, its close link where a tap reaches it, Escape closing it; a
section a link brings to the top below the bar; the editor's links reached by Tab.

printkit runs as a designer runs it, `python -m printkit serve ... --bleed 3` in a project, and is
stopped with Ctrl-C. Needs `chromium` and `chromedriver`, as tests/test_preview_browser.py does."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import time

import pytest
import yaml

from browser import Serving, headless_chromium, needs_chromium, phone
from conftest import CONTENT, ROOT

pytestmark = needs_chromium
GAME, DPI, BLEED, SAFE = "numbered-cards", 100, 3.0, 3.175  # mm: the bleed asked for, the safe zone's 1/8 in
CARD = (63.5, 88.9)  # the ability cards' trim, mm (poker: 2.5 x 3.5 in)
ABILITY = "Rearrange all cards in the row."
CARDS = "preview/numbered-cards/ability-cards"
EDITOR = "vscode://file/{file}:{line}"
QUIET = 0.5  # seconds the page hears of no new state in, to be settled


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """(the project, its serve process): the Numbered Cards kit served."""
    project = tmp_path_factory.mktemp("project")
    shutil.copytree(CONTENT / GAME, project / "content" / GAME)
    shutil.copytree(ROOT / "templates", project / "templates")
    serving = Serving(project, GAME, "--content", "content", "--bleed", str(BLEED), "--dpi", str(DPI),
                      "--editor", EDITOR)
    yield project, serving
    assert serving.stop() == 0, serving.terminal()


@pytest.fixture(scope="module")
def browser(server, tmp_path_factory):
    """Chromium, the served page open in it."""
    project, serving = server
    driver = headless_chromium(tmp_path_factory.mktemp("chromium"))
    driver.get(serving.url)
    wait(lambda: driver.execute_script("return window.printkitLive && window.printkitLive.version") >= 1)
    yield driver
    driver.quit()


@pytest.fixture
def served(server, browser):
    """(driver, project, the served folder): the Numbered Cards kit served and open in Chromium, the
    page settled on the last build (whatever the test before this one left it doing)."""
    project = server[0]
    settled(browser, project / "output")
    return browser, project, project / "output"


def wait(condition, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"not within {timeout} s: {condition}")


def settled(driver, out) -> None:
    """Wait until the page shows the last build: its pictures' and its own versions are those of
    the files on disk (the page's index as the server last wrote it, its pictures' digests)."""
    def current() -> bool:
        index = hashlib.sha256((out / "index.html").read_bytes()).hexdigest()[:12]
        return driver.execute_script("return window.printkitLive.index") == index

    def quiet() -> bool:  # and no state since for a while: serve's start draws the rest in the background
        version = driver.execute_script("return window.printkitLive.version")
        time.sleep(QUIET)
        return current() and driver.execute_script("return window.printkitLive.version") == version
    wait(current)
    wait(quiet)


def card_src(driver, n: int) -> str:
    return driver.execute_script(f"return document.querySelectorAll('figure.card a.card img')[{n - 1}].getAttribute('src')")


def edit(project, old: str, new: str) -> None:
    path = project / "content" / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_an_edit_of_a_card_s_text_changes_its_picture_in_the_page_without_a_reload(served):
    driver, project, out = served
    first = driver.execute_script("const c = document.querySelectorAll('figure.card')[0];"
                                  "c.scrollIntoView(); window.scrollBy(0, -200); window.notReloaded = true;"
                                  "return window.scrollY")
    before = [card_src(driver, n) for n in range(1, 19)]
    edit(project, ABILITY, "Rearrange every card of the row.")
    try:
        changed_in_place(driver, out, before, first)
    finally:
        edit(project, "Rearrange every card of the row.", ABILITY)
    wait(lambda: card_src(driver, 1) == before[0])  # back as it was: the first picture's digest again
    settled(driver, out)


def changed_in_place(driver, out, before: list[str], first: float) -> None:
    after = wait(lambda: card_src(driver, 1) != before[0] and card_src(driver, 1))
    path, version = after.split("?v=")
    assert path == f"{CARDS}/card-01.png"
    assert version == hashlib.sha256((out / path).read_bytes()).hexdigest()[:12]  # the picture now on disk
    # loaded (asked of whichever element has it now: the page's own swap may replace the section)
    assert wait(lambda: driver.execute_script("const i = document.querySelector(`img[src='${arguments[0]}']`);"
                                              "return i && i.complete && i.naturalWidth", after)) > 0
    assert driver.execute_script("return window.notReloaded") is True  # the same page, never reloaded
    assert abs(driver.execute_script("return window.scrollY") - first) < 2
    assert [card_src(driver, n) for n in range(2, 19)] == before[1:]  # no other card was swapped
    # then the page's own words, the card's fields: told after the pictures (the index is written
    # after them, so the page may be settled on the last index a moment before the new one comes)
    fields = "return document.querySelectorAll('figure.card')[0].dataset.fields"
    assert wait(lambda: "Rearrange every card of the row." in driver.execute_script(fields))
    settled(driver, out)


def test_an_error_shows_its_file_and_line_in_the_page_and_the_fix_removes_it(served):
    driver, project, _ = served
    problems = driver.find_element("id", "printkit-problems")
    assert not problems.is_displayed()
    path = project / "content" / GAME / "game.yaml"
    line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if ABILITY in text)
    edit(project, ABILITY, "{{ oops")
    try:
        wait(problems.is_displayed)
        assert f"{GAME}/game.yaml:{line}:" in problems.text and "never closed" in problems.text
        assert "stale" in problems.text and "printkit-stale" in driver.execute_script("return document.body.className")
        assert driver.find_elements("css selector", "figure.card img")  # the last good pictures are kept
    finally:
        edit(project, "{{ oops", ABILITY)
    wait(lambda: not problems.is_displayed())
    assert "printkit-stale" not in driver.execute_script("return document.body.className")
    settled(driver, project / "output")


def test_a_build_s_state_is_shown_after_the_one_before_it_even_while_its_page_is_fetched(served, server):
    """A build that changed the page (its index fetched, held here 3 s as a slow disk or a big page
    holds it), then an edit with an error at once: the error is shown, and stays shown once the
    page is fetched; the build before it never hides it again."""
    driver, project, out = served
    terminal = server[1].lines
    settled(driver, out)
    driver.execute_script("const fetched = window.fetch; let held = false;"
                          "window.fetch = function (url, options) {"
                          "  if (held || !String(url).endsWith('/index.html')) return fetched(url, options);"
                          "  held = true; return new Promise(r => setTimeout(r, 3000)).then(() => fetched(url, options))"
                          "    .then(r => { setTimeout(() => { window.heldDone = true; }, 300); return r; }); }")
    heard = len(terminal)
    edit(project, ABILITY, "Rearrange every card of the row.")
    try:
        wait(lambda: any(line.endswith(" s") and "files changed" in line for line in terminal[heard:]))
        edit(project, "Rearrange every card of the row.", "{{ oops")
        wait(lambda: "not built: the last good outputs are kept" in terminal[heard:])
        wait(lambda: driver.execute_script("return window.heldDone === true"))  # the held page fetched, and since
        settled(driver, out)
        problems = driver.find_element("id", "printkit-problems")
        assert problems.is_displayed() and "never closed" in problems.text
    finally:
        text = (project / "content" / GAME / "game.yaml").read_text(encoding="utf-8")
        edit(project, "{{ oops" if "{{ oops" in text else "Rearrange every card of the row.", ABILITY)
    wait(lambda: not driver.find_element("id", "printkit-problems").is_displayed())
    settled(driver, out)


def test_the_guides_lie_on_the_bleed_edge_the_trim_and_the_safe_zone_to_a_pixel(served):
    driver, _, out = served
    from PIL import Image

    settled(driver, out)
    art = driver.find_element("css selector", "figure.card .art")
    driver.execute_script("arguments[0].scrollIntoView(); return arguments[0].querySelector('img').decode()", art)
    driver.find_element("css selector", "label[for='show-guides']").click()
    guides = art.find_element("css selector", "svg.guides")
    wait(guides.is_displayed)
    width, height = Image.open(out / CARDS / "card-01.png").size
    px = DPI / 25.4  # the picture's pixels per mm
    assert (width, height) == (round((CARD[0] + 2 * BLEED) * px), round((CARD[1] + 2 * BLEED) * px))
    picture = rect(driver, art.find_element("tag name", "img"))
    scale = (picture["right"] - picture["left"]) / width  # screen px per picture px
    for kind, inset in (("bleed", 0.0), ("trim", BLEED), ("safe", BLEED + SAFE)):
        box = rect(driver, guides.find_element("css selector", f".{kind}"))
        for side, sign in (("left", 1), ("top", 1), ("right", -1), ("bottom", -1)):
            in_picture_px = sign * (box[side] - picture[side]) / scale
            assert abs(in_picture_px - inset * px) <= 1.0, (kind, side, in_picture_px, inset * px)
    driver.find_element("css selector", "label[for='show-guides']").click()
    wait(lambda: not guides.is_displayed())


def rect(driver, element) -> dict:
    return driver.execute_script("const r = arguments[0].getBoundingClientRect();"
                                 "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}", element)


def test_the_gallery_is_filtered_by_product_and_by_a_field_s_value(served):
    driver, project, out = served
    settled(driver, out)
    from selenium.webdriver.support.select import Select

    cards = yaml.safe_load((project / "content" / GAME / "game.yaml").read_text(encoding="utf-8"))["cards"]
    plays = sum(1 for card in cards if card["kind"] == "Play")
    shown = "return Array.from(document.querySelectorAll('figure.card')).filter(c => c.offsetParent).length"
    assert driver.execute_script(shown) == len(cards)
    Select(driver.find_element("id", "printkit-product")).select_by_value(f"{GAME}/ability-cards")
    Select(driver.find_element("id", "printkit-field")).select_by_value("kind")
    Select(driver.find_element("id", "printkit-value")).select_by_value("Play")
    assert driver.execute_script(shown) == plays == 2
    assert driver.find_element("css selector", "#printkit-live .count").text == f"{plays} of {len(cards)} cards"
    assert not driver.find_element("css selector", ".files").is_displayed()  # the cards alone
    Select(driver.find_element("id", "printkit-value")).select_by_value("")
    Select(driver.find_element("id", "printkit-product")).select_by_value("")
    assert driver.execute_script(shown) == len(cards)


def test_a_card_shows_the_file_and_line_it_is_written_at(served):
    driver, project, _ = served
    lines = (project / "content" / GAME / "game.yaml").read_text(encoding="utf-8").splitlines()
    starts = [n for n, line in enumerate(lines, 1) if line.lstrip().startswith("- number:")]
    sources = driver.execute_script("return Array.from(document.querySelectorAll('figure.card .source'), s => s.textContent)")
    assert sources == [f"{GAME}/game.yaml:{n}" for n in starts]
    # --editor: each is a link that opens the file at its line in the designer's editor
    links = driver.execute_script("return Array.from(document.querySelectorAll('figure.card a.source'), a => a.href)")
    game = (project / "content" / GAME / "game.yaml").resolve()
    assert links == [f"vscode://file/{game}:{n}" for n in starts]  # the URL as given, {file} and {line} filled


@pytest.mark.parametrize("path", ["/../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/etc/passwd",
                                  "/%2Fetc%2Fpasswd", "/..%2F..%2Fcontent%2Fnumbered-cards%2Fgame.yaml",
                                  "/.printkit-manifest.json"])
def test_a_request_outside_the_output_folder_is_refused(served, path):
    driver, _, _ = served
    status = driver.execute_script("return fetch(arguments[0]).then(r => r.status)", path)
    assert status in (403, 404)


def test_after_printed_a_changed_card_is_shown_as_printed_beside_as_it_is_now(served):
    """`printkit printed` run while serving, then a card edited: the view lists it, its picture as
    printed (the one the page showed when it was recorded) beside its picture now."""
    driver, project, out = served
    card = out / CARDS / "card-01.png"
    then = card.read_bytes()
    assert subprocess.run([sys.executable, "-m", "printkit", "printed", GAME, "--content", "content"], cwd=project,
                          capture_output=True).returncode == 0
    button = driver.find_element("id", "printkit-printed-open")
    wait(lambda: button.is_displayed() and button.text == "Changed since printed (0)")
    before = card_src(driver, 1)
    edit(project, ABILITY, "Rearrange every card of the row.")
    try:
        wait(lambda: card_src(driver, 1) != before)
        settled(driver, out)
        wait(lambda: button.text == "Changed since printed (1)")
        button.click()
        view = driver.find_element("id", "printkit-printed")
        wait(view.is_displayed)
        assert "ability-cards · card 1 · changed" in view.text
        # (the view is made again whenever the page hears of a build: read in one go)
        printed, now = driver.execute_script(
            "return Array.from(document.querySelectorAll('#printkit-printed img'), i => i.getAttribute('src'))")
        assert printed.endswith(".png") and "/_printed/" in printed and "card-01.png?v=" in now
        fetched = driver.execute_async_script(
            "const done = arguments[1]; fetch(arguments[0]).then(r => r.arrayBuffer())"
            ".then(b => done(Array.from(new Uint8Array(b))))", printed)
        assert bytes(fetched) == then != card.read_bytes()  # the picture as recorded, not as now
        before_words, after_words = driver.execute_script(
            "return ['.before', '.after'].map(s => document.querySelector('#printkit-printed ' + s).innerText)")
        assert "Rearrange all cards in the row." in before_words and "Rearrange every card of the row." in after_words
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        ActionChains(driver).send_keys(Keys.ESCAPE).perform()  # Escape closes it, focus back on its button
        wait(lambda: not view.is_displayed())
        wait(lambda: driver.execute_script("return document.activeElement.id") == "printkit-printed-open")
    finally:
        edit(project, "Rearrange every card of the row.", ABILITY)
    settled(driver, out)


def test_on_a_phone_the_served_page_is_as_wide_as_the_phone(served):
    driver, _, out = served
    with phone(driver):
        driver.refresh()
        wait(lambda: driver.execute_script("return window.printkitLive && window.printkitLive.version") >= 1)
        widths = driver.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
        assert widths[0] == 390 and widths[1] <= 390, widths  # the bar wraps; 980 without the viewport tag
    driver.refresh()
    wait(lambda: driver.execute_script("return window.printkitLive && window.printkitLive.version") >= 1)
    settled(driver, out)


def centre_is(driver, selector: str) -> bool:
    """Whether a tap at the middle of the element `selector` finds reaches it (nothing lies over it
    there). Looked up in the page as it is now: a build heard of may swap the page's parts."""
    return driver.execute_script("const e = document.querySelector(arguments[0]); if (!e) return false;"
                                 "const r = e.getBoundingClientRect();"
                                 "const at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);"
                                 "return !!at && e.contains(at)", selector)


def test_a_full_size_view_lies_over_the_bar_and_escape_closes_it(served):
    """Looked up again at each step: a build heard of may swap the page's parts for new ones."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver, _, out = served
    settled(driver, out)
    thumb = "figure.card a.card"
    view = driver.find_element("css selector", thumb).get_attribute("hash")[1:]
    close = f"#{view} a.close"
    active = "return document.activeElement && document.activeElement.matches(arguments[0])"
    for size in ((1400, 1000), (390, 844)):
        driver.set_window_size(*size)
        driver.execute_script("const a = document.querySelector(arguments[0]);"
                              "a.scrollIntoView({block: 'center'}); a.focus()", thumb)
        ActionChains(driver).send_keys(Keys.ENTER).perform()  # to the focused element, as a keyboard does
        wait(lambda: driver.find_element("id", view).is_displayed())
        assert centre_is(driver, close), size  # not under the sticky bar
        wait(lambda: driver.execute_script(active, close))
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        wait(lambda: not driver.find_element("id", view).is_displayed())
        wait(lambda: driver.execute_script(active, thumb))  # focus back on the picture that opened it
    driver.set_window_size(1400, 1000)


def test_a_section_a_link_brings_to_the_top_is_below_the_bar(served):
    driver, _, out = served
    settled(driver, out)
    for size in ((1400, 1000), (390, 844)):
        driver.set_window_size(*size)
        driver.execute_script("window.scrollTo(0, 0)")  # the contents in view, under nothing
        driver.find_element("css selector", "nav.contents a[href='#numbered-cards-ability-cards']").click()
        wait(lambda: centre_is(driver, "#numbered-cards-ability-cards h3"))
        # the element the link brings to the top, just below the bar, not under it (both read at once)
        bar, top = driver.execute_script("return [document.getElementById('printkit-live').getBoundingClientRect().bottom,"
                                         "document.getElementById('numbered-cards-ability-cards')"
                                         ".getBoundingClientRect().top]")
        assert abs(top - bar) < 8, size
    driver.set_window_size(1400, 1000)


def test_a_card_s_editor_link_is_reached_by_tab(served):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver, _, out = served
    settled(driver, out)
    driver.execute_script("const c = document.querySelector('figure.card'); c.scrollIntoView({block: 'center'});"
                          "c.querySelector('a.card').focus()")
    ActionChains(driver).send_keys(Keys.TAB).perform()
    # looked up in the page as it is now (a build heard of may swap the page's parts)
    assert driver.execute_script("return document.activeElement === document.querySelector('figure.card a.source')")
