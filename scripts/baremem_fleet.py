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

Groups: machines of one architecture with the same part and the same
logical processor count, the hardware that should measure alike. The
part is the CPU model (the brand string) on x86-64, and on AArch64 the
part MIDR_EL1 names (Neoverse N1, Ampere-1, Grace's Neoverse V2...,
without its rNpM revision; an unnamed part by its implementer and part
number); x86 and Arm machines never share a group. A revision that
differs from the group's usual one is named as a likely cause. DIMM population (count
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
Scans (tests=scan, scan[] in the file): per node, the median of a
machine's measured ranges (latency ns, read GB/s) against the median of
that node's figure over the like machines (its group) that scanned it.
A machine is flagged when a node's latency is above that median, or its
bandwidth below it, by more than 10 % (the scan's own threshold,
lib/suite/scan_flag.h SCAN_FLAG_THRESHOLD; --threshold does not change
it), with the reason in words. Ranges slower than the same physical
range (same base and length) on the like machines, and the ranges the
machine's own scan flagged, are listed; they do not flag the machine.
Machines without scan[] are listed as "no scan".
exit: 0 no machine flagged; 1 some machine flagged; 2 bad usage, a DIR
missing, or no results file found.
"""
import csv
import json
import os
import re
import statistics
import sys

from baremem_results import ResultsError, load_results, printable

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
# The scan's own threshold, in percent: lib/suite/scan_flag.h's
# SCAN_FLAG_THRESHOLD (0.10), the one number for a range against its
# node's median there and for a machine's node against its like machines'
# here (test_fleet_module reads the header and checks they agree).
SCAN_THRESHOLD = 10.0
ARM_REVISION = re.compile(r"\s*\b(r[0-9]+p[0-9]+)$")
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


# ---- what a machine is: its group, and the attributes compared inside ----

def arch(r):
    """The architecture the run measured (files from before the field
    was written are x86-64)."""
    a = get(r, "machine", "cpu", "arch")
    return text(a, 16) if isinstance(a, str) and a else "x86_64"


def part(r):
    """The part a machine is grouped by: the CPU model (brand string) on
    x86-64; on AArch64 the part name MIDR gives, its revision left out
    (arm_revision, compared inside the group), and an unnamed part
    ("part 0xNNN") with its implementer, as two implementers may use one
    part number."""
    cpu = get(r, "machine", "cpu") or {}
    brand = text(cpu.get("brand") or "?", 60)
    if arch(r) != "aarch64":
        return brand
    name = ARM_REVISION.sub("", brand) or "?"
    if name.startswith("part ") and cpu.get("vendor"):
        name = "%s %s" % (text(cpu["vendor"], 20), name)
    return name


def arm_revision(r):
    """An AArch64 part's revision (MIDR variant and revision, rNpM)."""
    if arch(r) != "aarch64":
        return None
    m = ARM_REVISION.search(str(get(r, "machine", "cpu", "brand") or ""))
    return m.group(1) if m else None


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
    ("revision", arm_revision, lambda v, u: "cpu revision %s" % v, str),
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
                      if m else printable(base))
        self.earlier = 0	# older uploads of the same MAC left out
        sysinfo = get(r, "machine", "system") or {}
        self.system = text(" ".join(str(sysinfo.get(k) or "").strip()
                                    for k in ("manufacturer", "product")
                                    ).strip() or "?")
        self.key = (part(r), num(get(r, "machine", "cpu",
                                     "logical_processors")), arch(r))
        self.status = r.get("status")
        self.values = [num(get(r, *p)) for _, _, p in FIGURES]
        self.dev = [None] * len(FIGURES)	# percent from the median
        self.flagged = [False] * len(FIGURES)
        self.causes = []
        self.problem = None	# why the machine is flagged besides figures
        self.scan = scan_ranges(r)	# None: no scan[] in the file
        self.scan_nodes = scan_by_node(self.scan or [])
        self.scan_reasons = []	# flags: slower than the like machines
        self.scan_notes = []	# said, not flagged
        self.scan_slow = []	# ranges slower than the same range elsewhere


# ---- scans: a machine's nodes and ranges against its like machines' ----

