"""Where many independent tasks run (a match's games, a batch's analyses):
the :class:`Backend` seam and its two executors, :class:`ProcessBackend`
(this machine's processes, the default) and :class:`RayBackend` (a Ray
cluster, docs/cluster.md).

:func:`safari_ai.match.run_match` and :mod:`safari_ai.batch` drive their
tasks through :meth:`Backend.run`; :func:`make_backend` picks one by the
name the command line gives (``--backend processes|ray``). The module knows
nothing of games: a task is any picklable function of one item.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from safari_ai.errors import SafariError

__all__ = ["Backend", "BackendError", "ProcessBackend", "RayBackend", "make_backend", "start_ray"]

T = TypeVar("T")
R = TypeVar("R")


class BackendError(SafariError):
    """A task could not be run (a worker failed for good, Ray is missing or unreachable)."""


class Backend(Protocol):
    """Where tasks run. :meth:`run` submits ``fn(item)`` for every item, in the
    order given, and yields ``(index, result)`` as each task finishes; when the
    caller stops iterating (closes the generator: an early stop, Ctrl-C, an
    error) the tasks not yet finished are cancelled. :meth:`close` frees the
    workers. Both :func:`~safari_ai.match.run_match` and :mod:`safari_ai.batch`
    drive their tasks through this one seam."""

    name: str

    def run(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[tuple[int, R]]: ...

    def close(self) -> None: ...


def _ignore_interrupts() -> None:
    """In a pool worker: Ctrl-C (sent to the whole terminal's process group) is
    the driver's to handle; it then terminates the pool."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _call_indexed(task: tuple[Callable[[Any], Any], int, Any]) -> tuple[int, Any]:
    fn, index, item = task
    return index, fn(item)


class ProcessBackend:
    """This machine's processes: ``workers`` of them (a pool forked from this
    process), or this process itself for one worker. Cancelling kills the
    pool's processes, games in progress included."""

    name = "processes"

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)

    def run(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[tuple[int, R]]:
        if self.workers == 1 or len(items) <= 1:
            for index, item in enumerate(items):
                yield index, fn(item)
            return
        import multiprocessing
        from concurrent.futures import Future, ProcessPoolExecutor, as_completed

        pool = ProcessPoolExecutor(
            min(self.workers, len(items)),
            mp_context=multiprocessing.get_context("fork"),
            initializer=_ignore_interrupts,
        )
        futures: dict[Future[R], int] = {}
        finished = False
        try:
            for index, item in enumerate(items):
                futures[pool.submit(fn, item)] = index
            for future in as_completed(futures):
                yield futures[future], future.result()
            finished = True
        finally:
            if not finished:  # stopped early, interrupted or failed: end the games running
                _kill_workers(pool)
            # Wait for the pool's manager thread even when its workers were killed
            # (it sees them gone at once and ends). One left running races Python's
            # exit hook, which wakes it through a pipe the thread may be closing
            # at that moment: "OSError: Bad file descriptor" after Ctrl-C.
            pool.shutdown(wait=True, cancel_futures=True)

    def close(self) -> None:
        pass


def _kill_workers(pool: Any) -> None:
    """Kills a ProcessPoolExecutor's processes (``terminate_workers`` from
    Python 3.14; before it, the processes the executor keeps)."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            process.kill()
        except (OSError, ValueError):
            pass  # already gone


def start_ray(address: str | None = None, num_cpus: int | None = None) -> bool:
    """Connects this process to the Ray cluster at ``address`` (Ray's address
    syntax: ``HOST:PORT``, ``ray://HOST:10001``, ``auto``), or starts a local Ray
    of ``num_cpus`` CPUs when ``address`` is None. Returns False when Ray was
    already initialised here (it is then used as it is), True when this call
    initialised it.

    The driver's working directory is on the path of Ray's workers; a source
    checkout of safari_ai there (not built) would shadow the installed package,
    so Ray is started from the temporary directory.

    :raises BackendError: Ray is not installed, or the cluster cannot be reached.
    """
    import os
    import tempfile

    try:
        import ray
    except ImportError:
        raise BackendError("--backend ray needs Ray: pip install 'safari_ai[ray]'") from None
    if ray.is_initialized():
        return False
    here = os.getcwd()
    os.chdir(tempfile.gettempdir())
    try:
        if address is None:
            ray.init(
                address="local",
                num_cpus=num_cpus,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,
                object_store_memory=100 * 1024 * 1024,
            )
        else:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
    except (ConnectionError, RuntimeError, ValueError) as error:
        raise BackendError(
            f"--address {address}: cannot connect to Ray: {_one_line(error)}"
        ) from None
    finally:
        os.chdir(here)
    return True


class RayBackend:
    """A Ray cluster (``address``; None starts a local Ray, or uses the one this
    process has already initialised). Every item is one Ray task of one CPU;
    at most ``workers`` are in flight (default: the cluster's CPUs), submitted
    in the order given, so a match's colour-swapped pairs go out together.

    A task whose worker process dies (killed, out of memory, its machine gone)
    is run again by Ray on another worker (``max_retries``): the task's result
    reaches the driver once, from the run that finished. An exception raised by
    the task itself is not retried."""

    name = "ray"

    def __init__(
        self, address: str | None = None, workers: int | None = None, max_retries: int = 3
    ) -> None:
        self.address = address
        self.max_retries = max_retries
        self.owned = start_ray(address, workers if address is None else None)
        import ray

        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.workers = max(1, workers if workers is not None else cpus)

    def run(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[tuple[int, R]]:
        import ray

        remote = ray.remote(num_cpus=1, max_retries=self.max_retries, retry_exceptions=False)(fn)
        pending: dict[Any, int] = {}
        submitted = 0
        try:
            while submitted < len(items) or pending:
                while submitted < len(items) and len(pending) < self.workers:
                    pending[remote.remote(items[submitted])] = submitted
                    submitted += 1
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    index = pending.pop(ref)
                    try:
                        result = ray.get(ref)
                    except ray.exceptions.RayError as error:
                        raise BackendError(f"task {index + 1}: {_ray_error(error)}") from None
                    yield index, result
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)

    def close(self) -> None:
        if self.owned:
            import ray

            ray.shutdown()
            self.owned = False


def _ray_error(error: BaseException) -> str:
    """A Ray error in one line: the task's own exception when it raised one."""
    cause = getattr(error, "cause", None)
    return _one_line(cause if isinstance(cause, BaseException) else error).split(" Traceback")[0]


def make_backend(name: str, workers: int | None = None, address: str | None = None) -> Backend:
    """The backend called ``name`` (``processes`` or ``ray``).

    :raises BackendError: an unknown name, ``address`` without Ray, or Ray unavailable.
    """
    if name == "processes":
        if address is not None:
            raise BackendError("--address needs --backend ray")
        return ProcessBackend(workers or 1)
    if name == "ray":
        return RayBackend(address, workers)
    raise BackendError(f"backend: {name!r} is not processes or ray")


def _one_line(error: BaseException) -> str:
    """The error's message on one line (the exception's name when it has none)."""
    return " ".join(str(error).split()) or type(error).__name__
