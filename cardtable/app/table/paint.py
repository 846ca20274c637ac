"""The table frame put together from one scene's state: the public screens between hands and at
the end, the curtain, or the table as the viewer may see it (felt, zones, seats, pots, the side
panel, the action bar, hints and tooltips), with the frame manifest recorded on the way."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine.types import View
from .. import frame, ui
from ..controls import Control, build_controls, verb_of
from ..geometry import face_text_floor
from ..seat_players import player_words
from .backdrops import table_backdrop
from .draw_bar import button_rows, draw_bar, draw_hand_line
from .draw_overlays import draw_curtain
from .draw_panel import draw_panel, draw_popup, rules_lines
from .draw_seats import bubble_panel, draw_seat
from .draw_zones import covered, draw_pots, draw_table_zones
from .finale import draw_finale
from .game import elsewhere
from .hints import least_in_the_way
from .keys import focus_rect
from .palette import BACKDROP
from .presence import draw_presence, invite_controls, presence_of
from .settle import Ready, settle
from .showdown import category_meaning, draw_showdown_screen, explain
from .tooltips import draw_help_button, draw_tooltip
from .view_layout import FOLD_BELOW, TableLayout

if TYPE_CHECKING:
    from .scene import TableScene


def paint(t: TableScene, surface: pygame.Surface, ready: Ready | None = None) -> None:
    """The table frame: the public screens, the curtain, or the viewer's table. `ready`: the
    scene settled for it just before (settle.py), else it is settled here."""
    if ready is None:
        ready = settle(t)
    t.canvas.begin(surface)
    t.canvas.faces.min_text = face_text_floor(surface.get_size())  # no card's text smaller
    t.controls, t.slider = [], None
    if ready.public_screen:
        surface.fill(BACKDROP)
        _draw_interlude(t)
        return
    if ready.curtain is not None:
        frame.shows(None, curtain=True)
        _draw_curtain(t, ready.curtain)
        return
    view = t.view()
    seat = view["seat"]
    frame.shows(seat)
    actor = t.actor()  # in peek mode it may be somebody not looking: the bar is still theirs
    own = t.view_for(actor) if actor is not None else view
    if actor is not None and actor == t.session.to_move():
        undoer = t.undo_seat()  # in the last decider's grace, theirs (peek mode, not looked yet)
        t.controls = [*build_controls(t, own), t.undo_control(actor if undoer is None else undoer)]
    t.controls += _table_controls(t) + invite_controls(t)
    deciding = verb_of(own) if t.controls else None
    tip = deciding.hint(own["legal"]) if deciding is not None else ""
    hinted = bool(t.hints.current(actor if t.controls else None, tip))
    layout = _layout(t, surface, view)
    hint_box = _hint_place(t, layout, view) if hinted and layout.plan.side is None else None
    if hinted and layout.plan.side is None and hint_box is None:  # no clear place: a button holds it
        words = t.hints.showing[1] if t.hints.showing is not None else ""
        t.controls.append(Control("Hint", t.hints.toggle_open, on=t.hints.opened, tip=words))
        layout = _layout(t, surface, view)
    t.panel_shown = layout.plan.side is not None
    layout.record_regions()
    hand = ready.hand  # the viewer's own: None in a public frame
    best = hand.cards if hand is not None else frozenset()
    plan = layout.plan  # (the bar and the hand line below the felt are painted whole: see draw_bar.py)
    foot = pygame.Rect(0, plan.table.bottom, plan.table.width, surface.get_height() - plan.table.bottom)
    table_backdrop(surface, plan.table, plan.side, foot)
    draw_table_zones(t.canvas, layout, view, t.grid, t.choices, hand)
    presence = presence_of(t.session)  # network play: remote seats here or away
    for other in range(len(view["seats"])):
        area = draw_seat(
            t.canvas,
            layout,
            view,
            other,
            t.choices.selected,
            bool(t.rules.betting),
            t.role_notes,
            best,
            player_words(t.session.seats[other]) if other < len(t.session.seats) else "",
        )
        if other < len(presence):
            draw_presence(t.canvas.surface, layout.seat(other).plate, presence[other])
        if t.privacy == "peek" and other == actor and seat is None:
            t.canvas.hit(area, "look")  # hold the mouse button here to look
    draw_pots(t.canvas, layout.plan.pot, view)
    focus = focus_rect(t)  # the place the arrow keys outlined
    if focus is not None:
        pygame.draw.rect(t.canvas.surface, ui.WHITE, focus.inflate(8, 8), 3, border_radius=8)
    _repoint(t)
    title = f"{t.rules.variant.name} · hand {view['hand_number']}"
    lines = _panel_lines(t, view)
    t.log_area, t.log_back = draw_panel(
        t.canvas,
        layout,
        title,
        t.choices.hover,
        lines,
        t.show_rules,
        t.pointer,
        t.log_back,
    )
    message, *shorter = [t.message] if t.message else _hint(t, actor, own)
    t.slider = draw_bar(t.canvas, layout.plan.bar, own, message, t.controls, t.choices, shorter)
    if layout.plan.hand is not None:
        draw_hand_line(t.canvas, layout.plan.hand, hand, seat is not None)
    draw_help_button(t.canvas, layout.plan.header or layout.plan.bar, t.open_help)
    hover = t.choices.hover if t.choices.hover is not None and t.choices.hover >= 0 else None
    drawn = None
    if hinted and (hover is None or layout.plan.side is None):  # in the panel the card shows in its place
        drawn = _draw_hint(t, layout, actor, hint_box)
    if hover is not None and layout.plan.side is None:
        draw_popup(t.canvas, layout, hover, t.pointer, drawn)
    draw_tooltip(t.canvas, t.pointer)


def _draw_curtain(t: TableScene, who: int) -> None:
    """The curtain for `who`; in the last decider's grace, their Undo on it too."""
    names = [s["name"] for s in t.view_for(None)["seats"]]
    undo = None
    if t.grace is not None and t.grace != who:
        why = t.undo_refusal(t.grace)
        undo = (names[t.grace], why)
    lift, undo_button = draw_curtain(t.canvas, names[who], undo, t.message)
    t.canvas.hit(lift, "button", t.lift_curtain)
    if undo_button is not None:  # (refused, it says why again: it never lifts the curtain)
        t.canvas.hit(undo_button, "undo", t.undo)


