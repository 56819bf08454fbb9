"""The setup sheets: one page per scenario, `setup/scenario-NN.pdf`, 50 files."""

from __future__ import annotations

from printkit.plan.page import plan_sheet
from printkit.render.sheets import begin_sheet

from .scenario_page import draw_blocks_in, sheet_boxes, views


def render_all(kit) -> list[tuple[str, bytes, int]]:
    frame = plan_sheet(kit.options.paper)
    files = []
    for view in views(kit):
        name = f"Setup sheet {view.number}"
        pdf = kit.pdf(name, f"scenario {view.number}: {view.setup.scenario.title}")
        begin_sheet(pdf, frame, kit.footer(name), 1, 1)
        draw_blocks_in(pdf, sheet_boxes(frame.body, view), view)
        files.append((f"setup/scenario-{view.number:02}.pdf", pdf.finish(), pdf.pages))
    return files
