"""The save format: JSON text, versioned, signed, never pickle.

    {"format": "cardtable-save", "version": 2, "game": game id,
     "variant": {"id": ..., "digest": sha256 of the variant file, "name": ...},
     "secret": the seed, sealed (a game in progress) | "seed": int (a finished game),
     "seats": [{"name", "kind"}], "options": {...},
     "log": [action, ...]  (a game in progress: a decision the table could not see keeps its
                            cards sealed, {"seat", "type", "sealed": hex}: saves/hidden.py),
     "summary": {"game", "players", "hand", "actions", "over", "saved_at", "started_at"},
     "checkpoint": (format 3, after the log) the state after the whole log, its talk, hand
                   history and the talk's length after each decision, compressed and sealed,
     "folded": (a base written while its game went on, session.py) the MAC of the journal's line
               the base holds all up to: the journal beside it goes on from there,
     "key": which installation signed it, "mac": HMAC-SHA256 of all the rest}

A game's autosave may have a journal beside it (journal.py): the actions since the file was
last written whole; `store.read_file` applies it.

Everything needed to rebuild the game is the variant plus seats, seed, options and log; chips,
seats' states and the rest are derived from them by replay, never read from the file. The summary
only feeds the Load screen (public facts, from the table's public view). Format 1 (a plain "seed",
no "game", "key" or "mac") still loads, as unsigned. Fields this version does not know are kept
(`extra`) and written back, so a newer Cardtable's additions survive a round trip.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, cast

from ..engine.trail import plain
from ..engine.types import Action, OptionValue
from . import check, hidden, journal, jsontext, seal
from .check import MAX_SAVE_BYTES, SaveError, SealedElsewhere
from .hidden import SealedLog

FORMAT_NAME = "cardtable-save"
CHECKPOINT = "checkpoint"  # the state after the whole log, sealed: opening replays none of it
FORMAT_VERSION = 3  # 3: a sealed checkpoint of the state, and a journal beside (journal.py)
KNOWN = {"format", "version", "game", "variant", "secret", "seed", "seats", "options", "log", "summary"}
KNOWN |= {"key", "mac", CHECKPOINT, "folded"}

# How far a save is to be trusted (SavedGame.trust):
SIGNED = "signed"  # written by this installation and unchanged since
CHANGED = "changed"  # signed by this installation, then changed outside Cardtable
UNSIGNED = "unsigned"  # no signature (format 1, or one removed)
FOREIGN = "foreign"  # signed by another installation (another computer, or a lost key)
TRUST_WORDS = {
    CHANGED: "changed outside Cardtable",
    UNSIGNED: "not signed by this Cardtable (changed outside Cardtable, or from an older version)",
    FOREIGN: "saved by another Cardtable installation",
}


@dataclass
class Checkpoint:
    """A state read from a save: after `at` log entries, without its seed and append-only lists
    (`lists` holds the talk and the hand history in full, `lengths` how much of them it had)."""

    at: int
    rest: dict[str, Any]
    lists: dict[str, list[Any]]  # events, history, marks
    lengths: list[int]  # of the log, events, history, marks

    @property
    def marks(self) -> list[int]:
        """The talk's length at the start and after each decision up to the checkpoint."""
        return self.lists["marks"][: self.lengths[3]]


