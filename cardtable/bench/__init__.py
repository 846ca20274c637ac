"""`cardtable bench`: what the program's speed and memory are, measured on this machine.

One module per concern: `frames` (the biggest deck spread, panned, zoomed, toured and searched
in the renderer), `startup` (a fresh interpreter to the first frame of the menu or a deck, through
the app), `hands` (hand evaluation throughput), `choose` (which built-in variants to measure, by
property: no game is named here). This package sits above the app, beside the commands; nothing
here is asserted by tests (the machines are shared and noisy).
"""
