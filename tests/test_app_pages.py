"""The analyst's and curator's pages through Streamlit's AppTest."""
import json

import pytest
from streamlit.testing.v1 import AppTest

from truthometer.report import Evidence, Report, SentenceResult


def test_trees_page_answers_and_reports_syntax_errors():
    at = AppTest.from_file("../pages/1_Dialectical_trees.py", default_timeout=60)
    at.run()
    assert not at.exception
    assert at.subheader[0].value == "Answer: YES"  # the example: the knowledge base outranks the web
    at.radio(key="delp-origin").set_value("Write my own").run()
    area = at.text_area[0]
    area.set_value("bird(tweety).\nflies(X) -< bird(X).\n~flies(X) -< bird(X), penguin(X).\npenguin(tweety).\n").run()
    at.text_input[0].set_value("flies(tweety)").run()
    at.radio[1].set_value("specificity").run()
    assert not at.exception
    assert at.subheader[0].value == "Answer: NO"
    at.text_area[0].set_value("flies(X) -< bird(X)\nbird(tweety).").run()
    assert not at.exception
    assert at.error and "2:1" in at.error[0].value


def test_trees_page_builds_the_program_of_a_checked_sentence():
    at = AppTest.from_file("../pages/1_Dialectical_trees.py", default_timeout=60)
    sentence = SentenceResult(0, "The cave's bottom was reached in 2017.", 0, 38, "contradicted", "r", evidence=[
        Evidence("The cave's bottom was reached in 2018.", "knowledge_base", "kb:1", 0.9, "contradiction"),
        Evidence("The cave's bottom was reached in 2017.", "web", "http://x.test/a", 0.95, "support", confidence=0.5)])
    at.session_state["reports"] = {"k": Report(sentence.text, [sentence])}
    at.session_state["current"] = "k"
    at.run()
    assert not at.exception
    assert at.subheader[0].value == "Answer: NO"
    assert "knowledge" in at.text_area[0].value
