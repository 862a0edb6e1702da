"""Every shell example of README.md and docs/*.md runs as written against a fresh service, as a newcomer would run
it after `scripts/run`.

The conventions the Markdown follows, and what this test checks:

- Every ```sh block runs, in the order of its file, in one bash process a file (`set -euo pipefail`, so a later
  block sees the variables an earlier one set, and a failing command fails the file), in a fresh temporary folder,
  against a service of its own started on a free port with a fresh data directory. `localhost:8080` and
  `127.0.0.1:8080` are rewritten to that port, and `.build/release/layout-service` (what `scripts/run` builds) to
  the binary under test.
- A block that cannot run here (it starts the service, needs a keys file, a second service, Docker, or minutes of
  benchmark) has `<!-- not run: why -->` on the line right before it; the test lists them.
- Every `curl` records its HTTP status. A command whose own lines end in a comment that starts with a status
  (`# 204`, `# 403 (see below)`) must answer that status; any other `curl` must answer 2xx.
- The answer a command shows is checked against the real one, when shown in one of two ways: a ```json block right
  after the ```sh block shows the answer of the block's first `curl`; comment lines right after a command that
  start with `# {` or `# [` (continued by lines starting `#  `) show that command's answer.
- A shown answer is compared as parsed JSON: an object names some of the answer's keys (the answer may have more);
  an array whose last entry is `...` or `…` is a prefix of the answer's, otherwise the whole of it; a string that
  ends in `…` or `...` is a prefix; numbers compare by value.

Tests/e2e/test_client_docs.py runs the ```html page of docs/clients.md in a browser; it is not run here."""
import glob
import json
import os
import re
import subprocess
import tempfile

import pytest

from conftest import BIN, Service

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DOCS = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
FENCE = re.compile(r"^\s*```(\S*)\s*$")
NOT_RUN = re.compile(r"^\s*<!--\s*not run:\s*(.*?)\s*-->\s*$")
ELISION = ("...", "\u2026")

# Defines `curl` as the same curl with each call's status and body recorded (in $DOC_CALLS, one set of files a
# call, named after the doc's line the call ran from); the body still goes to stdout for pipes and redirections.
PRELUDE = r"""
curl() {
  local call
  call=$(mktemp "$DOC_CALLS/call.XXXXXXXX")
  echo "${BASH_LINENO[0]}" > "$call.line"
  command curl -o "$call.body" -w '%{http_code}' "$@" > "$call.status"
  local status=$?
  [ -f "$call.body" ] && cat "$call.body"
  return $status
}
"""


class Block:
    def __init__(self, path, lang, start, lines, not_run):
        self.path, self.lang, self.start, self.lines, self.not_run = path, lang, start, lines, not_run
        self.json_after = None  # the text of a ```json block right after this one

    def where(self):
        return "%s:%d" % (os.path.relpath(self.path, ROOT), self.start)


