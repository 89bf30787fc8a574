"""The judge's cross-encoder (LoRA adapter on all-MiniLM-L6-v2) and the cascade that consults it."""
import shutil

import numpy as np
import pytest
import torch

from truthometer.config import Config
from truthometer.judging.nli import BUNDLED_DIR, BundledJudge, CROSS_ENCODER_BELOW, combine
from truthometer.judging.nli.cross_encoder import CrossEncoder, base_model, save, targets

PAIRS = [("The tower was completed in 1889.", "The tower was completed in 1899."),
         ("A woman is slicing an onion.", "A lady is cutting an onion."),
         ("Titanium melts at 1,668 °C.", "Titanium has a high melting point."),
         ("The band formed in Franklin, Tennessee, in 2004.", "The band was formed in 2004.")]


def _write_adapter(directory, scale: float):
    """A head directory with a random adapter (rank 4, factors times ``scale``) written by ``save``, as the
    training script writes it."""
    for name in ("head.npz", "head.json", "trained_on.txt"):
        shutil.copy(BUNDLED_DIR / name, directory / name)
    torch.manual_seed(0)  # the same freshly initialised classifier in every directory
    model, _ = base_model()
    g = torch.Generator().manual_seed(0)
    adapters = {}
    for name in targets(model):
        layer = dict(model.bert.encoder.named_modules())[name]
        adapters[name] = (torch.randn(4, layer.in_features, generator=g) * 0.05,
                          torch.randn(layer.out_features, 4, generator=g) * scale)
    save(model, adapters, directory, {"rank": 4, "alpha": 8.0, "precision": "int8"})
    return directory


@pytest.fixture(scope="module")
def adapter_dir(tmp_path_factory):
    return _write_adapter(tmp_path_factory.mktemp("nli"), 0.05)


def test_combine_is_a_normalised_product_of_experts():
    head = np.array([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8]])
    cross = np.array([[0.6, 0.39, 0.01], [0.45, 0.1, 0.45]])
    both = combine(head, cross)
    assert np.allclose(both.sum(axis=1), 1.0)
    # A label one judge finds very unlikely gets less than the two judges' average would give it.
    assert both[0, 2] < (head[0, 2] + cross[0, 2]) / 2 - 0.02
    assert np.argmax(both[1]) == 2  # the head's confident contradiction outweighs an undecided cross-encoder
    assert np.allclose(combine(head, cross, head_weight=1.0), head)


def test_every_linear_layer_of_the_encoder_gets_an_update():
    model, _ = base_model()
    names = targets(model)
    assert len(names) == 6 * 6  # six layers: query, key, value, attention output, intermediate, output
    assert all(n.startswith("layer.") for n in names)


def test_a_pairs_probabilities_do_not_depend_on_its_batch(adapter_dir):
    cross = CrossEncoder(adapter_dir)
    premises, hypotheses = [p for p, _ in PAIRS], [h for _, h in PAIRS]
    together = cross.predict(premises, hypotheses)
    alone = np.vstack([cross.predict([p], [h]) for p, h in PAIRS])
    assert np.allclose(together.sum(axis=1), 1.0)
    assert np.array_equal(together, alone)



def test_the_adapter_is_merged_into_the_encoder(adapter_dir, tmp_path):
    premises, hypotheses = [p for p, _ in PAIRS], [h for _, h in PAIRS]
    adapted = CrossEncoder(adapter_dir).predict(premises, hypotheses)
    # The same trained head with a zero update (B = 0): the base encoder's probabilities.
    plain = CrossEncoder(_write_adapter(tmp_path, 0.0)).predict(premises, hypotheses)
    assert np.abs(adapted - plain).max() > 1e-3


def test_the_cross_encoder_is_asked_only_where_the_head_is_unsure(adapter_dir):
    premises, hypotheses = [p for p, _ in PAIRS], [h for _, h in PAIRS]
    alone = BundledJudge(adapter_dir, Config(cross_encoder=False))
    cascade = BundledJudge(adapter_dir, Config(cross_encoder=True))
    assert alone.cross_encoder is None and cascade.cross_encoder is not None
    head = alone.predict(premises, hypotheses)
    both = cascade.predict(premises, hypotheses)
    sure = head.max(axis=1) >= CROSS_ENCODER_BELOW
    assert np.array_equal(both[sure], head[sure])
    unsure = ~sure
    assert unsure.any()
    expected = combine(head[unsure], cascade.cross_encoder.predict(
        [premises[i] for i in np.flatnonzero(unsure)], [hypotheses[i] for i in np.flatnonzero(unsure)]))
    assert np.allclose(both[unsure], expected)
