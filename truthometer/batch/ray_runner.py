"""``batch --ray ADDRESS``: the documents checked by Ray actors, each holding one copy of the models.

Ray is optional (``pip install ray==2.60.0``) and imported only here. ADDRESS is what ``ray.init`` takes:
``auto`` (the cluster this machine belongs to), ``ray://HEAD:10001`` (Ray Client), or ``local`` to start a
Ray on this machine for the run (stopped at the end). Each node needs truthometer installed, with its
models, and the knowledge base directory at the same path (or ``--no-kb``). The driver reads the input and
writes the results file, in the order the actors finish: resuming works as with local workers.
"""
from __future__ import annotations

from collections import deque
from typing import Callable, Iterator

from ..errors import TruthometerError
from .inputs import Document
from .worker import Settings, Worker, error_record

RAY_PIN = "ray==2.60.0"
#: Documents queued per actor beyond the one it checks.
QUEUED_PER_ACTOR = 1


def _import_ray():
    try:
        import ray
    except ImportError as exc:
        raise TruthometerError(f"--ray needs Ray, which is not installed: pip install {RAY_PIN}") from exc
    return ray


class _CheckActor:
    """A Ray actor: one Worker (models loaded once) per actor; torch on the CPUs Ray gave it."""

    def __init__(self, settings: Settings, threads: int):
        self.worker = Worker(settings, threads)

    def check(self, payload: tuple) -> dict:
        return self.worker.check(payload)


def run_on_ray(docs: Iterator[Document], settings: Settings, actors: int | None, address: str,
               emit: Callable[[dict], None], threads_per_actor: int = 1) -> int:
    """Check ``docs`` on Ray; returns the number of actors used."""
    import logging

    from .runner import Fatal, cores

    ray = _import_ray()
    started_here = False
    if not ray.is_initialized():
        options = {"include_dashboard": False, "logging_level": logging.ERROR, "log_to_driver": False}
        if address == "local":
            ray.init(num_cpus=cores(), **options)
        else:
            ray.init(address=address, **options)
        started_here = True
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        count = actors or max(1, cpus // threads_per_actor)
        if count * threads_per_actor > cpus:
            raise TruthometerError(f"{count} actors of {threads_per_actor} CPUs need {count * threads_per_actor} "
                                   f"CPUs; the Ray cluster has {cpus}: give fewer --workers or --threads")
        actor_class = ray.remote(num_cpus=threads_per_actor, max_restarts=1)(_CheckActor)
        pool = [actor_class.remote(settings, threads_per_actor) for _ in range(count)]
        _dispatch(ray, docs, pool, emit, Fatal)
        for actor in pool:
            ray.kill(actor)
        return count
    finally:
        if started_here:
            ray.shutdown()


def _dispatch(ray, docs: Iterator[Document], pool: list, emit, Fatal) -> None:
    """Each actor gets up to 1 + QUEUED_PER_ACTOR documents at a time; results written as they finish. A
    document whose actor died is checked once more (the actor restarts); a second death is its error."""
    load = {id(actor): 0 for actor in pool}
    inflight: dict = {}  # ObjectRef -> (document, actor, attempt)
    retry: deque = deque()
    deaths: dict = {}
    source = iter(docs)
    exhausted = False
    while True:
        while True:
            actor = min(pool, key=lambda a: load[id(a)])
            if load[id(actor)] > QUEUED_PER_ACTOR:
                break
            if retry:
                doc, attempt = retry.popleft()
            elif not exhausted:
                doc, attempt = next(source, None), 0
                if doc is None:
                    exhausted = True
                    break
            else:
                break
            inflight[actor.check.remote(doc.payload())] = (doc, actor, attempt)
            load[id(actor)] += 1
        if not inflight:
            break
        [ready], _ = ray.wait(list(inflight), num_returns=1)
        doc, actor, attempt = inflight.pop(ready)
        load[id(actor)] -= 1
        try:
            record = ray.get(ready)
        except ray.exceptions.RayActorError:
            deaths[id(actor)] = deaths.get(id(actor), 0) + 1
            if deaths[id(actor)] > 1 and actor in pool:  # restarted once already: given up on
                pool.remove(actor)
                if not pool:
                    raise Fatal("every Ray actor died (out of memory? a node lost?); run again to continue")
            if attempt == 0:
                retry.append((doc, 1))
            else:
                emit(error_record(doc.id, doc.line, "the Ray actor checking this document died twice (out of "
                                                    "memory, or its node was lost); not checked"))
            continue
        except ray.exceptions.RayError as exc:
            emit(error_record(doc.id, doc.line, f"the check failed on Ray: {type(exc).__name__}"))
            continue
        if "fatal" in record:
            raise Fatal(record["fatal"])
        emit(record)
