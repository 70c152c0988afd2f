"""The HTML report of one or many baremem runs (scripts/baremem-report
--html OUT.html FILE...): the same page the app writes beside its JSON
(lib/report/), for any number of results files side by side, bare metal
and Linux alike. One file: the CSS of lib/report/report.css inlined, the
charts inline SVG, no JavaScript, no external resource. Every string from
a results file is escaped (SMBIOS text is attacker-controlled).

The axis rules (round ranges, 1-2-5 ticks, labels) are lib/report/axes.c's,
so a chart looks the same from either writer.
"""
import html
import math
import os

from baremem_json import JsonDecimal
from baremem_results import load_json

LEVELS = ("L1", "L2", "L3", "DRAM")
SUM_KEYS = ("l1", "l2", "l3", "dram")
CHART_W, CHART_H = 760, 380
SERIES = 8
HEAT_STEPS = 10
CSS_PATH = os.path.join(os.path.dirname(os.path.realpath(__file__)),
                        "..", "lib", "report", "report.css")


def esc(v):
    """Text or attribute value from a file: & < > " ' as entities, and the
    code points HTML5 calls input parse errors as U+FFFD, as html.c does."""
    out = []
    for c in str(v):
        o = ord(c)
        if c in "\t\n\r":
            out.append(c)
        elif (o < 0x20 or 0x7f <= o < 0xa0 or 0xfdd0 <= o <= 0xfdef
              or (o & 0xfffe) == 0xfffe or 0xd800 <= o <= 0xdfff):
            out.append("\ufffd")
        else:
            out.append(c)
    return html.escape("".join(out), quote=True).replace("&#x27;", "&#39;")


def is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) \
        and math.isfinite(v)


# Axes (lib/report/axes.c) --------------------------------------------------

class Axis:
    def __init__(self, scale, lo, hi):
        self.scale, self.lo, self.hi = scale, lo, hi
        self.px_lo = self.px_hi = 0.0

    def px(self, v):
        lo, hi = self.lo, self.hi
        if self.scale != "linear":
            if not v > 0:
                return self.px_lo
            v, lo, hi = math.log2(v), math.log2(lo), math.log2(hi)
        f = 0.0 if hi == lo else (v - lo) / (hi - lo)
        return self.px_lo + f * (self.px_hi - self.px_lo)

    def placeable(self, v):
        return is_num(v) and (self.scale == "linear" or v > 0)


def nice_step(span, n):
    raw = span / max(n, 1)
    p = 10.0 ** math.floor(math.log10(raw))
    f = raw / p
    if f >= 10:
        p, f = p * 10, f / 10
    for m in (1, 2, 5):
        if f <= m:
            return m * p
    return 10 * p


def axis_fit(scale, lo, hi):
    if not (is_num(lo) and is_num(hi)) or lo > hi:
        lo = hi = 0.0 if scale == "linear" else 1.0
    if scale == "linear":
        base = min(lo, 0.0)
        if hi <= base:
            hi = base + 1.0
        step = nice_step(hi - base, 5)
        a_lo = math.floor(base / step) * step if base < 0 else 0.0
        a_hi = math.ceil(hi / step) * step
        return Axis(scale, a_lo, a_hi if a_hi > a_lo else a_lo + step)
    if not hi > 0:
        hi = 1.0
    if not lo > 0:
        lo = hi / 16
    lg = math.log2 if scale == "log2" else math.log10
    e0 = math.floor(lg(lo) + 1e-9)
    e1 = math.ceil(lg(hi) - 1e-9)
    if e1 <= e0:
        e1 = e0 + 1
    b = 2.0 if scale == "log2" else 10.0
    return Axis(scale, b ** e0, b ** e1)


def power_ticks(lo, hi, base, max_ticks):
    lg = math.log2 if base == 2 else math.log10
    e0 = math.ceil(lg(lo) - 1e-9)
    e1 = math.floor(lg(hi) + 1e-9)
    k = 1
    while (e1 - e0) // k + 1 > max_ticks:
        k += 1
    return [base ** e for e in range(e0, e1 + 1) if e % k == 0]


def axis_ticks(a, max_ticks):
    if a.scale == "log2":
        return power_ticks(a.lo, a.hi, 2, max_ticks)
    if a.scale == "log10":
        e0 = math.floor(math.log10(a.lo) + 1e-9)
        e1 = math.ceil(math.log10(a.hi) - 1e-9)
        if e1 - e0 > 2 or 3 * (e1 - e0) + 1 > max_ticks:
            return power_ticks(a.lo, a.hi, 10, max_ticks)
        return [m * 10.0 ** e for e in range(e0, e1 + 1) for m in (1, 2, 5)
                if a.lo * (1 - 1e-9) <= m * 10.0 ** e <= a.hi * (1 + 1e-9)]
    step = nice_step(a.hi - a.lo, max_ticks - 1)
    while True:
        i0 = math.ceil(a.lo / step - 1e-9)
        i1 = math.floor(a.hi / step + 1e-9)
        if i1 - i0 + 1 <= max_ticks:
            return [i * step for i in range(i0, i1 + 1)]
        step = nice_step(step * 1.5, 1)


def size_label(n):
    """lib/util/fmt.c fmt_size: the shortest exact label, <= 2 decimals."""
    n = int(round(n))
    for i, unit in ((4, "T"), (3, "G"), (2, "M"), (1, "K")):
        div = 1 << (10 * i)
        if n >= div and (n * 100) % div == 0:
            v = n / div
            return ("%d" % v if v == int(v) else
                    ("%.1f" % v if (n * 10) % div == 0 else "%.2f" % v)) + unit
    return "%d" % n


