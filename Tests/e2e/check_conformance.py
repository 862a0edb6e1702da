#!/usr/bin/env python3
"""Check a running service against conformance cases (layout-conformance/1 files, see docs/specs.md, "The flow
rules"), over HTTP. Example: Tests/e2e/check_conformance.py http://127.0.0.1:8080 Tests/Fixtures/flow-cases.json
Prints the first failures and a summary line; exits 0 only if every case matches."""
import json
import sys
import urllib.request
import urllib.error

TOL = 1e-6


def call(method, url, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, e.read()[:300]


def eid(e):
    cat = e.get("category")
    if cat == "cell":
        return "cell/%d/%d" % (e["section"], e["item"])
    return "%s/%s/%d/%d" % (cat, e.get("kind"), e["section"], e.get("item", 0))


def frame(e):
    f = e["frame"]
    return (f["x"], f["y"], f["width"], f["height"])


def close(a, b):
    return all(abs(x - y) <= TOL * max(1.0, abs(y)) for x, y in zip(a, b))


def rect_q(r):
    return "%r,%r,%r,%r" % (r["x"], r["y"], r["width"], r["height"])


def check_case(base, c):
    st, res = call("POST", base + "/v1/layouts", c["spec"])
    if st not in (200, 201) or not isinstance(res, dict) or "id" not in res:
        return "POST gave %s %s" % (st, str(res)[:120])
    lid = res["id"]
    cs = res.get("contentSize") or {}
    want = c["contentSize"]
    if not close((cs.get("width", -1), cs.get("height", -1)), (want["width"], want["height"])):
        return "contentSize %s, want %s" % (cs, want)
    big = {"x": -1e9, "y": -1e9, "width": 3e9, "height": 3e9}
    st, res = call("GET", "%s/v1/layouts/%s/attributes?rect=%s" % (base, lid, rect_q(big)))
    if st != 200:
        return "GET all attributes gave %s %s" % (st, str(res)[:120])
    got = {eid(e): frame(e) for e in res.get("elements", []) if e.get("category") in ("cell", "supplementary")}
    exp = {eid(e): frame(e) for e in c["elements"]}
    if set(got) != set(exp):
        missing, extra = sorted(set(exp) - set(got))[:3], sorted(set(got) - set(exp))[:3]
        return "element set differs: missing %s extra %s" % (missing, extra)
    for k, f in exp.items():
        if not close(got[k], f):
            return "%s frame %s, want %s" % (k, got[k], f)
    for q in c["queries"]:
        st, res = call("GET", "%s/v1/layouts/%s/attributes?rect=%s" % (base, lid, rect_q(q["rect"])))
        if st != 200:
            return "rect query gave %s" % st
        ids = sorted(eid(e) for e in res.get("elements", []) if e.get("category") in ("cell", "supplementary"))
        if ids != q["expect"]:
            return "rect %s: got %d elements, want %d" % (rect_q(q["rect"]), len(ids), len(q["expect"]))
    return None


def main(argv):
    base, files = argv[1].rstrip("/"), argv[2:]
    total = ok = 0
    fails = []
    for p in files:
        for c in json.load(open(p))["cases"]:
            total += 1
            try:
                err = check_case(base, c)
            except Exception as e:  # a dropped connection, a non-JSON body...
                err = "exception %s" % e
            if err is None:
                ok += 1
            else:
                fails.append("%s: %s" % (c["name"], err))
    for f in fails[:8]:
        print("  " + f)
    print("conformance: %d/%d cases match" % (ok, total))
    return 0 if ok == total and total > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
