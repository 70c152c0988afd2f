"""Unit tests of scripts/baremem_fleet.py (the fleet report's grouping,
rule and causes). Run by tests/scripts/run-all (test_fleet_module); by
hand: /usr/bin/python3 tests/scripts/fleet_units.py EXAMPLE.json
ARM_EXAMPLE.json (tests/data/example-run-1.json, example-run-aarch64.json)

Machines are copies of the example results file with their figures and
DIMMs edited here; test_fleet_report runs the command on files.
"""
import copy
import csv
import io
import json
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "scripts"))
import baremem_fleet as bf  # noqa: E402

EXAMPLE = None
ARM_EXAMPLE = None	# a QEMU aarch64 run (tests/data/example-run-aarch64.json)
DRAM_NS, L1_NS, L2_NS, L3_NS, DRAM_BW, ALL_BW = range(6)


def machine(name, dram_ns=None, bw=None, all_bw=None, edit=None):
    r = copy.deepcopy(EXAMPLE)
    s = r["summary"]
    if dram_ns is not None:
        s["dram_ns"] = dram_ns
    if bw is not None:
        s["read_gb_per_s"]["dram"] = bw
    if all_bw is not None:
        s["read_gb_per_s"]["dram_all_cpus"] = all_bw
    if edit:
        edit(r)
    return bf.Machine(name, r)


def groups(machines, threshold=5.0):
    return bf.make_groups(machines, threshold)


def flagged_figures(m):
    return [bf.FIGURES[i][1] for i, f in enumerate(m.flagged) if f]


def half_dimms(r):
    d = r["machine"]["memory"]["dimms"]
    del d[len(d) // 2:]


def slow_dimms(r):
    for d in r["machine"]["memory"]["dimms"]:
        d["configured_speed_mts"] = 2400


GIB = 1 << 30


def add_scan(r, nodes, ranges=4, edit=None):
    """r with a scan[] as tests=scan writes it: for each node, given as
    {node: (ns, GB/s)}, `ranges` whole GiBs above 4 GiB with those figures
    (each range a little off, as measured ranges are); edit(entry, k),
    k its index, may change one. The test_fleet_scan files validate
    against the schema."""
    scan, base = [], 4 * GIB
    for node in sorted(nodes):
        ns, gb = nodes[node]
        for k in range(ranges):
            wobble = (1.0, 1.004, 0.997, 1.002)[k % 4]
            e = {"base": base, "bytes": GIB, "measured_bytes": GIB,
                 "page_bytes": GIB, "node": node, "dimms": None,
                 "ns_median": round(ns * wobble, 2),
                 "gb_per_s_median": round(gb / wobble, 2),
                 "cpus": [0], "cpus_from": "node", "flag": None}
            if edit:
                edit(e, len(scan))
            scan.append(e)
            base += GIB
    r["scan"] = scan
    r["scan_plan"] = {"chase_lines": 4 * 32 * (1 << 20) // 64,
                      "llc_bytes": 32 << 20, "dimms_note":
                      "SMBIOS type 20 gives no DIMM map", "not_scanned": []}
    r["config"]["tests"] += ",scan"
    return r


def scanned(name, nodes, edit=None, **kw):
    return machine(name, edit=lambda r: add_scan(r, nodes, edit=edit), **kw)


def scan_threshold_in_c():
    """SCAN_FLAG_THRESHOLD from lib/suite/scan_flag.h, in percent."""
    import re
    h = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                     "lib", "suite", "scan_flag.h")
    with open(h) as f:
        m = re.search(r"#define\s+SCAN_FLAG_THRESHOLD\s+([0-9.]+)", f.read())
    return 100.0 * float(m.group(1))


