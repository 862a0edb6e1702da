#!/usr/bin/env python3
"""Expanding and collapsing a node of 100,000 descendants in a 1,000,000-row outline over HTTP (docs/performance.md):
the service's own time (its log line's `ms`) and the client's, for the memory store and the SQLite one.

Usage: bench/outline-updates.py SERVICE_BIN [--n ROWS]"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import adversary  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--n", type=int, default=1_000_000)
    a = parser.parse_args()
    for store in ("memory", "sqlite"):
        service = adversary.Service(a.binary, "--store", store)
        try:
            spec, node = adversary.outline_spec(a.n, collapsed=True)
            status, summary, rid = adversary.post(service, spec)
            assert status in (200, 201), summary
            print("%s store: POST of %d rows %.1f ms (service)" % (store, a.n, service.times()[rid]))
            lid, y = summary["id"], node * 44 - 400
            for round_ in range(3):
                for op in ("expand", "collapse"):
                    body = {"updates": [{"op": op, "indexPaths": [[0, node]]}],
                            "rect": {"x": 0, "y": y, "width": 390, "height": 844}, "offset": {"x": 0, "y": y}}
                    start = time.monotonic()
                    status, answer, rid, _ = service.request("POST", "/v1/layouts/%s/updates" % lid, body, timeout=120)
                    client = (time.monotonic() - start) * 1000
                    assert status in (200, 201), answer[:300]
                    lid = adversary.json.loads(answer)["id"]
                    print("  %-8s %d descendants: %4d, %7.1f ms (service), %7.1f ms (client)"
                          % (op, a.n // 10, status, service.times()[rid], client))
        finally:
            service.stop()


if __name__ == "__main__":
    main()
