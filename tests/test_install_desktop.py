"""`install-desktop` writes an Exec line that a desktop reads back as the same command, however
unusual the path (spaces, quotes, dollars, backslashes, percent signs)."""

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
    assert split_exec(got["Exec"]) == command
    assert read_value(got["Icon"]) == str(tmp_path / "My Icons" / "cardtable.png")


def test_install_writes_a_quoted_entry(tmp_path, monkeypatch, capsys):
    """The command as run: the launcher's path has a space; the entry file has it quoted."""
    home = tmp_path / "home with space"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setattr(install_desktop, "_launcher", lambda: [str(home / "bin dir" / "cardtable-gui")])
    assert install_desktop.run(type("Args", (), {"print": False})()) == 0
    entry = (home / "applications" / "cardtable.desktop").read_text()
    assert split_exec(fields(entry)["Exec"]) == [str(home / "bin dir" / "cardtable-gui")]
    assert f'Exec="{home}/bin dir/cardtable-gui"' in entry
