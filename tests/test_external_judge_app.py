"""The Check page's selector of a stronger judge (ui/external_judge.py), through Streamlit's AppTest."""
import pytest
from streamlit.testing.v1 import AppTest

from ui.external_judge import BUNDLED_ALONE


def _app(tmp_path, monkeypatch, spec=None):
    monkeypatch.setenv("TRUTHOMETER_KB", str(tmp_path / "kb"))
    monkeypatch.setenv("TRUTHOMETER_EXTERNAL_CACHE", str(tmp_path / "answers"))
    if spec:
        monkeypatch.setenv("TRUTHOMETER_EXTERNAL_JUDGE", spec)
        monkeypatch.setenv("TRUTHOMETER_EXTERNAL_MODEL", "bespoke-minicheck")
        monkeypatch.setenv("TRUTHOMETER_EXTERNAL_ALLOW_HOSTS", "127.0.0.1")
    at = AppTest.from_file("../app.py", default_timeout=300)
    at.run()
    assert not at.exception
    return at


def _claims(server) -> set:
    """The claims the server was asked about (the app's warm-up asks about its own sentence too)."""
    return {p["json"]["messages"][1]["content"].split("\nClaim: ", 1)[1] for p in server.posts}


def test_no_selector_without_a_configured_judge(tmp_path, monkeypatch):
    monkeypatch.delenv("TRUTHOMETER_EXTERNAL_JUDGE", raising=False)
    at = _app(tmp_path, monkeypatch)
    assert not [s for s in at.selectbox if s.key == "external-judge"]


def test_the_configured_judge_can_be_switched_off_for_a_check(tmp_path, monkeypatch):
    from fake_llm_server import FakeLLM

    with FakeLLM(["Yes"]) as server:
        at = _app(tmp_path, monkeypatch, f"openai:{server.url}")
        selector = at.selectbox(key="external-judge")
        assert selector.options == [f"openai:{server.url}", BUNDLED_ALONE]
        at.slider(key="external-below").set_value(1.0)
        at.text_area(key="text").set_value("The Eiffel Tower was completed in 1889.")
        at.text_area(key="references").set_value("The Eiffel Tower was completed in 1889 in Paris.")
        at.button(key="check").click().run()
        assert not at.exception
        assert "The Eiffel Tower was completed in 1889." in _claims(server)  # on by default, as configured
        at.selectbox(key="external-judge").set_value(BUNDLED_ALONE).run()
        at.text_area(key="text").set_value("The Eiffel Tower is in Paris.")
        at.button(key="check").click().run()
        assert not at.exception
        assert "The Eiffel Tower is in Paris." not in _claims(server)  # off: the server is not asked