def scan_ranges(r):
    """scan[]'s measured ranges as (base, bytes, node, ns, gb, flagged),
    node None where the SRAT gave none; None when the file has no scan[].
    A range not measured (null figures) is kept with None figures."""
    s = r.get("scan")
    if not isinstance(s, list):
        return None
    out = []
    for e in s:
        if not isinstance(e, dict):
            continue
        node = e.get("node")
        if not isinstance(node, int) or isinstance(node, bool):
            node = None
        ns, gb = num(e.get("ns_median")), num(e.get("gb_per_s_median"))
        out.append((num(e.get("base")), num(e.get("bytes")), node,
                    ns if ns and ns > 0 else None,
                    gb if gb and gb > 0 else None,
                    isinstance(e.get("flag"), str)))
    return out


def scan_by_node(ranges):
    """{node: (median ns, median GB/s, ranges measured, bytes)}."""
    out = {}
    for node in {x[2] for x in ranges}:
        mine = [x for x in ranges if x[2] == node]
        ns = [x[3] for x in mine if x[3] is not None]
        gb = [x[4] for x in mine if x[4] is not None]
        out[node] = (statistics.median(ns) if ns else None,
                     statistics.median(gb) if gb else None,
                     sum(1 for x in mine if x[3] is not None or
                         x[4] is not None),
                     sum(x[1] or 0 for x in mine))
    return out


def node_label(node):
    return "node %d" % node if node is not None else "node ? (no SRAT)"


def node_order(node):
    return -1 if node is None else node


def hex_addr(v):
    return "0x%x" % v if v is not None else "?"


def percent(p):
    """p as whole percent, or to a tenth where the whole would not show
    it beyond the threshold (10.2 %, not 10 %)."""
    s = "%.0f" % p
    return s if float(s) > SCAN_THRESHOLD else "%.1f" % p


def scan_compare(machines):
    """Sets each scanned machine's scan_reasons and scan_notes against the
    others of its group (machines: one group)."""
    scanned = [m for m in machines if m.scan is not None]
    t = SCAN_THRESHOLD / 100.0
    nodes = sorted({n for m in scanned for n in m.scan_nodes}, key=node_order)
    for node in nodes:
        have = [m for m in scanned if node in m.scan_nodes]
        # a node most like machines scanned and this one did not
        if len(have) * 2 > len(scanned):
            for m in scanned:
                if node not in m.scan_nodes:
                    m.scan_notes.append("%s not in its scan (%d of the %d "
                                        "like machines' scans have it)" % (
                                            node_label(node), len(have),
                                            len(scanned)))
        sizes = usual(m.scan_nodes[node][3] for m in have)
        for m in have:
            b = m.scan_nodes[node][3]
            if sizes and len(have) > 1 and b != sizes:
                m.scan_notes.append("%s: %s scanned, like machines %s" % (
                    node_label(node), size_label(b), size_label(sizes)))
        for field, unit, worse in ((0, "ns", "slower latency"),
                                   (1, "GB/s", "lower bandwidth")):
            vals = [(m, m.scan_nodes[node][field]) for m in have
                    if m.scan_nodes[node][field] is not None]
            if len(vals) < 2:
                continue
            med = statistics.median(v for _, v in vals)
            for m, x in vals:
                off = x > med * (1 + t) if field == 0 else x < med * (1 - t)
                if off:
                    m.scan_reasons.append(
                        "%s: %s %% %s than the %d like machines' median "
                        "%.3g %s" % (node_label(node),
                                     percent(100.0 * abs(x - med) / med), worse,
                                     len(vals), med, unit))
    # the same physical range on the like machines: listed, not flagged
    keys = {}
    for m in scanned:
        for x in m.scan:
            keys.setdefault((x[0], x[1], x[2]), []).append((m, x))
    for key in sorted(keys, key=lambda k: (k[0] or 0, k[1] or 0)):
        for field, what in ((3, "latency"), (4, "bandwidth")):
            vals = [(m, x[field]) for m, x in keys[key]
                    if x[field] is not None]
            if len(vals) < 2:
                continue
            med = statistics.median(v for _, v in vals)
            for m, v in vals:
                pct = 100.0 * (v - med) / med
                if (field == 3 and v > med * (1 + t)) or \
                        (field == 4 and v < med * (1 - t)):
                    m.scan_slow.append("%s %s %+.0f %%" % (
                        hex_addr(key[0]), what, pct))


def scan_verdict(m, group):
    if m.scan is None:
        return "no scan"
    if m.scan_reasons:
        return "FLAGGED"
    if sum(1 for o in group.machines if o.scan is not None) < 2:
        return "alone: nothing to compare"
    return "ok"


def scan_own_flags(m):
    return sum(1 for x in m.scan if x[5]) if m.scan is not None else None


