#!/usr/bin/python3
"""The screen of a QEMU boot, for tests/qemu/test_screen: taken through QMP
(screendump, a PPM), keys sent (send-key), and checked for baremem's
chart: its colours read from lib/draw/theme.h, its font from
lib/draw/font.c, so a change there cannot leave the test checking an old
picture. Python's standard library only (zlib writes the PNG).

usage: screen.py dump SOCK OUT.ppm
       screen.py key SOCK KEY...          (QEMU key names: q, spc, esc)
       screen.py quit SOCK
       screen.py wait-chart SOCK OUT.ppm SECONDS
       screen.py wait-change SOCK BEFORE.ppm OUT.ppm SECONDS
                                          exit 0: the screen differs from
                                          BEFORE and has settled
       screen.py chart PPM                exit 0: a chart is drawn
       screen.py no-chart PPM             exit 0: nothing of a chart
       screen.py find-text PPM TEXT       exit 0: TEXT drawn in the font
       screen.py png PPM OUT.png
"""
import json
import os
import re
import socket
import struct
import sys
import time
import zlib

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def theme():
    """THEME_* colours and the curves' colours from theme.h."""
    text = open(os.path.join(ROOT, "lib/draw/theme.h")).read()
    names = {m.group(1): int(m.group(2), 16) for m in
             re.finditer(r"#define\s+(THEME_\w+)\s+0x([0-9a-fA-F]{6})u", text)}
    series = [int(h, 16) for h in
              re.findall(r"^\s+0x([0-9a-fA-F]{6})u,", text, re.M)]
    return names, series


