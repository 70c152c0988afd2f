"""Fleet report: many machines' results, each against the machines that
should be like it (`baremem-report --fleet DIR...`).

usage: baremem-report --fleet DIR... [--threshold PCT] [--csv]
  DIR            every *.json under it (recursively) is read, and every
                 NAME.json.parts (a result uploaded in parts, joined and
                 checked) with no NAME.json beside it; files that are not
                 baremem results are skipped with a note. A FILE may be
                 given too.
  --threshold    PCT, default 5: how far from the group's median a figure
                 may be before it is flagged
  --csv          the table as CSV (one row per machine, same rows)

Groups: machines with the same CPU brand and the same logical processor
count, the hardware that should measure alike. DIMM population (count
and sizes), configured DIMM speed, prefetch setting, firmware and
microcode, platform, page size and profile are not part of the group:
they are what makes a machine differ from its siblings, so they are
compared inside the group and named as the likely cause. (Were DIMM
population part of the group, a machine missing half its DIMMs would sit
alone in a group of its own and never be flagged.)

Figures (from each file's summary): DRAM, L1, L2 and L3 latency (ns) on
one cpu, DRAM read bandwidth (GB/s) on one cpu and on all cpus.

Rule: in a group of n >= 2 machines, a figure x is flagged when
|x - m| > PCT% of m, m being the median of that figure over the group's
machines that have it. The median cannot be pulled by one bad machine,
so in a group of 3 or more a single outlier is flagged and its siblings
are not; in a group of 2 the median is their midpoint and both are
flagged when they differ by more than twice PCT (which one is off cannot
be told). The group's spread, 1.4826 x MAD (median absolute deviation)
as a percentage of m, is printed beside it: when that spread exceeds
PCT, the group's figures scatter more than the threshold and a flag
there may be noise (more repeats, or a wider --threshold). A group of one
machine has nothing to compare. A run with status error is flagged: its
figures are missing.

Likely causes: for each machine, every attribute above that differs
from the value most of its group has (fewer DIMMs, a lower configured
speed, prefetchers off, another firmware version...), listed with the
group's value.

One row per machine: SMBIOS system manufacturer and product, and the
MAC of an upload name (<mac>-<YYYYMMDDTHHMMSSZ>.json), else the file
name. Of several uploads from one MAC only the newest (by the time in
the name) is compared, the others are left out with a note; files with
other names are one row each (nothing in them tells two machines of one
model apart).
exit: 0 no machine flagged; 1 some machine flagged; 2 bad usage, a DIR
missing, or no results file found.
"""
import csv
import json
import os
import re
import statistics
import sys

from baremem_results import ResultsError, load_results

DEFAULT_THRESHOLD = 5.0
MAD_SIGMA = 1.4826	# MAD to standard deviation for normal data

# (column, CSV column, where in the file)
FIGURES = (
    ("DRAM ns", "dram_ns", ("summary", "dram_ns")),
    ("L1 ns", "l1_ns", ("summary", "l1_ns")),
    ("L2 ns", "l2_ns", ("summary", "l2_ns")),
    ("L3 ns", "l3_ns", ("summary", "l3_ns")),
    ("DRAM GB/s", "dram_gb_per_s", ("summary", "read_gb_per_s", "dram")),
    ("all-cpu GB/s", "dram_all_cpus_gb_per_s",
     ("summary", "read_gb_per_s", "dram_all_cpus")),
)
UPLOAD_NAME = re.compile(r"^([0-9a-f]{12})-([0-9]{8}T[0-9]{6}Z)(\.[0-9]+)?\.json$")
GIB = 1 << 30


def get(d, *keys):
    for k in keys:
        d = d.get(k) if isinstance(d, dict) else None
    return d


def num(v):
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def text(v, limit=40):
    """Untrusted text from a file: printable, bounded."""
    s = "".join(c if c.isprintable() else "?" for c in str(v))
    return s if len(s) <= limit else s[:limit - 3] + "..."


def size_label(n):
    for unit, div in (("T", GIB << 10), ("G", GIB), ("M", 1 << 20)):
        if n >= div:
            return ("%.1f" % (n / div)).rstrip("0").rstrip(".") + unit
    return "%d" % n


# ---- what a machine is: the attributes compared inside a group ----

def dimms(r):
    d = get(r, "machine", "memory", "dimms")
    return [x for x in d if isinstance(x, dict)] if isinstance(d, list) else []


def population(r):
    """DIMM sizes, largest first; None when SMBIOS listed none."""
    sizes = sorted((num(x.get("size_bytes")) or 0 for x in dimms(r)),
                   reverse=True)
    return tuple(sizes) or None


def population_label(p):
    if not p:
        return "unknown"
    counts = {}
    for s in p:
        counts[s] = counts.get(s, 0) + 1
    return "+".join("%dx%s" % (c, size_label(s)) for s, c in counts.items())