def num_label(v):
    mag = abs(v)
    if mag >= 1e6:
        return num_digits(v / 1e6) + "M"
    if mag >= 1e4:
        return num_digits(v / 1e3) + "k"
    return num_digits(v)


def num_digits(v):
    mag = abs(v)
    for d in range(3):
        r = math.floor(mag * 10 ** d + 0.5) / 10 ** d
        if abs(r - mag) <= mag * 1e-6:
            return "%.*f" % (d, v)
    return "%.3f" % v


def cache_marks(run):
    """The largest data/unified cache of levels 1..3 (axes.c)."""
    marks = []
    caches = run.get("machine", {}).get("caches", [])
    for level in (1, 2, 3):
        sizes = [c["size_bytes"] for c in caches
                 if c.get("level") == level and c.get("type") != "instruction"
                 and is_num(c.get("size_bytes"))]
        if sizes and max(sizes) > 0:
            marks.append(("L%d" % level, max(sizes)))
    return marks


# SVG (lib/report/svg.c) ----------------------------------------------------

class Plot:
    def __init__(self, out, x, y, width, height, x_labels, x_title,
                 y_labels, y_title):
        self.out, self.x, self.y = out, x, y
        self.left, self.right, self.top = 62, width - 16, 22
        self.bottom = height - (40 if x_labels is None else 44)
        x.px_lo, x.px_hi = self.left, self.right
        y.px_lo, y.px_hi = self.bottom, self.top
        out.append('<svg class="chart" viewBox="0 0 %d %d" '
                   'xmlns="http://www.w3.org/2000/svg" role="img">\n'
                   % (width, height))
        out.append('<rect class="area" x="%.1f" y="%.1f" width="%.1f" '
                   'height="%.1f"/>\n' % (self.left, self.top,
                                          self.right - self.left,
                                          self.bottom - self.top))
        if x_labels is not None:
            for t in axis_ticks(x, 10):
                if x_labels == "int" and t != int(t):
                    continue
                px = x.px(t)
                out.append('<line class="grid" x1="%.1f" y1="%.1f" x2="%.1f" '
                           'y2="%.1f"/><text class="tick" x="%.1f" y="%.1f" '
                           'text-anchor="middle">%s</text>\n'
                           % (px, self.top, px, self.bottom, px,
                              self.bottom + 16, label(x_labels, t)))
        for t in axis_ticks(y, 8):
            py = y.px(t)
            out.append('<line class="grid" x1="%.1f" y1="%.1f" x2="%.1f" '
                       'y2="%.1f"/><text class="tick" x="%.1f" y="%.1f" '
                       'text-anchor="end">%s</text>\n'
                       % (self.left, py, self.right, py, self.left - 6,
                          py + 4, label(y_labels, t)))
        out.append('<text class="title" x="%.1f" y="%d" text-anchor="middle">'
                   '%s</text>\n' % ((self.left + self.right) / 2, height - 8,
                                    esc(x_title)))
        out.append('<text class="title" transform="translate(14 %.1f) '
                   'rotate(-90)" text-anchor="middle">%s</text>\n'
                   % ((self.top + self.bottom) / 2, esc(y_title)))

    def path(self, pts, series):
        pts = [(x, y) for x, y in pts
               if self.x.placeable(x) and self.y.placeable(y)]
        if not pts:
            return
        d = " L".join("%.1f %.1f" % (self.x.px(x), self.y.px(y))
                      for x, y in pts)
        self.out.append('<path class="line s%d" d="M%s"/>\n'
                        % (series % SERIES, d))

    def dots(self, pts, series):
        for x, y in pts:
            if self.x.placeable(x) and self.y.placeable(y):
                self.out.append('<circle class="dot s%d" cx="%.1f" cy="%.1f" '
                                'r="2.5"/>\n' % (series % SERIES,
                                                 self.x.px(x), self.y.px(y)))

    def vmark(self, x, text):
        px = self.x.px(x)
        if self.left <= px <= self.right:
            self.out.append('<line class="mark" x1="%.1f" y1="%.1f" x2="%.1f" '
                            'y2="%.1f"/><text class="marklabel" x="%.1f" '
                            'y="%.1f" text-anchor="middle">%s</text>\n'
                            % (px, self.top, px, self.bottom, px,
                               self.top - 6, esc(text)))

    def hmark(self, y, text):
        """svg_hmark: a dashed line across the plot at y, labelled."""
        if is_num(y) and y > 0:
            py = self.y.px(y)
            self.out.append('<line class="mark ceiling" x1="%.1f" y1="%.1f" '
                            'x2="%.1f" y2="%.1f"/><text class="marklabel" '
                            'x="%.1f" y="%.1f" text-anchor="end">%s</text>\n'
                            % (self.left, py, self.right, py, self.right - 4,
                               py - 5, esc(text)))

    def bar(self, cx, w, v, series):
        if not is_num(v):
            return
        y0, y1 = self.y.px(0), self.y.px(v)
        self.out.append('<rect class="bar s%d" x="%.1f" y="%.1f" width="%.1f" '
                        'height="%.1f"/>\n' % (series % SERIES, cx - w / 2,
                                               min(y0, y1), w, abs(y0 - y1)))

    def span(self, x0, x1, v, node, base):
        """svg_span: a bar from 0 to v over data x0..x1 (a range of
        addresses) in its node's colour; nothing when not measured."""
        if not is_num(v) or v <= 0:
            return
        def tenths(px):
            return int(px * 10 + 0.5)
        y0, y1 = tenths(self.y.px(0)), tenths(self.y.px(v))
        lft, rgt = tenths(self.x.px(x0)), tenths(self.x.px(x1))
        if rgt - lft > 10:
            rgt -= 1
        if rgt - lft < 5:
            rgt = lft + 5
        cls = "nonode" if not is_num(node) else "s%d" % (node % SERIES)
        self.out.append('<rect class="bar range %s" data-base="%d" '
                        'data-node="%s" x="%.1f" y="%.1f" width="%.1f" '
                        'height="%.1f"/>\n' % (
                            cls, base, node if is_num(node) else "none",
                            lft / 10, y1 / 10, (rgt - lft) / 10,
                            (y0 - y1) / 10))

    def flag(self, x, v, base):
        """svg_flag: a triangle pointing down at the top of a bar."""
        if is_num(v) and v > 0:
            self.out.append('<path class="flag" data-base="%d" '
                            'd="M%.1f %.1fl-5 -9h10z"/>\n'
                            % (base, self.x.px(x), self.y.px(v) - 2))

    def text(self, x, y, s):
        self.out.append('<text class="tick" x="%.1f" y="%.1f" '
                        'text-anchor="middle">%s</text>\n' % (x, y, esc(s)))

    def end(self):
        self.out.append("</svg>\n")


