# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are for the tests that source this
# Shared helpers of the script tests (tests/scripts/test_*) and of the
# Linux-runner tests (tests/linux/test_*), on tests/data/example-run-*.json.
# Expected values are read from those files, never typed in. A test
# sources this file, checks, and exits 1 at the first check that fails,
# after printing why; its last command's status is its own.
# set -eu: a command that fails outside a check (a typo, a command not
# found, an unset variable) ends the test as a failure, said by the trap,
# instead of passing unseen. A test skips only as tests/README.md says
# (SKIP: <code>: <text>, exit 77).
set -eu -o pipefail
trap 'echo "FAIL: a command exited $? outside a check, line $LINENO of ${0##*/}"' ERR

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PY=/usr/bin/python3	# Debian's, with jsonschema and matplotlib
S=$ROOT/scripts
DATA=$ROOT/tests/data
EX1=$DATA/example-run-1.json		# uefi, 1G pages
EX2=$DATA/example-run-2.json		# linux, 4K pages
EXP=$DATA/example-run-pages.json	# uefi, page=all
EXA=$DATA/example-run-aarch64.json	# uefi, aarch64: a QEMU virt run, network boot
EXS=$DATA/example-run-scan.json		# uefi, tests=scan: 2 nodes, a hole, a range not measured, one flagged
SCHEMA=$ROOT/docs/results.schema.json
SUMMARY_SCHEMA=$ROOT/docs/summary.schema.json
OVMF_VARS=${OVMF_VARS:-/usr/share/OVMF/OVMF_VARS.fd}
export MTOOLS_SKIP_CHECK=1

# KEEP=1 keeps the test's directory for a look after a failure.
T=$(mktemp -d "${TMPDIR:-/tmp}/baremem-$(basename "$0").XXXXXX")
cleanup_test_dir() {
	if [ "${KEEP:-0}" = 1 ]; then echo "kept $T"; else rm -rf "$T"; fi
}
trap cleanup_test_dir EXIT

# expect_exit CODE REGEX CMD...: CMD exits with CODE and its stderr
# matches the extended REGEX (empty: anything). Output in $T/out, $T/err.
expect_exit() {
	local code=$1 re=$2 status=0
	shift 2
	"$@" >"$T/out" 2>"$T/err" || status=$?
	if [ "$status" != "$code" ]; then
		echo "$(basename "$1") ${*:2}: exit $status, expected $code"
		sed 's/^/  stderr: /' "$T/err" | head -n 5
		return 1
	fi
	if [ -n "$re" ] && ! grep -Eq -- "$re" "$T/err"; then
		echo "$(basename "$1") ${*:2}: stderr does not match /$re/:"
		sed 's/^/  stderr: /' "$T/err" | head -n 5
		return 1
	fi
}

