from truthometer import models
from truthometer.segmentation import contextualise, skip_reason, split_sentences


def test_offsets_point_into_original_text():
    text = "# Title line\n\nThe tower is in Paris.  It was built in 1889!\n\n- A list item without a stop\n"
    sentences = split_sentences(text)
    assert [s.text for s in sentences] == ["Title line", "The tower is in Paris.", "It was built in 1889!",
                                           "A list item without a stop"]
    for s in sentences:
        assert text[s.start:s.end] == s.text


def test_skip_reasons():
    nlp = models.nlp()

    def reason(t):
        return skip_reason(t, nlp(t)[:])

    assert reason("Is the tower in Paris?") == "question"
    assert reason("I think it is the most beautiful building in Europe.") == "first-person opinion"
    assert reason("Consult a specialist before changing the dose.") == "advice or boilerplate"
    assert reason("Check local regulations before you go.") == "advice or boilerplate"
    assert reason("Climbing it is an unforgettable adventure.") == "subjective judgement"
    assert reason("Great.") == "too short to carry a fact"
    # Instructions in manuals state facts about the product: they are checked.
    assert reason("Check the tire pressure at least once a month.") is None
    assert reason("The tower was completed in 1889.") is None
    # Advice with an amount is an instruction the label states.
    assert reason("Stop using the spray and consult a pharmacist if the rash lasts longer than 3 days.") is None


def test_an_evaluative_word_inside_a_name_judges_nothing():
    nlp = models.nlp()
    for text in ["The Great Fire of London started in a bakery on Pudding Lane in September 1666.",
                 "Amazing Grace was written by John Newton in 1772."]:
        assert skip_reason(text, nlp(text)[:]) is None
        assert skip_reason(text) is None  # without a parse, by capitals
        assert skip_reason(text, nlp(text)) is None  # a whole Doc as well as a Span
    doc = nlp("The first sentence is long enough to count. The Great Fire of London started in a bakery.")
    second = list(doc.sents)[1]
    assert skip_reason(second.text, second) is None  # a sentence inside a longer Doc
    for text in ["It was a great success for the whole team.", "Great food and friendly staff at this restaurant."]:
        assert skip_reason(text, nlp(text)[:]) == "subjective judgement"
        assert skip_reason(text) == "subjective judgement"


def test_pronoun_is_resolved_for_checking_only():
    sentences = split_sentences("The Eiffel Tower stands in Paris. It was completed in 1889. Its height is 330 m.")
    claims = contextualise([s.text for s in sentences], [s.doc for s in sentences])
    assert claims[0] == "The Eiffel Tower stands in Paris."
    assert claims[1] == "The Eiffel Tower was completed in 1889."
    assert claims[2] == "The Eiffel Tower's height is 330 m."


def test_inline_markdown_is_removed_for_checking():
    from truthometer.segmentation.markup import plain_text

    assert plain_text("The **Eiffel Tower** is in [Paris](https://example.org/paris) (`FR`).") == \
        "The Eiffel Tower is in Paris (FR)."
    assert plain_text("snake_case_name stays") == "snake_case_name stays"


def test_html_markup_is_removed_like_markdown_and_offsets_are_kept():
    from truthometer.segmentation.markup import mask_markup, plain_text

    html = "<p>The <b>Eiffel Tower</b> is in Paris.</p><script>var s = 'It is in Rome.';</script><!-- a note -->"
    masked = mask_markup(html)
    assert len(masked) == len(html) and "Rome" not in masked and "note" not in masked
    assert masked.index("Paris") == html.index("Paris")
    assert plain_text(html) == "The Eiffel Tower is in Paris."
    assert plain_text("**The Eiffel Tower** is in <i>Paris</i> .") == "The Eiffel Tower is in Paris."
    assert plain_text("3 < 4 and 5 > 2") == "3 < 4 and 5 > 2"  # a comparison is not a tag


def test_markup_never_becomes_a_claim_and_evidence_is_read_without_it():
    from truthometer.pipeline import Checker

    text = "<script>alert('The Eiffel Tower is in Rome.')</script>\n<p>The Eiffel Tower is in <b>Paris</b>.</p>"
    reference = "<div><h1>Landmarks</h1><p>The <em>Eiffel Tower</em> is in Paris, France.</p></div>"
    report = Checker().check(text, [reference])
    assert [s.status for s in report.sentences] == ["supported"]
    sentence = report.sentences[0]
    assert "script" not in sentence.text and "Rome" not in sentence.text
    assert all("<" not in e.text for e in sentence.evidence)
    assert "The Eiffel Tower is in Paris, France." in [e.text for e in sentence.evidence]


