"""The bar's sentence saying what to do is said whole in a narrow bar, in fewer words if need be."""

import pygame
from input_events import key


def test_the_called_shot_prompt_is_whole_at_800x600_with_the_panel_open(fresh_user):
    """At 800x600 with the side panel open (L) the bar read 'Your move, Ann: Name 10 cards of the
    deck (or pass): press N to search for…', the key to press cut off."""
    from cardtable.app.headless import start

    app = start("infinite_poker", players=["Ann", "bot", "bot"], seed=1, size=(800, 600))
    for _ in range(60):  # the computer players name their cards (or not) first
        app.step([], dt=0.1)
    app.step([key(pygame.K_l, "l")])
    m = app.manifest()
    assert any(r["name"] == "log" for r in m["regions"]), m["regions"]  # the panel is open
    texts = [t["text"] for t in m["texts"]]
    said = [t for t in texts if "10 cards of the deck" in t]
    assert said, texts
    assert all(t.endswith("press N to search for them.") for t in said), said
