"""The alignment's named passes, each switchable: one phenomenon each, run after the claim's slots are paired.

The core (``pairing``) maps every claim slot to its counterpart; each pass below then revises the edges for
one phenomenon the pairing alone gets wrong. Every pass has a name, the phenomenon it handles, and a
switch: ``TRUTHOMETER_ALIGNMENT_OFF=rewordings,lacks`` (or ``switched_off(...)`` in code) runs the
alignment without them, and ``bench fever-sym-correct --ablate`` prints what each contributes on the
frozen development and validation parts, so a pass that does not help where nobody read the rows can go.
"""
from __future__ import annotations

from ..switches import Switches

#: name -> the phenomenon it handles (the function's own docstring says how).
PASSES = {
    "rewordings": "a noun under a repeated modifier, close in meaning to its counterpart, is a rewording",
    "kinds": "the object of a kind noun ('in the genre of comedy') classifies the subject",
    "fields": "the field a claim puts its subject in ('worked in acting') against the evidence's",
    "counted-in-the-year": "a count of things in a year against a list that dates each thing",
    "kind-nouns-name-no-value": "a kind noun with its object names a kind, not a value",
    "phrase-objects": "an unconfirmed object under the same preposition of the same verb is a slot",
    "prepositions": "prepositions stating opposite relations to the same object ('born outside of' / 'in')",
    "excluded-values": "a value the claim excludes ('made without sugar') is not contradicted by naming it",
    "denied-values": "a value the evidence names only to deny it is replaced by the one it affirms",
    "reference-times": "a date a claim is said to hold at ('as of 2016') pairs only with a date of that kind",
    "described-alike": "an unconfirmed noun whose adjective the evidence says of one other noun pairs with it ('a "
                       "distinct voice' / 'his distinct hair cut and distinctive style')",
    "fallback-counterpart": "with nothing else different, one unconfirmed content word takes its counterpart",
    "designated-names": "names told apart only by a designator or a formula",
    "order-of-events": "'A before B' against the years the evidence gives A and B",
    "ranks": "a superlative stated at different ranks ('the second most visited' / 'the most')",
    "reversed-comparison": "a comparison of the same two things, the other way round",
    "compared-to-the-usual": "a comparative with no 'than' compares with the usual case",
    "lacks": "'lack of X' where the evidence states X itself",
    "frequency-adverbs": "an adverb of frequency against the other end of the scale ('often' / 'rarely')",
    "opposite-adverbs": "an adverb against its antonym said of the same verb ('walk inside' / 'walk outside')",
    "opposite-main-verbs": "the main verb against its antonym, neither negated ('she sold the hat' / 'she bought "
                           "the hat'): the verb is the slot, not the polarity",
    "opposite-verbs-below-the-root": "a verb below the main one against its antonym in the same place ('the hat "
                                     "he sold' / 'the hat he bought')",
    "other-verbs-below-the-root": "with nothing else different, a verb below the main one that the evidence "
                                  "replaces in the same place ('while running near' / 'while standing near')",
    "quantifiers": "a quantifier of another force in the same place ('everybody' / 'no one', 'every' / 'some')",
    "repeated-words": "a word the claim repeats, substituted once, where the evidence repeats its substitute as often",
    "list-members": "a list of names the evidence repeats but for one member, under whatever verb",
    "same-kind-names": "a name that ends in the same common word as an evidence name and differs before it ('the "
                       "Empire State Building' / 'the Chrysler Building')",
    "compass-points": "another point of the compass in the same place ('north-east of' / 'north-west of')",
    "non-prefixed": "a word the evidence repeats with a 'non' the claim does not write, or the other way round "
                    "('a violent protest' / 'a non-violent protest')",
    "sister-fillers": "an unpaired word the evidence replaces by a sister kind in the same place ('lack of magnesium' "
                      "/ 'shortage of calcium')",
    "sister-classifiers": "a noun modifier substituted by a sister kind is another filler ('a pear grower' / 'an "
                          "apple grower')",
    "swapped-arguments": "the claim's subject and object of a verb are the evidence's object and subject of it "
                         "('riders give way to cyclists' / 'cyclists give way to riders')",
}
ENV = "TRUTHOMETER_ALIGNMENT_OFF"
_switches = Switches(PASSES, ENV, "alignment pass", "passes", "pass(es)")
is_on = _switches.is_on
#: Run the alignment in this thread with these passes off.
switched_off = _switches.switched_off
