"""Reading RNG output and guarding against input the battery cannot judge."""

from __future__ import annotations

import numpy as np
import pytest

from certification.randomness.nist import (
    MIN_STREAM_BITS,
    NistInputError,
    read_bits,
    run_battery,
    run_streams,
    split_streams,
)


def test_text_ignores_whitespace() -> None:
    assert read_bits(b"10 1\n1\t0\r\n", "bits").tolist() == [1, 0, 1, 1, 0]


def test_binary_is_most_significant_bit_first() -> None:
    assert read_bits(b"\xa0\x01", "binary").tolist() == [1, 0, 1, 0, 0, 0, 0, 0] + [0] * 7 + [1]


def test_a_stray_character_is_named_with_its_line_and_column() -> None:
    with pytest.raises(NistInputError, match=r"'2' at line 2, column 3 \(byte offset 7\)"):
        read_bits(b"0101\n1120\n", "bits")


def test_non_printable_bytes_are_shown_in_hex() -> None:
    with pytest.raises(NistInputError, match="byte 0xff at line 1, column 2"):
        read_bits(b"0\xff", "bits")


def test_unknown_format_and_empty_input() -> None:
    with pytest.raises(NistInputError, match="must be one of 'bits' or 'binary'"):
        read_bits(b"01", "hex")
    with pytest.raises(NistInputError, match="no bits"):
        read_bits(b" \n ", "bits")


def test_error_is_a_value_error() -> None:
    assert issubclass(NistInputError, ValueError)


def test_input_shorter_than_one_stream() -> None:
    with pytest.raises(
        NistInputError, match="holds 5,000 bits, fewer than one stream of 10,000 bits"
    ):
        split_streams(np.zeros(5000, dtype=np.uint8), 10_000)


def test_streams_shorter_than_the_minimum() -> None:
    with pytest.raises(NistInputError, match=f"at least {MIN_STREAM_BITS:,}"):
        run_streams(np.zeros(5000, dtype=np.uint8), 100)
    with pytest.raises(NistInputError, match="too short"):
        run_battery(np.zeros(999, dtype=np.uint8))


def test_leftover_bits_are_dropped() -> None:
    assert split_streams(np.ones(2500, dtype=np.uint8), 1000).shape == (2, 1000)


def test_short_streams_say_which_tests_need_more() -> None:
    bits = np.random.default_rng(1).integers(0, 2, 2000, dtype=np.uint8)
    reasons: dict[str, str] = {}
    results = run_battery(bits, reasons)
    assert results["Frequency"] is not None and results["FFT"] is not None
    for name in ("Rank", "Universal", "Serial", "LinearComplexity", "RandomExcursions"):
        assert results[name] is None
        assert reasons[name].startswith("not applicable: ")
    assert reasons["Rank"] == "not applicable: needs n ≥ 38,912 (38 matrices of 32×32)"
    assert "cycles" in reasons["RandomExcursions"]


def test_degenerate_streams_do_not_crash() -> None:
    for bits in (
        np.zeros(1000, np.uint8),
        np.ones(1000, np.uint8),
        np.tile([0, 1], 500).astype(np.uint8),
    ):
        results = run_battery(bits)
        assert results["Frequency"][0] < 0.01 or results["Runs"][0] < 0.01