def label(kind, v):
    return size_label(v) if kind == "bytes" else num_label(v)


def heat_step(v, lo, hi):
    if not is_num(v):
        return 0
    if not hi > lo:
        return HEAT_STEPS // 2
    return max(0, min(HEAT_STEPS - 1, int((v - lo) / (hi - lo) * HEAT_STEPS)))


def legend(out, items):
    out.append('<ul class="legend">')
    for series, text in items:
        out.append('<li><span class="sw s%d"></span>%s</li>'
                   % (series % SERIES, esc(text)))
    out.append("</ul>\n")


# Sections ------------------------------------------------------------------

def summary_table(out, r, run_attr):
    s = r.get("summary", {})
    rg = s.get("read_gb_per_s", {})

    def cell(key, v):
        if fnum(v) is None:
            return '<td class="none" data-key="%s">&#8211;</td>' % key
        return '<td class="num" data-key="%s">%s</td>' % (key, esc(v))

    out.append('<table class="summary"%s>\n<tr><th></th>' % run_attr
               + "".join("<th>%s</th>" % l for l in LEVELS) + "</tr>\n")
    out.append("<tr><th>latency, ns</th>" + "".join(
        cell("%s_ns" % k, s.get("%s_ns" % k)) for k in SUM_KEYS) + "</tr>\n")
    out.append("<tr><th>latency, core cycles</th>" + "".join(
        cell("%s_cycles" % k, s.get("%s_cycles" % k)) for k in SUM_KEYS)
        + "</tr>\n")
    out.append("<tr><th>read, GB/s, 1 cpu</th>" + "".join(
        cell("read_gb_per_s.%s" % k, rg.get(k)) for k in SUM_KEYS) + "</tr>\n")
    if s.get("all_cpus"):
        out.append("<tr><th>read, GB/s, %d cpus at once</th><td></td><td></td>"
                   "<td></td>%s</tr>\n" % (int(s["all_cpus"]), cell(
                       "read_gb_per_s.dram_all_cpus", rg.get("dram_all_cpus"))))
    # the DIMMs' ceiling, where the run had one (as report_html.c)
    if s.get("ceiling_gb_per_s") is not None:
        out.append("<tr><th>DIMMs' ceiling, GB/s (one DIMM per channel)</th>"
                   "<td></td><td></td><td></td>%s</tr>\n"
                   % cell("ceiling_gb_per_s", s.get("ceiling_gb_per_s")))
        out.append("<tr><th>all-cpus DRAM read, of the ceiling</th>"
                   "<td></td><td></td><td></td>%s</tr>\n"
                   % cell("dram_all_cpus_of_ceiling",
                          s.get("dram_all_cpus_of_ceiling")))
    out.append("</table>\n")


def msgs(out, r):
    for key in ("errors", "warnings"):
        if r.get(key):
            out.append('<ul class="msgs %s">\n' % key + "".join(
                "<li>%s</li>\n" % esc(m) for m in r[key]) + "</ul>\n")


def lat_series(points):
    keys = []
    for p in points:
        k = (p.get("cpu"), p.get("page_bytes"), p.get("prefetch"))
        if k not in keys:
            keys.append(k)
    return keys


def lat_name(k, prefix=""):
    cpu, page, pf = k
    return "%scpu %s, %s pages%s" % (
        prefix, cpu, size_label(page) if is_num(page) else "?",
        ", prefetchers " + pf if pf else "")


def fnum(v):
    """A figure of the file (a number, or a decimal's text) as a float;
    None for null and for anything else (a string where a figure
    belongs)."""
    if isinstance(v, bool) or not isinstance(v, (int, float, JsonDecimal)):
        return None
    return float(v)


