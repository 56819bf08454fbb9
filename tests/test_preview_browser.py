"""The preview's index.html in a real browser, Debian's Chromium run headless (issue 13, item 13):
a table of contents whose links bring each product to the top, every picture loaded from the file
system, card thumbnails the size of a card, a click on a page showing it at full size and a way
back; and (issue 22, item 4) the cut guides over the cards, hidden until a checkbox shows them,
lying on the trim and the safe zone, and remembered after a reload. Its one script is printkit's
own, preview/page.js beside it. And (issue 42, point 3) on a phone it is laid out at the phone's
width; the keyboard opens a picture, Escape closes it and focus comes back; a card's FILE:LINE is
reached by Tab and copied by Enter.

It needs `chromium` and `chromedriver` (Debian's chromium and chromium-driver). Without them the
test is skipped, unless PRINTKIT_BROWSER_TEST=required (as `.ci/run` sets, having installed them).
"""

from __future__ import annotations

import pytest

from browser import headless_chromium, needs_chromium, phone
from conftest import CONTENT
from printkit.cli.main import main

pytestmark = needs_chromium
DPI = 100
CSS_PX_PER_MM = 96 / 25.4
SAFE = 3.175  # mm inside the trim: 1/8 in
CARDS = "numbered-cards-ability-cards"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """The index of a preview of the Numbered Cards kit, open in headless Chromium."""
    out = tmp_path_factory.mktemp("preview")
    assert main(["preview", "numbered-cards", "--content", str(CONTENT), "--out", str(out), "--dpi", str(DPI)]) == 0
    driver = headless_chromium(tmp_path_factory.mktemp("chromium"))
    driver.get((out / "index.html").as_uri())
    yield driver
    driver.quit()


def visible_top(driver, element_id: str) -> float:
    return driver.execute_script(f"return document.getElementById('{element_id}').getBoundingClientRect().top")


def test_the_page_s_one_script_is_its_own(page):
    from printkit.ground.bundled import PACKAGE

    (script,) = page.execute_script("return Array.from(document.scripts, s => s.src)")
    assert script.endswith("/preview/page.js") and script.startswith("file://")
    assert open(script[len("file://"):], "rb").read() == (PACKAGE / "live" / "serve" / "page.js").read_bytes()
    assert page.title == "printkit preview"


def test_on_a_phone_the_page_is_as_wide_as_the_phone(page):
    with phone(page):
        page.refresh()
        widths = page.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
        assert widths[0] == 390 and widths[1] <= 390, widths  # 980 without the viewport tag
        page.execute_script("document.querySelector('figure.card a.card').click()")  # a picture open too
        assert page.execute_script("return document.documentElement.scrollWidth") <= 390
        page.execute_script("history.back()")
    page.refresh()


def test_the_keyboard_opens_a_picture_and_escape_closes_it_focus_going_back(page):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.wait import WebDriverWait

    section = "numbered-cards-rules"
    page.get(page.current_url.split("#")[0] + f"#{section}")
    thumb = page.find_element(By.CSS_SELECTOR, f"#{section} a.page")
    view = page.find_element(By.ID, thumb.get_attribute("hash")[1:])
    page.execute_script("arguments[0].focus()", thumb)
    page.switch_to.active_element.send_keys(Keys.ENTER)
    assert view.is_displayed()
    close = view.find_element(By.CSS_SELECTOR, "a.close")
    WebDriverWait(page, 5).until(lambda driver: driver.switch_to.active_element == close)  # focus went into the view
    for _ in range(4):  # Tab stays within the open view
        page.switch_to.active_element.send_keys(Keys.TAB)
        assert page.execute_script("return arguments[0].contains(document.activeElement)", view)
    page.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert not view.is_displayed()
    WebDriverWait(page, 5).until(lambda driver: driver.switch_to.active_element == thumb)  # back to its picture
    assert page.execute_script("return location.hash") == f"#{section}"


def test_a_card_s_file_and_line_is_reached_by_tab_and_copied_by_enter(page):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    page.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    card = page.find_element(By.CSS_SELECTOR, f"#{CARDS} figure.card")
    page.execute_script("arguments[0].scrollIntoView(); arguments[0].querySelector('a.card').focus()", card)
    page.switch_to.active_element.send_keys(Keys.TAB)
    source = card.find_element(By.CSS_SELECTOR, ".source")
    assert page.switch_to.active_element == source and source.text.startswith("numbered-cards/game.yaml:")
    page.switch_to.active_element.send_keys(Keys.ENTER)
    copied = page.execute_async_script("navigator.clipboard.readText().then(arguments[0], e => arguments[0]('refused'))")
    assert copied == source.text
    assert source.get_attribute("data-copied") == "copied"


def test_the_contents_link_every_product_and_bring_it_to_the_top(page):
    from selenium.webdriver.common.by import By

    sections = [s.get_attribute("id") for s in page.find_elements(By.CSS_SELECTOR, "section.product")]
    links = [a.get_attribute("hash")[1:] for a in page.find_elements(By.CSS_SELECTOR, "nav.contents ul ul a")]
    assert sections and links == sections
    target = "numbered-cards-score-pad"
    page.find_element(By.CSS_SELECTOR, f"nav.contents a[href='#{target}']").click()
    assert abs(visible_top(page, target)) < 2  # the section now starts at the top of the window


