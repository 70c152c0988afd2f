"""Results recovered from a console log: the frames console_json prints
(lib/results/console_json.h), found, checked and saved by
`baremem-collect --console LOG... DEST`.

A frame in a log:

  -----BEGIN BAREMEM RESULTS name=run-0007.json bytes=N crc32=XXXXXXXX-----
  bm| a line of the JSON             (the payload gets it and a newline)
  bm+ a piece of a long line         (the payload gets it, no newline)
  -----END BAREMEM RESULTS bytes=N crc32=XXXXXXXX-----

Only the bm| and bm+ lines are payload: whatever a log holds between them
(progress lines, other output) is left out; a logger's prefix on each
line (a timestamp) is tolerated. Escape sequences (CSI, OSC,
the cursor and colour codes of OVMF's serial terminal) are removed, and
CR, CRLF and LF all end a line, before the lines are read. A frame is kept
only when its payload has the length and CRC-32 (zlib's) the frame lines
give and is a baremem-results/1 JSON document.

A result over 8 MiB is not framed (hours of serial line); the log holds

  -----BAREMEM RESULTS NOT FRAMED name=WHERE bytes=N crc32=XXXXXXXX-----

instead, and collect() says where the whole was kept (name=none: nowhere).

The functions up to collect() work on text and return values, so the
tests call them directly; collect() reads the logs and saves the files.
"""
import json
import os
import re
import tempfile
import zlib

from baremem_results import SCHEMA, strict_loads


# ECMA-48, 7-bit forms: CSI (ESC [, parameters, intermediates, a final
# byte), OSC/DCS/PM/APC strings up to BEL or ST (never past a line end,
# so an unterminated one cannot swallow a frame), charset designations
# (ESC ( B), then any other two-byte escape (ESC 7, ESC c). The 8-bit C1
# forms are left alone: in a UTF-8 log those bytes are parts of characters.
ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"
    r"|\x1b[\]P^_][^\x07\x1b\r\n]*(?:\x07|\x1b\\)?"
    r"|\x1b[()*+][ -~]"
    r"|\x1b[ -~]")
# Other control characters (NUL padding, BEL, backspace...) but tab.
CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")

BEGIN = re.compile(r"-----BEGIN BAREMEM RESULTS name=(\S*) bytes=([0-9]+) "
                   r"crc32=([0-9a-fA-F]{8})-----")
END = re.compile(r"-----END BAREMEM RESULTS bytes=([0-9]+) "
                 r"crc32=([0-9a-fA-F]{8})-----")
# A result too large to frame (console_json.h): its size and where it is.
NOT_FRAMED = re.compile(r"-----BAREMEM RESULTS NOT FRAMED name=(\S*) "
                        r"bytes=([0-9]+) crc32=([0-9a-fA-F]{8})-----")
# At the line's start, or after a logger's prefix (a timestamp) that ends
# in a space, bracket or colon: the first such marker in a line is the
# app's, as the JSON comes after it. (A stray "bm| " in other output
# would fail the length and CRC checks, never pass as results.)
PAYLOAD = re.compile(r"(?:^|(?<=[\s\]>:]))bm([|+])(?: |$)")

# A name from a frame is used as a file name only when it is plainly one.
SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,120}\.json$")


def clean_lines(text):
    """(line number, text) for each line of the log, without escape
    sequences or control characters. A line ends at LF (its number is
    what grep -n says); a lone CR inside one (a progress line rewriting
    itself) starts a new piece of text with the same number. text: the
    log decoded as latin-1 (every byte one character)."""
    text = ESCAPES.sub("", text)
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()		# the LF that ends the last line
    out = []
    for n, line in enumerate(lines, 1):
        for piece in line.rstrip("\r").split("\r"):
            out.append((n, CONTROLS.sub("", piece)))
    return out


class Frame:
    """One BEGIN line and what followed it up to its END line (or none).
    line: the BEGIN line's number (from 1); name, bytes, crc: as the BEGIN
    line gives them; payload: the text of its bm lines; problem: why it
    cannot be kept (None while it may be)."""

    def __init__(self, line, name, nbytes, crc):
        self.line = line
        self.name = name
        self.bytes = nbytes
        self.crc = crc
        self.parts = []
        self.end_line = None
        self.problem = None
        self.doc = None

    @property
    def payload(self):
        return "".join(self.parts)


