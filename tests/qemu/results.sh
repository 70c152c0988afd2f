# shellcheck shell=bash
# shellcheck disable=SC2034 # BOOT_STATUS, CONSOLE_SHOWN: lib.sh's, read there
# Reading what a boot left behind: results files off the disk image and
# the EFI variable out of the OVMF varstore. Source after lib.sh.

SCHEMA=$ROOT/docs/results.schema.json
PY=/usr/bin/python3

# get_run N: copies run-000N.json off the disk to $T/run-N.json.
get_run() {
	local name
	name=$(printf 'run-%04d.json' "$1")
	if ! disk_get "/baremem/results/$name" "$T/run-$1.json"; then
		fail "no $name on the disk"
		return 1
	fi
}

# check_json FILE PYTHON-EXPRESSIONS...: each expression, evaluated with
# `r` bound to the parsed file, must be true; prints the ones that are not.
check_json() {
	local file=$1
	shift
	if ! $PY - "$file" "$@" <<'PYEOF'
import json, sys
r = json.load(open(sys.argv[1]))
bad = 0
for expr in sys.argv[2:]:
    try:
        ok = eval(expr, {"r": r, "any": any, "all": all, "len": len,
                         "set": set, "sorted": sorted})
    except Exception as e:
        ok = False
        expr += "  (" + type(e).__name__ + ": " + str(e) + ")"
    if not ok:
        print("  json check failed: " + expr)
        bad += 1
sys.exit(1 if bad else 0)
PYEOF
	then
		fail "results file $(basename "$file") is not as expected"
	fi
}

# validate FILE: FILE is valid against docs/results.schema.json and no
# object in it has a key twice (readers differ on which they keep).
validate() {
	local out
	if ! out=$(validate_quiet "$1"); then
		fail "$(basename "$1") does not validate against the schema"
		echo "$out" | tail -n 8 | sed 's/^/  | /'
	fi
}

# read_var: the BarememResult summary JSON from $VARS into $T/var.json.
read_var() {
	if ! "$ROOT/scripts/baremem-var" --vars-fd "$VARS" --json \
		>"$T/var.json" 2>"$T/var.err"; then
		fail "no BarememResult variable in the varstore: $(cat "$T/var.err")"
		return 1
	fi
}

# boot_again [run-qemu options] [key=value ...]: boots $DISK and $VARS as
# the last boot left them (a second run on the same stick and NVRAM).
boot_again() {
	BOOT_STATUS=0
	CONSOLE_SHOWN=0
	"$ROOT/scripts/run-qemu" --disk "$DISK" --vars "$VARS" \
		--log "$CONSOLE" "$@" >"$T/run-qemu.out" 2>&1 || BOOT_STATUS=$?
	echo "boot again: $*: $(tail -n 1 "$T/run-qemu.out")"
}

# check_html N [--hostile TEXT]: copies run-000N.html off the disk and
# checks it against run-N.json (get_run first) with tests/check-html:
# valid HTML5, self-contained, the summary's digits, a chart for every
# measured section, and a non-blank Chromium rendering ($T/run-N.png).
check_html() {
	local n=$1 name out
	shift
	name=$(printf 'run-%04d.html' "$n")
	if ! disk_get "/baremem/results/$name" "$T/run-$n.html"; then
		fail "no $name on the disk"
		return 1
	fi
	if ! out=$("$ROOT/tests/check-html" --png "$T/run-$n.png" "$@" \
		"$T/run-$n.html" "$T/run-$n.json" 2>&1); then
		fail "$name is not as expected"
	fi
	echo "$out"
}

# validate_var: the variable read_var left in $T/var.json, as the app
# wrote it (baremem-var --json prints its bytes unchanged), is valid
# against docs/summary.schema.json, holds no key twice, and is at most
# 2 KiB (docs/design.md §4).
SUMMARY_SCHEMA=$ROOT/docs/summary.schema.json
validate_var() {
	local out bytes
	bytes=$(stat -c %s "$T/var.json")
	if [ "$bytes" -gt 2048 ]; then
		fail "the variable's JSON is $bytes bytes, over 2 KiB"
	fi
	if ! out=$(SCHEMA=$SUMMARY_SCHEMA validate_quiet "$T/var.json"); then
		fail "the variable's JSON does not validate against summary.schema.json"
		echo "$out" | tail -n 8 | sed 's/^/  | /'
	fi
}

# validate_quiet FILE: validate's check against $SCHEMA, printing the
# errors instead of failing the test.
validate_quiet() {
	$PY - "$SCHEMA" "$1" 2>&1 <<'PYEOF'
import json, sys, jsonschema
def unique(pairs):
    keys = [k for k, _ in pairs]
    dup = sorted({k for k in keys if keys.count(k) > 1})
    if dup:
        raise ValueError("duplicate keys in one object: " + ", ".join(dup))
    return dict(pairs)
schema = json.load(open(sys.argv[1]))
jsonschema.validate(json.load(open(sys.argv[2]), object_pairs_hook=unique), schema)
PYEOF
}