def dimm_speed(r):
    """The slowest configured speed (the rated one where the configured is
    unknown): the memory runs at it."""
    sp = [num(x.get("configured_speed_mts")) or num(x.get("speed_mts"))
          for x in dimms(r)]
    sp = [s for s in sp if s]
    return min(sp) if sp else None


def firmware(r):
    f = get(r, "machine", "firmware") or {}
    parts = []
    if f.get("bios_version"):
        parts.append("BIOS %s" % text(f["bios_version"], 24))
    if f.get("version"):
        parts.append("UEFI %s" % text(f["version"], 12))
    return ", ".join(parts) or None


def page(r):
    b = num(get(r, "paging", "page_bytes"))
    return size_label(b) if b else None


def cause_dimms(v, usual):
    if len(v) != len(usual):
        word = "fewer" if len(v) < len(usual) else "more"
        return "%s DIMMs: %s" % (word, population_label(v))
    return "other DIMM sizes: %s" % population_label(v)


def cause_speed(v, usual):
    return "%s configured DIMM speed: %d MT/s" % (
        "lower" if v < usual else "higher", v)


# (what, value of a file, its cause text given the group's usual value,
#  the usual value as text)
ATTRIBUTES = (
    ("DIMMs", population, cause_dimms, population_label),
    ("DIMM speed", dimm_speed, cause_speed, lambda u: "%d MT/s" % u),
    ("prefetch", lambda r: get(r, "config", "prefetch"),
     lambda v, u: "prefetch %s" % text(v, 8), lambda u: text(u, 8)),
    ("firmware", firmware, lambda v, u: "firmware %s" % v, str),
    ("microcode", lambda r: get(r, "machine", "cpu", "microcode"),
     lambda v, u: "microcode %s" % text(v, 16), lambda u: text(u, 16)),
    ("platform", lambda r: r.get("platform"),
     lambda v, u: "measured under %s" % text(v, 8), lambda u: text(u, 8)),
    ("pages", page, lambda v, u: "buffers on %s pages" % v, str),
    ("profile", lambda r: get(r, "config", "profile"),
     lambda v, u: "profile %s" % text(v, 12), lambda u: text(u, 12)),
)


def comparable(getter):
    """getter, its value made hashable: a malformed file's list or object
    where a string belongs compares as its text."""
    def value(r):
        v = getter(r)
        return v if isinstance(v, (str, int, float, tuple, type(None))) \
            else text(json.dumps(v), 40)
    return value


def usual(values):
    """The value most of the group has (ignoring unknowns), or None when
    no value is the most common alone."""
    known = [v for v in values if v is not None]
    counts = {}
    for v in known:
        counts[v] = counts.get(v, 0) + 1
    if not counts:
        return None
    best = max(counts.values())
    top = [v for v, c in counts.items() if c == best]
    return top[0] if len(top) == 1 else None


# ---- loading ----

class Machine:
    def __init__(self, path, r):
        self.path = path
        self.r = r
        base = os.path.basename(path)
        if base.endswith(".json.parts"):	# uploaded in parts
            base = base[:-len(".parts")]
        m = UPLOAD_NAME.match(base)
        self.mac = m.group(1) if m else None
        self.stamp = m.group(2) if m else None
        self.ident = (":".join(m.group(1)[i:i + 2] for i in range(0, 12, 2))
                      if m else base)
        self.earlier = 0	# older uploads of the same MAC left out
        sysinfo = get(r, "machine", "system") or {}
        self.system = text(" ".join(str(sysinfo.get(k) or "").strip()
                                    for k in ("manufacturer", "product")
                                    ).strip() or "?")
        cpu = get(r, "machine", "cpu") or {}
        self.key = (text(cpu.get("brand") or "?", 60),
                    num(cpu.get("logical_processors")))
        self.status = r.get("status")
        self.values = [num(get(r, *p)) for _, _, p in FIGURES]
        self.dev = [None] * len(FIGURES)	# percent from the median
        self.flagged = [False] * len(FIGURES)
        self.causes = []
        self.problem = None	# why the machine is flagged besides figures


def results_files(dirs):
    """Every *.json under the DIRs (or a FILE given), sorted."""
    out = []
    for d in dirs:
        if os.path.isfile(d):
            out.append(d)
            continue
        for top, subdirs, names in os.walk(d):
            subdirs.sort()
            # a result uploaded in parts counts by its manifest until
            # baremem-collect has joined it (then the .json beside it)
            out += [os.path.join(top, n) for n in sorted(names)
                    if n.endswith(".json") or
                    (n.endswith(".json.parts") and n[:-6] not in names)]
    return out


def load(path, note):
    """The parsed results file, or None (with a note) when it is not one."""
    try:
        return load_results(path, "the fleet report")
    except ResultsError as e:
        note("skipped %s" % e)
        return None