# pyjson FILE EXPR: prints EXPR evaluated with r = the parsed FILE.
pyjson() {
	$PY -c 'import json, sys; r = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}

# validate SCHEMA FILE...: prints the schema errors, fails when there are
# any, or when an object has a key twice (readers differ on which one
# they keep, and the schema cannot see it: the scripts' own strict
# loader, scripts/baremem_results.py, refuses it). Several files are
# checked in one Python (jsonschema's import costs ~0.1 cpu-s a start),
# each one that fails named before its errors.
validate() {
	local schema=$1
	shift
	$PY - "$schema" "$S" "$@" <<'EOF'
import json, os, sys
from jsonschema import Draft202012Validator
sys.path.insert(0, sys.argv[2])
from baremem_results import DuplicateKeyError, strict_loads
v = Draft202012Validator(json.load(open(sys.argv[1])))
bad = 0
for path in sys.argv[3:]:
    name = "  %s: " % os.path.basename(path) if len(sys.argv) > 4 else "  "
    try:
        doc = strict_loads(open(path, encoding="utf-8").read())
    except DuplicateKeyError as e:
        print("%s%s" % (name, e))
        bad += 1
        continue
    errs = list(v.iter_errors(doc))
    for e in errs[:5]:
        print("%s%s: %s" % (name, "/".join(map(str, e.absolute_path)), e.message))
    bad += bool(errs)
sys.exit(1 if bad else 0)
EOF
}

# mkimage IMG START_SECTOR: a disk image as scripts/make-image makes it
# (GPT, one FAT32 ESP, an empty \baremem\results), its ESP at
# START_SECTOR; the app in it is a placeholder file.
mkimage() {
	echo "placeholder, not an app" >"$T/placeholder.efi"
	if ! "$S/make-image" --start "$2" "$T/placeholder.efi" \
		"$ROOT/config/baremem.cfg" "$1" >"$T/make-image.log" 2>&1; then
		sed 's/^/  make-image: /' "$T/make-image.log"
		return 1
	fi
}

# tree_sums DIR: name, checksum and mtime of every file, to show that a
# second collect changed nothing.
tree_sums() {
	(cd "$1" && for f in *; do
		printf '%s %s %s\n' "$f" "$(sha256sum <"$f" | cut -c1-16)" \
			"$(stat -c %Y "$f")"
	done)
}

# is_png FILE: PNG signature, at least 600x300 pixels, over 20 KB (a plot
# with lines and labels, not an empty canvas).
is_png() {
	$PY - "$1" <<'EOF'
import struct, sys, os
b = open(sys.argv[1], "rb").read()
if b[:8] != b"\x89PNG\r\n\x1a\n" or b[12:16] != b"IHDR":
    sys.exit("%s: not a PNG" % sys.argv[1])
w, h = struct.unpack(">II", b[16:24])
if w < 600 or h < 300 or len(b) < 20000:
    sys.exit("%s: %dx%d, %d bytes: too small for a plot" % (sys.argv[1], w, h, len(b)))
EOF
}

# mkvars OUT BASE RECORDS_JSON: OUT = the varstore BASE with variable
# records appended at the start of its free space (the first byte after
# which the store holds only 0xFF), each an edk2 authenticated variable
# header (60 bytes), the UTF-16LE name, the data, padding to 4 bytes.
# RECORDS_JSON: [{"name", "guid", "state", "data"}, ...]. (The QEMU tests
# read a varstore the firmware itself wrote.)
mkvars() {
	$PY - "$@" <<'EOF'
import json, struct, sys, uuid
out, base, records = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
fv = bytearray(open(base, "rb").read())
store = struct.unpack_from("<H", fv, 48)[0]		# FV HeaderLength
size = struct.unpack_from("<I", fv, store + 16)[0]	# store Size
first, end = store + 28, store + size
used = bytes(fv[first:end]).rstrip(b"\xff")
off = first + ((len(used) + 3) & ~3)
for r in records:
    name = (r["name"] + "\0").encode("utf-16-le")
    data = r["data"].encode("utf-8")
    # StartId, State, Reserved, Attributes (NV|BS|RT), MonotonicCount,
    # TimeStamp, PubKeyIndex, NameSize, DataSize, VendorGuid.
    head = (struct.pack("<HBBIQ", 0x55AA, r["state"], 0, 7, 0) + bytes(16) +
            struct.pack("<III", 0, len(name), len(data)) +
            uuid.UUID(r["guid"]).bytes_le)
    assert len(head) == 60
    rec = head + name + data
    rec += b"\xff" * (-len(rec) % 4)
    if off + len(rec) > end:
        sys.exit("varstore full")
    fv[off:off + len(rec)] = rec
    off += len(rec)
open(out, "wb").write(fv)
EOF
}

# summary_json FILE RUN: the compact baremem-summary/1 JSON the app would
# put in the variable for results FILE.
summary_json() {
	$PY - "$1" "$2" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
run = int(sys.argv[2])
s = {"schema": "baremem-summary/1", "run": run, "status": r["status"],
     "file": "\\baremem\\results\\run-%04d.json" % run,
     "summary": r["summary"]}
print(json.dumps(s, separators=(",", ":")))
EOF
}
