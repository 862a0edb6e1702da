#!/usr/bin/env python3
"""The adversarial cost harness: valid worst cases for every layout kind and cache, measured against the bounds of
docs/cost-model.md.

For each kind it draws valid specs from families of worst cases (degenerate and tiny sizes, crowded frames, huge
counts, deep groups, many sections, everything pinned, long texts, many styles), with parameters drawn from a seed,
and measures on a running service:

- every query (rects, pages and deep cursors, tiles, hits, items, scroll-to, target offsets) by the service's own
  time (the `ms` of its log line, found by the request's `X-Request-Id`), the least of three tries, against
  `QUERY_MS + ELEMENT_MS x work` (`work`: the elements answered; for a page also those before it; for a refusal
  past --max-elements, that many). Whether a query held an event loop is the neighbours test's to find
  (Tests/e2e/test_adversary.py);
- every preparation (a POST) against its plain twin (the same kind and item count, ordinary parameters), the
  least of two tries each: at most `PREPARE_RATIO` times the twin (a spec the service refuses, in its time too);
- a waterfall's size report with `keepColumns` on a million items (every column written into the new spec, stored
  whole): at most `PREPARE_RATIO` times the POST of the spec it makes;
- a program that loops: its POST is answered within the deadline it was given (and the slack `PROGRAM_SLACK_MS`);
- expanding, then collapsing, a node of n/10 descendants in an outline of n rows (a million in the short run):
  each answered within `OUTLINE_MS` by the service's own time;
- a POST of text (a layout given as content, a measure) of 30 MB of distinct words: answered within
  `TEXT_POST_MS`, whatever its status;
- the caches, by the anonymous resident memory (`RssAnon`) a load leaves: 20,000 text styles over every font
  `GET /v1/fonts` lists, every font face fetched twice.

Usage: bench/adversary.py SERVICE_BIN [--long] [--seed N] [--only KIND,...] [--n N] [--json FILE]
  KIND is a key of KINDS (flow, waterfall, ring, compositional, grid, frames, program, text), fonts or outline.
  The short run (scripts/test, through Tests/e2e/test_adversary.py) takes about 90 s on a release build;
  --long draws more cases, at the largest sizes the limits admit. It prints one line a measurement and, last, the
  worst of each kind against its bound; it exits 1 when any measurement is over its bound.
"""
import argparse
import http.client
import json
import math
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time

# The bounds this harness checks: docs/cost-model.md states them.
QUERY_MS = 10.0  # a query costs at most this ...
ELEMENT_MS = 0.02  # ... plus this for each element of its work: those it answers, a page's before it, or a refusal's
MAX_ELEMENTS = 100_000  # the service's --max-elements (its default): what a refused query may look at
PREPARE_RATIO = 3.0  # a preparation costs at most this many times its plain twin's
PROGRAM_DEADLINE_MS = 300  # the harness's --program-deadline-ms
PROGRAM_SLACK_MS = 250  # what a program's POST may take beyond its deadline
TEXT_POST_MS = 10_000  # a POST of text (a measure, a layout given as content) is answered within this
STYLE_GROWTH_BYTES = 64 << 20  # anonymous memory 20,000 styles may leave, beyond the word cache's budget
FONT_GROWTH_BYTES = 200 << 20  # anonymous memory serving every face twice may leave
SLICE_MS = 2_000  # a font slice (subset on first request) or the stylesheet (made on first request) within this
FONT_SLICE_BYTES = 16 << 20  # the harness's --font-slice-bytes: the slices its fetches keep
SUBSET_GROWTH_BYTES = 64 << 20  # beyond them, what subsetting leaves (its working memory, which malloc keeps)
WORD_CACHE_BYTES = 16 << 20  # the harness's --word-cache-bytes
SPEC_MEMORY_BYTES = 8 << 30  # the memory store keeps every spec the harness posts (a few GB at most)
QUERY_TIMEOUT_SECONDS = 10  # a query not answered by then is over its bound (and no more of its case are sent)
OUTLINE_MS = 2_000  # expanding or collapsing a node of n/10 descendants in an outline of n rows, within this


class Service:
    """The service on a free loopback port, its log in a file (a line a request, with `ms` and the request id)."""

    def __init__(self, binary, *args):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.dir = tempfile.mkdtemp(prefix="adversary-")
        self.log_path = os.path.join(self.dir, "service.log")
        self.log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            [binary, "--host", "127.0.0.1", "--port", str(self.port), "--store", "memory", "--data-dir", self.dir,
             "--program-deadline-ms", str(PROGRAM_DEADLINE_MS), "--word-cache-bytes", str(WORD_CACHE_BYTES),
             "--spec-memory-bytes", str(SPEC_MEMORY_BYTES), "--font-slice-bytes", str(FONT_SLICE_BYTES), *args],
            stdout=self.log, stderr=subprocess.STDOUT,
            env={**os.environ, "LAYOUT_SERVICE_DRAIN_ACCEPT_SECONDS": "0"})
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                break
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError("the service exited: " + open(self.log_path).read()[-2000:])
                time.sleep(0.05)
        self.connection = None
        self.serial = 0

    def request(self, method, path, body=None, content_type="application/json", timeout=60):
        """(status, body bytes, request id, client seconds); one keep-alive connection, made again after a failure."""
        self.serial += 1
        rid = "adv-%d" % self.serial
        headers = {"X-Request-Id": rid}
        if body is not None:
            headers["Content-Type"] = content_type
            if not isinstance(body, bytes):
                body = json.dumps(body, separators=(",", ":")).encode()
        start = time.monotonic()
        try:
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
            self.connection.timeout = timeout
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            data = response.read()
            status = response.status
        except (OSError, http.client.HTTPException):
            self.connection = None
            return None, b"", rid, time.monotonic() - start
        return status, data, rid, time.monotonic() - start

    def times(self):
        """The service's own milliseconds of each request so far, by request id (its log is written in batches)."""
        time.sleep(0.3)
        out = {}
        for line in open(self.log_path, errors="replace"):
            m = re.search(r"\bid=(adv-\d+)\b", line)
            t = re.search(r"\bms=([0-9.]+)", line)
            if m and t:
                out[m.group(1)] = float(t.group(1))
        return out

    def rss_anon(self):
        for line in open("/proc/%d/status" % self.proc.pid):
            if line.startswith("RssAnon:"):
                return int(line.split()[1]) * 1024
        raise RuntimeError("no RssAnon")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


