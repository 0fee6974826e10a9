"""Playing a plan's kernel in several calls, for tests that compare two kernels round by round."""


def played(plan, seed: int, calls: list[int]):
    """The histogram of chunk 0 after ``calls`` calls of so many rounds each (the deck and
    the word buffer carried between them)."""
    run = plan.runner(seed, 0)
    hist = plan.outcomes.histogram_array()
    for rounds in calls:
        run(rounds, hist)
    return hist
