"""`cardtable replay SAVE [--json]`: a saved game's hand history, checked by replaying its log.

SAVE is a path, a slot name in the user's save folder, or the name of a shipped example; --view
then opens the replay viewer on it. Exit 0
when every action replays legally, 1 when one does not (or the variant is missing), 2 when the
file cannot be read as a save.

The pure part (`find_save`, `walk`, `history`, `check`) is shared with the replay viewer: it
steps through a log one decision at a time and stops at the first action the rules refuse.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from dataclasses import dataclass, field
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


# ---------------------------------------------------------------------------- stepping
@dataclass
class Step:
    """One decision of the log and the state right after it (index: its place in the log)."""

    index: int
    action: dict[str, Any] | None
    state: dict[str, Any]


@dataclass
class Check:
    """How a saved log replays: valid, or where and why it stops."""

    valid: bool = True
    failed_at: int | None = None  # index in the log of the first entry that does not replay
    reason: str = ""
    steps: list[Step] = field(default_factory=list)  # every state, or the first and the latest
    marks: list[int] = field(default_factory=list)  # how many events the table had after each step

    @property
    def final(self) -> dict[str, Any] | None:
        return self.steps[-1].state if self.steps else None


def walk(rules: Any, saved: Any, check: Check) -> Iterator[Step]:
    """Yield the start of the game and then the state after each decision of the saved log.

    Chance entries are not applied but compared with what the engine records; a refused action
    or a chance step that comes out differently ends the walk with `check` saying where and why."""
    from ..engine import IllegalAction
    from ..session import describe_action

    log = saved.log
    try:
        state = rules.new_game(saved.seats, saved.seed, saved.options)
    except (ValueError, KeyError, TypeError) as exc:
        check.valid, check.failed_at, check.reason = False, 0, f"the game cannot be set up: {exc}"
        return
    yield Step(-1, None, state)
    checked = 0  # log entries already known to match
    for i, entry in enumerate(log):
        if entry.get("seat") is None:
            continue
        bad = _difference(state["log"], log, checked, i)
        if bad is not None:
            check.valid, check.failed_at = False, bad
            check.reason = f"entry {bad + 1} of the log: a chance step comes out differently"
            return
        try:
            state = rules.apply(state, entry)
        except IllegalAction as exc:
            check.valid, check.failed_at = False, i
            check.reason = f"action {i + 1} ({describe_action(entry, saved.seats)}) is illegal: {exc.reason}"
            return
        except (ValueError, KeyError, TypeError, IndexError) as exc:  # a malformed entry the checks missed
            check.valid, check.failed_at = False, i
            check.reason = f"action {i + 1} ({describe_action(entry, saved.seats)}) breaks the rules: {exc!r}"
            return
        checked = i + 1
        yield Step(i, entry, state)
    bad = _difference(state["log"], log, checked, len(log))
    if bad is not None:
        check.valid, check.failed_at = False, bad
        check.reason = f"entry {bad + 1} of the log: the game does not end the way the save records"


def _difference(have: list[dict], want: list[dict], start: int, upto: int) -> int | None:
    """Where the engine's log first differs from the saved log's first `upto` entries (the first
    `start` are known to match), or None when they are the same."""
    for k in range(start, min(len(have), upto)):
        if have[k] != want[k]:
            return k
    if len(have) != upto:
        return min(len(have), upto)
    return None


def check(rules: Any, saved: Any, keep_states: bool = False) -> Check:
    """Replay the whole saved log; keep every state when the caller wants to step through them."""
    result = Check()
    for step in walk(rules, saved, result):
        result.marks.append(len(step.state["events"]))
        if keep_states or len(result.steps) < 2:
            result.steps.append(step)
        else:
            result.steps[-1] = step  # only the start and the latest state
    return result


# ---------------------------------------------------------------------------- the history text
def event_lines(events: list[dict[str, Any]], seats: list[dict[str, Any]], everything: bool) -> list[str]:
    """The table talk as the table sees it; with `everything`, private lines too (named)."""
    out = []
    for ev in events:
        line = ev["text"]
        if everything and "private" in ev and ev.get("seat") is not None:
            line += f"  ({seats[ev['seat']]['name']}: {ev['private']})"
        out.append(line)
    return out


def history(saved: Any, result: Check, everything: bool) -> list[str]:
    """The hand history, decision by decision: each decision's lines carry its action number.
    (The table talk only grows, so the latest state's events hold the whole game's.)"""
    lines: list[str] = []
    events = result.final["events"] if result.final else []
    seen = 0
    for number, mark in enumerate(result.marks):
        new = events[seen:mark]
        seen = mark
        for k, line in enumerate(event_lines(new, saved.seats, everything)):
            if line.startswith("— "):
                lines.append("")
                lines.append(line)
            elif k == 0 and number > 0:
                lines.append(f"{number:>5}  {line}")
            else:
                lines.append(f"       {line}")
    return lines


# ---------------------------------------------------------------------------- the command
def report(path: Path) -> tuple[int, dict[str, Any], list[str]]:
    """(exit code, the JSON object, the text) for one save file."""
    from ..catalog import resolve
    from ..engine import Rules
    from ..errors import VariantError
    from ..saves import SaveError
    from ..saves.store import read_file

    try:
        saved = read_file(path)
    except SaveError as exc:
        return 2, {"save": str(path), "valid": False, "error": str(exc)}, [str(exc)]
    decisions = sum(1 for a in saved.log if a.get("seat") is not None)
    data: dict[str, Any] = {
        "save": str(path),
        "variant": saved.variant_id,
        "variant_name": saved.variant_name,
        "seed": saved.seed,
        "players": [s["name"] for s in saved.seats],
        "actions": decisions,
        "log_entries": len(saved.log),
        "valid": False,
    }
    head = [
        f"{saved.variant_name} ({saved.variant_id}), seed {saved.seed}: "
        + ", ".join(f"{s['name']} ({s.get('kind', 'human')})" for s in saved.seats),
    ]
    try:
        variant = resolve(saved.variant_id)
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
    result = check(rules, saved)
    final = result.final
    over = bool(final and final["over"] and result.valid)
    lines = head + history(saved, result, everything=over)
    data["valid"] = result.valid
    if final is not None:
        data.update(hand=final["hand"], over=bool(final["over"]), result=final["result"])
        data["history"] = final["history"]
    if result.valid:
        lines += [
            "",
            f"valid: all {decisions} actions replay legally" + (" (the game is over)" if over else ""),
        ]
        return 0, data, lines
    entry = (
        saved.log[result.failed_at]
        if result.failed_at is not None and result.failed_at < len(saved.log)
        else None
    )
    data["failed_at"] = result.failed_at
    data["failed_action"] = entry
    data["reason"] = result.reason
    lines += ["", f"NOT VALID: {result.reason}"]
    return 1, data, lines


def run(args: argparse.Namespace) -> int:
    import json
    import sys

    from ..schema import suggest

    path = find_save(args.save)
    if path is None:
        message = f"cardtable replay: no save file, slot or example named '{args.save}'" + suggest(
            args.save, known_saves()
        )
        if args.json:
            print(json.dumps({"save": args.save, "valid": False, "error": message}))
        print(message, file=sys.stderr)
        return 2
    code, data, lines = report(path)
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        if code == 2:
            print(data["error"], file=sys.stderr)
    else:
        out = sys.stdout if code != 2 else sys.stderr
        for line in lines:
            print(line, file=out)
    if getattr(args, "view", False) and code != 2 and "variant_changed" in data:
        view(path)
    return code


def view(path: Path) -> None:
    """Open the window on the replay viewer of one save (Esc closes it)."""
    from ..app.display import open_window
    from ..app.replay_view import ReplayScene
    from ..app.scene import App
    from ..catalog import resolve
    from ..saves.store import read_file

    saved = read_file(path)
    app = App(open_window())
    try:
        app.push(ReplayScene(app, saved, resolve(saved.variant_id)))
        app.run()
    finally:
        import pygame

        from ..app import ui

        ui.font.cache_clear()  # fonts die with the font module: none may outlive this window
        pygame.quit()