def chart_latency(out, runs):
    """runs: [(name prefix, run)]. A curve per run, cpu, page size and
    prefetch state of two points or more (at most SERIES - 1 in all); the
    other points (a cpu measured at one size) as grey dots, as
    report_charts.c draws them."""
    curves, others = [], []
    for prefix, r in runs:
        pts = r.get("latency") or []
        for k in lat_series(pts):
            curve = sorted((p["size_bytes"], fnum(p["ns_median"])) for p in pts
                           if (p.get("cpu"), p.get("page_bytes"),
                               p.get("prefetch")) == k)
            if len(curve) >= 2 and len(curves) < SERIES - 1:
                curves.append((lat_name(k, prefix), curve))
            else:
                others += curve
    allpts = [q for _, c in curves for q in c] + others
    if not allpts:
        return
    out.append('<figure>\n<figcaption>Latency against working-set size '
               '(random chase, median ns per load)</figcaption>\n')
    ys = [y for _, y in allpts if y and y > 0]
    x = axis_fit("log2", min(p[0] for p in allpts), max(p[0] for p in allpts))
    y = axis_fit("log10", min(ys) if ys else 1, max(ys) if ys else 10)
    p = Plot(out, x, y, CHART_W, CHART_H, "bytes", "working set (bytes)",
             "num", "ns per load")
    marks = cache_marks(runs[0][1])
    for name, size in marks:
        p.vmark(size, name)
    for i, (_, curve) in enumerate(curves):
        p.path(curve, i)
        p.dots(curve, i)
    p.dots(others, SERIES - 1)
    p.end()
    legend(out, [(i, n) for i, (n, _) in enumerate(curves)]
           + ([(SERIES - 1, "cpus measured at one size")] if others else []))
    if marks:
        out.append('<p class="note">dashed: the detected cache sizes%s</p>\n'
                   % (" of the first run" if len(runs) > 1 else ""))
    out.append("</figure>\n")


def bw_value(r, kernel, level, cpus):
    for b in r.get("bandwidth") or []:
        if not b.get("scaling") and b.get("cpus") == cpus and \
                b.get("kernel") == kernel and b.get("level") == level:
            return fnum(b.get("gb_per_s_median"))
    return None


def chart_bandwidth(out, r):
    bw = [b for b in r.get("bandwidth") or [] if not b.get("scaling")]
    kernels = []
    for b in bw:
        if b.get("kernel") not in kernels:
            kernels.append(b.get("kernel"))
    kernels = kernels[:8]
    all_cpus = max([b.get("cpus", 1) for b in bw] + [1])
    if not r.get("bandwidth"):
        return
    out.append('<section class="bandwidth">\n<h2>Bandwidth</h2>\n'
               '<div class="charts">\n')
    for cpus in (1, all_cpus) if all_cpus > 1 else (1,):
        vals = [bw_value(r, k, l, cpus) for k in kernels for l in LEVELS]
        vals = [v for v in vals if v is not None]
        if not vals or max(vals) <= 0:
            continue
        out.append('<figure>\n<figcaption>Bandwidth per level, %d cpu%s'
                   '</figcaption>\n' % (cpus, "" if cpus == 1 else "s at once"))
        # the DIMMs' ceiling bounds the all-cpus read, not one cpu's
        ceiling = fnum(r.get("machine", {}).get("memory", {}).get(
            "ceiling_gb_per_s")) if cpus > 1 else None
        ceiling = ceiling if is_num(ceiling) and ceiling > 0 else None
        x = Axis("linear", 0, 4)
        y = axis_fit("linear", 0, max(vals + [ceiling or 0]))
        p = Plot(out, x, y, CHART_W // 2 + 80, CHART_H - 40, None, "level",
                 "num", "GB/s")
        group = (p.right - p.left) / 4
        for li, lev in enumerate(LEVELS):
            x0, w = p.left + li * group, group * 0.8 / len(kernels)
            for ki, k in enumerate(kernels):
                p.bar(x0 + group * 0.1 + w * (ki + 0.5), w * 0.9,
                      bw_value(r, k, lev, cpus), ki)
            p.text(x0 + group / 2, p.bottom + 16, lev)
        if ceiling:	# short: a long label runs over the bars above it
            p.hmark(ceiling, "DIMMs' ceiling")
        p.end()
        legend(out, list(enumerate(kernels)))
        if ceiling:
            out.append('<p class="note">dashed: the DIMMs&#39; ceiling, %.1f '
                       'GB/s (holds with one DIMM per channel)</p>\n'
                       % ceiling)
        out.append("</figure>\n")
    out.append("</div>\n")
    if kernels:
        out.append("<table>\n<tr><th>kernel</th><th>cpus</th>" + "".join(
            "<th>%s GB/s</th>" % l for l in LEVELS) + "</tr>\n")
        for cpus in (1, all_cpus) if all_cpus > 1 else (1,):
            for k in kernels:
                out.append('<tr><td>%s</td><td class="num">%d</td>'
                           % (esc(k), cpus))
                for lev in LEVELS:
                    v = bw_value(r, k, lev, cpus)
                    out.append('<td class="num">%s</td>' % (
                        "&#8211;" if v is None else "%.2f" % v))
                out.append("</tr>\n")
        out.append("</table>\n")
    chart_scaling(out, r)
    out.append("</section>\n")


def chart_scaling(out, r):
    sc = [b for b in r.get("bandwidth") or [] if b.get("scaling")]
    kernels = []
    for b in sc:
        if b.get("kernel") not in kernels:
            kernels.append(b.get("kernel"))
    if not kernels:
        return
    out.append('<figure>\n<figcaption>Scaling: DRAM bandwidth against cpus '
               'at once</figcaption>\n')
    x = axis_fit("linear", 0, max(b["cpus"] for b in sc))
    y = axis_fit("linear", 0, max(fnum(b["gb_per_s_median"]) for b in sc))
    p = Plot(out, x, y, CHART_W, CHART_H - 40, "int", "cpus", "num",
             "GB/s, all cpus together")
    for i, k in enumerate(kernels):
        pts = [(b["cpus"], fnum(b["gb_per_s_median"])) for b in sc
               if b.get("kernel") == k]
        p.path(pts, i)
        p.dots(pts, i)
    p.end()
    legend(out, list(enumerate(kernels)))
    out.append("</figure>\n")


