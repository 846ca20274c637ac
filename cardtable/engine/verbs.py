"""The general verbs a variant's `phases` are built from (besides `bet`, in betting_round.py).

Each verb has `start(g, step) -> bool` (True when it finished at once, needing no decision),
and for verbs that ask players: `legal(g, step, seat)`, `check(g, step, action) -> reason|None`
and `act(g, step, action)`, which sets `state["step"]["done"]` when the step is over.

Player actions of these verbs:
    declare   {"type": "declare", "cards": [N card ids]} or {"type": "pass"} when optional
    reveal    {"type": "flip", "at": [row, col]} on a grid, {"type": "flip", "index": i} on a row
    draw      {"type": "discard", "cards": [cards of the hand]} (an empty list stands pat)
    exchange  {"type": "draw"} then {"type": "discard", "cards": [one card]} (face up to the pot),
              or {"type": "swap", "give": [k cards]} (takes the pot's newest k), or {"type": "pass"}
    place     {"type": "place", "card": c, "at": [row, col]} next to a card on the grid
"""

from __future__ import annotations

from typing import Any

from .betting import in_blinds
from .betting_round import Bet
from .context import Ctx
from .scoring import score_placement
from .state import active, holder, in_play, put, remove, take_top


def _int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _cards_of(action: dict[str, Any], key: str) -> list[int] | None:
    cards = action.get(key)
    if not isinstance(cards, list) or not all(_int(c) for c in cards) or len(set(cards)) != len(cards):
        return None
    return cards


def draw_cards(g: Ctx, n: int, recycle: str | None = None) -> list[int]:
    """The top n cards of the deck; an empty deck is refilled from `recycle` (shuffled) first."""
    deck = g.deck_zone()
    if len(deck["cards"]) < n and recycle:
        pile = g.zone(recycle)
        if pile["cards"]:
            cards = take_top(pile, len(pile["cards"]))
            g.rng("recycle").shuffle(cards)
            deck["cards"][:0] = cards
            deck["up"][:0] = [0] * len(cards)
            g.say(f"the {recycle} pile is shuffled back under the deck")
    return take_top(deck, min(n, len(deck["cards"])))


class Post:
    def start(self, g: Ctx, step: dict[str, Any]) -> bool:
        st = g.st
        seats = (
            in_play(st) if step["role"] == "all" else [s for s in [holder(st, step["role"])] if s is not None]
        )
        amount = in_blinds(step["amount"], st["blind"])
        for i in seats:
            s = st["seats"][i]
            pay = min(amount, s["chips"])
            s["chips"] -= pay
            s["total"] += pay
            if not step.get("dead"):
                s["bet"] += pay
            what = "an ante" if step.get("dead") else f"{step['role'].replace('_', ' ')}"
            g.say(f"{g.name(i)} posts {what} of {pay}" + (" (all in)" if s["chips"] == 0 else ""))
        return True


class Deal:
    def start(self, g: Ctx, step: dict[str, Any]) -> bool:
        st = g.st
        zspec = g.layout.zones[step["to"]]
        up = 1 if step.get("face") == "up" else 0
        count = int(g.option(step.get("count", 1)))
        if zspec.shape == "grid":
            rows, cols = zspec.size
            cells = g.zone(step["to"])["cells"]
            taken = {(r, c) for r, c, _, _ in cells}
            for r in range(rows):
                for c in range(cols):
                    if (r, c) not in taken:
                        got = draw_cards(g, 1)
                        if got:
                            cells.append([r, c, got[0], up])
            g.say(f"{rows * cols} cards are dealt face {'up' if up else 'down'} to the {step['to']}")
            return True
        if zspec.shape == "open_grid":
            cells = g.zone(step["to"])["cells"]
            got = draw_cards(g, 1)
            if got and not cells:
                cells.append([0, 0, got[0], 1])
                g.say(f"{g.card(got[0])} starts the {step['to']}")
            elif got:
                put(g.deck_zone(), got)
            return True
        if not zspec.per_seat:
            got = draw_cards(g, count)
            put(g.zone(step["to"]), got, up)
            shown = up or zspec.visibility == "everyone"
            g.say(
                f"to the {step['to']}: {g.cards(got)}" if shown else f"{len(got)} cards to the {step['to']}"
            )
            return True
        if "role" in step:
            seats = [s for s in [holder(st, step["role"])] if s is not None and s in active(st)]
        else:
            seats = g.order(g.dealer(), active(st))
        for _ in range(count):  # one card at a time round the table, as a dealer does
            for i in seats:
                put(g.zone(step["to"], i), draw_cards(g, 1), up)
        for i in seats:
            got = g.zone(step["to"], i)["cards"][-count:]
            g.say(f"{g.name(i)} is dealt {count} cards", i, f"you are dealt {g.cards(got)}")
        return True


