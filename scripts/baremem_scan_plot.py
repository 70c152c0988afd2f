"""baremem-report's part for tests=scan: the flagged ranges in the text
report, and scan-N.png (N: the file's place on the command line), the
latency and read bandwidth of every scanned range against its physical
address, a bar per range over its addresses coloured by its node, a
flagged range marked. The app's screen (lib/draw/scan_chart.c) and HTML
(lib/report/report_scan.c, scripts/baremem_html.py) draw the same.

A range without a figure (not measured) and a hole draw nothing: a gap
on the address axis, never a bar at zero.
"""
import os

from baremem_results import as_list, clean, is_int, is_num

GIB = float(1 << 30)
FLAG_COLOUR = "#cf222e"	# report.css's svg .flag; no tab10 colour
NO_NODE = "0.6"


def scan_ranges(run):
    """The usable scan[] entries of a Run: a dict with an integer base and
    a bytes above 0 (a malformed entry is left out)."""
    return [q for q in as_list(run.r.get("scan")) if isinstance(q, dict)
            and is_int(q.get("base")) and q["base"] >= 0
            and is_int(q.get("bytes")) and q["bytes"] > 0]


def figure_of(q, key):
    """The range's figure (ns_median, gb_per_s_median), None when not
    measured."""
    v = q.get(key)
    return v if is_num(v) and 0 < v < 1e12 else None


def span_label(q):
    return "%.2f-%.2f GiB" % (q["base"] / GIB, (q["base"] + q["bytes"]) / GIB)


def print_scan(runs, heads):
    """One line per run with a scan, then its flagged ranges and why."""
    for run, head in zip(runs, heads):
        scan = scan_ranges(run)
        if not scan:
            continue
        done = [q for q in scan if figure_of(q, "ns_median") is not None
                or figure_of(q, "gb_per_s_median") is not None]
        flagged = [q for q in scan if q.get("flag")]
        nodes = sorted({q.get("node") for q in scan if is_int(q.get("node"))})
        print("\nscan, %s: %d range%s on %d node%s, %d measured, %d flagged"
              % (head, len(scan), "" if len(scan) == 1 else "s", len(nodes),
                 "" if len(nodes) == 1 else "s", len(done), len(flagged)))
        for q in flagged:
            print("  flagged %s, node %s: %s" % (
                span_label(q), q.get("node") if is_int(q.get("node"))
                else "-", clean(q.get("flag"), 200)))


def plot_scan(runs, heads, outdir):
    """scan-N.png for each run with a scan: latency above, GB/s below,
    the same address axis."""
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]

    def colour(node):
        return colours[node % len(colours)] if is_int(node) else NO_NODE

    written = []
    for i, (run, head) in enumerate(zip(runs, heads)):
        scan = scan_ranges(run)
        if not scan:
            continue
        fig, axes = plt.subplots(2, 1, figsize=(11, 7.5), sharex=True)
        end = max(q["base"] + q["bytes"] for q in scan) / GIB
        for ax, key, ylabel in (
                (axes[0], "ns_median", "latency, ns per load (median)"),
                (axes[1], "gb_per_s_median",
                 "read GB/s (median), the node's cpus at once")):
            drawn = [(q, figure_of(q, key)) for q in scan
                     if figure_of(q, key) is not None]
            for q, v in drawn:
                ax.bar(q["base"] / GIB, v, width=q["bytes"] / GIB,
                       align="edge", color=colour(q.get("node")),
                       edgecolor="white", linewidth=0.6)
            marks = [(q, v) for q, v in drawn if q.get("flag")]
            if marks:
                top = max(v for _, v in drawn)
                ax.plot([(q["base"] + q["bytes"] / 2) / GIB for q, _ in marks],
                        [v + 0.04 * top for _, v in marks], linestyle="none",
                        marker="v", markersize=9, color=FLAG_COLOUR)
            if not drawn:
                ax.text(0.5, 0.5, "not measured", transform=ax.transAxes,
                        ha="center")
            ax.set_ylabel(ylabel, fontsize=9)
            ax.set_ylim(bottom=0)
            ax.grid(True, axis="y", alpha=0.3)
        axes[1].set_xlim(0, end * 1.02)
        axes[1].set_xlabel("physical address, GiB (gaps: not scanned or not "
                           "measured)")
        nodes = sorted({q.get("node") for q in scan if is_int(q.get("node"))})
        handles = [Patch(color=colour(n), label="node %d" % n) for n in nodes]
        if any(not is_int(q.get("node")) for q in scan):
            handles.append(Patch(color=NO_NODE, label="no node"))
        flagged = sum(1 for q in scan if q.get("flag"))
        if flagged:
            handles.append(Line2D([], [], linestyle="none", marker="v",
                                  color=FLAG_COLOUR, label="flagged"))
        # above the plots: a legend inside would hide a range's bar
        axes[0].legend(handles=handles, fontsize=8, loc="lower left",
                       bbox_to_anchor=(0, 1.0), ncol=len(handles),
                       frameon=False)
        fig.suptitle("baremem scan, %s: %d ranges, %d flagged"
                     % (head, len(scan), flagged))
        fig.tight_layout()
        path = os.path.join(outdir, "scan-%d.png" % (i + 1))
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)
    return written
