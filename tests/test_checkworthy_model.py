"""The learned check-worthiness model: it loads from the package, reads opinions and advice of the kinds its
training sentences cover as not check-worthy, keeps facts, and the pipeline skips with its probability."""
import numpy as np
import pytest

from truthometer import models
from truthometer.config import Config
from truthometer.pipeline import Checker
from truthometer.segmentation.checkworthy_model import FEATURES, load


def _p(texts):
    docs = list(models.nlp().pipe(texts))
    return load().probability(models.embed(texts, Config().with_(precision="float32")), docs)


def test_the_bundled_model_reads_an_embedding_and_the_parse_features():
    model = load()
    assert model.coef.shape[0] == models.embed(["x"]).shape[1] + len(FEATURES)
    assert 0.5 <= model.threshold < 1.0
    with pytest.raises(ValueError):
        model.probability(np.zeros((1, 3), dtype=np.float32), [models.nlp()("x")])


def test_opinions_read_as_not_checkworthy_and_facts_as_checkworthy():
    opinions = _p(["Strolling along the old quay at sunset is pure magic.",
                   "No kitchen should be without a decent cast-iron pan."])
    facts = _p(["The bridge was opened to traffic in 1932 and is 1,149 metres long.",
                "Store the tablets below 25 °C and out of the reach of children."])
    assert min(opinions) > max(facts)
    assert all(p < load().threshold for p in facts)


def test_the_pipeline_skips_what_the_model_reads_as_opinion_and_can_be_switched_off():
    text = "The library opened in 1901. Browsing its shelves on a rainy afternoon is pure bliss."
    refs = [("ref", "The library opened in 1901.")]
    on = Checker(Config()).check(text, refs).sentences
    assert on[1].status == "skipped" and "model" in on[1].reason and on[0].status == "supported"
    off = Checker(Config().with_(skip_model=False)).check(text, refs).sentences
    assert off[1].status != "skipped"


def test_praise_vague_comparisons_and_advice_without_a_rule_are_skipped_but_rules_and_contents_are_kept():
    # The kinds the fifth and sixth batches of training sentences cover: unmarked value judgements and
    # advice that states no rule, against conditional rules, contents and durations in words.
    opinions = _p(["The cathedral is surely one of the most moving buildings a visitor to the city can see.",
                   "Its fees compare favourably with those of most high-street lenders.",
                   "Owners should keep the manual somewhere handy."])
    facts = _p(["If the match is rained off, it is replayed the following Sunday.",
                "Its songs deal with exile, loss and the sea.",
                "The ferry crossing takes a little over an hour."])
    assert all(p >= load().threshold for p in opinions)
    assert all(p < load().threshold for p in facts)
