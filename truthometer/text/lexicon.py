"""Lexical relations between two words from WordNet 3.0 (Miller 1995; Fellbaum 1998): synonymy,
hypernymy (which of two words is the more general), co-hyponymy and antonymy.

Word embeddings put a word's hypernym, its co-hyponyms and its synonyms at similar distances (man/person,
man/woman, lady/woman are all close), so they cannot say which way an entailment goes: "A lady is
singing" entails "A woman is singing", not the other way round, and "A man is singing" entails neither
"A woman is singing" nor its denial. WordNet states the direction. It is read from the project's own
table of it (``text.wordnet``), opened once per process on first use.

Only a word's frequent senses are read (SemCor sense counts, ``_senses``): "dog" has a sense "frump"
under "woman", and taking every sense would make a dog a kind of woman.
"""
from __future__ import annotations

import re
import threading
from functools import lru_cache

#: spaCy coarse part of speech -> WordNet part of speech (adjectives include WordNet's satellites).
WORDNET_POS = {"NOUN": "n", "PROPN": "n", "VERB": "v", "ADJ": "a", "ADV": "r"}
#: A sense is read when its SemCor count is at least this share of the word's most frequent sense's.
SENSE_SHARE = 0.1
#: How many hypernym steps apart a word and its hypernym may be: "lady" -> "woman" is 1, "man" ->
#: "person" 2; past 4 the hypernym is too general to be what a claim says ("whole", "object").
MAX_HYPERNYM_STEPS = 4

SYNONYM, MORE_GENERAL, MORE_SPECIFIC, COHYPONYM, ANTONYM = ("synonym", "more_general", "more_specific",
                                                            "cohyponym", "antonym")


_load_lock = threading.Lock()


def wordnet():
    """The WordNet table, opened once per process (and built first where it is not yet there). A thread
    that asks while another opens it waits for that one."""
    with _load_lock:
        return _wordnet()


@lru_cache(maxsize=1)
def _wordnet():
    from .wordnet import open_table

    return open_table()


@lru_cache(maxsize=200_000)
def _senses(lemma: str, pos: str) -> tuple:
    """The word's frequent senses (all of them when WordNet has no counts for the word)."""
    if pos not in ("n", "v", "a", "r"):
        return ()
    synsets = wordnet().synsets(lemma.replace(" ", "_"), pos)
    if pos == "a":
        synsets = synsets + [s for s in wordnet().synsets(lemma, "s") if s not in synsets]
    counts = [sum(lem.count() for lem in s.lemmas() if lem.name().lower() == lemma) for s in synsets]
    top = max(counts, default=0)
    if top == 0:
        return tuple(synsets)
    return tuple(s for s, c in zip(synsets, counts) if c >= max(1, SENSE_SHARE * top))


@lru_cache(maxsize=200_000)
def _hypernyms(lemma: str, pos: str) -> dict:
    """Every hypernym of the word's senses within MAX_HYPERNYM_STEPS, with its distance in steps."""
    found: dict = {}
    frontier = list(_senses(lemma, pos))
    for step in range(1, MAX_HYPERNYM_STEPS + 1):
        frontier = [h for s in frontier for h in s.hypernyms() + s.instance_hypernyms()]
        for h in frontier:
            found.setdefault(h, step)
    return found


@lru_cache(maxsize=200_000)
def _antonyms(lemma: str, pos: str) -> frozenset:
    return frozenset(a.name().lower().replace("_", " ") for s in _senses(lemma, pos) for lem in s.lemmas()
                     for a in lem.antonyms())


