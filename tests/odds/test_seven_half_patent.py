"""The patent's printed tables against exact recounts (see patent.py for the reading)."""

from certification.odds.seven_half.patent import patent_tables, two_card_counts


def test_two_card_counts_total_780_and_match_every_printed_row() -> None:
    assert sum(two_card_counts().values()) == 780
    rows = [r for r in patent_tables() if r.table == "780 two-card counts"]
    assert all(r.agrees for r in rows)


def test_bust_lines_agree() -> None:
    assert all(r.agrees for r in patent_tables() if r.table == "player will bust")


def test_dealer_table_disagreements_are_the_known_ones() -> None:
    wrong = {r.row for r in patent_tables() if not r.agrees}
    assert "dealer 4 (ACE-THREE) WIN ways" in wrong
    assert "dealer 7 (ACE-SIX) WIN ways" in wrong
    assert "dealer 6 (THREE-THREE) WIN ways" in wrong
    assert "dealer 7.5 (SEVEN-FACE CARD) TIE ways" in wrong
    assert len(wrong) == 22