def _repoint(t: TableScene) -> None:
    """The card pointed at is the one under the pointer in this frame: a card that left (folded,
    discarded, a new hand dealt) while the mouse stood still is no longer shown large."""
    hover = t.choices.hover
    if hover is None:
        return
    under = next((h for h in reversed(t.canvas.hits) if h.rect.collidepoint(t.pointer)), None)
    still = under is not None and under.kind in ("hand", "card") and under.payload >= 0
    t.choices.hover = under.payload if still and under is not None else None


def _layout(t: TableScene, surface: pygame.Surface, view: View) -> TableLayout:
    """The layout of this frame: the window, the side panel as set, the bar's rows of buttons."""
    size = surface.get_size()
    side = True if t.show_rules else t.panel_open
    wide = size[0] - (0 if side is False or (side is None and size[0] < FOLD_BELOW) else 300)
    seat, humans = view["seat"], t.humans()
    return TableLayout.of(
        size,
        view,
        seat if seat is not None else (humans[0] if humans else 0),
        side=side,
        bar_rows=button_rows(t.controls, wide),
        scale=ui.scale(),
        hand_line=t.has_hand_line(),
    )


def _hint_place(t: TableScene, layout: TableLayout, view: View) -> pygame.Rect | None:
    """Where the hint stands on the felt with the panel folded: clear of every seat, the pot, the
    piles and their words, the speech bubbles up and the cards of the board (an empty board may be
    covered: the hint goes once the person decides, before anything is dealt there); the bare felt
    beside a grid or a pile is free. None when no place is clear."""
    plan = layout.plan
    vital = [s.box for s in plan.seats] + [plan.pot] + covered(layout, view, t.grid)
    said = (t.anim.bubble_box(i, bubble_panel(s.plate)) for i, s in enumerate(plan.seats))
    vital += [b for b in said if b is not None]  # what was just said, too (the log is folded)
    return t.hints.place_on_felt(plan.table, vital, [plan.labels])


