"""truthfulqa-refusal: Learn-to-Refuse's gold-knowledge experiment on TruthfulQA MC1, without an LLM.

Cao 2023 ("Learn to Refuse", gold-knowledge experiment): the knowledge base holds the Best Answer of a
random share (25/50/75/100 %) of the 817 questions; a question whose nearest knowledge entry (L2 on
normalised embeddings) is farther than α is refused (hard refusal), the others are answered from the
retrieved knowledge. Here the answering LLM is replaced by a transparent rule: among the MC1 options,
choose the one best supported by the k retrieved entries (highest maximum cosine to any of them).
Options are shuffled with a fixed seed so that ties cannot favour the correct option's position.

Paper (gpt-3.5, ratio 1): hard refusal answered 658 at 93.2 %; plain RAG (no refusal) 817 at 84.5 %.
"""
from __future__ import annotations

import csv
import json
import random
import sys
from pathlib import Path

import numpy as np

from ..errors import InputError
from ..knowledge.refusal import refuse
from .common import print_table

PAPER = {"hard refusal (ratio 1, α=0.75)": (658, 0.932), "plain RAG (ratio 1, no refusal)": (817, 0.845)}
RATIOS = (0.25, 0.5, 0.75, 1.0)
TABLE_ALPHAS = (0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 1.0, None)  # None: plain RAG, never refuse


def add_arguments(parser) -> None:
    parser.add_argument("--data", required=True, help="TruthfulQA directory (mc_task.json and TruthfulQA.csv)")
    parser.add_argument("-k", type=int, default=4, help="entries retrieved per question")
    parser.add_argument("--seed", type=int, default=0, help="seed for the knowledge sample and option order")
    parser.add_argument("--limit", type=int, default=0, help="use only the first N questions (0: all)")
    parser.add_argument("--out-dir", default="artifacts", help="where the α curve PNG is written")


def load(directory: str | Path, limit: int = 0) -> list[dict]:
    """Questions with their MC1 options (correct first in the file) and Best Answer, joined on the text."""
    directory = Path(directory)
    mc_path, csv_path = directory / "mc_task.json", directory / "TruthfulQA.csv"
    for path in (mc_path, csv_path):
        if not path.is_file():
            raise InputError(f"{path}: no such file (pass the TruthfulQA directory with --data)")
    try:
        mc = json.loads(mc_path.read_text(encoding="utf-8"))
        with csv_path.open(encoding="utf-8-sig", newline="") as handle:
            best = {row["Question"].strip(): row["Best Answer"].strip() for row in csv.DictReader(handle)}
    except (ValueError, KeyError) as exc:
        raise InputError(f"{directory}: not the TruthfulQA files ({exc})") from exc
    items = []
    for row in mc:
        question = row["question"].strip()
        if question not in best:
            raise InputError(f"question not in TruthfulQA.csv: {question!r}")
        options = list(row["mc1_targets"].items())
        items.append({"question": question, "best": best[question], "options": [o for o, _ in options],
                      "correct": [o for o, label in options if label == 1][0]})
    return items[:limit] if limit else items


def _norm(text: str) -> str:
    return " ".join(text.lower().rstrip(".").split())


def answer_by_support(option_vecs: np.ndarray, retrieved_vecs: np.ndarray) -> int:
    """The option best supported by the retrieved knowledge: highest maximum cosine to any entry."""
    return int(np.argmax((option_vecs @ retrieved_vecs.T).max(axis=1)))