@dataclass
class SavedGame:
    variant_id: str
    variant_digest: str
    variant_name: str
    seed: int
    seats: list[dict[str, str]]
    options: dict[str, OptionValue] = field(default_factory=dict)
    log: list[Action] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)
    game_id: str = ""  # one autosave per game: its file is named for this ("" in format 1)
    extra: dict[str, Any] = field(default_factory=dict)  # fields of a newer format, kept as they are
    trust: str = SIGNED  # SIGNED, CHANGED, UNSIGNED or FOREIGN (how it was read)
    # Indices of the log's decisions the table could not see: sealed while the game is unfinished.
    hidden: frozenset[int] = frozenset()
    # Written: the state after the whole log, sealed into the file as a checkpoint. Read: the
    # newest checkpoint (the base's or a journal line's), `Checkpoint`; None in older files.
    # (how a game is stored, not what it is: left out of comparisons)
    state: Any = field(default=None, compare=False, repr=False)
    marks: list[int] = field(default_factory=list, compare=False, repr=False)  # (with `state`)
    checkpoint: Checkpoint | None = field(default=None, compare=False, repr=False)
    journal: journal.Tail | None = field(default=None, compare=False)  # where the file's journal stands
    mac: str = field(default="", compare=False, repr=False)  # the signature read (a journal goes on from it)
    # a base written while its journal went on: the MAC of the last journal line it holds (the
    # journal goes on from that line, not from the base's own MAC)
    folded: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        self.log = plain(self.log)  # (a game's log is a trail, engine/trail.py: a save holds a list)

    @property
    def trusted(self) -> bool:
        """Written by this installation and unchanged since: it may be played on."""
        return self.trust == SIGNED

    @property
    def over(self) -> bool:
        return bool(self.summary.get("over"))

    def to_json(self, key: bytes, sealer: SealedLog | None = None) -> dict[str, Any]:
        """The save as JSON data, signed with `key`; the seed and the hidden decisions' cards
        sealed unless the game is over. (`sealer`: the sealed entries' cache; a background
        writer has its own.)"""
        data: dict[str, Any] = dict(self.extra)
        sealed = self.hidden if key and not self.over else frozenset()
        data.update(
            format=FORMAT_NAME,
            version=FORMAT_VERSION,
            variant={"id": self.variant_id, "digest": self.variant_digest, "name": self.variant_name},
            seats=self.seats,
            options=self.options,
            log=(sealer or _SEALED).write(key, self.game_id, self.log, sealed) if sealed else self.log,
            summary=self.summary,
            key=seal.key_id(key),
        )
        if self.game_id:
            data["game"] = self.game_id
        if self.folded:
            data["folded"] = self.folded
        if key and self.state is not None:
            data[CHECKPOINT] = journal.seal_box(
                key, self.game_id, checkpoint_of(self.state, self.marks), squeeze=True
            )
        if self.over:  # a finished game's history may show everything
            data["seed"] = self.seed
        else:
            data["secret"] = seal.seal_seed(key, self.game_id, self.seed)
        data["mac"] = seal.mac(key, data)
        return data


def checkpoint_of(state: Any, marks: list[int]) -> dict[str, Any]:
    """What a base's checkpoint holds: the state without its seed and log (kept apart), and
    the talk's length after each decision."""
    return {
        "state": {k: v for k, v in state.items() if k not in ("seed", "log", "events", "history")},
        "events": plain(state["events"]),
        "history": plain(state["history"]),
        "marks": marks,
    }


def installation_key() -> bytes:
    """This installation's key, or SaveError saying why there is none."""
    try:
        return seal.installation_key()
    except seal.SaveKeyError as exc:
        raise SaveError(str(exc)) from None


def dumps(game: SavedGame, key: bytes | None = None, sign: bool = True) -> str:
    """The save's text (signed with `key`, by default this installation's): compact actions one
    per line, so a diff of two saves reads well. `sign` False: unsigned, the seed in the clear
    (the shipped examples only: they are trusted by where they are, on every computer)."""
    return dumps_with_mac(game, key, sign)[0]


def dumps_with_mac(
    game: SavedGame, key: bytes | None = None, sign: bool = True, own_caches: bool = False
) -> tuple[str, str]:
    """The save's text and its MAC ("" unsigned): a journal's first line goes on from that.
    `own_caches`: encoded without the module's caches of the last log written (a background
    thread: they belong to the thread that plays)."""
    sealer, encoder = (SealedLog(), _LogLines()) if own_caches else (None, _LINES)
    if sign:
        data = game.to_json(key if key is not None else installation_key(), sealer)
    else:
        data = game.to_json(b"")
        for k in ("secret", "key", "mac"):
            data.pop(k, None)
        data["seed"] = game.seed
    log = data.pop("log")
    mac = data.pop("mac", None)
    box = data.pop(CHECKPOINT, None)
    head = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False)
    lines = ",\n".join(encoder.encode(log))
    body = f'"log": [\n{lines}\n ]' if log else '"log": []'
    # after the log: the head (what the Load screen and the start's tidy-up peek at) stays short
    tail = f',\n "{CHECKPOINT}": "{box}"' if box is not None else ""
    tail += f',\n "mac": "{mac}"' if mac is not None else ""
    return head[:-2] + ",\n " + body + tail + "\n}\n", mac or ""


