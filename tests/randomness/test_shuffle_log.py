"""Reading shuffle logs: good logs parse; every kind of bad input names its line and card."""

from __future__ import annotations

import numpy as np
import pytest

from casino.rules.cards import deck_for_size
from certification.randomness.shuffles import ShuffleLogError, format_shuffle_log, read_shuffle_log

DECK40 = [c.code for c in deck_for_size(40)]


def _log(*orders: list[str], ids=None) -> str:
    ids = ids or range(1, len(orders) + 1)
    return "shuffle_id,order\n" + "".join(
        f"{i},{' '.join(o)}\n" for i, o in zip(ids, orders, strict=True)
    )


def _problems(text) -> list[str]:
    with pytest.raises(ShuffleLogError) as info:
        read_shuffle_log(text)
    return info.value.problems


def test_it_parses_indices_in_new_deck_order():
    reversed_deck = DECK40[::-1]
    log = read_shuffle_log(_log(DECK40, reversed_deck).encode())
    assert log.deck_size == 40 and log.shuffles == 2
    assert log.orders[0].tolist() == list(range(40))
    assert log.orders[1].tolist() == list(range(39, -1, -1))
    assert log.ids.tolist() == [1, 2]
    assert [c.code for c in log.deck] == DECK40


@pytest.mark.parametrize("size", [36, 40, 52, 72, 104])
def test_it_round_trips_every_deck_kind(size):
    rng = np.random.default_rng(size)
    deck = deck_for_size(size)
    orders = np.array([rng.permutation(size) for _ in range(5)])
    log = read_shuffle_log(format_shuffle_log(orders, deck))
    assert log.deck_size == size
    codes = np.array([c.code for c in deck])
    assert (codes[log.orders] == codes[orders]).all()


def test_a_shoe_numbers_copies_top_down():
    shoe = [c.code for c in deck_for_size(80)]
    log = read_shuffle_log(_log(shoe[::-1]))
    assert log.copies == 2
    # the first AS met (from the top) is copy 0, index 0; the second is copy 1, index 40
    assert log.orders[0, -1] == 40 and log.orders[0, -41] == 0


def test_duplicate_and_missing_cards_are_named_with_the_line():
    bad = DECK40.copy()
    bad[5] = "KD"
    problems = _problems(_log(DECK40, bad))
    assert any("line 3" in p and "duplicate card KD" in p for p in problems)
    assert any("line 3" in p and f"missing card {DECK40[5]}" in p for p in problems)


def test_unknown_card_is_named():
    bad = DECK40.copy()
    bad[0] = "8S"  # no eights in a 40-card deck
    problems = _problems(_log(DECK40, bad))
    assert problems == ["line 3: unknown card '8S' for a 40-card deck"]


def test_garbage_card_code():
    bad = DECK40.copy()
    bad[3] = "Z?"
    assert "unknown card 'Z?'" in _problems(_log(bad))[0]


def test_wrong_and_inconsistent_deck_sizes():
    assert "deck size 39" in _problems(_log(DECK40[:39]))[0]
    problems = _problems(_log(DECK40, DECK40[:36]))
    assert problems == ["line 3: 36 cards, but the log's deck has 40"]


def test_ids_must_be_unique_integers():
    problems = _problems(_log(DECK40, DECK40, DECK40, ids=["1", "x", "1"]))
    assert "line 3: shuffle id 'x' is not an integer" in problems
    assert "line 4: shuffle id 1 repeats line 2" in problems


def test_bad_header_and_bad_rows():
    assert "bad header" in _problems("id,cards\n1,AS\n")[0]
    text = _log(DECK40).replace("1,", "1;", 1)
    assert _problems(text)[0].startswith("line 2: expected 'shuffle_id,order'")
    assert "single spaces" in _problems(_log(DECK40).replace(" ", "  ", 1))[0]


def test_empty_logs():
    assert "empty log" in _problems("")[0]
    assert "no shuffles" in _problems("shuffle_id,order\n")[0]


def test_non_utf8_bytes_name_the_line():
    data = _log(DECK40, DECK40).encode()
    data = data.replace(b"2,AS", b"2,\xff\xfe", 1)
    assert _problems(data)[0].startswith("line 3: bytes that are not UTF-8")


def test_problem_list_is_capped_but_counted():
    rows = [DECK40[:-1] + ["AS"]] * 30
    with pytest.raises(ShuffleLogError) as info:
        read_shuffle_log(_log(*rows))
    assert len(info.value.problems) == 20
    assert info.value.count == 60  # a duplicate and a missing card per row
    assert "and 40 more" in str(info.value)


def test_crlf_bom_and_lowercase_are_accepted():
    text = "\ufeff" + _log(DECK40, [c.lower() for c in DECK40]).replace("\n", "\r\n")
    log = read_shuffle_log(text.encode("utf-8"))
    assert (log.orders[1] == np.arange(40)).all()