def blocks(path):
    """The fenced blocks of a Markdown file: language, first line of code (1-based), code lines, `not run` reason."""
    with open(path, encoding="utf-8") as f:
        text = f.read().split("\n")
    found, i = [], 0
    while i < len(text):
        m = FENCE.match(text[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(text) and not FENCE.match(text[j]):
            j += 1
        reason = NOT_RUN.match(text[i - 1]) if i > 0 else None
        found.append(Block(path, m.group(1), i + 2, text[i + 1:j], reason and reason.group(1)))
        # A ```json block that starts right after this one ends (blank lines allowed) shows its answer.
        k = j + 1
        while k < len(text) and not text[k].strip():
            k += 1
        if found[-1].lang == "sh" and k < len(text) and FENCE.match(text[k]) and FENCE.match(text[k]).group(1) == "json":
            end = k + 1
            while end < len(text) and not FENCE.match(text[end]):
                end += 1
            found[-1].json_after = "\n".join(text[k + 1:end])
        i = j + 1
    return found


class Command:
    """One shell command of a block: its lines (1-based, inclusive), the status its comment states, and the
    answer shown after it, if any."""

    def __init__(self, first, last, text, comment):
        self.first, self.last, self.text = first, last, text
        m = re.match(r"#\s*(\d{3})\b", comment or "")
        self.status = int(m.group(1)) if m else None
        self.shown = None


class Scanner:
    """Quotes and `$(` nesting across the lines of one command."""

    def __init__(self):
        self.quote, self.depth = None, 0

    def line(self, line):
        """The line's code and its comment (None without one)."""
        i = 0
        while i < len(line):
            c = line[i]
            if self.quote == "'":
                self.quote = None if c == "'" else self.quote
            elif c == "\\":
                i += 1
            elif self.quote == '"' and c == '"':
                self.quote = None
            elif line.startswith("$(", i):
                self.depth += 1
                i += 1
            elif c == ")" and self.depth:
                self.depth -= 1
            elif self.quote is None and c in "'\"":
                self.quote = c
            elif self.quote is None and c == "#" and (i == 0 or line[i - 1].isspace()):
                return line[:i], line[i:]
            i += 1
        return line, None

    def open(self, code):
        return self.quote is not None or self.depth > 0 or code.rstrip().endswith(("\\", "|", "&&"))


def commands(block):
    """Splits a block into commands: a command goes on while a quote or a `$(` is open, or a line ends with a
    backslash, a pipe or `&&`. Comment lines right after a command that start with `# {` or `# [` (and go on
    with `#  `) are the answer it shows."""
    out, current, scanner, answer = [], [], Scanner(), None
    for n, line in enumerate(block.lines):
        number = block.start + n
        stripped = line.strip()
        if not current:
            if answer is not None and re.match(r"^#\s{2,}", stripped):
                answer.append(stripped[1:].strip())
                continue
            answer = flush(out, answer)
            if re.match(r"^#\s?[\[{]", stripped) and out and out[-1].last == number - 1:
                answer = [stripped[1:].strip()]
                continue
            if not stripped or stripped.startswith("#"):
                continue
            first = number
        current.append(line)
        code, comment = scanner.line(line)
        if not scanner.open(code):
            out.append(Command(first, number, current, comment))
            current, scanner = [], Scanner()
    flush(out, answer)
    assert not current, "%s: a command is not closed" % block.where()
    return out


def flush(out, pending_answer):
    if pending_answer is not None:
        out[-1].shown = "\n".join(pending_answer)
    return None


def parse_shown(text):
    """Shown JSON with elisions: `...` or `…` outside strings becomes a marker (dropped at the end of an object)."""
    out, i, in_string = [], 0, False
    while i < len(text):
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1])
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
            out.append(c)
        elif text.startswith("...", i) or c == "\u2026":
            out.append('"\u2026ELIDED"')
            i += 3 if c == "." else 1
            continue
        else:
            out.append(c)
        i += 1
    cleaned = re.sub(r',\s*"\u2026ELIDED"\s*}', "}", "".join(out))
    return json.loads(cleaned)


def matches(shown, real, where="$"):
    """None when the real answer has what is shown, else where it differs."""
    if isinstance(shown, dict):
        if not isinstance(real, dict):
            return "%s: an object is shown, the answer has %r" % (where, real)
        for key, value in shown.items():
            if key not in real:
                return "%s: no %r in the answer" % (where, key)
            problem = matches(value, real[key], "%s.%s" % (where, key))
            if problem:
                return problem
        return None
    if isinstance(shown, list):
        if not isinstance(real, list):
            return "%s: an array is shown, the answer has %r" % (where, real)
        prefix = bool(shown) and shown[-1] == "\u2026ELIDED"
        items = shown[:-1] if prefix else shown
        if len(real) < len(items) or (not prefix and len(real) != len(items)):
            return "%s: %d entries shown, %d in the answer" % (where, len(items), len(real))
        for n, (a, b) in enumerate(zip(items, real)):
            problem = matches(a, b, "%s[%d]" % (where, n))
            if problem:
                return problem
        return None
    if isinstance(shown, str) and shown.endswith(ELISION):
        stem = shown[:-3] if shown.endswith("...") else shown[:-1]
        ok = isinstance(real, str) and real.startswith(stem)
        return None if ok else "%s: %r does not start with %r" % (where, real, stem)
    if isinstance(shown, (int, float)) and not isinstance(shown, bool):
        ok = isinstance(real, (int, float)) and not isinstance(real, bool) and abs(shown - real) <= 1e-9 * max(1, abs(real))
        return None if ok else "%s: %r shown, %r answered" % (where, shown, real)
    return None if shown == real else "%s: %r shown, %r answered" % (where, shown, real)


def script(path, runnable, port):
    """The file's runnable blocks as a bash script whose line n is the Markdown's line n (everything else blank),
    so that a call's line in the script is its line in the document."""
    with open(path, encoding="utf-8") as f:
        lines = [""] * (len(f.read().split("\n")) + 1)
    for block in runnable:
        for n, line in enumerate(block.lines):
            line = re.sub(r"\b(localhost|127\.0\.0\.1):8080\b", "127.0.0.1:%d" % port, line)
            lines[block.start + n - 1] = line.replace(".build/release/layout-service", os.path.abspath(BIN))
    return "\n".join(lines)


