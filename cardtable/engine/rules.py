"""Rules: the fixed rules of one variant, and the pure functions that play it.

    from cardtable.engine import Rules, IllegalAction
    rules = Rules(variant)
    state = rules.new_game(seats=[{"name": "Ann", "kind": "human"}, {"name": "Bot 1", "kind": "bot"}],
                           seed=7, options={})
    rules.to_move(state) -> int | None          # whose decision it is (None: game over)
    rules.legal_actions(state, seat) -> list    # action templates (see below)
    rules.check(state, action) -> str | None    # None when legal, else why not
    rules.apply(state, action) -> dict          # a NEW state; raises IllegalAction, input untouched
    rules.is_over(state) -> bool
    rules.view(state, seat | None) -> dict      # what one seat (None: everyone) may see; see view.py
    rules.replay(seats, seed, options, log) -> dict

An action is a dict with "seat" and "type" plus the fields of its verb (each module of verbs/
lists them). `legal_actions` returns one template per possible type, carrying the choice's
bounds: bet/raise have "min"/"max" (total bet for the round), call/all_in a "cost", discard "min"/
"max" cards, flip the "choices" of places, place the "cards" and "spots", swap the "count". Fill a
template in (e.g. add "amount" or "cards") to make an action; extra informative keys are ignored.

The state is JSON-shaped and typed in types.py (`State`): the seats, the zones (see state.py),
where play is (pc/step/turn), the log (every action, chance ones with seat None: a game is its
variant + seats + seed + options + log), the table talk, and one record per hand played.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, cast

from ..errors import BrokenRules, IllegalAction, Problem, VariantError
from . import outcome, wording
from .context import Ctx
from .options import resolve_options
from .state import APPEND_ONLY, active, clone, empty_zone, holder, in_play, order_after, zone
from .trail import Trail, trail
from .types import Action, OptionValue, State, Step, Template, View
from .verbs import REGISTRY, Verb

if TYPE_CHECKING:
    from ..variant import Variant
    from .betting import Betting
    from .layout import Layout
    from .options import Option
    from .phases import Phases

MAX_AUTO_STEPS = 250_000  # steps run without a decision: over two hands' worth (program.py's bound)
MAX_AUTO_HANDS = 50  # hands begun without a decision: a game where nobody is ever asked
ACTION_KEYS = ("seat", "type")  # every action's; each verb lists the others it reads (Verb.action_fields)


class Rules:
    """The fixed rules of one variant (its layout, betting, options and phases)."""

    def __init__(self, variant: Variant) -> None:
        sections = variant.sections
        missing = [s for s in ("layout", "phases") if s not in sections]
        if missing:
            raise ValueError(
                f"variant '{variant.id}' has no {' or '.join(missing)} section: it cannot be played"
            )
        self.variant = variant
        self.layout: Layout = sections["layout"]
        self.phases: Phases = sections["phases"]
        self.betting: Betting | None = sections.get("betting")
        self.options: dict[str, Option] = sections.get("options", {})
        self.program = self.phases.program

    # ---- the API ---------------------------------------------------------------------------
    def new_game(
        self,
        seats: Sequence[Mapping[str, str]],
        seed: int = 0,
        options: Mapping[str, OptionValue] | None = None,
    ) -> State:
        v = self.variant
        if not v.min_players <= len(seats) <= v.max_players:
            raise ValueError(f"{v.name} is for {v.min_players} to {v.max_players} players, not {len(seats)}")
        opts = resolve_options(self.options, options)
        if opts.get("ranking") in ("frequency", "exact"):  # measured (or read from a cache) now, not mid-hand
            from ..hands.ranking import hand_rules

            hand_rules(v, opts["ranking"])
        money = self.betting.values(opts) if self.betting else {"chips": 0, "blind": 0, "max_hands": 1}
        st: State = {
            "variant": v.id,
            "seed": int(seed),
            "options": opts,
            "blind": money["blind"],
            "max_hands": money["max_hands"],
            "seats": [
                {
                    "name": str(s.get("name", f"Seat {i + 1}")),
                    "kind": str(s.get("kind", "human")),
                    "chips": money["chips"],
                    "bet": 0,
                    "total": 0,
                    "folded": False,
                    "out": False,
                    "covers": False,
                    "roles": [],
                    "points": 0,
                }
                for i, s in enumerate(seats)
            ],
            "zones": {},
            "hand": 0,
            "dealer": None,
            "pc": 0,
            "step": None,
            "turn": None,
            "loops": {},
            "declared": [None] * len(seats),
            "last": {"winner": None, "weakest": None},
            "chance": 0,
            "log": Trail(),
            "events": Trail(),
            "history": Trail(),
            "over": False,
            "result": None,
            "awarded": False,
            "showdown_called": False,
            "last_bettor": None,
            "bet_round": -1,
            "folds": [],
            "scored": {},
        }
        g = Ctx(self, st)
        with self._failing_at(st):
            self._start_hand(g)
            self._advance(g)
        return st

    def to_move(self, state: State) -> int | None:
        return None if state["over"] else state["turn"]

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def legal_actions(self, state: State, seat: int) -> list[Template]:
        if state["over"] or state["turn"] != seat or state["step"] is None:
            return []
        step = self.program[state["pc"]]
        return REGISTRY[step["do"]].legal(Ctx(self, state), step, seat)

    def deciding(self, state: State) -> Verb:
        """The verb of the step waiting for a decision now (its templates are the legal actions)."""
        return REGISTRY[self.program[state["pc"]]["do"]]

    def check(self, state: State, action: object) -> str | None:
        """None when `action` (anything, e.g. read from a file) is legal now, else why not."""
        if not isinstance(action, dict):
            return "an action is a mapping with 'seat' and 'type'"
        seat = action.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state["seats"]):
            return "the action names no seat at this table"
        if not isinstance(action.get("type"), str):
            return "the action needs a 'type' (fold, call, discard, flip, place...)"
        if state["over"]:
            return "the game is over"
        if state["turn"] is None or state["step"] is None:
            return "no decision is pending"
        if seat != state["turn"]:
            return (
                f"it is {state['seats'][state['turn']]['name']}'s turn, not {state['seats'][seat]['name']}'s"
            )
        step = self.program[state["pc"]]
        verb = REGISTRY[step["do"]]
        unread = [k for k in action if k not in ACTION_KEYS and k not in verb.action_fields]
        if unread:
            reads = ", ".join(verb.action_fields) or "no other field"
            return f"a '{action['type']}' action has no field '{unread[0]}' (this step reads {reads})"
        return verb.check(Ctx(self, state), step, cast(Action, action))

    def apply(self, state: State, action: Action) -> State:
        """The state after a legal `action` (a new state; `state` is left as it is)."""
        reason = self.check(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        # the log, the table talk and the hand history only grow, so the new state shares them
        # (trail.py: a fork, nothing copied): copying them made an action cost the game's length
        st = cast(State, clone({k: v for k, v in state.items() if k not in APPEND_ONLY}))
        for k in APPEND_ONLY:
            if k in state:
                st[k] = trail(state[k])  # type: ignore[literal-required]
        self._act(st, action)
        return st

    def apply_in_place(self, st: State, action: Action) -> None:
        """Apply a legal action to `st` itself (replays use it: no copy of the growing log per
        step); raises IllegalAction, leaving `st` untouched, when the rules refuse it."""
        reason = self.check(st, action)
        if reason is not None:
            raise IllegalAction(reason)
        self._act(st, action)

    def _act(self, st: State, action: Action) -> None:
        g = Ctx(self, st)
        step = self.program[st["pc"]]
        reads = REGISTRY[step["do"]].action_fields  # `check` refused any other field
        kept = cast(Action, {k: clone(v) for k, v in action.items() if k in ACTION_KEYS or k in reads})
        st["log"].append(kept)
        with self._failing_at(st):
            REGISTRY[step["do"]].act(g, step, kept)
            self._advance(g)

    @contextmanager
    def _failing_at(self, st: State) -> Iterator[None]:
        """An unexpected failure of the rules as BrokenRules at the step being played (a person
        sees the file's line, not a crash); refusals and BrokenRules itself pass as they are."""
        try:
            yield
        except (IllegalAction, VariantError):
            raise
        except Exception as exc:
            step = self.program[st["pc"]] if 0 <= st["pc"] < len(self.program) else {}
            why = f"{type(exc).__name__}: {exc}"
            raise BrokenRules(
                [Problem(self.variant.path, int(step.get("line", 0)), 0, f"the rules failed here ({why})")]
            ) from exc

    def view(self, state: State, seat: int | None) -> View:
        from .view import view

        return view(self, state, seat)

    def replay(
        self,
        seats: Sequence[Mapping[str, str]],
        seed: int,
        options: Mapping[str, OptionValue] | None,
        log: list[Action],
    ) -> State:
        """Rebuild a game from its log (see replay.py); raises IllegalAction saying where and why
        an action or a chance step differs."""
        from .replay import replay

        return replay(self, seats, seed, options, log)

    # ---- the flow of play ------------------------------------------------------------------
    def _advance(self, g: Ctx) -> None:
        """Run automatic steps until a seat must decide or the game is over. Rules that would run
        on for ever without asking anyone (validation bounds them; this is the last guard) raise
        BrokenRules naming the step, the state as it was before the call kept by the caller."""
        st = g.st
        ran = hands = 0
        while not st["over"]:
            ran += 1
            if ran > MAX_AUTO_STEPS or hands > MAX_AUTO_HANDS:
                self._stuck(st, ran, hands)
            if st["step"] is not None:
                if not st["step"].get("done") and st["turn"] is not None:
                    return
                st["step"], st["turn"] = None, None
                st["pc"] += 1
            if (self.betting and len(active(st)) <= 1 and not st["awarded"]) or st["pc"] >= len(self.program):
                if outcome.end_hand(g):
                    self._start_hand(g)
                    hands += 1
                continue
            step = self.program[st["pc"]]
            if not self.runs(st, step):
                st["pc"] += 1
                continue
            if step["do"] == "_loop":
                n = st["loops"].get(str(step["id"]), 0) + 1
                st["loops"][str(step["id"])] = n
                if n >= step["max"] or any(self._condition(g, c) for c in step["until"]):
                    # done: counted from nothing again when a repeat around it comes back to it
                    del st["loops"][str(step["id"])]
                    st["pc"] += 1
                else:
                    st["pc"] = step["back"]
                continue
            if REGISTRY[step["do"]].start(g, step):
                st["step"], st["turn"] = None, None
                st["pc"] += 1

    def _stuck(self, st: State, ran: int, hands: int) -> None:
        step = self.program[st["pc"]] if st["pc"] < len(self.program) else {}
        what = f"{ran - 1:,} steps" if hands <= MAX_AUTO_HANDS else f"{hands:,} hands"
        raise BrokenRules(
            [
                Problem(
                    self.variant.path,
                    int(step.get("line", 0)),
                    0,
                    f"the game played {what} by itself without asking anyone: its rules cannot go on",
                )
            ]
        )

    def runs(self, st: State, step: Step) -> bool:
        """Whether the step is played in this game (its `when:`/`unless:` options allow it)."""
        when, unless = step.get("when"), step.get("unless")
        return not (when and not st["options"].get(when)) and not (unless and st["options"].get(unless))

    def _condition(self, g: Ctx, name: str) -> bool:
        st = g.st
        if name == "showdown_called":
            return bool(st["showdown_called"])
        if name == "one_left":
            return len(active(st)) <= 1
        if name == "all_in":
            return sum(1 for i in active(st) if st["seats"][i]["chips"] > 0) < 2
        if name == "deck_empty":
            return not g.deck_zone()["cards"]
        return False

    def _start_hand(self, g: Ctx) -> None:
        st = g.st
        st["hand"] += 1
        st["zones"] = {
            name: [empty_zone(z.shape) for _ in st["seats"]] if z.per_seat else empty_zone(z.shape)
            for name, z in self.layout.zones.items()
        }
        cards = list(range(self.variant.deck.size))
        g.rng("deck").shuffle(cards)
        zone(st, self.layout.deck)["cards"] = cards
        zone(st, self.layout.deck)["up"] = [0] * len(cards)
        for s in st["seats"]:
            # `total` is 0 after every settled hand; a pot carried over a redeal stays in it
            s.update({"bet": 0, "folded": s["out"], "covers": False, "roles": []})
        st.update(
            {
                "pc": 0,
                "step": None,
                "turn": None,
                "loops": {},
                "awarded": False,
                "showdown_called": False,
                "last_bettor": None,
                "bet_round": -1,
                "folds": [],
                "declared": [None] * len(st["seats"]),
            }
        )
        self._assign_roles(g)
        g.say(wording.hand_begins(st["hand"] if self.betting else None))

    def _assign_roles(self, g: Ctx) -> None:
        st = g.st
        playing = in_play(st)
        dealer = (
            playing[0] if st["dealer"] is None else order_after(st, st["dealer"], playing, g.direction)[0]
        )
        st["dealer"] = dealer
        st["seats"][dealer]["roles"].append("dealer")
        for name, r in self.phases.roles.items():
            if name == "dealer":
                continue
            seat = None
            if "after" in r:
                base = holder(st, r["after"])
                k = r.get("heads_up", r.get("seats", 1)) if len(playing) == 2 else r.get("seats", 1)
                if base is not None:
                    seat = (
                        base
                        if k == 0
                        else order_after(st, base, playing, g.direction)[(k - 1) % len(playing)]
                    )
            elif "last_hand" in r:
                seat = st["last"]["winner"] if r["last_hand"] == "winner" else st["last"]["weakest"]
                if seat is not None and st["seats"][seat]["out"]:
                    seat = None
                if st["hand"] == 1 and "first_hand" in r:
                    seat = holder(st, r["first_hand"])
            if seat is not None:
                st["seats"][seat]["roles"].append(name)

    def showdown(self, g: Ctx) -> None:
        """Show the hands still in and award the pots (the `showdown` verb)."""
        outcome.showdown(g)
