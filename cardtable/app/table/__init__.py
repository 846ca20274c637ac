"""The table: one game in play, drawn from one seat's view, with every interaction of every game.

scene.py         TableScene: the game (through the session's API), acting, time
seeing.py        who sees what: the viewer, the person at the screen, the curtain or peek
paint.py         the frame put together: public screens, the curtain, or the viewer's table
settle.py        what painting a frame writes into the scene, written before the frame is keyed
still.py         a still table keeps its frame: the key of what a frame is painted from
autoplay.py      decisions nobody is asked for (computer players, runs that play themselves)
game.py          TableSession, what the table asks of a game; a computer player's decision at once
showdown.py      the public showdown screen, waiting for Continue
finale.py        the end screen: standings, Play again, New game, Menu
layout.py        where things go, planned from the game's needs (pure, cached, tested without drawing)
view_layout.py   the needs read off a view, and TableLayout: the plan and whose cards are large
grid_camera.py   zoom and pan of a grid over the whole board region
showdown_layout.py the showdown's grid of hands, scrolling when they do not all fit
input.py         keys, clicks, pointer, wheel and drags, hit-tested against the last frame
choices.py       what the viewer points at and has chosen (forgotten when the viewer changes)
keys.py          number keys choose the viewer's cards; arrows and Enter a grid place or a card to flip
your_hand.py     "your hand": what the viewer's cards make, read a few ms a frame once per change
hand_words.py    a hand in words ("Two Pair, Queens and Eights", "Straight: Ace to Five")
cards.py         card faces (kept per deck), and the one way a card is drawn (click target, manifest)
animation.py     cards gliding in, speech bubbles, the pot flying to winners
draw_zones.py    the felt, the table's stacks, rows and grids, the pots
draw_seats.py    each seat's panel and cards
draw_panel.py    the side panel: the log or the rules, and the large card
draw_bar.py      the action bar: status, controls, bet slider; the "your hand" strip above it
draw_overlays.py the curtain
"""

from .game import TableSession, computer_action
from .scene import BOT_DELAY, TableScene

__all__ = ["BOT_DELAY", "TableScene", "TableSession", "computer_action"]