class Scan(unittest.TestCase):
    LIKE = {0: (90.0, 40.0), 1: (98.0, 38.0)}

    def fleet(self, slow=None, n=6):
        like = [scanned("m%d" % i, {k: (ns * (1 + d), gb * (1 - d))
                                    for k, (ns, gb) in self.LIKE.items()})
                for i, d in enumerate((0.0, 0.01, -0.01, 0.02, -0.02,
                                       0.005)[:n])]
        extra = [slow] if slow else []
        return like, groups(like + extra)

    def test_one_threshold_with_the_scan(self):
        self.assertEqual(bf.SCAN_THRESHOLD, scan_threshold_in_c())

    def test_slow_node_flagged_with_its_reason(self):
        slow = scanned("slow", {0: (90.0, 40.0), 1: (98.0 * 1.2, 38.0)})
        like, _ = self.fleet(slow)
        for m in like:
            self.assertFalse(bf.flagged(m), (m.path, bf.notes(m)))
            self.assertEqual(m.scan_reasons, [])
        self.assertTrue(bf.flagged(slow))
        # node 1's medians of the 7: 98 x (0.98, 0.99, 1, 1.005, 1.01,
        # 1.02, 1.2) by range medians (each the mean of 98 x 1.0 and
        # 98 x 1.002 before the machine's factor)
        meds = sorted(m.scan_nodes[1][0] for m in like + [slow])
        med = meds[3]
        self.assertEqual(slow.scan_reasons, [
            "node 1: %.0f %% slower latency than the 7 like machines' "
            "median %.3g ns" % (100 * (slow.scan_nodes[1][0] / med - 1),
                                med)])
        self.assertRegex(bf.notes(slow), r"^scan node 1: 19 % slower latency "
                         r"than the 7 like machines' median 98\.[0-9] ns; ")

    def test_threshold_is_strict_both_figures(self):
        def one(name, ns, gb):	# one range a node: its figure exactly
            return machine(name, edit=lambda r: add_scan(
                r, {0: (ns, gb)}, ranges=1))
        ms = [one("a", 100.0, 40.0), one("b", 100.0, 40.0),
              one("at", 110.0, 36.0)]
        groups(ms)	# medians 100 ns, 40 GB/s: exactly 10 % off
        self.assertEqual([m.scan_reasons for m in ms], [[], [], []])
        ms[2] = one("over", 110.1, 35.6)
        groups(ms)
        self.assertEqual(ms[2].scan_reasons, [
            "node 0: 10.1 % slower latency than the 3 like machines' "
            "median 100 ns",
            "node 0: 11 % lower bandwidth than the 3 like machines' "
            "median 40 GB/s"])
        self.assertEqual([m.scan_reasons for m in ms[:2]], [[], []])
        fast = scanned("fast", {0: (60.0, 60.0), 1: (60.0, 60.0)})
        self.fleet(fast)
        self.assertEqual(fast.scan_reasons, [])	# faster is no flag

    def test_no_scan_and_alone(self):
        bare = machine("bare")
        like, gs = self.fleet(bare)
        self.assertIsNone(bare.scan)
        self.assertEqual(bf.scan_verdict(bare, gs[0]), "no scan")
        self.assertFalse(bf.flagged(bare))
        one = scanned("one", self.LIKE)
        g = groups([one, machine("other")])[0]
        self.assertEqual(bf.scan_verdict(one, g), "alone: nothing to compare")

    def test_own_flags_and_same_range_listed_not_flagged(self):
        def hot(e, k):
            if k == 2:
                e["ns_median"] = round(e["ns_median"] * 1.3, 2)
                e["flag"] = "latency 30% above the node's median"
        odd = scanned("odd", self.LIKE, edit=hot)
        self.fleet(odd)
        self.assertFalse(bf.flagged(odd))
        self.assertEqual(bf.scan_own_flags(odd), 1)
        notes = bf.scan_range_notes(odd)
        self.assertEqual(notes[0], "its scan flagged 1 range")
        self.assertRegex(notes[1], r"^slower than the same range on like "
                         r"machines: 0x180000000 latency \+(29|30|31) %$")

    def test_missing_node_and_fewer_gib_noted(self):
        one_node = scanned("half", {0: self.LIKE[0]})
        self.fleet(one_node)
        self.assertEqual(one_node.scan_notes, [
            "node 1 not in its scan (6 of the 7 like machines' scans have "
            "it)"])

    def test_no_srat_node(self):
        def nonode(e, k):
            e["node"] = None
        ms = [scanned("m%d" % i, {0: (90.0 + i, 40.0)}, edit=nonode)
              for i in range(3)]
        ms.append(scanned("x", {0: (120.0, 40.0)}, edit=nonode))
        groups(ms)
        self.assertEqual(len(ms[3].scan_reasons), 1)
        self.assertTrue(ms[3].scan_reasons[0].startswith(
            "node ? (no SRAT): "), ms[3].scan_reasons)

    def test_text_and_csv(self):
        slow = scanned("slow", {0: (90.0, 40.0), 1: (98.0 * 1.2, 38.0)})
        bare = machine("bare")
        like, gs = self.fleet(slow)
        gs = groups(like + [slow, bare])
        out = io.StringIO()
        bf.print_text(gs, 5.0, out)
        text = out.getvalue()
        self.assertRegex(text, r"\n    slow +0 +4 +90\.[0-9] +40\.[0-9] +0  "
                         r"FLAGGED\n")
        self.assertRegex(text, r"\n    bare +- +- +- +- +-  no scan\n")
        self.assertIn("    slow: scan node 1: 19 % slower latency", text)
        self.assertIn("more than 10% above the median of the like machines",
                      text)
        out = io.StringIO()
        bf.print_csv(gs, out)
        by = {r["id"]: r for r in csv.DictReader(io.StringIO(out.getvalue()))}
        self.assertEqual(by["slow"]["scan"], "FLAGGED")
        self.assertEqual(by["slow"]["flagged"], "scan")
        self.assertEqual(by["m0"]["scan"], "ok")
        self.assertEqual(by["bare"]["scan"], "no scan")
        self.assertEqual(by["m0"]["scan_ranges"], "8")
        self.assertRegex(by["slow"]["scan_nodes"],
                         r"^node 0: 90\.[0-9] ns 40\.[0-9] GB/s 4 ranges; "
                         r"node 1: 117\.[0-9] ns 38\.[0-9] GB/s 4 ranges$")

    def test_no_scan_anywhere_prints_no_scan_section(self):
        gs = groups([machine("a"), machine("b")])
        out = io.StringIO()
        bf.print_text(gs, 5.0, out)
        self.assertNotIn("scan", out.getvalue())

    def test_malformed_scan_entries_ignored(self):
        def bad(r):
            add_scan(r, self.LIKE)
            r["scan"] += ["x", {"node": True, "ns_median": "fast",
                                "gb_per_s_median": -1}]
        m = machine("bad", edit=bad)
        groups([m, scanned("b", self.LIKE)])
        self.assertEqual(sorted(m.scan_nodes, key=bf.node_order),
                         [None, 0, 1])
        self.assertEqual(m.scan_nodes[None][:3], (None, None, 0))


