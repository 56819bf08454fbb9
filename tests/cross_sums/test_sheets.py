"""The Cross Sums sheets issue 13 adds or changes, read back: the player aid (items 8), the
campaign log (item 9) and the scenarios at a glance on one page (item 11). Expected values come
from the seed (parsed in test_pdfs) or are computed here."""

from __future__ import annotations

import re

from cross_sums.test_pdfs import MM, norm, out, plumbed, seed, seed_lines


def seed_rule_lines(prefix: str) -> list[str]:
    return [line for line in seed_lines() if line.startswith(prefix)]


def test_the_player_aid_gives_each_player_a_turn_and_the_face_cards(built):
    _, folder = built
    pages = plumbed(out(folder, "player-aid.pdf")).pages
    players = int(re.fullmatch(r"• Players: (\d+)\.", seed_rule_lines("• Players:")[0])[1])
    assert len(pages) == -(-players // 2)
    steps = [line.split(":")[0] + ":" for line in seed_rule_lines(("1. Optionally", "2. One grid", "3. Refill"))]
    faces = [line.removeprefix("• ").split(":")[0] for line in seed_rule_lines(("• Jack", "• Queen", "• King"))]
    assert len(steps) == 3 and faces == ["Jack, from scenario 2", "Queen, from scenario 3", "King, from scenario 12"]
    aids = 0
    for page in pages:
        height = float(page.height)
        cuts = [ln for ln in page.lines if ln["height"] < 0.1 and ln["width"] > float(page.width) * 0.8]
        assert len(cuts) == 1  # the dashed line to cut the two aids apart
        for top, bottom in ((0, cuts[0]["top"]), (cuts[0]["top"], height)):
            half = norm(page.crop((0, top, float(page.width), bottom)).extract_text())
            if "player aid" not in half:
                continue
            aids += 1
            assert all(step in half for step in steps) and all(face in half for face in faces), half
            cards = [ch["text"] for ch in page.crop((0, top, float(page.width), bottom)).chars
                     if "Bold" in ch["fontname"] and ch["text"] in "JQK" and ch["size"] > 14]
            assert sorted(cards) == ["J", "K", "Q"]  # a card beside each face card's words, its rank large
    assert aids == players


def test_the_campaign_log_has_a_line_for_every_scenario_to_tick_date_and_note(built):
    _, folder = built
    pages = plumbed(out(folder, "campaign-log.pdf")).pages
    assert len(pages) <= 2
    found = []
    for page in pages:
        ticks = [r for r in page.rects if abs(r["width"] * MM - 3.6) < 0.1 and abs(r["height"] * MM - 3.6) < 0.1]
        words = page.extract_words()
        header = next(w for w in words if w["text"] == "Attempts")
        numbers = [w for w in words
                   if re.fullmatch(r"\d+", w["text"]) and w["x0"] < 15 / MM and w["top"] > header["top"]]
        for number in numbers:
            line = norm(" ".join(w["text"] for w in words if abs(w["top"] - number["top"]) < 2))
            boxes = [t for t in ticks if abs((t["top"] + t["bottom"]) / 2 - (number["top"] + number["bottom"]) / 2) < 2]
            found.append((int(number["text"]), line, len(boxes)))
        assert {"Won", "Date", "Notes"} <= {w["text"] for w in words}
        pitch = [b["top"] - a["top"] for a, b in zip(numbers, numbers[1:])]
        assert min(pitch) * MM >= 8.0  # room to write
    assert [n for n, _, _ in found] == sorted(seed())
    for number, line, boxes in found:
        s = seed()[number]
        assert line == f"{number} {s.title} {len(s.rows)}×{len(s.columns)}" and boxes == 5 + 1, (number, line)


def test_the_scenarios_at_a_glance_are_one_page_on_both_papers(built):
    _, folder = built
    assert len(plumbed(out(folder, "at-a-glance.pdf")).pages) == 1
