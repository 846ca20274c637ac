"""Tables nearby by zeroconf on 127.0.0.1: a table registered is listed, with what a player needs
to join it (but never a join code), and goes from the list when it closes. Every wait is on the
browser's condition with a generous timeout (reached only when something is broken)."""

import sys

import pytest

from cardtable.net import discovery

WAIT = 30.0
LOOPBACK = ["127.0.0.1"]


def test_a_registered_table_is_listed_and_goes_when_it_closes():
    nearby = discovery.browse(LOOPBACK)
    advert = discovery.register("Texas Hold'em", "texas_holdem", 2, 40123, "127.0.0.1", LOOPBACK, probe=False)
    try:
        assert advert is not None
        assert nearby.wait_for(lambda ts: any(t.port == 40123 for t in ts), WAIT)
        (table,) = [t for t in nearby.tables() if t.port == 40123]
        assert (table.host, table.game, table.variant, table.free) == (
            "127.0.0.1",
            "Texas Hold'em",
            "texas_holdem",
            2,
        )
        assert "Texas Hold'em" in table.name
        assert table.link_for(" abcdefghijklmnopqrstuv ") == "ws://127.0.0.1:40123/#abcdefghijklmnopqrstuv"
        assert advert.registered.wait(WAIT) and not advert.problem
        heard = nearby.changes
        advert.close()
        assert nearby.wait_for(lambda ts: all(t.port != 40123 for t in ts), WAIT)
        assert nearby.changes > heard
    finally:
        if advert is not None:
            advert.close()
        nearby.close()


def test_without_zeroconf_nothing_is_registered_nor_listed(monkeypatch):
    monkeypatch.setitem(sys.modules, "zeroconf", None)  # as if it were not installed
    assert not discovery.available()
    assert discovery.register("Texas Hold'em", "texas_holdem", 2, 40124) is None
    nearby = discovery.browse()
    assert nearby.tables() == [] and not nearby.wait_for(bool, 0)
    nearby.close()


@pytest.mark.parametrize(
    "game", ["Sigilian", "A game whose name is much longer than any zeroconf label may be ✓"]
)
def test_instance_names_fit_zeroconf(game):
    name = discovery._instance(game, 65535)
    assert name.endswith("." + discovery.SERVICE)
    assert len(name[: -len(discovery.SERVICE) - 1].encode("utf-8")) <= 63
