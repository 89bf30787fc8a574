"""The bundled entailment judge: offline load, slot contradictions, batching, determinism, aggregation."""
import numpy as np
import pytest

from truthometer.config import Config
from truthometer.errors import ModelNotAvailable
from truthometer.judging import nli
from truthometer.judging.nli import LABELS, BundledJudge, aggregate, load_judge, relation

EVIDENCE = "The tower was completed in 1889."


@pytest.fixture(scope="module")
def judge():
    return load_judge(Config(nli_path=None))


def test_labels_order():
    assert LABELS == ("entailment", "neutral", "contradiction")


def test_wrong_year_is_contradiction(judge):
    probs = judge.predict([EVIDENCE], ["The tower was completed in 1899."])
    assert probs.shape == (1, 3)
    assert LABELS[int(probs[0].argmax())] == "contradiction"
    assert judge.relation(probs[0]) == "contradiction"


def test_paraphrase_is_entailment(judge):
    probs = judge.predict([EVIDENCE], ["In 1889, the tower was completed."])
    assert LABELS[int(probs[0].argmax())] == "entailment"
    assert probs[0, 0] > probs[0, 2]


def test_unrelated_is_neutral(judge):
    probs = judge.predict([EVIDENCE], ["Bananas are rich in potassium and grow in tropical climates."])
    assert LABELS[int(probs[0].argmax())] == "neutral"


def test_probabilities_are_distributions(judge):
    probs = judge.predict([EVIDENCE] * 3, ["The tower was completed in 1899.", "The tower was completed.", "Cats purr."])
    assert np.allclose(probs.sum(axis=1), 1.0)
    assert (probs >= 0).all() and (probs <= 1).all()


def test_batch_equals_one_by_one_and_is_deterministic(judge):
    premises = [EVIDENCE, "Paris is the capital of France.", "The river is not navigable in winter.", EVIDENCE]
    hypotheses = ["The tower was completed in 1899.", "The capital of France is Paris.",
                  "The river is navigable in winter.", "Bananas are yellow."]
    batch = judge.predict(premises, hypotheses)
    single = np.vstack([judge.predict([p], [h]) for p, h in zip(premises, hypotheses)])
    assert np.allclose(batch, single, atol=1e-5)
    assert np.array_equal(batch, judge.predict(premises, hypotheses))


def test_empty_and_mismatched_input(judge):
    assert judge.predict([], []).shape == (0, 3)
    probs = judge.predict(["", EVIDENCE, "  ...  "], ["", "", "The tower was completed in 1889."])
    assert np.array_equal(probs, np.array([[0.0, 1.0, 0.0]] * 3))
    with pytest.raises(Exception, match="premises"):
        judge.predict(["a"], ["b", "c"])


def test_missing_weights_raise_model_not_available(tmp_path):
    with pytest.raises(ModelNotAvailable, match="scripts/train_nli.py"):
        BundledJudge(tmp_path / "nowhere")


def test_corrupt_weights_raise_model_not_available(tmp_path):
    (tmp_path / "head.npz").write_bytes(b"not a zip file")
    (tmp_path / "head.json").write_text('{"n_layers": 1}')
    with pytest.raises(ModelNotAvailable, match="train_nli"):
        BundledJudge(tmp_path)


def test_relation_names():
    assert relation([0.8, 0.1, 0.1]) == "support"
    assert relation([0.1, 0.8, 0.1]) == "related"
    assert relation([0.1, 0.2, 0.7]) == "contradiction"
    with pytest.raises(ValueError):
        relation([0.5, 0.5])


def test_aggregate_rule():
    assert aggregate(np.zeros((0, 3))) == ("unverifiable", 1.0)
    # One confident contradiction among neutral sentences decides.
    verdict, conf = aggregate(np.array([[0.1, 0.85, 0.05], [0.05, 0.15, 0.8]]))
    assert verdict == "contradicted" and conf == pytest.approx(0.8)
    verdict, conf = aggregate(np.array([[0.9, 0.05, 0.05], [0.2, 0.2, 0.6]]))
    assert verdict == "supported" and conf == pytest.approx(0.9)
    verdict, conf = aggregate(np.array([[0.3, 0.5, 0.2], [0.4, 0.4, 0.2]]))
    assert verdict == "unverifiable" and conf == pytest.approx(0.6)
    # A weak-weighted (barely relevant) sentence cannot decide on its own.
    assert aggregate(np.array([[0.9, 0.05, 0.05]]), weights=[0.3])[0] == "unverifiable"
    with pytest.raises(ValueError):
        aggregate(np.array([[0.9, 0.05, 0.05]]), weights=[1, 1])


def test_load_judge_is_cached():
    assert load_judge(Config(nli_path=None)) is load_judge(Config(nli_path=None))
    assert nli.BUNDLED_DIR.joinpath("MODEL_CARD.md").is_file()


def test_an_ensemble_head_averages_its_members_and_round_trips(tmp_path):
    from truthometer.judging.nli.head import Head, load_head

    rng = np.random.default_rng(0)
    def member():
        return [(rng.normal(size=(4, 3)), rng.normal(size=3)), (rng.normal(size=(3, 3)), rng.normal(size=3))]
    a, b = member(), member()
    x = rng.normal(size=(5, 4))
    head = Head(np.zeros(4), np.ones(4), a, 1.0, {}, None, [b])
    single = [Head(np.zeros(4), np.ones(4), m).logits(x) for m in (a, b)]
    assert np.allclose(head.logits(x), (single[0] + single[1]) / 2)
    assert not np.allclose(single[0], single[1])
    head.save(tmp_path)
    loaded = load_head(tmp_path)
    assert len(loaded.members) == 2
    assert np.allclose(loaded.logits(x), head.logits(x), atol=1e-5)


def test_progress_only_moves_forward_and_ends_at_one(judge):
    # Over 500 texts the parser reports part-way; that report must fall in the first half, not past the
    # "embedding" stage that follows it.
    claims = [f"The tower number {i} was completed in {1800 + i}." for i in range(520)]
    reports = []
    judge.predict([EVIDENCE] * len(claims), claims, progress=lambda fraction, stage: reports.append(fraction))
    assert reports and reports[-1] == 1.0
    assert all(0.0 <= a <= b <= 1.0 for a, b in zip(reports, reports[1:])), reports


def test_the_judge_is_built_once_when_threads_ask_at_the_same_time(monkeypatch):
    import threading
    import time

    built = []

    class SlowJudge:
        def __init__(self, directory, config):
            built.append(1)
            time.sleep(0.2)  # the bundled judge takes seconds: the others ask while it loads

    monkeypatch.setattr(nli, "_cache", {})
    monkeypatch.setattr(nli, "BundledJudge", SlowJudge)
    got = []
    threads = [threading.Thread(target=lambda: got.append(load_judge(Config()))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(built) == 1 and len(got) == 4 and len({id(g) for g in got}) == 1
