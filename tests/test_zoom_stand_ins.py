"""Zooming the deck browser by a step: while the new size's faces are made (a few frames), the faces
already made at a neighbouring size stand in, scaled, instead of blank grey cards. A tour of the
real window found every wheel notch leaving slots blank for 3-6 frames, and the bench's zoom sweep
then found blank slots in over half its frames."""

from __future__ import annotations

import pygame

from cardtable.render.atlas import group_size
from cardtable.render.browser import DeckBrowser
from cardtable.render.faces import card_height
from cardtable.render.ladder import LEVELS

PLACEHOLDER = (205, 205, 198)
SIZE = (800, 600)


def _filled_browser(deck, level: int) -> DeckBrowser:
    browser = DeckBrowser(deck, SIZE)
    browser.camera.jump(level)
    browser.camera.center_on(browser.layout.cols / 2, browser.layout.rows / 2)
    screen = pygame.display.set_mode(SIZE)  # this size, whatever an earlier test left
    for _ in range(200):
        browser.draw(screen)
        if not browser.blank:
            break
    assert not browser.blank
    return browser


def _slot_centres(browser: DeckBrowser) -> list[tuple[int, int]]:
    cam = browser.camera
    (cw, ch), (ox, oy), (c0, c1, r0, r1) = cam.cell, cam.origin(), cam.visible()
    w = cam.width
    return [
        (ox + c * cw + w // 2, oy + r * ch + card_height(w) // 2)
        for r in range(r0, r1)
        for c in range(c0, c1)
        if ox + c * cw >= 0
        and ox + c * cw + w <= SIZE[0]
        and oy + r * ch >= 40
        and oy + r * ch + card_height(w) <= SIZE[1]
    ]


def test_a_zoom_step_shows_the_neighbouring_sizes_faces_not_blank_cards(variants, monkeypatch):
    from cardtable.render import stand_in as browser_module

    monkeypatch.setattr(browser_module, "STAND_BUDGET", 3600.0)  # all the scaling a frame wants
    deck = variants["infinite_poker"].deck
    level = LEVELS.index(64)
    browser = _filled_browser(deck, level)
    screen = pygame.display.get_surface()
    for width in (86, 48):  # a step in; then out, below where it started
        browser.camera.set_level(LEVELS.index(width))
        browser.draw(screen, budget=0.0)  # the new size's own faces: at most one strip this frame
        assert browser.blank == []
        assert browser.stand_ins > 0
        centres = _slot_centres(browser)
        assert centres and not any(screen.get_at(p)[:3] == PLACEHOLDER for p in centres)
        for _ in range(200):  # and the size's own faces come as before
            browser.draw(screen)
            if not browser.stand_ins and not browser.blank:
                break
        assert browser.stand_ins == 0 and browser.blank == []


def test_with_no_neighbour_made_the_slots_left_are_said_blank(variants):
    deck = variants["infinite_poker"].deck
    browser = DeckBrowser(deck, SIZE)
    browser.camera.jump(LEVELS.index(115))
    screen = pygame.display.set_mode(SIZE)  # this size, whatever an earlier test left
    browser.draw(screen, budget=0.0)
    assert browser.stand_ins == 0 and browser.blank


def test_scaling_stand_ins_keeps_to_its_share_of_the_frame(variants, monkeypatch):
    from cardtable.render import stand_in as browser_module

    browser = _filled_browser(variants["infinite_poker"].deck, LEVELS.index(64))
    monkeypatch.setattr(browser_module, "STAND_BUDGET", 0.0)  # no time for scaling: none made
    browser.camera.set_level(LEVELS.index(86))
    browser.draw(pygame.display.get_surface(), budget=0.0)
    assert browser.stand_ins == 0 and browser.blank


def test_zooming_in_from_the_tiles_the_tiles_stand_in(variants, monkeypatch):
    """From the farther sizes (drawn from tiles) to the first card size: the tiles, scaled."""
    from cardtable.render import stand_in

    monkeypatch.setattr(stand_in, "STAND_BUDGET", 3600.0)
    browser = _filled_browser(variants["infinite_poker"].deck, LEVELS.index(36))
    screen = pygame.display.get_surface()
    browser.camera.set_level(LEVELS.index(48))
    browser.draw(screen, budget=0.0)
    assert browser.blank == [] and browser.stand_ins > 0
    centres = _slot_centres(browser)
    assert centres and not any(screen.get_at(p)[:3] == PLACEHOLDER for p in centres)


def _bare_felt_count(browser: DeckBrowser, screen: pygame.Surface) -> int:
    from cardtable.render.browser import FELT

    return sum(screen.get_at(p)[:3] == FELT for p in _slot_centres(browser))


def test_a_step_in_between_the_far_sizes_the_smaller_tiles_stand_in(variants, monkeypatch):
    """27 px to 36 px, both drawn from tiles: the 27 px tiles, scaled, instead of bare felt."""
    from cardtable.render import stand_in

    monkeypatch.setattr(stand_in, "STAND_BUDGET", 3600.0)
    browser = _filled_browser(variants["infinite_poker"].deck, LEVELS.index(27))
    screen = pygame.display.get_surface()
    browser.camera.set_level(LEVELS.index(36))
    browser.draw(screen, budget=0.0)  # the 36 px tiles: one row painted this frame
    assert browser.blank == [] and browser.stand_ins > 0
    assert _bare_felt_count(browser, screen) == 0
    for _ in range(200):  # and the size's own tiles come as before
        browser.draw(screen)
        if not browser.stand_ins and not browser.blank:
            break
    assert browser.stand_ins == 0 and browser.blank == []


def test_a_step_out_between_the_far_sizes_the_larger_tiles_stand_in(variants, monkeypatch):
    """36 px to 27 px: every slot the painted 36 px tiles hold shows them, scaled; only slots
    beyond them (the view now reaches farther) are left blank."""
    from cardtable.render import stand_in
    from cardtable.render.tiles import tile_cells

    monkeypatch.setattr(stand_in, "STAND_BUDGET", 3600.0)
    browser = _filled_browser(variants["infinite_poker"].deck, LEVELS.index(36))
    screen = pygame.display.get_surface()
    browser.camera.set_level(LEVELS.index(27))
    browser.draw(screen, budget=0.0)
    assert browser.stand_ins > 0
    cols = browser.layout.cols
    tc, tr = tile_cells(36)
    for lo, hi in browser.blank:
        for p in range(lo, hi):
            col, row = p % cols, p // cols
            tile = browser.tiles.tiles.peek((36, col // tc, row // tr))
            assert tile is None or row - (row // tr) * tr >= tile.shown_rows, (col, row)


def test_far_stand_ins_keep_to_their_share_of_the_frame(variants, monkeypatch):
    from cardtable.render import stand_in

    browser = _filled_browser(variants["infinite_poker"].deck, LEVELS.index(27))
    monkeypatch.setattr(stand_in, "STAND_BUDGET", 0.0)  # no time for scaling: none made
    browser.camera.set_level(LEVELS.index(36))
    browser.draw(pygame.display.get_surface(), budget=0.0)
    assert browser.stand_ins == 0 and browser.blank


def test_far_stand_ins_stay_when_the_tiles_they_came_from_are_dropped(variants, monkeypatch):
    """The memory budget drops the old size's tiles while the new size's are made: what was scaled
    from them stands in still."""
    from cardtable.render import stand_in

    monkeypatch.setattr(stand_in, "STAND_BUDGET", 3600.0)
    browser = _filled_browser(variants["infinite_poker"].deck, LEVELS.index(27))
    screen = pygame.display.get_surface()
    browser.camera.set_level(LEVELS.index(36))
    browser.draw(screen, budget=0.0)
    assert browser.blank == [] and browser.stand_ins > 0
    for key in [k for k in browser.tiles.tiles if k[0] == 27]:
        browser.tiles.tiles.pop(key)
    monkeypatch.setattr(stand_in, "STAND_BUDGET", 0.0)  # nothing scaled anew
    browser.draw(screen, budget=0.0)
    assert browser.blank == [] and browser.stand_ins > 0


def test_slabs_hand_out_areas_of_one_size_then_serve_again():
    from cardtable.render.slabs import MAX_SLABS, SLAB_PX, Slabs

    like = pygame.Surface((4, 4))
    slabs = Slabs()
    size = (SLAB_PX // 2, SLAB_PX // 3)
    areas = [slabs.take(size, like) for _ in range(6)]
    assert all(a is not None and a.get_size() == size for a in areas)
    assert slabs.count == 1  # six of them fit one slab
    assert len({a.get_abs_offset() for a in areas if a is not None}) == 6  # none overlap
    assert slabs.take((SLAB_PX + 1, 10), like) is None  # too large for any slab
    for _ in range(MAX_SLABS - 1):
        assert slabs.take((SLAB_PX, SLAB_PX), like) is not None
    assert slabs.take((SLAB_PX, SLAB_PX), like) is None  # all there may be are full
    slabs.reset()
    assert slabs.take((SLAB_PX, SLAB_PX), like) is not None and slabs.count == MAX_SLABS


def test_a_step_out_to_the_tiles_the_cards_faces_stand_in(variants, monkeypatch):
    """48 px (faces card by card) to 36 px (tiles): the 48 px faces, scaled, not bare felt."""
    from cardtable.render import stand_in

    monkeypatch.setattr(stand_in, "STAND_BUDGET", 3600.0)
    browser = _filled_browser(variants["infinite_poker"].deck, LEVELS.index(48))
    screen = pygame.display.get_surface()
    browser.camera.set_level(LEVELS.index(36))
    browser.draw(screen, budget=0.0)
    assert browser.stand_ins > 0
    cols = browser.layout.cols
    for lo, hi in browser.blank:  # only slots whose 48 px face was never made are left blank
        for p in range(lo, hi):
            assert browser.atlas.strips.peek((48, p // group_size(48))) is None, (p % cols, p // cols)


def test_a_far_jump_takes_no_stand_ins(variants, monkeypatch):
    """Stand-ins come from a neighbouring size (a wheel notch or two). From 48 px to 760 px, a
    48 px strip or a far tile scaled is a blurred picture of megabytes (the bench's search pan
    at 760 px after a tour kept 65 MB of them, 60 MB over the memory budget): the few slots of
    such a size wait a frame or two for their own faces instead."""
    from cardtable.render import stand_in

    monkeypatch.setattr(stand_in, "STAND_BUDGET", 3600.0)
    browser = _filled_browser(variants["infinite_poker"].deck, LEVELS.index(36))  # tiles made
    screen = pygame.display.get_surface()
    browser.camera.set_level(LEVELS.index(48))
    for _ in range(200):
        browser.draw(screen)
        if not browser.stand_ins and not browser.blank:
            break
    browser.camera.set_level(LEVELS.index(760))
    browser.draw(screen, budget=0.0)
    assert browser.stand_ins == 0
