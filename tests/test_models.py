"""The encoder adapter: precision setting."""
import numpy as np
import pytest

from truthometer import models
from truthometer.config import Config


def test_bfloat16_embeddings_agree_with_float32():
    texts = ["The Eiffel Tower was completed in 1889.", "Tardigrades survive brief heating to about 150 °C.",
             "Set the fresh food compartment to 3 °C."]
    full = models.embed(texts, Config(precision="float32"))
    half = models.embed(texts, Config(precision="bfloat16"))
    assert full.dtype == half.dtype == np.float32 and full.shape == half.shape
    assert np.min(np.sum(full * half, axis=1)) > 0.999
    assert not np.array_equal(full, half)  # the setting does change the arithmetic


def test_int8_embeddings_stay_close_to_float32_and_leave_the_float32_model_alone():
    texts = ["The Eiffel Tower was completed in 1889.", "Tardigrades survive brief heating to about 150 °C.",
             "Set the fresh food compartment to 3 °C."]
    before = models.embed(texts, Config(precision="float32"))
    quantised = models.embed(texts, Config(precision="int8"))
    assert np.min(np.sum(before * quantised, axis=1)) > 0.99  # per-token scales stay close to float32
    assert not np.allclose(before, quantised, atol=1e-3)
    assert np.array_equal(models.embed(texts, Config(precision="float32")), before)  # quantised a copy
    assert np.array_equal(models.embed(texts, Config(precision="int8")), quantised)  # deterministic


def test_an_int8_embedding_does_not_depend_on_what_is_encoded_with_it():
    texts = ["The Eiffel Tower was completed in 1889.", "Tardigrades survive brief heating to about 150 °C.",
             "Set the fresh food compartment to 3 °C.", "Paris",
             "The inner German border was about 1,393 km long, while the Berlin Wall itself was about 155 km "
             "long and ran through the middle of a city that both sides claimed.",
             "A 23-year-old from Arizona became the youngest person to visit every country."]
    together = models.embed(texts, Config(precision="int8", batch_size=4))
    for i, text in enumerate(texts):
        assert np.array_equal(models.embed([text], Config(precision="int8"))[0], together[i]), text
    reordered = models.embed(texts[::-1] + texts[:2], Config(precision="int8", batch_size=3))
    assert np.array_equal(reordered[: len(texts)][::-1], together)


def test_unknown_precision_is_refused(monkeypatch):
    with pytest.raises(ValueError, match="precision"):
        Config(precision="float8")
    monkeypatch.setenv("TRUTHOMETER_PRECISION", "half")
    with pytest.raises(ValueError, match="TRUTHOMETER_PRECISION"):
        Config()


def test_a_bad_setting_is_a_user_error_in_the_cli(monkeypatch, capsys, tmp_path):
    from truthometer.cli import main

    article = tmp_path / "article.txt"
    article.write_text("The tower was completed in 1889.", encoding="utf-8")
    monkeypatch.setenv("TRUTHOMETER_PRECISION", "fp8")
    assert main(["check", str(article), "--no-kb"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unknown precision 'fp8'") and "Traceback" not in err


def test_torch_on_one_core_changes_the_pool_not_the_embeddings():
    import threading

    import torch

    texts = ["The Eiffel Tower was completed in 1889.", "Tardigrades survive brief heating to about 150 °C.",
             "Paris"]
    before = torch.get_num_threads()
    if before < 2:
        torch.set_num_threads(2)  # a one-core runner still checks the setting is made and undone
    pool = torch.get_num_threads()
    full = {p: models.embed(texts, Config(precision=p)) for p in ("int8", "float32")}
    inside, threads_inside = {}, []

    def encode(precision):
        inside[precision] = models.embed(texts, Config(precision=precision))

    with models.torch_on_one_core():
        threads_inside.append(torch.get_num_threads())
        with models.torch_on_one_core():  # nested, and a second thread, as two checks at once would be
            worker = threading.Thread(target=encode, args=("int8",))
            worker.start()
            encode("float32")
            worker.join()
        threads_inside.append(torch.get_num_threads())  # the inner block left: still one
    try:
        assert threads_inside == [1, 1] and torch.get_num_threads() == pool
        # The judge's figures rest on this: the same bits whatever the pool's size.
        for precision, vectors in full.items():
            assert np.array_equal(inside[precision], vectors), precision
    finally:
        torch.set_num_threads(before)


def test_parses_are_kept_per_process_and_are_what_a_fresh_parse_gives(monkeypatch):
    monkeypatch.setattr(models, "PARSE_CACHE_SIZE", 3)
    monkeypatch.setattr(models, "_parses", type(models._parses)())
    texts = ["Paris is the capital of France.", "The tower was completed in 1889.",
             "Tardigrades survive brief heating to about 150 °C."]
    first = models.parse_many(texts + texts[:1])
    assert sorted(first) == sorted(texts)
    again = models.parse_many(texts[1:])
    assert all(again[t] is first[t] for t in texts[1:])  # not parsed twice
    # The kept parse is the parse: the same tags, heads and entities as the text parsed alone.
    for text, doc in first.items():
        alone = models.nlp()(text)
        assert [(t.tag_, t.dep_, t.head.i, t.ent_type_) for t in doc] == \
            [(t.tag_, t.dep_, t.head.i, t.ent_type_) for t in alone]
    models.parse_many(["A fourth sentence."])
    assert len(models._parses) == 3 and texts[0] not in models._parses  # bounded: the oldest left first


def test_the_float64_product_gives_torch_int_mm_exactly():
    import torch

    from truthometer.per_token_int8 import exact_int8_product

    generator = torch.Generator().manual_seed(7)
    a = torch.randint(-127, 128, (32, 384), dtype=torch.int8, generator=generator)
    b = torch.randint(-127, 128, (384, 1536), dtype=torch.int8, generator=generator)
    assert torch.equal(exact_int8_product(a, b), torch._int_mm(a, b).to(torch.float32))
    # Near the largest sum a row can make: odd and over 2**24, so float32 could not hold it while summing.
    top = torch.full((32, 1536), 127, dtype=torch.int8)
    bottom = torch.full((1536, 64), -127, dtype=torch.int8)
    bottom[0] = -126
    exact = torch._int_mm(top, bottom)
    assert int(exact[0, 0]) == 127 * (-127 * 1535 - 126) and abs(int(exact[0, 0])) > 2 ** 24
    assert torch.equal(exact_int8_product(top, bottom), exact.to(torch.float32))


def test_an_int8_layer_gives_the_same_bits_with_either_product(monkeypatch):
    import torch

    from truthometer import per_token_int8

    torch.manual_seed(3)
    linear = torch.nn.Linear(384, 96)
    x = torch.randn(2, 5, 384) * 4
    measured = per_token_int8.int_mm_is_fast()  # this CPU's choice, timed
    outputs = []
    for fast in (True, False):
        monkeypatch.setattr(per_token_int8, "int_mm_is_fast", lambda fast=fast: fast)
        layer = per_token_int8.PerTokenInt8Linear(linear)
        outputs.append(layer(x))
        assert (layer.weight_f64 is None) == fast  # the float64 product runs only where asked
    assert torch.equal(outputs[0], outputs[1])
    assert outputs[0].shape == (2, 5, 96)
    assert torch.allclose(outputs[0], linear(x), atol=0.1)  # and it is still the layer's product
    assert isinstance(measured, bool)
