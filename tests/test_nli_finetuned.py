"""The fine-tuned cross-encoder (truthometer/data/nli/judge/) and the cascade that consults it."""
import numpy as np
import pytest

from truthometer.config import Config
from truthometer.judging.nli import BUNDLED_DIR, CROSS_ENCODER_BELOW, CROSS_ENCODER_DIR, BundledJudge, combine
from truthometer.judging.nli.finetuned import FROZEN, FineTunedCrossEncoder, load_model, softmax

PAIRS = [("The Golden Gate Bridge opened to traffic on May 27, 1937.", "The Golden Gate Bridge opened in 1933."),
         ("A woman is slicing an onion.", "A lady is cutting an onion."),
         ("Titanium melts at 1,668 °C.", "Titanium has a high melting point."),
         ("The band formed in Franklin, Tennessee, in 2004.", "The band was formed in 2004.")]


@pytest.fixture(scope="module")
def cross():
    return FineTunedCrossEncoder(BUNDLED_DIR / CROSS_ENCODER_DIR)


def test_the_committed_weights_are_every_trained_parameter(cross):
    model, _ = load_model(BUNDLED_DIR / CROSS_ENCODER_DIR)
    names = {n for n, _ in model.named_parameters()}
    assert FROZEN[0] in names and "classifier.weight" in names
    assert cross.meta["labels"] == ["entailment", "neutral", "contradiction"]
    assert 0.3 <= cross.temperature <= 5.0


def test_probabilities_are_calibrated_logits_and_do_not_depend_on_the_batch(cross):
    premises, hypotheses = [p for p, _ in PAIRS], [h for _, h in PAIRS]
    cross.clear_cache()
    together = cross.predict(premises, hypotheses)
    cross.clear_cache()
    alone = np.vstack([cross.predict([p], [h]) for p, h in PAIRS])
    assert np.array_equal(together, alone)
    assert np.allclose(together, softmax(cross.logits(premises, hypotheses) / cross.temperature))
    assert np.allclose(together.sum(axis=1), 1.0)


def test_repeated_pairs_are_run_once_and_read_back_unchanged(cross, monkeypatch):
    cross.clear_cache()
    run = []
    original = cross._run
    monkeypatch.setattr(cross, "_run", lambda pairs, *a, **k: run.append(len(pairs)) or original(pairs, *a, **k))
    premises, hypotheses = [p for p, _ in PAIRS], [h for _, h in PAIRS]
    first = cross.logits(premises * 2, hypotheses * 2)
    again = cross.logits(premises[:2], hypotheses[:2])
    assert run == [len(PAIRS), 0]
    assert np.array_equal(first[:len(PAIRS)], first[len(PAIRS):])
    assert np.array_equal(again, first[:2])
    again[:] = 0  # the caller owns what it gets: the cache is not changed through it
    assert np.array_equal(cross.logits(premises[:2], hypotheses[:2]), first[:2])


def test_the_cross_encoder_reads_the_year_against_the_evidence(cross):
    evidence = "The Golden Gate Bridge opened to traffic on May 27, 1937."
    probs = cross.predict([evidence] * 2, ["The Golden Gate Bridge opened in 1933.",
                                           "The Golden Gate Bridge opened in 1937."])
    assert list(probs.argmax(axis=1)) == [2, 0]


def test_every_wrong_year_is_contradicted_in_a_check():
    from truthometer.pipeline import Checker

    reference = "The Golden Gate Bridge is a suspension bridge in San Francisco. It opened to traffic on May 27, 1937."
    text = " ".join(f"The Golden Gate Bridge opened in {year}." for year in (1907, 1933, 1937, 1951))
    report = Checker(Config()).check(text, [reference])
    assert [s.status for s in report.sentences] == ["contradicted", "contradicted", "supported", "contradicted"]


def test_the_cascade_asks_the_cross_encoder_only_where_the_head_is_unsure(monkeypatch):
    cascade = BundledJudge(BUNDLED_DIR, Config(judge="cascade"))
    head_only = BundledJudge(BUNDLED_DIR, Config(judge="head"))
    assert head_only.cross_encoder is None
    premises, hypotheses = [p for p, _ in PAIRS], [h for _, h in PAIRS]
    head = head_only.predict(premises, hypotheses)
    asked = []
    original = cascade.cross_encoder.predict
    monkeypatch.setattr(cascade.cross_encoder, "predict",
                        lambda p, h, **kw: asked.extend(h) or original(p, h))
    probs = cascade.predict(premises, hypotheses)
    unsure = head.max(axis=1) < CROSS_ENCODER_BELOW
    assert len(asked) == unsure.sum()
    assert np.allclose(probs[~unsure], head[~unsure])
    if unsure.any():
        second = original([premises[i] for i in np.flatnonzero(unsure)], [hypotheses[i] for i in np.flatnonzero(unsure)])
        assert np.allclose(probs[unsure], combine(head[unsure], second))


def test_the_cross_encoder_setting_reads_every_pair_without_the_head(cross):
    judge = BundledJudge(BUNDLED_DIR, Config(judge="cross-encoder"))
    premises, hypotheses = [p for p, _ in PAIRS], [h for _, h in PAIRS]
    assert np.allclose(judge.predict(premises, hypotheses), cross.predict(premises, hypotheses))
    # What each setting was trained on is what the benches report.
    assert judge.trained_on() and judge.trained_on() != BundledJudge(BUNDLED_DIR, Config(judge="head")).trained_on()
