"""`install-desktop` writes an Exec line that a desktop reads back as the same command, however
unusual the path (spaces, quotes, dollars, backslashes, percent signs)."""

import shutil
import subprocess

import pytest

from cardtable.commands import install_desktop
from cardtable.commands.install_desktop import desktop_entry


def read_value(value: str) -> str:
    """A desktop file's string value as the spec reads it (\\s \\n \\t \\r \\\\)."""
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value):
            out.append(
                {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}.get(value[i + 1], value[i + 1])
            )
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


def split_exec(value: str) -> list[str]:
    """The Exec key's arguments as the desktop entry spec splits them."""
    line, args, current, quoted, i = read_value(value), [], None, False, 0
    while i < len(line):
        c = line[i]
        if quoted:
            if c == "\\" and i + 1 < len(line) and line[i + 1] in '"`$\\':
                current += line[i + 1]
                i += 2
                continue
            if c == '"':
                quoted = False
            else:
                current += c
        elif c == '"':
            quoted, current = True, current or ""
        elif c == " ":
            if current is not None:
                args.append(current)
            current = None
        else:
            assert c not in "\"'\\><~|&;$*?#()`", f"unquoted reserved character {c!r} in {line!r}"
            current = (current or "") + c
        i += 1
    assert not quoted, f"unterminated quote in {line!r}"
    if current is not None:
        args.append(current)
    return [a.replace("%%", "%") for a in args]


def fields(entry: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in entry.splitlines() if "=" in line)


@pytest.mark.parametrize(
    "command",
    [
        ["/usr/bin/cardtable-gui"],
        ["/home/ann/My Games/venv/bin/cardtable-gui"],
        ['/opt/it\'s "here"/bin/python3', "-m", "cardtable"],
        ["/tmp/a$b`c\\d/100% sure/cardtable"],
    ],
)
def test_exec_reads_back_as_the_same_command(command, tmp_path):
    entry = desktop_entry(command, tmp_path / "My Icons" / "cardtable.png")
    got = fields(entry)
    assert split_exec(got["Exec"]) == [*command, "%f"]  # %f: a variant file double-clicked
    assert read_value(got["Icon"]) == str(tmp_path / "My Icons" / "cardtable.png")


def test_install_writes_a_quoted_entry(tmp_path, monkeypatch, capsys):
    """The command as run: the launcher's path has a space; the entry file has it quoted."""
    home = tmp_path / "home with space"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setattr(install_desktop, "_launcher", lambda: [str(home / "bin dir" / "cardtable-gui")])
    assert install_desktop.run(type("Args", (), {"print": False})()) == 0
    entry = (home / "applications" / "cardtable.desktop").read_text()
    assert split_exec(fields(entry)["Exec"]) == [str(home / "bin dir" / "cardtable-gui"), "%f"]
    assert f'Exec="{home}/bin dir/cardtable-gui" %f' in entry
    assert fields(entry)["MimeType"] == "application/x-cardtable-variant;"
    mime = (home / "mime" / "packages" / "cardtable.xml").read_text()
    assert '<mime-type type="application/x-cardtable-variant">' in mime
    assert '<glob pattern="*.cardtable.yaml"/>' in mime
    if shutil.which("desktop-file-validate"):  # the freedesktop tool, where installed, agrees
        checked = subprocess.run(
            ["desktop-file-validate", str(home / "applications" / "cardtable.desktop")],
            capture_output=True,
            text=True,
        )
        assert checked.returncode == 0 and checked.stdout.strip() == "", checked.stdout


def test_a_bundle_runs_itself(tmp_path, monkeypatch):
    """From a bundle (PyInstaller sets sys.frozen), the entry runs the bundle's own program."""
    program = tmp_path / "Card table" / "cardtable"
    monkeypatch.setattr(install_desktop.sys, "frozen", True, raising=False)
    monkeypatch.setattr(install_desktop.sys, "executable", str(program))
    entry = desktop_entry(install_desktop._launcher(), tmp_path / "cardtable.png")
    assert split_exec(fields(entry)["Exec"]) == [str(program), "%f"]


def test_the_windowed_launcher_takes_the_file_it_is_given(tmp_path, monkeypatch):
    """The entry runs `cardtable-gui FILE` for a double-clicked variant file: the file's game is played."""
    from cardtable import cli

    played = []
    game = tmp_path / "mine.cardtable.yaml"
    game.write_text("name: Mine\n")
    monkeypatch.setattr(cli.sys, "argv", ["cardtable-gui", str(game)])
    monkeypatch.setattr(cli, "_command_module", lambda name: _Recorder(name, played))
    assert cli.gui_main() == 0
    assert played == [("play", str(game))]


class _Recorder:
    """A subcommand that records what it was asked instead of running."""

    HELP = "recorded"

    def __init__(self, name, played):
        self.name, self.played = name, played

    def configure(self, parser):
        if self.name == "play":
            parser.add_argument("variant")

    def run(self, args):
        self.played.append((self.name, args.variant))
        return 0