@lru_cache(maxsize=500_000)
def relation(claim_word: str, evidence_word: str, pos: str) -> str | None:
    """How the evidence's word stands to the claim's, both lemmas of the spaCy part of speech ``pos``:

    - ``synonym``: they share a frequent sense ("film" / "movie");
    - ``more_general``: the claim's word is the more general, so the evidence's covers it ("person" /
      "man", "woman" / "lady");
    - ``more_specific``: the claim's word is the more specific ("man" / "person");
    - ``antonym``: WordNet states them opposites ("happy" / "unhappy");
    - ``cohyponym``: two kinds of one thing ("man" / "woman", "guitar" / "piano"), another filler;
    - None: none of these (or either word unknown)."""
    wpos = WORDNET_POS.get(pos)
    if wpos is None or claim_word == evidence_word:
        return None
    mine, theirs = _senses(claim_word, wpos), _senses(evidence_word, wpos)
    if not mine or not theirs:
        return None
    if set(mine) & set(theirs):
        return SYNONYM
    if evidence_word in _antonyms(claim_word, wpos):
        return ANTONYM
    if set(mine) & set(_hypernyms(evidence_word, wpos)):
        return MORE_GENERAL
    if set(theirs) & set(_hypernyms(claim_word, wpos)):
        return MORE_SPECIFIC
    parents = {h for h, d in _hypernyms(claim_word, wpos).items() if d == 1}
    if parents & {h for h, d in _hypernyms(evidence_word, wpos).items() if d == 1}:
        return COHYPONYM
    return None


#: Steps up from both words, together, within which two sister kinds share their category ("whisky" and
#: "beer": 4, through "alcohol"; "man" and "woman": 2, through "adult").
SISTER_STEPS = 4


@lru_cache(maxsize=200_000)
def sister_kinds(claim_word: str, evidence_word: str, pos: str, steps: int = SISTER_STEPS) -> bool:
    """Two kinds of one close category, neither a kind of the other nor a synonym ("whisky" / "beer";
    "man" / "woman", which WordNet also files as antonyms): the one word is another filler of the slot, not
    a rewording of the other, however close their embeddings (sentence encoders place sister kinds near
    each other)."""
    wpos = WORDNET_POS.get(pos)
    if wpos is None or claim_word == evidence_word \
            or relation(claim_word, evidence_word, pos) not in (None, COHYPONYM, ANTONYM):
        return False

    def up(word):
        steps = dict(_hypernyms(word, wpos))
        steps.update({s: 0 for s in _senses(word, wpos)})
        return steps

    mine, theirs = up(claim_word), up(evidence_word)
    return any(mine[h] + theirs[h] <= steps for h in set(mine) & set(theirs))


@lru_cache(maxsize=20_000)
def adjective_only(word: str) -> bool:
    """Whether WordNet has the word as an adjective and never as an adverb ("gravelly", "friendly"): an
    adjective the small tagger read as an adverb for its "-ly"."""
    low = word.lower()
    return bool(_senses(low, "a")) and not wordnet().synsets(low, "r")


def known_noun(phrase: str) -> bool:
    """Whether WordNet has the phrase as a noun of its own ("dining room", "french horn")."""
    return bool(_senses(phrase, "n"))


def same_first_sense(claim_word: str, evidence_word: str, pos: str) -> bool:
    """Whether the two words' most frequent senses are one ("writer" / "author", "kid" / "child"): a
    synonym in the sense each word is mostly used in, unlike a shared rarer sense ("country" / "state",
    "president" / "chairman")."""
    wpos = WORDNET_POS.get(pos)
    if wpos is None:
        return False
    mine, theirs = _senses(claim_word.lower(), wpos), _senses(evidence_word.lower(), wpos)
    return bool(mine) and bool(theirs) and mine[0] == theirs[0]


def kindred(claim_word: str, evidence_word: str, pos: str) -> bool:
    """Whether WordNet gives the two words as one sense, or one as a kind of the other ("drug" / "medicine",
    "approve" / "authorise", "person" / "employee")."""
    return relation(claim_word, evidence_word, pos) in (SYNONYM, MORE_GENERAL, MORE_SPECIFIC)


@lru_cache(maxsize=20_000)
def common_noun(word: str) -> bool:
    """Whether WordNet has the word as a common noun ("actor", "lee" the sheltered side), not only as a
    name ("Shane")."""
    low = word.lower()
    return any(lemma.name() == low for s in wordnet().synsets(low, "n") for lemma in s.lemmas())


@lru_cache(maxsize=200_000)
def similar_adjectives(claim_word: str, evidence_word: str) -> bool:
    """Adjectives WordNet files as a cluster's head and one of its satellites, in frequent senses: "brief" /
    "short", "huge" / "large". Two satellites of one head are not taken: "red" and "blue" are both
    satellites of "chromatic"."""
    mine, theirs = _senses(claim_word, "a"), _senses(evidence_word, "a")
    return any(t in s.similar_tos() or s in t.similar_tos() for s in mine for t in theirs)


