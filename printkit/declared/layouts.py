"""A deck's layouts: named layouts that extend one another, merged before they are read, as Squib's
layouts `extend` theirs. A layout that extends another has the other's layers and keys, and
changes only what it writes: a layer of the same name takes the keys it gives (the rest stay the
other's), a new layer goes on top (or just under the layer its `under` names), and a layer given
as nothing (`art: ~`) is taken away. Merging works on the YAML as written, so every key of a
merged layout is still located at the line that wrote it.

A game may declare layouts for every product (game.yaml's top-level `layouts:`): they are merged
among themselves first, and each card product then has them as its own, where it has none of
the same name (its own wins), to name in its face, its back or an `extends`.
"""

from __future__ import annotations

import difflib

from printkit.ground.errors import Problem
from printkit.load.nodes import Node
from printkit.load.schema import describe, dotted

LAYERS, OLD_LAYERS = "layers", "boxes"


def merged_product(node: Node, path: tuple, problems: list[Problem], shared: dict | None = None) -> Node | None:
    """A card product's node with every layout (named, its face's and its back's) merged with
    the layouts it extends; None when one cannot be (after recording why). `shared` are the
    game's layouts (game_layouts), already merged: the product may name them as its own, and
    has them among its layouts where it has none of the same name (its own wins)."""
    before = len(problems)
    value = dict(node.value)
    named = value.get("layouts")
    own = named.value if named is not None and isinstance(named.value, dict) else {}
    merging = _Merging({name: _normalised(child, path + ("layouts", name), problems) for name, child in own.items()},
                       shared or {}, path + ("layouts",), problems)
    done = {name: merging.resolve(name, []) for name in merging.layouts}
    lines = dict(named.key_lines) if named is not None and isinstance(named.value, dict) else {}
    for name, layout in (shared or {}).items():
        if name not in done and (named is None or isinstance(named.value, dict)):
            done[name], lines[name] = layout, layout.line
    key_lines = dict(node.key_lines)
    if done:
        holder = named if named is not None else next(iter(shared.values()))
        value["layouts"] = Node(done, holder.file, holder.line, lines)
        key_lines.setdefault("layouts", holder.line)
    for side in ("face", "back"):
        child = value.get(side)
        if child is not None and isinstance(child.value, dict) and "field" not in child.value:
            value[side] = merging.extended(_normalised(child, path + (side,), problems), path + (side,), [])
    if len(problems) > before:
        return None
    return Node(value, node.file, node.line, key_lines, node.text, node.size)


def game_layouts(node: Node | None, problems: list[Problem]) -> dict[str, Node] | None:
    """The game's own layouts (game.yaml's top-level `layouts:`), each merged with the one of them
    it extends, as every product reads them; {} when there are none, None when one cannot be
    merged (after recording why). What they extend is the game's: a product's layout of the
    same name does not change them."""
    if node is None or not isinstance(node.value, dict):
        return {}
    before = len(problems)
    merging = _Merging({name: _normalised(child, ("layouts", name), problems) for name, child in node.value.items()},
                       {}, ("layouts",), problems)
    done = {name: _without_extends(merging.resolve(name, [])) for name in merging.layouts}
    return None if len(problems) > before else done


def _without_extends(layout: Node) -> Node:
    """A merged layout, as a product reads it: already all it extends, so not merged again."""
    if not isinstance(layout.value, dict) or "extends" not in layout.value:
        return layout
    value = {key: child for key, child in layout.value.items() if key != "extends"}
    lines = {key: line for key, line in layout.key_lines.items() if key != "extends"}
    return Node(value, layout.file, layout.line, lines, layout.text, layout.size)


def with_game_layouts(root: Node, shared: dict[str, Node]) -> Node:
    """game.yaml's tree with its `layouts:` merged (what the schema reads at the top)."""
    if not shared or not isinstance(root.value, dict) or "layouts" not in root.value:
        return root
    held = root.value["layouts"]
    value = {**root.value, "layouts": Node(dict(shared), held.file, held.line, dict(held.key_lines))}
    return Node(value, root.file, root.line, dict(root.key_lines), root.text, root.size)


class _Merging:
    """Layouts merged with those they extend, by name: a product's own (`layouts`), else the
    game's (`shared`, merged already)."""

    def __init__(self, layouts: dict[str, Node], shared: dict[str, Node], path: tuple, problems: list[Problem]):
        self.layouts, self.shared, self.path, self.problems = layouts, shared, path, problems
        self.done: dict[str, Node] = {}

    def resolve(self, name: str, chain: list[str]) -> Node:
        if name not in self.layouts:
            return self.shared[name]
        if name not in self.done:
            self.done[name] = self.extended(self.layouts[name], self.path + (name,), chain + [name])
        return self.done[name]

    def extended(self, layout: Node, at: tuple, chain: list[str]) -> Node:
        """`layout` merged over the layout it extends (itself merged first), if it extends one."""
        if not isinstance(layout.value, dict) or "extends" not in layout.value:
            return layout
        base = layout.value["extends"]
        name = base.value
        if not isinstance(name, str):
            self.problems.append(base.problem(f"{dotted(at + ('extends',))}: expected some text, got "
                                              f"{describe(name)}"))
            return layout
        known = list(self.layouts) + [n for n in self.shared if n not in self.layouts]
        if name not in known:
            close = difflib.get_close_matches(str(name), known, n=1)
            owner = "the deck's and the game's layouts" if self.shared else "the deck's layouts"
            hint = f"did you mean '{close[0]}'?" if close else (f"{owner}: " + ", ".join(known) if known
                                                                else "the deck has no `layouts:`")
            self.problems.append(base.problem(f"{dotted(at + ('extends',))}: no layout '{name}' ({hint})"))
            return layout
        if name in chain:
            cycle = " -> ".join(chain[chain.index(name):] + [name])
            self.problems.append(base.problem(f"{dotted(at + ('extends',))}: layouts extend one another in a "
                                              f"circle ({cycle})"))
            return layout
        return merge(self.resolve(name, chain), layout, at, self.problems)