class _Turns:
    """A verb where the seats act one after another (each once, in turn order)."""

    decides = True
    seats_from = "active"

    def start(self, g: Ctx, step: dict[str, Any]) -> bool:
        st = g.st
        seats = active(st) if self.seats_from == "active" else in_play(st)
        if len(active(st)) <= 1 and self.seats_from == "active":
            return True
        first = step.get("first", "after_dealer")
        after = g.dealer()
        if first == "after_last_bettor" and st["last_bettor"] is not None:
            after = st["last_bettor"]
        elif isinstance(first, dict):
            after = holder(st, first["after"])
            after = g.dealer() if after is None else after
        st["step"] = {"verb": step["do"], "pending": g.order(after, seats)}
        self.begin(g, step)
        return self.advance(g, step)

    def begin(self, g: Ctx, step: dict[str, Any]) -> None:
        pass

    def skip(self, g: Ctx, step: dict[str, Any], seat: int) -> bool:
        return False

    def advance(self, g: Ctx, step: dict[str, Any]) -> bool:
        rs = g.st["step"]
        while rs["pending"] and self.skip(g, step, rs["pending"][0]):
            rs["pending"].pop(0)
        if not rs["pending"]:
            g.st["turn"] = None
            rs["done"] = True
            return True
        g.st["turn"] = rs["pending"][0]
        return False

    def finish_turn(self, g: Ctx, step: dict[str, Any]) -> None:
        g.st["step"]["pending"].pop(0)
        self.advance(g, step)


