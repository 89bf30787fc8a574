"""External judges from local Hugging Face directories (truthometer/judging/nli/external_hf.py), on tiny
models the tests build and train for a few steps: a two-way grounding classifier, a seq2seq judge, a
three-way NLI classifier."""
from __future__ import annotations

import json

import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from truthometer.config import Config  # noqa: E402
from truthometer.errors import ModelNotAvailable  # noqa: E402
from truthometer.judging.nli.external import load_external  # noqa: E402
from truthometer.judging.nli.external_hf import (GroundingJudge, NLIJudge, Seq2SeqJudge, joined,  # noqa: E402
                                                 supported_index)

WORDS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "</s>", "predict:", "1", "0", "the", "sky", "is", "blue", "green",
         "grass", "red"]
SUPPORTED = ("the sky is blue", "the sky is blue")
NOT_SUPPORTED = ("the sky is blue", "the grass is red")


def tokenizer(eos: bool = True):
    from tokenizers import Tokenizer, models, pre_tokenizers, processors
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.WordLevel({w: i for i, w in enumerate(WORDS)}, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    if not eos:  # a BERT-like tokenizer: [CLS] a [SEP] b [SEP], no end-of-sequence token
        tok.post_processor = processors.TemplateProcessing(
            single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B [SEP]", special_tokens=[("[CLS]", 2), ("[SEP]", 3)])
    extra = {"eos_token": "</s>"} if eos else {"cls_token": "[CLS]", "sep_token": "[SEP]"}
    return PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]", pad_token="[PAD]", **extra)


def train(model, batches, steps: int = 25):
    torch.manual_seed(0)
    optimiser = torch.optim.Adam(model.parameters(), lr=1e-2)
    model.train()
    for _ in range(steps):
        for batch in batches:
            optimiser.zero_grad()
            model(**batch).loss.backward()
            optimiser.step()
    model.eval()


def classifier(directory, labels: dict, targets: list[int], pairs, eos: bool = True):
    """A two-layer BERT classifier trained to give ``targets`` for ``pairs``, written as the judge reads them."""
    from transformers import BertConfig, BertForSequenceClassification

    torch.manual_seed(0)
    tok = tokenizer(eos)
    config = BertConfig(vocab_size=len(WORDS), hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                        intermediate_size=64, max_position_embeddings=64, num_labels=len(labels),
                        id2label=labels, label2id={v: k for k, v in labels.items()})
    model = BertForSequenceClassification(config)
    batch = tok(**joined(tok, [p for p, _ in pairs], [h for _, h in pairs]), padding=True, return_tensors="pt")
    batch["labels"] = torch.tensor(targets)
    train(model, [dict(batch)])
    model.save_pretrained(directory)
    tok.save_pretrained(directory)
    return directory


@pytest.fixture(scope="module")
def grounding_dir(tmp_path_factory):
    # MiniCheck's labels are unnamed: label 1 is "supported".
    return classifier(tmp_path_factory.mktemp("grounding"), {0: "LABEL_0", 1: "LABEL_1"}, [1, 0],
                      [SUPPORTED, NOT_SUPPORTED])


@pytest.fixture(scope="module")
def seq2seq_dir(tmp_path_factory):
    from transformers import T5Config, T5ForConditionalGeneration

    directory = tmp_path_factory.mktemp("seq2seq")
    torch.manual_seed(0)
    tok = tokenizer()
    config = T5Config(vocab_size=len(WORDS), d_model=32, d_kv=16, d_ff=64, num_layers=2, num_heads=2,
                      decoder_start_token_id=0, pad_token_id=0, eos_token_id=4)
    model = T5ForConditionalGeneration(config)
    pairs = [SUPPORTED, NOT_SUPPORTED]
    batch = tok(**joined(tok, [p for p, _ in pairs], [h for _, h in pairs], "predict: "), padding=True,
                return_tensors="pt")
    labels = tok(["1", "0"], return_tensors="pt")["input_ids"]
    train(model, [{"input_ids": batch["input_ids"], "attention_mask": batch["attention_mask"], "labels": labels}])
    model.save_pretrained(directory)
    tok.save_pretrained(directory)
    return directory


def test_minicheck_input_format():
    """Document and claim joined by the end-of-sequence token, as MiniCheck trained on them; a sentence
    pair where the tokenizer has none."""
    assert joined(tokenizer(), ["doc"], ["claim"]) == {"text": ["doc</s>claim"]}
    assert joined(tokenizer(), ["doc"], ["claim"], "predict: ") == {"text": ["predict: doc</s>claim"]}
    assert joined(tokenizer(eos=False), ["doc"], ["claim"]) == {"text": ["doc"], "text_pair": ["claim"]}


def test_supported_label_from_id2label():
    assert supported_index({0: "LABEL_0", 1: "LABEL_1"}) == 1
    assert supported_index({0: "supported", 1: "unsupported"}) == 0
    with pytest.raises(ModelNotAvailable, match="which label"):
        supported_index({0: "A", 1: "B"})
    with pytest.raises(ModelNotAvailable, match="hf-nli"):
        supported_index({0: "entailment", 1: "neutral", 2: "contradiction"})


def test_grounding_classifier_reads_label_1_as_supported(grounding_dir):
    judge = GroundingJudge(str(grounding_dir))
    reading = judge.read(*zip(SUPPORTED, NOT_SUPPORTED))
    assert judge.three_way is False and reading.values.shape == (2,)
    assert reading.values[0] > 0.8 and reading.values[1] < 0.2
    assert reading.notes == [None, None]


def test_grounding_classifier_with_named_labels(tmp_path):
    """Labels named the other way round: read from id2label, not assumed."""
    directory = classifier(tmp_path, {0: "supported", 1: "unsupported"}, [0, 1], [SUPPORTED, NOT_SUPPORTED],
                           eos=False)
    values = GroundingJudge(str(directory)).read(*zip(SUPPORTED, NOT_SUPPORTED)).values
    assert values[0] > 0.8 and values[1] < 0.2


def test_batches_give_what_one_pair_at_a_time_gives(grounding_dir):
    judge = GroundingJudge(str(grounding_dir))
    pairs = [SUPPORTED, NOT_SUPPORTED, ("the grass is green", "the sky is red"), SUPPORTED, NOT_SUPPORTED]
    together = judge.read([p for p, _ in pairs], [h for _, h in pairs]).values
    judge.batch_size = 2
    in_twos = judge.read([p for p, _ in pairs], [h for _, h in pairs]).values
    alone = [judge.read([p], [h]).values[0] for p, h in pairs]
    assert together.shape == (5,)
    np.testing.assert_allclose(together, in_twos, atol=1e-6)
    np.testing.assert_allclose(together, alone, atol=1e-6)
    assert judge.read([], []).values.shape == (0,)


def test_seq2seq_judge_reads_the_1_token(seq2seq_dir):
    judge = Seq2SeqJudge(str(seq2seq_dir))
    assert judge.label_ids == [WORDS.index("1"), WORDS.index("0")]
    values = judge.read(*zip(SUPPORTED, NOT_SUPPORTED)).values
    assert values[0] > 0.8 and values[1] < 0.2


def test_three_way_nli_classifier(tmp_path):
    labels = {0: "CONTRADICTION", 1: "NEUTRAL", 2: "ENTAILMENT"}
    directory = classifier(tmp_path, labels, [2, 0], [SUPPORTED, NOT_SUPPORTED])
    judge = NLIJudge(str(directory))
    values = judge.read(*zip(SUPPORTED, NOT_SUPPORTED)).values
    assert judge.three_way and values.shape == (2, 3)
    np.testing.assert_allclose(values.sum(axis=1), 1.0)
    # Columns in the project's order (entailment, neutral, contradiction), whatever the model's.
    assert values[0].argmax() == 0 and values[1].argmax() == 2


def test_chosen_by_configuration(grounding_dir, seq2seq_dir):
    assert isinstance(load_external(Config(external_judge=f"hf-grounding:{grounding_dir}")), GroundingJudge)
    assert isinstance(load_external(Config(external_judge=f"hf-seq2seq:{seq2seq_dir}")), Seq2SeqJudge)


def test_remote_code_is_never_run(grounding_dir, tmp_path):
    """A model directory whose config points at its own code: that code is not imported."""
    import shutil

    directory = tmp_path / "remote"
    shutil.copytree(grounding_dir, directory)
    marker = tmp_path / "ran"
    (directory / "evil.py").write_text(f"open({str(marker)!r}, 'w').write('ran')\n"
                                       "from transformers import BertForSequenceClassification as EvilModel\n")
    config = json.loads((directory / "config.json").read_text())
    config["auto_map"] = {"AutoModelForSequenceClassification": "evil.EvilModel",
                          "AutoConfig": "evil.EvilConfig"}
    (directory / "config.json").write_text(json.dumps(config))
    try:
        GroundingJudge(str(directory))
    except ModelNotAvailable:
        pass  # refusing the model is as good as loading the library's class
    assert not marker.exists()


def test_a_missing_or_unreadable_directory_is_one_clear_error(tmp_path):
    with pytest.raises(ModelNotAvailable, match="not a directory"):
        GroundingJudge(str(tmp_path / "nowhere"))
    (tmp_path / "config.json").write_text("{not json")
    with pytest.raises(ModelNotAvailable, match="cannot load a model from"):
        Seq2SeqJudge(str(tmp_path))