def chart_loaded(out, r):
    pts = [(fnum(q["gb_per_s"]), fnum(q["ns"])) for q in r.get("loaded") or []]
    if not pts:
        return
    out.append('<section class="loaded">\n<h2>Loaded latency</h2>\n<figure>\n'
               '<figcaption>DRAM latency of one cpu while the others read'
               '</figcaption>\n')
    x = axis_fit("linear", 0, max(q[0] for q in pts))
    y = axis_fit("linear", 0, max(q[1] for q in pts))
    p = Plot(out, x, y, CHART_W, CHART_H - 40, "num",
             "the loaders' read bandwidth, GB/s", "num", "ns per load")
    p.path(pts, 0)
    p.dots(pts, 0)
    p.end()
    out.append('<p class="note">%d points; the one at 0 GB/s is the idle '
               'latency (no loaders).</p>\n</figure>\n</section>\n' % len(pts))


def chart_c2c(out, r):
    pts = r.get("c2c") or []
    if not pts:
        return
    cpus = sorted({q["from"] for q in pts} | {q["to"] for q in pts})
    idx = {c: i for i, c in enumerate(cpus)}
    n = len(cpus)
    ns = [fnum(q["ns"]) for q in pts]
    lo, hi = min(ns), max(ns)
    side, off = min(n * 56, 440), 48
    cell = side / n
    out.append('<section class="c2c">\n<h2>Core to core</h2>\n<figure>\n'
               '<figcaption>One-way cache-line transfer, ns (row: the cpu '
               'that served the line; column: the cpu that answered)'
               '</figcaption>\n<svg class="chart heat" viewBox="0 0 %d %d" '
               'xmlns="http://www.w3.org/2000/svg" role="img" '
               'style="max-width:%dpx">\n' % (side + off + 10, side + off + 10,
                                             side + off + 210))
    for q in pts:
        r_, c_ = idx[q["from"]], idx[q["to"]]
        h = heat_step(fnum(q["ns"]), lo, hi)
        out.append('<rect class="cell h%d" x="%.1f" y="%.1f" width="%.1f" '
                   'height="%.1f">' % (h, off + c_ * cell, off + r_ * cell,
                                       cell, cell))
        if n <= 32:
            out.append("<title>cpu %d to cpu %d: %.1f ns</title>"
                       % (q["from"], q["to"], fnum(q["ns"])))
        out.append("</rect>\n")
        if n <= 12:
            out.append('<text class="cellval%s" x="%.1f" y="%.1f" '
                       'text-anchor="middle">%.0f</text>\n'
                       % (" dark" if h >= 6 else "", off + (c_ + 0.5) * cell,
                          off + (r_ + 0.5) * cell + 4, fnum(q["ns"])))
    k = (n + 15) // 16 if n > 16 else 1
    for i in range(0, n, k):
        out.append('<text class="tick" x="%.1f" y="%d" text-anchor="middle">'
                   '%d</text><text class="tick" x="%d" y="%.1f" '
                   'text-anchor="end">%d</text>\n'
                   % (off + (i + 0.5) * cell, off - 6, cpus[i], off - 6,
                      off + (i + 0.5) * cell + 4, cpus[i]))
    out.append('</svg>\n<ul class="legend">' + "".join(
        '<li><span class="sw h%d"></span>%s</li>' % (
            s, "%.1f" % lo if s == 0 else "%.1f" % hi
            if s == HEAT_STEPS - 1 else "") for s in range(HEAT_STEPS))
        + "<li>ns</li></ul>\n</figure>\n</section>\n")


def numa_cells(out, m, unit):
    vals = [fnum(v) for row in m for v in row if v is not None]
    lo, hi = (min(vals), max(vals)) if vals else (0, 0)
    out.append("<table>\n<tr><th>cpu node \\ memory node, %s</th>" % unit
               + "".join("<th>%d</th>" % i for i in range(len(m))) + "</tr>\n")
    for c, row in enumerate(m):
        out.append("<tr><th>%d</th>" % c + "".join(
            '<td class="num">&#8211;</td>' if v is None else
            '<td class="num h%d">%.2f</td>' % (heat_step(fnum(v), lo, hi),
                                                fnum(v)) for v in row)
            + "</tr>\n")
    out.append("</table>\n")


def chart_numa(out, r):
    n = r.get("numa")
    if not n:
        return
    k = len(n.get("nodes", []))
    out.append('<section class="numa">\n<h2>NUMA</h2>\n<p class="note">%d '
               'node%s (from %s), %s working set per cell.</p>\n'
               % (k, "" if k == 1 else "s", esc(n.get("source")),
                  size_label(n.get("size_bytes", 0))))
    numa_cells(out, n.get("latency_ns", []), "latency ns")
    numa_cells(out, n.get("read_gb_per_s", []), "read GB/s")
    out.append("</section>\n")


GIB = float(1 << 30)


def scan_value(q, key):
    v = fnum(q.get(key))
    return v if is_num(v) and v > 0 else None


