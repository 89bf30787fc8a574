#!/usr/bin/env python
"""Train the bundled entailment judge (truthometer/data/nli/) from ../shared/data plus generated pairs.

    python scripts/train_nli.py [--data ../shared/data] [--out truthometer/data/nli] [--with-sick]

Training data (all licences allow shipping the weights, see truthometer/data/nli/MODEL_CARD.md):
- FEVER-Symmetric v0.1 (both files; groups of the v0.2 test split already removed);
- CLIMATE-FEVER: the 70% of claims not held out (split by claim, seeded);
- synthetic pairs generated from those evidence sentences (truthometer.judging.nli.synthetic);
- synthetic caption-style pairs composed from a hand-written vocabulary (truthometer.judging.nli.captions).
Not trained on (dev figures printed at the end): FEVER-Symmetric v0.2-dev, SICK TRIAL, CLIMATE-FEVER
held-out claims. SICK TRAIN is used only with --with-sick, whose weights inherit CC BY-NC-SA 3.0 and must
not be committed as the default model.

Model selection and the calibration temperature use a 15% split of the *training* groups, never the
dev splits. Embeddings are cached under .cache/nli/ (ignored by git). Deterministic: fixed seeds.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
import time
from pathlib import Path

# One thread for torch and BLAS: sums split across threads round differently, and the retrain must
# reproduce the committed weights byte for byte on any machine.
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from truthometer import models  # noqa: E402
from truthometer.config import PRECISIONS, Config  # noqa: E402
from truthometer.benchmarks import nli_common as data  # noqa: E402
from truthometer.judging.nli import LABELS, TRAINED_ON_FILE, pair_fingerprint  # noqa: E402
from truthometer.judging.nli.alignment import FEATURE_NAMES, normalise  # noqa: E402
from truthometer.judging.nli.features import WordSimilarity, feature_names, pair_matrix, parse, unique_texts  # noqa: E402
from truthometer.judging.nli.head import Head, softmax  # noqa: E402
from truthometer.judging.nli.captions import generate_captions  # noqa: E402
from truthometer.judging.nli.synthetic import generate  # noqa: E402

SEED = 13
CACHE = ROOT / ".cache" / "nli"


def log(*parts):
    print(time.strftime("%H:%M:%S"), *parts, flush=True)


def cached_embeddings(texts: list[str], precision: str) -> dict:
    CACHE.mkdir(parents=True, exist_ok=True)
    # int8 embeddings became per-token (batch-independent): the name leaves the old batch-dependent cache behind
    path = CACHE / {"float32": "embeddings.npz", "int8": "embeddings-int8-per-token.npz"}.get(
        precision, f"embeddings-{precision}.npz")
    store: dict = {}
    if path.is_file():
        with np.load(path, allow_pickle=False) as z:
            store = dict(zip(z["texts"].tolist(), z["vectors"]))
    missing = [t for t in texts if t not in store]
    if missing:
        log(f"embedding {len(missing)} new texts ({len(store)} cached)")
        vectors = models.embed(missing, Config(precision=precision))
        store.update(zip(missing, vectors))
        keys = sorted(store)
        np.savez(path, texts=np.array(keys), vectors=np.stack([store[k] for k in keys]).astype(np.float32))
    return {t: store[t] for t in texts}


def featurise(pairs, precision: str) -> np.ndarray:
    premises = [normalise(p.premise) for p in pairs]
    hypotheses = [normalise(p.hypothesis) for p in pairs]
    texts = unique_texts(premises, hypotheses)
    infos = parse(texts)
    return pair_matrix(premises, hypotheses, infos, cached_embeddings(texts, precision), WordSimilarity(Config()))


def split_groups(pairs, share: float, seed: int) -> tuple[list[int], list[int]]:
    groups = sorted({p.group for p in pairs})
    random.Random(seed).shuffle(groups)
    held = set(groups[:round(len(groups) * share)])
    fit = [i for i, p in enumerate(pairs) if p.group not in held]
    cal = [i for i, p in enumerate(pairs) if p.group in held]
    return fit, cal


def fit_head(kind: str, x: np.ndarray, y: np.ndarray, w: np.ndarray, params: dict, columns=None) -> Head:
    from sklearn.linear_model import LogisticRegression
    from sklearn.neural_network import MLPClassifier

    if columns is not None:
        x = x[:, columns]
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-6] = 1.0
    z = (x - mean) / scale
    if kind == "logreg":
        model = LogisticRegression(C=params["C"], max_iter=3000, random_state=SEED)
        model.fit(z, y, sample_weight=w)
        assert list(model.classes_) == [0, 1, 2]
        members = [[(model.coef_.T.copy(), model.intercept_.copy())]]
    else:
        # MLPClassifier takes no sample weights: repeat rows by their (integer) weight instead.
        reps = np.repeat(np.arange(len(y)), np.maximum(1, np.round(w).astype(int)))
        members = []
        for k in range(params.get("members", 1)):
            model = MLPClassifier(hidden_layer_sizes=(params["hidden"],), alpha=params["alpha"], max_iter=80,
                                  early_stopping=True, n_iter_no_change=8, random_state=SEED + k, batch_size=128)
            model.fit(z[reps], y[reps])
            assert list(model.classes_) == [0, 1, 2]
            members.append([(c.copy(), b.copy()) for c, b in zip(model.coefs_, model.intercepts_)])
    return Head(mean, scale, members[0], 1.0, {"kind": kind, **params},
                None if columns is None else np.asarray(columns), members[1:])


def fit_temperature(logits: np.ndarray, y: np.ndarray) -> float:
    """The temperature that minimises the negative log-likelihood of ``y`` (Guo et al. 2017)."""
    from scipy.optimize import minimize_scalar

    def nll(t):
        p = softmax(logits / t)
        return -float(np.mean(np.log(p[np.arange(len(y)), y] + 1e-12)))

    return float(minimize_scalar(nll, bounds=(0.2, 10.0), method="bounded").x)


def scores(head: Head, x: np.ndarray, pairs, two_way: bool) -> dict:
    gold = [q.label for q in pairs]
    pred = data.predictions(head.predict_proba(x), three_way=not two_way)
    return {"accuracy": round(data.accuracy(gold, pred), 4), "macro_f1": round(data.macro_f1(gold, pred), 4)}


def training_pairs(root: Path, n_synthetic: int = 2500, n_captions: int = 1200, with_sick: bool = False):
    """(fever, climate, synthetic, captions, real) training pairs; real = fever + climate (+ SICK TRAIN)."""
    # v0.1 is a subset of v0.2-dev (every v0.1 group is in it): all shared FEVER-Symmetric pairs are the
    # 708 unique pairs of v0.2-dev plus any v0.1 pair not in it. Dev figure: 5-fold CV grouped by claim group.
    fever = data.fever_sym_shared(root)
    climate = data.climate_fever(root / "climate-fever" / "climate-fever-dev.jsonl", "train")
    real = fever + climate
    if with_sick:
        real += data.sick(root / "sick" / "SICK-train-trial.txt", "TRAIN")
    sources = sorted({normalise(p.premise) for p in real})
    random.Random(SEED).shuffle(sources)
    synth = [data.Pair(p, h, lab, f"synth:{hashlib.sha1(p.encode()).hexdigest()[:10]}")
             for p, h, lab in generate(sorted(sources[:n_synthetic]), models.nlp(), seed=SEED)]
    captions = [data.Pair(p, h, lab, f"caption:{hashlib.sha1(p.encode()).hexdigest()[:10]}")
                for p, h, lab in generate_captions(n_captions, seed=SEED)]
    return fever, climate, synth, captions, real


def fever_folds(pairs) -> dict:
    """Each FEVER-Symmetric claim group's cross-validation fold (0-4), seeded."""
    groups = sorted({p.group for p in pairs})
    random.Random(SEED).shuffle(groups)
    return {g: k % 5 for k, g in enumerate(groups)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--out", default=str(ROOT / "truthometer" / "data" / "nli"))
    ap.add_argument("--with-sick", action="store_true", help="also train on SICK TRAIN (weights become CC BY-NC-SA 3.0)")
    ap.add_argument("--synthetic", type=int, default=2500, help="source sentences for synthetic pairs")
    ap.add_argument("--captions", type=int, default=1200, help="scenes for synthetic caption-style pairs")
    ap.add_argument("--fever-weight", type=float, default=10.0, help="row weight of FEVER-Symmetric pairs")
    ap.add_argument("--climate-weight", type=float, default=1.0, help="row weight of CLIMATE-FEVER pairs")
    ap.add_argument("--encoder-precision", choices=PRECISIONS, default="int8",
                    help="arithmetic of the frozen encoder's sentence embeddings (int8: 2.2x faster judging)")
    ap.add_argument("--dump-cv", help="append each candidate's FEVER-Symmetric cross-validation predictions "
                                       "to this JSONL file (error analysis)")
    args = ap.parse_args(argv)
    root = Path(args.data)

    fever, climate, synth, captions, real = training_pairs(root, args.synthetic, args.captions, args.with_sick)
    train = real + synth + captions
    log(f"train pairs: fever {len(fever)}, climate {len(climate)}, synthetic {len(synth)}, captions {len(captions)}"
        + (", sick" if args.with_sick else ""))

    x = featurise(train, args.encoder_precision)
    y = np.array([LABELS.index(p.label) for p in train])
    source = np.array([p.group.split(":")[0] for p in train])
    w = np.where(source == "fever", args.fever_weight, np.where(source == "climate", args.climate_weight, 1.0))
    is_fever = source == "fever"
    other = [i for i in range(len(train)) if not is_fever[i]]
    fit_o, cal_o = split_groups([train[i] for i in other], 0.15, SEED)
    fit_o, cal_o = [other[i] for i in fit_o], [other[i] for i in cal_o]
    fever_idx = np.flatnonzero(is_fever)
    fold_of = fever_folds([train[i] for i in fever_idx])
    folds = [[i for i in fever_idx if fold_of[train[i].group] == k] for k in range(5)]
    log(f"features {x.shape}; non-FEVER fit {len(fit_o)}, calibration {len(cal_o)}; FEVER 5 folds")

    def evaluate(kind, params, columns):
        fever_pred = np.zeros((len(train), 3))
        cal_probs = None
        for k in range(5):
            tr = fit_o + [i for j in range(5) if j != k for i in folds[j]]
            head = fit_head(kind, x[tr], y[tr], w[tr], params, columns)
            fever_pred[folds[k]] = head.predict_proba(x[folds[k]])
            if k == 0:
                cal_probs = head.predict_proba(x[cal_o])
        gold = [train[i].label for i in fever_idx]
        pred = ["entailment" if fever_pred[i, 0] >= fever_pred[i, 2] else "contradiction" for i in fever_idx]
        parts = {"fever_cv_accuracy": data.accuracy(gold, pred)}
        for src in ("climate", "synth", "caption"):
            idx = [k for k, i in enumerate(cal_o) if source[i] == src]
            parts[f"{src}_cal_macro_f1"] = data.macro_f1([train[cal_o[k]].label for k in idx],
                                                         [LABELS[int(np.argmax(cal_probs[k]))] for k in idx]) if idx else 0.0
        if args.dump_cv:
            with open(args.dump_cv, "a", encoding="utf-8") as out:
                for i in fever_idx:
                    out.write(json.dumps({"candidate": f"{kind} {params}", "claim": train[i].hypothesis,
                                          "evidence": train[i].premise, "gold": train[i].label,
                                          "probs": [round(float(v), 4) for v in fever_pred[i]]}) + "\n")
        return float(np.mean(list(parts.values()))), {k: round(v, 4) for k, v in parts.items()}

    n_align = len(FEATURE_NAMES)
    align_cos = list(range(n_align)) + [x.shape[1] - 1]
    candidates = [
        ("mlp", {"hidden": 64, "alpha": 3.0, "members": 5}, None),
        ("mlp", {"hidden": 64, "alpha": 10.0, "members": 5}, None),
        ("logreg", {"C": 0.1}, align_cos),
    ]
    best = None
    for kind, params, columns in candidates:
        s, parts = evaluate(kind, params, columns)
        label = f"{kind} {params} {'alignment+cosine' if columns else 'all features'}"
        log(f"{label}: selection score {s:.4f} {parts}")
        if best is None or s > best[0]:
            best = (s, kind, params, columns, parts, label)
    _, kind, params, columns, cv_parts, label = best
    final_rows = fit_o + list(fever_idx)
    head = fit_head(kind, x[final_rows], y[final_rows], w[final_rows], params, columns)
    head.temperature = fit_temperature(head.logits(x[cal_o]), y[cal_o])
    log(f"chosen {label}, temperature {head.temperature:.3f}")

    dev = {
        "sick TRIAL": (data.sick(root / "sick" / "SICK-train-trial.txt", "TRIAL"), False),
        "climate-fever heldout": (data.climate_fever(root / "climate-fever" / "climate-fever-dev.jsonl", "heldout"), False),
    }
    figures = {"fever-sym (v0.1 + v0.2-dev) grouped 5-fold CV": {"accuracy": round(cv_parts["fever_cv_accuracy"], 4)}}
    for name, (pairs, two_way) in dev.items():
        figures[name] = scores(head, featurise(pairs, args.encoder_precision), pairs, two_way)
        log(name, figures[name])
    head.meta.update({
        "labels": list(LABELS), "encoder": "sentence-transformers/all-MiniLM-L6-v2 (frozen)",
        "encoder_precision": args.encoder_precision,
        "n_features": int(x.shape[1]), "alignment_features": list(FEATURE_NAMES),
        "chosen": label, "selection": cv_parts,
        "trained_on": ["fever-symmetric v0.2-dev and v0.1 files (all 708 unique pairs)",
                       f"climate-fever train claims (70%, seed {data.CLIMATE_SEED})", "synthetic",
                       "synthetic caption-style scenes"]
        + (["SICK TRAIN (CC BY-NC-SA 3.0)"] if args.with_sick else []),
        "train_pairs": {"fever": len(fever), "climate": len(climate), "synthetic": len(synth),
                        "captions": len(captions)},
        "dev_figures": figures, "seed": SEED,
    })
    assert len(feature_names()) == x.shape[1]
    head.save(Path(args.out))
    # The real pairs the head saw, so the benches can tell a training-data score from a held-out one.
    trained = sorted({pair_fingerprint(train[i].premise, train[i].hypothesis) for i in final_rows
                      if source[i] not in ("synth", "caption")})
    (Path(args.out) / TRAINED_ON_FILE).write_text("\n".join(trained) + "\n", encoding="utf-8")
    log(f"saved {args.out}")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
