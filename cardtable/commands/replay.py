"""`cardtable replay SAVE [--json]`: a saved game's hand history, checked by replaying its log.

SAVE is a path, a slot name in the user's save folder, or the name of a shipped example; --view
then opens the replay viewer on it. Exit 0 when every action replays legally, 1 when one does not
(or the variant is missing), 2 when the file cannot be read as a save. The replay itself is the
engine's (engine/replay.py); what is printed is the table's public view.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HELP = "a saved game's hand history, checked by replaying every action"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", metavar="SAVE", help="a save file, a save slot's name or an example's name")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--view", action="store_true", help="open the replay viewer in a window (after the check)"
    )


# ---------------------------------------------------------------------------- finding a save
def find_save(name: str) -> Path | None:
    """The file SAVE names: a path, else a slot of the user's, else a shipped example."""
    from ..paths import shipped, user_saves
    from ..saves.store import SUFFIX, SaveStore

    path = Path(name)
    if path.is_file():
        return path
    for folder in (user_saves(), shipped("saves")):
        for candidate in (SaveStore(folder).path(name), folder / name, folder / f"{name}{SUFFIX}"):
            if candidate.is_file():
                return candidate
    return None


def known_saves() -> list[str]:
    """Slot and example names, for the 'did you mean' of an unknown SAVE."""
    from ..paths import shipped, user_saves
    from ..saves.store import SUFFIX

    names = []
    for folder in (user_saves(), shipped("saves")):
        if folder.is_dir():
            names += [p.name[: -len(SUFFIX)] for p in sorted(folder.glob(f"*{SUFFIX}"))]
    return names


# ---------------------------------------------------------------------------- the history text
def history(talk: Sequence[str], marks: list[int]) -> list[str]:
    """The hand history, decision by decision, from the public table talk of the last state
    (the talk only grows): `marks[d]` is its length after decision d, and each decision's lines
    carry its number."""
    from ..engine.wording import is_hand_start

    talk = list(talk)  # (sliced once a decision: a plain list's slices cost least)
    lines: list[str] = []
    seen = 0
    for number, mark in enumerate(marks):
        for k, line in enumerate(talk[seen:mark]):
            if is_hand_start(line):
                lines += ["", line]
            elif k == 0 and number > 0:
                lines.append(f"{number:>5}  {line}")
            else:
                lines.append(f"       {line}")
        seen = mark
    return lines


# ---------------------------------------------------------------------------- the command
def _shipped(path: Path) -> bool:
    """A shipped example: trusted by where it is."""
    from ..paths import shipped

    try:
        return path.resolve().parent == shipped("saves").resolve()
    except OSError:
        return False


