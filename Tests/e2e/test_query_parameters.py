"""Every route refuses a query parameter it does not take (400 `invalid-parameter` naming it, and saying which it
takes), and openapi.yaml lists exactly the ones it takes."""
import json
import os
import urllib.error
import urllib.request

import yaml

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SPEC = {"layout": "flow", "collectionView": {"width": 320, "height": 480}, "itemSize": {"width": 100, "height": 50},
        "headerReferenceSize": {"width": 0, "height": 40}, "sections": [{"items": 7}]}


def operations():
    """(method, path template, the query parameters openapi.yaml lists) of every operation."""
    api = yaml.safe_load(open(os.path.join(ROOT, "openapi.yaml"), encoding="utf-8"))
    shared = api["components"]["parameters"]
    for path, item in api["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            listed = item.get("parameters", []) + operation.get("parameters", [])
            listed = [shared[p["$ref"].split("/")[-1]] if "$ref" in p else p for p in listed]
            yield method.upper(), path, {p["name"] for p in listed if p["in"] == "query"}


def send(url, method):
    request = urllib.request.Request(url, method=method, data=b"{}" if method == "POST" else None)
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def test_each_route_refuses_an_unlisted_parameter_and_openapi_lists_what_it_takes(start):
    service = start("--allow-anonymous-delete")
    request = urllib.request.Request(service.url + "/v1/layouts", data=json.dumps(SPEC).encode(), method="POST")
    with urllib.request.urlopen(request) as answer:
        layout_id = json.load(answer)["id"]
    checked = 0
    for method, template, listed in operations():
        if template == "/metrics":
            continue  # answered in front of the service's routes (docs/operations.md), with no parameters to read
        path = template.format(id=layout_id, k=0, section=0, item=0, kind="header", name="waterfall.wasm",
                                   family="Inter", weight=400, slice=0, row=0, column=0, file="elements.js")
        status, body = send(service.url + path + "?unlisted=1", method)
        assert status == 400, (method, path, status, body[:200])
        problem = json.loads(body)
        assert problem["parameter"] == "unlisted", (method, path, problem)
        assert problem["type"].endswith("invalid-parameter"), problem
        taken = problem["detail"].split(": it ", 1)[1]
        takes = set() if taken == "takes no query parameters" else set(taken[len("takes "):].split(", "))
        assert takes == listed, (method, template, "the service takes", takes, "openapi.yaml lists", listed)
        checked += 1
    assert checked >= 20
