"""The DXF cut files as a cutter's free software takes them (issue 39, point 5), read back with
ezdxf: millimetres ($INSUNITS 4), the sheet as the drawing's extents and limits, the sheet's edge
on a layer of its own (SHEET, to lay the file on the page; the cards on CUT); and the print guide
naming the cut files the build wrote, one a sheet, on A4 and Letter."""

from __future__ import annotations

import pypdf
import pytest

from conftest import build_into

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
TOL = 0.05


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    found = {}
    for paper in PAPERS:
        out = tmp_path_factory.mktemp(f"dxf-{paper}")
        assert build_into(out, "numbered-cards", "--paper", paper, "--cutter", "silhouette") == 0
        found[paper] = out / "numbered-cards"
    return found


def near(a, b) -> bool:
    return all(abs(x - y) <= TOL for x, y in zip(a, b))


@pytest.mark.parametrize("paper", PAPERS)
def test_each_dxf_has_millimetres_the_sheets_extents_and_its_edge_on_a_layer_of_its_own(built, paper):
    import ezdxf

    width, height = PAPERS[paper]
    files = sorted(built[paper].glob("*-cut*.dxf"))
    assert len(files) == 3  # a file for each sheet of fronts
    for path in files:
        doc = ezdxf.readfile(str(path))
        assert doc.header["$INSUNITS"] == 4 and doc.header["$MEASUREMENT"] == 1
        assert near(doc.header["$EXTMIN"], (0, 0, 0)) and near(doc.header["$EXTMAX"], (width, height, 0))
        assert near(doc.header["$LIMMIN"], (0, 0)) and near(doc.header["$LIMMAX"], (width, height))
        sheet = [e for e in doc.modelspace() if e.dxf.layer == "SHEET"]
        assert len(sheet) == 1 and sheet[0].closed and doc.layers.get("SHEET").color != 1  # not the cut's red
        corners = sorted((round(x, 3), round(y, 3)) for x, y in sheet[0].get_points("xy"))
        assert corners == sorted([(0, 0), (width, 0), (width, height), (0, height)])
        cuts = [e for e in doc.modelspace() if e.dxf.layer == "CUT"]
        assert cuts and all(0 <= x <= width and 0 <= y <= height for e in cuts for x, y in e.get_points("xy"))


@pytest.mark.parametrize("paper", PAPERS)
def test_the_print_guide_names_the_cut_files_that_exist(built, paper):
    folder = built[paper]
    text = " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(folder / "print-guide.pdf").pages)
    names = sorted(path.name for path in folder.glob("*-cut*.dxf"))
    assert names == ["ability-cards-cut-1.dxf", "ability-cards-cut-2.dxf", "ability-cards-cut-3.dxf"]
    assert f"{names[0]} … {names[-1]}" in text
    assert "-cut.svg" not in text and "ability-cards-cut.dxf" not in text