@lru_cache(maxsize=200_000)
def opposite_adjectives(claim_word: str, evidence_word: str) -> bool:
    """Adjectives WordNet files as opposites in frequent senses: direct antonyms ("positive" /
    "negative", "left" / "right"), or indirect ones, whose cluster heads are antonyms ("westerly" /
    "easterly" through "western" / "eastern", "huge" / "tiny" through "large" / "small"): Gross & Miller's
    organisation of adjectives, on which WordNet's is built."""
    if claim_word == evidence_word:
        return False

    def heads(word):
        senses = _senses(word, "a")
        return set(senses) | {h for s in senses if s.pos() == "s" for h in s.similar_tos()}

    mine, theirs = heads(claim_word), heads(evidence_word)
    return any(a.synset() in theirs for s in mine for lemma in s.lemmas() for a in lemma.antonyms())


@lru_cache(maxsize=200_000)
def opposite_verbs(claim_word: str, evidence_word: str) -> bool:
    """Verbs WordNet files as opposites in frequent senses: an antonym of any word of one's sense is a sense
    of the other. WordNet states antonymy between words, not senses ("begin" / "end", not "start" /
    "end"), so the opposite of a sense is the opposite of each of its synonyms: "start" / "end", "start" /
    "finish" (Fellbaum 1998, ch. 3: antonymy is lexical, but a synset shares its members' opposites)."""
    if claim_word == evidence_word:
        return False
    if relation(claim_word, evidence_word, "VERB") == ANTONYM:
        return True
    theirs = set(_senses(evidence_word, "v"))
    return any(a.synset() in theirs for s in _senses(claim_word, "v") for lemma in s.lemmas() for a in lemma.antonyms())


@lru_cache(maxsize=50_000)
def opposite_nouns(claim_word: str, evidence_word: str) -> bool:
    """Nouns WordNet files as opposites in frequent senses, neither of them a kind of person: "top" /
    "bottom", "front" / "back", "beginning" / "end". Opposite roles of people are converses, which a
    paraphrase may swap with the sentence around them ("Ann is Bob's wife" / "Bob is Ann's husband")."""
    if claim_word == evidence_word:
        return False
    person = wordnet().synset("person.n.01")
    # WordNet files some antonyms in one direction only ("back" -> "front"): either will do.
    opposed = [(s, a.synset()) for one, other in ((claim_word, evidence_word), (evidence_word, claim_word))
               for s in _senses(one, "n") for lemma in s.lemmas() for a in lemma.antonyms()
               if a.name().lower().replace("_", " ") == other]
    return any(person not in _closure(mine) and person not in _closure(theirs) for mine, theirs in opposed)


@lru_cache(maxsize=50_000)
def _named(name: str) -> frozenset:
    """The WordNet synsets of a proper name: instances of something ("USSR", "Soviet Union": the same
    country), not common nouns."""
    key = re.sub(r"^the\s+", "", name.strip(), flags=re.I).replace(" ", "_")
    if not key or not key[:1].isupper():
        return frozenset()
    return frozenset(s for s in wordnet().synsets(key, "n") if s.instance_hypernyms())


def same_name(a: str, b: str) -> bool:
    """Whether WordNet gives two proper names as names of one thing: "USSR" / "the Soviet Union", "Burma" /
    "Myanmar", "Peking" / "Beijing", "Holland" / "the Netherlands"."""
    return a.strip().lower() != b.strip().lower() and bool(_named(a) & _named(b))


def _own_lemmas(word: str, *poses: str) -> list:
    """The word's own lemmas in its frequent senses of the given parts of speech."""
    return [lemma for pos in poses for s in _senses(word, pos) for lemma in s.lemmas()
            if lemma.name().lower() == word]


def _derivations(lemma) -> list:
    """A lemma's derivationally related forms (none where WordNet's files miss a pointer's target:
    ``text.wordnet``)."""
    return lemma.derivationally_related_forms()


@lru_cache(maxsize=20_000)
def nominalisations(verb: str) -> frozenset:
    """The nouns WordNet derives from the verb in its frequent senses: "die" -> death, dying; "decide" ->
    decision."""
    return frozenset(r.name().lower() for lemma in _own_lemmas(verb, "v") for r in _derivations(lemma)
                     if r.synset().pos() == "n")


