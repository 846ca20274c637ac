"""`extends: other_variant`: a variant file written as changes to another.

The base is found next to the file (`extends: holdem.yaml` or `extends: ../base`), else among
the built-in and the user's variants by id (`extends: some_variant_id`). Its tree is loaded (itself
maybe extending another, at most MAX_DEPTH deep, never in a circle) and the file laid over it:

- a mapping merges key by key, recursively (`hands: {form: {size: 5}}` changes only the size);
- anything else (a list, a number, text) replaces the base's whole: a list is never merged item
  by item, so `categories:` or `phases: {hand: [...]}` given in the file is the whole list;
- a key set to nothing (`trump: ~` or `trump: null`) removes the base's key.

Every node keeps the file it came from, so an error points into the right file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from .errors import Problem, VariantError
from .paths import shipped, user_variants
from .schema import suggest
from .yamlsrc import Node, load_text, read_text

MAX_DEPTH = 8
VARIANT_KEYS = {"name", "deck", "extends"}  # a file with none of them is not a variant to extend


def _find(name: str, here: str) -> Path | None:
    """The base's file: only a YAML file (a name without its suffix gets .yaml), so `extends:`
    never reads another kind of file (`../../etc/shadow`)."""
    near = Path(here).parent / name
    candidate = near if near.suffix in (".yaml", ".yml") else near.parent / f"{near.name}.yaml"
    if candidate.is_file():
        return candidate
    for folder in (shipped("variants"), user_variants()):
        candidate = folder / f"{name}.yaml"
        if "/" not in name and candidate.is_file():
            return candidate
    return None


def _known() -> list[str]:
    out: list[str] = []
    for folder in (shipped("variants"), user_variants()):
        if folder.is_dir():
            out += [p.stem for p in folder.glob("*.yaml")]
    return out


def _looks_like_a_variant(text: str) -> bool:
    """A line of the text starts with one of VARIANT_KEYS: its errors may be said (it is a
    variant with a mistake, not someone's other file)."""
    return any(line.split(":", 1)[0] in VARIANT_KEYS for line in text.splitlines() if ":" in line)


def merge(base: Node, over: Node) -> Node:
    """`over` laid on `base` by the rules in the module's docstring."""
    if not (base.is_map and over.is_map):
        return over
    value = dict(base.value)
    keys = dict(base.keys)
    for k, v in over.value.items():
        if v.value is None:
            value.pop(k, None)
            keys.pop(k, None)
        else:
            value[k] = merge(base.value[k], v) if k in base.value else v
            keys[k] = over.keys.get(k, v)
    return Node(value, over.line, over.col, over.path, keys)


def apply(root: Node, path: str, seen: tuple[str, ...] = ()) -> tuple[Node, str]:
    """The file's tree with its base laid under it, and the bases' texts (for the digest)."""
    ext = root.get("extends")
    if ext is None:
        return root, ""
    if not ext.is_scalar or not isinstance(ext.value, str) or not ext.value.strip():
        raise VariantError([ext.problem("'extends' names the variant this one changes: an id or a file")])
    name = ext.value.strip()
    found = _find(name, path)
    if found is None:
        raise VariantError([ext.problem(f"no variant '{name}' to extend" + suggest(name, _known()))])
    key = str(found.resolve())
    if key in seen or key == str(Path(path).resolve()):
        raise VariantError(
            [ext.problem(f"'{name}' extends this file again: the chain goes round in a circle")]
        )
    if len(seen) >= MAX_DEPTH:
        raise VariantError([ext.problem(f"'extends' goes more than {MAX_DEPTH} files deep")])
    try:
        text = read_text(str(found))
    except OSError as e:
        raise VariantError([ext.problem(f"cannot read '{found}': {e.strerror or e}")]) from None
    not_a_variant = ext.problem(f"'{name}' is not a variant file (it has no name, deck or extends)")
    try:
        tree = load_text(text, str(found))
    except VariantError:
        if not _looks_like_a_variant(text):  # a stranger's file: nothing of it is said
            raise VariantError([not_a_variant]) from None
        raise
    if not (tree.is_map and VARIANT_KEYS & set(tree.value)):  # its content is never echoed
        raise VariantError([not_a_variant])
    base, deeper = apply(tree, str(found), (*seen, key))
    if not base.is_map:
        raise VariantError(
            [Problem(str(found), base.line, base.col, "the extended variant is not a mapping")]
        )
    own = Node(
        {k: v for k, v in root.value.items() if k != "extends"}, root.line, root.col, root.path, root.keys
    )
    return merge(base, own), text + deeper


def chain_files(path: str) -> list[tuple[str, str]]:
    """The file at `path` and the bases it extends, in order, as (file name, text): what a variant
    is made of, so another program can load it without these files (`variant.load_variant_files`)."""
    return [(Path(here).name, text) for here, text in chain(path)]


def chain(path: str, parse_all: bool = True) -> list[tuple[str, str]]:
    """The file at `path` and the bases it extends, in order, as (path, text), read now and found
    as `apply` finds them. Without `parse_all` a text that never says "extends" is taken to extend
    nothing unparsed (a key spelt with escapes is missed: a caller must check what it gets).
    VariantError if a file cannot be read or parsed."""
    out: list[tuple[str, str]] = []
    here = path
    while True:
        text = read_text(here)
        out.append((here, text))
        if not parse_all and "extends" not in text:
            return out
        ext = load_text(text, here).get("extends")
        if ext is None or not isinstance(ext.value, str) or len(out) > MAX_DEPTH:
            return out
        found = _find(ext.value.strip(), here)
        if found is None:
            return out
        here = str(found)


def said_in_own_file(
    problems: list[Problem], root: Node, own: Node, own_path: str, load: Callable[[str], object]
) -> list[Problem]:
    """`problems` with those found in a base file said at the line of this file that leads to them,
    the base's place named only as context: the deepest node of this file above the base's node;
    for a base section this file does not touch, a key of this file the problem names (`hands: ~`,
    `rank:`), else its `extends:`. Problems of one untouched section follow from one change of
    this file, so they are said once. A base's problem of its own (`load` finds it loading the
    base alone) stays in the base."""
    if all(p.path == own_path for p in problems):
        return problems
    ext = own.value["extends"]
    own_errors = _bases_own_problems({p.path for p in problems} - {own_path}, load)
    index: dict[tuple[str, int, int], tuple[Node, str]] = {}

    def walk(node: Node, anchor: Node, top: str) -> None:
        index.setdefault((node.path, node.line, node.col), (anchor, top))
        children: list[tuple[Node | None, Node, str]] = []
        if node.is_map:
            children = [(node.keys.get(k), v, top or k) for k, v in node.value.items()]
        elif node.is_list:
            children = [(None, v, top) for v in node.value]
        for key, child, section in children:
            mark = key if key is not None and key.path == own_path else child
            below = mark if child.path == own_path else anchor
            if key is not None:
                index.setdefault((key.path, key.line, key.col), (below, section))
            walk(child, below, section)

    walk(root, ext, "")
    keys = _own_keys(own)
    kept: list[Problem] = []
    grouped: dict[tuple[int, int, bool, str], list[Problem]] = {}
    for p in problems:
        if p.path == own_path or p in own_errors:  # a base broken by itself is fixed there
            kept.append(p)
            continue
        anchor, section = index.get((p.path, p.line, p.col), (ext, ""))
        untouched = anchor is ext and bool(section)
        if anchor is ext:
            named = [keys[q] for q in re.findall(r"'([^']+)'", p.message) if q in keys]
            anchor = named[0] if named else ext
        grouped.setdefault((anchor.line, anchor.col, untouched, section or p.message), []).append(p)
    for (line, col, untouched, section), same in grouped.items():
        first = same[0]
        base = Path(first.path).name
        where = f"{base}:{first.line}:{first.col}" + (
            f", and {len(same) - 1} more there" if len(same) > 1 else ""
        )
        if not untouched:
            message = f"{first.message} (inherited: {where})"
        elif (line, col) == (ext.line, ext.col):
            message = (
                f"the '{section}' inherited from {base} does not fit this file: {first.message} "
                f"(at {where}); give your own '{section}' to replace it"
            )
        else:
            message = f"{first.message} (inherited: {where}; or give your own '{section}')"
        kept.append(Problem(own_path, line, col, message))
    return kept


def _own_keys(own: Node) -> dict[str, Node]:
    """Every key this file writes (a removed one too), outer ones first, by name."""
    found: dict[str, Node] = {}
    level = [own]
    while level:
        below: list[Node] = []
        for node in level:
            if node.is_map:
                for k, v in node.value.items():
                    if k != "extends":
                        found.setdefault(k, node.keys.get(k, v))
                    below.append(v)
            elif node.is_list:
                below += node.value
        level = below
    return found


def _bases_own_problems(paths: set[str], load: Callable[[str], object]) -> set[Problem]:
    """The problems the base files have when loaded by themselves (asked only when something
    failed in one)."""
    found: set[Problem] = set()
    for path in paths:
        try:
            load(path)
        except VariantError as exc:
            found.update(exc.problems)
    return found
