"""The engine never imports pygame: only the front-end packages may."""

import ast
import subprocess
import sys
from pathlib import Path

import cardtable

PACKAGE = Path(cardtable.__file__).resolve().parent
FRONT_END = {"render", "app", "commands"}  # packages allowed to use pygame (commands: inside run only)


def _engine_modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in FRONT_END or rel.parts[0] == "_data" or rel.name == "__main__.py":
            continue  # __main__ is the entry script: importing it starts the program
        yield path, rel


def test_no_engine_module_imports_pygame():
    offenders = []
    for path, rel in _engine_modules():
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n == "pygame" or n.startswith("pygame.") for n in names):
                offenders.append(f"{rel}:{node.lineno}")
            # the command line may open the window (lazily); engine modules never reach the front end
            if (
                rel.name != "cli.py"
                and isinstance(node, ast.ImportFrom)
                and node.level
                and node.module
                and node.module.split(".")[0] in FRONT_END - {"commands"}
            ):
                offenders.append(f"{rel}:{node.lineno} imports the front end")
    assert not offenders, offenders


def test_importing_the_engine_loads_no_pygame():
    modules = [
        ".".join(("cardtable",) + rel.with_suffix("").parts).removesuffix(".__init__")
        for _, rel in _engine_modules()
    ]
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in modules)
        + "import cardtable.cli\ncardtable.cli.build_parser()\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
