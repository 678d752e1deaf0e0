"""Benchmark: how soon ``trictrac lsp`` publishes the diagnostics of a 200-throw record after a change.

A language client (pygls') starts ``trictrac lsp``, opens a random legal game of 200 throws scored under
guiton-1822, then changes one character at a time (a space added to throw 100, then taken away) and waits for
the diagnostics of each version: the time from sending the change to receiving them (the debounce of 30 ms
included).  The peer, measured in the same run on the same record: ``trictrac check`` of the file, the
command a transcriber ran before, from its start to its exit.

Prints the median and the worst latency (the target: median <= 100 ms) and, last, ``ratio:`` the median
latency over the median time of ``check``.
Usage: python scripts/bench_lsp.py [--changes 30] [--checks 9]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

from trictrac_notation.games.trictrac.randomgame import random_record
from trictrac_notation.notation.reader import write


def record_text() -> str:
    record = random_record(7, max_throws=200, relevés=3)
    record.set_header("Rules", "guiton-1822")
    assert len(record.throws) == 200
    return write(record)


async def latencies(text: str, changes: int) -> list[float]:
    client = LanguageClient("bench", "1")
    published: asyncio.Queue[lsp.PublishDiagnosticsParams] = asyncio.Queue()
    client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(lambda params: published.put_nowait(params))
    await client.start_io(sys.executable, "-m", "trictrac_notation.cli.main", "lsp")
    await client.initialize_async(lsp.InitializeParams(capabilities=lsp.ClientCapabilities()))
    client.initialized(lsp.InitializedParams())
    uri = "file:///bench/long.tric"
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "tric", 1, text)))
    await published.get()
    line = text.split("\n").index(next(ln for ln in text.split("\n") if ln.startswith("100. ")))
    out = []
    for version in range(2, changes + 2):
        edit = (lsp.TextDocumentContentChangePartial(lsp.Range(lsp.Position(line, 4), lsp.Position(line, 4)), " ")
                if version % 2 == 0 else
                lsp.TextDocumentContentChangePartial(lsp.Range(lsp.Position(line, 4), lsp.Position(line, 5)), ""))
        start = time.perf_counter()
        client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            lsp.VersionedTextDocumentIdentifier(version, uri), [edit]))
        while (await published.get()).version != version:
            pass
        out.append(time.perf_counter() - start)
        await asyncio.sleep(0.05)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return out


def check_times(text: str, runs: int) -> list[float]:
    trictrac = Path(sys.executable).parent / "trictrac"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.tric"
        path.write_text(text, encoding="utf-8")
        out = []
        for _ in range(runs + 1):
            start = time.perf_counter()
            subprocess.run([str(trictrac), "check", "-q", str(path)], check=False, capture_output=True)
            out.append(time.perf_counter() - start)
    return out[1:]  # the first fills the caches


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--changes", type=int, default=30)
    p.add_argument("--checks", type=int, default=9)
    args = p.parse_args()
    text = record_text()
    lsp_times = asyncio.run(latencies(text, args.changes))
    checks = check_times(text, args.checks)
    median, worst, check = statistics.median(lsp_times), max(lsp_times), statistics.median(checks)
    print(f"200-throw record, {args.changes} changes: diagnostics {median * 1000:.0f} ms after a change "
          f"(median; worst {worst * 1000:.0f} ms; target <= 100 ms)")
    print(f"trictrac check of the same file: {check * 1000:.0f} ms (median of {args.checks})")
    print(f"ratio: {median / check:.2f}")


if __name__ == "__main__":
    main()