class Declare(_Turns):
    def legal(self, g: Ctx, step: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        out = [{"seat": seat, "type": "declare", "count": step["count"]}]
        if step.get("optional"):
            out.append({"seat": seat, "type": "pass"})
        return out

    def check(self, g: Ctx, step: dict[str, Any], action: dict[str, Any]) -> str | None:
        if action.get("type") == "pass":
            return None if step.get("optional") else "you must name your cards"
        if action.get("type") != "declare":
            return "name your cards (declare) or pass"
        cards = _cards_of(action, "cards")
        if cards is None or len(cards) != step["count"]:
            return f"name exactly {step['count']} different cards"
        if not all(0 <= c < g.deck.size for c in cards):
            return "a named card is not in the deck"
        return None

    def act(self, g: Ctx, step: dict[str, Any], action: dict[str, Any]) -> None:
        seat = action["seat"]
        if action["type"] == "declare":
            g.st["declared"][seat] = sorted(action["cards"])
            g.say(f"{g.name(seat)} calls a shot: {g.cards(sorted(action['cards']))}")
        else:
            g.say(f"{g.name(seat)} names no cards")
        self.finish_turn(g, step)


class Draw(_Turns):
    def _max(self, g: Ctx, step: dict[str, Any], seat: int) -> int:
        hand = g.zone(step["zone"], seat)["cards"]
        limit = int(g.option(step["max"])) if "max" in step else len(hand)
        spare = len(g.deck_zone()["cards"]) + len(g.zone(step["discard_to"])["cards"])
        return max(0, min(limit, len(hand), spare))

    def legal(self, g: Ctx, step: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        return [{"seat": seat, "type": "discard", "min": 0, "max": self._max(g, step, seat)}]

    def check(self, g: Ctx, step: dict[str, Any], action: dict[str, Any]) -> str | None:
        if action.get("type") != "discard":
            return "choose the cards to trade in: discard (an empty list stands pat)"
        cards = _cards_of(action, "cards")
        if cards is None:
            return "'cards' must be a list of different card numbers"
        hand = g.zone(step["zone"], action["seat"])["cards"]
        if not all(c in hand for c in cards):
            return "you can only discard cards from your own hand"
        top = self._max(g, step, action["seat"])
        if len(cards) > top:
            return f"you may trade at most {top} cards"
        return None

    def act(self, g: Ctx, step: dict[str, Any], action: dict[str, Any]) -> None:
        seat, cards = action["seat"], action["cards"]
        hand = g.zone(step["zone"], seat)
        remove(hand, cards)
        new = draw_cards(g, len(cards), step["discard_to"])
        put(hand, new)
        put(g.zone(step["discard_to"]), cards)
        if cards:
            g.say(
                f"{g.name(seat)} trades {len(cards)}",
                seat,
                f"you trade {g.cards(cards)} for {g.cards(new)}",
            )
        else:
            g.say(f"{g.name(seat)} stands pat")
        self.finish_turn(g, step)


class Exchange(_Turns):
    def _hand(self, g: Ctx, step: dict[str, Any], seat: int) -> dict[str, Any]:
        return g.zone(step["zone"], seat)

    def _swap_n(self, g: Ctx, step: dict[str, Any], seat: int) -> int:
        pot = g.zone(step["pot"])["cards"]
        return min(len(pot), step.get("swap_max", 5), len(self._hand(g, step, seat)["cards"]))

    def legal(self, g: Ctx, step: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        if g.st["step"].get("drawn"):
            return [{"seat": seat, "type": "discard", "min": 1, "max": 1}]
        out = []
        if g.deck_zone()["cards"]:
            out.append({"seat": seat, "type": "draw"})
        k = self._swap_n(g, step, seat)
        if k:
            out.append({"seat": seat, "type": "swap", "count": k})
        if not out:
            out.append({"seat": seat, "type": "pass"})
        return out

    def check(self, g: Ctx, step: dict[str, Any], action: dict[str, Any]) -> str | None:
        kind, seat = action.get("type"), action["seat"]
        allowed = {a["type"] for a in self.legal(g, step, seat)}
        if kind not in allowed:
            if g.st["step"].get("drawn"):
                return "you drew: now put one card face up into the pot (discard)"
            if kind == "draw":
                return "the deck is empty"
            if kind == "swap":
                return "the card pot is empty"
            return f"choose one of: {', '.join(sorted(allowed))}"
        hand = self._hand(g, step, seat)["cards"]
        if kind == "discard":
            cards = _cards_of(action, "cards")
            if cards is None or len(cards) != 1 or cards[0] not in hand:
                return "put exactly one card of your hand into the pot"
        if kind == "swap":
            cards = _cards_of(action, "give")
            k = self._swap_n(g, step, seat)
            if cards is None or len(cards) != k or not all(c in hand for c in cards):
                return f"a swap gives back exactly {k} different cards of your hand"
        return None

    def act(self, g: Ctx, step: dict[str, Any], action: dict[str, Any]) -> None:
        kind, seat = action["type"], action["seat"]
        hand = self._hand(g, step, seat)
        pot = g.zone(step["pot"])
        if kind == "draw":
            got = draw_cards(g, 1)
            put(hand, got)
            g.st["step"]["drawn"] = True
            g.say(f"{g.name(seat)} draws a card", seat, f"you draw {g.cards(got)}")
            return
        if kind == "discard":
            remove(hand, action["cards"])
            put(pot, action["cards"], 1)
            g.say(f"{g.name(seat)} puts {g.cards(action['cards'])} into the card pot")
            g.st["step"]["drawn"] = False
        elif kind == "swap":
            k = len(action["give"])
            taken = take_top(pot, k)[::-1]
            remove(hand, action["give"])
            put(hand, taken)
            put(pot, action["give"], 1)
            g.say(f"{g.name(seat)} swaps {g.cards(action['give'])} for {g.cards(taken)} from the card pot")
        else:
            g.say(f"{g.name(seat)} passes")
        self.finish_turn(g, step)


class Reveal(_Turns):
    """Turn face-down cards of a table zone face up: by the table at once, or by the players
    in turn (each choosing one) until `count` more are up."""

    def start(self, g: Ctx, step: dict[str, Any]) -> bool:
        down = self._down(g, step)
        count = len(down) if "count" not in step else min(int(g.option(step["count"])), len(down))
        if step.get("by", "table") == "table" or len(active(g.st)) <= 1:
            for ref in down[:count]:
                self._flip(g, step, ref)
            shown = [self._card(g, step, ref) for ref in down[:count]]
            if shown:
                g.say(
                    f"{len(shown)} cards of the {step['zone']} are turned up"
                    if len(shown) > 8
                    else f"turned up on the {step['zone']}: {g.cards(shown)}"
                )
            return True
        if count == 0:
            return True
        direction = {"clockwise": 1, "counterclockwise": -1}.get(step.get("direction", ""), g.direction)
        order = g.order(g.dealer(), active(g.st), direction)
        g.st["step"] = {"verb": "reveal", "left": count, "order": order, "at": 0}
        g.st["turn"] = order[0]
        return False

    def _grid(self, g: Ctx, step: dict[str, Any]) -> bool:
        return g.layout.zones[step["zone"]].is_grid

    def _down(self, g: Ctx, step: dict[str, Any]) -> list[Any]:
        z = g.zone(step["zone"])
        if self._grid(g, step):
            return [(r, c) for r, c, _, up in z["cells"] if not up]
        return [i for i, up in enumerate(z["up"]) if not up]

    def _card(self, g: Ctx, step: dict[str, Any], ref: Any) -> int:
        z = g.zone(step["zone"])
        if self._grid(g, step):
            return next(cell[2] for cell in z["cells"] if (cell[0], cell[1]) == tuple(ref))
        return z["cards"][ref]

    def _flip(self, g: Ctx, step: dict[str, Any], ref: Any) -> None:
        z = g.zone(step["zone"])
        if self._grid(g, step):
            for cell in z["cells"]:
                if (cell[0], cell[1]) == tuple(ref):
                    cell[3] = 1
        else:
            z["up"][ref] = 1

    def legal(self, g: Ctx, step: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        key = "at" if self._grid(g, step) else "index"
        return [
            {
                "seat": seat,
                "type": "flip",
                "choices": [list(r) if isinstance(r, tuple) else r for r in self._down(g, step)],
                "key": key,
            }
        ]

    def check(self, g: Ctx, step: dict[str, Any], action: dict[str, Any]) -> str | None:
        if action.get("type") != "flip":
            return "turn a face-down card face up (flip)"
        down = self._down(g, step)
        if self._grid(g, step):
            at = action.get("at")
            if not isinstance(at, list) or len(at) != 2 or not all(_int(x) for x in at):
                return "'at' must be [row, col]"
            if tuple(at) not in down:
                return f"there is no face-down card at {at}"
        else:
            i = action.get("index")
            if not _int(i) or i not in down:
                return "'index' must be the place of a face-down card"
        return None

    def act(self, g: Ctx, step: dict[str, Any], action: dict[str, Any]) -> None:
        ref = tuple(action["at"]) if self._grid(g, step) else action["index"]
        self._flip(g, step, ref)
        seat = action["seat"]
        g.say(f"{g.name(seat)} turns up {g.card(self._card(g, step, ref))}")
        rs = g.st["step"]
        rs["left"] -= 1
        live = set(active(g.st))
        rs["order"] = [s for s in rs["order"] if s in live]
        if rs["left"] <= 0 or not self._down(g, step) or len(live) <= 1:
            rs["done"] = True
            g.st["turn"] = None
            return
        i = rs["order"].index(seat) if seat in rs["order"] else rs["at"]
        rs["at"] = (i + 1) % len(rs["order"])
        g.st["turn"] = rs["order"][rs["at"]]


class Place(_Turns):
    """Players in turn place a card of their hand on an open grid, next to a card already there;
    the hands it completes score points; then they draw back up. Ends when no card can be placed."""

    seats_from = "in_play"

    def start(self, g: Ctx, step: dict[str, Any]) -> bool:
        order = g.order(g.dealer(), in_play(g.st))
        g.st["step"] = {"verb": "place", "order": order, "at": 0, "passes": 0}
        for seat in order:
            self._refill(g, step, seat)
        return self._seek(g, step, 0)

    def _refill(self, g: Ctx, step: dict[str, Any], seat: int) -> None:
        hand = g.zone(step["from"], seat)
        need = step["refill"] - len(hand["cards"])
        if need > 0:
            got = draw_cards(g, need)
            if got:
                put(hand, got)
                g.say(f"{g.name(seat)} draws {len(got)}", seat, f"you draw {g.cards(got)}")

    def _seek(self, g: Ctx, step: dict[str, Any], start: int) -> bool:
        rs = g.st["step"]
        n = len(rs["order"])
        for k in range(n):
            i = (start + k) % n
            seat = rs["order"][i]
            if g.zone(step["from"], seat)["cards"] and self.spots(g, step):
                rs["at"] = i
                g.st["turn"] = seat
                return False
        rs["done"] = True
        g.st["turn"] = None
        return True

    def spots(self, g: Ctx, step: dict[str, Any]) -> list[list[int]]:
        """Empty cells next to a card where no line would grow past the grid's max_line."""
        cells = {(r, c) for r, c, _, _ in g.zone(step["grid"])["cells"]}
        limit = g.layout.zones[step["grid"]].max_line
        out = []
        seen = set()
        for r, c in cells:
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                p = (r + dr, c + dc)
                if p in cells or p in seen:
                    continue
                seen.add(p)
                if limit is None or all(self._run(cells, p, d) < limit for d in ((0, 1), (1, 0))):
                    out.append([p[0], p[1]])
        return sorted(out)

    @staticmethod
    def _run(cells: set[tuple[int, int]], p: tuple[int, int], d: tuple[int, int]) -> int:
        """Cards already touching p along direction d, both ways."""
        n = 0
        for sign in (1, -1):
            q = (p[0] + sign * d[0], p[1] + sign * d[1])
            while q in cells:
                n += 1
                q = (q[0] + sign * d[0], q[1] + sign * d[1])
        return n

    def legal(self, g: Ctx, step: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        return [
            {
                "seat": seat,
                "type": "place",
                "cards": list(g.zone(step["from"], seat)["cards"]),
                "spots": self.spots(g, step),
            }
        ]

    def check(self, g: Ctx, step: dict[str, Any], action: dict[str, Any]) -> str | None:
        if action.get("type") != "place":
            return "place a card of your hand on the grid"
        if action.get("card") not in g.zone(step["from"], action["seat"])["cards"] or not _int(
            action.get("card")
        ):
            return "that card is not in your hand"
        at = action.get("at")
        if not isinstance(at, list) or len(at) != 2 or not all(_int(x) for x in at):
            return "'at' must be [row, col]"
        cells = {(r, c) for r, c, _, _ in g.zone(step["grid"])["cells"]}
        if tuple(at) in cells:
            return f"there is already a card at {at}"
        if at not in self.spots(g, step):
            near = any((at[0] + dr, at[1] + dc) in cells for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
            if not near:
                return "a card must be placed next to (north, east, south or west of) a card on the grid"
            return f"that would make a line longer than {g.layout.zones[step['grid']].max_line} cards"
        return None

    def act(self, g: Ctx, step: dict[str, Any], action: dict[str, Any]) -> None:
        seat, card, at = action["seat"], action["card"], tuple(action["at"])
        remove(g.zone(step["from"], seat), [card])
        grid = g.zone(step["grid"])
        grid["cells"].append([at[0], at[1], card, 1])
        mapping = {(r, c): x for r, c, x, _ in grid["cells"]}
        placed = score_placement(g.rules, mapping, at)
        s = g.st["seats"][seat]
        s["points"] += placed.total
        scored = g.st.setdefault("scored", {})  # how often each hand was made (designers balance points)
        for _, cat, _ in placed.lines:
            scored[cat] = scored.get(cat, 0) + 1
        what = ", ".join(f"{cat} {pts}" for _, cat, pts in placed.lines)
        bonus = f" + bonus {placed.bonus}" if placed.bonus else ""
        score = f": {what}{bonus} = {placed.total}" if placed.total else ""
        g.say(f"{g.name(seat)} places {g.card(card)} at {list(at)}{score}")
        self._refill(g, step, seat)
        self._seek(g, step, g.st["step"]["at"] + 1)


class Showdown:
    def start(self, g: Ctx, step: dict[str, Any]) -> bool:
        g.rules.showdown(g)
        return True


VERBS: dict[str, Any] = {
    "post": Post(),
    "deal": Deal(),
    "declare": Declare(),
    "bet": Bet(),
    "reveal": Reveal(),
    "draw": Draw(),
    "exchange": Exchange(),
    "place": Place(),
    "showdown": Showdown(),
}