def scan_figure(out, scan, key, flagged):
    """lib/report/report_scan.c figure(): ns or GB/s against the address,
    a bar per range that has the figure, none for those that do not."""
    vals = [scan_value(q, key) for q in scan]
    vals = [v for v in vals if v is not None]
    if not vals:
        return
    bw = key == "gb_per_s_median"
    out.append('<figure data-scan="%s">\n<figcaption>%s</figcaption>\n' % (
        key, "Read bandwidth against physical address (median GB/s, the "
        "range read by its node's cpus at once)" if bw else
        "Latency against physical address (median ns per load, a chase "
        "spread over each range)"))
    x = axis_fit("linear", 0, max((q["base"] + q["bytes"]) / GIB
                                   for q in scan))
    y = axis_fit("linear", 0, max(vals))
    p = Plot(out, x, y, CHART_W, 300, "num", "physical address, GiB",
             "num", "GB/s" if bw else "ns per load")
    for q in scan:
        p.span(q["base"] / GIB, (q["base"] + q["bytes"]) / GIB,
               scan_value(q, key), q.get("node"), q["base"])
    for q in scan:
        if q.get("flag"):
            p.flag((q["base"] + q["bytes"] / 2) / GIB, scan_value(q, key),
                   q["base"])
    p.end()
    nodes = sorted({q["node"] for q in scan if is_num(q.get("node"))})
    out.append('<ul class="legend">' + "".join(
        '<li><span class="sw s%d"></span>node %d</li>' % (n % SERIES, n)
        for n in nodes))
    if any(not is_num(q.get("node")) for q in scan):
        out.append('<li><span class="sw nonode"></span>no node</li>')
    if flagged:
        out.append('<li><span class="flagsw">&#9660;</span>flagged</li>')
    out.append("</ul>\n</figure>\n")


def chart_scan(out, r):
    """tests=scan (lib/report/report_scan.c): latency and GB/s against
    the physical address, the flagged ranges, what was not scanned."""
    scan = [q for q in r.get("scan") or [] if isinstance(q, dict)
            and is_num(q.get("base")) and is_num(q.get("bytes"))]
    if not scan:
        return
    done = sum(1 for q in scan if scan_value(q, "ns_median") is not None
               or scan_value(q, "gb_per_s_median") is not None)
    flagged = [q for q in scan if q.get("flag")]
    out.append('<section class="scan">\n<h2>Scan: every usable GiB</h2>\n'
               '<p class="note">%d range%s, %d measured, %d flagged (slower '
               "than its node's median: the reason below). Each bar spans "
               "its range's physical addresses; a gap is memory not scanned "
               "or a range not measured.</p>\n"
               % (len(scan), "" if len(scan) == 1 else "s", done,
                  len(flagged)))
    scan_figure(out, scan, "ns_median", flagged)
    scan_figure(out, scan, "gb_per_s_median", flagged)
    if flagged:
        out.append('<table class="flagged">\n<tr><th>range, GiB</th>'
                   '<th>node</th><th>DIMMs</th><th>ns</th><th>GB/s</th>'
                   '<th>why flagged</th></tr>\n')
        for q in flagged:
            node = q.get("node")
            out.append('<tr><td class="num">%.2f&#8211;%.2f</td><td>%s</td>'
                       '<td>%s</td>%s<td>%s</td></tr>\n' % (
                           q["base"] / GIB, (q["base"] + q["bytes"]) / GIB,
                           node if is_num(node) else "&#8211;",
                           ", ".join(esc(d) for d in q.get("dimms") or []),
                           "".join('<td class="num">%s</td>' % (
                               "&#8211;" if v is None else "%.2f" % v)
                               for v in (scan_value(q, "ns_median"),
                                         scan_value(q, "gb_per_s_median"))),
                           esc(q["flag"])))
        out.append("</table>\n")
    skips = (r.get("scan_plan") or {}).get("not_scanned") or []
    if skips:
        out.append('<p class="note">Not scanned:%s%s.</p>\n' % (
            ",".join(" 0x%x (%s, %s)" % (k.get("base", 0),
                                         size_label(k.get("bytes", 0)),
                                         esc(k.get("why")))
                     for k in skips[:32]),
            " and %d more (the JSON's scan_plan lists them)"
            % (len(skips) - 32) if len(skips) > 32 else ""))
    out.append("</section>\n")


def chart_pages(out, r):
    cpu = r.get("summary", {}).get("cpu", 0)
    pts = [p for p in r.get("latency") or [] if p.get("cpu") == cpu
           and not p.get("prefetch") == "off"]
    pages = sorted({p["page_bytes"] for p in pts}, reverse=True)[:3]
    if len(pages) < 2:
        return
    by = {}
    for p in pts:
        by.setdefault(p["size_bytes"], {})[p["page_bytes"]] = fnum(p["ns_median"])
    rows = sorted(by.items())
    series = []
    for pg in pages[1:]:
        series.append((pg, [(s, v[pg] / v[pages[0]]) for s, v in rows
                            if pg in v and pages[0] in v and v[pages[0]] > 0]))
    ys = [y for _, c in series for _, y in c]
    if not ys:
        return
    out.append('<section class="pages">\n<h2>Page sizes</h2>\n<figure>\n'
               '<figcaption>What page walks cost: latency on smaller pages as '
               'a ratio to the largest</figcaption>\n')
    x = axis_fit("log2", rows[0][0], rows[-1][0])
    y = axis_fit("linear", 0, max(ys + [1]))
    p = Plot(out, x, y, CHART_W, CHART_H - 40, "bytes", "working set (bytes)",
             "num", "latency ratio")
    for i, (_, c) in enumerate(series):
        p.path(c, i + 1)
    p.end()
    legend(out, [(i + 1, "%s pages / %s pages" % (size_label(pg),
                                                  size_label(pages[0])))
                 for i, (pg, _) in enumerate(series)])
    out.append("</figure>\n</section>\n")


