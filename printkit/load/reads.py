"""What a template's words read of their context, found on Jinja's parse without running it: the
keys read of a mapping (`first.rows`, `first['number']`), and what some named words read, through
the template's other words and macros and its body. A fingerprint counts only that
(printkit/load/words.py: Words.fingerprint, fingerprint_of), so that what is kept under it (the
booklet's front matter, the rules sheet) is found again after an edit of what it does not print,
such as a scenario's tagline. Where the parse cannot tell, a value counts whole."""

from __future__ import annotations

import functools
import hashlib
import json

import jinja2
import jinja2.nodes

WHOLE = None  # a context value read as a whole (not only some of its keys)
_KEEPER = None  # what keeps what templates read between runs, handed by the pipeline (keep_reads_with)


def keep_reads_with(keeper) -> None:
    """What each template's words read (found on Jinja's parse: a few ms a template, parsed for
    nothing else when its compiled code is found) kept by `keeper` from now on (its `keeps()`, and
    `kept(inputs, make, shape)` as printkit/pipeline/cache.py's), under the template's text: the
    pipeline hands load its page cache (printkit/pipeline/kits.py), so that load keeps nothing
    itself. None: each template is parsed, once a process."""
    global _KEEPER
    _KEEPER = keeper


def digest(sources: list, context: dict, names: set[str] | None, used: dict | None) -> str:
    """The SHA-256 of the templates' text and of the context values `names` (all, for None), each
    as far as `used` says it is read: only the keys a template reads of a mapping, where it reads
    nothing else of it (`narrowed`)."""
    if names is None:
        shown = context
    else:
        shown = {n: narrowed(context[n], (used or {}).get(n, WHOLE) if used is not None else WHOLE)
                 for n in sorted(names) if n in context}
    text = json.dumps([sources, shown], sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def narrowed(value, keys: frozenset | None):
    """`value` as the keys `keys` read it: a mapping's values of those keys alone (a key it lacks
    as missing). Jinja looks an attribute up on the mapping itself first (`first.items` is the
    dict's method, which reads it all): a key that names one reads the whole value."""
    if keys is WHOLE or type(value) is not dict or any(hasattr(dict, key) for key in keys):
        return value
    return {"keys read": {key: value[key] for key in keys if key in value},
            "keys missing": sorted(key for key in keys if key not in value)}


def uses(environment, sources: list[str]) -> dict | None:
    """How each name is read in the templates `sources`: the keys read of it (`name.key`,
    `name['key']`) where that is all it is read for, else WHOLE; None where one cannot be parsed."""
    found: dict = {}
    for source in sources:
        parsed = _parsed_uses(environment, source)
        if parsed is None:
            return None
        for name, keys in parsed.items():
            before = found.get(name, frozenset())
            found[name] = WHOLE if keys is WHOLE or before is WHOLE else before | keys
    return found


@functools.lru_cache(maxsize=64)
def reads_of(environment, source: str, named: tuple[str, ...]) -> tuple[set[str], dict] | None:
    """The names the words and macros `named` of a template read, through its other words and
    macros they use, and every statement of its body besides its words, macros and text (a loop
    may change a value a word reads, `{% set _ = list.append(...) %}`), with how they read them
    (`_name_uses`); a word or macro that calls a method counts as such a statement too. None where
    the template cannot be parsed."""
    used = _kept("the reads of some words", source, named, lambda: _found_reads_of(environment, source, named))
    return None if used is None else (set(used), used)


def _found_reads_of(environment, source: str, named: tuple[str, ...]) -> dict | None:
    tree = _tree(environment, source)
    if tree is None:
        return None
    defined, always = _statements(tree)
    taken, waiting, nodes = set(), list(named) + list(_name_uses(always)), list(always)
    while waiting:
        name = waiting.pop()
        if name in taken:
            continue
        taken.add(name)
        for node in defined.get(name, []):
            nodes.append(node)
            waiting += list(_name_uses([node]))
    return _name_uses(nodes)


def _statements(tree) -> tuple[dict[str, list], list]:
    """A template body's statements: those that define a name (a word, a macro, a value), by it,
    and those that run whatever is asked for (any other but plain text, and a definition that
    calls a method)."""
    defined: dict[str, list] = {}
    always = []
    for node in tree.body:
        name = _defined(node)
        if name is None:
            if not (isinstance(node, jinja2.nodes.Output) and
                    all(isinstance(n, jinja2.nodes.TemplateData) for n in node.nodes)):
                always.append(node)
            continue
        defined.setdefault(name, []).append(node)
        if any(isinstance(call.node, jinja2.nodes.Getattr) for call in node.find_all(jinja2.nodes.Call)):
            always.append(node)
    return defined, always


@functools.lru_cache(maxsize=64)
def _tree(environment, source: str):
    try:
        return environment.parse(source)
    except jinja2.TemplateSyntaxError:
        return None


@functools.lru_cache(maxsize=64)
def _parsed_uses(environment, source: str) -> dict | None:
    """(Once for each template: every scenario's words ask for the same template's.)"""
    def found() -> dict | None:
        tree = _tree(environment, source)
        return None if tree is None else _name_uses([tree])
    return _kept("the reads of a template", source, (), found)


def _kept(kind: str, source: str, named: tuple[str, ...], find) -> dict | None:
    """`find()` (what a template reads: name -> the keys read of it, or WHOLE; None, it cannot
    be parsed), or what the keeper handed kept of it for the same template text (and printkit's
    code, as the page cache keys everything). Kept as plain data, each name's keys sorted; a
    value found that is not of that form is found again."""
    keeper = _KEEPER
    if keeper is None or not keeper.keeps():
        return find()
    made = []

    def plain() -> list:
        made.append(find())
        return [made[0] is not None, {name: None if keys is WHOLE else sorted(keys)
                                      for name, keys in (made[0] or {}).items()}]
    inputs = [kind, hashlib.sha256(source.encode("utf-8")).hexdigest(), list(named)]
    value = keeper.kept(inputs, plain, shape=(bool, dict))
    if made:
        return made[0]
    parsed, used = value
    if not all(type(name) is str and (keys is None or type(keys) is list and all(type(k) is str for k in keys))
               for name, keys in used.items()):
        return find()
    return {name: WHOLE if keys is None else frozenset(keys) for name, keys in used.items()} if parsed else None


def _name_uses(trees) -> dict:
    """Every name read in `trees` (Jinja nodes), with the keys read of it or WHOLE."""
    found: dict = {}

    def note(name: str, key: str | None) -> None:
        before = found.get(name, frozenset())
        found[name] = WHOLE if key is None or before is WHOLE else before | {key}

    def visit(node) -> None:
        inner = getattr(node, "node", None)
        if isinstance(node, jinja2.nodes.Getattr) and _loaded(inner):
            note(inner.name, node.attr)
        elif isinstance(node, jinja2.nodes.Getitem) and _loaded(inner) and isinstance(node.arg, jinja2.nodes.Const) \
                and isinstance(node.arg.value, str):
            note(inner.name, node.arg.value)
        elif _loaded(node):
            note(node.name, None)
        else:
            for child in node.iter_child_nodes():
                visit(child)
    for tree in trees:
        visit(tree)
    return found


def _loaded(node) -> bool:
    return isinstance(node, jinja2.nodes.Name) and node.ctx == "load"


def _defined(node) -> str | None:
    """The name a statement of a template's body defines: a word, a macro or a value."""
    if isinstance(node, jinja2.nodes.Macro):
        return node.name
    if isinstance(node, (jinja2.nodes.AssignBlock, jinja2.nodes.Assign)) and isinstance(node.target, jinja2.nodes.Name):
        return node.target.name
    return None