HEAD_BYTES = 64 * 1024  # what `peek` reads of a save's start (its head: all but the log and checkpoint)
_OVER = re.compile(rb'\n  "over": (true|false),?\n')  # (a name's newline is "\\n": never this)
_SIGNED_END = re.compile(rb'\n "mac": "[0-9a-f]{64}"\n}\n$')


@dataclass
class Peek:
    """What a save's first and last bytes say, without parsing it: enough to pass over a file
    that cannot be a game to continue (an unsigned one, a finished one) or is no save at all."""

    save: bool  # it starts like a save
    signed: bool  # it ends with a signature
    over: bool | None  # its summary says the game is over (None: it does not say)


def peek(head: bytes, end: bytes) -> Peek:
    """Peek at a save from its first HEAD_BYTES and its last 100 bytes."""
    over = _OVER.search(head)
    return Peek(
        b'"format": "cardtable-save"' in head,
        bool(_SIGNED_END.search(end)),
        None if over is None else over.group(1) == b"true",
    )


class _LogLines:
    """The last log saved, entry by entry, with each entry's line of text. A game saves after every
    action, and a log's entries are final once written (engine.rules: a new state shares them), so
    the entries the last save already had (the same objects, in the same places) keep their
    lines: an action re-encodes only itself, not the whole game (16-19 ms at 5,000 decisions)."""

    def __init__(self) -> None:
        self.entries: list[Action] = []
        self.lines: list[str] = []

    def encode(self, log: list[Action]) -> list[str]:
        same = 0  # how many leading entries are the very ones encoded last time
        for mine, theirs in zip(self.entries, log):
            if mine is not theirs:
                break
            same += 1
        lines = self.lines[:same]
        encode = jsontext.ENTRY.encode
        lines += ["  " + encode(a) for a in log[same:]]
        self.entries, self.lines = list(log), lines
        return lines


_LINES = _LogLines()
_SEALED = hidden.SealedLog()


def parse(text: str, where: str) -> dict[str, Any]:
    """The JSON object of a save's text, its size checked before parsing."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"{where}: the file is too large to be a save ({len(text):,} bytes)")
    if not text.strip():
        raise SaveError(f"{where}: the file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        # An unterminated string runs to the end of the text: the file was cut inside it.
        truncated = exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated string")
        what = "the file is truncated (it ends mid-save)" if truncated else "the file is corrupt"
        raise SaveError(f"{where}: {what}: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise SaveError(f"{where}: the file is corrupt (nested too deeply)") from None
    except ValueError:  # e.g. a number of thousands of digits
        raise SaveError(f"{where}: the file is corrupt (a number is too long)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise SaveError(f"{where}: this is not a Cardtable save")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{where}: the save has no format version")
    if version > FORMAT_VERSION:
        raise SaveError(
            f"{where}: the save is format {version}, newer than this Cardtable understands "
            f"({FORMAT_VERSION}); update Cardtable to open it"
        )
    if version < 1:
        raise SaveError(f"{where}: unknown save format version {version}")
    return data


def loads(text: str, where: str = "save", key: bytes | None = None) -> SavedGame:
    """Parse and check a save's text; SaveError says what is wrong (truncated, corrupt, too new,
    a field of the wrong type or size, a sealed seed this installation cannot open...)."""
    data = parse(text, where)
    vid, digest, name = check.variant(check.need(data, "variant", dict, where), where)
    seats = check.seats(check.need(data, "seats", list, where), where)
    log = check.log(check.need(data, "log", list, where), len(seats), where, deep=False)
    options = check.options(data.get("options", {}), where)
    summary = check.summary(data.get("summary", {}), where)
    game_id = check.game_id(data["game"], where) if "game" in data else ""
    trust, seed = _trust_and_seed(data, game_id, where, key)
    check.log(log, len(seats), where, deep=trust != SIGNED)
    log, secret = _unseal_log(log, len(seats), data, trust, game_id, where, key)
    extra = {k: v for k, v in data.items() if k not in KNOWN}
    game = SavedGame(vid, digest, name, seed, seats, options, log, summary, game_id, extra, trust, secret)
    game.mac = str(data.get("mac", ""))
    folded = data.get("folded")
    game.folded = folded if isinstance(folded, str) and len(folded) == 64 else ""
    if CHECKPOINT in data and trust == SIGNED:
        game.checkpoint = _open_checkpoint(data[CHECKPOINT], len(log), game_id, key)
    return game


def _open_checkpoint(box: object, at: int, game_id: str, key: bytes | None) -> Checkpoint | None:
    """The base's checkpoint (None when it cannot be opened: the game is then replayed whole)."""
    try:
        data = journal.open_box(key if key is not None else installation_key(), game_id, box)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    rest, events, history, marks = (data.get(k) for k in ("state", "events", "history", "marks"))
    if not isinstance(rest, dict) or not all(isinstance(v, list) for v in (events, history, marks)):
        return None
    assert isinstance(events, list) and isinstance(history, list) and isinstance(marks, list)
    lists = {"events": events, "history": history, "marks": marks}
    return Checkpoint(at, rest, lists, [at, len(events), len(history), len(marks)])


