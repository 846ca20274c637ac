"""Layers point one way and no module imports itself back: read with `ast`, every import counts.

    core      errors, limits, yamlsrc, schema, paths, deck, variant, extends, engine, hands   (no pygame)
    session   session, saves, catalog, net                                   (no pygame)
    render    render
    app       app
    commands  cli, commands, bench, __main__

A module may import its own layer or a lower one. Module-level and function-level imports both
count (a lazy import is still a dependency), relative ones resolved; `hands` never reads the
catalog (variants are passed in), and there is no import cycle between modules. An import under
`if TYPE_CHECKING:` names a type for the checker and never runs: it obeys the layers but cannot
make a cycle.
"""

from __future__ import annotations

import ast
import functools
import gc
import importlib.util
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import cardtable

PACKAGE = Path(cardtable.__file__).resolve().parent

# Lowest first. A name stands for that module and everything under it; "" is cardtable/__init__.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "core",
        (
            "",
            "errors",
            "limits",
            "yamlsrc",
            "schema",
            "paths",
            "memo",
            "clock",
            "deck",
            "variant",
            "extends",
            "engine",
            "hands",
        ),
    ),
    ("session", ("session", "saves", "catalog", "net")),  # net: network play, beside the session
    ("render", ("render",)),
    ("app", ("app",)),
    ("commands", ("cli", "commands", "bench", "__main__", "_pyinstaller")),  # _pyinstaller: the bundle's hook
]
NO_PYGAME = {"core", "session"}
FORBIDDEN = [("hands", "catalog")]  # (importer, imported): the hands get their variants passed in


@dataclass(frozen=True)
class Import:
    importer: str  # module names relative to cardtable: "engine.rules", "" for the package itself
    imported: str
    where: str  # file:line
    typing_only: bool = False  # under `if TYPE_CHECKING:`: never executed

    def __str__(self) -> str:
        return f"{self.where}: {self.importer or 'cardtable'} imports {self.imported or 'cardtable'}"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {
        _module_name(p): p
        for p in sorted(PACKAGE.rglob("*.py"))
        if "_data" not in p.relative_to(PACKAGE).parts
    }


MODULES = _modules()


def _under(name: str, prefix: str) -> bool:
    return name == prefix or (prefix != "" and name.startswith(prefix + "."))


def layer_of(name: str) -> str | None:
    """The layer a module belongs to (the longest matching name wins), None if the table lacks it."""
    found = [(len(p), layer) for layer, prefixes in LAYERS for p in prefixes if _under(name, p)]
    return max(found)[1] if found else None


RANK = {layer: i for i, (layer, _) in enumerate(LAYERS)}


