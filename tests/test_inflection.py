"""Verb forms and articles for corrections come from LemmInflect and inflect (truthometer.inflection)."""
from truthometer.inflection import article_for, noun_lemma, past_participle, past_tense, spellings, third_person


def test_verb_forms_double_consonants_and_irregulars():
    assert past_tense("drop") == "dropped" and past_tense("occur") == "occurred"
    assert past_tense("write") == "wrote" and past_participle("write") == "written"
    assert past_tense("be") == "was" and third_person("be") == "is" and third_person("go") == "goes"
    assert past_tense("found") == "founded" and past_participle("begin") == "begun"


def test_articles_follow_the_sound_not_the_letter():
    assert article_for("European") == "a" and article_for("one-off") == "a" and article_for("hour") == "an"
    assert article_for("apple") == "an" and article_for("unicorn") == "a" and article_for("X-ray") == "an"
    assert article_for("8") == "an" and article_for("11-year-old") == "an" and article_for("110") == "a"
    assert article_for("18th-century") == "an" and article_for("1,000") == "a"


def test_every_spelling_of_a_past_and_the_singular_of_a_capitalised_noun():
    assert {"modeled", "modelled"} <= set(spellings("model", "VBD")) and spellings("go", "VBD") == ("went",)
    assert noun_lemma("Presidents") == "president" and noun_lemma("states") == "state"