def scan_range_notes(m, shown=3):
    """The machine's own flagged ranges and its ranges slower than the
    same range on the like machines, in words."""
    out = []
    own = scan_own_flags(m)
    if own:
        out.append("its scan flagged %d range%s" % (own, "" if own == 1
                                                      else "s"))
    if m.scan_slow:
        more = len(m.scan_slow) - shown
        out.append("slower than the same range on like machines: %s%s" % (
            ", ".join(m.scan_slow[:shown]),
            " and %d more" % more if more > 0 else ""))
    return out


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
        scan_compare(machines)
        for m in machines:
            if m.status == "error":
                errs = m.r.get("errors")
                first = errs[0] if isinstance(errs, list) and errs else None
                m.problem = "run failed (status error%s)" % (
                    ": " + text(first.get("message") if isinstance(first, dict)
                                else first, 60) if first else "")

    def title(self):
        name, cpus, isa = self.key
        return "%s, %s logical cpus, %s: %d machine%s" % (
            name, cpus if cpus is not None else "?", isa, len(self.machines),
            "" if len(self.machines) == 1 else "s")


def flagged(m):
    return any(m.flagged) or m.problem is not None or bool(m.scan_reasons)


def verdict(m, group):
    if m.problem or m.scan_reasons:
        return "FLAGGED"
    if len(group.machines) == 1:
        return "alone: nothing to compare"
    return "FLAGGED" if any(m.flagged) else "ok"


def notes(m):
    out = []
    if m.problem:
        out.append(m.problem)
    out += ["scan " + r for r in m.scan_reasons]
    out += m.causes
    if (any(m.flagged) or m.scan_reasons) and not m.causes:
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
                printable(m.path), m.ident, printable(newest[m.mac].path)))
        else:
            out.append(m)
    return out


def make_groups(machines, threshold):
    keys = []
    for m in machines:
        if m.key not in keys:
            keys.append(m.key)
    keys.sort(key=lambda k: (k[2], k[0], k[1] if k[1] is not None else -1))
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


def figure(v):
    return "-" if v is None else "%.2f" % v if abs(v) < 10 else "%.1f" % v


def scan_rows(g):
    """The scan table of one group: a row per machine and node scanned, a
    "no scan" row per machine without scan[], the group's medians."""
    head = ["id", "node", "ranges", "ns", "GB/s", "own flags", "scan"]
    rows, medians = [head], {}
    for m in g.machines:
        if m.scan is None:
            rows.append([m.ident, "-", "-", "-", "-", "-", "no scan"])
            continue
        if not m.scan_nodes:
            rows.append([m.ident, "-", "0", "-", "-", "-",
                         scan_verdict(m, g)])
        for i, node in enumerate(sorted(m.scan_nodes, key=node_order)):
            ns, gb, n, _ = m.scan_nodes[node]
            medians.setdefault(node, ([], []))
            if ns is not None:
                medians[node][0].append(ns)
            if gb is not None:
                medians[node][1].append(gb)
            rows.append([m.ident if i == 0 else "",
                         node_label(node)[5:], str(n), figure(ns),
                         figure(gb), str(scan_own_flags(m)) if i == 0 else "",
                         scan_verdict(m, g) if i == 0 else ""])
    for node in sorted(medians, key=node_order):
        ns, gb = medians[node]
        if len(ns) > 1 or len(gb) > 1:
            rows.append(["median of %d" % max(len(ns), len(gb)),
                         node_label(node)[5:], "",
                         figure(statistics.median(ns) if ns else None),
                         figure(statistics.median(gb) if gb else None),
                         "", ""])
    return rows