def run(args) -> dict:
    import faiss

    from .. import models

    items = load(args.data, args.limit)
    rng = random.Random(args.seed)
    for item in items:
        rng.shuffle(item["options"])
    n = len(items)
    print(f"embedding {n} questions, {n} best answers and {sum(len(i['options']) for i in items)} options "
          "with MiniLM…", file=sys.stderr)
    q_vecs = models.embed([i["question"] for i in items])
    kb_vecs = models.embed([i["best"] for i in items])
    flat_options = [o for i in items for o in i["options"]]
    opt_vecs = models.embed(flat_options)
    offsets = np.cumsum([0] + [len(i["options"]) for i in items])

    # Per ratio: the retrieval (distance of the nearest entry) and the chosen option do not depend on α,
    # so one pass per ratio gives the whole α curve.
    per_ratio = {}
    sample_rng = np.random.default_rng(args.seed)
    order = sample_rng.permutation(n)
    for ratio in RATIOS:
        chosen = np.sort(order[: max(1, round(ratio * n))])
        index = faiss.IndexFlatL2(kb_vecs.shape[1])
        index.add(np.ascontiguousarray(kb_vecs[chosen]))
        k = min(args.k, len(chosen))
        d2, nn = index.search(np.ascontiguousarray(q_vecs), k)
        nearest = np.sqrt(np.maximum(d2[:, 0], 0.0))  # FAISS returns squared L2
        correct = np.zeros(n, dtype=bool)
        for qi, item in enumerate(items):
            retrieved = kb_vecs[chosen[nn[qi]]]
            pick = answer_by_support(opt_vecs[offsets[qi]:offsets[qi + 1]], retrieved)
            correct[qi] = item["options"][pick] == item["correct"]
        per_ratio[ratio] = (nearest, correct, len(chosen))

    def score(ratio, alpha):
        nearest, correct, _ = per_ratio[ratio]
        answered = np.array([not refuse(float(d), alpha) for d in nearest]) if alpha is not None \
            else np.ones(n, dtype=bool)
        count = int(answered.sum())
        return count, (float(correct[answered].mean()) if count else 0.0)

    same = sum(_norm(i["best"]) == _norm(i["correct"]) for i in items)
    figures: dict = {"questions": n, "k": args.k, "seed": args.seed, "answerer": "max cosine of option to retrieved entries",
                     "best_answer_is_mc1_correct_option": same}
    rows = []
    for ratio in RATIOS:
        for alpha in TABLE_ALPHAS:
            count, acc = score(ratio, alpha)
            label = "none (plain RAG)" if alpha is None else f"{alpha:.2f}"
            rows.append([f"{ratio:.2f}", label, count, f"{acc * 100:.1f}%"])
            figures[f"ratio{ratio:g}_alpha{'none' if alpha is None else f'{alpha:g}'}"] = {"answered": count,
                                                                                        "accuracy": round(acc, 4)}
    print(f"TruthfulQA MC1, {n} questions; knowledge = Best Answers of a seeded random share of the questions; "
          f"k={args.k}; no LLM (option with the highest max cosine to the retrieved entries)")
    print_table(["ratio", "α", "answered", "accuracy"], rows)
    print(f"Caveat: for {same} of {n} questions the Best Answer IS the correct MC1 option, so once the question's "
          "own entry is retrieved the answerer finds it verbatim; accuracy here mostly measures retrieval, an LLM "
          "answerer (the paper's) must still read and reason. The answered counts are the refusal behaviour.")
    print()
    print("Learn-to-Refuse (Cao 2023), gpt-3.5, gold knowledge:")
    print_table(["paper setting", "answered", "accuracy"],
                [[name, c, f"{a * 100:.1f}%"] for name, (c, a) in PAPER.items()])
    figures["paper"] = {name: {"answered": c, "accuracy": a} for name, (c, a) in PAPER.items()}

    alphas = np.round(np.arange(0.30, 1.41, 0.025), 3)
    curve = {f"{r:g}": [score(r, float(a)) for a in alphas] for r in RATIOS}
    png = plot_curve(alphas, curve, n, Path(args.out_dir))
    figures["png"] = str(png)
    print(f"α curve: {png}")
    return figures


def plot_curve(alphas: np.ndarray, curve: dict, n: int, out_dir: Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out_dir.mkdir(parents=True, exist_ok=True)
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    for ratio, points in curve.items():
        left.plot(alphas, [c for c, _ in points], label=f"ratio {ratio}")
        right.plot(alphas, [a * 100 for _, a in points], label=f"ratio {ratio}")
    for ax in (left, right):
        ax.axvline(0.75, color="grey", linestyle=":", linewidth=1)
        ax.set_xlabel("α (hard refusal threshold, L2 distance)")
        ax.legend()
    left.axhline(n, color="black", linewidth=0.5)
    left.scatter([0.75], [658], marker="x", color="red", label="paper (658)")
    left.set_ylabel("questions answered")
    right.scatter([0.75], [93.2], marker="x", color="red")
    right.axhline(84.5, color="red", linestyle="--", linewidth=0.8)
    right.set_ylabel("accuracy of answered (%)")
    left.set_title("Answered vs α (red ×: paper, ratio 1)")
    right.set_title("Accuracy vs α (red dashes: paper plain RAG)")
    fig.tight_layout()
    path = out_dir / "truthfulqa-refusal-alpha.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
