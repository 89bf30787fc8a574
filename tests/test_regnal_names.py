"""Regnal names ("Richard I") read as one name by the text layer's spaCy component."""
import pytest

from truthometer import models
from truthometer.corrections import suggest_correction


@pytest.fixture(scope="module")
def nlp():
    return models.nlp()


def _token(doc, text):
    return next(t for t in doc if t.text == text)


def test_a_name_and_the_numeral_one_are_one_subject(nlp):
    doc = nlp("In 1189 Richard I became king of England.")
    name = _token(doc, "Richard I")
    assert name.dep_ == "nsubj" and name.head.lemma_ == "become"
    assert name.ent_type_ == "PERSON" and name.pos_ == "PROPN"
    assert not any(t.text == "I" for t in doc)


def test_after_a_title_the_numeral_belongs_to_the_name(nlp):
    doc = nlp("Queen Mary I restored the old church.")
    name = _token(doc, "Mary I")
    assert name.dep_ == "nsubj" and name.head.text == "restored"
    assert _token(doc, "Queen").head.i == name.i


def test_the_pronoun_stays_a_pronoun(nlp):
    for text in ("I think Richard is right.", "John I'm sure you know.", "Thank you, Richard, I agree."):
        doc = nlp(text)
        assert any(t.text == "I" and t.pos_ == "PRON" for t in doc), text


def test_the_text_is_kept_character_for_character(nlp):
    text = "King Edward I founded the college, and I visited it."
    doc = nlp(text)
    assert doc.text == text
    assert [t.text for t in doc].count("I") == 1  # the second "I" is the speaker


def test_a_regnal_name_is_corrected_from_the_agent_of_a_passive():
    s = suggest_correction("Edward I founded the college in 1290.",
                           "The college was founded by King Henry in 1290.")
    assert s is not None and s.corrected == "King Henry founded the college in 1290."


def test_the_claims_title_is_not_repeated():
    s = suggest_correction("King Edward I founded the college in 1290.",
                           "The college was founded in 1290 by King Henry, who also built its chapel.")
    assert s is not None and s.corrected == "King Henry founded the college in 1290."