def test_card_thumbnails_are_the_size_of_a_card_and_loaded(page):
    from selenium.webdriver.common.by import By

    page.find_element(By.CSS_SELECTOR, "nav.contents a[href='#numbered-cards-ability-cards']").click()
    cards = page.find_elements(By.CSS_SELECTOR, "#numbered-cards-ability-cards a.card img")
    assert len(cards) == 18
    for card in cards[:6]:  # the ones in view: lazy pictures further down load when scrolled to
        page.execute_script("arguments[0].scrollIntoView()", card)
        page.execute_script("return arguments[0].decode()", card)
        width = page.execute_script("return arguments[0].getBoundingClientRect().width", card)
        assert abs(width - 63.5 * CSS_PX_PER_MM) < 3  # 63.5 mm on a 96-dpi screen: readable as a card
        assert abs(page.execute_script("return arguments[0].naturalWidth", card) - 63.5 / 25.4 * DPI) <= 1  # loaded


def test_a_click_shows_a_page_at_full_size_and_close_goes_back(page):
    from selenium.webdriver.common.by import By

    section = "numbered-cards-rules"
    page.find_element(By.CSS_SELECTOR, f"nav.contents a[href='#{section}']").click()
    thumb = page.find_element(By.CSS_SELECTOR, f"#{section} a.page")
    view_id = thumb.get_attribute("hash")[1:]
    view = page.find_element(By.ID, view_id)
    assert not view.is_displayed()
    thumb.click()
    assert view.is_displayed()
    image = view.find_element(By.TAG_NAME, "img")
    page.execute_script("return arguments[0].decode()", image)
    natural = page.execute_script("return arguments[0].naturalWidth", image)
    assert abs(natural - 210 / 25.4 * DPI) <= 1  # an A4 page at the preview's resolution
    assert abs(page.execute_script("return arguments[0].getBoundingClientRect().width", image) - natural) < 1
    view.find_element(By.CSS_SELECTOR, "a.close").click()
    assert not view.is_displayed()
    assert page.execute_script("return location.hash") == f"#{section}"


# --- the cut guides over the cards ----------------------------------------------------------------------

def rect_of(driver, element) -> dict:
    return driver.execute_script("const r = arguments[0].getBoundingClientRect();"
                                 "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}", element)


def shown_cards(driver):
    """The first cards of the ability cards, brought into view and loaded: (picture, guides) each."""
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, f"nav.contents a[href='#{CARDS}']").click()
    arts = driver.find_elements(By.CSS_SELECTOR, f"#{CARDS} a.card .art")[:3]
    for art in arts:
        driver.execute_script("return arguments[0].querySelector('img').decode()", art)
    return [(art.find_element(By.TAG_NAME, "img"), art.find_element(By.CSS_SELECTOR, "svg.guides")) for art in arts]


def switch(driver):
    """A click on the guides' checkbox, as a designer gives it: on its label."""
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, "label[for='show-guides']").click()


def guides_on(driver) -> bool:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, "show-guides").is_selected()


def test_the_guides_are_hidden_until_the_checkbox_shows_them_on_the_trim_and_safe_zone(page):
    from selenium.webdriver.common.by import By

    if guides_on(page):
        switch(page)
    cards = shown_cards(page)
    legend = page.find_element(By.CSS_SELECTOR, ".guide-key .legend")
    assert not any(guides.is_displayed() for _, guides in cards) and not legend.is_displayed()
    top = visible_top(page, CARDS)
    switch(page)
    assert guides_on(page) and legend.is_displayed()
    assert abs(visible_top(page, CARDS) - top) < 1  # the click did not scroll the page
    safe = SAFE * CSS_PX_PER_MM  # 12.0 px on a 96-dpi screen: the thumbnail is the card's real size
    for picture, guides in cards:
        assert guides.is_displayed()
        shown, over = rect_of(page, picture), rect_of(page, guides)
        assert all(abs(shown[side] - over[side]) < 0.5 for side in shown)  # the guides lie over the picture
        # the browser places them to a small part of a pixel (3 mm would be 0.66 px short of 3.175)
        trim = rect_of(page, guides.find_element(By.CSS_SELECTOR, ".trim"))
        assert all(abs(shown[side] - trim[side]) < 0.25 for side in shown)  # no bleed: the picture is the trim
        inner = rect_of(page, guides.find_element(By.CSS_SELECTOR, ".safe"))
        assert abs(inner["left"] - shown["left"] - safe) < 0.25 and abs(shown["right"] - inner["right"] - safe) < 0.25
        assert abs(inner["top"] - shown["top"] - safe) < 0.25 and abs(shown["bottom"] - inner["bottom"] - safe) < 0.25
        assert not guides.find_elements(By.CSS_SELECTOR, ".bleed")


def test_the_guides_stay_as_they_were_after_a_reload(page):
    if not guides_on(page):
        switch(page)
    page.refresh()
    assert guides_on(page) and all(guides.is_displayed() for _, guides in shown_cards(page))
    switch(page)
    page.refresh()
    assert not guides_on(page) and not any(guides.is_displayed() for _, guides in shown_cards(page))


def test_the_checkbox_shows_the_guides_without_the_script(page):
    """Ticked as a form restored by the browser would be, no change event for the script: the
    page's style alone shows the guides."""
    cards = shown_cards(page)
    page.execute_script("document.getElementById('show-guides').checked = true")
    assert all(guides.is_displayed() for _, guides in cards)
    page.execute_script("document.getElementById('show-guides').checked = false")
    assert not any(guides.is_displayed() for _, guides in cards)


def test_the_guides_checkbox_is_the_first_stop_of_tab_and_space_ticks_it(page):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    page.get(page.current_url.split("#")[0])
    before = guides_on(page)
    page.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    ActionChains(page).send_keys(Keys.TAB).perform()
    assert page.execute_script("return document.activeElement.id") == "show-guides"
    ActionChains(page).send_keys(Keys.SPACE).perform()
    assert guides_on(page) != before
    ActionChains(page).send_keys(Keys.SPACE).perform()
    assert guides_on(page) == before
