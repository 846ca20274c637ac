"""memo.Kept: the values last put or asked for are kept, the least recently used dropped first."""

from cardtable.memo import Kept


def test_the_least_recently_used_is_dropped_past_the_size():
    kept: Kept[str, int] = Kept(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1  # asked for: now the most recently used
    kept.put("c", 3)
    assert kept.get("b") is None
    assert (kept.get("a"), kept.get("c")) == (1, 3)
    kept.put("a", 4)  # put again: replaced, and the most recently used
    kept.put("d", 5)
    assert (kept.get("a"), kept.get("c"), kept.get("d")) == (4, None, 5)