def chart_dist(out, r):
    pts = [p for p in r.get("latency") or [] if "ns_p50" in p]
    if not pts:
        return
    first = pts[0]
    pts = sorted((p for p in pts if p["cpu"] == first["cpu"]
                  and p["page_bytes"] == first["page_bytes"]),
                 key=lambda p: p["size_bytes"])
    keys = (("ns_p50", "p50"), ("ns_p90", "p90"), ("ns_p99", "p99"),
            ("ns_p999", "p99.9"))
    lows = [fnum(p["ns_p50"]) for p in pts if fnum(p["ns_p50"]) > 0]
    out.append('<section class="dist">\n<h2>Latency distribution</h2>\n'
               '<figure>\n<figcaption>Percentiles of short timed chase '
               'segments</figcaption>\n')
    x = axis_fit("log2", pts[0]["size_bytes"], pts[-1]["size_bytes"])
    y = axis_fit("log10", min(lows) if lows else 1,
                 max(fnum(p["ns_p999"]) for p in pts))
    p = Plot(out, x, y, CHART_W, CHART_H - 40, "bytes", "working set (bytes)",
             "num", "ns per load")
    for i, (k, _) in enumerate(keys):
        p.path([(q["size_bytes"], fnum(q[k])) for q in pts], i)
    p.end()
    legend(out, [(i, name) for i, (_, name) in enumerate(keys)])
    out.append("</figure>\n</section>\n")


def kv(out, rows):
    out.append('<table class="kv">\n')
    for name, v in rows:
        out.append("<tr><th>%s</th><td>%s</td></tr>\n"
                   % (esc(name), esc(v if v not in (None, "") else "unknown")))
    out.append("</table>\n")


def machine(out, r):
    m = r.get("machine", {})
    cpu, tsc = m.get("cpu", {}), m.get("tsc", {})
    sysm, fw, mem = m.get("system", {}), m.get("firmware", {}), \
        m.get("memory", {})
    out.append('<section class="machine">\n<h2>Machine</h2>\n'
               "<h3>System and firmware</h3>\n")
    rows = [("manufacturer", sysm.get("manufacturer")),
            ("product", sysm.get("product")),
            ("firmware vendor", fw.get("vendor")),
            ("firmware version", fw.get("version"))]
    for k, name in (("bios_vendor", "BIOS vendor"),
                    ("bios_version", "BIOS version"),
                    ("bios_date", "BIOS date")):
        if k in fw:
            rows.append((name, fw[k]))
    kv(out, rows)
    out.append("<h3>Processor</h3>\n")
    feats = " ".join(k for k, v in sorted(cpu.get("features", {}).items())
                     if v is True)
    freq = cpu.get("frequency", {})
    tsc_text = "%.6f GHz from %s" % ((tsc.get("hz") or 0) / 1e9,
                                     tsc.get("source"))
    if tsc.get("error_ppm") is not None:
        tsc_text += ", within %s ppm" % tsc["error_ppm"]
    ids = (cpu.get("family", 0), cpu.get("model", 0), cpu.get("stepping", 0))
    if cpu.get("arch") == "aarch64":
        # MIDR_EL1's fields where x86 has CPUID's; no microcode, boost,
        # HWP or TSC on Arm
        kv(out, [("model", cpu.get("brand")), ("vendor", cpu.get("vendor")),
                 ("implementer / part / revision",
                  "0x%02x / 0x%03x / %d" % ids),
                 ("logical processors", cpu.get("logical_processors")),
                 ("features", feats), ("timer", tsc_text)])
    else:
        kv(out, [("model", cpu.get("brand")), ("vendor", cpu.get("vendor")),
                 ("family / model / stepping", "0x%x / 0x%x / %d" % ids),
                 ("microcode", cpu.get("microcode")),
                 ("logical processors", cpu.get("logical_processors")),
                 ("features", feats), ("boost", freq.get("boost")),
                 ("HWP / CPPC", freq.get("hwp")), ("TSC", tsc_text)])
    caches = m.get("caches", [])
    if caches:
        out.append("<h3>Caches</h3>\n<table>\n<tr><th>level</th><th>type</th>"
                   "<th>size</th><th>line</th><th>ways</th><th>shared by</th>"
                   "</tr>\n")
        for c in caches:
            out.append('<tr><td>L%s</td><td>%s</td><td class="num">%s</td>'
                       '<td class="num">%s</td><td class="num">%s</td>'
                       '<td class="num">%s</td></tr>\n' % (
                           esc(c.get("level")), esc(c.get("type")),
                           size_label(c.get("size_bytes", 0)),
                           esc(c.get("line_bytes")),
                           esc(c.get("ways") or "full"),
                           esc(c.get("shared_by"))))
        out.append("</table>\n")
    out.append("<h3>Memory</h3>\n")
    pg = r.get("paging", {})
    total = mem.get("total_bytes") or 0
    rows = [("total", "%s (%d bytes)" % (
        "%.2f GiB" % (total / 2 ** 30) if total >= 2 ** 30
        else size_label(total), total))]
    if pg.get("page_bytes"):
        rows.append(("measurement pages", size_label(pg["page_bytes"])))
    kv(out, rows)
    dimms = mem.get("dimms", [])
    if dimms:
        out.append("<table>\n<tr><th>locator</th><th>bank</th><th>size</th>"
                   "<th>type</th><th>form</th><th>MT/s</th><th>configured "
                   "MT/s</th><th>manufacturer</th><th>part number</th></tr>\n")
        for d in dimms:
            out.append("<tr>" + "".join("<td>%s</td>" % esc(d.get(k, "")) for k in
                                        ("locator", "bank"))
                       + '<td class="num">%s</td>' % (
                           size_label(d["size_bytes"]) if d.get("size_bytes")
                           else "?")
                       + "".join("<td>%s</td>" % esc(
                           d.get(k) if d.get(k) is not None else "?") for k in (
                           "type", "form_factor", "speed_mts",
                           "configured_speed_mts", "manufacturer",
                           "part_number")) + "</tr>\n")
        out.append("</table>\n")
    out.append("</section>\n")


