"""printkit's imports read from its own source: the import circles and the imports that reach up a stage.

    python tools/imports.py [--package DIR] [--check]

Every module under printkit/ is parsed with `ast` (nothing is imported or run): imports at any depth
(a function's lazy import counts: it still ties the two modules together; one under
`if TYPE_CHECKING:` does not, it is never run), relative imports resolved,
`from x import y` resolved to the module `x.y` where one exists and to `x` otherwise. It prints
- the circles: the strongly connected components of the import graph, each edge with the names it takes;
- the imports that reach up: a module importing one of a higher stage (STYLE.md, "The stages, and the
  one-way rule"), a module's stage being its folder (FOLDERS below);
- the modules over 400 lines.
`--check` exits 1 when there is a circle, a reach-up or a module no stage is given to.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from pathlib import Path

LIMIT = 400

# The stages, lowest first: each may import only its own stage and those below it. A module's
# stage is its folder, the first one under printkit/ (printkit/pipeline/cache.py: pipeline); the
# package's own __init__ is ground, its __main__ the command line, its bundled data folders ground.
STAGE_NAMES = ["ground", "load", "plan", "render", "declared/games/products", "pipeline", "targets/live", "cli"]
FOLDERS = {"ground": "ground", "schema": "ground", "load": "load", "plan": "plan", "render": "render",
           "declared": "declared/games/products", "games": "declared/games/products",
           "products": "declared/games/products", "pipeline": "pipeline", "targets": "targets/live",
           "live": "targets/live", "cli": "cli"}
TOP = {"printkit": "ground", "printkit.__main__": "cli"}


def stage_of(module: str) -> str | None:
    """The stage of a module: its folder's (None for a module no folder holds: a fault)."""
    if module in TOP:
        return TOP[module]
    parts = module.split(".")
    return FOLDERS.get(parts[1]) if len(parts) > 2 or (len(parts) == 2 and parts[1] in FOLDERS) else None


def modules_under(package: Path) -> dict[str, Path]:
    """Every module's dotted name and file; a package is its __init__.py."""
    root = package.parent
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _base(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The module an ImportFrom names, its relative dots resolved against `module`."""
    if not node.level:
        return node.module or ""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    parts = package.split(".")
    if node.level > 1:
        parts = parts[: len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def imports_of(module: str, path: Path, known: set[str]) -> dict[str, dict[str, bool]]:
    """{imported module: {name taken: lazy?}} for one module's own imports of printkit modules."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    edges: dict[str, dict[str, bool]] = defaultdict(dict)
    top = set(id(n) for n in tree.body)
    typing_only = _typing_only(tree)
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        lazy = id(node) not in top
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    edges[alias.name].setdefault("(module)", lazy)
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, path, node)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known:
                    edges[sub].setdefault("(module)", lazy)
                elif base in known:
                    names = edges[base]
                    names[alias.name] = names.get(alias.name, True) and lazy
    edges.pop(module, None)
    _attributes_taken(tree, path, module, known, edges)
    return edges


def _typing_only(tree) -> set[int]:
    """The imports under `if TYPE_CHECKING:`: names for annotations, never run, so no edge."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            found.update(id(inner) for child in node.body for inner in ast.walk(child))
    return found


def _attributes_taken(tree, path, module, known, edges) -> None:
    """For a whole module imported (`from printkit import lasting`), the names used from it
    (`lasting.keeps`), so the edge says what it takes."""
    bound = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known and alias.asname:
                    bound[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, path, node)
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    bound[alias.asname or alias.name] = f"{base}.{alias.name}"
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in bound and bound[node.value.id] in edges):
            names = edges[bound[node.value.id]]
            lazy = names.get("(module)", False)
            names.setdefault("." + node.attr, lazy)


def circles(graph: dict[str, dict[str, dict[str, bool]]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's, iterative)."""
    index, low, on, stack, found = {}, {}, set(), [], []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(graph.get(child, {})))))
                    break
                if child in on:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def _names(names: dict[str, bool]) -> str:
    return ", ".join(name + (" (lazy)" if lazy else "") for name, lazy in sorted(names.items()))


def report(package: Path) -> tuple[list[str], int]:
    modules = modules_under(package)
    graph = {name: imports_of(name, path, set(modules)) for name, path in modules.items()}
    lines, problems = [], 0
    found = circles(graph)
    lines.append(f"import circles: {len(found)}")
    for number, component in enumerate(found, 1):
        members = set(component)
        lines.append(f"  circle {number}: {' '.join(component)}")
        for source in component:
            for target, names in sorted(graph[source].items()):
                if target in members:
                    lines.append(f"    {source} -> {target}: {_names(names)}")
    problems += len(found)
    unstaged = sorted(name for name in modules if stage_of(name) is None)
    rank = {stage: number for number, stage in enumerate(STAGE_NAMES)}
    ups = []
    for source in sorted(graph):
        for target, names in sorted(graph[source].items()):
            low, high = stage_of(source), stage_of(target)
            if low and high and rank[high] > rank[low]:
                ups.append(f"  {source} [{low}] -> {target} [{high}]: {_names(names)}")
    lines.append(f"imports that reach up a stage: {len(ups)}")
    lines.extend(ups)
    problems += len(ups)
    if unstaged:
        lines.append(f"modules with no stage: {' '.join(unstaged)}")
        problems += len(unstaged)
    long = [(sum(1 for _ in path.open(encoding="utf-8")), name) for name, path in modules.items()]
    long = sorted((count, name) for count, name in long if count > LIMIT)
    lines.append(f"modules over {LIMIT} lines: {len(long)}")
    lines.extend(f"  {name}: {count}" for count, name in reversed(long))
    return lines, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", type=Path,
                        default=Path(__file__).resolve().parent.parent / "printkit")
    parser.add_argument("--check", action="store_true", help="exit 1 on any circle or reach-up")
    args = parser.parse_args(argv)
    lines, problems = report(args.package)
    print("\n".join(lines))
    return 1 if args.check and problems else 0


if __name__ == "__main__":
    sys.exit(main())