def test_a_pronoun_stands_for_the_latest_entity_that_agrees_with_it():
    def claims(text):
        sentences = split_sentences(text)
        return contextualise([s.text for s in sentences], [s.doc for s in sentences])

    # Whoever acts on "it" is not what "it" stands for: the next "It" is still Git.
    git = claims("Git is a distributed version control system. Linus Torvalds created it in 2005. "
                 "It has been maintained by Junio Hamano since then.")
    assert git[2] == "Git has been maintained by Junio Hamano since then."
    # "He" passes over a thing to a person; "It" passes back over the person.
    apollo = claims("Apollo 11 landed on the Moon in 1969. Neil Armstrong commanded it. "
                    "He was the first to walk on the Moon. It returned on July 24.")
    assert apollo[2] == "Neil Armstrong was the first to walk on the Moon."
    assert apollo[3] == "Apollo 11 returned on July 24."
    # No entity agrees: the sentence is checked as written.
    assert claims("The Eiffel Tower stands in Paris. She was born in 1832.")[1] == "She was born in 1832."


def test_the_kind_a_thing_is_refers_back_to_it():
    def claims(text):
        sentences = split_sentences(text)
        return contextualise([s.text for s in sentences], [s.doc for s in sentences])

    # "The metal" is copper (WordNet: copper is a metal), so the next "It" is copper too.
    assert claims("Copper has the symbol Cu. The metal conducts heat well. It melts at 1,085 °C.")[2] == \
        "Copper melts at 1,085 °C."
    # The head of the name: "The lake" is Lake Baikal.
    assert claims("Lake Baikal lies in Siberia. The lake is very deep. It holds a fifth of the world's fresh "
                  "water.")[2] == "Lake Baikal holds a fifth of the world's fresh water."
    # Another thing, newly named, is the antecedent.
    assert claims("The firm bought a mill. The mill is in Ohio. It employs 50 people.")[2] == \
        "The mill employs 50 people."


def test_the_thing_an_instruction_acts_on_is_the_latest_one_named():
    def claims(text):
        sentences = split_sentences(text)
        return contextualise([s.text for s in sentences], [s.doc for s in sentences])

    filter_ = claims("The drain pump filter sits behind a flap. Plan to clean it every two months.")
    assert filter_[1] == "Plan to clean the drain pump filter every two months."
    # "it" is what the instruction itself just named, not the sentence before's subject.
    assert claims("The tank sits at the back. Mix the descaler with water and pour it into the tank.")[1] \
        == "Mix the descaler with water and pour it into the tank."
    # Not an instruction: "it" is left as written.
    assert claims("The filter sits behind a flap. The owner cleans it monthly.")[1] == \
        "The owner cleans it monthly."


def test_a_title_parsed_as_a_clause_is_the_main_entity_and_a_nationality_is_not():
    from truthometer.segmentation.context import main_entity

    first = split_sentences("To Kill a Mockingbird is a novel by the American author Harper Lee.")[0]
    assert main_entity(first.doc) == "To Kill a Mockingbird"
    # No nominal subject: the first entity stands in, but not a nationality.
    assert main_entity(split_sentences("Written by the American author Harper Lee in 1960.")[0].doc) == "Harper Lee"


def test_a_short_predicate_said_of_a_named_thing_is_checked():
    from truthometer import models

    nlp = models.nlp()
    for text in ("Bats are blind.", "Penguins fly."):
        assert skip_reason(text, nlp(text)[:]) is None
    for text in ("It works.", "Great question!", "That is great."):
        assert skip_reason(text, nlp(text)[:]) == "too short to carry a fact"
    assert skip_reason("Results may vary.", nlp("Results may vary.")[:]) == "advice or boilerplate"


def test_a_letter_ending_a_sentence_after_a_common_noun_ends_it_and_an_initial_does_not():
    text = "Scurvy is a disease resulting from a lack of vitamin C. Rickets is caused by a lack of vitamin D."
    assert [s.text for s in split_sentences(text)] == [
        "Scurvy is a disease resulting from a lack of vitamin C.", "Rickets is caused by a lack of vitamin D."]
    assert all(text[s.start:s.end] == s.text and s.doc.text == s.text for s in split_sentences(text))
    assert len(split_sentences("He met with George W. Bush in 2001. John F. Kennedy was shot in 1963.")) == 2


def test_an_abbreviation_keeping_its_full_stop_can_end_a_sentence():
    text = "The spare wheel is limited to 80 km/h. Motorway fuel consumption is around 5 litres per 100 km."
    assert [s.text for s in split_sentences(text)] == [
        "The spare wheel is limited to 80 km/h.", "Motorway fuel consumption is around 5 litres per 100 km."]
    assert all(text[s.start:s.end] == s.text for s in split_sentences(text))
    assert len(split_sentences("The doctor arrived at 5 p.m. He left at six.")) == 2
    # Not before a name or a time phrase the abbreviation belongs to.
    assert len(split_sentences("The shop opens at 9 a.m. Monday to Friday.")) == 1
