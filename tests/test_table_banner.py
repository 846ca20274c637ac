"""The table's banner: a failed save is an alarm that says the last good save is kept; a networked
game's notice (who is away, the connection) is said as it is, in a quieter colour."""

import pygame

from cardtable.app import save_banner, ui


def test_a_notice_is_not_said_as_a_failed_save(monkeypatch):
    pygame.init()
    surface = pygame.Surface((800, 600))
    said = []
    monkeypatch.setattr(ui, "ellipsize", lambda text, size, width: said.append(text) or text)
    assert save_banner.draw_save_banner(surface, None, None) is None
    assert (
        save_banner.draw_save_banner(surface, None, "Connection to the host lost: connecting again...")
        is not None
    )
    assert surface.get_at((3, 3))[:3] == save_banner.NOTICE_FILL
    save_banner.draw_save_banner(
        surface, "Not saved: the disk is full", "Connection to the host lost: connecting again..."
    )
    assert surface.get_at((3, 3))[:3] == save_banner.BANNER_FILL
    assert said == [
        "Connection to the host lost: connecting again...",
        "Not saved: the disk is full. The game goes on; the last good save is kept.",
    ]
