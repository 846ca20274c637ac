"""One set of limits (cardtable/limits.py): whatever enters within them plays and is saved, and the
save opens again; one step beyond any of them is refused where it enters, with one clear message.

A game is set up at every limit at once (the longest variant id, name, option names and texts,
the most options and seats, the longest seat names, the biggest numbers), played, saved and
reopened: the save reader must accept all of it (before, a 260-character variant name, a
65-character option name or a 101-character seat name played fine and the autosave was then set
aside as unreadable at the next start)."""

import random
import re

import pytest
from conftest import VARIANTS

from cardtable import limits
from cardtable.cli import main
from cardtable.commands.play import parse_options, parse_players
from cardtable.engine.bots import random_action
from cardtable.engine.options import resolve_options
from cardtable.errors import VariantError
from cardtable.saves import SaveStore
from cardtable.saves.store import read_file
from cardtable.session import GameSession
from cardtable.variant import load_variant

TEXAS = (VARIANTS / "texas_holdem.yaml").read_text()


def long_text(n, tag=""):
    """n characters of text a person might type, some of them beyond ASCII."""
    return (tag + "Ünïcödé (v2) & friends' table " * (n // 20 + 2))[:n]


def stem(n):
    return long_text(n).replace("/", "-")


def variant_text(name=None, option_name=None, options=None, choice=None, number=None, players=None):
    """Texas Hold'em at every limit (each argument: the size to use instead of the limit)."""
    name_len = limits.VARIANT_NAME if name is None else name
    opt_len = limits.OPTION_NAME if option_name is None else option_name
    count = limits.OPTIONS if options is None else options
    choice_len = limits.OPTION_TEXT if choice is None else choice
    big = limits.NUMBER if number is None else number
    seats = limits.PLAYERS if players is None else players
    lines = [
        f"  chips: {{label: Starting chips, default: {limits.NUMBER // 10}, min: 2, max: {big}}}",
        "  blind: {label: Big blind, default: 20, min: 2, max: 100000}",
        "  hands: {label: Hand limit, default: 0, min: 0, max: 10000}",
        f'  style: {{default: "{"s" * choice_len}", choices: ["{"s" * choice_len}", short]}}',
        "  free: {default: 0}",
    ]
    extra = count - len(lines)
    for i in range(extra):  # (the last one's name is `option_name` long)
        width = opt_len if i == extra - 1 else limits.OPTION_NAME
        lines.append(f"  {f'o{i:03d}'.ljust(width, 'x')}: {{default: true}}")
    options_text = "options:\n" + "\n".join(lines) + "\n"
    text = re.sub(r"options:\n(  .*\n)+", lambda m: options_text, TEXAS)
    text = text.replace("name: Texas Hold'em", f'name: "{long_text(name_len)}"')
    return text.replace("players: {min: 2, max: 10}", f"players: {{min: 2, max: {seats}}}")


def write(folder, text, id_len=None):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem(limits.VARIANT_ID if id_len is None else id_len)}.yaml"
    path.write_text(text)
    return path


def test_a_game_at_every_limit_is_saved_and_opens_again(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from cardtable.app.load_continue import continue_target
    from cardtable.paths import user_saves

    variant = load_variant(write(tmp_path / "variants", variant_text()))
    assert len(variant.id) == limits.VARIANT_ID and len(variant.name) == limits.VARIANT_NAME
    names = [long_text(limits.SEAT_NAME, str(i))[:-3] + f"{i:03d}" for i in range(limits.PLAYERS)]
    words = ",".join(n if i % 3 else "bot" for i, n in enumerate(names))  # as `play --players` reads them
    seats = parse_players(words, variant.min_players, variant.max_players)
    assert len(seats) == limits.PLAYERS and max(len(s["name"]) for s in seats) == limits.SEAT_NAME
    options = parse_options([f"free={limits.NUMBER}", f"chips={limits.NUMBER // 10}"])
    resolve_options(variant.sections["options"], options)
    store = SaveStore(user_saves())
    game = GameSession(variant, seats, limits.SEED_MAX, options, store)
    assert len(game.options) >= limits.OPTIONS
    rng = random.Random(5)
    for _ in range(40):
        if game.to_move() is None:
            break
        game.act(random_action(game.rules, game.full_state_for_tests(), game.to_move(), rng))
    assert game.save_problem is None
    path = store.path(game.slot)
    saved = read_file(path)
    assert saved.trusted and saved.variant_name == variant.name and saved.seats == game.seats
    assert saved.options == game.options and saved.seed == limits.SEED_MAX
    again = GameSession.resume(saved, variant, store)
    assert again.full_state_for_tests() == game.full_state_for_tests()
    assert store.set_aside_broken_autosaves() == [] and path.exists()  # kept at the next start...
    target = continue_target()
    assert target is not None and target.path == path  # ...and offered by Continue


BEYOND = {
    "a variant's name": (lambda: variant_text(name=limits.VARIANT_NAME + 1), None, str(limits.VARIANT_NAME)),
    "an option's name": (
        lambda: variant_text(option_name=limits.OPTION_NAME + 1),
        None,
        str(limits.OPTION_NAME),
    ),
    "the options": (lambda: variant_text(options=limits.OPTIONS + 1), None, str(limits.OPTIONS)),
    "an option's text": (lambda: variant_text(choice=limits.OPTION_TEXT + 1), None, str(limits.OPTION_TEXT)),
    "a number": (lambda: variant_text(number=limits.NUMBER + 1), None, f"{limits.NUMBER:,}"),
    "the players": (lambda: variant_text(players=limits.PLAYERS + 1), None, str(limits.PLAYERS)),
    "a variant's id": (lambda: variant_text(), limits.VARIANT_ID + 1, str(limits.VARIANT_ID)),
}


@pytest.mark.parametrize("what", list(BEYOND))
def test_one_beyond_a_variant_files_limit_is_one_clear_problem(tmp_path, capsys, what):
    make, id_len, limit = BEYOND[what]
    path = write(tmp_path, make(), id_len)
    with pytest.raises(VariantError) as caught:
        load_variant(path)
    assert len(caught.value.problems) == 1, caught.value.problems
    message = caught.value.problems[0].message
    assert "at most" in message and limit in message, message
    assert main(["validate", str(path)]) != 0
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err and message in out.out + out.err


@pytest.mark.parametrize(
    "players, option",
    [
        ("Ann," + "B" * (limits.SEAT_NAME + 1), None),
        (",".join(f"P{i}" for i in range(limits.PLAYERS + 1)), None),
        ("Ann,bot", f"free={limits.NUMBER + 1}"),
        ("Ann,bot", f"free={-limits.NUMBER - 1}"),
    ],
    ids=["a seat's name", "the seats", "a number", "a negative number"],
)
def test_one_beyond_a_limit_on_the_command_line_is_one_line(tmp_path, monkeypatch, capsys, players, option):
    """Refused before any window opens or any save is written: one line, exit 2."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    import cardtable.app.main
    from cardtable.paths import user_saves

    monkeypatch.setattr(cardtable.app.main, "run_app", lambda **game: 99)  # the window: never reached
    path = write(tmp_path / "variants", variant_text())
    args = ["play", str(path), "--players", players] + (["--option", option] if option else [])
    assert main(args) == 2
    out = capsys.readouterr()
    lines = out.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.err, out.err
    assert "at most" in lines[0] or f"to {limits.PLAYERS} players" in lines[0], out.err
    assert not user_saves().exists() or not list(user_saves().iterdir())


def test_new_games_fields_hold_no_more_than_a_save_keeps(tmp_path):
    """The seat names New game takes, and its number fields, stay within the limits."""
    import pygame

    from cardtable.app.display import open_window
    from cardtable.app.new_game import NewGameScene
    from cardtable.app.scene import App

    app = App(open_window((1280, 720)))
    try:
        scene = NewGameScene(app, load_variant(write(tmp_path, variant_text())))
        while len(scene.seats) < limits.PLAYERS:
            scene.add_seat()
        scene.add_seat()
        assert len(scene.seats) == limits.PLAYERS
        assert all(0 < row.name.max_len <= limits.SEAT_NAME for row in scene.seats)
        assert all(10**field.max_len - 1 <= limits.NUMBER for field in scene.inputs.values())
    finally:
        pygame.display.quit()


def test_the_designers_reference_states_the_limits():
    text = (VARIANTS / "README.md").read_text()
    table = text[text.index("## Limits") : text.index("## Extending")]
    for value in (limits.PLAYERS, limits.VARIANT_ID, limits.VARIANT_NAME, limits.TEXT, limits.OPTIONS):
        assert f"| {value:,}" in table
    for value in (limits.OPTION_NAME, limits.OPTION_TEXT, limits.SEAT_NAME):
        assert f"| {value:,} characters" in table
    digits = len(str(limits.NUMBER)) - 1
    assert 10**digits == limits.NUMBER and f"10^{digits}" in table
    assert f"{limits.SEED_BITS}-bit" in table


def test_a_game_too_long_for_the_reader_is_not_written(tmp_path, monkeypatch, variants):
    """The writer refuses what the reader would: the banner says why, the last good save stays."""
    from cardtable.saves import store as store_module

    store = SaveStore(tmp_path)
    game = GameSession(
        variants["texas_holdem"],
        [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot"}],
        3,
        {},
        store,
    )
    assert game.autosave()
    before = store.path(game.slot).read_bytes()
    monkeypatch.setattr(store_module, "MAX_SAVE_BYTES", len(before) // 4)
    rng = random.Random(1)
    game.act(random_action(game.rules, game.full_state_for_tests(), game.to_move(), rng))
    assert game.save_problem is not None and "too long to save" in game.save_problem
    assert store.path(game.slot).read_bytes() == before
    monkeypatch.setattr(store_module, "MAX_LOG", len(game.log) - 1)
    monkeypatch.setattr(store_module, "MAX_SAVE_BYTES", 10**9)
    assert not game.autosave() and "too long to save" in game.save_problem


def test_a_game_at_the_lowest_seed_is_saved_and_opens_again(tmp_path, variants):
    """The other end of the seeds `play --seed` takes (the game at every limit has the highest)."""
    store = SaveStore(tmp_path)
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "bot"}]
    game = GameSession(variants["texas_holdem"], seats, limits.SEED_MIN, {}, store)
    rng = random.Random(2)
    for _ in range(12):
        game.act(random_action(game.rules, game.full_state_for_tests(), game.to_move(), rng))
        if game.to_move() is None:
            break
    assert game.save_problem is None
    saved = read_file(store.path(game.slot))
    assert saved.trusted and saved.seed == limits.SEED_MIN
    again = GameSession.resume(saved, variants["texas_holdem"], store)
    assert again.full_state_for_tests() == game.full_state_for_tests()
