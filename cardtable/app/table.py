"""The table: one game in play, drawn from one seat's view, with every interaction of every game.

The scene never decides rules: it draws `session.view(seat)`, offers exactly the view's legal
action templates, and sends filled-in actions to the engine, which says why when it refuses one.

Privacy in hot-seat play: before a person acts, a curtain covers the whole screen and names who
is next; only after they confirm is their view drawn. While a computer player acts, the screen
shows what everyone may see (or, with a single person at the table, that person's view).
"""

from __future__ import annotations

import random
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import pygame

from ..session import GameSession
from . import frame, ui
from .controls import Control, build_controls, describe, role_badge
from .geometry import TableGeometry, fan_positions, grid_cell_size
from .scene import App, Scene

BOT_DELAY = 0.7  # seconds a computer player "thinks" visibly before acting
BUBBLE_TIME = 2.2
SHOWDOWN_TIME = 4.0  # seconds the showdown stays up (any key or click dismisses it)
POT_FLIGHT = 0.9  # seconds for the pot to slide to its winners
DEAL_TIME = 0.28  # seconds a newly arrived card takes to glide in from the deck
TABLE_FELT = (28, 96, 64)
RAIL = (70, 44, 26)
GLOW = (255, 214, 90)
SELECT = (90, 200, 255)
SPOT = (120, 230, 140)


def computer_action(session: GameSession, seat: int) -> dict[str, Any]:
    """The computer player's decision for `seat` (also the screenshot driver's moves)."""
    # lead: replace with the view-only Thinker
    from ..engine.bots import choose_action

    return choose_action(session.rules, session.state, seat, random.Random(session.bot_seed()))


@dataclass
class Hit:
    rect: pygame.Rect
    kind: str  # "hand", "cell", "index", "spot", "button", "slider"
    payload: Any = None


