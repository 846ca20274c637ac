"""The action bar's controls: exactly the legal action templates of the view, as buttons with
keyboard shortcuts, filled in from the viewer's current choices (`scene.choices`: amount, selected
cards, a call for the showdown)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame


@dataclass
class Control:
    label: str
    action: Callable[[], None]
    key: int | None = None
    keyname: str = ""
    on: bool = False
    enabled: bool = True


def build_controls(scene: Any, seat: int, legal: list[dict[str, Any]]) -> list[Control]:
    """One control per legal action template (and the showdown toggles), with its shortcut."""
    out: list[Control] = []
    call_t = next((t for t in legal if t.get("showdown_allowed")), None)

    def betting(kind: str, extra: dict[str, Any] | None = None) -> Callable[[], None]:
        def go() -> None:
            action = {"seat": seat, "type": kind, **(extra or {})}
            if kind in ("bet", "raise"):
                action["amount"] = scene.choices.amount
            if scene.choices.call_showdown:
                action["showdown"] = True
                if scene.choices.show_cards:
                    action["reveal"] = list(scene.choices.selected)
            scene.act(action)

        return go

    for t in legal:
        kind = t["type"]
        if kind == "fold":
            out.append(Control("Fold", betting("fold"), pygame.K_f, "F"))
        elif kind == "check":
            out.append(Control("Check", betting("check"), pygame.K_k, "K"))
        elif kind == "call":
            out.append(Control(f"Call {t['cost']:,}", betting("call"), pygame.K_c, "C"))
        elif kind in ("bet", "raise"):
            word = "Bet" if kind == "bet" else "Raise to"
            out.append(
                Control(
                    f"{word} {max(t['min'], min(t['max'], scene.choices.amount or t['min'])):,}",
                    betting(kind),
                    pygame.K_b,
                    "B",
                )
            )
            out.append(Control("Min", partial(setattr, scene.choices, "amount", t["min"])))
            pot = sum(p["amount"] for p in scene.view().get("pots", []))
            if t["min"] < pot < t["max"]:
                out.append(Control("Pot", partial(setattr, scene.choices, "amount", pot)))
            out.append(Control("Max", partial(setattr, scene.choices, "amount", t["max"])))
        elif kind == "all_in":
            out.append(Control(f"All in {t['cost']:,}", betting("all_in"), pygame.K_a, "A"))
        elif kind == "discard":
            n = len(scene.choices.selected)
            label = f"Discard {n}" if n else ("Stand pat" if t["min"] == 0 else f"Choose {t['min']}")
            ok = t["min"] <= n <= t["max"]
            out.append(
                Control(
                    label,
                    lambda: scene.act(
                        {"seat": seat, "type": "discard", "cards": list(scene.choices.selected)}
                    ),
                    pygame.K_RETURN,
                    "Enter",
                    enabled=ok,
                )
            )
        elif kind == "draw":
            out.append(
                Control("Draw a card", lambda: scene.act({"seat": seat, "type": "draw"}), pygame.K_w, "W")
            )
        elif kind == "swap":
            k = t["count"]
            out.append(
                Control(
                    f"Swap: give {k} selected",
                    lambda: scene.act({"seat": seat, "type": "swap", "give": list(scene.choices.selected)}),
                    pygame.K_s,
                    "S",
                    enabled=len(scene.choices.selected) == k,
                )
            )
        elif kind == "pass":
            out.append(Control("Pass", lambda: scene.act({"seat": seat, "type": "pass"}), pygame.K_p, "P"))
        elif kind == "flip":
            out.append(
                Control(
                    "Flip one at random", partial(_flip_at_random, scene, seat, t), pygame.K_SPACE, "Space"
                )
            )
        elif kind == "place":
            out.append(Control("Choose a card, then a green place", lambda: None, enabled=False))
        elif kind == "declare":
            out.append(
                Control(
                    f"Name {t['count']} cards",
                    partial(scene.open_picker, seat, t["count"]),
                    pygame.K_n,
                    "N",
                )
            )
    if call_t is not None:  # calling the showdown, and showing cards for double stakes: the variant's words
        out.append(
            Control(
                call_t.get("label", "Call the showdown"),
                lambda: setattr(scene.choices, "call_showdown", not scene.choices.call_showdown),
                pygame.K_x,
                "X",
                on=scene.choices.call_showdown,
            )
        )
        if call_t.get("reveal_count"):
            n = call_t["reveal_count"]

            def toggle_show() -> None:
                scene.choices.show_cards = not scene.choices.show_cards
                scene.choices.call_showdown = scene.choices.call_showdown or scene.choices.show_cards

            out.append(
                Control(
                    f"{call_t.get('reveal_label', 'Show cards')} (show {n} selected)",
                    toggle_show,
                    pygame.K_d,
                    "D",
                    on=scene.choices.show_cards,
                )
            )
    return out


def _flip_at_random(scene: Any, seat: int, t: dict[str, Any]) -> None:
    scene.act({"seat": seat, "type": "flip", t["key"]: scene.rng.choice(t["choices"])})


def role_badge(role: str) -> str:
    """A short badge for a role: 'dealer' -> 'D', 'small_blind' -> 'SB', other roles spelt out."""
    short = {"dealer": "D", "small_blind": "SB", "big_blind": "BB"}
    return short.get(role, role.replace("_", " ").capitalize())


def describe(action: dict[str, Any], deck: Any) -> str:
    """A few words for a speech bubble: 'raise to 60', 'discard 2', 'flip'."""
    kind = action["type"].replace("_", " ")
    if "amount" in action:
        return f"{kind} {action['amount']:,}"
    if action.get("cards") is not None and kind == "discard":
        return f"discard {len(action['cards'])}" if action["cards"] else "stand pat"
    if "give" in action:
        return f"swap {len(action['give'])}"
    if kind == "place":
        return f"place {deck.short(action['card'])}"
    return kind + (" · showdown!" if action.get("showdown") else "")