class Rule(unittest.TestCase):
    def test_lone_outlier_in_three_flagged_siblings_not(self):
        ms = [machine("a", 100.0), machine("b", 103.0), machine("c", 140.0)]
        groups(ms)
        self.assertEqual([flagged_figures(m) for m in ms],
                         [[], [], ["dram_ns"]])
        self.assertAlmostEqual(ms[2].dev[DRAM_NS], 100.0 * 37 / 103)

    def test_threshold_is_strict_and_both_directions(self):
        ms = [machine("a", 100.0), machine("b", 100.0), machine("c", 100.0),
              machine("at", 105.0), machine("over", 94.9)]
        groups(ms)	# median 100
        self.assertEqual([flagged_figures(m) for m in ms],
                         [[], [], [], [], ["dram_ns"]])
        groups(ms, threshold=4.0)
        self.assertEqual(flagged_figures(ms[3]), ["dram_ns"])

    def test_two_machines_both_flagged_beyond_twice_the_threshold(self):
        ms = [machine("a", 100.0), machine("b", 109.0)]
        groups(ms)
        self.assertEqual([flagged_figures(m) for m in ms], [[], []])
        ms = [machine("a", 100.0), machine("b", 111.0)]
        groups(ms)
        self.assertEqual([flagged_figures(m) for m in ms],
                         [["dram_ns"], ["dram_ns"]])

    def test_group_of_one(self):
        m = machine("a", 500.0)
        g = groups([m])[0]
        self.assertFalse(bf.flagged(m))
        self.assertEqual(bf.verdict(m, g), "alone: nothing to compare")

    def test_missing_figure_not_compared(self):
        ms = [machine("a"), machine("b"), machine("c"),
              machine("none", edit=lambda r: r["summary"].update(dram_ns=None))]
        groups(ms)
        self.assertIsNone(ms[3].values[DRAM_NS])
        self.assertFalse(bf.flagged(ms[3]))
        self.assertEqual(bf.cell(ms[3], DRAM_NS), "-")

    def test_status_error_flagged(self):
        def fail(r):
            r["status"] = "error"
            r["errors"] = [{"code": "x", "message": "no memory"}]
            r["summary"]["dram_ns"] = None
        ms = [machine("a"), machine("b"), machine("bad", edit=fail)]
        groups(ms)
        self.assertTrue(bf.flagged(ms[2]))
        self.assertIn("run failed (status error: no memory)", bf.notes(ms[2]))

    def test_spread_is_scaled_mad(self):
        ms = [machine(n, v) for n, v in
              (("a", 90.0), ("b", 100.0), ("c", 110.0), ("d", 100.0))]
        g = groups(ms)[0]
        # median 100, |deviations| 10, 0, 10, 0: MAD 5.
        self.assertAlmostEqual(g.spreads[DRAM_NS], 1.4826 * 5)


