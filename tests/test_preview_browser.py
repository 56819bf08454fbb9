"""The preview's index.html in a real browser, Debian's Chromium run headless (issue 13, item 13):
a table of contents whose links bring each product to the top, every picture loaded from the file
system, card thumbnails the size of a card, a click on a page showing it at full size and a way
back, and no script at all.

It needs `chromium` and `chromedriver` (Debian's chromium and chromium-driver). Without them the
test is skipped, unless PRINTKIT_BROWSER_TEST=required (as `.ci/run` sets, having installed them).
"""

from __future__ import annotations

import os
import shutil

import pytest

from conftest import CONTENT
from printkit.cli import main

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
REQUIRED = os.environ.get("PRINTKIT_BROWSER_TEST") == "required"
pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER) and not REQUIRED,
                                reason="no chromium and chromedriver (apt-get install chromium chromium-driver)")
DPI = 100
CSS_PX_PER_MM = 96 / 25.4


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """The index of a preview of the Numbered Cards kit, open in headless Chromium."""
    assert CHROMIUM and DRIVER, "PRINTKIT_BROWSER_TEST=required, but chromium or chromedriver is missing"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    out = tmp_path_factory.mktemp("preview")
    assert main(["preview", "numbered-cards", "--content", str(CONTENT), "--out", str(out), "--dpi", str(DPI)]) == 0
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--window-size=1400,1000", f"--user-data-dir={tmp_path_factory.mktemp('chromium')}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.get((out / "index.html").as_uri())
    yield driver
    driver.quit()


def visible_top(driver, element_id: str) -> float:
    return driver.execute_script(f"return document.getElementById('{element_id}').getBoundingClientRect().top")


def test_the_page_has_no_script(page):
    assert page.execute_script("return document.scripts.length") == 0
    assert page.title == "printkit preview"


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