@lru_cache(maxsize=20_000)
def noun_of(adjective: str) -> str | None:
    """The noun an adjective is about, for a place that needs a noun: "pornographic" -> "pornography",
    "satirical" -> "satire", "political" -> "politics" (WordNet's pertainyms and derivations of its frequent
    senses, the most often given). None when the word is a noun itself ("documentary", "horror") or WordNet
    gives none."""
    low = adjective.lower()
    if not low.isalpha() or _senses(low, "n"):
        return None
    # What the adjective pertains to ("historical" -> history) before its derivations ("historicalness").
    counts: tuple[dict, dict] = ({}, {})
    for lemma in _own_lemmas(low, "a", "s"):
        for tally, related in zip(counts, (lemma.pertainyms(), _derivations(lemma))):
            for r in related:
                name = r.name()
                # A noun of the same stem, in lower case ("Romanticism" is a movement's name).
                if r.synset().pos() == "n" and name.isalpha() and name.islower() and name[:4] == low[:4]:
                    tally[name] = tally.get(name, 0) + 1
    tally = counts[0] or counts[1]
    return max(sorted(tally), key=tally.get) if tally else None


@lru_cache(maxsize=20_000)
def field_of(agent: str) -> str | None:
    """The activity an agent noun names the doer of, as a noun: "politician" -> "politics", "lawyer" ->
    "law", "actor" -> "acting", "singer" -> "singing" (a noun of the same stem WordNet derives from the
    word, else the -ing form of the verb it derives it from). None when WordNet gives neither."""
    low = agent.lower()
    if not low.isalpha():
        return None
    nouns, verbs = set(), set()
    for lemma in _own_lemmas(low, "n"):
        for r in _derivations(lemma):
            name = r.name()
            if not name.isalpha() or not name.islower() or name[:3] != low[:3]:
                continue
            if r.synset().pos() == "n" and len(name) <= len(low) and not name.endswith("ship"):
                nouns.add(name)
            elif r.synset().pos() == "v":
                verbs.add(name)
    if nouns:
        return min(nouns, key=lambda n: (len(n), n))
    return gerund(min(verbs, key=lambda v: (len(v), v))) if verbs else None


@lru_cache(maxsize=20_000)
def verb_of(noun: str) -> str | None:
    """The verb a noun names the act of: "increase" -> "increase", "reduction" -> "reduce" (a verb of the
    same stem WordNet derives the noun from, in its frequent senses), "threat" -> "threaten". None when
    WordNet gives none."""
    low = noun.lower()
    if not low.isalpha():
        return None
    verbs = {r.name() for lemma in _own_lemmas(low, "n") for r in _derivations(lemma)
             if r.synset().pos() == "v" and r.name().isalpha() and r.name()[:4] == low[:4]}
    if not verbs and _senses(low, "n") and _senses(low + "en", "v"):
        return low + "en"  # WordNet has no pointer between "threat" and "threaten"
    return min(verbs, key=lambda v: (len(v), v)) if verbs else None


@lru_cache(maxsize=20_000)
def names_a_field(noun: str) -> bool:
    """Whether WordNet derives a person's noun from the noun, which names the field that person works in:
    "politics" (politician), "music" (musician), "science" (scientist); not "film" or "television"."""
    return any(r.synset().pos() == "n" and r.synset().lexname() == "noun.person"
               for lemma in _own_lemmas(noun.lower(), "n") for r in _derivations(lemma))


def gerund(verb: str) -> str:
    """The -ing form of a verb's lemma: "act" -> "acting", "write" -> "writing", "run" -> "running"."""
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    if re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", verb):
        return verb + verb[-1] + "ing"  # one syllable ending in consonant-vowel-consonant
    return verb + "ing"


#: Kinds of place a claim's place is compared by: "in Europe" is corrected by a continent, "in Thailand"
#: by a country, not by the city the evidence also names; "on Earth" by no country.
PLACE_KINDS = {"continent": "continent.n.01", "country": "country.n.02", "city": "city.n.01", "planet": "planet.n.01"}


