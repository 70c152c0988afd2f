"""A results file uploaded in parts (lib/results/upload_parts.h,
docs/netboot.md "Results in parts"): checked and joined back.

A result larger than one TFTP write safely carries arrives as

  NAME.part-001-of-007 ... NAME.part-007-of-007   its bytes, in order
  NAME.parts                                      the manifest, sent last

The manifest (schema baremem-parts/1) gives NAME (file), its bytes and
CRC-32 (zlib's), and each part's file, offset, bytes and CRC-32. join()
returns NAME's bytes only when the manifest is well formed, names exactly
the parts its count implies, and every part is there with the bytes and
CRC the manifest gives, and the whole matches too; else PartsError says
which part and what is wrong. Every size is bounded before anything is
read: a manifest by MANIFEST_MAX_BYTES, a part by PART_MAX_BYTES and by
its size on disk (a part is a regular file of exactly the bytes the
manifest gives, checked for all parts before the first is read), the
whole by RESULTS_MAX_BYTES. Nothing here writes a file.
"""
import os
import re
import stat
import zlib

from baremem_json import TooLargeError, read_capped, strict_loads

PARTS_SCHEMA = "baremem-parts/1"
# NAME.parts, NAME a file name (never a path: the parts lie beside it).
MANIFEST_RE = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]{0,120})\.parts$")
PART_RE = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]{0,120})"
                     r"\.part-(?P<i>[0-9]{3,})-of-(?P<n>[0-9]{3,})$")
MAX_PARTS = 9999	# UPLOAD_PARTS_MAX
# The app's parts are UPLOAD_PART_BYTES (lib/results/upload_parts.h) at
# most; test_results_module checks the two agree.
PART_MAX_BYTES = 16 << 20
# A result joined in memory: five times the largest real one (a 512-thread
# profile=full run, about 100 MiB: docs/netboot.md "Results in parts").
RESULTS_MAX_BYTES = 512 << 20
# 9999 parts' entries of about 230 bytes each, with room.
MANIFEST_MAX_BYTES = 4 << 20


class PartsError(Exception):
    """Why a manifest's parts cannot be joined."""


def part_name(name, i, count):
    """NAME.part-002-of-007 for i = 1 (upload_part_name)."""
    w = max(3, len(str(count)))
    return "%s.part-%0*d-of-%0*d" % (name, w, i + 1, w, count)


def _crc(v, what):
    if not (isinstance(v, str) and re.fullmatch(r"[0-9a-f]{8}", v)):
        raise PartsError("the manifest's %s crc32 is not 8 hex digits" % what)
    return int(v, 16)


def _size(v, what, cap):
    if not (isinstance(v, int) and not isinstance(v, bool) and v >= 0):
        raise PartsError("the manifest's %s bytes is not a count" % what)
    if v > cap:
        raise PartsError("the manifest's %s bytes is %d, more than %d (no "
                         "upload of the app's is that large)" % (what, v, cap))
    return v


def read_manifest(path):
    """The manifest at path, checked for shape: (name, bytes, crc, parts),
    parts a list of (file, offset, bytes, crc). PartsError otherwise."""
    base = os.path.basename(path)
    m = MANIFEST_RE.match(base)
    if not m:
        raise PartsError("%s is not a parts manifest's name (NAME.parts)"
                         % base)
    try:
        doc = strict_loads(read_capped(path, MANIFEST_MAX_BYTES,
                                       "parts manifest").decode("utf-8"))
    except TooLargeError as e:
        raise PartsError("the manifest is refused: %s" % e) from None
    except OSError as e:
        raise PartsError("cannot read the manifest: %s" % e.strerror) from None
    except (UnicodeDecodeError, ValueError) as e:
        raise PartsError("the manifest is not JSON (%s): damaged?" % e) from None
    if not isinstance(doc, dict) or doc.get("schema") != PARTS_SCHEMA:
        raise PartsError("not a parts manifest (schema %r, expected %r)"
                         % (doc.get("schema") if isinstance(doc, dict) else None,
                            PARTS_SCHEMA))
    name = m.group("name")
    if doc.get("file") != name:
        raise PartsError("the manifest names %r, its own name says %r"
                         % (doc.get("file"), name))
    total = _size(doc.get("bytes"), "whole file's", RESULTS_MAX_BYTES)
    crc = _crc(doc.get("crc32"), "whole file's")
    plist = doc.get("parts")
    if not isinstance(plist, list) or not 1 <= len(plist) <= MAX_PARTS:
        raise PartsError("the manifest's parts are not a list of 1 to %d"
                         % MAX_PARTS)
    parts, at = [], 0
    for i, p in enumerate(plist):
        want = part_name(name, i, len(plist))
        if not isinstance(p, dict) or p.get("file") != want:
            raise PartsError("part %d of %d is not named %s in the manifest"
                             % (i + 1, len(plist), want))
        off = _size(p.get("offset"), want + "'s offset:", RESULTS_MAX_BYTES)
        n = _size(p.get("bytes"), want + "'s", PART_MAX_BYTES)
        if off != at:
            raise PartsError("%s starts at byte %d, the part before ends at "
                             "%d" % (want, off, at))
        parts.append((want, off, n, _crc(p.get("crc32"), want + "'s")))
        at += n
    if at != total:
        raise PartsError("the parts hold %d bytes, the manifest says the "
                         "whole is %d" % (at, total))
    return name, total, crc, parts


def _check_on_disk(folder, parts):
    """PartsError naming the first part that is missing, not a regular
    file, or not exactly the bytes the manifest gives, before any is
    read."""
    for i, (pname, _off, n, _crc32) in enumerate(parts):
        where = "part %d of %d (%s)" % (i + 1, len(parts), pname)
        try:
            st = os.stat(os.path.join(folder, pname))
        except FileNotFoundError:
            raise PartsError("%s is missing" % where) from None
        except OSError as e:
            raise PartsError("%s cannot be read: %s" % (where, e.strerror)) \
                from None
        if not stat.S_ISREG(st.st_mode):
            raise PartsError("%s is not a regular file" % where)
        if st.st_size != n:
            raise PartsError("%s holds %d bytes, the manifest says %d%s"
                             % (where, st.st_size, n,
                                " (cut short by the server?)"
                                if st.st_size < n else ""))


def join(path):
    """The bytes of the file the manifest at path describes, its parts
    read from the manifest's folder: (name, data). PartsError naming the
    first part missing or damaged, or the manifest's fault."""
    name, total, crc, parts = read_manifest(path)
    folder = os.path.dirname(path) or "."
    _check_on_disk(folder, parts)
    chunks = []
    for i, (pname, _off, n, pcrc) in enumerate(parts):
        where = "part %d of %d (%s)" % (i + 1, len(parts), pname)
        try:
            data = read_capped(os.path.join(folder, pname), n, "part")
        except TooLargeError as e:
            raise PartsError("%s changed while read: %s" % (where, e)) \
                from None
        except OSError as e:
            raise PartsError("%s cannot be read: %s" % (where, e.strerror)) \
                from None
        if len(data) != n:
            raise PartsError("%s holds %d bytes, the manifest says %d "
                             "(cut short while read?)" % (where, len(data), n))
        if zlib.crc32(data) != pcrc:
            raise PartsError("%s is damaged: its crc32 is %08x, the manifest "
                             "says %08x" % (where, zlib.crc32(data), pcrc))
        chunks.append(data)
    whole = b"".join(chunks)
    if len(whole) != total or zlib.crc32(whole) != crc:
        raise PartsError("the joined file's crc32 is %08x, the manifest says "
                         "%08x" % (zlib.crc32(whole), crc))
    return name, whole