def _normalised(node: Node, path: tuple, problems: list[Problem]) -> Node:
    """A layout whose layers are under `layers` (`boxes`, their older name, is read as it), in the
    order they are drawn (a layer with `under` just under the one it names)."""
    if not isinstance(node.value, dict):
        return node
    value, lines = dict(node.value), dict(node.key_lines)
    if OLD_LAYERS in value:
        if LAYERS in value:
            problems.append(node.problem(f"{dotted(path)}: both `layers` and `boxes` (their older name): keep one",
                                         OLD_LAYERS))
            return node
        value = {LAYERS if key == OLD_LAYERS else key: child for key, child in value.items()}
        lines = {LAYERS if key == OLD_LAYERS else key: line for key, line in lines.items()}
    layers = value.get(LAYERS)
    if layers is not None and isinstance(layers.value, dict) and "extends" not in value:  # else: when merged
        order, order_lines = dict(layers.value), dict(layers.key_lines)
        for name, child in layers.value.items():
            if isinstance(child.value, dict) and "under" in child.value:
                order, order_lines = _placed(order, order_lines, name, child, path + (LAYERS,), problems)
        value[LAYERS] = Node(order, layers.file, layers.line, order_lines, layers.text, layers.size)
    return Node(value, node.file, node.line, lines, node.text, node.size)


def merge(base: Node, derived: Node, path: tuple, problems: list[Problem]) -> Node:
    """`derived` written over `base`: its keys win, its layers merged with the base's by name."""
    if not isinstance(base.value, dict):
        return derived
    value, lines = dict(base.value), dict(base.key_lines)
    for key, child in derived.value.items():
        if key == LAYERS and isinstance(child.value, dict) and isinstance(value.get(LAYERS), Node) \
                and isinstance(value[LAYERS].value, dict):
            value[key] = _merged_layers(value[LAYERS], child, path + (LAYERS,), problems)
        else:
            value[key] = child
        lines[key] = derived.key_lines[key]
    return Node(value, derived.file, derived.line, lines, derived.text, derived.size)


def _merged_layers(base: Node, derived: Node, path: tuple, problems: list[Problem]) -> Node:
    layers, lines = dict(base.value), dict(base.key_lines)
    for name, child in derived.value.items():
        if child.value is None:
            if name not in layers:
                problems.append(derived.problem(f"{dotted(path + (name,))}: no layer '{name}' to take away "
                                                f"in the layout it extends", name))
            layers.pop(name, None)
            lines.pop(name, None)
            continue
        if name in layers and isinstance(layers[name].value, dict) and isinstance(child.value, dict):
            child = _merged_keys(layers[name], child)
        layers[name], lines[name] = child, derived.key_lines[name]
        layers, lines = _placed(layers, lines, name, child, path, problems)
    return Node(layers, derived.file, derived.line, lines, derived.text, derived.size)


def _merged_keys(base: Node, derived: Node) -> Node:
    """A layer's keys over the same layer's in the layout extended; a key of the base given as
    nothing (`x: ~`) is taken away: so a box the base writes from the left may be written from
    the right (`x: ~, right: 3`)."""
    value, lines = {**base.value, **derived.value}, {**base.key_lines, **derived.key_lines}
    for key, child in derived.value.items():
        if child.value is None and key in base.value:
            del value[key], lines[key]
    return Node(value, derived.file, derived.line, lines, derived.text, derived.size)


def _placed(layers: dict, lines: dict, name: str, child: Node, path: tuple,
            problems: list[Problem]) -> tuple[dict, dict]:
    """The layers in drawing order, `name` moved just under the layer its `under` names (if it
    names one), else left where it is (on top, if it is new)."""
    under = child.value.get("under") if isinstance(child.value, dict) else None
    if under is None or not isinstance(under.value, str):  # not a name: the schema says so
        return layers, lines
    if under.value == name:
        others = ", ".join(n for n in layers if n != name)
        problems.append(under.problem(f"{dotted(path + (name, 'under'))}: a layer cannot go under itself (the "
                                      f"layout's layers: {others})"))
        return layers, lines
    if under.value not in layers:
        close = difflib.get_close_matches(str(under.value), [n for n in layers if n != name], n=1)
        hint = f"did you mean '{close[0]}'?" if close else "the layout's layers: " + ", ".join(n for n in layers
                                                                                               if n != name)
        problems.append(under.problem(f"{dotted(path + (name, 'under'))}: no layer '{under.value}' ({hint})"))
        return layers, lines
    order = [n for n in layers if n != name]
    order.insert(order.index(under.value), name)
    return {n: layers[n] for n in order}, {n: lines[n] for n in order}


def once(problems: list[Problem], start: int = 0) -> None:
    """The problems from `start` on, each once: a mistake in a layer that other layouts inherit is
    found in each of them, at the same line, with the same words after the path that names it."""
    seen, kept = set(), []
    for problem in problems[start:]:
        key = (problem.file, problem.line, problem.message.split(": ", 1)[-1])
        if key not in seen:
            seen.add(key)
            kept.append(problem)
    problems[start:] = kept


def once_declared(problems: list[Problem], start: int = 0) -> None:
    """`once`, a mistake in a layout of the game's said at its own path (`layouts.frame...`), not
    at a product that has it as its own."""
    problems[start:] = sorted(problems[start:], key=lambda problem: not problem.message.startswith("layouts."))
    once(problems, start)
