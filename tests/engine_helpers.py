"""Shared helpers for the engine tests: random and bot playouts with invariants checked."""

from __future__ import annotations

import pickle
import random
import re

from cardtable.engine import IllegalAction, Rules
from cardtable.engine.bots import decide, random_action
from cardtable.engine.state import all_cards, chips_in_play, zone

FAST = {"hands": 3}  # keeps matches short in tests


RAW_IDS = re.compile(r"_|\bwinner of\b|\bNone\b|—")
BIG_NUMBER = re.compile(r"\d{4,}")  # large numbers are written with thousands separators


def sentence_problem(line: str) -> str | None:
    """Why a line of the table talk is not a whole sentence by the log's rules, or None."""
    if not line or line != line.strip():
        return "empty, or spaces at an end"
    if not line[0].isupper():
        return "does not start with a capital letter"
    if line[-1] not in ".!?":
        return "does not end with a full stop"
    if "  " in line:
        return "doubled spaces"
    if RAW_IDS.search(line):
        return "a raw id, None or a dash"
    if BIG_NUMBER.search(line):
        return "a large number without thousands separators"
    if len(line.split()) < 2:
        return "no subject and verb"
    return None


def options_for(rules: Rules, extra: dict | None = None) -> dict:
    opts = {k: v for k, v in FAST.items() if k in rules.options}
    opts.update(extra or {})
    return opts


def visible_cards(rules: Rules, st: dict, seat: int | None) -> set[int]:
    """What `seat` may see, worked out from the true state independently of view.py."""
    out: set[int] = set()
    for name, spec in rules.layout.zones.items():
        owners = range(len(st["seats"])) if spec.per_seat else [None]
        for owner in owners:
            z = zone(st, name, owner)
            see_all = spec.visibility == "everyone" or (
                spec.visibility == "owner" and seat is not None and owner == seat
            )
            if "cells" in z:
                out.update(card for _, _, card, up in z["cells"] if up or see_all)
            else:
                out.update(card for card, up in zip(z["cards"], z["up"]) if up or see_all)
    return out


def cards_in_view(view: dict) -> set[int]:
    out: set[int] = set()
    for z in view["zones"].values():
        if "cells" in z:
            out.update(card for _, _, card in z["cells"])
        else:
            out.update(z["cards"])
    for t in view["legal"]:
        out.update(t.get("cards", []))
    out.discard(-1)
    return out


def snapshot(st: dict) -> bytes:
    """The state's whole content, to see that a refused action changed nothing (pickled: a
    tenth of repr's cost, which grew with the game's log)."""
    return pickle.dumps(st, protocol=5)


def check_invariants(rules: Rules, st: dict, start_chips: int) -> None:
    assert sorted(all_cards(st)) == list(range(rules.variant.deck.size)), "cards not conserved"
    assert chips_in_play(st) == start_chips, "chips not conserved"
    assert all(s["chips"] >= 0 for s in st["seats"])
    for seat in [None, *range(len(st["seats"]))]:
        v = rules.view(st, seat)
        leaked = cards_in_view(v) - visible_cards(rules, st, seat)
        assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)[:5]}"
        assert len(v["log"]) == len(st["events"])
        for line, ev in zip(v["log"], st["events"]):
            if "private" in ev and ev["seat"] != seat:
                assert line == ev["text"], "another seat's private line is shown"


def _bad_inputs_refused(rules: Rules, st: dict, seat: int, legal: list[dict], before: bytes) -> None:
    """Malformed or out-of-bounds versions of the legal actions are refused with a reason, and
    the state stays `before` (as it was before any refused action, the caller's too)."""
    bad = [{"seat": seat, "type": "no_such_action"}, {"seat": seat}, {"type": "fold"}]
    for t in legal:
        if "max" in t and t["type"] in ("bet", "raise"):
            bad.append({"seat": seat, "type": t["type"], "amount": t["max"] + 1})
            bad.append({"seat": seat, "type": t["type"], "amount": "lots"})
        if t["type"] == "discard":
            bad.append({"seat": seat, "type": "discard", "cards": [-5]})
        if t["type"] == "flip":
            bad.append({"seat": seat, "type": "flip", t["key"]: [99, 99] if t["key"] == "at" else 999})
        if t["type"] == "place":
            bad.append({"seat": seat, "type": "place", "card": t["cards"][0], "at": [500, 500]})
    for action in bad:
        reason = rules.check(st, action)
        assert isinstance(reason, str) and reason, action
        try:
            rules.apply(st, action)
            raise AssertionError(f"accepted {action}")
        except IllegalAction:
            pass
    assert snapshot(st) == before


def playout(
    rules: Rules,
    seed: int,
    players: int,
    bot: bool,
    check_every: int = 1,
    options: dict | None = None,
    level: str = "easy",
) -> dict:
    rng = random.Random(seed)
    st = rules.new_game(
        [{"name": f"Player {i + 1}", "kind": "bot"} for i in range(players)],
        seed,
        options_for(rules, options),
    )
    start = chips_in_play(st)
    n = 0
    while not rules.is_over(st):
        seat = rules.to_move(st)
        assert seat is not None
        legal = rules.legal_actions(st, seat)
        assert legal, "a seat to move has no legal action"
        if bot:  # a computer player at `level`, from its seat's view
            action = decide(rules, rules.view(st, seat), rng.getrandbits(64), level)
        else:
            action = random_action(rules, st, seat, rng)
        assert rules.check(st, action) is None, (action, rules.check(st, action))
        # Someone else acting now is refused, and the state is unchanged (compared once, after
        # the bad inputs below too: pickling the whole state was a fifth of a random playout).
        other = (seat + 1) % players
        before = snapshot(st)
        try:
            rules.apply(st, {**action, "seat": other})
            raise AssertionError("an out-of-turn action was accepted")
        except IllegalAction as e:
            assert e.reason
        _bad_inputs_refused(rules, st, seat, legal, before)
        st = rules.apply(st, action)
        n += 1
        if n % check_every == 0 or rules.is_over(st):
            check_invariants(rules, st, start)
        assert n < 20_000, "the game does not end"
    return st


def find_card(deck, **attrs: str) -> int:
    """The first card whose attribute values have these ids, e.g. find_card(deck, rank="A", suit="spades")."""
    for c in range(deck.size):
        if all(any(v.id == want for v in deck.values(c, a)) for a, want in attrs.items()):
            return c
    raise KeyError(attrs)


def _slots(st: dict) -> list[tuple[list, int]]:
    """Every (container list, index) holding a card, over every zone."""
    out = []
    for z in st["zones"].values():
        for one in z if isinstance(z, list) else [z]:
            if "cells" in one:
                out += [(cell, 2) for cell in one["cells"]]
            else:
                out += [(one["cards"], i) for i in range(len(one["cards"]))]
    return out


def rig(st: dict, where: dict[str, list[int]], deck_zone: str = "deck") -> dict:
    """Put chosen cards in chosen places by swapping (so cards stay conserved). Keys are
    "zone" or "zone/seat"; for the deck the list is the next cards to be dealt, first first."""
    for key, cards in where.items():
        name, _, seat = key.partition("/")
        z = st["zones"][name][int(seat)] if seat else st["zones"][name]
        for i, card in enumerate(cards):
            pos = -1 - i if name == deck_zone else i
            target = (z["cards"], pos if pos >= 0 else len(z["cards"]) + pos)
            for holder, j in _slots(st):
                if holder[j] == card:
                    holder[j], target[0][target[1]] = target[0][target[1]], holder[j]
                    break
    return st