# ---- the comparison ----

def spread(values, m):
    """1.4826 x MAD as a percentage of the median m, or None."""
    if len(values) < 3 or not m:
        return None
    return (100.0 * MAD_SIGMA *
            statistics.median(abs(v - m) for v in values) / abs(m))


class Group:
    def __init__(self, key, machines, threshold):
        self.key = key
        self.machines = machines
        self.medians, self.spreads = [], []
        for i in range(len(FIGURES)):
            vals = [m.values[i] for m in machines if m.values[i] is not None]
            med = statistics.median(vals) if vals else None
            self.medians.append(med)
            self.spreads.append(spread(vals, med))
            if len(vals) < 2 or not med:
                continue
            for m in machines:
                x = m.values[i]
                if x is None:
                    continue
                m.dev[i] = 100.0 * (x - med) / med
                m.flagged[i] = abs(x - med) > threshold / 100.0 * abs(med)
        self.usual = {}
        for what, getter, cause, label in ATTRIBUTES:
            value = comparable(getter)
            u = usual(value(m.r) for m in machines)
            self.usual[what] = u
            for m in machines:
                v = value(m.r)
                if v is None or len(machines) < 2:
                    continue
                if u is None:
                    others = sorted({str(value(o.r)) for o in machines
                                     if value(o.r) not in (None, v)})
                    if others:
                        m.causes.append("%s %s (others: %s)" % (
                            what, label(v), ", ".join(others)))
                elif v != u:
                    m.causes.append("%s (group: %s)" % (cause(v, u), label(u)))
        for m in machines:
            if m.status == "error":
                errs = m.r.get("errors")
                first = errs[0] if isinstance(errs, list) and errs else None
                m.problem = "run failed (status error%s)" % (
                    ": " + text(first.get("message") if isinstance(first, dict)
                                else first, 60) if first else "")

    def title(self):
        brand, cpus = self.key
        return "%s, %s logical cpus: %d machine%s" % (
            brand, cpus if cpus is not None else "?", len(self.machines),
            "" if len(self.machines) == 1 else "s")


def flagged(m):
    return any(m.flagged) or m.problem is not None


def verdict(m, group):
    if m.problem:
        return "FLAGGED"
    if len(group.machines) == 1:
        return "alone: nothing to compare"
    return "FLAGGED" if any(m.flagged) else "ok"


def notes(m):
    out = []
    if m.problem:
        out.append(m.problem)
    out += m.causes
    if any(m.flagged) and not m.causes:
        out.append("no cause in the file")
    if m.earlier:
        out.append("newest of %d runs" % (m.earlier + 1))
    return "; ".join(out)


def newest_per_mac(machines, note):
    """One row per machine: of several uploads from one MAC, the newest
    (by the time in its name); the older ones are left out with a note.
    Files without a MAC in their name are all kept."""
    newest = {}
    for m in machines:
        if m.mac and (m.mac not in newest or
                      (m.stamp, m.path) > (newest[m.mac].stamp,
                                           newest[m.mac].path)):
            newest[m.mac] = m
    out = []
    for m in machines:
        if m.mac and newest[m.mac] is not m:
            newest[m.mac].earlier += 1
            note("left out %s: an earlier run of %s than %s" % (
                m.path, m.ident, newest[m.mac].path))
        else:
            out.append(m)
    return out


def make_groups(machines, threshold):
    keys = []
    for m in machines:
        if m.key not in keys:
            keys.append(m.key)
    keys.sort(key=lambda k: (k[0], k[1] if k[1] is not None else -1))
    return [Group(k, [m for m in machines if m.key == k], threshold)
            for k in keys]


# ---- output ----

def cell(m, i):
    v = m.values[i]
    if v is None:
        return "-"
    s = "%.2f" % v if abs(v) < 10 else "%.1f" % v
    if m.flagged[i]:
        s += " %+.0f%%*" % m.dev[i]
    return s


