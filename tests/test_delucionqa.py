from truthometer.config import Config
from truthometer.judging.delucionqa import detect, keyword_missing_share, longest_overlap_ratio, tokens


def test_overlap_counts_only_long_enough_phrases():
    a = tokens("the tower was completed in 1889 for the fair")
    b = tokens("construction of the tower was completed in 1889 by the company")
    # "the tower was completed in 1889" = 6 tokens over the shorter sentence (9 tokens)
    assert abs(longest_overlap_ratio(a, b) - 6 / 9) < 1e-9
    # Three shared tokens in a row are below max(4, 30%) and count for nothing.
    assert longest_overlap_ratio(tokens("red green blue sky"), tokens("red green blue sea")) == 0.0


def test_overlap_sums_disjoint_phrases():
    a = tokens("one two three four x five six seven eight")
    b = tokens("five six seven eight y one two three four")
    assert longest_overlap_ratio(a, b) == 8 / 9


def test_keyword_share():
    assert keyword_missing_share(["Gustave Eiffel", "Paris"], ["Gustave Eiffel built it in Paris."]) == 0.0
    assert keyword_missing_share(["Gustave Eiffel", "Rome"], ["Gustave Eiffel built it in Paris."]) == 0.5


def test_thresholds_are_the_papers_and_configurable():
    config = Config()
    assert (config.cosine_threshold, config.overlap_threshold, config.keyword_threshold) == (0.6, 0.1, 0.2)
    d = detect("cosine", "x", ["y"], [0.65], config)
    assert d.supported
    assert not detect("cosine", "x", ["y"], [0.65], config.with_(cosine_threshold=0.7)).supported
    hybrid = detect("hybrid", "a b c", ["d e f"], [0.95], config)
    assert hybrid.supported and "overlap 0.00" in hybrid.reason