class Grouping(unittest.TestCase):
    def test_brand_and_cpu_count_make_the_group(self):
        def brand(r):
            r["machine"]["cpu"]["brand"] = "Other CPU"

        def cpus(r):
            r["machine"]["cpu"]["logical_processors"] = 16
        ms = [machine("a"), machine("b", edit=brand), machine("c", edit=cpus),
              machine("d", edit=half_dimms), machine("e", edit=slow_dimms)]
        gs = groups(ms)
        self.assertEqual([[m.path for m in g.machines] for g in gs],
                         [["a", "d", "e"], ["c"], ["b"]])


    def arm(self, name, brand=None, vendor=None, cpus=None, dram_ns=None):
        r = copy.deepcopy(ARM_EXAMPLE)
        c = r["machine"]["cpu"]
        if brand is not None:
            c["brand"] = brand
        if vendor is not None:
            c["vendor"] = vendor
        if cpus is not None:
            c["logical_processors"] = cpus
        if dram_ns is not None:
            r["summary"]["dram_ns"] = dram_ns
        return bf.Machine(name, r)

    def test_arm_by_part_revision_a_cause(self):
        ms = [self.arm("n1a", "Neoverse N1 r3p1", "Arm", 80, 100.0),
              self.arm("n1b", "Neoverse N1 r3p1", "Arm", 80, 101.0),
              self.arm("n1c", "Neoverse N1 r4p0", "Arm", 80, 100.5),
              self.arm("v2", "Neoverse V2 r0p0", "Arm", 80),
              self.arm("n1-64", "Neoverse N1 r3p1", "Arm", 64)]
        gs = groups(ms)
        self.assertEqual([(g.key, [m.path for m in g.machines]) for g in gs],
                         [(("Neoverse N1", 64, "aarch64"), ["n1-64"]),
                          (("Neoverse N1", 80, "aarch64"),
                           ["n1a", "n1b", "n1c"]),
                          (("Neoverse V2", 80, "aarch64"), ["v2"])])
        self.assertIn("cpu revision r4p0 (group: r3p1)", ms[2].causes)
        self.assertEqual(ms[0].causes, [])
        self.assertEqual(gs[1].title(),
                         "Neoverse N1, 80 logical cpus, aarch64: 3 machines")

    def test_unnamed_arm_part_keeps_its_implementer(self):
        # The real QEMU file: MIDR implementer 0, part 0x051, unnamed.
        plain = self.arm("qemu")
        self.assertEqual(plain.key[0], "%s part 0x051" % ARM_EXAMPLE[
            "machine"]["cpu"]["vendor"])
        a = self.arm("a", "part 0x0d0c r3p1", "Arm")
        b = self.arm("b", "part 0x0d0c r3p1", "Ampere")
        self.assertEqual(len(groups([a, b])), 2)

    def test_architectures_never_share_a_group(self):
        x86 = machine("x86")
        brand = x86.r["machine"]["cpu"]["brand"]
        cpus = x86.r["machine"]["cpu"]["logical_processors"]
        # an Arm file whose brand and cpu count are the x86 one's
        arm = self.arm("arm", brand, "Arm", cpus)
        older = machine("old", edit=lambda r: r["machine"]["cpu"].pop("arch",
                                                                      None))
        gs = groups([x86, arm, older])
        self.assertEqual([[m.path for m in g.machines] for g in gs],
                         [["arm"], ["x86", "old"]])
        self.assertEqual([g.key[2] for g in gs], ["aarch64", "x86_64"])
        out = io.StringIO()
        bf.print_csv(gs, out)
        rows = list(csv.DictReader(io.StringIO(out.getvalue())))
        self.assertEqual([(r["id"], r["arch"]) for r in rows],
                         [("arm", "aarch64"), ("x86", "x86_64"),
                          ("old", "x86_64")])