def print_text(groups, threshold, out):
    head = ["machine", "id"] + [f[0] for f in FIGURES] + ["verdict", "notes"]
    for n, g in enumerate(groups, 1):
        out.write("group %d: %s\n" % (n, g.title()))
        med = ["%.2f" % v if v is not None and abs(v) < 10 else
               "%.1f" % v if v is not None else "-" for v in g.medians]
        sprd = ["%.1f%%" % s if s is not None else "-" for s in g.spreads]
        rows = [head]
        rows += [[m.system, m.ident] + [cell(m, i) for i in range(len(FIGURES))]
                 + [verdict(m, g), notes(m)] for m in g.machines]
        if len(g.machines) > 1:
            rows.append(["median", ""] + med + ["", ""])
            rows.append(["spread (1.4826 MAD)", ""] + sprd + ["", ""])
        widths = [max(len(r[c]) for r in rows) for c in range(len(head) - 1)]
        for r in rows:
            out.write("  " + "  ".join(
                s.rjust(w) if 2 <= c < 2 + len(FIGURES) else s.ljust(w)
                for c, (s, w) in enumerate(zip(r, widths))).rstrip()
                + ("  " + r[-1] if r[-1] else "") + "\n")
        usual = ["%s %s" % (w, lab(g.usual[w])) for w, _, _, lab in ATTRIBUTES
                 if g.usual[w] is not None]
        if usual and len(g.machines) > 1:
            out.write("  usual in this group: %s\n" % "; ".join(usual))
        noisy = [FIGURES[i][0] for i, s in enumerate(g.spreads)
                 if s is not None and s > threshold]
        if noisy:
            out.write("  note: %s scatter more than %g%% across this group "
                      "(spread above): a flag there may be noise\n"
                      % (", ".join(noisy), threshold))
        out.write("\n")
    out.write(
        "* flagged: more than %g%% above or below the group's median, shown "
        "as the difference from it.\nGroups: same CPU brand and logical cpu "
        "count; DIMMs, DIMM speed, prefetch, firmware,\nmicrocode, platform, "
        "pages and profile are compared inside the group and named as the\n"
        "likely cause (notes: the machine's value, then the group's usual "
        "one). The median\nis robust: one bad machine cannot move it, so in "
        "a group of 3 or more a lone outlier\nis flagged and its siblings are "
        "not; in a group of 2 both are flagged when they\ndiffer by more "
        "than about %g%%. spread: 1.4826 x MAD (median absolute deviation) "
        "as a\npercentage of the median, the group's own scatter; where it "
        "exceeds %g%%, a flag may be\nnoise.\n" % (threshold, 2 * threshold,
                                                 threshold))


# What a spreadsheet takes for the start of a formula in a cell (OWASP,
# "CSV injection"): SMBIOS and CPU brand strings are the machine's to
# choose, and a results file's name is its uploader's.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(v):
    """v as a cell a spreadsheet shows as text: a string that starts like
    a formula gets a leading apostrophe (numbers are left as they are)."""
    if isinstance(v, str) and v.startswith(FORMULA_START):
        return "'" + v
    return v


def print_csv(groups, out):
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["group", "cpu", "logical_cpus", "system", "id", "file"] +
               [f[1] for f in FIGURES] +
               ["flagged", "verdict", "notes"])
    for n, g in enumerate(groups, 1):
        for m in g.machines:
            w.writerow([csv_cell(c) for c in
                        [n, g.key[0], g.key[1], m.system, m.ident, m.path] +
                        ["" if v is None else v for v in m.values] +
                        [" ".join(FIGURES[i][1]
                                  for i in range(len(FIGURES))
                                  if m.flagged[i]) +
                         (" status" if m.problem else ""),
                         verdict(m, g), notes(m)]])


def main(argv, prog="baremem-report --fleet"):
    def die(code, msg):
        print("%s: %s" % (prog, msg), file=sys.stderr)
        return code

    dirs, threshold, as_csv = [], DEFAULT_THRESHOLD, False
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if a == "--csv":
            as_csv = True
        elif a == "--threshold" or a.startswith("--threshold="):
            v = a.split("=", 1)[1] if "=" in a else (args.pop(0) if args else "")
            try:
                threshold = float(v.rstrip("%"))
            except ValueError:
                threshold = -1
            if not 0 < threshold < 1000:
                return die(2, "--threshold needs a percentage above 0 (5 "
                           "for 5 %%), not %r" % v)
        elif a.startswith("-"):
            return die(2, "unknown option %s (usage: baremem-report --fleet "
                       "DIR... [--threshold PCT] [--csv])" % a)
        else:
            dirs.append(a)
    if not dirs:
        return die(2, "usage: baremem-report --fleet DIR... [--threshold PCT] "
                   "[--csv]")
    for d in dirs:
        if not os.path.exists(d):
            return die(2, "%s: no such directory" % d)

    def note(msg):
        print("%s: %s" % (prog, msg), file=sys.stderr)

    machines = []
    for path in results_files(dirs):
        r = load(path, note)
        if r is not None:
            machines.append(Machine(path, r))
    if not machines:
        return die(2, "no baremem results files under %s" % " ".join(dirs))
    machines = newest_per_mac(machines, note)
    groups = make_groups(machines, threshold)
    if as_csv:
        print_csv(groups, sys.stdout)
    else:
        print_text(groups, threshold, sys.stdout)
    bad = [m for m in machines if flagged(m)]
    note("%d machine%s in %d group%s, %d flagged" % (
        len(machines), "" if len(machines) == 1 else "s", len(groups),
        "" if len(groups) == 1 else "s", len(bad)))
    return 1 if bad else 0
