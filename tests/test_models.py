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
    assert np.min(np.sum(before * quantised, axis=1)) > 0.9
    assert not np.allclose(before, quantised, atol=1e-3)
    assert np.array_equal(models.embed(texts, Config(precision="float32")), before)  # quantised a copy
    assert np.array_equal(models.embed(texts, Config(precision="int8")), quantised)  # deterministic


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