class Causes(unittest.TestCase):
    def fleet(self):
        like = [machine("m%d" % i, 94.0 + i * 0.4, 21.4 - i * 0.1, 44.8 + i * 0.1)
                for i in range(4)]
        half = machine("half", 94.5, 21.3, 24.1, edit=half_dimms)
        slow = machine("slow", 108.0, 19.0, 40.0, edit=slow_dimms)
        groups(like + [half, slow])
        return like, half, slow

    def test_half_dimms_and_slow_speed(self):
        like, half, slow = self.fleet()
        for m in like:
            self.assertFalse(bf.flagged(m), m.path)
            self.assertEqual(m.causes, [])
        self.assertEqual(flagged_figures(half), ["dram_all_cpus_gb_per_s"])
        self.assertEqual(half.causes, ["fewer DIMMs: 1x32G (group: 2x32G)"])
        self.assertEqual(flagged_figures(slow),
                         ["dram_ns", "dram_gb_per_s", "dram_all_cpus_gb_per_s"])
        self.assertEqual(slow.causes, ["lower configured DIMM speed: 2400 "
                                       "MT/s (group: 3200 MT/s)"])

    def test_prefetch_firmware_microcode(self):
        def other(r):
            r["config"]["prefetch"] = "off"
            r["machine"]["firmware"]["bios_version"] = "1.3.9"
            r["machine"]["cpu"]["microcode"] = "0x2b000461"
        ms = [machine("a"), machine("b"), machine("c"),
              machine("x", 120.0, edit=other)]
        for m in ms[:3]:
            m.r["config"]["prefetch"] = "on"
        groups(ms)
        self.assertEqual(ms[3].causes, [
            "prefetch off (group: on)",
            "firmware BIOS 1.3.9, UEFI 5.27 (group: BIOS 1.4.2, UEFI 5.27)",
            "microcode 0x2b000461 (group: 0x2b000571)"])

    def test_no_usual_value(self):
        ms = [machine("a"), machine("b", edit=slow_dimms)]
        groups(ms)
        self.assertEqual(ms[0].causes, ["DIMM speed 3200 MT/s (others: 2400)"])

    def test_flag_without_cause(self):
        ms = [machine("a"), machine("b"), machine("c", 200.0)]
        groups(ms)
        self.assertEqual(bf.notes(ms[2]), "no cause in the file")


