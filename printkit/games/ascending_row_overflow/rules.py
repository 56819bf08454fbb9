"""The one-page rules reference; its worked example is resolved by the rules model."""

from __future__ import annotations

from printkit.render.rules_page import render_rules_page
from printkit.rules.ascending import resolve

from .model import exercises


def render(kit) -> tuple[bytes, int]:
    words = kit.words("rules", example=worked_example(kit.data))
    return render_rules_page(kit, words)


def worked_example(data: dict) -> dict:
    """The first exercise, step by step, with the row end each card follows."""
    _, rows, revealed = exercises(data)[0]
    ends = [row[-1] for row in rows]
    steps, before = [], rows
    for step in resolve(rows, revealed, data["game"]["row_limit"]):
        end = before[step.row][-1]
        naive = max((e for e in ends if e < step.card), default=None)
        steps.append({"card": step.card, "kind": step.kind, "end": end, "original": naive,
                      "changed": naive is not None and naive != end})
        before = step.rows_after
    return {"ends": ends, "revealed": sorted(revealed), "steps": steps}
