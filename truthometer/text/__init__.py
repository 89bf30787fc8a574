"""The text layer: what the judging tiers and the correction stage read off a sentence's words, each
concept with one table, so that "fourteen", "44 BC" or "nobody" mean the same to every stage.

Where each table lives:

- ``numbers``: numbers written as words (``WORD_NUMBERS``, ``COUNT_WORDS``, ``SCALES``, ``MULTIPLIERS``,
  ``GROUP_NOUNS``),
  ordinals (``ORDINAL_WORDS``, ``ordinal_value``), fractions, hedges ("about"), bound phrases
  (``LOWER_BOUNDS``, ``UPPER_BOUNDS``, ``BOUND_SENSE``) and limit nouns ("minimum"); ``number_value``.
- ``quantities``: units of measure and currencies, and the comparison of amounts across units, bounds,
  hedges and rounding (``quantity``, ``same_quantity``, ``bound_at``, ``frequency`` ...).
- ``dates``: the one year recogniser (``year_of``: 1000-2099, or any year with its era, "44 BC", "AD 79"),
  decades ("1950s", ``DECADE_WORDS``), periods ("1962-1963"), months, weekdays, days of the month.
- ``negation``: denying words by kind (``VERB_NEGATORS`` < ``CLAUSE_NEGATORS`` < ``NEGATIONS``), negative
  phrases, negative implicatives, restrictive focus and the other reversing words, negative prefixes.
- ``frequency_adverbs``: adverbs of frequency at the two ends of the scale ("often" / "rarely"), ``frequency_side``.
- ``names``: NER labels of names and amounts, label families (``LABEL_FAMILIES``, ``families``), codes,
  acronyms, short forms of given names.
- ``lexicon``: WordNet relations between words and places (``relation``, ``sister_kinds``, ``place_within``...),
  read from ``wordnet``, the project's own table of WordNet 3.0.

The modules import nothing else of the project but its configuration: every stage can import them.
"""
