"""A campaign far longer than the seed's (the benchmark's synthetic one, 150 scenarios): the
booklet's contents go on past the cover, over as many pages as they need, each line at the body
size and pointing at its scenario's spread; the saddle booklet comes in volumes of at most ten
sheets; and the campaign's length limit (1000 scenarios) is checked where it is written."""

from __future__ import annotations

import functools
import importlib.util
import re
import shutil

import pdfplumber
import pytest

from conftest import CONTENT, ROOT, build_into

COUNT = 150


def _campaign():
    spec = importlib.util.spec_from_file_location("bench_build", ROOT / "benchmarks" / "bench_build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.campaign


@pytest.fixture(scope="module")
def long_campaign(tmp_path_factory):
    folder = tmp_path_factory.mktemp("long-campaign")
    shutil.copytree(CONTENT, folder / "content")
    shutil.copytree(ROOT / "templates", folder / "templates")
    _campaign()(folder, COUNT)
    out = folder / "output"
    assert build_into(out, "cross-sums", "--only", "booklet,booklet-saddle", content=folder / "content") == 0
    return folder, out / "cross-sums"


ENTRY = re.compile(r"(\d+)\. (.+?) (\d+)")


def test_the_contents_go_on_over_pages_and_point_at_every_spread(long_campaign):
    folder, out = long_campaign
    with pdfplumber.open(out / "booklet.pdf") as pdf:
        pages = pdf.pages
        texts = functools.cache(lambda index: pages[index].extract_text())  # the pages looked at only
        entries, contents_pages = {}, 0
        for page in pages:
            middle = float(page.width) / 2
            found = 0
            halves = (page.crop((0, 0, middle, page.height)), page.crop((middle, 0, page.width, page.height)))
            for crop in halves:  # two columns; a page of one column has its lines across the middle
                for line in crop.extract_text().splitlines():
                    if m := ENTRY.fullmatch(line.strip()):
                        entries[int(m[1])] = (m[2], int(m[3]))
                        found += 1
            if not found:
                for line in page.extract_text().splitlines():
                    if m := ENTRY.fullmatch(line.strip()):
                        entries[int(m[1])] = (m[2], int(m[3]))
                        found += 1
            if not found:
                break
            contents_pages += 1
            sizes = {round(c["size"], 1) for c in page.chars
                     if c["text"].isdigit() and 100 < c["top"] < float(page.height) - 60}  # not the footer
            assert sizes == {9.5}, sizes  # the body size, never squeezed smaller
        assert contents_pages >= 2 and texts(1).lstrip().startswith("Contents")
        assert sorted(entries) == list(range(1, COUNT + 1))
        for number, (title, page) in entries.items():
            assert page % 2 == 0  # a spread starts on a left-hand page
            heading = texts(page - 1)
            assert f"Scenario {number}:" in heading, (number, page)
            assert title.rstrip("…") in heading.replace("\n", " ")


def test_the_saddle_booklet_of_a_long_campaign_comes_in_volumes_of_ten_sheets_at_most(long_campaign):
    _, out = long_campaign
    volumes = sorted((out / "booklet-saddle").glob("volume-*.pdf"))
    assert len(volumes) >= 8
    for volume in volumes:
        with pdfplumber.open(volume) as pdf:
            assert len(pdf.pages) <= 20  # sides: ten sheets, two sides each


def test_a_campaign_longer_than_the_limit_is_an_error_at_its_line(project, capsys):
    campaign = project / "content" / "cross-sums" / "campaign.yaml"
    text = campaign.read_text(encoding="utf-8")
    campaign.write_text(text.replace("scenarios: 50", "scenarios: 1001"), encoding="utf-8")
    line = text.splitlines().index("scenarios: 50") + 1
    assert build_into(project / "output", "cross-sums", content=project / "content") == 1
    err = capsys.readouterr().err
    assert f"cross-sums/campaign.yaml:{line}:" in err and "1000" in err


def _forms(path) -> list[bytes]:
    """The operators of every page of a booklet file (each page a form XObject)."""
    import pypdf

    found = []
    for page in pypdf.PdfReader(path).pages:
        found += [form.get_object().get_data() for _, form in sorted(page["/Resources"]["/XObject"].items())]
    return found


def test_a_volumes_pages_are_the_booklets_pages_drawn_once(long_campaign):
    """Every file of a booklet gives the same characters the same codes, so a scenario's page
    is the same operators in the booklet and in its volume: drawn once, kept, and placed in both
    (issue 15). Only a volume's own cover and contents pages are its own."""
    _, folder = long_campaign
    booklet = set(_forms(folder / "booklet.pdf"))
    volumes = sorted((folder / "booklet-saddle").glob("volume-*.pdf"))
    assert len(volumes) >= 4
    for path in volumes:
        forms = _forms(path)
        own = [form for form in forms if form not in booklet]
        assert 1 <= len(own) <= 3, f"{path.name}: {len(own)} of its {len(forms)} pages are not the booklet's"
