"""From checked content to the Cross Sums rules model's objects."""

from __future__ import annotations

from printkit.rules.cross_sums import Campaign, Example, Scenario


def campaign_of(data: dict) -> Campaign:
    copies = data["copies"]
    return Campaign(
        copies_usual=copies["usual"],
        copies_changes=tuple((c["from"], c["to"], c["copies"]) for c in copies["changes"] or ()),
        number_suits=tuple(data["number_suits"]), action_suits=tuple(data["action_suits"]),
        target_suit=data["target_suit"],
        actions={name: start for name, start in data["actions"].items() if start is not None},
        hand_sizes=tuple(sorted((h["from"], h["size"]) for h in data["hand_size"])),
        market=data["market"], distinct_from=data["distinct_from"])


def scenario_of(data: dict) -> Scenario:
    return Scenario(
        number=data["number"], title=data["title"], rows=tuple(data["rows"]),
        columns=tuple(data["columns"]), highest=data["highest"], hand=data["hand"],
        copies=data["copies"], actions=tuple(data["actions"]), distinct=data["distinct"],
        published={k: v for k, v in (data.get("published") or {}).items() if v is not None},
        overrides=tuple(data.get("overrides") or ()), example=example_of(data.get("effect_example")))


def example_of(data: dict | None) -> Example | None:
    if not data:
        return None
    return Example(data["effect"], tuple(tuple(stack) for stack in data["places"]), tuple(data["at"]),
                   data.get("hand"))