def run_file(path):
    """Runs the file's ```sh blocks against a fresh service; returns (failures, blocks left out with why)."""
    found = [b for b in blocks(path) if b.lang == "sh"]
    runnable = [b for b in found if not b.not_run]
    skipped = ["%s (%s)" % (b.where(), b.not_run) for b in found if b.not_run]
    if not runnable:
        return [], skipped
    service = Service()
    failures = []
    try:
        work = tempfile.mkdtemp(prefix="doc-examples-")
        calls = os.path.join(work, ".calls")
        os.mkdir(calls)
        with open(os.path.join(work, ".prelude.sh"), "w") as f:
            f.write(PRELUDE)
        with open(os.path.join(work, ".doc.sh"), "w") as f:
            f.write(script(path, runnable, service.port))
        run = subprocess.run(["bash", "-c", "set -euo pipefail; source .prelude.sh; source .doc.sh"], cwd=work,
                             env=dict(os.environ, DOC_CALLS=calls), capture_output=True, text=True, timeout=300)
        if run.returncode != 0:
            failures.append("%s: bash exited %d\n%s" % (os.path.relpath(path, ROOT), run.returncode, run.stderr[-2000:]))
        recorded = {}
        for line_file in glob.glob(os.path.join(calls, "call.*.line")):
            call = line_file[:-len(".line")]
            with open(line_file) as f:
                line = int(f.read())
            status = open(call + ".status").read().strip() if os.path.exists(call + ".status") else ""
            body = open(call + ".body", "rb").read() if os.path.exists(call + ".body") else b""
            recorded.setdefault(line, []).append((int(status or 0), body))
        for block in runnable:
            first_curl = None
            for command in commands(block):
                results = [r for line, rs in recorded.items() if command.first <= line <= command.last for r in rs]
                where = "%s:%d" % (os.path.relpath(path, ROOT), command.first)
                is_curl = re.search(r"(^|[\s|$(])curl\s", "\n".join(command.text))
                if not is_curl:
                    continue
                if not results:
                    failures.append("%s: the curl did not run" % where)
                    continue
                for status, body in results:
                    ok = status == command.status if command.status else 200 <= status < 300
                    if not ok:
                        failures.append("%s: answered %d, the doc says %s: %s" % (
                            where, status, command.status or "2xx", body[:300].decode(errors="replace")))
                first_curl = first_curl or (command, results[0])
                if command.shown is not None:
                    failures += compare(where, command.shown, results[0][1])
            if block.json_after is not None:
                if first_curl is None:
                    failures.append("%s: a JSON answer is shown after a block without curl" % block.where())
                else:
                    command, (_, body) = first_curl
                    failures += compare("%s:%d" % (os.path.relpath(path, ROOT), command.first), block.json_after, body)
    finally:
        service.stop()
    return failures, skipped


def compare(where, shown_text, body):
    try:
        shown = parse_shown(shown_text)
    except ValueError as error:
        return ["%s: the answer shown is not JSON with elisions (%s): %s" % (where, error, shown_text)]
    try:
        real = json.loads(body)
    except ValueError:
        return ["%s: the answer is not JSON: %s" % (where, body[:300])]
    problem = matches(shown, real)
    return ["%s: the answer shown differs from the real one at %s" % (where, problem)] if problem else []


@pytest.mark.parametrize("path", DOCS, ids=[os.path.relpath(p, ROOT) for p in DOCS])
def test_shell_examples_run_as_written(path):
    failures, skipped = run_file(path)
    for reason in skipped:
        print("not run: " + reason)
    assert not failures, "\n".join(failures)


def test_the_conventions_hold():
    """The checker's own pieces against literal cases: elisions, prefixes, and how commands and statuses split."""
    assert matches(parse_shown('{"a": 1, "b": [1, 2, ...]}'), {"a": 1, "b": [1, 2, 3], "c": 0}) is None
    assert matches(parse_shown('{"a": 1, "b": [1, 2, ...]}'), {"a": 1, "b": [1, 3, 3]}) is not None
    assert matches(parse_shown('{"a": [1, 2]}'), {"a": [1, 2, 3]}) is not None
    assert matches(parse_shown('{"id": "7246c057…", …}'), {"id": "7246c057ff"}) is None
    assert matches(parse_shown('{"id": "7246c057…"}'), {"id": "8246c057ff"}) is not None
    assert matches(parse_shown('{"t": "a...b"}'), {"t": "a...b"}) is None
    block = Block("x.md", "sh", 10, [
        "# a comment", "X=$(curl -s -X POST u -d '{", '  "a": 1}\' | jq -r .id)', "curl -s u/$X   # 403 (why)",
        '# {"id": "ab…",', "#  \"n\": 1}", "", "jq -nc '{}' |", "  curl -s u -d @-"], None)
    got = [(c.first, c.last, c.status, c.shown) for c in commands(block)]
    assert got == [(11, 12, None, None), (13, 13, 403, '{"id": "ab…",\n"n": 1}'), (17, 18, None, None)], got
