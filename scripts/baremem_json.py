"""Reading untrusted JSON, for every script that reads what a machine or
a server wrote (results files, parts manifests, console frames, the EFI
variable): bounded reads and a strict parser. It imports no other
baremem module, so baremem_results and baremem_parts both build on it.

strict_loads refuses what the app never writes and readers disagree on:
a key twice in one object, NaN and Infinity (not JSON numbers), a number
whose magnitude needs more than 64 bits or overflows a double, and
nesting deeper than Python's parser recurses (a RecursionError
otherwise).
Each refusal is a ValueError, as json.loads raises for bad JSON.
"""
import json
import math
import os
import stat

# No figure, count, size or address the app writes needs more than 64
# bits (lib/util/json.c writes uint64_t at most).
INT_LIMIT = 1 << 64


class DuplicateKeyError(ValueError):
    """A key twice in one JSON object."""


def _unique_keys(pairs):
    """object_pairs_hook: a key twice in one object is an error, since
    readers differ on which of the two they keep and a schema cannot see
    it."""
    seen = set()
    dup = []
    for k, _ in pairs:
        if k in seen and k not in dup:
            dup.append(k)
        seen.add(k)
    if dup:
        raise DuplicateKeyError("key%s %s twice in one object" % (
            "s" if len(dup) > 1 else "", ", ".join(repr(k) for k in dup)))
    return dict(pairs)


def _no_constant(name):
    raise ValueError("%s is not a JSON number" % name)


def _bounded_int(s):
    # 2^64 has 20 digits: a longer one is refused before int() (which
    # refuses 4300 digits with advice for the programmer, not the user)
    v = int(s) if len(s) <= 21 else INT_LIMIT
    if not -INT_LIMIT < v < INT_LIMIT:
        raise ValueError("the number %s... (%d digits) is beyond 64 bits"
                         % (s[:12], len(s)))
    return v


def _finite_float(s):
    v = float(s)
    if not math.isfinite(v):
        raise ValueError("the number %s is beyond a double's range"
                         % s[:40])
    return v


class JsonDecimal(str):
    """A decimal's text as the file writes it (strict_loads with
    keep_decimals): a str, so it prints with the file's own digits, and a
    type of its own, so a reader tells it from a string the file holds
    where a figure belongs."""


def _decimal_text(s):
    """parse_float for a reader that keeps a decimal's digits (the HTML
    report prints the JSON's own), checked as _finite_float checks."""
    _finite_float(s)
    return JsonDecimal(s)


def strict_loads(text, keep_decimals=False):
    """json.loads that refuses a key twice in one object (raises
    DuplicateKeyError), NaN and Infinity, numbers beyond 64 bits or a
    double, and deep nesting (ValueError, as json.loads raises for bad
    JSON). keep_decimals: each decimal as its text (JsonDecimal), not a
    float."""
    try:
        doc = json.loads(text, object_pairs_hook=_unique_keys,
                         parse_constant=_no_constant,
                         parse_int=_bounded_int,
                         parse_float=(_decimal_text if keep_decimals
                                      else _finite_float))
    except RecursionError:
        raise ValueError("nested too deeply for Python's parser") from None
    return doc


class TooLargeError(ValueError):
    """A file larger than its reader takes, or not a regular file."""


def read_capped(path, cap_bytes, what="file"):
    """The bytes of the regular file at path. TooLargeError, before
    anything is read, when it holds more than cap_bytes or is not a
    regular file (a FIFO would block the reader, a device might never
    end); OSError as open raises it (FileNotFoundError...)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise TooLargeError("not a regular file")
        if st.st_size > cap_bytes:
            raise TooLargeError("%d bytes, more than a %s holds (%d at most)"
                                % (st.st_size, what, cap_bytes))
        data = f.read(cap_bytes + 1)
    if len(data) > cap_bytes:	# grew while read
        raise TooLargeError("more than a %s holds (%d bytes at most)"
                            % (what, cap_bytes))
    return data
