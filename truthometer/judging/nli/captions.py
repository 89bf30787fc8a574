"""Synthetic caption-style pairs: sentences about unidentified participants ("A man is playing a guitar").

The other training pairs are encyclopedic: a claim about a named entity, where a slot filled differently
by the evidence refutes it ("completed in 1889" / "in 1899"). A sentence about *a* man makes no such
commitment: the evidence's "a woman is playing a guitar" may be another scene, so it leaves the claim open
(neutral), while "there is no man playing a guitar" denies it (contradiction). These pairs teach the
judge that difference, with the ``generic_*`` and ``conflict_indefinite`` alignment features, from
scenes composed out of a small hand-written vocabulary (no dataset text):

- entailment: a detail dropped (adjective, place, object), a participant or object named more generally
  ("a person", "an instrument"), a synonym, the existential or the passive form;
- neutral: another participant, object, action or attribute, the opposite one included ("a man is
  sitting" / "a man is standing": two men, maybe); a detail the premise does not state; a more specific
  participant than the premise's; a negated sentence about another scene; a denial of a more specific
  scene than the other sentence's ("there is no cat eating corn on the cob" / "a cat is eating corn");
- contradiction: the scene (or one it entails) negated: "A man is not ...", "There is no ...", "Nobody
  ..."; the premise denying the scene, or a more general one, and the hypothesis affirming it.

Deterministic: the same seed gives the same list.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

# Participants: noun, plural, kind, a more general noun, co-hyponyms (another participant, same kind).
_PARTICIPANTS = {
    "man": ("men", "human", "person", ("woman", "boy", "girl")),
    "woman": ("women", "human", "person", ("man", "boy", "girl")),
    "boy": ("boys", "human", "child", ("girl", "man", "woman")),
    "girl": ("girls", "human", "child", ("boy", "man", "woman")),
    "player": ("players", "human", "person", ("man", "woman")),
    "chef": ("chefs", "human", "person", ("man", "woman")),
    "dog": ("dogs", "animal", "animal", ("cat", "horse")),
    "cat": ("cats", "animal", "animal", ("dog",)),
    "puppy": ("puppies", "animal", "dog", ("cat", "kitten")),
    "horse": ("horses", "animal", "animal", ("dog", "cow")),
}
_PLURAL_GENERAL = {"person": "people", "child": "children", "animal": "animals", "dog": "dogs"}
_ADJECTIVES = {"human": ("young", "old", "tall", "smiling"), "animal": ("brown", "black", "white", "little")}
# Actions: -ing form, past participle (passive; None when intransitive), kinds that do it, objects
# (noun, more general noun), synonym of the verb.
_ACTIONS = [
    ("playing", "played", ("human",), [("guitar", "instrument"), ("piano", "instrument"), ("violin", "instrument"),
                                       ("flute", "instrument"), ("drum", "instrument")], None),
    ("cutting", "cut", ("human",), [("onion", "vegetable"), ("tomato", "vegetable"), ("potato", "vegetable"),
                                    ("carrot", "vegetable")], "slicing"),
    ("eating", "eaten", ("human", "animal"), [("apple", "fruit"), ("banana", "fruit"), ("sandwich", "food"),
                                              ("pizza", "food")], None),
    ("riding", "ridden", ("human",), [("horse", "animal"), ("bicycle", "vehicle"), ("motorcycle", "vehicle")], None),
    ("reading", "read", ("human",), [("book", None), ("newspaper", None)], None),
    ("driving", "driven", ("human",), [("car", "vehicle"), ("truck", "vehicle"), ("bus", "vehicle")], None),
    ("chasing", "chased", ("animal", "human"), [("ball", None), ("cat", "animal")], "running after"),
    ("running", None, ("human", "animal"), [], None),
    ("jumping", None, ("human", "animal"), [], "leaping"),
    ("swimming", None, ("human", "animal"), [], None),
    ("sleeping", None, ("human", "animal"), [], None),
    ("sitting", None, ("human", "animal"), [], None),
    ("standing", None, ("human", "animal"), [], None),
    ("dancing", None, ("human",), [], None),
    ("singing", None, ("human",), [], None),
]
#: Opposite actions and attributes: said of an unidentified participant, they may be two scenes.
_OPPOSITES = {"sitting": "standing", "standing": "sitting", "running": "walking", "sleeping": "running",
              "young": "old", "old": "young", "black": "white", "white": "black", "tall": "small"}
_PLACES = ("in a park", "on the beach", "in the snow", "in a field", "on a stage", "in the kitchen",
           "in the water", "on the grass", "through a forest", "on the street")


@dataclass(frozen=True)
class Scene:
    subject: str
    plural: bool = False
    adjective: str | None = None
    verb: str = "running"
    participle: str | None = None
    obj: str | None = None
    place: str | None = None


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


_MASS = frozenset({"food", "fruit", "music", "water"})


def _np(noun: str, adjective: str | None, plural: bool, count: str | None = None) -> str:
    head = f"{adjective} {noun}" if adjective else noun
    if noun in _MASS and not adjective:
        return f"some {noun}"
    if plural:
        return f"{count or 'two'} {head}"
    return f"{_article(head)} {head}"


def _plural(noun: str) -> str:
    if noun in _PARTICIPANTS:
        return _PARTICIPANTS[noun][0]
    return _PLURAL_GENERAL.get(noun, noun + "s")


def _place(scene: Scene) -> str:
    return f" {scene.place}" if scene.place else ""


def _predicate(scene: Scene) -> str:
    """What the participant does: "playing a guitar in a park"."""
    return scene.verb + (f" {_np(scene.obj, None, False)}" if scene.obj else "") + _place(scene)


def render(scene: Scene, form: str = "plain") -> str:
    """The scene as a sentence: 'plain' ("A man is playing a guitar"), 'there' ("There is a man playing a
    guitar") or 'passive' ("A guitar is being played by a man")."""
    subject = _np(_plural(scene.subject) if scene.plural else scene.subject, scene.adjective, scene.plural)
    be = "are" if scene.plural else "is"
    rest = _predicate(scene)
    if form == "passive" and scene.obj and scene.participle:
        text = f"{_np(scene.obj, None, False)} is being {scene.participle} by {subject}" + _place(scene)
    elif form == "there":
        text = f"there {be} {subject} {rest}"
    else:
        text = f"{subject} {be} {rest}"
    return text[0].upper() + text[1:] + "."


def negated(scene: Scene, rng: random.Random) -> str:
    """A sentence denying the scene."""
    rest = _predicate(scene)
    noun = _plural(scene.subject) if scene.plural else scene.subject
    head = f"{scene.adjective} {noun}" if scene.adjective else noun
    be = "are" if scene.plural else "is"
    options = [f"There {be} no {head} {rest}", f"No {head} {be} {rest}",
               f"The {head} {be} not {rest}"]
    if _PARTICIPANTS.get(scene.subject, ("", "human"))[1] == "human" and not scene.adjective:
        options.append(f"Nobody is {rest}")
    return options[rng.randrange(len(options))] + "."


def _general(scene: Scene, rng: random.Random) -> Scene | None:
    """The scene with the participant or the object named more generally (entailed by the scene)."""
    moves = []
    if scene.subject in _PARTICIPANTS:
        moves.append(replace(scene, subject=_PARTICIPANTS[scene.subject][2], adjective=None))
    for action in _ACTIONS:
        if action[0] == scene.verb:
            for obj, general in action[3]:
                if obj == scene.obj and general:
                    moves.append(replace(scene, obj=general))
    return moves[rng.randrange(len(moves))] if moves else None


def _dropped(scene: Scene, rng: random.Random) -> Scene | None:
    moves = [replace(scene, **{k: None}) for k in ("adjective", "place") if getattr(scene, k)]
    return moves[rng.randrange(len(moves))] if moves else None


def _synonym(scene: Scene) -> Scene | None:
    for verb, _, _, _, synonym in _ACTIONS:
        if verb == scene.verb and synonym:
            return replace(scene, verb=synonym)
    return None


def _other(scene: Scene, rng: random.Random) -> Scene:
    """Another scene that differs in one slot: participant, object or action."""
    moves = []
    if scene.subject in _PARTICIPANTS:
        for other in _PARTICIPANTS[scene.subject][3]:
            moves.append(replace(scene, subject=other, adjective=None if other not in _PARTICIPANTS else scene.adjective))
    for verb, _, _, objects, _ in _ACTIONS:
        if verb == scene.verb:
            moves += [replace(scene, obj=o) for o, _ in objects if o != scene.obj]
    moves += _opposites(scene)
    verb, participle, obj = _random_action(_PARTICIPANTS.get(scene.subject, ("", "human"))[1], rng, scene.verb)
    moves.append(replace(scene, verb=verb, participle=participle, obj=obj))
    return moves[rng.randrange(len(moves))]


def _opposites(scene: Scene) -> list[Scene]:
    """The scene with the opposite action, then with the opposite attribute ("sitting" / "standing",
    "old" / "young"), where it has one."""
    moves = []
    if scene.verb in _OPPOSITES and not scene.obj:
        moves.append(replace(scene, verb=_OPPOSITES[scene.verb]))
    if scene.adjective in _OPPOSITES:
        moves.append(replace(scene, adjective=_OPPOSITES[scene.adjective]))
    return moves


def _random_action(kind: str, rng: random.Random, other_than: str | None = None) -> tuple:
    """(verb, participle, object or None) of an action a participant of ``kind`` does."""
    actions = [a for a in _ACTIONS if kind in a[2] and a[0] != other_than]
    verb, participle, _, objects, _ = actions[rng.randrange(len(actions))]
    return verb, participle, objects[rng.randrange(len(objects))][0] if objects else None


def random_scene(rng: random.Random) -> Scene:
    subject = sorted(_PARTICIPANTS)[rng.randrange(len(_PARTICIPANTS))]
    kind = _PARTICIPANTS[subject][1]
    verb, participle, obj = _random_action(kind, rng)
    adjectives = _ADJECTIVES[kind]
    adjective = adjectives[rng.randrange(len(adjectives))] if rng.random() < 0.5 else None
    place = _PLACES[rng.randrange(len(_PLACES))] if rng.random() < 0.6 else None
    return Scene(subject, rng.random() < 0.25, adjective, verb, participle, obj, place)


def _form(scene: Scene, rng: random.Random) -> str:
    forms = ["plain", "plain", "there"] + (["passive"] if scene.obj and scene.participle else [])
    return forms[rng.randrange(len(forms))]


def generate_captions(n_scenes: int, seed: int = 29) -> list[tuple[str, str, str]]:
    """(premise, hypothesis, label) triples, about three per scene, labels roughly balanced."""
    rng = random.Random(seed)
    out: list[tuple[str, str, str]] = []
    seen = set()

    def add(premise: str, hypothesis: str, label: str) -> None:
        if premise != hypothesis and (premise, hypothesis) not in seen:
            seen.add((premise, hypothesis))
            out.append((premise, hypothesis, label))

    for _ in range(n_scenes):
        scene = random_scene(rng)
        premise = render(scene, _form(scene, rng))
        # Entailment: a weaker description of the same scene.
        weaker = [s for s in (_dropped(scene, rng), _general(scene, rng), _synonym(scene)) if s]
        entailed = weaker[rng.randrange(len(weaker))] if weaker else scene
        if rng.random() < 0.3 and _dropped(entailed, rng):
            entailed = _dropped(entailed, rng)
        add(premise, render(entailed, _form(entailed, rng)), "entailment")
        # Neutral: another scene, an unstated detail, or a more specific participant.
        roll = rng.random()
        if roll < 0.5:
            other = _other(scene, rng)
            add(premise, render(other, _form(other, rng)), "neutral")
        elif roll < 0.75:
            weaker_premise = _dropped(scene, rng)
            if weaker_premise:
                add(render(weaker_premise, _form(weaker_premise, rng)), render(scene, _form(scene, rng)), "neutral")
        else:
            general = _general(scene, rng)
            if general:
                add(render(general, _form(general, rng)), render(scene, _form(scene, rng)), "neutral")
        roll = rng.random()
        if roll < 0.2:
            add(premise, negated(_other(scene, rng), rng), "neutral")
        elif roll < 0.35 and _dropped(scene, rng):
            # "There is no cat eating corn on the cob" leaves "A cat is eating corn" open.
            add(negated(scene, rng), render(_dropped(scene, rng), _form(scene, rng)), "neutral")
        elif roll < 0.5 and _general(scene, rng):
            # "A person is slicing a vegetable" leaves "Nobody is slicing a tomato" open.
            add(render(_general(scene, rng), _form(scene, rng)), negated(scene, rng), "neutral")
        opposite = next(iter(_opposites(scene)), None)
        if opposite and rng.random() < 0.5:
            add(premise, render(opposite, _form(opposite, rng)), "neutral")
        # Contradiction: the scene, or a weaker one it entails, denied.
        roll = rng.random()
        if roll < 0.6:
            add(premise, negated(entailed if rng.random() < 0.4 else scene, rng), "contradiction")
        else:
            # "There is no man eating food" denies "A man is eating a pizza" too.
            denied = _general(scene, rng) if roll < 0.8 else None
            add(negated(denied or scene, rng), render(scene, _form(scene, rng)), "contradiction")
    return out


__all__ = ["Scene", "render", "negated", "generate_captions"]
