"""Issue 28: a file's bad character is reported at its own line, and `extends:` never echoes the
content of a file that is not a variant."""

from __future__ import annotations

import pytest

from cardtable.errors import VariantError
from cardtable.variant import load_variant, load_variant_text


def _problems(path) -> list:
    with pytest.raises(VariantError) as err:
        load_variant(path)
    return err.value.problems


def test_a_nul_byte_on_line_two_is_reported_there(tmp_path):
    """Reported at 1:1 before."""
    path = tmp_path / "nul.yaml"
    path.write_bytes(b"name: X\nde\x00ck: 1\n")
    [problem] = _problems(path)
    assert (problem.line, problem.col) == (2, 3)
    assert "#x0000 is not allowed" in problem.message


def test_a_control_character_after_non_ascii_text_is_placed_by_characters():
    with pytest.raises(VariantError) as err:
        load_variant_text("name: Café ✓\ndescription: ok\nsummary: a\x07b\n", "v.yaml")
    [problem] = err.value.problems
    assert (problem.line, problem.col) == (3, 11)


def test_a_byte_that_is_not_utf8_on_line_two_is_reported_there(tmp_path):
    """Reported at line 1 before."""
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"name: X\ndeck: caf\xe9\n")
    [problem] = _problems(path)
    assert (problem.line, problem.col) == (2, 10)
    assert problem.message.startswith("not UTF-8 text")


SECRET = "root:$6$s3cr3t-hash:20228:0:99999:7::"


@pytest.mark.parametrize("name", ["shadow", "config.yaml"])
def test_extending_a_file_that_is_not_a_variant_never_echoes_its_content(tmp_path, name):
    """`extends: ../../../../etc/shadow` printed the file's lines as unknown keys."""
    secret = tmp_path / "etc" / name
    secret.parent.mkdir()
    secret.write_text(f"{SECRET}\ndaemon:*:20228:0:99999:7::\ntoken: {SECRET}\n")
    here = tmp_path / "games" / "mine.yaml"
    here.parent.mkdir()
    here.write_text(f"extends: ../etc/{name}\nname: Mine\n")
    problems = _problems(here)
    said = "\n".join(str(p) for p in problems)
    assert "s3cr3t" not in said and "daemon" not in said and "token" not in said
    assert all(p.path == str(here) and p.line == 1 for p in problems), said
