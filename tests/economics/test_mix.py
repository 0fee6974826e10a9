"""Player mixes: parsed with clear errors, mixed exactly."""

from fractions import Fraction

import pytest

from certification.economics.mix import MixError, PlayerMix, mix_joints, mix_laws


def test_a_mix_is_parsed_exactly_and_house_is_the_house_way():
    mix = PlayerMix.parse("optimal=0.2, house=1/2,dealer=0.3")
    assert mix.as_dict() == {"optimal": Fraction(1, 5), "house_way": Fraction(1, 2),
                             "dealer": Fraction(3, 10)}


@pytest.mark.parametrize(("text", "message"), [
    ("optimal=0.5,dealer=0.4", "add up to 0.9, not 1"),
    ("optimal=0.5,bold=0.5", "'bold' is not a strategy"),
    ("optimal", "'optimal' is not strategy=share"),
    ("optimal=x", "optimal: 'x' is not a number"),
    ("optimal=1.5,dealer=-0.5", "a share lies between 0 and 1"),
    ("optimal=0.5,optimal=0.5", "optimal is given twice"),
    ("", "needs at least one strategy share"),
])
def test_bad_mixes_name_the_share_at_fault(text, message):
    with pytest.raises(MixError, match=message):
        PlayerMix.parse(text)


def test_the_mixed_law_is_the_weighted_law_and_its_edge_the_weighted_edge():
    laws = {"optimal": {Fraction(-1): Fraction(1, 2), Fraction(1): Fraction(1, 2)},
            "dealer": {Fraction(-1): Fraction(3, 4), Fraction(2): Fraction(1, 4)}}
    mix = PlayerMix.of({"optimal": Fraction(1, 3), "dealer": Fraction(2, 3)})
    mixed = mix_laws(laws, mix)
    assert sum(mixed.values()) == 1
    ev = sum(x * p for x, p in mixed.items())
    assert ev == Fraction(1, 3) * 0 + Fraction(2, 3) * Fraction(-1, 4)
    joints = {name: {"die 9": law} for name, law in laws.items()}
    assert mix_joints(joints, mix) == {"die 9": mixed}
