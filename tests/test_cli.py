"""The command line, including the installed program run from outside the source tree."""

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import VARIANT_IDS

from cardtable.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith("cardtable ")


def test_validate_builtins_clean(capsys):
    paths = [str(p) for p in sorted((ROOT / "variants").glob("*.yaml"))]
    assert main(["validate", *paths]) == 0


def test_validate_reports_and_fails(capsys):
    bad = ROOT / "tests" / "broken" / "misspelt_key.yaml"
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:6:3: unknown key 'atributes' (did you mean 'attributes'?)" in out


def test_validate_unknown_id_suggests(capsys):
    assert main(["validate", "texas_holdam"]) == 1
    assert "did you mean 'texas_holdem'" in capsys.readouterr().out


def _user_env(tmp_path):
    env = dict(os.environ)
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    env["HOME"] = str(tmp_path / "home")
    return env


def test_list_marks_broken_user_variant(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    user = tmp_path / "data" / "cardtable" / "variants"
    user.mkdir(parents=True)
    (user / "mine.yaml").write_text("name: Mine\nplayers: {min: 2, max: 3}\n")
    assert main(["list", "--json"]) == 0
    entries = {e["id"]: e for e in json.loads(capsys.readouterr().out)}
    assert entries["mine"]["ok"] is False and not entries["mine"]["builtin"]
    assert any("missing 'deck'" in e for e in entries["mine"]["errors"])
    assert all(entries[v]["ok"] for v in ("texas_holdem", "infinite_poker"))


def installed_program() -> str:
    """The installed `cardtable` entry point: on PATH, or beside this interpreter (a venv's bin)."""
    exe = shutil.which("cardtable") or shutil.which("cardtable", path=str(Path(sys.executable).parent))
    assert exe is not None, "the cardtable entry point is not installed (pip install the package first)"
    return exe


def test_installed_list_outside_source_tree(tmp_path):
    result = subprocess.run(
        [installed_program(), "list"],
        cwd=tmp_path,
        env=_user_env(tmp_path),
        capture_output=True,
        text=True,
        check=True,
    )
    listed = {line.split()[0] for line in result.stdout.splitlines() if line.strip()}
    assert set(VARIANT_IDS) <= listed, result.stdout
    assert "!" not in result.stdout.split()  # nothing failed to load
    where = subprocess.run(
        [sys.executable, "-c", "import cardtable.paths as p; print(p.shipped('variants'))"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=_user_env(tmp_path),
        check=True,
    )
    shipped = Path(where.stdout.strip())
    assert sorted(p.stem for p in shipped.glob("*.yaml")) == VARIANT_IDS


def test_python_dash_m(tmp_path):
    result = subprocess.run([sys.executable, "-m", "cardtable", "--help"], capture_output=True, text=True)
    assert result.returncode == 0 and "validate" in result.stdout


def test_output_into_a_closed_pipe_ends_quietly(tmp_path):
    """`cardtable odds ... | head -1`: the reader goes away before the table is written. That is
    no error of the program's: no traceback, and nothing on stderr but what the command says."""
    reader, writer = os.pipe()
    os.close(reader)  # the reader is gone before the first line
    result = subprocess.run(
        [installed_program(), "list"],
        cwd=tmp_path,
        env=_user_env(tmp_path),
        stdout=writer,
        stderr=subprocess.PIPE,
        text=True,
    )
    os.close(writer)
    assert "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr, result.stderr
    assert result.returncode == 1


def _subcommands(parser):
    (choices,) = [a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return choices


def test_the_command_line_set_up_for_one_command_reads_as_the_whole_one():
    """`main` sets up only the arguments of the command it runs: its help, the top level's and
    what it parses are those of the whole command line."""
    from cardtable.cli import _command_named, build_parser

    whole = build_parser()
    names = list(_subcommands(whole))
    assert {"list", "validate", "simulate", "play", "host", "join"} <= set(names)
    for name in names:
        assert _command_named(["-q", name, "--json", "x"]) == name
        one = build_parser(name)
        assert one.format_help() == whole.format_help()
        assert _subcommands(one)[name].format_help() == _subcommands(whole)[name].format_help(), name
    assert _command_named(["--version"]) is None and _command_named(["dance"]) is None
    for argv in (
        ["list", "--json"],
        ["validate", "-q", "a", "b"],
        ["simulate", "texas_holdem", "--games", "3", "--jobs", "2", "--json"],
        ["play", "texas_holdem"],
    ):
        assert vars(build_parser(argv[0]).parse_args(argv)) == vars(whole.parse_args(argv)), argv
