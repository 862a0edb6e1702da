"""Text's memory has bounds: the fonts kept for shaping (--font-cache-bytes) and the font files served
(--font-file-bytes) hold the process's own memory (RssAnon: mapped font files are not counted) within them, however
many styles and faces clients name; and a request's text to shape has a budget (--max-uncached-text-bytes)."""
import json
import random
import time
import urllib.error
import urllib.request

from conftest import post_layout
from test_memory_bound import memory_kb, metric

REQUESTS, STYLES = 40, 500  # 20,000 distinct styles


def faces(url):
    """Every family and weight GET /v1/fonts lists."""
    listed = json.load(urllib.request.urlopen(url + "/v1/fonts"))
    return [(f["family"], w) for f in listed["families"] for w in f["weights"]]


def styles_request(n, every):
    """A POST /v1/measure of STYLES styles, the n-th lot: each a family and weight of `every` in turn at a size of
    its own, one cell of Latin and Chinese text in each."""
    styles, contents = {}, []
    for k in range(STYLES):
        i = n * STYLES + k
        family, weight = every[i % len(every)]
        styles["s%d" % k] = {"family": family, "weight": weight, "size": 6 + i / 1000, "lineHeight": 20}
        contents.append({"blocks": [{"style": "s%d" % k, "text": "Lighthouse %d at dusk 灯塔" % (i % 7)}]})
    return {"textStyles": styles, "width": 200, "contents": contents}


def test_twenty_thousand_styles_over_every_face_hold_memory_within_the_font_cache(start):
    service = start()
    every = faces(service.url)
    assert len(every) > 100, "the fonts of scripts/setup are not installed"
    status, _, _ = post_layout(service.url, styles_request(0, every[:1]), path="/v1/measure")  # warm: ICU, HarfBuzz
    assert status == 200
    before = memory_kb(service.proc.pid, "RssAnon")
    began = time.time()
    for n in range(REQUESTS):
        status, answer, _ = post_layout(service.url, styles_request(n, every), path="/v1/measure", timeout=120)
        assert status == 200 and len(answer["heights"]) == STYLES, answer
    seconds = time.time() - began
    grown = memory_kb(service.proc.pid, "RssAnon") - before
    print("%d POSTs of %d styles in %.1f s: RssAnon grew %d kB" % (REQUESTS, STYLES, seconds, grown))
    words = metric(service.url, "word_cache_bytes") / 1024
    fonts = metric(service.url, "font_cache_bytes")
    print("word cache %d kB, font cache %d kB, %d evictions"
          % (words, fonts / 1024, metric(service.url, "font_cache_evictions_total")))
    assert fonts <= 64 << 20
    assert metric(service.url, "font_cache_evictions_total") > 0
    assert grown <= (64 << 10) + words, (grown, words)


def test_serving_every_face_twice_holds_memory_within_the_font_files_bound(start):
    service = start()
    every = faces(service.url)
    before = memory_kb(service.proc.pid, "RssAnon")
    peak, sent = 0, 0
    for _ in range(2):
        for family, weight in every:
            url = "%s/v1/fonts/%s/%d" % (service.url, urllib.request.quote(family), weight)
            with urllib.request.urlopen(url, timeout=60) as answer:
                assert answer.status == 200 and answer.headers["ETag"].startswith('"font-')
                sent += len(answer.read())
            peak = max(peak, memory_kb(service.proc.pid, "RssAnon"))
    print("sent %d MB; RssAnon grew %d kB at most, %d kB at the end"
          % (sent >> 20, peak - before, memory_kb(service.proc.pid, "RssAnon") - before))
    assert sent > 2 * (100 << 20)  # the CJK faces among them
    assert metric(service.url, "font_file_bytes") <= 64 << 20
    assert peak - before <= 200 << 10, (peak, before)


def distinct_words(count, rng):
    return " ".join("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(4, 9)))
                    for _ in range(count))


def test_a_measure_of_many_distinct_words_is_refused_where_the_budget_runs_out(start):
    # Finding 8's shape (3,000 cells of 10,000 bytes of distinct words, 30 MB) at a tenth: 300 cells of 10,000 bytes.
    service = start("--max-uncached-text-bytes", str(1 << 20))
    rng = random.Random(8)
    cells = []
    for _ in range(300):
        text = distinct_words(1500, rng)[:10_000]
        cells.append({"blocks": [{"style": "body", "text": text}]})
    body = {"textStyles": {"body": {"family": "Inter", "weight": 400, "size": 15, "lineHeight": 20}},
            "width": 300, "contents": cells}
    began = time.time()
    status, problem, _ = post_layout(service.url, body, path="/v1/measure", timeout=60)
    seconds = time.time() - began
    print("answered %d in %.2f s: %s" % (status, seconds, problem.get("detail")))
    assert status == 422 and problem["type"] == "urn:layout-service:problem:limit-exceeded"
    # 1 MiB of words of 5 to 10 bytes with their spaces: the budget runs out in the 105th cell or so.
    cell = int(problem["pointer"].split("/")[2])
    assert 95 <= cell <= 115 and problem["pointer"] == "/contents/%d/blocks/0/text" % cell, problem
    assert "1048576" in problem["detail"] and "--max-uncached-text-bytes" in problem["detail"]
    assert seconds < 10
    # The cells before it are within the budget: measured, their words cached, they cost nothing the next time, and
    # the same body runs out of budget about as far again.
    status, answer, _ = post_layout(service.url, dict(body, contents=cells[:cell]), path="/v1/measure", timeout=60)
    assert status == 200 and len(answer["heights"]) == cell
    status, problem, _ = post_layout(service.url, body, path="/v1/measure", timeout=60)
    assert status == 422 and 2 * cell - 10 <= int(problem["pointer"].split("/")[2]) <= 2 * cell + 10, (cell, problem)
