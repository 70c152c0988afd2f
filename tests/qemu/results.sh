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
# Checked with the scenario's other files at its finish (one Python for
# them all: starting one and loading jsonschema for each file cost a
# fifth of a second each); a copy is kept now, as a later run may write
# the same name. A file that does not validate is a failure there,
# named with the schema's errors.
validate() {
	validate_later "$1" "$SCHEMA" "$(basename "$1")"
}

# validate_later FILE SCHEMA NAME: FILE's copy, checked at finish
# against SCHEMA, NAME in the failure.
VALIDATE_COUNT=0
validate_later() {
	VALIDATE_COUNT=$((VALIDATE_COUNT + 1))
	mkdir -p "$T/validate"
	cp "$1" "$T/validate/$VALIDATE_COUNT.json"
	printf '%s\t%s\t%s\n' "$VALIDATE_COUNT" "$2" "$3" >>"$T/validate/list"
}

# validate_pending: every file validate and validate_var kept, checked
# now (lib.sh's finish calls it); a failure per file that does not
# validate, with the last lines of its errors.
validate_pending() {
	local out
	[ -f "$T/validate/list" ] || return 0
	out=$($PY - "$T/validate" 2>&1 <<'PYEOF'
import json, os, sys, jsonschema
def unique(pairs):
    keys = [k for k, _ in pairs]
    dup = sorted({k for k in keys if keys.count(k) > 1})
    if dup:
        raise ValueError("duplicate keys in one object: " + ", ".join(dup))
    return dict(pairs)
d = sys.argv[1]
schemas = {}
for line in open(os.path.join(d, "list")):
    n, schema, name = line.rstrip("\n").split("\t")
    if schema not in schemas:
        schemas[schema] = json.load(open(schema))
    try:
        jsonschema.validate(json.load(open(os.path.join(d, n + ".json")),
                                      object_pairs_hook=unique),
                            schemas[schema])
    except jsonschema.ValidationError as e:
        print("INVALID\t%s\t%s" % (name, os.path.basename(schema)))
        print("  | %s" % e.message[:300])
        print("  | at %s" % "/".join(str(p) for p in e.absolute_path))
    except ValueError as e:	# a key twice, or not JSON
        print("INVALID\t%s\t%s" % (name, os.path.basename(schema)))
        print("  | %s" % str(e)[:300])
PYEOF
) || fail "the schema check itself failed: $(echo "$out" | tail -n 3)"
	rm -f "$T/validate/list"
	[ -n "$out" ] || return 0
	while IFS=$'\t' read -r tag name schema; do
		case $tag in
		INVALID) fail "$name does not validate against $schema" ;;
		*) printf '%s\n' "$tag" ;;
		esac
	done < <(printf '%s\n' "$out")
	return 0
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
	local bytes
	bytes=$(stat -c %s "$T/var.json")
	if [ "$bytes" -gt 2048 ]; then
		fail "the variable's JSON is $bytes bytes, over 2 KiB"
	fi
	validate_later "$T/var.json" "$SUMMARY_SCHEMA" "the variable's JSON"
}

