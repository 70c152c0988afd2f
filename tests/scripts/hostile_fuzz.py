"""Property-based fuzz (Debian's python3-hypothesis) of baremem-collect
and baremem-report (text, --html, --fleet, --fleet --csv) on hostile
input; run by tests/scripts/test_hostile_input, by hand:
/usr/bin/python3 tests/scripts/hostile_fuzz.py [-v] [Class.test_name]

Inputs: results files, parts manifests with their parts, and console
frames, made from the example results files (tests/data/example-run-*.json)
and then damaged: truncated, badly encoded (a byte that is no UTF-8,
UTF-16, NUL), nested deeper than Python's parser recurses, values replaced
with absurd numbers (NaN, Infinity, 1e308, 2^63, 2^64, 10^1000, negative),
with other kinds (a list for a dict...) and with hostile strings (names
that leave the folder: ../, absolute paths, NUL; formulas, control
characters), sizes claimed absurdly, parts cut, grown, missing, a folder,
a FIFO or a link out of the folder.

Properties: each hostile input is either processed or refused with an
error naming that file (or manifest, or log line); a valid result beside
it is always processed (collected intact, in the fleet's table); no
exception escapes the scripts (they run in this process, so a traceback
is a failure here); nothing is written outside the destination (every
file under the test's folder but the destination is the same after);
the CSV's text cells are all quoted and no piece between separators
starts a formula.

Reproducible and bounded: derandomize=True (the examples follow from the
test's code, the same on every machine and run) and database=None (no
.hypothesis folder, nothing carried between runs); max_examples per test
keeps the whole at about 6 s of cpu (the 3 examples drawn with
matplotlib cost a third of it), under 20 s on a 2-core machine shared
with a few other jobs. No deadline per example (on a busy machine one
example's time varies several fold); tests/scripts/test_hostile_input's
timeout turns a hang into a failure.
The scripts run in this process (their main(), output captured), so a
traceback is this test's failure, not a message. Inputs the fuzz found
to fail before the fixes are named regression cases in class
Regressions.
"""
import contextlib
import copy
import csv
import hashlib
import importlib.machinery
import importlib.util
import io
import json
import os
import re
import stat
import sys
import tempfile
import unittest
import zlib

# Hypothesis keeps a cache (its unicode table) in .hypothesis/ under the
# current folder even without an example database: a folder of its own,
# removed at the end, instead (the wrapper gives one).
if "HYPOTHESIS_STORAGE_DIRECTORY" not in os.environ:
    _STORE = tempfile.TemporaryDirectory(prefix="baremem-hypothesis.")
    os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = _STORE.name
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
SCRIPTS = os.path.join(ROOT, "scripts")
DATA = os.path.join(ROOT, "tests", "data")
sys.path.insert(0, SCRIPTS)
import baremem_fleet  # noqa: E402
import baremem_parts  # noqa: E402


def script(name):
    """A script of scripts/ (no .py) loaded as a module, to call its main
    in this process (a Python start and matplotlib's import per example
    would cost the fuzz most of its time)."""
    loader = importlib.machinery.SourceFileLoader(
        name.replace("-", "_"), os.path.join(SCRIPTS, name))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


COLLECT = script("baremem-collect")
REPORT = script("baremem-report")

EXAMPLES = {}
for _n in ("example-run-1.json", "example-run-2.json",
           "example-run-pages.json", "example-run-scan.json"):
    with open(os.path.join(DATA, _n), "rb") as _f:
        EXAMPLES[_n] = _f.read()
GOOD = "525400000001-20260101T000000Z.json"	# the valid result beside
GOOD_MAC = "52:54:00:00:00:01"
BAD = "525400000002-20260101T000000Z.json"	# the hostile one