@lru_cache(maxsize=20_000)
def place_kinds(name: str) -> frozenset:
    """The kinds of place (PLACE_KINDS) a place name is an instance of in WordNet: "Europe" ->
    {continent}, "Australia" -> {country, continent}, "Thailand" -> {country}; empty when unknown."""
    kinds = set()
    synsets = wordnet().synsets(name.strip().replace(" ", "_"), "n")
    for s in synsets:
        if not s.instance_hypernyms():
            continue
        found = {h.name() for h in _closure(s)}
        kinds |= {kind for kind, synset in PLACE_KINDS.items() if synset in found}
    return frozenset(kinds)


#: Kinds of place rivalled only by another of their kind: "born in Italy" is not contradicted by "born in
#: Vinci", which may lie in it, nor "the deepest lake on Earth" by "a lake in Russia".
RIVALLED_BY_ITS_KIND = frozenset({"country", "continent", "planet"})


def not_its_rival(place: str, other: str) -> bool:
    """Whether ``place`` is a country, continent or planet and ``other`` no place of the same kind."""
    kinds = place_kinds(place) & RIVALLED_BY_ITS_KIND
    return bool(kinds) and not place_kinds(other) & kinds


def _closure(synset) -> list:
    out, frontier = [], [synset]
    while frontier:
        frontier = [h for s in frontier for h in s.hypernyms() + s.instance_hypernyms()]
        out += frontier
    return out


@lru_cache(maxsize=20_000)
def place_of(adjective: str) -> str | None:
    """The place an adjective of origin is about, by WordNet's pertainyms: "Australian" -> "Australia",
    "European" -> "Europe", "Chinese" -> "China"; None when WordNet has none."""
    low = adjective.lower()
    for s in wordnet().synsets(low, "a") + wordnet().synsets(low, "s"):
        for lemma in s.lemmas():
            if lemma.name().lower() == low:
                for p in lemma.pertainyms():
                    if place_kinds(p.name()):
                        return p.name().replace("_", " ")
    return None


#: Coarse kinds of place, by the WordNet category an instance falls under, the first that fits: two places
#: compete for one slot only when they are of one kind ("in California" is not rivalled by "San Francisco
#: Bay", nor "built in Belfast" by "sank in the North Atlantic"). A city is a settlement before it is an
#: administrative district; a country, a state and a continent are regions.
PLACE_CLASSES = (("water", ("body_of_water.n.01",)),
                 ("settlement", ("city.n.01", "town.n.01", "village.n.02", "capital.n.03")),
                 ("region", ("administrative_district.n.01", "country.n.02", "continent.n.01")),
                 ("landform", ("geological_formation.n.01", "land.n.04")),
                 ("structure", ("structure.n.01",)))


def _place_synsets(name: str) -> list:
    return [s for s in wordnet().synsets(name.strip().replace(" ", "_"), "n") if s.instance_hypernyms()]


def _class_of(synset) -> str:
    found = {h.name() for h in _closure(synset)}
    return next((kind for kind, synsets in PLACE_CLASSES if found & set(synsets)), "")


@lru_cache(maxsize=20_000)
def place_classes(name: str) -> frozenset:
    """The coarse kinds (PLACE_CLASSES) of the places a name is in WordNet: "San Francisco Bay" ->
    {water}, "California" -> {region}, "Belfast" -> {settlement}; a place WordNet files only as a part of
    another ("the North Atlantic", part of the Atlantic) is of that one's kind; empty for a name WordNet
    does not know."""
    out = set()
    for s in _place_synsets(name):
        kind = _class_of(s) or next((k for h in s.part_holonyms() if (k := _class_of(h))), "")
        if kind:
            out.add(kind)
    return frozenset(out)


def _holonym_closure(synset) -> set:
    out, frontier = set(), [synset]
    while frontier:
        frontier = [h for s in frontier for h in s.part_holonyms() if h not in out]
        out.update(frontier)
    return out


@lru_cache(maxsize=20_000)
def place_within(inner: str, outer: str) -> bool:
    """Whether WordNet puts the place ``inner`` inside ``outer`` (part holonyms, followed up: "San Francisco
    Bay" is part of San Francisco, which is part of California)."""
    outers = set(_place_synsets(outer))
    return bool(outers) and any(_holonym_closure(s) & outers for s in _place_synsets(inner))
