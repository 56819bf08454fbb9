"""The schema of a layer's box (printkit/declared/place.py says where it lies): each measure in
millimetres or a percentage of the card, and each dimension given by two of its three measures.
A box written as it always was (x, y, width and height) is read as it always was: a measure it
leaves out is a missing key."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.ground.errors import Problem
from printkit.load.schema import INVALID, Number, Record, Spec, dotted
from printkit.declared import place


@dataclass
class Measure(Spec):
    """A box's position or size: millimetres within `mm`, or a percentage of the card's width or
    height (`50%`) from 0% (a size: more than 0%) to 100%."""

    mm: Number
    size: bool = False

    def check(self, node, path, problems):
        share = place.percent(node.value)
        if share is None:  # a number of mm (anything else is said to be no number, as before percentages)
            return self.mm.check(node, path, problems)
        if not 0.0 <= share <= 100.0 or (self.size and share == 0.0):
            least = "more than 0%" if self.size else "0%"
            problems.append(node.problem(f"{dotted(path)}: {share:g}% is out of range ({least} to 100% of the card)"))
            return INVALID
        return f"{share:g}%"


class Boxed(Record):
    """A layer that has a box: two of x, width and right, and two of y, height and bottom."""

    def read(self, node, path, located, problems):
        value = super().read(node, path, located, problems)
        if not isinstance(node.value, dict):
            return value
        found = self._measures(node, path, located)
        problems += found
        return INVALID if found else value

    def _measures(self, node, path, located) -> list[Problem]:
        written = {key: child.value for key, child in node.value.items()}
        for keys in (place.ACROSS, place.DOWN):
            if len(place.given(written, keys)) == 3:
                return [node.problem(f"{dotted(path)}: {place.incomplete(written)}", keys[2])]
        if place.given(written, ("right", "bottom")):
            wrong = place.incomplete(written)
            return [node.problem(f"{dotted(path)}: {wrong}")] if wrong else []
        holder = located.places[path][1]  # as a Record says a required key is missing
        misspelt = {self._unknown(path, key, {**self.fields, **self.optional})[1] for key in written
                    if key not in self.fields and key not in self.optional}
        return [Problem(node.file, holder, f"{dotted(path + (key,))}: missing key '{key}'")
                for key in ("x", "y", "width", "height") if key not in written and key not in misspelt]