def find_frames(text):
    """Every frame in the log text, in order; each is checked (problem set
    when it cannot be kept, doc the parsed JSON when it can)."""
    frames, cur = [], None
    lines = clean_lines(text)
    for n, line in lines:
        b = BEGIN.search(line)
        if b:
            if cur:
                cur.problem = ("no END line: a new frame begins at line %d "
                               "(the run before was cut off?)" % n)
            cur = Frame(n, b.group(1), int(b.group(2)), int(b.group(3), 16))
            frames.append(cur)
            continue
        if cur is None:
            continue
        e = END.search(line)
        if e:
            cur.end_line = n
            if (int(e.group(1)), int(e.group(2), 16)) != (cur.bytes, cur.crc):
                cur.problem = ("END line says bytes=%s crc32=%s, BEGIN says "
                               "bytes=%d crc32=%08x" % (e.group(1), e.group(2),
                                                        cur.bytes, cur.crc))
            cur = None
            continue
        p = PAYLOAD.search(line)
        if p:
            cur.parts.append(line[p.end():] + ("\n" if p.group(1) == "|" else ""))
    if cur:
        cur.problem = ("no END line (the log ends at line %d: truncated?)"
                       % (lines[-1][0] if lines else 0))
    for f in frames:
        check(f)
    return frames


def find_unframed(text):
    """(line, name, bytes) for each result the log says was too large to
    frame (NOT FRAMED lines)."""
    out = []
    for n, line in clean_lines(text):
        m = NOT_FRAMED.search(line)
        if m:
            out.append((n, m.group(1), int(m.group(2))))
    return out


def check(frame):
    """Sets frame.problem (length, CRC, JSON, schema) or frame.doc."""
    if frame.problem:
        return
    data = frame.payload.encode("latin-1")
    if len(data) != frame.bytes:
        frame.problem = ("length mismatch: %d bytes of payload, the frame "
                         "says %d (a line lost or garbled)"
                         % (len(data), frame.bytes))
        return
    crc = zlib.crc32(data)
    if crc != frame.crc:
        frame.problem = ("CRC mismatch: the payload's crc32 is %08x, the "
                         "frame says %08x (a character garbled)"
                         % (crc, frame.crc))
        return
    try:
        doc = strict_loads(data.decode("ascii"))
    except (UnicodeDecodeError, ValueError) as e:
        frame.problem = "not valid JSON (%s)" % e
        return
    schema = doc.get("schema") if isinstance(doc, dict) else None
    if schema != SCHEMA:
        frame.problem = ("not a baremem results file (schema %r, expected "
                         "%r)" % (schema, SCHEMA))
        return
    frame.doc = doc


def started_stamp(doc):
    """run.started as YYYYMMDDTHHMMSS plus Z when it is UTC, else None."""
    run = doc.get("run") if isinstance(doc, dict) else None
    s = run.get("started") if isinstance(run, dict) else None
    m = re.fullmatch(r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})"
                     r":([0-9]{2})(Z?).*", s) if isinstance(s, str) else None
    return "".join(m.groups()[:3]) + "T" + "".join(m.groups()[3:]) if m else None


def saved_name(frame):
    """The file name for a kept frame: the basename of the frame's name=
    (run-0007.json, <mac>-<time>.json) when it is a plain .json name, else
    console-<run.started>.json, else console-<crc32>.json (the same
    results get the same name in every collect, so they are skipped, not
    copied again)."""
    base = re.split(r"[\\/]", frame.name)[-1]
    if SAFE_NAME.match(base):
        return base
    stamp = started_stamp(frame.doc)
    return "console-%s.json" % (stamp if stamp else "%08x" % frame.crc)


def collect(logs, dest, place, say, complain):
    """Saves every good frame of the logs into dest through place(src_file,
    dest, name) -> (what, name used) (baremem-collect's never-overwriting
    copy); say() lists what happened, complain() each refused frame.
    Returns (copied, already there, refused)."""
    copied = same = refused = ordinal = 0
    with tempfile.TemporaryDirectory(prefix="baremem-console.") as stage:
        for log in logs:
            with open(log, "rb") as f:
                text = f.read().decode("latin-1")
            frames = find_frames(text)
            unframed = find_unframed(text)
            for line, name, nbytes in unframed:
                say("%s line %d: results of %d bytes not framed (too large "
                    "for a console); %s" % (
                        log, line, nbytes,
                        "collect them from %s" % name if name != "none" else
                        "they were kept nowhere else: only the summary (the "
                        "EFI variable, scripts/baremem-var) remains"))
            if not frames and not unframed:
                say("%s: no framed results in it" % log)
            for fr in frames:
                ordinal += 1
                where = "%s line %d (name=%s)" % (log, fr.line, fr.name)
                if fr.problem:
                    refused += 1
                    complain("refused %s: %s" % (where, fr.problem))
                    continue
                name = saved_name(fr)
                tmp = os.path.join(stage, "frame-%d" % ordinal)
                with open(tmp, "wb") as f:
                    f.write(fr.payload.encode("ascii"))
                what, used = place(tmp, dest, name)
                if what == "same":
                    same += 1
                    say("skipped %s: %s already holds it"
                        % (where, os.path.join(dest, used)))
                else:
                    copied += 1
                    say("copied  %s -> %s%s" % (
                        where, os.path.join(dest, used),
                        "" if used == name else " (%s differs: kept both)"
                        % os.path.join(dest, name)))
    return copied, same, refused