def _unseal_log(
    log: list[Action],
    n_seats: int,
    data: dict[str, Any],
    trust: str,
    game_id: str,
    where: str,
    key: bytes | None,
) -> tuple[list[Action], frozenset[int]]:
    """The log with its sealed decisions opened, and their indices."""
    sealed = [i for i, entry in enumerate(log) if hidden.SEALED in entry]
    if not sealed:
        return log, frozenset()
    if trust == UNSIGNED or "secret" not in data:
        raise SaveError(f"{where}: decisions of this game are sealed, but the save is not signed")
    if key is None:
        key = installation_key()
    opened = list(log)
    for i in sealed:
        try:
            opened[i] = cast(Action, hidden.unseal_entry(key, game_id, i, cast(dict[str, Any], log[i])))
        except ValueError:
            raise SaveError(
                f"{where}: action {i + 1} of the log is sealed wrongly (changed outside Cardtable)"
            ) from None
    check.log(opened, n_seats, where, deep=trust != SIGNED)
    return opened, frozenset(sealed)


def _trust_and_seed(data: dict[str, Any], game_id: str, where: str, key: bytes | None) -> tuple[str, int]:
    signed_by = data.get("key")
    if "mac" not in data and "secret" not in data:
        return UNSIGNED, check.seed(check.need(data, "seed", int, where), where)
    ours = key is None  # this installation's key (else a key given, e.g. by a test)
    if key is None:
        key = installation_key()
    trust = SIGNED if seal.mac_ok(key, data) else CHANGED
    if signed_by != seal.key_id(key):
        trust = FOREIGN
    if "secret" not in data:
        return trust, check.seed(check.need(data, "seed", int, where), where)
    sealed = data["secret"]
    if not isinstance(sealed, str) or len(sealed) != 2 * seal.SEED_BYTES:
        raise SaveError(f"{where}: the sealed seed is malformed")
    try:
        int(sealed, 16)
    except ValueError:
        raise SaveError(f"{where}: the sealed seed is malformed") from None
    if trust == FOREIGN:
        known = seal.known_key_ids() if ours else None
        if known and signed_by in known:
            raise SealedElsewhere(
                f"{where}: the key that sealed these games is gone: this unfinished game's deck order "
                f"is sealed with a key this Cardtable had; put that save-key back in "
                f"{seal.key_path().parent} to play on (the file is kept as it is)",
                gone=True,
            )
        raise SealedElsewhere(
            f"{where}: this unfinished game was saved by another Cardtable installation; its deck "
            "order is sealed with that installation's key, so it opens only there",
            gone=False,
        )
    return trust, seal.unseal_seed(key, game_id, sealed)
