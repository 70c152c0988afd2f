"""Unit tests of scripts/baremem_console.py (frames in console logs).
Run by tests/scripts/run-all (test_console_module); by hand:
/usr/bin/python3 tests/scripts/console_units.py EXAMPLE.json

The frames are built here as lib/results/console_json.c prints them
(200-byte pieces, bm| ends a line, bm+ does not); the tests that read the
app's own output are test_collect_console_* and the QEMU scenario
test_readonly_disk.
"""
import json
import os
import sys
import unittest
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "scripts"))
import baremem_console as bc  # noqa: E402

EXAMPLE = None	# the parsed example results file (argv[1])


def frame(payload, name="run-0007.json", piece=200):
    """The console lines of one frame of payload (a str)."""
    data = payload.encode("ascii")
    head = "bytes=%d crc32=%08x" % (len(data), zlib.crc32(data))
    out = ["-----BEGIN BAREMEM RESULTS name=%s %s-----" % (name, head)]
    lines = payload.split("\n")
    for i, line in enumerate(lines):
        last = i == len(lines) - 1
        if last and line == "":
            break
        while len(line) > piece:
            out.append("bm+ " + line[:piece])
            line = line[piece:]
        out.append(("bm+ " if last else "bm| ") + line)
    out.append("-----END BAREMEM RESULTS %s-----" % head)
    return out


def doc_text(**changes):
    r = json.loads(json.dumps(EXAMPLE))
    for k, v in changes.items():
        r[k] = v
    return json.dumps(r, indent=1) + "\n"


class CleanLines(unittest.TestCase):
    def test_escapes_and_line_ends(self):
        text = ("\x1b[2J\x1b[01;01H\x1b[=3hBdsDxe: boot\r\n"
                "\x1b]0;title\x07\x1b[1;37;40mcolour\x1b[0m\r\n"
                "\x1b(Bcharset\x1b7saved\n"
                "progress 1\r          \rrow\r\n"
                "\x00nul\x08\n")
        self.assertEqual(bc.clean_lines(text), [
            (1, "BdsDxe: boot"), (2, "colour"), (3, "charsetsaved"),
            (4, "progress 1"), (4, "          "), (4, "row"), (5, "nul")])

    def test_unterminated_osc_stops_at_line_end(self):
        self.assertEqual(bc.clean_lines("\x1b]0;no end\nkept\n"),
                         [(1, ""), (2, "kept")])


