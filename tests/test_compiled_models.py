"""The compiled int8 models (truthometer.compiled_models): the same bits as the eager models, kept per
machine under a name that changes with what they were built from, and checking without transformers."""
import subprocess
import sys

import numpy as np
import pytest
import torch

from truthometer import compiled_models, models, per_token_int8
from truthometer.config import Config

TEXTS = ["Paris", "The Eiffel Tower was completed in 1889.", "The tower was completed in 1899.",
         "Tardigrades survive brief heating to about 150 °C, though not for long, and they can also "
         "survive the vacuum of space for days.", "A man is playing a guitar.", "A woman is slicing an onion."]


def test_the_compiled_encoder_gives_the_eager_models_bits():
    compiled = models.encoder(Config(precision="int8"))
    assert isinstance(compiled, compiled_models.SentenceEncoder)  # the bundled encoder compiles
    eager = per_token_int8.EagerEncoder(models._quantised_copy(None))
    got, want = compiled.encode(TEXTS, batch_size=2), eager.encode(TEXTS, batch_size=2)
    assert np.array_equal(got, want)
    assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-6)
    assert compiled.dimension == eager.dimension == got.shape[1]


def test_the_compiled_cross_encoder_gives_the_eager_models_logits():
    from truthometer.judging.nli.finetuned import EagerPairs, FineTunedCrossEncoder, load_model
    from truthometer.judging.nli import BUNDLED_DIR, CROSS_ENCODER_DIR

    judge = FineTunedCrossEncoder(BUNDLED_DIR / CROSS_ENCODER_DIR)
    assert isinstance(judge.classifier, compiled_models.PairClassifier)
    model, tokenizer = load_model(BUNDLED_DIR / CROSS_ENCODER_DIR)
    eager = EagerPairs(per_token_int8.quantise(model), tokenizer, judge.max_length)
    pairs = list(zip(TEXTS, TEXTS[1:] + TEXTS[:1])) + [("word " * 400, "The tower is tall.")]  # truncated
    assert np.array_equal(judge.classifier.logits(pairs, 3), eager.logits(pairs, 3))


def test_a_compiled_file_is_named_for_what_it_was_built_from(tmp_path):
    weights = tmp_path / "model.safetensors"
    weights.write_bytes(b"one")
    first = compiled_models.file_for("encoder", [weights], {"max_length": 256})
    assert compiled_models.file_for("encoder", [weights], {"max_length": 256}) == first
    assert compiled_models.file_for("encoder", [weights], {"max_length": 128}) != first
    assert compiled_models.file_for("cross-encoder", [weights], {"max_length": 256}) != first
    weights.write_bytes(b"retrained")  # another size: other weights
    assert compiled_models.file_for("encoder", [weights], {"max_length": 256}) != first


class Doubles(torch.nn.Module):
    def forward(self, x):
        return x * 2


class LengthWrittenIn(torch.nn.Module):
    """int() makes the tracer write the example's length into the trace as a constant."""

    def forward(self, x):
        return x * int(x.shape[1])


def test_a_trace_that_does_not_replay_the_model_is_not_kept(tmp_path):
    examples = [(torch.ones(1, 4),), (torch.ones(2, 7),)]
    assert compiled_models.faithful_trace(LengthWrittenIn(), examples, LengthWrittenIn()) is None
    traced = compiled_models.faithful_trace(Doubles(), examples, Doubles())
    assert traced is not None and torch.equal(traced(torch.ones(3, 9)), torch.full((3, 9), 2.0))
    assert compiled_models.load_or_build(tmp_path / "none.pt", lambda: None) is None
    assert not (tmp_path / "none.pt").exists()


def test_a_damaged_file_is_built_again(tmp_path):
    path = tmp_path / "doubles.pt"
    path.write_bytes(b"not a TorchScript archive")
    built = []

    def build():
        built.append(1)
        return torch.jit.trace(Doubles(), (torch.ones(1, 3),))

    module = compiled_models.load_or_build(path, build)
    assert built == [1] and torch.equal(module(torch.ones(2, 2)), torch.full((2, 2), 2.0))
    compiled_models.load_or_build(path, build)
    assert built == [1]  # read back, not built again


def test_building_a_file_removes_the_files_of_its_kind_no_process_loaded_for_weeks(tmp_path):
    import os
    import time

    weeks_ago = time.time() - 30 * 24 * 3600
    stale, loaded, other_kind = (tmp_path / f"doubles-{1:016x}.pt", tmp_path / f"doubles-{2:016x}.pt",
                                 tmp_path / f"halves-{3:016x}.pt")
    for old in (stale, other_kind):
        old.write_bytes(b"an old build")
        os.utime(old, (weeks_ago, weeks_ago))
    torch.jit.save(torch.jit.trace(Doubles(), (torch.ones(1, 3),)), str(loaded))
    os.utime(loaded, (weeks_ago, weeks_ago))
    # Loading a file marks it as used: it is kept.
    assert compiled_models.load_or_build(loaded, lambda: None) is not None
    assert loaded.stat().st_mtime > weeks_ago
    path = tmp_path / f"doubles-{99:016x}.pt"
    module = compiled_models.load_or_build(path, lambda: torch.jit.trace(Doubles(), (torch.ones(1, 3),)))
    assert torch.equal(module(torch.ones(1, 2)), torch.full((1, 2), 2.0))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([path.name, loaded.name, other_kind.name])


def test_checking_imports_neither_transformers_nor_sentence_transformers():
    models.encoder(Config(precision="int8"))  # the compiled files exist before the child starts
    code = ("import sys\n"
            "from truthometer.pipeline import check\n"
            "report = check('The Eiffel Tower was completed in 1899.', "
            "[('ref', 'The Eiffel Tower was completed in 1889 for the World Fair.')])\n"
            "print(report.sentences[0].status, 'transformers' in sys.modules, 'sentence_transformers' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    status, *imported = done.stdout.split()
    assert status == "contradicted" and imported == ["False", "False"], done.stdout
