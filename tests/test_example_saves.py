"""The shipped example saves are golden files: they load, replay to their recorded states, are
what they claim to be, and `cardtable replay` says valid on each. If one of these fails after a
change, old saves no longer load the same way: fix the change, or (for a deliberate change of the
rules) regenerate them with `python tests/make_example_saves.py` and say so in the commit."""

import json

import pytest
from make_example_saves import CLAIMS, EXAMPLES, SAVES, facts

from cardtable.cli import main
from cardtable.commands.replay import find_save
from cardtable.paths import shipped
from cardtable.saves.store import SUFFIX, read_file
from cardtable.session import GameSession

NAMES = [e.name for e in EXAMPLES]


def test_every_example_is_shipped():
    """The program finds every example (inside the installed package, or in the source tree),
    each identical to the golden file beside these tests."""
    on_disk = sorted(p.name[: -len(SUFFIX)] for p in SAVES.glob(f"*{SUFFIX}"))
    assert on_disk == sorted(NAMES)
    assert not (SAVES / ".keep").exists()
    installed = shipped("saves")
    for name in NAMES:
        assert (installed / f"{name}{SUFFIX}").read_bytes() == (SAVES / f"{name}{SUFFIX}").read_bytes()


@pytest.mark.parametrize("name", NAMES)
def test_example_replays_to_its_recorded_state(variants, name):
    saved = read_file(SAVES / f"{name}{SUFFIX}")
    variant = variants[saved.variant_id]
    # an example saved against an older variant file would open with a "changed" warning
    assert saved.variant_digest == variant.digest, "run python tests/make_example_saves.py"
    session = GameSession.resume(saved, variant, trust_file=True)  # shipped: trusted by where it is
    expected = json.loads((SAVES / f"{name}.expected.json").read_text())
    assert facts(session) == expected
    assert CLAIMS[name](session), f"{name} is no longer what it claims to be"
    assert session.to_move() is not None  # each example is a game to go on with


@pytest.mark.parametrize("name", NAMES)
def test_replay_command_says_valid(capsys, name):
    found = find_save(name)
    assert found == shipped("saves") / f"{name}{SUFFIX}"
    assert found.read_bytes() == (SAVES / f"{name}{SUFFIX}").read_bytes()
    assert main(["replay", name, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = json.loads((SAVES / f"{name}.expected.json").read_text())
    assert data["valid"] is True and data["actions"] == expected["actions"]
    assert data["over"] is False


def test_summaries_for_the_load_screen():
    for name in NAMES:
        saved = read_file(SAVES / f"{name}{SUFFIX}")
        s = saved.summary
        assert s["game"] == saved.variant_name and s["over"] is False
        assert s["players"] == [seat["name"] for seat in saved.seats]
        assert s["actions"] == sum(1 for a in saved.log if a.get("seat") is not None)


def test_examples_open_from_the_load_screen(tmp_path, monkeypatch):
    """The Load screen lists the shipped examples, and each opens at its moment to play on."""
    import pygame

    from cardtable.app.display import open_window
    from cardtable.app.load import LoadScene
    from cardtable.app.scene import App, Scene

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = App(open_window((1280, 800)))
    try:
        app.push(Scene(app))
        for name in NAMES:
            scene = LoadScene(app)
            app.push(scene)
            assert {e.name for e in scene.entries if e.example} == set(NAMES)
            scene.select(next(i for i, e in enumerate(scene.entries) if e.name == name))
            assert scene.entry.variant is not None
            # (after an edit of the variant file, an example opens "under the new rules")
            k = pygame.K_u if scene.entry.changed else pygame.K_RETURN
            app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])
            assert app.scene is not scene, scene.message  # the table scene took over
            assert CLAIMS[name](app.scene.session)
            app.pop()
    finally:
        pygame.display.quit()