# No deadline per example: on a busy machine one example's time varies
# several fold (seen: 13 s where 1 s is usual, a Flaky failure); the
# wrapper's timeout catches a hang instead.
SETTINGS = dict(derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow,
                                       HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


def run(main, argv, cwd):
    """(exit status, stdout, stderr) of a script's main(argv) run in cwd."""
    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as e:
                code = e.code
    finally:
        os.chdir(old)
    return code or 0, out.getvalue(), err.getvalue()


def snapshot(top, leave_out=()):
    """Every entry under top (not following links) but those under the
    leave_out paths: {relative path: (kind, size, content hash)}."""
    seen = {}
    for d, subdirs, names in os.walk(top):
        subdirs[:] = [s for s in subdirs
                      if os.path.join(d, s) not in leave_out]
        for n in subdirs + names:
            p = os.path.join(d, n)
            if p in leave_out:
                continue
            st_ = os.lstat(p)
            h = None
            if stat.S_ISREG(st_.st_mode):
                with open(p, "rb") as f:
                    h = hashlib.sha256(f.read()).hexdigest()
            seen[os.path.relpath(p, top)] = (stat.S_IFMT(st_.st_mode),
                                             st_.st_size, h)
    return seen


# ---- hostile values and documents ----

DEEP = "\x00deep:"	# a marker replaced by nesting after json.dumps
RAW = "\x00raw:"	# a marker replaced by a raw JSON token

ABSURD_NUMBERS = [RAW + "NaN", RAW + "Infinity", RAW + "-Infinity",
                  RAW + "1e400", RAW + "-1e400", 1e308, -1e308, 5e-324,
                  1 << 63, 1 << 64, -(1 << 63), -1, 0, 10 ** 30,
                  RAW + "1" + "0" * 1000, RAW + "1" + "0" * 5000, 0.5]
HOSTILE_STRINGS = ["../../../outside/x.json", "/etc/passwd", "a\x00b",
                   "..", "", "\\..\\..\\x", "x;=HYPERLINK(\"http://x\")",
                   "=1+1", "\t@SUM(A1)", "\x1b[2J\x1b]0;title\x07",
                   "<script>alert(1)</script>", "\u202eevil", "\ud800",
                   "x" * 5000, "-1", "1e308", "NaN"]
OTHER_KINDS = [None, True, [], {}, [1, 2], {"a": 1}, "text"]


def hostile_value():
    return st.one_of(
        st.sampled_from(ABSURD_NUMBERS),
        st.sampled_from(HOSTILE_STRINGS),
        st.sampled_from(OTHER_KINDS),
        st.integers(min_value=50, max_value=3000).map(
            lambda n: DEEP + str(n)),
        st.integers(), st.floats(allow_nan=False), st.text(max_size=20))


def paths(doc, here=()):
    """Every path in doc (dict keys and list indices), containers too."""
    out = [here]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths(v, here + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += paths(v, here + (i,))
    return out


def replace(doc, path, value):
    """doc with the value at path replaced (doc itself when the path no
    longer leads anywhere: an earlier replacement took it)."""
    if not path:
        return value
    d = doc
    try:
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = value
    except (KeyError, IndexError, TypeError):
        pass
    return doc


def dumps(doc):
    """JSON text of doc with the markers turned into raw tokens and deep
    nesting."""
    text = json.dumps(doc)

    def marker(m):
        body = json.loads('"%s"' % m.group(0)[1:-1])[1:]
        if body.startswith("deep:"):
            n = int(body[5:])
            return "[" * n + "]" * n
        return body[4:]
    return re.sub(r'"\\u0000(?:deep|raw):[^"]*"', marker, text)


class Bytes(bytes):
    """Bytes whose repr is how they were made (a falsifying example's
    report stays readable)."""

    def __new__(cls, data, how):
        b = super().__new__(cls, data)
        b.how = how
        return b

    def __repr__(self):
        return "<%d bytes: %s>" % (len(self), "; ".join(self.how))


class Files(dict):
    """{name: content} of an upload; repr: how it was made."""

    def __repr__(self):
        return "<files %s: %s>" % (sorted(self), "; ".join(self.how))


def short(v):
    r = repr(v)
    return r if len(r) < 60 else r[:40] + "...(%d chars)" % len(r)


DAMAGES = ["whole", "whole", "cut", "byte", "utf16", "nul", "deep"]
# Mostly whole JSON: what reaches the renderers, past the parser.
RENDER_DAMAGES = ["whole"] * 12 + DAMAGES


@st.composite
def hostile_doc_bytes(draw, damages=tuple(DAMAGES)):
    """A results file's bytes: an example file with values replaced, then
    maybe cut or badly encoded."""
    base_name = draw(st.sampled_from(sorted(EXAMPLES)))
    how = [base_name]
    doc = json.loads(EXAMPLES[base_name])
    for _ in range(draw(st.integers(min_value=0, max_value=4))):
        # A depth first, then a path of that depth: the few sections at
        # the top (machine, summary...) as likely as the many points.
        by_depth = {}
        for q in paths(doc):
            by_depth.setdefault(len(q), []).append(q)
        some = by_depth[draw(st.sampled_from(sorted(by_depth)))]
        p = some[draw(st.integers(min_value=0, max_value=len(some) - 1))]
        v = copy.deepcopy(draw(hostile_value()))	# never shared: no cycle
        how.append("%s = %s" % ("/".join(map(str, p)), short(v)))
        doc = replace(doc, p, v)
    data = dumps(doc).encode("utf-8", "surrogatepass")
    damage = draw(st.sampled_from(damages))
    if damage == "cut":
        n = draw(st.integers(min_value=0, max_value=len(data)))
        data = data[:n]
        how.append("cut at %d" % n)
    elif damage == "byte":
        i = draw(st.integers(min_value=0, max_value=len(data) - 1))
        b = draw(st.sampled_from([b"\xff", b"\xc3", b"\x80",
                                  b"\xed\xa0\x80"]))
        data = data[:i] + b + data[i:]
        how.append("%r at %d" % (b, i))
    elif damage == "utf16":
        data = data.decode("utf-8", "surrogatepass").encode(
            "utf-16", "surrogatepass")
        how.append("UTF-16")
    elif damage == "nul":
        i = draw(st.integers(min_value=0, max_value=len(data)))
        data = data[:i] + b"\x00" + data[i:]
        how.append("NUL at %d" % i)
    elif damage == "deep":
        n = draw(st.integers(min_value=500, max_value=100000))
        data = b"[" * n + b"]" * n
        how = ["%d nested lists" % n]
    return Bytes(data, how)


@st.composite
def upload(draw, damages=tuple(DAMAGES), kinds=("file", "parts", "parts"),
           tamper=True):
    """(kind, files): the hostile upload's files as {name: bytes, or
    ("fifo",), ("dir",), ("link", target)}. kind "file": BAD whole;
    "parts": BAD in parts with its manifest, the manifest and parts then
    damaged (tamper; else the parts are the result's, whole)."""
    data = draw(hostile_doc_bytes(damages)) if draw(st.booleans()) \
        else Bytes(EXAMPLES["example-run-1.json"], ["example-run-1.json"])
    files = Files()
    files.how = ["result " + repr(data)]
    if draw(st.sampled_from(kinds)) == "file":
        files[BAD] = data
        return "file", files
    count = draw(st.integers(min_value=1, max_value=4))
    size = max(1, -(-len(data) // count))
    files.how.append("in %d parts" % count)
    plist = []
    for i in range(count):
        chunk = data[i * size:(i + 1) * size]
        pname = baremem_parts.part_name(BAD, i, count)
        files[pname] = chunk
        plist.append({"file": pname, "offset": i * size, "bytes": len(chunk),
                      "crc32": "%08x" % zlib.crc32(chunk)})
    man = {"schema": "baremem-parts/1", "file": BAD, "bytes": len(data),
           "crc32": "%08x" % zlib.crc32(data), "parts": plist}
    if tamper and draw(st.booleans()):
        # The crafted claim: one part of an absurd size, the whole's
        # bytes made to agree with it, so only the parts on disk and the
        # bounds can tell.
        i = draw(st.integers(min_value=0, max_value=count - 1))
        v = draw(st.sampled_from([10 ** 15, 1 << 63, 1 << 62,
                                  baremem_parts.PART_MAX_BYTES + 1]))
        plist[i]["bytes"] = v
        for j in range(i + 1, count):
            plist[j]["offset"] = plist[j - 1]["offset"] + plist[j - 1]["bytes"]
        man["bytes"] = sum(q["bytes"] for q in plist)
        files.how.append("manifest claims part %d holds %d bytes" % (i + 1, v))
    fields = [("bytes",), ("crc32",), ("file",), ("schema",), ("parts",)] + [
        ("parts", i, k) for i in range(count)
        for k in ("file", "offset", "bytes", "crc32")]
    for _ in range(draw(st.integers(min_value=0, max_value=3 * tamper))):
        f = draw(st.sampled_from(fields))
        v = draw(st.one_of(hostile_value(), st.sampled_from(
            [10 ** 15, 1 << 63, 1e15, baremem_parts.PART_MAX_BYTES + 1,
             baremem_parts.RESULTS_MAX_BYTES + 1]),
            st.sampled_from(sorted(files)),
            st.just(os.path.join("..", "..", "outside", "secret"))))
        replace(man, f, copy.deepcopy(v))
        files.how.append("manifest %s = %s" % ("/".join(map(str, f)),
                                               short(v)))
    mtext = dumps(man).encode("utf-8", "surrogatepass")
    mhow = draw(st.sampled_from(["whole"] * 4 + ["cut", "byte", "deep",
                                                  "huge"] * tamper))
    if mhow != "whole":
        files.how.append("manifest " + mhow)
    if mhow == "cut":
        mtext = mtext[:draw(st.integers(min_value=0, max_value=len(mtext)))]
    elif mhow == "byte":
        mtext = mtext[:5] + b"\xff" + mtext[5:]
    elif mhow == "deep":
        mtext = b"[" * 5000 + b"]" * 5000
    elif mhow == "huge":
        mtext = ("sparse", baremem_parts.MANIFEST_MAX_BYTES + 1)
    files[BAD + ".parts"] = mtext
    for _ in range(draw(st.integers(min_value=0, max_value=2 * tamper))):
        pname = draw(st.sampled_from(sorted(files)))
        how = draw(st.sampled_from(["cut", "grow", "missing", "fifo", "dir",
                                    "link", "sparse"]))
        cur = files[pname]
        files.how.append("%s %s" % (pname[len(BAD):] or BAD, how))
        if how == "cut" and isinstance(cur, bytes):
            files[pname] = cur[:len(cur) // 2]
        elif how == "grow" and isinstance(cur, bytes):
            files[pname] = cur + b"x" * 100
        elif how == "missing":
            del files[pname]
        elif how == "sparse":
            files[pname] = ("sparse", baremem_parts.PART_MAX_BYTES + 1)
        elif how in ("fifo", "dir"):
            files[pname] = (how,)
        elif how == "link":
            files[pname] = ("link", os.path.join("..", "..", "..", "outside",
                                                 "secret"))
    return "parts", files


def lay_out(folder, files):
    for name, v in files.items():
        p = os.path.join(folder, name)
        if isinstance(v, bytes):
            with open(p, "wb") as f:
                f.write(v)
        elif v[0] == "fifo":
            os.mkfifo(p)
        elif v[0] == "dir":
            os.mkdir(p)
        elif v[0] == "link":
            os.symlink(v[1], p)
        elif v[0] == "sparse":
            with open(p, "wb") as f:
                f.truncate(v[1])


PLOTS = ("plot", "plot_pages", "plot_multi", "plot_dist", "plot_scan")


@contextlib.contextmanager
def patched(mod, name, value):
    old = getattr(mod, name)
    setattr(mod, name, value)
    try:
        yield
    finally:
        setattr(mod, name, old)


class Tree:
    """A test folder: outside/secret (what a link points at), src/ the
    uploads' folder with GOOD and the hostile files, out/dest the
    destination, cwd/ where the scripts run."""

    def __init__(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="baremem-fuzz.")
        self.top = self.tmp.name
        for d in ("outside", "src", "out", "cwd"):
            os.mkdir(os.path.join(self.top, d))
        with open(os.path.join(self.top, "outside", "secret"), "w") as f:
            f.write("not a result\n")
        self.src = os.path.join(self.top, "src")
        self.dest = os.path.join(self.top, "out", "dest")
        self.cwd = os.path.join(self.top, "cwd")
        with open(os.path.join(self.src, GOOD), "wb") as f:
            f.write(EXAMPLES["example-run-1.json"])

    def close(self):
        self.tmp.cleanup()


def text_fields_safe(test, raw):
    """Every text field of the CSV quoted; no piece of one starts a
    formula."""
    for row in csv.reader(io.StringIO(raw), quoting=csv.QUOTE_NONNUMERIC):
        for cell in row:
            if isinstance(cell, str):
                for piece in re.split(r"[,;\t|\r\n]", cell):
                    test.assertFalse(piece.lstrip(" ").startswith(
                        baremem_fleet.FORMULA_START), repr(cell))


class Checks(unittest.TestCase):
    """The properties, given a hostile upload; the fuzz and the
    regression cases both call them."""

    def directory(self, kind, files):
        """collect, --fleet and --fleet --csv over GOOD beside the
        upload."""
        t = Tree()
        try:
            lay_out(t.src, files)
            before = snapshot(t.top)
            code, out, err = run(COLLECT.main, [t.src, t.dest], t.cwd)
            self.assertIn(code, (0, 1), err)
            self.assertNotIn("Traceback", err)
            with open(os.path.join(t.dest, GOOD), "rb") as f:
                self.assertEqual(f.read(), EXAMPLES["example-run-1.json"],
                                 "the valid result not collected intact")
            for n in os.listdir(t.dest):
                self.assertTrue(COLLECT.NAME_RE.match(n), n)
                self.assertTrue(stat.S_ISREG(os.lstat(
                    os.path.join(t.dest, n)).st_mode), n)
            self.assertEqual(os.listdir(os.path.dirname(t.dest)), ["dest"])
            self.assertEqual(snapshot(t.top, {t.dest}), before,
                             "collect changed something outside DEST")
            if code == 1:	# a refusal: the upload's, named
                self.assertIn("refused " + BAD, err)
                self.assertIn("  " + BAD, err.split(" refused (")[-1])
            for extra in ([], ["--csv"]):
                code, out, err = run(REPORT.main, ["--fleet", t.src] + extra,
                                     t.cwd)
                self.assertIn(code, (0, 1), err)
                self.assertIn(GOOD_MAC if not extra else '"52:54:00:00:00:01"',
                              out, "the valid machine left out")
                read = BAD + (".parts" if kind == "parts" else "")
                if "52:54:00:00:00:02" not in out and read in files and \
                        files[read] != ("dir",):
                    # not in the table: named
                    self.assertRegex(err, "skipped %s: " % re.escape(
                        os.path.join(t.src, BAD + (".parts" if kind == "parts"
                                                   else ""))))
                if extra:
                    text_fields_safe(self, out)
            self.assertEqual(snapshot(t.top, {t.dest}), before,
                             "--fleet changed something")
        finally:
            t.close()

    def report(self, kind, files, html, plots=True):
        """baremem-report (text with plots, or --html) of GOOD and the
        upload: rendered, or the upload named and refused (exit 2)."""
        t = Tree()
        try:
            lay_out(t.src, files)
            bad = os.path.join(t.src, BAD + (".parts" if kind == "parts"
                                             else ""))
            before = snapshot(t.top)
            argv = (["--html", os.path.join(t.dest, "r.html")] if html else
                    ["-o", t.dest])
            os.mkdir(t.dest)
            with contextlib.ExitStack() as stack:
                if not plots:	# the tables alone: the plots cost ~1 s
                    for f in PLOTS:
                        stack.enter_context(patched(REPORT, f,
                                                    lambda *a: []))
                code, out, err = run(REPORT.main, argv + [
                    os.path.join(t.src, GOOD), bad], t.cwd)
            self.assertIn(code, (0, 2), err)
            if code == 2:	# the upload named (the last line: why it
                # stopped), never the valid file
                self.assertIn(bad + ": ", err.strip().splitlines()[-1])
                self.assertNotIn(GOOD + ": ", err)
                self.assertEqual(os.listdir(t.dest), [],
                                 "a refused report wrote something")
            self.assertEqual(snapshot(t.top, {t.dest}), before,
                             "the report wrote outside its output")
        finally:
            t.close()

    def console(self, payload, name):
        """collect --console over a log framing GOOD and a hostile
        payload under a hostile name=."""
        t = Tree()
        try:
            def frame(data, nm):
                lines = ["bm| " + ln for ln in
                         data.decode("latin-1").split("\n")[:-1]]
                if not data.endswith(b"\n"):
                    last = data.decode("latin-1").split("\n")[-1]
                    lines.append("bm+ " + last)
                head = "bytes=%d crc32=%08x" % (len(data), zlib.crc32(data))
                return ("-----BEGIN BAREMEM RESULTS name=%s %s-----\n%s\n"
                        "-----END BAREMEM RESULTS %s-----\n"
                        % (nm, head, "\n".join(lines), head))
            good = EXAMPLES["example-run-1.json"]
            log = os.path.join(t.src, "console.log")
            with open(log, "wb") as f:
                f.write(frame(good, "run-0001.json").encode("latin-1"))
                f.write(frame(payload, name).encode("latin-1", "replace"))
            before = snapshot(t.top)
            code, out, err = run(COLLECT.main, ["--console", log, t.dest],
                                 t.cwd)
            self.assertIn(code, (0, 1), err)
            with open(os.path.join(t.dest, "run-0001.json"), "rb") as f:
                self.assertEqual(f.read(), good)
            if code == 1:
                self.assertIn("refused %s line " % log, err)
            self.assertEqual(snapshot(t.top, {t.dest}), before)
            for n in os.listdir(t.dest):
                self.assertRegex(n, r"^[A-Za-z0-9][A-Za-z0-9._-]*\.json$")
        finally:
            t.close()


RENDERED = upload(RENDER_DAMAGES, ("file", "file", "parts"), tamper=False)


class Fuzz(Checks):
    @settings(max_examples=100, **SETTINGS)
    @given(upload())
    def test_collect_and_fleet(self, up):
        self.directory(*up)

    @settings(max_examples=50, **SETTINGS)
    @given(upload(RENDER_DAMAGES))
    def test_fleet_of_rendered(self, up):
        self.directory(*up)

    @settings(max_examples=60, **SETTINGS)
    @given(RENDERED)
    def test_report_html(self, up):
        self.report(*up, html=True)

    @settings(max_examples=60, **SETTINGS)
    @given(RENDERED)
    def test_report_text(self, up):
        self.report(*up, html=False, plots=False)

    @settings(max_examples=3, **SETTINGS)
    @given(RENDERED)
    def test_report_text_and_plots(self, up):
        self.report(*up, html=False)

    @settings(max_examples=40, **SETTINGS)
    @given(hostile_doc_bytes(), st.sampled_from(
        HOSTILE_STRINGS[:6] + ["run-0002.json", "../run-0003.json",
                               "/tmp/x.json", "a\x00b.json"]))
    def test_collect_console(self, payload, name):
        self.console(payload, name.replace("\n", ""))


def in_parts(data, claim=None, manifest=None):
    """Files of data uploaded as BAD in one part and its manifest; claim:
    the part's (and the whole's) bytes the manifest gives instead;
    manifest: the manifest's bytes instead."""
    n = len(data) if claim is None else claim
    pname = baremem_parts.part_name(BAD, 0, 1)
    man = {"schema": "baremem-parts/1", "file": BAD, "bytes": n,
           "crc32": "%08x" % zlib.crc32(data),
           "parts": [{"file": pname, "offset": 0, "bytes": n,
                      "crc32": "%08x" % zlib.crc32(data)}]}
    files = Files({pname: data, BAD + ".parts": manifest or json.dumps(
        man).encode()})
    files.how = ["regression"]
    return files


def doc_with(edit, base="example-run-1.json"):
    """An example file with edit(doc) applied, as JSON bytes."""
    doc = json.loads(EXAMPLES[base])
    edit(doc)
    return dumps(doc).encode("utf-8")


def alone(files):
    f = Files(files)
    f.how = ["regression"]
    return f


class Regressions(Checks):
    """Inputs the fuzz found to fail before the fixes, each named."""

    def test_manifest_claiming_10e15_bytes(self):
        """MemoryError in baremem_parts.join: nothing collected."""
        self.directory("parts", in_parts(EXAMPLES["example-run-1.json"],
                                         claim=10 ** 15))

    def test_manifest_claiming_2e63_bytes(self):
        """OverflowError in baremem_parts.join: nothing collected."""
        self.directory("parts", in_parts(EXAMPLES["example-run-1.json"],
                                         claim=1 << 63))

    def test_manifest_not_utf8_listed_at_the_end(self):
        """The refusal was said once, among the copies, not at the end."""
        self.directory("parts", in_parts(EXAMPLES["example-run-1.json"],
                                         manifest=b'{"sc\xffhema": 1}'))

    def test_fleet_csv_quotes_text(self):
        """A text cell was unquoted: a ';' in it split the cell."""
        def edit(r):
            r["machine"]["cpu"]["brand"] = "x;=HYPERLINK(\"http://x\")"
        self.directory("file", alone({BAD: doc_with(edit)}))

    def test_deep_nesting_in_report_and_console(self):
        """RecursionError from the JSON parser, uncaught."""
        deep = b"[" * 100000 + b"]" * 100000
        self.report("file", alone({BAD: deep}), html=False, plots=False)
        self.console(deep, "run-0002.json")

    def test_string_where_a_figure_belongs_html(self):
        """--html read the decimals as strings and took a string for one:
        ValueError, 'cannot render these files', no file named."""
        def edit(r):
            r["latency"][7]["ns_median"] = "../../../outside/x.json"
        self.report("file", alone({BAD: doc_with(edit)}), html=True)

    def test_escape_sequences_in_file_names(self):
        """A file name from the upload folder (a TFTP client names it)
        reached the terminal raw: an escape sequence in a refusal, the
        table, the CSV."""
        hostile = "\x1b]0;title\x07\x1b[2Jx.json"
        t = Tree()
        try:
            with open(os.path.join(t.src, hostile), "wb") as f:
                f.write(b"not json")
            with open(os.path.join(t.src, "b" + hostile), "wb") as f:
                f.write(EXAMPLES["example-run-2.json"])
            for argv in (["--fleet", t.src], ["--fleet", t.src, "--csv"],
                         [os.path.join(t.src, hostile)],
                         [os.path.join(t.src, "b" + hostile),
                          os.path.join(t.src, "b" + hostile), "-o", t.cwd]):
                with contextlib.ExitStack() as stack:
                    for f in PLOTS:
                        stack.enter_context(patched(REPORT, f,
                                                    lambda *a: []))
                    code, out, err = run(REPORT.main, argv, t.cwd)
                self.assertIn(code, (0, 1, 2), err)
                self.assertNotIn("\x1b", out + err, argv)
                self.assertIn("?]0;title??[2Jx.json", out + err, argv)
        finally:
            t.close()

    def test_number_where_a_list_belongs_html(self):
        """TypeError in the HTML renderer, no file named."""
        def edit(r):
            r["bandwidth"] = 1.5
        self.report("file", alone({BAD: doc_with(edit)}), html=True)


if __name__ == "__main__":
    unittest.main()
