"""What the scripts share about baremem's JSON (docs/results.schema.json):
loading a results file strictly (scripts/baremem_json.py: bounded, a key
twice in one object, NaN or a number beyond 64 bits refused; any schema
but baremem-results/1 refused), size labels, number cells,
lenient getters, untrusted text made printable. scripts/baremem-report,
bench-table and baremem-var import it from their own folder (Python puts
a script's folder first on sys.path), so they run from any directory.
"""
import os
import re

import baremem_parts
from baremem_json import (DuplicateKeyError, TooLargeError,  # noqa: F401
                          read_capped, strict_loads)

SCHEMA = "baremem-results/1"
K, M, G = 1 << 10, 1 << 20, 1 << 30

# Digits printed per kind of figure, as the report has always printed them.
NS_DIGITS = 2		# latency, ns per load
CYCLES_DIGITS = 1	# latency, core or TSC cycles per load
GBPS_DIGITS = 1		# bandwidth, GB/s (10^9 bytes)
RATIO_DIGITS = 2	# one figure over another (4K/2M, off/on)


class ResultsError(Exception):
    """A file the scripts refuse; the message names the file and why."""


def _joined(path):
    """The bytes of a result uploaded in parts, from its manifest NAME.parts
    (scripts/baremem_parts.py): checked part by part, joined in memory."""
    if not os.path.exists(path):
        raise FileNotFoundError(path)
    try:
        return baremem_parts.join(path)[1]
    except baremem_parts.PartsError as e:
        raise ResultsError("%s: the parts cannot be joined: %s" % (path, e)) \
            from None


def load_json(path, keep_decimals=False):
    """The parsed JSON of the file at path (strict_loads; keep_decimals:
    each decimal as its text); ResultsError naming the file when it is
    missing, unreadable, not a regular file, larger than a result can be
    (baremem_parts.RESULTS_MAX_BYTES), not UTF-8, not JSON (NaN, a number
    beyond 64 bits or a double, nesting too deep for the parser) or holds
    a key twice in one object. A parts manifest (NAME.parts) stands for
    the file its parts join into."""
    try:
        if path.endswith(".parts"):
            raw = _joined(path)
        else:
            raw = read_capped(path, baremem_parts.RESULTS_MAX_BYTES,
                              "results file")
    except FileNotFoundError:
        raise ResultsError("%s: no such file" % path) from None
    except TooLargeError as e:
        raise ResultsError("%s: refused: %s" % (path, e)) from None
    except OSError as e:
        raise ResultsError("%s: cannot read: %s" % (path, e.strerror)) from None
    try:
        return strict_loads(raw.decode("utf-8"), keep_decimals)
    except UnicodeDecodeError:
        raise ResultsError("%s: not JSON (not UTF-8 text): not a baremem "
                           "results file" % path) from None
    except DuplicateKeyError as e:
        raise ResultsError("%s: refused: %s (readers differ on which one "
                           "they keep)" % (path, e)) from None
    except ValueError as e:
        raise ResultsError("%s: not JSON (%s): not a baremem results file"
                           % (path, e)) from None


def check_schema(r, path, reader="this script"):
    """ResultsError unless r is a baremem-results/1 document; reader names
    who is refusing a newer format ("this report")."""
    schema = r.get("schema") if isinstance(r, dict) else None
    if not isinstance(schema, str):
        raise ResultsError("%s: JSON, but not a baremem results file (no "
                           "\"schema\": \"%s\")" % (path, SCHEMA))
    if schema.startswith("baremem-summary/"):
        raise ResultsError("%s: a baremem-summary (the EFI variable's "
                           "content), not a results file: print it with "
                           "scripts/baremem-var" % path)
    m = re.fullmatch(r"baremem-results/([0-9]+)", schema)
    if not m:
        raise ResultsError("%s: JSON, but not a baremem results file "
                           "(schema %r)" % (path, clean(schema)))
    if int(m.group(1)) > 1:
        raise ResultsError("%s: %s, written by a newer baremem; %s "
                           "understands %s" % (path, clean(schema),
                                               reader, SCHEMA))
    if int(m.group(1)) < 1:
        raise ResultsError("%s: unknown format %s; %s understands %s"
                           % (path, clean(schema), reader, SCHEMA))


def load_results(path, reader="this script"):
    """A baremem-results/1 file, parsed: load_json, then check_schema."""
    r = load_json(path)
    check_schema(r, path, reader)
    return r


def printable(s):
    """A message holding untrusted text (a file name from an upload
    folder) with every non-printable character shown as '?', so no
    escape sequence reaches the terminal."""
    return "".join(c if c.isprintable() else "?" for c in s)


def clean(v, limit=60):
    """Untrusted text from a file (brand, SMBIOS, firmware strings):
    non-printable characters shown as '?', bounded."""
    s = "".join(c if c.isprintable() else "?" for c in str(v))
    return s if len(s) <= limit else s[:limit - 3] + "..."


def is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def is_int(v):
    """A count or a size: an int, not negative, not a bool."""
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def size_label(n):
    """Bytes as the shortest exact power-of-1024 label, as the app prints
    sizes: 65536 -> 64K, 1310720 -> 1.25M, 3 << 29 -> 1.5G; a size with no
    such label as its digits (1000 -> 1000); not a number -> '-'."""
    if not is_num(n):
        return "-"
    for unit, div in (("G", G), ("M", M), ("K", K)):
        v = n / div
        if v >= 1 and abs(v * 100 - round(v * 100)) < 1e-9:
            return ("%.2f" % v).rstrip("0").rstrip(".") + unit
    return "%d" % n


def num(v, digits):
    """A table cell: v with that many decimals, '-' when v is no number
    (null: not measured)."""
    return "%.*f" % (digits, v) if is_num(v) else "-"


def fmt_ns(v):
    return num(v, NS_DIGITS)


def fmt_cycles(v):
    return num(v, CYCLES_DIGITS)


def fmt_gbps(v):
    return num(v, GBPS_DIGITS)


def fmt_ratio(v):
    return num(v, RATIO_DIGITS)


def get(d, *keys, default=None):
    """d[k1][k2]... for dict keys and list indices, or default where a
    step is missing, of the wrong kind, or null: a file may lack any
    optional section, and a run with status error lacks most numbers."""
    for k in keys:
        if isinstance(d, dict):
            d = d.get(k)
        elif isinstance(d, list) and is_int(k) and k < len(d):
            d = d[k]
        else:
            return default
    return default if d is None else d


def as_list(v):
    return v if isinstance(v, list) else []


def as_dict(v):
    return v if isinstance(v, dict) else {}
