"""Drawing the seats: each one's plate (name, chips or points, bet, roles, speech bubble, a glow
when it is to move) and its cards beside or below it, the viewer's own large and choosable, the
others' small. Where they go is the layout's (layout.py): nothing here leaves its seat's box."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from ...engine import wording
from ...engine.types import SeatView, View, ZoneView
from .. import ui
from ..controls import role_badge, verb_of
from ..geometry import OTHERS_SPREAD, OWN_SPREAD, SeatBox, card_h, fan_positions
from .cards import Canvas, hidden_mark
from .palette import BEST, GLOW, SELECT
from .plates import Tip, draw_plate_face, plate_key
from .view_layout import TableLayout


def draw_seat(
    canvas: Canvas,
    layout: TableLayout,
    view: View,
    seat: int,
    selected: list[int],
    betting: bool,
    role_notes: Mapping[str, str] | None = None,
    best: frozenset[int] = frozenset(),
    player: str = "",
) -> pygame.Rect:
    """Draw the seat; the area its plate and cards cover (its box). `role_notes`: each role's
    sentence (who holds it), the tooltip of its badge; `best`: the viewer's cards that make their
    best hand, outlined (a chosen card is raised and outlined as chosen); `player`: a computer
    player's level and style ("hard, tight"), which its plate says."""
    spot = layout.seat(seat)
    own = view["seat"] == seat
    zones = [(n, z) for n, z in view["zones"].items() if z["owner"] == seat]
    width = spot.card_width
    verb = verb_of(view)
    choosable = own and verb is not None and verb.selects(view["legal"]) is not None
    where = f"hand:{seat}"
    rows = max(1, len(zones))
    rows_h = card_h(width) * rows + 4 * (rows - 1)
    # the viewer's cards sit low in their box: a chosen card rises a quarter card within it
    top = spot.cards.bottom - rows_h if own else spot.cards.centery - rows_h // 2
    hidden = hidden_flags(zones) if own else [[] for _ in zones]
    # a hand mixing cards the others see with cards they do not (stud's up and hole cards) marks
    # the hidden ones, so they stand apart; a hand all hidden (hold'em's, a draw hand) needs none
    mixed = any(h for flags in hidden for h in flags) and not all(h for flags in hidden for h in flags)
    numbered = 0  # the viewer's cards numbered left to right, for the number keys (keys.py)
    for i, (name, z) in enumerate(zones):
        cards = z.get("cards", [])
        centre = (spot.cards.centerx, top + i * (card_h(width) + 4) + card_h(width) // 2)
        spread = OWN_SPREAD if spot.own else OTHERS_SPREAD
        positions = fan_positions(len(cards), centre, width, spread=spread, max_width=spot.cards.width)
        for j, (card, pos) in enumerate(zip(cards, positions)):
            private = own and card >= 0 and hidden[i][j]
            mark = private and mixed
            if choosable and card >= 0:
                picked = card in selected
                outline = SELECT if picked else (BEST if card in best else None)
                rect = canvas.card(
                    card, pos, width, where, "hand", card, picked, outline, (name, j), private, mark
                )
                numbered += 1
                if numbered <= 10:  # its number key: 1..9, then 0 for the tenth
                    _key_badge(canvas, rect, str(numbered % 10), private and mark)
            else:
                outline = BEST if own and card in best else None
                canvas.card(
                    card, pos, width, where, slot=(name, j), private=private, mark=mark, outline=outline
                )
    _draw_plate(canvas, spot, view, seat, betting, role_notes or {}, player)
    return spot.box


def _key_badge(canvas: Canvas, card: pygame.Rect, key: str, marked: bool) -> None:
    """The number key that chooses a card, small in its lower left corner (beside the only-you-
    see mark where it has one)."""
    s = ui.scale()
    x = card.left + int(4 * s) + (hidden_mark(card.width).get_width() + 2 if marked else 0)
    ui.tag(canvas.surface, key, (x, card.bottom - int(4 * s)), 16, SELECT, ui.INK, (6, 0), 4, "bottomleft")


def hidden_flags(zones: list[tuple[str, ZoneView]]) -> list[list[bool]]:
    """Per zone of the viewer's, per card they see face up: whether the others do not see it
    (the view's `public` flags; a zone everyone sees hides nothing)."""
    out = []
    for _, z in zones:
        cards = z.get("cards", [])
        public = z.get("public", []) if z["visibility"] != "everyone" else [True] * len(cards)
        out.append([c >= 0 and not (j < len(public) and public[j]) for j, c in enumerate(cards)])
    return out


def _draw_plate(
    canvas: Canvas,
    spot: SeatBox,
    view: View,
    seat: int,
    betting: bool,
    role_notes: Mapping[str, str],
    player: str = "",
) -> None:
    surface, s, plate = canvas.surface, view["seats"][seat], spot.plate
    if view["to_move"] == seat:
        pulse = canvas.anim.pulse()
        glow = plate.inflate(pulse, pulse).clip(spot.box.inflate(6, 6))
        pygame.draw.rect(surface, GLOW, glow, border_radius=12)

    def body(onto: pygame.Surface, at: pygame.Rect, tip: Tip) -> list[pygame.Rect]:
        return _plate_words(onto, at, s, betting, role_notes, player, tip)

    draw_plate_face(surface, plate, plate_key(plate, s, betting, role_notes, player), body, canvas.tip)
    canvas.anim.draw_bubble(surface, seat, bubble_panel(plate))


def _plate_words(
    surface: pygame.Surface,
    plate: pygame.Rect,
    s: SeatView,
    betting: bool,
    role_notes: Mapping[str, str],
    player: str,
    tip: Tip,
) -> list[pygame.Rect]:
    """The plate itself at `plate`: its ground, role badges, name and chips line; the rectangles
    drawn (plates.py keeps it as a picture)."""
    colour = (250, 246, 232) if not s["folded"] and not s["out"] else (150, 150, 145)
    pygame.draw.rect(surface, colour, plate, border_radius=10)
    drawn = [plate]
    pad = max(6, plate.height // 8)
    x = plate.right - pad
    for role in reversed(s["roles"]):  # the role badges, right to left, as far as there is room
        words = role_badge(role)
        if ui.measure(words, 16, True)[0] + 8 > x - plate.left - plate.width // 2:
            break
        fill = (60, 70, 150) if role != "dealer" else (170, 60, 60)
        box = ui.tag(surface, words, (x, plate.top + pad), 16, fill, ui.WHITE, (8, 2), 6, "topright")
        drawn.append(box)
        tip(box, role_notes.get(role) or words)
        x = box.left - 4
    line = plate.height // 2
    room = x - plate.left - pad * 2
    name = ui.fit(name_forms(s["name"], s["kind"] == "bot", player), 22, room, True)
    shown = ui.text(surface, name, (plate.left + pad, plate.top + pad), 22, ui.INK, True, width=room)
    drawn.append(shown)
    if player:  # the plate may have cut it short: pointing at the name says it whole
        tip(shown, f"{s['name']}: a computer player, {player.replace(', ', ' level, ')} style")
    amount = s["chips"] if betting else s["points"]
    money = wording.count(amount, "chip" if betting else "point", False)
    extra = "folded" if s["folded"] else f"bet {s['bet']:,}" if s["bet"] else ""
    # a narrow plate drops the word "chips" before it cuts anything
    forms = ["out"] if s["out"] else [f"{money} · {extra}", f"{amount:,} · {extra}"] if extra else [money]
    style = player.split(", ")[-1]
    if player and style not in name:  # the name line had no room for the style: this line says it
        forms = [f"{style} · {f}" for f in forms] + forms
    drawn.append(
        ui.text(
            surface,
            ui.fit(forms, 20, plate.width - 2 * pad),
            (plate.left + pad, plate.top + line),
            20,
            ui.MUTED if s["folded"] else ui.INK,
            width=plate.width - 2 * pad,
        )
    )
    return drawn


def name_forms(name: str, bot: bool, player: str) -> list[str]:
    """A seat's name line, in fewer and fewer words: a computer player's says it is one and, when
    it was given them, its level and style ("Hal (computer, hard, tight)")."""
    computer = bot and "computer" not in name.lower()
    plain = f"{name} (computer)" if computer else name
    if not (bot and player):
        return [plain]
    level = player.split(", ")[0]
    said = f"{name} (computer, {player})" if computer else f"{name} ({player})"
    return [said, f"{name} ({player})", f"{name} ({level})", plain]


def bubble_panel(plate: pygame.Rect) -> pygame.Rect:
    """What a seat's speech bubble stands over: its plate, or, at the window's top, a plate's
    place below it."""
    room = ui.line(22) + 24
    return plate if plate.top >= room else plate.move(0, plate.height + room)
