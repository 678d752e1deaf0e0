"""The same work on one core, on several (``--jobs``) or on a Dask cluster (``--cluster``), with the same results:
core/parallel.py, as ``trictrac analyze`` and ``trictrac simulate`` use it.  The cluster is a ``LocalCluster`` of
two worker processes on this machine's loopback (the ``cluster`` extra that scripts/test.sh installs), started once
for the module."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

from trictrac_notation.core import parallel
from trictrac_notation.core.parallel import ClusterError, ordered_map

ROOT = Path(__file__).resolve().parent.parent
RECORDS = [str(ROOT / "site_src/games" / name) for name in
           ("kermadeuc-lepeintre.tric", "jollyvet-rencontre.tric", "guiton-le-coin-battu.tric",
            "problem-two-ways.tric")]


def square(x: int) -> int:
    return x * x


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed", reason="the cluster extra: scripts/test.sh installs it")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  host="127.0.0.1") as found:
        yield found.scheduler_address


def test_the_tasks_results_come_in_their_order_whatever_runs_them(cluster):
    tasks = list(range(40))
    expected = [x * x for x in tasks]
    assert list(ordered_map(square, tasks)) == expected
    assert list(ordered_map(square, tasks, jobs=3)) == expected
    assert list(ordered_map(square, tasks, cluster=cluster)) == expected


def test_analyze_gives_the_same_on_one_core_on_two_and_on_the_cluster(cluster):
    runs = [run_cli("analyze", *RECORDS, "--player", "greedy", "--json", *more)
            for more in ([], ["--jobs", "2"], ["--cluster", cluster])]
    assert [code for code, _, _ in runs] == [0, 0, 0]
    first = json.loads(runs[0][1])
    assert [a["file"] for a in first] == RECORDS and all(a["throws"] for a in first)
    assert runs[1][1] == runs[0][1] and runs[2][1] == runs[0][1]


def test_no_scheduler_at_the_address_is_a_usage_error(monkeypatch):
    pytest.importorskip("distributed", reason="the cluster extra: scripts/test.sh installs it")
    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT", "1s")
    with pytest.raises(ClusterError, match="no Dask scheduler answers at tcp://127.0.0.1:9"):
        list(ordered_map(square, [1, 2], cluster="tcp://127.0.0.1:9"))
    code, out, err = run_cli("analyze", RECORDS[0], "--cluster", "tcp://127.0.0.1:9")
    assert (code, out) == (2, "") and "--cluster: no Dask scheduler answers" in err


def test_simulate_gives_the_same_figures_on_one_core_on_two_and_on_the_cluster(cluster):
    argv = ["simulate", "--rules", "guiton-1822", "--games", "2", "--seed", "5", "--player",
            "treatise", "--max-throws", "40", "--json"]
    runs = [run_cli(*argv, *more) for more in ([], ["--jobs", "2"], ["--cluster", cluster])]
    assert [code for code, _, _ in runs] == [0, 0, 0]
    reports = [json.loads(out) for _, out, _ in runs]
    for r in reports:
        del r["seconds"], r["throws_per_second"], r["jobs"]
    assert reports[1] == reports[0] and reports[2] == reports[0]
    figures = reports[0]["rules"]["guiton-1822"]
    assert reports[0]["player_name"] == "treatise" and set(figures["pleins_per_releve"]) == {
        "petit-jan", "grand-jan", "retour"}
    assert 0 <= figures["go_per_decision"]["mean"] <= 1