class Output(unittest.TestCase):
    def test_ident_from_upload_name(self):
        self.assertEqual(machine("x/525400a1b2c3-20261124T080000Z.json").ident,
                         "52:54:00:a1:b2:c3")
        self.assertEqual(machine("x/run-0001.json").ident, "run-0001.json")

    def test_newest_upload_per_mac(self):
        ms = [machine("d/525400000001-20261124T080000Z.json", 200.0),
              machine("d/525400000001-20261124T090000Z.json"),
              machine("e/525400000001-20261123T230000Z.json", 300.0),
              machine("d/525400000002-20261124T080000Z.json"),
              machine("d/run-0001.json"), machine("e/run-0001.json")]
        notes = []
        kept = bf.newest_per_mac(ms, notes.append)
        self.assertEqual([m.path for m in kept],
                         [ms[i].path for i in (1, 3, 4, 5)])
        self.assertEqual(kept[0].earlier, 2)
        self.assertEqual(len(notes), 2)
        self.assertRegex(notes[0], r"^left out d/525400000001-20261124T080000Z"
                         r"\.json: an earlier run of 52:54:00:00:00:01 than "
                         r"d/525400000001-20261124T090000Z\.json$")
        groups(kept)
        self.assertEqual(bf.notes(kept[0]), "newest of 3 runs")

    def test_csv_has_one_row_per_machine(self):
        like, half, slow = Causes().fleet()
        gs = groups(like + [half, slow])
        out = io.StringIO()
        bf.print_csv(gs, out)
        rows = list(csv.DictReader(io.StringIO(out.getvalue())))
        self.assertEqual([r["id"] for r in rows],
                         [m.ident for g in gs for m in g.machines])
        by = {r["id"]: r for r in rows}
        self.assertEqual(by["slow"]["verdict"], "FLAGGED")
        self.assertEqual(by["m0"]["verdict"], "ok")
        self.assertEqual(float(by["half"]["dram_all_cpus_gb_per_s"]), 24.1)

    def test_csv_cells_never_start_a_formula(self):
        def hostile(brand, maker):
            def edit(r):
                r["machine"]["cpu"]["brand"] = brand
                r["machine"]["system"]["manufacturer"] = maker
            return edit
        ms = [machine("=cmd|' -C calc'!A0",
                      edit=lambda r: add_scan(hostile(
                          '=HYPERLINK("http://x","y")', "+1+1")(r) or r,
                          {0: (90.0, 40.0)})),
              machine("m1", edit=hostile("-2+3", "@SUM(A1)")),
              machine("m2", edit=hostile("\tTab CPU", "\rCR maker")),
              machine("m3", -90.0)]
        gs = groups(ms)
        out = io.StringIO()
        bf.print_csv(gs, out)
        rows = list(csv.reader(io.StringIO(out.getvalue())))
        def number(cell):
            try:
                float(cell)
                return True
            except ValueError:
                return False
        for row in rows[1:]:
            for cell in row:
                self.assertFalse(cell.startswith(("=", "+", "-", "@", "\t", "\r")) and
                                 not number(cell),
                                 "cell %r of row %r" % (cell, row))
        by = {r[4]: r for r in rows[1:]}
        self.assertEqual(by["'=cmd|' -C calc'!A0"][1],
                         "'=HYPERLINK(\"http://x\",\"y\")")
        self.assertEqual(by["m1"][1], "'-2+3")
        self.assertEqual(by["m1"][3].split()[0], "'@SUM(A1)")
        # Numbers stay numbers: a negative figure is not text.
        self.assertEqual(float(by["m3"][6]), -90.0)
        # The table a person reads is not changed.
        table = io.StringIO()
        bf.print_text(gs, 5.0, table)
        self.assertIn('=HYPERLINK("http://x","y")', table.getvalue())
        self.assertNotIn("'=HYPERLINK", table.getvalue())

    def test_csv_separator_pieces_never_start_a_formula(self):
        """A spreadsheet whose separator is ';' (or tab, '|', ',' when it
        ignores quotes) splits a cell: every string is quoted, and no
        piece between separators starts a formula."""
        texts = ["x;=HYPERLINK(\"http://x\",\"y\")", "a,+1", "b\t@SUM(A1)",
                 "c|-2+3", "d; \t=1", "e\r\n=2"]
        ms = [machine("m%d" % i, edit=lambda r, t=t: (
                  r["machine"]["cpu"].__setitem__("brand", t),
                  r["machine"]["system"].__setitem__("manufacturer", t)))
              for i, t in enumerate(texts)]
        out = io.StringIO()
        bf.print_csv(groups(ms), out)
        raw = out.getvalue()
        rows = list(csv.reader(io.StringIO(raw)))
        self.assertEqual(len(rows), 1 + len(texts))
        by = {r[4]: r for r in rows[1:]}
        self.assertEqual(by["m0"][1], "x;'=HYPERLINK(\"http://x\",\"y\")")
        for i, t in enumerate(texts):
            for cell in (by["m%d" % i][1], by["m%d" % i][3]):
                for piece in re.split(r"[,;\t|\r\n]", cell):
                    self.assertFalse(
                        piece.lstrip(" ").startswith(bf.FORMULA_START),
                        "piece %r of cell %r" % (piece, cell))
                # Only apostrophes added: the text is all there.
                # (tab, CR, LF: shown as '?' by the report's text())
                self.assertTrue(cell.replace("'", "").startswith(
                    "".join(c if c.isprintable() else "?" for c in t)), cell)
        # Every text field quoted: this reader takes an unquoted field for
        # a number and raises when it is not one.
        list(csv.reader(io.StringIO(raw), quoting=csv.QUOTE_NONNUMERIC))
        # Quoted: the brand's cell, read with ';' as the separator as such
        # a spreadsheet reads it, is still one cell.
        line = [x for x in raw.splitlines() if ',"m0",' in x][0]
        self.assertIn('"x;\'=HYPERLINK(""http://x"",""y"")"', line)
        for fields in csv.reader(io.StringIO(raw), delimiter=";"):
            self.assertFalse(any(f.lstrip(" ").startswith("=") for f in fields),
                             fields)

    def test_load_skips_what_is_not_results(self):
        import tempfile
        notes = []
        with tempfile.TemporaryDirectory() as d:
            for name, body in (("a.json", '{"schema": "baremem-summary/1"}'),
                               ("b.json", "not json"),
                               ("c.json", json.dumps(EXAMPLE))):
                with open(os.path.join(d, name), "w") as f:
                    f.write(body)
            got = [bf.load(p, notes.append) for p in bf.results_files([d])]
        self.assertEqual([g is not None for g in got], [False, False, True])
        self.assertRegex(notes[0], r"a\.json: a baremem-summary \(the EFI "
                         r"variable's content\), not a results file")
        self.assertRegex(notes[1], r"b\.json: not JSON")


if __name__ == "__main__":
    with open(sys.argv.pop(1)) as f:
        EXAMPLE = json.load(f)
    with open(sys.argv.pop(1)) as f:
        ARM_EXAMPLE = json.load(f)
    unittest.main(verbosity=1)