class Frames(unittest.TestCase):
    def setUp(self):
        self.text = doc_text()

    def one(self, lines):
        frames = bc.find_frames("\n".join(lines) + "\n")
        self.assertEqual(len(frames), 1)
        return frames[0]

    def test_good_frame_gives_the_document(self):
        lines = ["boot noise"] + frame(self.text) + ["after"]
        f = self.one(lines)
        self.assertIsNone(f.problem)
        self.assertEqual(f.line, 2)
        self.assertEqual(f.payload, self.text)
        self.assertEqual(f.doc, EXAMPLE)

    def test_long_lines_in_pieces(self):
        text = json.dumps(EXAMPLE) + "\n"	# one line of several KB
        lines = frame(text)
        self.assertGreater(sum(x.startswith("bm+ ") for x in lines), 10)
        self.assertEqual(self.one(lines).doc, EXAMPLE)

    def test_payload_without_final_newline(self):
        text = json.dumps(EXAMPLE)
        f = self.one(frame(text))
        self.assertIsNone(f.problem)
        self.assertEqual(f.payload, text)

    def test_crlf_escapes_and_interleaved_lines(self):
        lines = frame(self.text)
        mixed = []
        for i, x in enumerate(lines):
            mixed.append("\x1b[0m\x1b[37m\x1b[40m" + x + "\r")
            if i % 7 == 3:
                mixed.append("latency: 64M on cpu 3 (2 of 4)\r      \r")
        f = self.one(mixed)
        self.assertIsNone(f.problem)
        self.assertEqual(f.doc, EXAMPLE)

    def test_logger_timestamps(self):
        lines = ["[2026-11-24 08:00:%02d.%03d] %s" % (i % 60, i, x)
                 for i, x in enumerate(frame(self.text))]
        self.assertEqual(self.one(lines).doc, EXAMPLE)
        lines = ["%12.6f: %s" % (i / 7.0, x)
                 for i, x in enumerate(frame(self.text))]
        self.assertEqual(self.one(lines).doc, EXAMPLE)

    def test_marker_inside_a_word_is_not_payload(self):
        lines = frame(self.text)
        lines.insert(3, "xbm| 1")
        self.assertIsNone(self.one(lines).problem)
        lines.insert(3, "note: bm| 1")
        self.assertRegex(self.one(lines).problem, r"^length mismatch")

    def test_empty_payload_line_with_trailing_space_lost(self):
        text = "{\n\n" + self.text[2:]	# a blank line in the JSON
        lines = [x.rstrip() for x in frame(text)]
        self.assertIn("bm|", lines)
        self.assertIsNone(self.one(lines).problem)

    def test_several_frames(self):
        other = doc_text(status="partial")
        frames = bc.find_frames("\n".join(
            frame(self.text) + ["between"] + frame(other, "none")) + "\n")
        self.assertEqual([f.problem for f in frames], [None, None])
        self.assertEqual([f.doc["status"] for f in frames], ["ok", "partial"])

    def test_truncated(self):
        lines = frame(self.text)[:-20]
        f = self.one(["a", "b"] + lines)
        self.assertRegex(f.problem, r"^no END line \(the log ends at line %d"
                         % (len(lines) + 2))
        self.assertEqual(f.line, 3)

    def test_new_begin_before_end(self):
        lines = frame(self.text)[:-5] + frame(self.text)
        frames = bc.find_frames("\n".join(lines) + "\n")
        self.assertRegex(frames[0].problem,
                         r"^no END line: a new frame begins at line %d"
                         % (len(frame(self.text)) - 4))
        self.assertIsNone(frames[1].problem)

    def test_flipped_byte(self):
        lines = frame(self.text)
        lines[5] = lines[5][:-1] + chr(ord(lines[5][-1]) ^ 1)
        self.assertRegex(self.one(lines).problem, r"^CRC mismatch: the "
                         r"payload's crc32 is [0-9a-f]{8}, the frame says")

    def test_missing_line(self):
        lines = frame(self.text)
        n = len(lines[6]) - 4 + 1
        del lines[6]
        self.assertRegex(self.one(lines).problem,
                         r"^length mismatch: %d bytes of payload, the frame "
                         r"says %d" % (len(self.text) - n, len(self.text)))

    def test_end_disagrees_with_begin(self):
        lines = frame(self.text)
        lines[-1] = lines[-1].replace("bytes=", "bytes=1")
        self.assertRegex(self.one(lines).problem, r"^END line says bytes=1")

    def test_not_json(self):
        self.assertRegex(self.one(frame('{"schema": \n')).problem,
                         r"^not valid JSON \(")

    def test_other_schema(self):
        self.assertRegex(self.one(frame('{"schema": "baremem-summary/1"}\n'))
                         .problem, r"^not a baremem results file \(schema "
                         r"'baremem-summary/1'")


class Names(unittest.TestCase):
    def frame_named(self, name, started):
        run = dict(EXAMPLE["run"], started=started)
        f = bc.find_frames("\n".join(frame(doc_text(run=run), name)) + "\n")[0]
        self.assertIsNone(f.problem)
        return f

    def test_names(self):
        t = "2026-03-14T09:26:53"
        for name, started, want in (
                ("run-0007.json", t, "run-0007.json"),
                ("/tmp/out/r.json", t, "r.json"),
                ("\\baremem\\results\\run-0012.json", t, "run-0012.json"),
                ("525400123456-20260314T092653Z.json", t,
                 "525400123456-20260314T092653Z.json"),
                ("none", t, "console-20260314T092653.json"),
                ("none", t + "Z", "console-20260314T092653Z.json"),
                ("../../etc/x.txt", t, "console-20260314T092653.json")):
            self.assertEqual(bc.saved_name(self.frame_named(name, started)),
                             want)
        f = self.frame_named(".hidden.json", None)
        self.assertEqual(bc.saved_name(f), "console-%08x.json" % f.crc)


if __name__ == "__main__":
    with open(sys.argv.pop(1)) as f:
        EXAMPLE = json.load(f)
    unittest.main(verbosity=1)
