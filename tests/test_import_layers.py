"""Data flows one way (docs/architecture.md, "Data flow"): no stage imports a later stage, and the stages'
modules import one another without a cycle. Read from the source's import statements, lazy ones included."""
import ast
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parents[1] / "truthometer"

#: The stages in the order data flows through them. Base modules (configuration, the data model, the models'
#: loaders, the word tables, thin I/O adapters) come before all of them; the orchestration after.
STAGES = ("segmentation", "evidence", "alignment", "judging", "argumentation", "verdicts", "corrections",
          "review", "knowledge")
BASE = ("config", "errors", "switches", "textio", "netguard", "sqlite_setup", "report", "inflection", "models",
        "per_token_int8", "compiled_models", "blis_kernels", "word_table", "text", "knowledge_events",
        # One check's parses, vectors and alignments, handed down to every stage (it imports none).
        "check_context",
        "vocabulary",
        # The OpenAI-compatible HTTP adapter and its prompts: the judge's external door and the LLM features
        # both speak through it.
        "llm.client", "llm.prompts")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if node.module:
                found.add(target)
            found |= {f"{target}.{a.name}" for a in node.names}  # "from . import lexicon" names a module
    return {f for f in found if f == "truthometer" or f.startswith("truthometer.")}


def _graph() -> nx.DiGraph:
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        for target in _imports(path):
            while target not in modules and "." in target:  # "pkg.module.NAME" -> "pkg.module"
                target = target.rsplit(".", 1)[0]
            if target in modules and target != name:
                graph.add_edge(name, target)
    return graph


def _layer(module: str) -> int | None:
    """0 for the base, 1.. for the stages in order; None for the orchestration (pipeline, CLI, app, API...)."""
    inner = module.removeprefix("truthometer.")
    if any(inner == b or inner.startswith(b + ".") for b in BASE):
        return 0
    top = inner.split(".")[0]
    return STAGES.index(top) + 1 if top in STAGES else None


def test_no_stage_imports_a_later_stage_or_the_orchestration():
    backward = []
    for a, b in _graph().edges:
        mine, theirs = _layer(a), _layer(b)
        if mine is not None and (theirs is None or theirs > mine):
            backward.append(f"{a} -> {b}")
    assert not backward, "imports against the data flow:\n" + "\n".join(sorted(backward))


def test_the_stages_import_one_another_without_a_cycle():
    graph = _graph()
    staged = graph.subgraph([n for n in graph if _layer(n) is not None])
    cycles = [c for c in nx.simple_cycles(staged) if len({_top(m) for m in c}) > 1]
    assert not cycles, f"import cycles across packages: {cycles[:5]}"


def _top(module: str) -> str:
    return module.removeprefix("truthometer.").split(".")[0]


def test_the_check_reaches_every_stage():
    # The test above passes on an empty graph too: the pipeline must be seen importing the stages.
    reached = nx.descendants(_graph(), "truthometer.pipeline")
    assert {s for s in STAGES if any(_top(m) == s for m in reached)} >= set(STAGES) - {"review", "knowledge"}