def config(out, r):
    out.append('<section class="config">\n<h2>Configuration</h2>\n'
               '<table class="kv">\n')
    for k, v in (r.get("config") or {}).items():
        out.append('<tr><th>%s</th><td class="mono">%s</td></tr>\n'
                   % (esc(k), esc(v)))
    out.append("</table>\n</section>\n")


def run_title(path, r):
    run = r.get("run", {})
    return "%s run %04d" % (r.get("platform", "?"), run.get("number") or 0), \
        os.path.basename(path)


def subline(path, r):
    run = r.get("run", {})
    cpu = r.get("machine", {}).get("cpu", {})
    return "%s &#183; %s &#183; started %s &#183; %s s &#183; %s" % (
        esc(cpu.get("brand", "")), esc(r.get("platform")),
        esc(run.get("started") or "at an unknown time"),
        esc(run.get("duration_s")), esc(path))


def status_badge(r):
    st = r.get("status", "?")
    cls = st if st in ("ok", "partial", "error") else "error"
    return '<span class="status %s">%s</span>' % (cls, esc(st))


def one_run(out, path, r, i, many):
    """A run's whole report: summary, charts, machine, config."""
    attr = ' data-run="%d"' % i
    if many:
        title, base = run_title(path, r)
        out.append('<div class="run"%s>\n<h2>%s %s</h2>\n<p class="sub">%s</p>\n'
                   % (attr, esc(base), status_badge(r), subline(path, r)))
    out.append('<section class="summary">\n%s' % ("" if many else
                                                    "<h2>Summary</h2>\n"))
    out.append('<p class="note">Latency: median ns per dependent load of a '
               'random chase on cpu %s, inside each level. Read bandwidth: '
               'GB/s (10<sup>9</sup> bytes).</p>\n'
               % esc(r.get("summary", {}).get("cpu", 0)))
    summary_table(out, r, attr)
    msgs(out, r)
    out.append("</section>\n")
    if r.get("latency"):
        out.append('<section class="latency">\n<h2>Latency</h2>\n')
        chart_latency(out, [("", r)])
        out.append("</section>\n")
    chart_bandwidth(out, r)
    chart_loaded(out, r)
    chart_c2c(out, r)
    chart_numa(out, r)
    chart_scan(out, r)
    chart_pages(out, r)
    chart_dist(out, r)
    machine(out, r)
    config(out, r)
    if many:
        out.append("</div>\n")


def render(runs, css):
    """runs: [(path, parsed results with floats kept as their text)]."""
    out = []
    many = len(runs) > 1
    first_path, first = runs[0]
    out.append('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset='
               '"utf-8">\n<meta name="viewport" content="width=device-width, '
               'initial-scale=1">\n')
    if many:
        out.append("<title>baremem: %d runs compared</title>\n" % len(runs))
    else:
        out.append("<title>baremem %s: %s</title>\n" % (
            esc(run_title(first_path, first)[0]),
            esc(first.get("machine", {}).get("cpu", {}).get("brand", ""))))
    out.append("<style>\n%s</style>\n</head>\n<body>\n<header>\n" % css)
    if many:
        out.append("<h1>baremem: %d runs compared</h1>\n<p class=\"sub\">%s"
                   "</p>\n</header>\n" % (len(runs), " &#183; ".join(
                       esc(os.path.basename(p)) for p, _ in runs)))
        out.append('<section class="compare">\n<h2>Summary</h2>\n<table>\n'
                   "<tr><th>run</th><th>platform</th><th>status</th>"
                   + "".join("<th>%s ns</th>" % l for l in LEVELS)
                   + "".join("<th>%s GB/s</th>" % l for l in LEVELS)
                   + "</tr>\n")
        for i, (p, r) in enumerate(runs):
            s = r.get("summary", {})
            rg = s.get("read_gb_per_s", {})
            out.append("<tr><td>%s</td><td>%s</td><td>%s</td>" % (
                esc(os.path.basename(p)), esc(r.get("platform")),
                status_badge(r)) + "".join(
                '<td class="num">%s</td>' % ("&#8211;" if v is None else esc(v))
                for v in [s.get("%s_ns" % k) for k in SUM_KEYS]
                + [rg.get(k) for k in SUM_KEYS]) + "</tr>\n")
        out.append("</table>\n")
        if any(r.get("latency") for _, r in runs):
            chart_latency(out, [("%s: " % os.path.basename(p), r)
                                for p, r in runs])
        out.append('</section>\n<div class="runs">\n')
        for i, (p, r) in enumerate(runs):
            one_run(out, p, r, i, True)
        out.append("</div>\n")
    else:
        out.append("<h1>baremem %s %s</h1>\n<p class=\"sub\">%s</p>\n"
                   "</header>\n" % (esc(run_title(first_path, first)[0]),
                                    status_badge(first),
                                    subline(first_path, first)))
        one_run(out, first_path, first, 0, False)
    out.append("<footer>baremem-report --html &#183; baremem-results/1 &#183; "
               "the JSON files hold every point</footer>\n</body>\n</html>\n")
    return "".join(out)


def write(paths, out_path):
    """Reads the files again keeping each decimal's text (the summary
    shows the JSON's digits) and writes the report to out_path (None:
    renders it only)."""
    runs = [(p, load_json(p, keep_decimals=True)) for p in paths]
    with open(CSS_PATH) as f:
        css = f.read()
    text = render(runs, css)
    if out_path is None:
        return None
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(text)
    return out_path