def font():
    """{char: [row bits]} from font.c, 5 columns, first char ' '."""
    text = open(os.path.join(ROOT, "lib/draw/font.c")).read()
    rows = [int(b, 2) for b in re.findall(r"0b([01]{5})", text)]
    glyphs = {}
    for i in range(len(rows) // 8):
        glyphs[chr(0x20 + i)] = rows[i * 8:(i + 1) * 8]
    return glyphs


class Qmp:
    def __init__(self, path):
        self.s = socket.socket(socket.AF_UNIX)
        self.s.connect(path)
        self.f = self.s.makefile("rw")
        self.f.readline()                       # the greeting
        self.cmd("qmp_capabilities")

    def cmd(self, name, **args):
        self.f.write(json.dumps({"execute": name, "arguments": args}) + "\n")
        self.f.flush()
        while True:
            line = self.f.readline()
            if not line:
                return None
            msg = json.loads(line)
            if "return" in msg or "error" in msg:
                if "error" in msg:
                    raise RuntimeError("%s: %s" % (name, msg["error"]))
                return msg["return"]


def read_ppm(path):
    data = open(path, "rb").read()
    fields, i = [], 0
    while len(fields) < 4:
        while data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b"#":
            i = data.index(b"\n", i)
            continue
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        fields.append(data[i:j])
        i = j
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[i + 1:i + 1 + w * h * 3]


class Picture:
    def __init__(self, path):
        self.w, self.h, self.rgb = read_ppm(path)

    def at(self, x, y):
        o = (y * self.w + x) * 3
        r = self.rgb
        return (r[o] << 16) | (r[o + 1] << 8) | r[o + 2]

    def mask(self, colour):
        """One byte a pixel, row by row: 1 where the pixel is colour, else
        0 (by bytes.translate and one AND of three big integers: a pixel
        at a time in Python took a second a question of a 1280x800
        screen)."""
        n = self.w * self.h
        planes = []
        for i, v in enumerate(((colour >> 16) & 255, (colour >> 8) & 255,
                               colour & 255)):
            table = bytes(1 if b == v else 0 for b in range(256))
            planes.append(int.from_bytes(
                self.rgb[i:3 * n:3].translate(table), "big"))
        return (planes[0] & planes[1] & planes[2]).to_bytes(n, "big")

    def count(self, colour, box=None):
        x0, y0, x1, y1 = box or (0, 0, self.w, self.h)
        m, w = self.mask(colour), self.w
        return sum(m[y * w + x0:y * w + x1].count(1) for y in range(y0, y1))

    def longest_runs(self, colour):
        """(length, x, y0) of the longest vertical run and (length, y, x0)
        of the longest horizontal run of colour (the first in scan
        order among equals)."""
        m, w, h = self.mask(colour), self.w, self.h

        def longest(lines):
            best = (0, 0, 0)
            for a, line in enumerate(lines):
                for run in re.finditer(b"\x01+", line):
                    if run.end() - run.start() > best[0]:
                        best = (run.end() - run.start(), a, run.start())
            return best
        return (longest(m[x::w] for x in range(w)),
                longest(m[y * w:(y + 1) * w] for y in range(h)))


def chart_problems(pic):
    """What is missing for a chart: [] when the axes and a curve are there."""
    names, series = theme()
    problems = []
    bg = pic.count(names["THEME_BG"]) + pic.count(names["THEME_PANEL"])
    if bg < pic.w * pic.h // 3:
        problems.append("the chart's background covers %d of %d pixels"
                        % (bg, pic.w * pic.h))
    (vlen, vx, vy), (hlen, hy, hx) = pic.longest_runs(names["THEME_AXIS"])
    if vlen < pic.h // 3:
        problems.append("no vertical axis (longest run %d px)" % vlen)
    if hlen < pic.w // 4:
        problems.append("no horizontal axis (longest run %d px)" % hlen)
    if problems:
        return problems
    # the latency chart: the tallest axis, the x axis at its foot
    box = (vx + 1, vy, min(pic.w, vx + 1 + hlen), vy + vlen - 1)
    curve = pic.count(series[0], box)
    if curve < (box[2] - box[0]) // 2:
        problems.append("only %d pixels of the first curve's colour "
                        "#%06x in the plot %s" % (curve, series[0], box))
    print("chart: axes %dx%d px at x=%d y=%d, %d curve pixels"
          % (hlen, vlen, vx, vy, curve))
    return problems


def no_chart_problems(pic):
    names, series = theme()
    problems = []
    for c in series:
        n = pic.count(c)
        if n:
            problems.append("%d pixels of the chart colour #%06x" % (n, c))
    n = pic.count(names["THEME_BG"])
    if n:
        problems.append("%d pixels of the chart background" % n)
    return problems


def find_text(pic, text):
    """(x, y, scale) where text is drawn (glyph ink in one colour, the
    cell's other pixels not that colour), or None: the first in scan
    order at the smallest scale. Each colour's mask is searched with a
    regular expression for the sampled row holding the first ink, every
    hit then checked on the others (a pixel at a time in Python took
    seconds a question)."""
    glyphs = font()
    W, H = pic.w, pic.h
    n = W * H
    colours = set(pic.rgb[i:i + 3] for i in range(0, 3 * n, 3))
    for scale in range(1, 5):
        ink = []                          # (dx, dy, is_ink)
        for i, ch in enumerate(text):
            rows = glyphs.get(ch, glyphs["?"])
            for r in range(8):
                for c in range(5):
                    ink.append((i * 6 * scale + c * scale,
                                (r + 1) * scale + 0, bool(rows[r] & (0x10 >> c))))
        w, h = len(text) * 6 * scale, 10 * scale
        if W - w <= 0 or H - h <= 0:
            continue
        first = next((dx, dy) for dx, dy, on in ink if on)
        rows = {}
        for dx, dy, on in ink:
            rows.setdefault(dy, {})[dx] = on

        def pattern(samples, x0):
            out, at = b"", x0
            for dx in sorted(d for d in samples if d >= x0):
                out += b"." * (dx - at) + (b"\x01" if samples[dx] else b"\x00")
                at = dx + 1
            return out
        lead = re.compile(b"(?=" + pattern(rows[first[1]], first[0]) + b")",
                          re.DOTALL)
        checks = [(dy * W, re.compile(pattern(samples, 0), re.DOTALL))
                  for dy, samples in rows.items()]
        found = None
        for rgb in colours:
            m = pic.mask(int.from_bytes(rgb, "big"))
            if m.count(1) < sum(on for _, _, on in ink):
                continue
            for hit in lead.finditer(m):
                q = hit.start() - first[1] * W - first[0]
                y, x = divmod(q, W)
                if q < 0 or y >= H - h or x >= W - w:
                    continue
                if found is not None and (y, x) >= found:
                    break
                if all(rx.match(m, q + off) for off, rx in checks):
                    found = (y, x)
                    break
        if found is not None:
            return found[1], found[0], scale
    return None


def write_png(pic, out):
    raw = b"".join(b"\x00" + pic.rgb[y * pic.w * 3:(y + 1) * pic.w * 3]
                   for y in range(pic.h))

    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body +
                struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff))
    with open(out, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" +
                chunk(b"IHDR", struct.pack(">IIBBBBB", pic.w, pic.h, 8, 2,
                                           0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def report(problems):
    for p in problems:
        print("  " + p)
    return 1 if problems else 0


def main(argv):
    op = argv[1] if len(argv) > 1 else ""
    if op == "dump":
        Qmp(argv[2]).cmd("screendump", filename=os.path.abspath(argv[3]))
        return 0
    if op == "key":
        q = Qmp(argv[2])
        for k in argv[3:]:
            q.cmd("send-key", keys=[{"type": "qcode", "data": k}])
            time.sleep(0.3)
        return 0
    if op == "quit":
        Qmp(argv[2]).cmd("quit")
        return 0
    if op == "wait-chart":
        deadline = time.time() + float(argv[4])
        while True:
            Qmp(argv[2]).cmd("screendump", filename=os.path.abspath(argv[3]))
            time.sleep(0.2)
            problems = chart_problems(Picture(argv[3]))
            if not problems or time.time() > deadline:
                return report(problems)
            time.sleep(1)
    if op == "wait-change":
        # Screens compared as bytes: cheap, unlike reading text off them.
        before = open(argv[3], "rb").read()
        deadline = time.time() + float(argv[5])
        last = None
        while True:
            Qmp(argv[2]).cmd("screendump", filename=os.path.abspath(argv[4]))
            time.sleep(0.1)
            now = open(argv[4], "rb").read()
            if now != before and now == last:
                return 0
            if time.time() > deadline:
                print("  the screen did not change and settle in %s s"
                      % argv[5])
                return 1
            last = now
            time.sleep(0.3)
    if op == "chart":
        return report(chart_problems(Picture(argv[2])))
    if op == "no-chart":
        return report(no_chart_problems(Picture(argv[2])))
    if op == "find-text":
        where = find_text(Picture(argv[2]), argv[3])
        if where is None:
            print("  %r is not on the screen" % argv[3])
            return 1
        print("text %r at x=%d y=%d, scale %d" % ((argv[3],) + where))
        return 0
    if op == "png":
        write_png(Picture(argv[2]), argv[3])
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