def _package_of(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _targets(node: ast.Import | ast.ImportFrom, name: str, path: Path) -> Iterator[str]:
    """The cardtable modules an import statement loads (relative names resolved)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name == "cardtable" or alias.name.startswith("cardtable."):
                yield alias.name.removeprefix("cardtable").lstrip(".")
        return
    written = "." * node.level + (node.module or "")
    package = ".".join(filter(None, ["cardtable", _package_of(name, path)]))
    full = importlib.util.resolve_name(written, package)  # relative names as Python resolves them
    if full != "cardtable" and not full.startswith("cardtable."):
        return
    module = full.removeprefix("cardtable").lstrip(".")
    for alias in node.names:  # `from . import ui` loads the submodule ui, not only the package
        sub = f"{module}.{alias.name}" if module else alias.name
        yield sub if sub in MODULES else module


def _is_type_checking(test: ast.expr) -> bool:
    """`TYPE_CHECKING` or `typing.TYPE_CHECKING`."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _third_party(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    return [node.module] if node.module and not node.level else []


def _statements(body: list[ast.stmt], typing_only: bool = False) -> Iterator[tuple[ast.stmt, bool]]:
    """Every statement in `body` and in the blocks inside it (functions, classes, if, try, with,
    loops, match), with whether it sits under `if TYPE_CHECKING:`. An import is a statement, so
    the walk never needs to go into expressions (most of a module's nodes)."""
    for stmt in body:
        yield stmt, typing_only
        if isinstance(stmt, ast.If) and _is_type_checking(stmt.test):
            yield from _statements(stmt.body, True)
            yield from _statements(stmt.orelse, typing_only)
            continue
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(stmt, field, None)
            if isinstance(inner, list):
                yield from _statements(inner, typing_only)
        for block in getattr(stmt, "handlers", ()) or getattr(stmt, "cases", ()):
            yield from _statements(block.body, typing_only)


@functools.cache  # parsed once per worker, and only by the worker that runs these tests
def _scan() -> tuple[list[Import], list[Import]]:
    """Every import between cardtable modules, and every pygame import, anywhere in a module."""
    inner, pygame = [], []
    # The trees hold no reference cycles (each is freed as the next file is read): the collector's
    # passes over the worker's whole heap while their ~300,000 nodes are made would find nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for name, path in MODULES.items():
            tree = ast.parse(path.read_text(), str(path))
            for node, typing_only in _statements(tree.body):
                if not isinstance(node, (ast.Import, ast.ImportFrom)):
                    continue
                where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
                for target in dict.fromkeys(_targets(node, name, path)):  # once per statement
                    if target != name:
                        inner.append(Import(name, target, where, typing_only))
                if any(m == "pygame" or m.startswith("pygame.") for m in _third_party(node)):
                    pygame.append(Import(name, "pygame", where))
    finally:
        if collecting:
            gc.enable()
    return inner, pygame


def test_every_module_has_a_layer():
    missing = sorted(name or "cardtable" for name in MODULES if layer_of(name) is None)
    if missing:
        pytest.fail(f"add these modules to LAYERS in {Path(__file__).name}: {missing}")


def test_every_import_names_a_module():
    bad = [str(imp) for imp in _scan()[0] if imp.imported not in MODULES]
    if bad:
        pytest.fail("imports of modules that do not exist:\n" + "\n".join(bad))


def test_imports_point_down_the_layers():
    bad = [
        f"{imp} ({layer_of(imp.importer)} may not import {layer_of(imp.imported)})"
        for imp in _scan()[0]
        if RANK[layer_of(imp.importer) or "core"] < RANK[layer_of(imp.imported) or "core"]
    ]
    if bad:
        pytest.fail("imports that point up the layers:\n" + "\n".join(bad))


def test_no_pygame_below_the_renderer():
    bad = [str(imp) for imp in _scan()[1] if layer_of(imp.importer) in NO_PYGAME]
    if bad:
        pytest.fail("pygame imported below the renderer:\n" + "\n".join(bad))


def test_importing_the_lower_layers_loads_no_pygame():
    """At run time too: nothing below the renderer pulls pygame in, nor does building the CLI."""
    lower = sorted(name for name in MODULES if layer_of(name) in NO_PYGAME)
    code = (
        "import sys\n"
        + "".join(f"import {'.'.join(['cardtable', name]).rstrip('.')}\n" for name in lower)
        + "import cardtable.cli\ncardtable.cli.build_parser()\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_forbidden_imports():
    bad = [
        str(imp)
        for imp in _scan()[0]
        for a, b in FORBIDDEN
        if _under(imp.importer, a) and _under(imp.imported, b)
    ]
    if bad:
        pytest.fail("forbidden imports:\n" + "\n".join(bad))


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module (iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


def test_strongly_connected_finds_cycles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"d", "f"}, "f": {"e"}}
    assert sorted(strongly_connected(graph)) == [["a", "b", "c"], ["e", "f"]]
    assert strongly_connected({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles():
    runtime = [imp for imp in _scan()[0] if not imp.typing_only]
    graph: dict[str, set[str]] = {name: set() for name in MODULES}
    for imp in runtime:
        graph[imp.importer].add(imp.imported)
    cycles = []
    for component in strongly_connected(graph):
        inside = set(component)
        edges = [str(imp) for imp in runtime if imp.importer in inside and imp.imported in inside]
        cycles.append(f"cycle between {', '.join(component)}:\n    " + "\n    ".join(edges))
    if cycles:
        pytest.fail("\n".join(cycles))


def test_the_statement_walk_finds_every_import_a_full_walk_finds():
    """`_statements` skips expressions: every kind of block an import can sit in is still seen,
    and exactly the imports under `if TYPE_CHECKING:` (not its else) are typing-only."""
    source = (
        "import a\nif TYPE_CHECKING:\n    import b\n    if x:\n        import c\n    else:\n"
        "        import d\nelse:\n    import e\ndef f():\n    import g\n    class K:\n        import h\n"
        "        def m(self):\n            with x:\n                import i\n    try:\n        import j\n"
        "    except E:\n        import k\n    else:\n        import l\n    finally:\n        import m\n"
        "    for q in r:\n        import n\n    else:\n        import o\n    while 1:\n        import p\n"
        "    match z:\n        case 1:\n            import q\nasync def af():\n    async with y:\n"
        "        import r\n    async for t in u:\n        import s\nif typing.TYPE_CHECKING:\n"
        "    from . import t\ntry:\n    pass\nexcept* E:\n    import u\n"
    )
    tree = ast.parse(source)
    walked = [(n.lineno, t) for n, t in _statements(tree.body) if isinstance(n, (ast.Import, ast.ImportFrom))]
    typing_only = {
        id(inner)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and _is_type_checking(block.test)
        for stmt in block.body
        for inner in ast.walk(stmt)
    }
    full = [
        (n.lineno, id(n) in typing_only)
        for n in ast.walk(tree)
        if isinstance(n, (ast.Import, ast.ImportFrom))
    ]
    assert sorted(walked) == sorted(full) and len(full) == 20
    assert {line for line, typing in walked if typing} == {3, 5, 7, 40}