def _draw_hint(
    t: TableScene, layout: TableLayout, seat: int | None, box: pygame.Rect | None
) -> pygame.Rect | None:
    """The hint box under the side panel's header, or (folded) on the felt at its clear place; or,
    opened from the bar's button, where it hides least. Where it was drawn on the felt."""
    plan, side = layout.plan, layout.plan.side
    if side is not None:
        t.hints.draw_in_panel(t.canvas, side, (plan.header or side).bottom + 4)
        return None
    if box is None and t.hints.opened:
        w, h = t.hints.box_size(min(320, plan.table.width - 20))
        vital = [plan.pot] + ([plan.seats[seat].box] if seat is not None else [])
        others = [s.box for s in plan.seats] + [plan.board, plan.labels]
        box = least_in_the_way(plan.table, w, h, vital, others)
    if box is not None:
        t.hints.draw(t.canvas, box)
    return box


def _panel_lines(t: TableScene, view: View) -> list[str]:
    """The side panel's text: the table talk, or (Tab) the rules with sampled frequencies."""
    if not t.show_rules:
        return list(view["log"])
    if t.sampler is None and t.rules.variant.sections.get("hands") is not None:
        from ..frequency import FrequencySampler

        t.sampler = FrequencySampler(t.rules.variant)
    return rules_lines(t.rules.variant, t.sampler)


def _table_controls(t: TableScene) -> list[Control]:
    """The table's own toggle while a round that may run by itself is on (shown whoever
    decides, so it can be switched off while the round runs)."""
    verb = verb_of(t.view_for(None))
    actor = t.actor()
    legal = t.view_for(actor)["legal"] if actor is not None else []
    if verb is not None and verb.standing_pass and any(x["type"] == verb.standing_pass for x in legal):
        tip = "on: this question comes every hand; off: a pass holds for the rest of the game"
        return [
            Control(
                "Ask me every hand", t.toggle_ask_every_hand, pygame.K_e, "E", on=t.ask_every_hand, tip=tip
            )
        ]
    if verb is None or not verb.may_run_itself or not t.humans():
        return []
    tip = "flipping rounds run by themselves: each person's card is the computer's choice for them"
    return [Control("Auto-flip", t.toggle_auto_flip, pygame.K_t, "T", on=t.auto_flip, tip=tip)]


def _hint(t: TableScene, actor: int | None, own: View) -> list[str]:
    """What the bar says when nobody is refused anything: how to look, or that nobody is asked;
    then the same in fewer words, longest first, for a narrow bar."""
    to_move = t.session.to_move()
    if actor is not None and actor == to_move and t.viewer() is None:  # peek mode, not looking
        name = own["seats"][actor]["name"]
        return [
            f"Your move, {name}: hold H, or the mouse button on your cards, to look.",
            f"Your move, {name}: hold H or your cards to look.",
            f"{name}: hold H or your cards to look.",
            "Your move: hold H or your cards to look.",
        ]
    if to_move is None or to_move == actor:
        return [""]
    name = own["seats"][to_move]["name"]
    if to_move in elsewhere(t.session):  # decided at another computer: nothing here hurries it
        if own["seats"][to_move].get("kind") == "bot":
            return [f"{name} is thinking…"]
        return [f"Waiting for {name}, at another computer.", f"Waiting for {name}."]
    if to_move in t.humans():  # asked() is None: the decision runs by itself
        why = "nobody can bet any more" if not t.auto_flip else "auto-flip is on"
        return [f"{why.capitalize()}: the computer flips for {name}. Space: faster."]
    return [f"{name} is thinking… Space: faster."]


def _draw_interlude(t: TableScene) -> None:
    """The public screens between hands and at the end."""
    view = t.view_for(None)
    betting = bool(t.rules.betting)
    if t.showdown is not None:
        names = [s["name"] for s in view["seats"]]
        variant = t.rules.variant
        why = t.showdown.why or explain(t.showdown, variant.sections.get("hands"))
        unit = "chips" if betting else "points"
        meaning = category_meaning(variant)
        draw_showdown_screen(t.canvas, names, t.showdown, why, unit, t.continue_game, meaning)
        draw_tooltip(t.canvas, t.pointer)
    else:
        labels = [*t.next_games, "Menu"]
        draw_finale(t.canvas, view, betting, {label: partial(t.end_choice, label) for label in labels})
