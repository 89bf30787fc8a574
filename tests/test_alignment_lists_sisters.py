"""The alignment's list-members and sister-fillers passes, the compass in the verdict's overruling of a
support, and a far support that names another person in the claim's place. Sentences written for these
tests, none from a benchmark."""
from truthometer.alignment import SUBSTITUTED, align
from truthometer.corrections import suggest_correction
from truthometer.alignment.passes import switched_off


def _substituted(alignment):
    return {(e.claim_text, e.evidence_text) for e in alignment.edges if e.op == SUBSTITUTED}


def test_a_list_repeated_but_for_one_member_substitutes_that_member_whatever_the_verb():
    claim = "Of the four species that infect cattle, Theileria parva and Theileria annulata are the most harmful."
    evidence = ("Four parasite species infect cattle, and two of these, Theileria parva and Theileria orientalis, "
                "cause the greatest losses.")
    alignment = align(claim, evidence)
    assert ("Theileria annulata", "Theileria orientalis") in _substituted(alignment)
    suggestion = suggest_correction(claim, evidence, alignment)
    assert suggestion is not None and suggestion.corrected == claim.replace("annulata", "orientalis")
    rivers = align("Three rivers meet at the city: the Arno, the Sieve and the Ombrone.",
                   "Three rivers flow past its walls: the Arno, the Sieve and the Bisenzio.")
    assert ("Ombrone", "Bisenzio") in _substituted(rivers)
    with switched_off("list-members"):
        assert not _substituted(align(claim, evidence))


def test_lists_that_differ_in_two_members_or_not_at_all_substitute_nothing():
    two = align("The finalists were Maria Costa, Jonas Weber and Lena Fischer.",
                "The finalists were Maria Costa, Paul Richter and Anna Vogel.")
    assert not any(e.claim_text in ("Jonas Weber", "Lena Fischer") and e.op == SUBSTITUTED and
                   e.evidence_text in ("Paul Richter", "Anna Vogel") and e.label == "" for e in two.edges)
    same = align("Maria Costa and Jonas Weber reached the final.",
                 "Maria Costa and Jonas Weber lost the semi-final, and Maria Costa and Paul Richter reached the final.")
    assert ("Jonas Weber", "Paul Richter") not in _substituted(same)


def test_a_sister_kind_in_the_same_place_is_substituted():
    claim = "Leaf curl in peaches is caused by a lack of zinc."
    evidence = "Leaf curl in peaches is caused by a shortage of boron in the soil."
    alignment = align(claim, evidence)
    assert ("zinc", "boron") in _substituted(alignment)
    # Another filler, not a rewording: it outweighs the judge's support as a name or a number does.
    from truthometer.verdicts import overrules_support
    assert overrules_support(alignment)
    with switched_off("sister-fillers"):
        assert ("zinc", "boron") not in _substituted(align(claim, evidence))


def test_a_word_that_is_no_sister_kind_is_not_substituted():
    # "expensive" / "boron": not two kinds of one thing.
    alignment = align("Leaf curl in peaches is caused by an expensive spray.",
                      "Leaf curl in peaches is caused by a shortage of boron in the soil.")
    assert not any(e.claim_text == "expensive" and e.op == SUBSTITUTED for e in alignment.edges)


def test_a_noun_modifier_substituted_by_a_sister_kind_overrules_a_support():
    from truthometer.alignment.sisters import SISTER
    from truthometer.verdicts import overrules_support

    claim = "In the novel she runs a small plum orchard near Lyon."
    evidence = "The novel follows a widow who runs a small cherry orchard near Lyon."
    alignment = align(claim, evidence)
    assert any(e.claim_text == "plum" and e.evidence_text == "cherry" and e.label == SISTER for e in alignment.edges)
    assert overrules_support(alignment)
    with switched_off("sister-classifiers"):
        assert not overrules_support(align(claim, evidence))
    # A modifier that is no sister kind ("apple" / "family") stays a plain substitution.
    family = align("In the novel she runs a small apple orchard near Lyon.",
                   "The novel follows a widow who runs a small family orchard near Lyon.")
    assert not any(e.label == SISTER for e in family.edges)


def test_a_name_ending_in_the_same_word_as_an_evidence_name_is_another_filler():
    claim = "The opera had its premiere at the Salzburg Summer Festival in July 1932."
    evidence = "The opera premiered at the Bregenz Summer Festival in July 1932."
    pair = ("Salzburg Summer Festival", "Bregenz Summer Festival")
    assert pair in _substituted(align(claim, evidence))
    with switched_off("same-kind-names"):
        assert pair not in _substituted(align(claim, evidence))
    tower = align("The tower remained the tallest structure in the city until the Harbour Point Building overtook it.",
                  "The tower was the tallest structure in the city until the Meridian Trust Building was completed.")
    assert ("Harbour Point Building", "Meridian Trust Building") in _substituted(tower)
    # Where the evidence names the claim's thing too, the other name is said of something else.
    both = align(claim, "The opera premiered at the Bregenz Summer Festival and was repeated at the Salzburg "
                        "Summer Festival in July 1932.")
    assert pair not in _substituted(both)


def test_another_point_of_the_compass_in_the_same_place_is_substituted_and_overrules_a_support():
    from truthometer.text.names import compass_point
    from truthometer.verdicts import overrules_support

    assert compass_point("north-east") == "north-east" and compass_point("Northeastern") == "north-east"
    assert compass_point("southwards") == "south" and compass_point("Easter") is None
    claim = "The fort lies some 11 km south-east of Carrow, close to the village of Dunlin."
    evidence = "It lies about 11 km south-west of Carrow, near the present-day village of Dunlin."
    alignment = align(claim, evidence)
    assert ("south-east", "south-west") in _substituted(alignment) and overrules_support(alignment)
    with switched_off("compass-points"):
        assert not overrules_support(align(claim, evidence))
    # The same point in other words, and a point inside a name, are no difference.
    assert not _substituted(align("The river flows east to the sea.", "It flows generally eastward into the sea."))
    storm = align("The storm moved north along the coast of North Carolina.",
                  "The storm tracked south along the coast of North Carolina.")
    assert _substituted(storm) == {("north", "south")}


def test_a_far_support_naming_another_person_in_the_claims_place_is_no_support():
    from truthometer.report import Evidence, SentenceResult
    from truthometer.verdicts import OVERRULED_SUPPORT_NOTE, settle_misplaced_support

    claim = "The winning goal was scored by Tom Avery."

    def result(*evidence):
        return SentenceResult(0, claim, 0, len(claim), "supported", "", 0.9, list(evidence))

    best = Evidence("Sam Keller scored the winning goal in extra time.", "reference", "r.md #1", 0.8, "related",
                    probability=0.5)
    far = Evidence("The team was captained by Joe Marsh.", "reference", "r.md #2", 0.55, "support", probability=0.56)
    dropped = result(best, far)
    settle_misplaced_support([(dropped, None)])
    assert far.relation == "related" and far.probability is None and OVERRULED_SUPPORT_NOTE in dropped.notes
    # A far support that states the claim's own slots stays.
    agreeing = Evidence("Tom Avery scored the winning goal.", "reference", "r.md #3", 0.55, "support",
                        probability=0.8)
    kept = result(Evidence(best.text, "reference", "r.md #1", 0.8, "related", probability=0.5), agreeing)
    settle_misplaced_support([(kept, None)])
    assert agreeing.relation == "support" and not kept.notes
