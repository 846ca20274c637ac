"""The curtain says whose cards are about to be shown."""


def test_the_curtain_names_whose_cards_come(fresh_user):
    """It read 'Everyone else, look away: their cards are about to be shown.': whose?"""
    from cardtable.app.headless import start

    app = start("texas_holdem", players=["Ann", "Bob"], size=(800, 600), privacy="curtain")
    texts = [t["text"] for t in app.manifest()["texts"]]
    assert "Pass the screen to Ann" in texts, texts
    assert "Everyone else, look away: Ann's cards are about to be shown." in texts, texts