def print_scan(g, out):
    rows = scan_rows(g)
    out.write("  scan (tests=scan): each node's median over the machine's "
              "ranges, against the like machines'\n")
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]) - 1)]
    for r in rows:
        out.write("    " + "  ".join(
            s.rjust(w) if 1 <= c <= 5 else s.ljust(w)
            for c, (s, w) in enumerate(zip(r, widths))).rstrip()
            + ("  " + r[-1] if r[-1] else "") + "\n")
    for m in g.machines:
        said = ["scan " + x for x in m.scan_reasons] + m.scan_notes + \
            scan_range_notes(m)
        for x in said:
            out.write("    %s: %s\n" % (m.ident, x))


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
        if any(m.scan is not None for gr in groups for m in gr.machines):
            print_scan(g, out)
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
        "as the difference from it.\nGroups: same architecture, part (x86: "
        "CPU model; Arm: MIDR's part name) and logical\ncpu count; DIMMs, DIMM "
        "speed, prefetch, firmware, revision,\nmicrocode, platform, "
        "pages and profile are compared inside the group and named as the\n"
        "likely cause (notes: the machine's value, then the group's usual "
        "one). The median\nis robust: one bad machine cannot move it, so in "
        "a group of 3 or more a lone outlier\nis flagged and its siblings are "
        "not; in a group of 2 both are flagged when they\ndiffer by more "
        "than about %g%%. spread: 1.4826 x MAD (median absolute deviation) "
        "as a\npercentage of the median, the group's own scatter; where it "
        "exceeds %g%%, a flag may be\nnoise.\n" % (threshold, 2 * threshold,
                                                 threshold))
    if any(m.scan is not None for g in groups for m in g.machines):
        out.write(
            "scan: per node, the median of the machine's measured ranges; "
            "a machine is flagged\nwhen a node's latency is more than %g%% "
            "above the median of the like machines that\nscanned that node, "
            "or its bandwidth more than %g%% below it (the scan's own "
            "threshold;\n--threshold does not change it). own flags: the "
            "ranges its own scan flagged against\nits node. Ranges slower "
            "than the same range (base and length) on like machines are\n"
            "listed, not flagged.\n" % (SCAN_THRESHOLD, SCAN_THRESHOLD))


# What a spreadsheet takes for the start of a formula in a cell (OWASP,
# "CSV injection"): SMBIOS and CPU brand strings are the machine's to
# choose, and a results file's name is its uploader's.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# Where a spreadsheet may cut a cell that it reads with another separator
# than the comma (a locale's ';', tab, '|') or that ignores the quotes:
# each piece between them could become a cell of its own.
CSV_PIECE = re.compile(r"([^,;\t|\r\n]*)([,;\t|\r\n]?)")


def csv_cell(v):
    """v as a cell a spreadsheet shows as text: numbers are left as they
    are; in a string, every piece that starts like a formula (after any
    spaces), the whole or any piece after a separator, gets an apostrophe
    before its formula character. print_csv quotes every string too."""
    if not isinstance(v, str):
        return v
    out = ["'" if v.startswith(("\t", "\r")) else ""]
    for piece, sep in CSV_PIECE.findall(v):
        body = piece.lstrip(" ")
        if body.startswith(FORMULA_START):
            piece = piece[:len(piece) - len(body)] + "'" + body
        out.append(piece + sep)
    return "".join(out)


def scan_csv(m, g):
    """The scan columns: verdict, ranges measured, own flags, per node
    "node N: ns, GB/s, ranges", and the notes."""
    if m.scan is None:
        return ["no scan", "", "", "", ""]
    nodes = "; ".join("%s: %s ns %s GB/s %d ranges" % (
        node_label(n), figure(v[0]), figure(v[1]), v[2])
        for n, v in sorted(m.scan_nodes.items(),
                           key=lambda kv: node_order(kv[0])))
    return [scan_verdict(m, g), sum(v[2] for v in m.scan_nodes.values()),
            scan_own_flags(m), nodes,
            "; ".join(m.scan_notes + scan_range_notes(m))]


def print_csv(groups, out):
    # Every string quoted (a number never is): a spreadsheet whose
    # separator is ';' or tab then keeps "x;y" as one cell.
    w = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
    w.writerow(["group", "cpu", "logical_cpus", "system", "id", "file"] +
               [f[1] for f in FIGURES] +
               ["flagged", "verdict", "notes", "scan", "scan_ranges",
                "scan_own_flags", "scan_nodes", "scan_notes", "arch"])
    for n, g in enumerate(groups, 1):
        for m in g.machines:
            w.writerow([csv_cell(c) for c in
                        [n, g.key[0], g.key[1], m.system, m.ident,
                         printable(m.path)] +
                        ["" if v is None else v for v in m.values] +
                        [" ".join([FIGURES[i][1]
                                   for i in range(len(FIGURES))
                                   if m.flagged[i]] +
                                  (["status"] if m.problem else []) +
                                  (["scan"] if m.scan_reasons else [])),
                         verdict(m, g), notes(m)] + scan_csv(m, g) +
                        [g.key[2]]])


def main(argv, prog="baremem-report --fleet"):
    def die(code, msg):
        print("%s: %s" % (prog, printable(msg)), file=sys.stderr)
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
        print("%s: %s" % (prog, printable(msg)), file=sys.stderr)

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
