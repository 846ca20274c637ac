"""A card without a rank (a trump, a named card) is indexed by its own name's initials, never "?"."""

from cardtable.render.art import CardArt


def art(rank, title, name, flags=("trump",)):
    return CardArt(rank, None, (), frozenset(flags), title, name)


def test_a_ranked_card_shows_its_rank():
    assert art("10", None, "10 of Suns").mark == "10"


def test_a_card_without_rank_or_suit_shows_its_initials():
    assert art("", None, "Trump of the Sun").mark == "TS"
    assert art("", "The Lady of Pain", "The Lady of Pain", ("wild",)).mark == "TL"
    assert art("", None, "joker").mark == "Jkr"  # one word: never one letter read as a rank (J, a Jack)
    assert art("", None, "").mark == "★"
