"""`cardtable install-desktop`: a desktop entry with an icon, so Cardtable opens by double-click, and a
file type for variant files (`*.cardtable.yaml`), so double-clicking a designer's file plays it."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

HELP = "add Cardtable to the desktop's application menu (Linux), with an icon"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--print", action="store_true", help="print the entry instead of writing it")


MIME_TYPE = "application/x-cardtable-variant"
MIME_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="{MIME_TYPE}">
    <comment>Cardtable game</comment>
    <sub-class-of type="application/yaml"/>
    <glob pattern="*.cardtable.yaml"/>
  </mime-type>
</mime-info>
"""


def _launcher() -> list[str]:
    """The command the entry runs: a bundle's own program; else the windowed launcher if
    installed, else `cardtable`."""
    if getattr(sys, "frozen", False):  # a bundle (PyInstaller): the program itself
        return [os.path.abspath(sys.executable)]
    here = Path(sys.argv[0]).resolve().parent
    for name in ("cardtable-gui", "cardtable"):
        found = shutil.which(name) or (str(here / name) if (here / name).exists() else None)
        if found:
            return [os.path.abspath(found)]
    return [sys.executable, "-m", "cardtable"]


# The desktop entry spec: an argument holding any of these is quoted...
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
ESCAPED_IN_QUOTES = '"`$\\'  # ...and inside the quotes these take a backslash


def quote_arg(arg: str) -> str:
    """One argument of an Exec line, quoted per the desktop entry spec when it needs to be."""
    if arg and not RESERVED & set(arg):
        return arg
    return '"' + "".join("\\" + c if c in ESCAPED_IN_QUOTES else c for c in arg) + '"'


def exec_line(args: list[str]) -> str:
    """The Exec key's value: each argument quoted, '%' doubled (a field code otherwise), then
    backslashes escaped once more, as every string value of a desktop file is."""
    line = " ".join(quote_arg(a) for a in args).replace("%", "%%")
    return escape_value(line)


def escape_value(value: str) -> str:
    """A string value of a desktop file: backslash, newline, tab and carriage return escaped."""
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")


def draw_icon(path: Path, size: int = 256) -> None:
    """Draw the icon (a small fan of cards on felt) and save it as a PNG."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surface, (22, 78, 52), (size // 2, size // 2), size // 2)
    card = pygame.Surface((size * 5 // 12, size * 7 // 12), pygame.SRCALPHA)
    for angle, colour in ((24, (200, 20, 40)), (0, (25, 25, 30)), (-24, (212, 175, 55))):
        card.fill((0, 0, 0, 0))
        rect = card.get_rect()
        pygame.draw.rect(card, (250, 248, 240), rect, border_radius=size // 24)
        pygame.draw.rect(
            card, colour, rect.inflate(-size // 10, -size // 10), width=size // 40, border_radius=size // 32
        )
        pygame.draw.polygon(
            card,
            colour,
            [
                (rect.centerx, rect.centery - size // 10),
                (rect.centerx + size // 14, rect.centery),
                (rect.centerx, rect.centery + size // 10),
                (rect.centerx - size // 14, rect.centery),
            ],
        )
        turned = pygame.transform.rotozoom(card, angle, 1)
        surface.blit(turned, turned.get_rect(center=(size // 2, size // 2 + size // 20)))
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))


def desktop_entry(launcher: list[str], icon: Path) -> str:
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Name=Cardtable\n"
        "Comment=A card table for homebrew poker variants, with friends and computer players\n"
        f"Exec={exec_line(launcher)} %f\n"  # %f: the variant file double-clicked, if any
        f"Icon={escape_value(str(icon))}\n"
        "Terminal=false\n"
        "Categories=Game;CardGame;\n"
        f"MimeType={MIME_TYPE};\n"
    )


def run(args: argparse.Namespace) -> int:
    from ..paths import user_data

    data_home = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    icon = user_data() / "cardtable.png"
    entry = desktop_entry(_launcher(), icon)
    if args.print:
        print(entry, end="")
        return 0
    draw_icon(icon)
    target = data_home / "applications" / "cardtable.desktop"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(entry, encoding="utf-8")
    target.chmod(0o755)
    mime = data_home / "mime" / "packages" / "cardtable.xml"
    mime.parent.mkdir(parents=True, exist_ok=True)
    mime.write_text(MIME_XML, encoding="utf-8")
    # the desktop's own caches, where its tools are installed: the file type is known at once
    for tool, folder in (
        ("update-mime-database", mime.parent.parent),
        ("update-desktop-database", target.parent),
    ):
        if shutil.which(tool):
            subprocess.run([tool, str(folder)], capture_output=True, check=False)
    print(f"wrote {target}\nicon  {icon}\nfile type {MIME_TYPE} (*.cardtable.yaml) in {mime}")
    return 0
