"""The Hugging Face backend, with a tiny randomly initialised BERT the test builds itself (no download)."""
import numpy as np
import pytest

from truthometer.config import Config
from truthometer.errors import ModelNotAvailable
from truthometer.judging.nli import LABELS, load_judge
from truthometer.judging.nli.hf import HFJudge, label_order

WORDS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "the", "tower", "was", "completed", "in", "1889", "1899",
         "paris", "is", "a", "city", ".", "cats", "purr"]


def build(tmp_path, id2label):
    torch = pytest.importorskip("torch")
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizer

    vocab = tmp_path / "vocab.txt"
    vocab.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    tokenizer = BertTokenizer(str(vocab))
    torch.manual_seed(0)
    config = BertConfig(vocab_size=len(WORDS), hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                        intermediate_size=32, max_position_embeddings=64, num_labels=len(id2label),
                        id2label=id2label, label2id={v: k for k, v in id2label.items()})
    model = BertForSequenceClassification(config)
    model.save_pretrained(tmp_path)
    tokenizer.save_pretrained(tmp_path)
    return model, tokenizer


def test_labels_are_mapped_from_config(tmp_path):
    import torch

    model, tokenizer = build(tmp_path, {0: "CONTRADICTION", 1: "Neutral", 2: "entailment"})
    judge = HFJudge(tmp_path)
    assert judge.order == [2, 1, 0]
    premises = ["the tower was completed in 1889 .", "paris is a city ."]
    hypotheses = ["the tower was completed in 1899 .", "cats purr ."]
    probs = judge.predict(premises, hypotheses)
    assert probs.shape == (2, 3)
    model.eval()
    with torch.inference_mode():
        raw = torch.softmax(model(**tokenizer(premises, hypotheses, padding=True, return_tensors="pt")).logits, -1).numpy()
    # Our column "entailment" is the model's index 2, "contradiction" its index 0.
    assert np.allclose(probs[:, 0], raw[:, 2], atol=1e-5)
    assert np.allclose(probs[:, 1], raw[:, 1], atol=1e-5)
    assert np.allclose(probs[:, 2], raw[:, 0], atol=1e-5)
    assert judge.relation(probs[0]) in ("support", "related", "contradiction")


def test_batching_matches_single(tmp_path):
    build(tmp_path, {0: "entailment", 1: "neutral", 2: "contradiction"})
    judge = HFJudge(tmp_path, batch_size=2)
    premises = ["the tower was completed in 1889 ."] * 3 + ["paris is a city ."]
    hypotheses = ["the tower was completed in 1899 .", "cats purr .", "the tower .", "paris is a city ."]
    batch = judge.predict(premises, hypotheses)
    single = np.vstack([judge.predict([p], [h]) for p, h in zip(premises, hypotheses)])
    assert np.allclose(batch, single, atol=1e-5)


def test_load_judge_uses_nli_path(tmp_path):
    build(tmp_path, {0: "ENTAILMENT", 1: "NEUTRAL", 2: "CONTRADICTION"})
    judge = load_judge(Config(nli_path=str(tmp_path)))
    assert judge.name == "hf"
    assert judge.predict(["paris is a city ."], ["cats purr ."]).shape == (1, len(LABELS))


def test_unmappable_labels_are_refused(tmp_path):
    build(tmp_path, {0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"})
    with pytest.raises(ModelNotAvailable, match="id2label"):
        HFJudge(tmp_path)
    with pytest.raises(ModelNotAvailable):
        label_order({0: "positive", 1: "negative"})


def test_missing_path(tmp_path):
    with pytest.raises(ModelNotAvailable, match="not a directory"):
        HFJudge(tmp_path / "missing")