class TableScene(Scene):
    manifest_scene = "table"

    def __init__(self, app: App, session: GameSession, bot_delay: float = BOT_DELAY) -> None:
        super().__init__(app)
        from ..render.faces import FacePainter

        self.session = session
        self.deck = session.variant.deck
        self.painter = FacePainter(self.deck)
        self._faces: OrderedDict[tuple[int, int], pygame.Surface] = OrderedDict()
        self.bot_delay = bot_delay
        self.bot_clock = 0.0
        self.rng = random.Random(session.seed * 7919 + 17)
        self.confirmed: int | None = None  # the person who last lifted the curtain
        self.selected: list[int] = []
        self.amount = 0
        self.call_showdown = False  # this decision also calls the showdown
        self.show_cards = False  # ... and shows the selected cards for double stakes
        self.message = ""
        self.show_rules = False
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.clock = 0.0
        self.hits: list[Hit] = []
        self.controls: list[Control] = []
        self.hover: int | None = None
        self.spot_preview: tuple[tuple[int, int], str] | None = None
        self._view_key: tuple[int, int | None] | None = None
        self._shown_for: tuple[int | None, bool] | None = None  # (viewer, curtain) of the last frame
        self._view: dict[str, Any] = {}
        self._slider: tuple[pygame.Rect, int, int] | None = None
        self.drawn_cards: list[int] = []  # every card id drawn face up in the last frame (privacy tests)
        self.grid_zoom = 1.0  # grids can be zoomed (wheel) and panned (right-drag): the 10x10 board
        self.grid_pan = [0.0, 0.0]
        self.grid_area: pygame.Rect | None = None
        self._grid_origin = (0, 0)
        self._drag: tuple[int, int] | None = None
        self.showdown: dict[str, Any] | None = None  # the last hand's shown hands, while on display
        self.showdown_at = 0.0
        self._last_hand_seen = self._hand_key()
        self._seat_panels: dict[int, pygame.Rect] = {}
        self._slots_seen: dict[str, set[Any]] = {}  # per zone: the places that held a card last frame
        self._arrivals: dict[tuple[str, Any], float] = {}  # (zone, place) -> when a card arrived there
        self._deck_pos: tuple[int, int] | None = None
        self.sampler: Any = None  # the rules panel's frequency sampler, made when first shown

    # ------------------------------------------------------------------ who sees what
    @property
    def rules(self) -> Any:
        return self.session.rules

    @property
    def state(self) -> dict[str, Any]:
        return self.session.state

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.session.seats) if s.get("kind") != "bot"]

    def curtain_for(self) -> int | None:
        """The person the curtain is waiting for, if it is up."""
        to_move = self.rules.to_move(self.state)
        humans = self.humans()
        if to_move in humans and len(humans) > 1 and self.confirmed != to_move:
            return to_move
        return None

    def viewer(self) -> int | None:
        """Whose view is drawn: the person acting, the only person, or (None) the public table."""
        if self.rules.is_over(self.state):
            return None
        to_move = self.rules.to_move(self.state)
        humans = self.humans()
        if to_move in humans:
            return to_move if self.curtain_for() is None else None
        if len(humans) == 1:
            return humans[0]
        return None

    def view(self) -> dict[str, Any]:
        seat = self.viewer()
        key = (id(self.state), seat)
        if key != self._view_key:
            self._view = self.session.view(seat)
            self._view_key = key
        return self._view

    # ------------------------------------------------------------------ acting
    def act(self, action: dict[str, Any]) -> bool:
        reason = self.rules.check(self.state, action)
        if reason is not None:
            self.message = reason[0].upper() + reason[1:]
            return False
        seat = action["seat"]
        self.session.act(action)
        self.bubbles[seat] = (describe(action, self.deck), self.clock)
        self.selected, self.call_showdown, self.show_cards, self.message = [], False, False, ""
        self.amount = 0
        self.hits = []  # the places clicked on belonged to the game before this action
        return True

    def _forget_on_new_viewer(self, shown: tuple[int | None, bool]) -> None:
        """The card pointed at (and its large preview), the cards chosen and the cards in flight
        belong to the person who was looking: a frame for anybody else (or the curtain) starts
        without them, so nothing of one person's hand reaches the next."""
        if shown == self._shown_for:
            return
        self._shown_for = shown
        self.hover, self.spot_preview, self.selected = None, None, []
        self.amount, self.call_showdown, self.show_cards = 0, False, False
        self._arrivals.clear()

    def lift_curtain(self) -> None:
        who = self.curtain_for()
        if who is not None:
            self.confirmed = who
            self.selected = []

    def undo(self) -> None:
        seat = self.viewer()
        if seat is None:
            return
        if self.session.undo(seat):
            self.message = "Your last decision was taken back."
            self.selected = []
        else:
            self.message = "Undo is not fair now: a card was seen, or someone else decided, since."

    def _hand_key(self) -> Any:
        history = self.state["history"]
        return (len(history), history[-1]["hand"]) if history else None

    def showing_showdown(self) -> bool:
        return self.showdown is not None and self.clock - self.showdown_at < SHOWDOWN_TIME

    def update(self, dt: float) -> None:
        self.clock += dt
        key = self._hand_key()
        if key != self._last_hand_seen:
            self._last_hand_seen = key
            last = self.view().get("last_hand")
            if last and last.get("shown"):
                self.showdown, self.showdown_at = last, self.clock
        if self.showing_showdown():
            return  # everyone looks at the showdown; nobody acts meanwhile
        to_move = self.rules.to_move(self.state)
        if to_move is None or self.session.seats[to_move].get("kind") != "bot":
            self.bot_clock = 0.0
            return
        self.bot_clock += dt
        if self.bot_clock >= self.bot_delay:
            self.bot_clock = 0.0
            self.act(computer_action(self.session, to_move))

    # ------------------------------------------------------------------ events
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()  # the game is autosaved after every action
            return
        if self.curtain_for() is not None:
            if (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)) or (
                event.type == pygame.MOUSEBUTTONUP and event.button == 1
            ):
                self.lift_curtain()
            return
        if self.showing_showdown() and (
            event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONUP and event.button == 1)
        ):
            self.showdown = None
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            pointer = pygame.mouse.get_pos()
            if self.grid_area is not None and self.grid_area.collidepoint(pointer):
                self.zoom_grid(1.25 if event.y > 0 else 0.8, pointer)
            elif self._slider is not None:
                self._nudge(event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._drag = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self._drag = None

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return
        if event.key == pygame.K_TAB:
            self.show_rules = not self.show_rules
            return
        if event.key == pygame.K_0:
            self.grid_zoom, self.grid_pan = 1.0, [0.0, 0.0]
            return
        if event.key in (pygame.K_UP, pygame.K_RIGHT):
            self._nudge(1)
            return
        if event.key in (pygame.K_DOWN, pygame.K_LEFT):
            self._nudge(-1)
            return
        for control in self.controls:
            if control.enabled and control.key == event.key:
                control.action()
                return

    def _nudge(self, direction: int) -> None:
        if self._slider is None:
            return
        _, lo, hi = self._slider
        step = max(1, self.state["blind"] or 1)
        self.amount = max(lo, min(hi, self.amount + direction * step))

    def zoom_grid(self, factor: float, pointer: tuple[int, int]) -> None:
        """Zoom the grids about the pointer (the point under it stays put)."""
        new = max(1.0, min(5.0, self.grid_zoom * factor))
        scale = new / self.grid_zoom
        ox, oy = self._grid_origin
        self.grid_pan[0] += (pointer[0] - ox) * (1 - scale)
        self.grid_pan[1] += (pointer[1] - oy) * (1 - scale)
        self.grid_zoom = new
        if new == 1.0:
            self.grid_pan = [0.0, 0.0]

    def _motion(self, pos: tuple[int, int]) -> None:
        if self._drag is not None:
            self.grid_pan[0] += pos[0] - self._drag[0]
            self.grid_pan[1] += pos[1] - self._drag[1]
            self._drag = pos
        self.hover = None
        self.spot_preview = None
        for hit in reversed(self.hits):
            if hit.rect.collidepoint(pos):
                if hit.kind in ("hand", "card") and hit.payload >= 0:
                    self.hover = hit.payload
                if hit.kind == "spot":
                    self.spot_preview = (hit.payload, self._preview_points(hit.payload))
                break

    def _click(self, pos: tuple[int, int]) -> None:
        for hit in reversed(self.hits):
            if not hit.rect.collidepoint(pos):
                continue
            if hit.kind == "button":
                hit.payload()
            elif hit.kind == "slider":
                rect, lo, hi = self._slider  # type: ignore[misc]
                frac = (pos[0] - rect.left) / max(1, rect.width)
                self.amount = int(lo + round(frac * (hi - lo)))
            elif hit.kind == "hand":
                self._toggle(hit.payload)
            elif hit.kind == "flip":
                self.act(hit.payload)
            elif hit.kind == "spot":
                self._place(hit.payload)
            return

    def _toggle(self, card: int) -> None:
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)
            limit = self._selection_limit()
            if limit is not None and len(self.selected) > limit:
                self.selected.pop(0)

    def _selection_limit(self) -> int | None:
        for t in self.view().get("legal", []):
            if t["type"] == "discard":
                return t["max"]
            if t["type"] == "place":
                return 1
        if self.show_cards:
            return self._reveal_count()
        return None

    def _reveal_count(self) -> int:
        return next(
            (t.get("reveal_count", 0) for t in self.view().get("legal", []) if t.get("showdown_allowed")), 0
        )

    def _place(self, at: tuple[int, int]) -> None:
        seat = self.viewer()
        if seat is None:
            return
        if len(self.selected) != 1:
            self.message = "Choose a card of your hand first, then a highlighted place."
            return
        self.act({"seat": seat, "type": "place", "card": self.selected[0], "at": list(at)})

    def _preview_points(self, at: tuple[int, int]) -> str:
        if len(self.selected) != 1:
            return "choose a card first"
        from ..hands import api

        grid = {}
        for z in self.view()["zones"].values():
            if "cells" in z:
                grid.update({(r, c): card for r, c, card in z["cells"] if card >= 0})
        grid[tuple(at)] = self.selected[0]
        try:
            placement = api.score_placement(self.session.variant, grid, tuple(at))
        except Exception:  # a preview must never break the table
            return ""
        lines = ", ".join(f"{cat} {pts}" for _, cat, pts in placement.lines)
        bonus = f" + bonus {placement.bonus}" if placement.bonus else ""
        return f"{placement.total} points" + (f" ({lines}{bonus})" if lines else "")

    # ------------------------------------------------------------------ drawing
    def face(self, card: int, width: int) -> pygame.Surface:
        """A card face (or the back for -1), cached by size."""
        key = (card, width)
        surf = self._faces.get(key)
        if surf is None:
            surf = self.painter.back(width) if card < 0 else self.painter.render(card, width)
            self._faces[key] = surf
            if len(self._faces) > 700:
                self._faces.popitem(last=False)
        else:
            self._faces.move_to_end(key)
        return surf

    def blit_card(
        self,
        surface: pygame.Surface,
        card: int,
        pos: tuple[int, int],
        width: int,
        kind: str = "card",
        payload: Any = None,
        raised: bool = False,
        outline: tuple[int, int, int] | None = None,
        slot: tuple[str, Any] | None = None,
        where: str = "community",
    ) -> pygame.Rect:
        """Draw a card (or its back) and make it clickable; a card new to its `slot` glides in."""
        x, y = pos
        if raised:
            y -= width // 4
        start = self._arrivals.get(slot) if slot is not None else None
        if start is not None and self._deck_pos is not None:
            t = (self.clock - start) / DEAL_TIME
            if t < 1:  # glide in from the deck, easing out
                ease = 1 - (1 - t) ** 3
                x = int(self._deck_pos[0] + (x - self._deck_pos[0]) * ease)
                y = int(self._deck_pos[1] + (y - self._deck_pos[1]) * ease)
            else:
                del self._arrivals[slot]
        image = self.face(card, width)
        rect = surface.blit(image, (x, y))
        if card >= 0:
            self.drawn_cards.append(card)
        frame.note_card(surface, card, rect, where)
        if outline:
            pygame.draw.rect(surface, outline, rect.inflate(4, 4), width=3, border_radius=max(3, width // 12))
        self.hits.append(Hit(rect, kind, payload if payload is not None else card))
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        self.hits, self.controls, self.drawn_cards = [], [], []
        self._slider = None
        surface.fill((18, 40, 30))
        who = self.curtain_for()
        self._forget_on_new_viewer((None, True) if who is not None else (self.viewer(), False))
        if who is not None:
            frame.shows(None, curtain=True)
            self._draw_curtain(surface, who)
            return
        view = self.view()
        frame.shows(view["seat"])
        self._note_arrivals(view)
        seats = view["seats"]
        viewer = view["seat"]
        humans = self.humans()
        bottom = viewer if viewer is not None else (humans[0] if humans else 0)
        geo = TableGeometry(surface.get_size(), len(seats), bottom)
        t = geo.table
        pygame.draw.ellipse(surface, RAIL, t.inflate(-20, -20))
        pygame.draw.ellipse(surface, TABLE_FELT, t.inflate(-44, -44))
        footprints = []
        for seat in range(len(seats)):
            own = seat == viewer
            count = sum(len(z.get("cards", [])) for z in view["zones"].values() if z["owner"] == seat)
            footprints.append(geo.footprint(seat, self.seat_card_width(geo, own), count, own))
        centre = geo.centre_area(footprints)
        for seat, footprint in enumerate(footprints):
            frame.region(f"seat:{seat}", footprint)
        frame.region("community", centre)
        frame.region("actions", geo.bar)
        self._draw_table_zones(surface, geo, view, centre)
        for seat in range(len(seats)):
            self._draw_seat(surface, geo, view, seat)
        self._draw_pots(surface, centre, view)
        self._draw_panel(surface, geo, view)
        self._draw_bar(surface, geo, view)
        if self.showing_showdown():
            self._draw_showdown(surface, geo, centre, view)

    def _draw_showdown(
        self, surface: pygame.Surface, geo: TableGeometry, area: pygame.Rect, view: dict[str, Any]
    ) -> None:
        """The hands shown, best cards raised and categories named, and the pot going to the winners."""
        last = self.showdown or {}
        shown = sorted(last.get("shown", []), key=lambda h: -h.get("won", 0))
        names = view["seats"]
        rows = len(shown)
        width = max(28, min(64, (area.height - 50) // max(1, rows) * 10 // 17 - 6))
        box = area.inflate(24, 16)
        frame.region("showdown", box)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((10, 20, 16, 225))
        surface.blit(shade, box)
        ui.text(
            surface,
            f"Showdown, hand {last.get('hand', '')}",
            (box.left + 12, box.top + 6),
            26,
            ui.WHITE,
            True,
        )
        y = box.top + 36
        for h in shown:
            winner = h.get("won", 0) > 0
            colour = GLOW if winner else (220, 225, 220)
            label = f"{names[h['seat']]['name']}: {h['category']}" + (f"  +{h['won']:,}" if winner else "")
            ui.text(surface, label, (box.left + 12, y), 22, colour, bold=winner)
            x = box.left + 12
            made = set(h.get("made", ()))
            for card in h["cards"]:  # the category's own cards stand raised above the kickers
                self.blit_card(
                    surface,
                    card,
                    (x, y + 22 + width // 4),
                    width,
                    raised=card in made,
                    where=f"showdown:{h['seat']}",
                )
                x += int(width * 0.8)
                if x > box.right - width:
                    break
            y += int(width * 1.4) + width // 4 + 30
        # the pot slides from the middle to each winner's seat
        flight = (self.clock - self.showdown_at) / POT_FLIGHT
        if flight < 1:
            for h in shown:
                panel = self._seat_panels.get(h["seat"])
                if h.get("won", 0) > 0 and panel is not None:
                    x = area.centerx + (panel.centerx - area.centerx) * flight
                    y2 = area.centery + (panel.centery - area.centery) * flight
                    pygame.draw.circle(surface, GLOW, (int(x), int(y2)), 16)
                    pygame.draw.circle(surface, (150, 110, 20), (int(x), int(y2)), 16, 3)
        ui.text(
            surface,
            "any key: continue",
            (box.right - 10, box.bottom - 24),
            18,
            (190, 200, 195),
            anchor="topright",
        )

    def _note_arrivals(self, view: dict[str, Any]) -> None:
        """Mark the places that hold a card now but did not last frame: those cards glide in."""
        for name, z in view["zones"].items():
            if z["shape"] == "stack":
                continue
            now = {(r, c) for r, c, _ in z["cells"]} if "cells" in z else set(range(len(z["cards"])))
            before = self._slots_seen.get(name)
            if before is not None:
                for place in now - before:
                    self._arrivals[(name, place)] = self.clock
            self._slots_seen[name] = now

    @staticmethod
    def seat_card_width(geo: TableGeometry, own: bool) -> int:
        return int(geo.card_width * (1.1 if own else 0.55))

    def _draw_curtain(self, surface: pygame.Surface, seat: int) -> None:
        w, h = surface.get_size()
        surface.fill((30, 22, 40))
        for i in range(0, w, 48):
            pygame.draw.rect(surface, (40, 30, 54), (i, 0, 24, h))
        name = self.session.seats[seat]["name"]
        title = ui.text(
            surface, f"Pass the screen to {name}", (w // 2, h // 2 - 60), 64, ui.WHITE, True, "center"
        )
        words = ui.text(
            surface,
            "Everyone else, look away: their cards are about to be shown.",
            (w // 2, h // 2),
            28,
            (220, 210, 235),
            anchor="center",
        )
        button = pygame.Rect(0, 0, 360, 64)
        button.center = (w // 2, h // 2 + 80)
        pygame.draw.rect(surface, ui.ACCENT, button, border_radius=12)
        ui.text(surface, f"I am {name}: show me  [Space]", button.center, 28, ui.INK, anchor="center")
        self.hits.append(Hit(button, "button", self.lift_curtain))
        frame.region("prompt", title.unionall([words, button]))

    # ---- zones
    def _draw_table_zones(
        self, surface: pygame.Surface, geo: TableGeometry, view: dict[str, Any], centre: pygame.Rect
    ) -> None:
        table_zones = [(n, z) for n, z in view["zones"].items() if z["owner"] == "table"]
        by_place: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        for name, z in table_zones:
            by_place.setdefault(z["place"] if z["place"] != "seat" else "center", []).append((name, z))
        legal = view.get("legal", [])
        flips = next((t for t in legal if t["type"] == "flip"), None)
        spots = next((t for t in legal if t["type"] == "place"), None)
        for place, zones in by_place.items():
            area = geo.place_rect(place, centre)
            stacks = [(n, z) for n, z in zones if z["shape"] == "stack"]
            others = [(n, z) for n, z in zones if z["shape"] != "stack"]
            if stacks:
                width = max(34, geo.card_width * 3 // 5)
                strip = pygame.Rect(area.left, area.top, width + 24, area.height)
                for i, (name, z) in enumerate(stacks):
                    y = strip.top + i * (int(width * 1.4) + 50)
                    self._draw_stack(surface, (strip.left, y), width, z, name)
                area = pygame.Rect(
                    area.left + strip.width + 12, area.top, area.width - strip.width - 12, area.height
                )
            if not others:
                continue
            share = area.height // len(others)
            for i, (name, z) in enumerate(others):
                part = pygame.Rect(area.left, area.top + i * share, area.width, share)
                if "cells" in z:
                    self._draw_grid(surface, part, name, z, flips, spots)
                else:
                    self._draw_row(surface, part, name, z, geo.card_width, flips)

    def _draw_stack(
        self, surface: pygame.Surface, pos: tuple[int, int], width: int, z: dict[str, Any], name: str
    ) -> None:
        count = z["count"]
        layers = 0 if count == 0 else min(14, 1 + count.bit_length())
        x, y = pos[0], pos[1] + layers * 2
        for i in range(layers):
            pygame.draw.rect(
                surface, (235, 232, 220), (x + i, y - i * 2, width, int(width * 1.4)), border_radius=5
            )
            pygame.draw.rect(
                surface, (120, 120, 120), (x + i, y - i * 2, width, int(width * 1.4)), 1, border_radius=5
            )
        if count:
            top = z["cards"][-1] if z.get("cards") else -1
            self._deck_pos = (x + layers, y - layers * 2)
            self.blit_card(surface, top, self._deck_pos, width, where="stack")
        label = f"{z['label']}: {count:,}"
        if count >= 2000:  # a physical deck's height: about 0.2 mm a card
            label += f" ({count * 0.2 / 1000:.1f} m tall)"
        ui.text(surface, label, (x, y + int(width * 1.4) + 4), 18, ui.WHITE)

    def _draw_row(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        name: str,
        z: dict[str, Any],
        width: int,
        flips: dict[str, Any] | None,
    ) -> None:
        cards = z["cards"]
        if z["shape"] == "row":  # a row is laid out side by side: shrink the cards to fit, never overlap
            room = max(5, len(cards))
            width = max(24, min(width, int(area.width / (room * 1.08)), int(area.height / 1.4) - 24))
        label = f"{z['label']}" + (f" ({len(cards)})" if z["shape"] == "fan" else "")
        slot = pygame.Rect(0, 0, min(area.width - 8, width * 5 + 40), int(width * 1.4))
        slot.center = (area.centerx, area.centery + 8)
        ui.text(surface, label, (slot.left, max(area.top, slot.top - 22)), 18, (220, 240, 225))
        if not cards:  # show where the cards will go
            pygame.draw.rect(surface, (40, 118, 80), slot, width=2, border_radius=8)
        choices = set(flips["choices"]) if flips and flips.get("key") == "index" else set()
        positions = fan_positions(
            len(cards),
            (area.centerx, area.centery + 8),
            width,
            spread=1.08 if z["shape"] == "row" else 0.5,
            max_width=area.width,
        )
        seat = self.viewer()
        for i, (card, pos) in enumerate(zip(cards, positions)):
            if i in choices and seat is not None:
                self.blit_card(
                    surface,
                    card,
                    pos,
                    width,
                    "flip",
                    {"seat": seat, "type": "flip", "index": i},
                    outline=GLOW,
                )
            else:
                self.blit_card(surface, card, pos, width, slot=(name, i))

    def _draw_grid(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        name: str,
        z: dict[str, Any],
        flips: dict[str, Any] | None,
        place: dict[str, Any] | None,
    ) -> None:
        cells = z["cells"]
        spots = [tuple(s) for s in place["spots"]] if place else []
        points = [(r, c) for r, c, _ in cells] + spots
        if z.get("size"):
            r0, c0, rows, cols = 0, 0, z["size"][0], z["size"][1]
        elif points:
            r0, c0 = min(p[0] for p in points), min(p[1] for p in points)
            rows, cols = max(p[0] for p in points) - r0 + 1, max(p[1] for p in points) - c0 + 1
        else:
            r0, c0, rows, cols = 0, 0, 1, 1
        inner = area.inflate(-4, -24).move(0, 10)
        width = int(grid_cell_size(rows, cols, inner) * self.grid_zoom)
        height = int(width * 1.4)
        total_w, total_h = cols * (width + 4) - 4, rows * (height + 4) - 4
        left = int(inner.centerx - total_w // 2 + self.grid_pan[0] * (self.grid_zoom > 1))
        top = int(inner.centery - total_h // 2 + self.grid_pan[1] * (self.grid_zoom > 1))
        self.grid_area, self._grid_origin = inner, (left, top)
        ui.text(surface, z["label"], (max(area.left, left), max(area.top, top - 22)), 18, (220, 240, 225))
        clip, first_hit = surface.get_clip(), len(self.hits)
        surface.set_clip(inner)
        if self.grid_zoom > 1:
            ui.text(
                surface,
                "wheel: zoom · right-drag: pan · 0: fit",
                (inner.right, area.top),
                16,
                (200, 220, 210),
                anchor="topright",
            )
        flip_at = {tuple(c) for c in flips["choices"]} if flips and flips.get("key") == "at" else set()
        seat = self.viewer()

        def corner(r: int, c: int) -> tuple[int, int]:
            return left + (c - c0) * (width + 4), top + (r - r0) * (height + 4)

        for r, c, card in cells:
            pos = corner(r, c)
            if (r, c) in flip_at and seat is not None:
                self.blit_card(
                    surface,
                    card,
                    pos,
                    width,
                    "flip",
                    {"seat": seat, "type": "flip", "at": [r, c]},
                    outline=GLOW if self.hover is None else None,
                    where="grid",
                )
            else:
                self.blit_card(surface, card, pos, width, slot=(name, (r, c)), where="grid")
        for r, c in spots:
            rect = pygame.Rect(*corner(r, c), width, height)
            chosen = self.spot_preview is not None and self.spot_preview[0] == (r, c)
            pygame.draw.rect(surface, SPOT, rect, width=3 if not chosen else 6, border_radius=6)
            self.hits.append(Hit(rect, "spot", (r, c)))
        if self.spot_preview:
            (r, c), words = self.spot_preview
            x, y = corner(r, c)
            if words:
                ui.tag(surface, words, (x + width // 2, y - 4), 22, SPOT, radius=6, anchor="midbottom")
        surface.set_clip(clip)
        # cards zoomed out of sight cannot be clicked
        self.hits[first_hit:] = [h for h in self.hits[first_hit:] if inner.colliderect(h.rect)]

    # ---- seats
    def _draw_seat(
        self, surface: pygame.Surface, geo: TableGeometry, view: dict[str, Any], seat: int
    ) -> None:
        s = view["seats"][seat]
        panel = geo.seat_panel(seat)
        self._seat_panels[seat] = panel
        to_move = view["to_move"] == seat
        own = view["seat"] == seat
        # the seat's cards: every per-seat zone, the viewer's own larger and selectable
        zones = [(n, z) for n, z in view["zones"].items() if z["owner"] == seat]
        width = self.seat_card_width(geo, own)
        count = sum(len(z.get("cards", [])) for _, z in zones)
        anchor = geo.seat_cards_anchor(seat, width, count, own)
        legal = view.get("legal", [])
        selectable = own and any(
            t["type"] in ("discard", "swap", "place") or t.get("showdown_allowed") for t in legal
        )
        for i, (name, z) in enumerate(zones):
            cards = z.get("cards", [])
            centre = (anchor[0], anchor[1] + i * int(width * 0.9))
            max_w = geo.table.width // 2 if own else geo.table.width // 5
            positions = fan_positions(
                len(cards), centre, width, spread=0.72 if own else 0.35, max_width=max_w
            )
            for j, (card, pos) in enumerate(zip(cards, positions)):
                picked = card in self.selected and own
                if selectable and card >= 0:
                    self.blit_card(
                        surface,
                        card,
                        pos,
                        width,
                        "hand",
                        card,
                        raised=picked,
                        outline=SELECT if picked else None,
                        slot=(name, j),
                        where=f"hand:{seat}",
                    )
                else:
                    self.blit_card(surface, card, pos, width, slot=(name, j), where=f"hand:{seat}")
        colour = (250, 246, 232) if not s["folded"] and not s["out"] else (150, 150, 145)
        if to_move:
            pulse = 3 + int(2 * abs(((self.clock * 2) % 2) - 1))
            pygame.draw.rect(surface, GLOW, panel.inflate(8 + pulse, 8 + pulse), border_radius=14)
        pygame.draw.rect(surface, colour, panel, border_radius=10)
        kind = "  (computer)" if s["kind"] == "bot" and "computer" not in s["name"].lower() else ""
        ui.text(surface, s["name"] + kind, (panel.left + 10, panel.top + 6), 22, ui.INK, bold=True)
        money = f"{s['chips']:,} chips" if self.session.rules.betting else f"{s['points']} points"
        if s["out"]:
            money = "out"
        elif s["folded"]:
            money += " · folded"
        ui.text(surface, money, (panel.left + 10, panel.top + 30), 20, ui.MUTED if s["folded"] else ui.INK)
        x = panel.right - 8
        for role in reversed(s["roles"]):
            fill = (60, 70, 150) if role != "dealer" else (170, 60, 60)
            box = ui.tag(
                surface, role_badge(role), (x, panel.top + 6), 18, fill, ui.WHITE, (8, 4), 6, "topright"
            )
            x = box.left - 4
        if s["bet"]:
            ui.text(surface, f"bet {s['bet']:,}", (panel.centerx, panel.bottom + 4), 20, GLOW, True, "midtop")
        bubble = self.bubbles.get(seat)
        if bubble and self.clock - bubble[1] < BUBBLE_TIME:
            ui.tag(
                surface,
                bubble[0],
                (panel.centerx, panel.top - 6),
                22,
                (255, 255, 255),
                pad=(14, 8),
                radius=10,
                anchor="midbottom",
            )

    def _draw_pots(self, surface: pygame.Surface, area: pygame.Rect, view: dict[str, Any]) -> None:
        pots = view.get("pots") or []
        if not pots:
            return
        total = sum(p["amount"] for p in pots)
        words = f"Pot {total:,}"
        all_in = any(s["chips"] == 0 and not s["out"] and not s["folded"] for s in view["seats"])
        if len(pots) > 1 and all_in:  # side pots are real only once somebody is all in
            words += "  (" + " + ".join(f"{p['amount']:,}" for p in pots) + ")"
        box = ui.tag(
            surface, words, (area.right, area.top), 30, GLOW, pad=(20, 8), radius=14, anchor="topright"
        )
        frame.region("pot", box)

    # ---- side panel: the log, the rules, a large preview of the hovered card
    def _draw_panel(self, surface: pygame.Surface, geo: TableGeometry, view: dict[str, Any]) -> None:
        panel = geo.panel
        pygame.draw.rect(surface, (24, 30, 28), panel)
        x = panel.left + 14
        title = f"{self.session.variant.name} · hand {view['hand_number']}"
        ui.text(surface, title, (x, 12), 22, ui.WHITE, bold=True)
        ui.text(surface, "Tab: rules  ·  Ctrl+Z: undo  ·  Esc: menu", (x, 38), 18, (170, 190, 180))
        top = 64
        frame.region("header", pygame.Rect(panel.left, panel.top, panel.width, top))
        if self.hover is not None and self.hover >= 0:
            frame.region("preview", pygame.Rect(panel.left, top, panel.width, 284))
            big = self.face(self.hover, 180)
            shown = surface.blit(big, (x + (panel.width - 28 - 180) // 2, top))
            frame.note_card(surface, self.hover, shown, "preview")
            ui.text(
                surface, self.deck.name(self.hover), (panel.centerx, top + 256), 20, ui.WHITE, anchor="midtop"
            )
            top += 284
        frame.region(
            "rules" if self.show_rules else "log",
            pygame.Rect(panel.left, top, panel.width, panel.bottom - top),
        )
        lines = self._rules_lines() if self.show_rules else view["log"]
        wrapped: list[str] = []
        for line in lines[-60:]:
            wrapped += ui.wrap(line, 20, panel.width - 28)
        room = (panel.height - top - 10) // 21
        y = top
        for line in wrapped[-room:]:
            ui.text(surface, line, (x, y), 20, (225, 230, 225))
            y += 21

    def _rules_lines(self) -> list[str]:
        v = self.session.variant
        out = [v.name, v.description, ""]
        hands = v.sections.get("hands")
        if hands is None:
            return out
        if self.sampler is None:
            from .rules_view import FrequencySampler

            self.sampler = FrequencySampler(v)
        self.sampler.step(0.004)
        out.append(f"Hands, best first (how often, of {self.sampler.samples:,} random hands):")
        for i, cat in enumerate(hands.categories):
            points = f" · {cat.points} points" if cat.points else ""
            out.append(f"{i + 1}. {cat.name}{points}  {self.sampler.frequency(i)}")
        return out

    # ---- the action bar
    def _draw_bar(self, surface: pygame.Surface, geo: TableGeometry, view: dict[str, Any]) -> None:
        bar = geo.bar
        pygame.draw.rect(surface, (30, 34, 40), bar)
        seat = view["seat"]
        legal = view.get("legal", [])
        to_move = view["to_move"]
        if view.get("over"):
            result = view.get("result") or {}
            names = [view["seats"][w]["name"] for w in result.get("winners", [])]
            verb = "wins" if len(names) == 1 else "win"
            ui.text(
                surface, f"{' and '.join(names)} {verb}!", (bar.left + 14, bar.top + 34), 44, GLOW, bold=True
            )
            status = f"The game is over: {result.get('reason', '')}. Esc returns to the menu."
        elif to_move is None:
            status = ""
        elif seat != to_move:
            status = f"{view['seats'][to_move]['name']} is thinking…"
        else:
            status = f"Your move, {view['seats'][seat]['name']}."
        ui.text(
            surface,
            self.message or status,
            (bar.left + 14, bar.top + 8),
            22,
            (255, 200, 140) if self.message else ui.WHITE,
        )
        if seat is None or seat != to_move:
            return
        self.controls = build_controls(self, seat, legal)
        x, y = bar.left + 14, bar.top + 40
        for control in self.controls:
            label = control.label + (f" [{control.keyname}]" if control.keyname else "")
            rect = pygame.Rect(x, y, ui.font(22, True).size(label)[0] + 22, 34)
            if rect.right > bar.right - 10:
                x, y = bar.left + 14, y + 40
                rect.topleft = (x, y)
            colour = ui.ACCENT if control.on else (ui.PANEL if control.enabled else (120, 120, 120))
            pygame.draw.rect(surface, colour, rect, border_radius=8)
            ui.text(surface, label, rect.center, 22, ui.INK if control.enabled else ui.MUTED, True, "center")
            if control.enabled:
                self.hits.append(Hit(rect, "button", control.action))
            x = rect.right + 8
        raise_t = next((t for t in legal if t["type"] in ("bet", "raise")), None)
        if raise_t is not None:
            lo, hi = raise_t["min"], raise_t["max"]
            self.amount = max(lo, min(hi, self.amount or lo))
            track = pygame.Rect(bar.right - 330, bar.top + 14, 300, 10)
            pygame.draw.rect(surface, (90, 90, 100), track, border_radius=5)
            frac = 0 if hi == lo else (self.amount - lo) / (hi - lo)
            knob = (int(track.left + frac * track.width), track.centery)
            pygame.draw.circle(surface, ui.ACCENT, knob, 10)
            ui.text(surface, f"{lo:,}", (track.left, track.bottom + 4), 16, ui.WHITE)
            ui.text(surface, f"{hi:,}", (track.right, track.bottom + 4), 16, ui.WHITE, anchor="topright")
            self._slider = (track, lo, hi)
            self.hits.append(Hit(track.inflate(0, 20), "slider"))

    def open_picker(self, seat: int, count: int) -> None:
        from .picker import PickerScene

        def done(cards: list[int]) -> None:
            self.act({"seat": seat, "type": "declare", "cards": cards})

        self.app.push(PickerScene(self.app, self.deck, count, done, self.painter))
