"""The setup sheets: one page per scenario, `setup/scenario-NN.pdf`, 50 files, each drawn only
when the manifest says its scenario, the campaign or its templates changed."""

from __future__ import annotations

from printkit.games import FilePlan
from printkit.plan.page import plan_sheet
from printkit.render.sheets import begin_sheet

from .scenario_page import draw_blocks_in, sheet_boxes, views


def plan_all(kit) -> list[FilePlan]:
    return [FilePlan(f"setup/scenario-{data['number']:02}.pdf",
                     {"campaign": kit.data["campaign"], "scenario": data},
                     lambda number=data["number"]: render_one(kit, number))
            for data in kit.data["scenarios"]["scenarios"]]


def render_one(kit, number: int) -> tuple[bytes, int]:
    frame = plan_sheet(kit.options.paper)
    view = views(kit, [number])[0]
    name = f"Setup sheet {view.number}"
    pdf = kit.pdf(name, f"scenario {view.number}: {view.setup.scenario.title}")
    begin_sheet(pdf, frame, kit.footer(name), 1, 1)
    draw_blocks_in(pdf, sheet_boxes(frame.body, view), view)
    return pdf.finish(), pdf.pages