# ---- the cases: valid worst cases for every kind ---------------------------------------------------------------

def view(rng):
    return {"width": rng.choice([320, 390, 1024, 1280]), "height": rng.choice([568, 844, 800])}


def tiny(rng):
    """A length a careless or hostile client may choose: 0, subnormal-small, or 1e-9 scale."""
    return rng.choice([0, 0, 1e-12, 1e-10, 1e-9])


class Case:
    """One spec with its plain twin (the same kind and count, ordinary parameters) when preparation is its risk."""

    def __init__(self, kind, name, spec, plain=None, program=None, text=False, refusable=False):
        self.kind, self.name, self.spec, self.plain, self.program = kind, name, spec, plain, program
        self.refusable = refusable  # a 4xx is an answer: its time is still measured against the twin's
        self.text = text  # a POST of text: bounded by TEXT_POST_MS whatever its status


def collapsing_header(rng):
    """A collapsing header (vertical layouts): tiny or huge, pinned or scrolling away, stretching."""
    e = rng.choice([0, 1e-9, 1, 1e6])
    return {"expandedHeight": e, "collapsedHeight": rng.choice([0, e]), "behavior": rng.choice(["pinned", "scroll"]),
            "stretch": True}


def flow_cases(rng, n):
    cv = view(rng)
    zero = {"layout": "flow", "collectionView": cv, "itemSize": {"width": 0, "height": 0},
            "minimumInteritemSpacing": 0, "minimumLineSpacing": 0, "sections": [{"items": n}]}
    many = {"layout": "flow", "collectionView": cv, "itemSize": {"width": tiny(rng), "height": tiny(rng)},
            "headerReferenceSize": {"width": 0, "height": tiny(rng)},
            "footerReferenceSize": {"width": 0, "height": tiny(rng)},
            "sectionHeadersPinToVisibleBounds": True, "sectionFootersPinToVisibleBounds": True,
            "minimumInteritemSpacing": 0, "minimumLineSpacing": 0,
            "decorations": [{"kind": "background"}],
            "sections": [{"items": rng.randint(0, 2)} for _ in range(min(n // 10, 100000))]}
    sizes = {"layout": "flow", "collectionView": cv, "minimumInteritemSpacing": 0, "minimumLineSpacing": 0,
             "sections": [{"itemSizes": [[rng.choice([0, 1e-9, cv["width"] + 1]), rng.choice([0, 1e-9])]
                                         for _ in range(n)]}]}
    plain = {"layout": "flow", "collectionView": cv, "itemSize": {"width": 100, "height": 100},
             "sections": [{"itemSizes": [[100, 100 + i % 7] for i in range(n)]}]}
    # Rule 7: the most columns an adaptive count gives (1,024 of a tiny minimum width), rows of height 0, and
    # sections that each count again.
    adaptive = {"layout": "flow", "collectionView": cv, "itemSize": {"minimumWidth": 1e-9, "height": tiny(rng)},
                "minimumInteritemSpacing": 0, "minimumLineSpacing": 0,
                "sections": [{"items": n // 100, "itemSize": {"minimumWidth": rng.choice([1e-9, 1e-3, 1]),
                                                              "aspectRatio": 1000}} for _ in range(100)]}
    # Scroll effects on every cell answered (a scale and alpha each, none left plain), reached within a point.
    effects = dict(zero, scrollEffects={"scale": {"minimum": 0}, "alpha": {"minimum": 0}, "distance": 1e-9})
    return [Case("flow", "items of size 0 in one line", zero),
            Case("flow", "items of size 0 in one line, every one scaled and faded", effects, plain=zero),
            Case("flow", "many sections, tiny sizes, everything pinned", many),
            Case("flow", "many sections, everything pinned under a stretching collapsing header",
                 dict(many, collapsingHeader=collapsing_header(rng))),
            Case("flow", "per-item sizes 0, tiny and wider than the line", sizes, plain=plain),
            Case("flow", "adaptive itemSize: 1,024 columns, rows of height 0", adaptive)]


def waterfall_cases(rng, n):
    cv = view(rng)
    heights = [rng.choice([0, 1e-9, 1, 50, 120]) for _ in range(n)]
    wide = {"layout": "waterfall", "collectionView": cv, "columnCount": 1024, "columnSpacing": 0, "itemSpacing": 0,
            "sections": [{"itemHeights": heights}]}
    plain = dict(wide, columnCount=2)
    equal = {"layout": "waterfall", "collectionView": cv, "columnCount": rng.choice([512, 1024]),
             "columnSpacing": 0, "itemSpacing": 0, "placement": "shortestColumn",
             "sections": [{"itemHeights": [1] * n}]}
    pinned = {"layout": "waterfall", "collectionView": cv, "columnCount": 1024, "headerHeight": tiny(rng),
              "footerHeight": tiny(rng), "sectionHeadersPinToVisibleBounds": True,
              "sectionFootersPinToVisibleBounds": True,
              "sections": [{"itemHeights": [0] * rng.randint(0, 3)} for _ in range(min(n // 10, 100000))]}
    # Every tenth item spanning 2 of 1,024 columns (a scan of the columns each), against the same items in 2.
    spans = dict(wide, sections=[{"itemHeights": heights, "itemSpans": [2 if i % 10 == 9 else 1 for i in range(n)]}])
    # Explicit columns that send every other item back to column 0 under taller ones: starts decrease, the
    # section is sorted by start. Its twin gives as many columns, all -1 (placed by the rule, starts in order).
    back = dict(wide, itemSpacing=10,
                sections=[{"itemHeights": heights, "itemColumns": [0 if i % 2 else 1023 for i in range(n)]}])
    return [Case("waterfall", "1,024 columns", wide, plain=plain),
            Case("waterfall", "1,024 columns, every tenth item spanning 2", spans, plain=dict(spans, columnCount=2)),
            Case("waterfall", "explicit columns, starts decreasing", back,
                 plain=dict(back, sections=[{"itemHeights": heights, "itemColumns": [-1] * n}])),
            # Right to left: every answer mirrored through a list (O(k) more), the spans case's worst placement.
            # Twins of their own (a spacing no other case has): a twin posted before would be answered from the store.
            Case("waterfall", "1,024 columns right to left, every tenth item spanning 2",
                 dict(spans, itemSpacing=1, layoutDirection="rightToLeft"), plain=dict(spans, itemSpacing=1)),
            # An adaptive count of a tiny minimum width: the most columns it can give (1,024).
            Case("waterfall", "adaptive count of 1,024 columns, every tenth item spanning 2",
                 dict(spans, itemSpacing=2, columnCount={"minimumWidth": 1e-9}), plain=dict(spans, itemSpacing=2)),
            Case("waterfall", "equal heights, every column tied", equal, plain=dict(equal, columnCount=2)),
            Case("waterfall", "many sections, everything pinned", pinned),
            Case("waterfall", "many sections, everything pinned under a collapsing header",
                 dict(pinned, collapsingHeader=collapsing_header(rng)))]


def ring_cases(rng, n):
    cv = view(rng)
    return [Case("circle", "every item at one point",
                 {"layout": "circle", "collectionView": cv, "itemSize": {"width": 0, "height": 0}, "radius": 0,
                  "sections": [{"items": n}]}),
            Case("circle", "a huge ring of tiny items",
                 {"layout": "circle", "collectionView": cv, "itemSize": {"width": 1e-9, "height": 1e-9},
                  "radius": 1e9, "sections": [{"items": n}]}),
            Case("wheel", "a huge wheel",
                 {"layout": "wheel", "collectionView": cv, "itemSize": {"width": cv["width"], "height": 1e-9},
                  "infinite": True, "sections": [{"items": n}]})]


def nested_group(depth, rng):
    """A group nested `depth` deep, two subitems at each level (2^depth leaves), whose leaves are badged items of
    size 0 or tiny."""
    leaf = {"item": {"size": {"width": {"absolute": tiny(rng)}, "height": {"absolute": tiny(rng)}},
                     "supplementaryItems": [{"kind": "badge",
                                             "size": {"width": {"absolute": 1}, "height": {"absolute": 1}},
                                             "anchor": {"edges": ["top", "trailing"]}}]}}
    group = leaf
    for d in range(depth):
        group = {"group": {"axis": "horizontal" if d % 2 else "vertical", "count": 2,
                           "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": tiny(rng)}},
                           "subitems": [group]}}
    return group["group"]


def compositional_cases(rng, n):
    cv = view(rng)
    deep = {"layout": "compositional", "collectionView": cv,
            "sections": [{"items": n, "section": {
                "group": nested_group(7, rng),
                "boundarySupplementaryItems": [
                    {"kind": "header", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": tiny(rng)}},
                     "alignment": "top", "pinToVisibleBounds": True}],
                "decorationItems": [{"kind": "background"}]}}]}
    rows = {"layout": "compositional", "collectionView": cv,
            "sections": [{"items": rng.randint(1, 3), "section": {
                "group": {"axis": "horizontal", "count": 1, "size": {"width": {"absolute": tiny(rng)},
                                                                     "height": {"absolute": 1}},
                          "subitems": [{"item": {"size": {"width": {"fractionalWidth": 1},
                                                          "height": {"fractionalHeight": 1}}}}]},
                "orthogonalScrollingBehavior": "continuous",
                "boundarySupplementaryItems": [
                    {"kind": "header", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 0}},
                     "alignment": "top", "pinToVisibleBounds": True}]}}
                         for _ in range(min(n // 10, 100000))]}
    orthogonal = {"layout": "compositional", "collectionView": cv,
                  "sections": [{"items": n, "section": {
                      "group": {"axis": "horizontal", "count": 1, "size": {"width": {"absolute": 1e-9},
                                                                           "height": {"absolute": 10}},
                                "subitems": [{"item": {"size": {"width": {"fractionalWidth": 1},
                                                                "height": {"fractionalHeight": 1}}}}]},
                      "orthogonalScrollingBehavior": rng.choice(["continuous", "paging", "groupPaging"])}}]}
    # Each orthogonal section with scroll effects of its own, every other one different: the summary lists a run of
    # effects a section.
    effects = dict(rows, sections=[dict(s, section=dict(s["section"], scrollEffects={
        "scale": {"minimum": (i % 2) * 0.5}, "alpha": {"minimum": 0}, "distance": rng.choice([1e-9, 1, 1e9])}))
        for i, s in enumerate(rows["sections"])])
    list_ = {"layout": "list", "collectionView": cv, "appearance": "insetGrouped", "headerMode": "supplementary",
             "footerMode": "supplementary",
             "sections": [{"items": rng.randint(0, 2)} for _ in range(min(n // 10, 100000))]}
    sizes = {"layout": "list", "collectionView": cv,
             "sections": [{"itemSizes": [[cv["width"], rng.choice([0, 1e-9, 1])] for _ in range(n)]}]}
    # Sections given sizes under a shared estimated group of 10,000 slots place it whole for each section.
    wide = {"axis": "horizontal", "size": {"width": {"absolute": 300}, "height": {"estimated": 10}},
            "subitems": [{"item": {"size": {"width": {"absolute": 0.03}, "height": {"estimated": 10}}}}]}
    count = min(n // 10, 100000)
    placed = {"layout": "compositional", "collectionView": {"width": 300, "height": 600},
              "defaultSection": {"group": wide}, "sections": [{"itemSizes": [[1, 20]]} for _ in range(count)]}
    templated = dict(placed, sections=[{"items": 1} for _ in range(count)])
    # An outline whose every folder is collapsed: a query meets the few visible rows, however many are hidden.
    folders = max(1, n // 100)
    hidden = {"layout": "list", "collectionView": cv,
              "sections": [{"items": folders * 100, "outline": {
                  "levels": [0 if i % 100 == 0 else 2 - (i % 2) for i in range(folders * 100)],
                  "collapsed": list(range(0, folders * 100, 100))}}]}
    return [Case("compositional", "sections of sizes under a shared group of 10,000 estimated slots", placed,
                 plain=templated, refusable=True),
            Case("compositional", "groups 8 deep of tiny badged items, pinned header", deep),
            Case("compositional", "many orthogonal sections, pinned headers", rows),
            Case("compositional", "many orthogonal sections, pinned headers under a collapsing header",
                 dict(rows, collapsingHeader=collapsing_header(rng))),
            Case("compositional", "one orthogonal row of n items", orthogonal),
            Case("compositional", "many orthogonal sections, each with scroll effects of its own", effects, plain=rows),
            Case("list", "many sections with headers and footers", list_),
            Case("list", "rows of size 0 and tiny", sizes),
            Case("list", "an outline of collapsed folders (99 of 100 rows hidden)", hidden)]


def grid_cases(rng, n):
    cv = view(rng)
    degenerate = {"layout": "grid", "collectionView": cv,
                  "rows": {"count": rng.choice([1, 1000, 10 ** 9]), "size": rng.choice([0, 1e-10])},
                  "columns": {"count": 10 ** 9, "size": 0}, "rowSpacing": 0, "columnSpacing": 0}
    overrides = {"layout": "grid", "collectionView": cv,
                 "rows": {"count": 10 ** 9, "size": 0,
                          "overrides": {str(rng.randrange(10 ** 9)): tiny(rng) for _ in range(min(n, 100000))}},
                 "columns": {"count": 10 ** 9, "size": 1e-10,
                             "sizes": [rng.choice([0, 1e-10, 1]) for _ in range(min(n, 100000))]},
                 "rowSpacing": 0, "columnSpacing": 0,
                 "frozen": {"top": 1000, "bottom": 1000, "leading": 1000, "trailing": 1000}}
    merged = {"layout": "grid", "collectionView": cv,
              "rows": {"count": 2 * min(n, 100000), "size": tiny(rng)}, "columns": {"count": 2, "size": 0},
              "merged": [{"row": 2 * i, "column": 0, "rows": 2, "columns": 2} for i in range(min(n, 100000) // 2)]}
    return [Case("grid", "10^9 columns of size 0, spacing 0", degenerate),
            Case("grid", "overrides and sizes of 0 and 1e-10, every band frozen", overrides),
            Case("grid", "a merged range every two rows", merged)]


def frames_cases(rng, n):
    cv = {"width": 100, "height": 100}
    square = {"layout": "frames", "collectionView": cv, "elements": {
        "x": [round(rng.random() * 90, 3) for _ in range(n)], "y": [round(rng.random() * 90, 3) for _ in range(n)],
        "width": [10] * n, "height": [10] * n}}
    thin = n // 2
    crossing = {"layout": "frames", "collectionView": view(rng), "elements": {
        "x": [0] * thin + [i * 1e3 / thin for i in range(thin)],
        "y": [i * 1e3 / thin for i in range(thin)] + [0] * thin,
        "width": [1e3] * thin + [0] * thin, "height": [0] * thin + [1e3] * thin}}
    stuck = min(n, 100000)
    pinned = {"layout": "frames", "collectionView": view(rng), "elements": {
        "x": [0] * stuck, "y": [i for i in range(stuck)], "width": [100] * stuck, "height": [1] * stuck,
        "category": [1] * stuck, "kind": ["header"] * stuck, "section": list(range(stuck)),
        "item": [0] * stuck, "sticky": [["leading", i, stuck] for i in range(stuck)]}}
    plain = {"layout": "frames", "collectionView": view(rng), "elements": {
        "x": [(i % 10) * 100 for i in range(n)], "y": [(i // 10) * 100 for i in range(n)],
        "width": [90] * n, "height": [90] * n}}
    return [Case("frames", "n frames inside one 100x100 square", square, plain=plain),
            Case("frames", "long thin frames crossing each other", crossing),
            Case("frames", "every element pinned over the whole content", pinned)]


def program_cases(rng, n):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "e2e"))
    import wasm_modules
    return [Case("program", "a program that loops until its deadline", None, program=wasm_modules.ENDLESS_LOOP)]


def distinct_text(rng, count, length=9999):
    """`count` texts of `length` bytes of words nobody measured before (the word cache holds none of them)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    out = []
    for _ in range(count):
        words = []
        size = 0
        while size < length:
            w = "".join(rng.choice(letters) for _ in range(rng.randint(2, 12)))
            words.append(w)
            size += len(w) + 1
        out.append(" ".join(words)[:length])
    return out


def text_cases(rng, n):
    """Cells given as content, and text measured alone: as many bytes of distinct words as the body limit admits
    (3,000 texts of 10,000 bytes: 30 MB)."""
    style = {"s": {"family": "Inter", "weight": 400, "size": 15, "lineHeight": 20}}
    texts = distinct_text(rng, 3000 if n >= 100_000 else 30)
    layout = {"layout": "flow", "collectionView": {"width": 390, "height": 844}, "textStyles": style,
              "sections": [{"contents": [{"blocks": [{"style": "s", "text": t}]} for t in texts]}]}
    measure = measure_of(style, texts)
    # Text written without spaces is shaped and cached an ideograph at a time: random ideographs of the unified
    # block (each piece shaped once, then looked up), in a body of the same size (an ideograph is 6 bytes of JSON,
    # \uXXXX, as json.dumps writes it).
    han = ["".join(chr(rng.randint(0x4E00, 0x9FFF)) for _ in range(len(t) // 6)) for t in texts]
    han_measure = measure_of(style, han)
    # ICU's line breaker is asked about windows of text (BreakOpportunities): Thai with no spaces is one window a
    # paragraph, read with its dictionary; a tab and a combining mark after every word make each window start inside
    # the last one, which then runs to the paragraph's end (words of a small vocabulary, so that the request is
    # measured within --max-uncached-text-bytes). Bodies of the same size (a Thai letter is 6 bytes of JSON; a word,
    # its tab and its mark 12 here).
    thai_letters = [chr(c) for c in range(0x0E01, 0x0E2F)] + ["\u0E34", "\u0E48", "\u0E32", "\u0E40"]
    thai = ["".join(rng.choice(thai_letters) for _ in range(len(t) // 6)) for t in texts]
    vocabulary = [w for w in texts[0].split() if len(w) == 4][:50]
    tabbed = ["".join(rng.choice(vocabulary) + "\t\u0301" for _ in range(len(t) // 12)) for t in texts]
    return [Case("text", "a layout of %d texts of distinct words" % len(texts), layout, text=True),
            Case("text", "a measure of %d texts of distinct words" % len(texts), measure, text=True),
            Case("text", "a measure of %d texts of random ideographs" % len(han), han_measure, text=True),
            Case("text", "a measure of %d texts of Thai without spaces" % len(thai), measure_of(style, thai), text=True),
            Case("text", "a measure of %d texts with a tab and a mark after every word" % len(tabbed),
                 measure_of(style, tabbed), text=True)]


def measure_of(style, texts):
    """A `POST /v1/measure` of each of `texts` in a cell of its own, 200 wide."""
    return {"textStyles": style, "width": 200, "contents": [{"blocks": [{"style": "s", "text": t}]} for t in texts]}


KINDS = {"flow": flow_cases, "waterfall": waterfall_cases, "ring": ring_cases,
         "compositional": compositional_cases, "grid": grid_cases, "frames": frames_cases,
         "program": program_cases, "text": text_cases}


# ---- the queries of a prepared layout ----------------------------------------------------------------------------

def queries(summary, rng, count):
    """Paths (after /v1/layouts/{id}) of the queries a client scrolling may send, the degenerate ones included."""
    size = summary.get("contentSize", {"width": 0, "height": 0})
    w, h = max(size["width"], 1e-9), max(size["height"], 1e-9)
    cv = summary.get("collectionView") or {"width": 390, "height": 844}
    vw, vh = cv.get("width", 390), cv.get("height", 844)
    out = []

    def point():
        return rng.choice([0, 1e-10, rng.random() * w]), rng.choice([0, 1e-10, rng.random() * h])

    for _ in range(count):
        x, y = point()
        out.append("/attributes?rect=%r,%r,%r,%r" % (x, y, vw, vh))
        out.append("/attributes?rect=%r,%r,1e-10,1e-10" % point())
        out.append("/attributes?rect=%r,%r,%r,%r&offset=%r,%r&format=columns" % (x, y, vw, vh, x, y))
        out.append("/attributes?rect=-1e9,-1e9,2e9,2e9&limit=10")
        out.append("/hit?point=%r,%r&offset=%r,%r" % (point() + (x, y)))
        out.append("/target-offset?proposed=%r,%r&velocity=%r,0" % (x, y, rng.choice([-5, 0, 5])))
        sections = summary.get("sections", 0)
        if sections:
            s = rng.randrange(sections)
            out.append("/items/%d/%d" % (s, rng.randrange(max(1, summary.get("items", 1) // sections))))
            out.append("/scroll-to?item=%d,0&position=center" % s)
        tile = summary.get("tile")
        if tile and tile.get("count"):
            out.append("/tiles/%d" % rng.randrange(tile["count"]))
        grid = summary.get("tileGrid")
        if grid and grid.get("rows") and grid.get("columns"):
            out.append("/tiles/%d/%d" % (rng.randrange(grid["rows"]), rng.randrange(grid["columns"])))
    return out


def deep_page(service, lid):
    """A forged cursor deep into a huge rect's pages (a cursor names its skip in clear: clients can choose it)."""
    rect = "/attributes?rect=-1e9,-1e9,2e9,2e9&limit=10"
    status, body, _, _ = service.request("GET", "/v1/layouts/%s%s" % (lid, rect))
    if status != 200:
        return None
    nxt = json.loads(body).get("next")
    if not nxt:
        return None
    return rect + "&cursor=%d.%s" % (10 ** 7, nxt.split(".")[1])


def work(path, status, body, summary):
    """The elements a query's bound allows for (docs/cost-model.md): those it answers; for a page, also those before
    it (at most the layout's); for a rect refused past --max-elements, that many."""
    if status == 422 and b"too-many-elements" in body:
        return MAX_ELEMENTS
    k = answered(body)
    m = re.search(r"cursor=(\d+)\.", path)
    if m:
        limit = int(re.search(r"limit=(\d+)", path).group(1))
        elements = summary.get("items", 0) + 3 * summary.get("sections", 0)
        k = max(k, min(int(m.group(1)), elements) + limit)
    return k


def answered(body):
    """The elements an answer holds (k), 0 for any other answer."""
    try:
        doc = json.loads(body)
    except ValueError:
        return 0
    if isinstance(doc, dict):
        if isinstance(doc.get("elements"), list):
            return len(doc["elements"])
        if isinstance(doc.get("count"), int):
            return doc["count"]
    return 0


# ---- measuring ---------------------------------------------------------------------------------------------------

class Report:
    def __init__(self):
        self.rows, self.failures = [], []

    def add(self, kind, what, value, bound, unit, request=None):
        """A measurement; `request` is what to send to repeat it: ("POST", spec) or ("GET", spec, path after the
        layout's id)."""
        over = value > bound
        self.rows.append((kind, what, value, bound, unit, request))
        if over:
            self.failures.append((kind, what, value, bound, unit))
        print("%-4s %-13s %-64s %10.2f %s (bound %.2f)" % ("OVER" if over else "ok", kind, what[:64], value, unit,
                                                           bound), flush=True)
        if len(what) > 64:
            print("       " + what, flush=True)

    def worst(self, repeatable=False):
        """The worst measurement of each kind, as a share of its bound: {kind: (share, row)}; with `repeatable`,
        of those with a request to repeat."""
        worst = {}
        for row in self.rows:
            kind, _, value, bound, _, request = row
            if repeatable and request is None:
                continue
            share = value / bound if bound else math.inf
            if kind not in worst or share > worst[kind][0]:
                worst[kind] = (share, row)
        return worst


def post(service, spec):
    status, body, rid, _ = service.request("POST", "/v1/layouts", spec, timeout=120)
    doc = json.loads(body) if body else {}
    return status, doc, rid


def nudge(spec, k):
    """The same spec under another id (a view height k × 1e-6 taller), so that it is prepared again; a measure
    request at a width k × 1e-6 wider."""
    out = dict(spec)
    if "collectionView" not in out:
        out["width"] = out["width"] + k * 1e-6
        return out
    cv = dict(out["collectionView"])
    cv["height"] = cv["height"] + k * 1e-6
    out["collectionView"] = cv
    return out


def measure_case(service, case, rng, report, count):
    if case.program is not None:
        return measure_program(service, case, report)
    if case.text:
        return measure_text(service, case, report)
    tries = [post(service, nudge(case.spec, k)) for k in (1, 2)] if case.plain else [post(service, case.spec)]
    status, summary, _ = tries[-1]
    refused = case.refusable and status is not None and 400 <= status < 500
    if status not in (200, 201) and not refused:
        report.add(case.kind, "POST %s: answered %s %s" % (case.name, status, summary.get("detail", "")), 1, 0, "")
        return
    if case.plain:
        plains = [post(service, nudge(case.plain, k)) for k in (1, 2)]
        for s, doc, _ in plains:
            if s not in (200, 201):
                raise SystemExit("broken baseline: the plain twin of %s answered %s %s" % (case.name, s, doc))
        times = service.times()
        cost = min(times.get(rid, math.inf) for _, _, rid in tries)
        base = min(times.get(rid, math.inf) for _, _, rid in plains)
        report.add(case.kind, "prepare %s (x its plain twin's %.1f ms)%s" % (case.name, base,
                                                                        ", refused %d" % status if refused else ""),
                   cost / base, PREPARE_RATIO, "x", ("POST", case.spec))
    if refused:
        return
    lid = summary["id"]
    paths = queries(summary, rng, count)
    page = deep_page(service, lid)
    if page:
        paths.append(page)
    ids = []
    for path in paths:
        full = "/v1/layouts/%s%s" % (lid, path)
        tries = []
        for _ in range(3):
            tries.append(service.request("GET", full, timeout=QUERY_TIMEOUT_SECONDS))
            if tries[-1][0] is None:
                break
        ids.append((path, tries))
        if tries[-1][0] is None:
            break  # a query that does not answer: the case is over its bound, and its event loop is held
    times = service.times()
    results = []
    for path, tries in ids:
        statuses = {t[0] for t in tries}
        if None in statuses or any(s >= 500 for s in statuses):
            report.add(case.kind, "%s %s: no answer or %s" % (case.name, path, statuses), math.inf, 0, "ms")
            continue
        ms = min(times.get(t[2], math.inf) for t in tries)
        k = work(path, tries[0][0], tries[0][1], summary)
        results.append((ms / (QUERY_MS + ELEMENT_MS * k), ms, k, path))
    if not results:
        return
    share, ms, k, path = max(results)
    report.add(case.kind, "%s: slowest query %s (work %d)" % (case.name, path, k), ms, QUERY_MS + ELEMENT_MS * k,
               "ms", ("GET", case.spec, path))


def measure_program(service, case, report):
    status, body, _, _ = service.request("POST", "/v1/programs", case.program, content_type="application/wasm")
    if status not in (200, 201):
        raise SystemExit("broken baseline: the program was refused: %s %s" % (status, body[:200]))
    program = json.loads(body)["id"]
    spec = {"layout": "program", "program": program, "collectionView": {"width": 390, "height": 844},
            "sections": [{"items": 10}], "parameters": {}}
    status, doc, rid = post(service, spec)
    ms = service.times().get(rid, math.inf)
    report.add("program", "%s: POST answered %s" % (case.name, status), ms, PROGRAM_DEADLINE_MS + PROGRAM_SLACK_MS,
               "ms", ("PROGRAM", case.program))


def measure_text(service, case, report):
    path = "/v1/layouts" if "layout" in case.spec else "/v1/measure"
    status, body, rid, seconds = service.request("POST", path, case.spec, timeout=TEXT_POST_MS / 1000 + 60)
    if status is None or status >= 500:
        report.add("text", "%s: no answer, or %s" % (case.name, status), math.inf, 0, "ms")
        return
    ms = service.times().get(rid, seconds * 1000)
    report.add("text", "%s: POST answered %s" % (case.name, status), ms, TEXT_POST_MS, "ms", ("TEXT", path, case.spec))


def measure_styles(service, report, rng, styles=20000, per_request=500):
    """20,000 distinct text styles over every family and weight the service lists, measured in POSTs of 500."""
    status, body, _, _ = service.request("GET", "/v1/fonts")
    if status != 200:
        report.add("text", "GET /v1/fonts answered %s" % status, math.inf, 0, "")
        return
    faces = [(f["family"], w) for f in json.loads(body)["families"] for w in f["weights"]]
    before = service.rss_anon()
    n = 0
    for start in range(0, styles, per_request):
        text_styles, contents = {}, []
        for i in range(start, min(styles, start + per_request)):
            family, weight = faces[i % len(faces)]
            name = "s%d" % i
            text_styles[name] = {"family": family, "weight": weight, "size": 8 + (i // len(faces)) * 0.25 % 200,
                                 "lineHeight": 20}
            contents.append({"blocks": [{"style": name, "text": "Hamburgefonts %d 漢字" % i}]})
        status, body, _, _ = service.request("POST", "/v1/measure",
                                             {"textStyles": text_styles, "width": 200, "contents": contents})
        n += 1
        if status != 200:
            report.add("text", "POST /v1/measure of %d styles answered %s" % (per_request, status), math.inf, 0, "")
            return
    growth = service.rss_anon() - before
    report.add("text", "anonymous memory after %d styles over %d faces" % (styles, len(faces)), growth / 2 ** 20,
               (STYLE_GROWTH_BYTES + WORD_CACHE_BYTES) / 2 ** 20, "MB")


def outline_spec(n, collapsed):
    """A list of n rows whose row 0.45 n is a folder of n/10 descendants (levels 1 and 2), collapsed or not, among
    rows of levels 0 and 1."""
    node, size = int(n * 0.45), n // 10
    levels = [i % 2 for i in range(node)] + [0] + [1 + k % 2 for k in range(size)]
    levels += [k % 2 for k in range(n - len(levels))]
    return {"layout": "list", "collectionView": {"width": 390, "height": 844}, "rowHeight": {"absolute": 44},
            "sections": [{"items": n, "outline": {"levels": levels, "collapsed": [node] if collapsed else []}}]}, node


def measure_outline(service, report, n):
    """Expanding a node of n/10 descendants in an outline of n rows, then collapsing it again (each a new layout,
    with the animations of the view at the node and the offset that keeps the user's place): each within
    OUTLINE_MS by the service's own time."""
    spec, node = outline_spec(n, collapsed=True)
    status, summary, _ = post(service, spec)
    if status not in (200, 201):
        report.add("outline", "POST of %d rows answered %s %s" % (n, status, summary.get("detail", "")), math.inf, 0, "")
        return
    lid = summary["id"]
    y = node * 44 - 400
    for op in ("expand", "collapse"):
        body = {"updates": [{"op": op, "indexPaths": [[0, node]]}], "rect": {"x": 0, "y": y, "width": 390, "height": 844},
                "offset": {"x": 0, "y": y}}
        status, answer, rid, _ = service.request("POST", "/v1/layouts/%s/updates" % lid, body, timeout=120)
        ms = service.times().get(rid, math.inf)
        if status not in (200, 201):
            report.add("outline", "%s answered %s %s" % (op, status, answer[:200]), math.inf, 0, "")
            return
        report.add("outline", "%s a node of %d descendants in %d rows" % (op, n // 10, n), ms, OUTLINE_MS, "ms",
                   ("UPDATES", spec, body))
        lid = json.loads(answer)["id"]


def measure_fonts(service, report):
    """Every face GET /v1/fonts lists, fetched twice."""
    status, body, _, _ = service.request("GET", "/v1/fonts")
    faces = [(f["family"], w) for f in json.loads(body)["families"] for w in f["weights"]]
    before = service.rss_anon()
    for _ in range(2):
        for family, weight in faces:
            s, data, _, _ = service.request("GET", "/v1/fonts/%s/%d" % (family.replace(" ", "%20"), weight))
            if s != 200 or not data:
                report.add("fonts", "GET /v1/fonts/%s/%d answered %s" % (family, weight, s), math.inf, 0, "")
                return
    growth = service.rss_anon() - before
    report.add("fonts", "anonymous memory after every face (%d) twice" % len(faces), growth / 2 ** 20,
               FONT_GROWTH_BYTES / 2 ** 20, "MB")


def measure_slices(service, report, long):
    """The stylesheet, then every slice it names of its first sliced faces (all of them with --long), each subset on
    its first request: each within SLICE_MS, and what they leave within --font-slice-bytes and SUBSET_GROWTH_BYTES."""
    start = time.monotonic()
    status, body, _, _ = service.request("GET", "/v1/fonts.css")
    report.add("fonts", "GET /v1/fonts.css (made on this request)", (time.monotonic() - start) * 1000, SLICE_MS, "ms")
    if status != 200:
        return
    faces = {}
    for path in re.findall(r"url\('(/v1/fonts/[^/']+/\d+)/(\d+)'\)", body.decode()):
        faces.setdefault(path[0], []).append(path[1])
    paths = [face + "/" + k for face in list(faces)[:None if long else 2] for k in faces[face]]
    before = service.rss_anon()
    slowest = 0.0
    for path in paths:
        start = time.monotonic()
        s, data, _, _ = service.request("GET", path)
        slowest = max(slowest, (time.monotonic() - start) * 1000)
        if s != 200 or not data:
            report.add("fonts", "GET %s answered %s" % (path, s), math.inf, 0, "")
            return
    report.add("fonts", "the slowest of %d slices of %d faces (subset on first request)" % (len(paths), min(
        len(faces), len(paths))), slowest, SLICE_MS, "ms")
    growth = service.rss_anon() - before
    report.add("fonts", "anonymous memory after them", growth / 2 ** 20,
               (FONT_SLICE_BYTES + SUBSET_GROWTH_BYTES) / 2 ** 20, "MB")


def measure_kept_columns(service, report, rng, n):
    """A size report with `"keepColumns": true` on a waterfall of `n` items (every tenth spanning two of 3
    columns), its first item resized so that every item moves: every item's column is written into the new spec,
    which is stored whole. Bound: 3 times the POST of the spec it makes (nudged: prepared again), its plain twin."""
    heights = [rng.choice([40, 80, 120, 200]) for _ in range(n)]
    spec = {"layout": "waterfall", "collectionView": {"width": 390, "height": 844}, "columnCount": 3,
            "sections": [{"itemHeights": heights, "itemSpans": [2 if i % 10 == 9 else 1 for i in range(n)]}]}
    status, summary, _ = post(service, spec)
    if status not in (200, 201):
        raise SystemExit("broken baseline: the waterfall with spans answered %s %s" % (status, summary))
    report_body = {"sizes": [{"section": 0, "item": 0, "width": 100, "height": 333}], "keepColumns": True}
    status, body, rid, _ = service.request("POST", "/v1/layouts/%s/sizes" % summary["id"], report_body, timeout=120)
    if status not in (200, 201):
        report.add("waterfall", "keepColumns size report: answered %s %s" % (status, body[:200]), math.inf, 0, "x")
        return
    kept = json.loads(body)["id"]
    status, body, _, _ = service.request("GET", "/v1/layouts/%s" % kept, timeout=120)
    made = json.loads(body)["spec"]
    twins = [post(service, nudge(made, k)) for k in (1, 2)]
    for s, doc, _ in twins:
        if s not in (200, 201):
            raise SystemExit("broken baseline: the spec a kept-columns report made answered %s %s" % (s, doc))
    times = service.times()
    base = min(times.get(r, math.inf) for _, _, r in twins)
    report.add("waterfall", "keepColumns size report on %d items (x the POST of its spec's %.1f ms)" % (n, base),
               times.get(rid, math.inf) / base, PREPARE_RATIO, "x")


def run(binary, long=False, seed=20261206, only=None, args=(), n=None):
    """Runs the harness on a new service and returns its report; `n` (the largest item count) is the limits' by
    default."""
    rng = random.Random(seed)
    n = n or (2_000_000 if long else 1_000_000)
    count = 12 if long else 4
    report = Report()
    service = Service(binary, *args)
    try:
        # The caches first, on a service that has held nothing else: what they leave is theirs.
        if not only or "text" in only:
            measure_styles(service, report, rng)
        if not only or "fonts" in only:
            measure_fonts(service, report)
            measure_slices(service, report, long)
        if not only or "outline" in only:
            measure_outline(service, report, n)
        for kind, cases in KINDS.items():
            if only and kind not in only:
                continue
            for round_ in range(3 if long else 1):
                for case in cases(rng, n if kind in ("frames", "waterfall", "flow") else n // 10):
                    measure_case(service, case, rng, report, count)
            if kind == "waterfall":
                measure_kept_columns(service, report, rng, n)
    finally:
        service.stop()
    return report


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--long", action="store_true")
    parser.add_argument("--seed", type=int, default=20261206)
    parser.add_argument("--only", default="")
    parser.add_argument("--json")
    parser.add_argument("--n", type=int, help="the largest item count (the limits' by default)")
    a = parser.parse_args()
    report = run(a.binary, a.long, a.seed, set(filter(None, a.only.split(","))), n=a.n)
    print("\nthe worst of each kind, against its bound:")
    for kind, (share, (_, what, value, bound, unit, _)) in sorted(report.worst().items()):
        print("  %-13s %5.2f of its bound: %s (%.2f %s, bound %.2f)" % (kind, share, what, value, unit, bound))
    if a.json:
        json.dump({"failures": report.failures, "worst": {k: v[1][:5] for k, v in report.worst().items()}},
                  open(a.json, "w"), indent=1)
    if report.failures:
        print("%d measurements over their bounds" % len(report.failures))
        sys.exit(1)
    print("every measurement within its bound")


if __name__ == "__main__":
    main()
