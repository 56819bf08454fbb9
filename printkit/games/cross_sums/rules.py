"""The basic rules of Cross Sums, flowed over as many pages as they need."""

from __future__ import annotations

from printkit.render.rules_page import render_rules_pages


def render(kit) -> tuple[bytes, int]:
    return render_rules_pages(kit, kit.words("rules"), "Rules")