def report(path: Path) -> tuple[int, dict[str, Any], list[str]]:
    """(exit code, the JSON object, the text) for one save file. Everything shown comes from the
    table's public view: a save of a game in progress tells nothing a player kept hidden."""
    from ..app.load_list import installed_variant
    from ..engine import Rules
    from ..engine.replay import Replay
    from ..errors import VariantError
    from ..saves import SaveError
    from ..saves.format import TRUST_WORDS
    from ..saves.hidden import masked
    from ..saves.restore import checkpoint_state, public_reason
    from ..saves.store import read_file

    try:
        saved = read_file(path)
    except SaveError as exc:
        return 2, {"save": str(path), "valid": False, "error": str(exc)}, [str(exc)]
    decisions = sum(1 for a in saved.log if a.get("seat") is not None)
    # The seed is never printed: while the game is unfinished it would tell the deck order.
    data: dict[str, Any] = {
        "save": str(path),
        "variant": saved.variant_id,
        "variant_name": saved.variant_name,
        "players": [s["name"] for s in saved.seats],
        "actions": decisions,
        "log_entries": len(saved.log),
        "signed": saved.trusted,
        "valid": False,
    }
    head = [
        f"{saved.variant_name} ({saved.variant_id}): "
        + ", ".join(f"{s['name']} ({s.get('kind', 'human')})" for s in saved.seats),
    ]
    if not saved.trusted and not _shipped(path):
        data["changed_outside"] = TRUST_WORDS[saved.trust]
        head.append(f"note: this save was {TRUST_WORDS[saved.trust]}: it opens only as a replay")
    found = installed_variant(saved.variant_id)
    try:
        if isinstance(found, str):
            raise ValueError(found)
        variant = found
        rules = Rules(variant)
    except (VariantError, ValueError) as exc:
        why = f"the variant '{saved.variant_id}' cannot be loaded: " + (
            "; ".join(str(p) for p in exc.problems[:3]) if isinstance(exc, VariantError) else str(exc)
        )
        data["reason"] = why
        return 1, data, [*head, why]
    changed = variant.digest != saved.variant_digest
    data["variant_changed"] = changed
    if changed:
        head.append(
            f"note: {variant.path} changed since this save; replaying under the rules as they are now"
        )
    # A save this installation signed holds a checkpoint (the state after most of its log, with
    # the talk's length after each decision): only the entries after it are replayed. Any other
    # save is replayed whole.
    start = None if changed or not saved.trusted else checkpoint_state(saved)
    run = Replay(rules, saved.seats, saved.seed, saved.options, saved.log, start)
    marks = [step.events for step in run]
    if start is not None and saved.checkpoint is not None:
        marks = saved.checkpoint.marks[:-1] + marks
    lines = list(head)
    if run.state is not None:
        public = rules.view(run.state, None)
        lines += history(public["log"], marks)
        data.update(hand=public["hand_number"], over=bool(public["over"]), result=public["result"])
        # every hand's outcome, each public once the hand was over (the view's "last_hand")
        data["history"] = list(run.state["history"])
    if run.stop is None:
        over = " (the game is over)" if data.get("over") else ""
        data["valid"] = True
        return 0, data, [*lines, "", f"valid: all {decisions} actions replay legally{over}"]
    entry: dict[str, Any] | None = (
        dict(saved.log[run.stop.index]) if run.stop.index < len(saved.log) else None
    )
    reason = public_reason(saved, run.stop.index, run.stop.reason)
    if entry is not None and reason != run.stop.reason:  # a decision the table could not see
        entry = masked(entry)
    data.update(failed_at=run.stop.index, failed_action=entry, reason=reason)
    return 1, data, [*lines, "", f"NOT VALID: {reason}"]


def run(args: argparse.Namespace) -> int:
    import sys

    from ..schema import suggest
    from .arguments import clip
    from .terminal import json_line, say

    try:
        path = find_save(args.save)
    except OSError:  # a name the system refuses (too long, say): no such save
        path = None
    if path is None:
        message = f"cardtable replay: no save file, slot or example named '{clip(args.save)}'" + suggest(
            args.save, known_saves()
        )
        if args.json:
            print(json_line({"save": args.save, "valid": False, "error": message}))
        say(message, file=sys.stderr)
        return 2
    code, data, lines = report(path)
    if args.json:
        print(json_line(data))
        if code == 2:
            say(data["error"], file=sys.stderr)
    else:
        out = sys.stdout if code != 2 else sys.stderr
        for line in lines:
            say(line, file=out)
    if getattr(args, "view", False) and code != 2 and "variant_changed" in data:
        view(path)
    return code


def view(path: Path) -> None:
    """Open the window on the replay viewer of one save (Esc closes it)."""
    from ..app.display import open_window
    from ..app.load_list import installed_variant
    from ..app.replay_view import ReplayScene
    from ..app.scene import App
    from ..saves.store import read_file

    saved = read_file(path)
    variant = installed_variant(saved.variant_id)
    if isinstance(variant, str):
        return
    app = App(open_window())
    try:
        app.push(ReplayScene(app, saved, variant))
        app.run()
    finally:
        import pygame

        from ..app import ui

        ui.clear_fonts()  # fonts die with the font module: none may outlive this window
        pygame.quit()
