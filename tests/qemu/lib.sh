# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are for the scenarios that source this
# Shared helpers of the QEMU scenarios: boot the real image with
# scripts/run-qemu in a temporary directory, then check what it left.
# A test sources this file, calls boot, asserts, and ends with `finish`.
# set -eu: a command that fails outside an assertion (a typo, a command
# not found, an unset variable) ends the scenario as a failure, said by
# the trap, instead of passing unseen.
set -eu
trap 'echo "FAIL: a command exited $? outside an assertion, line $LINENO of ${0##*/}"' ERR

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
IMAGE=${BAREMEM_IMAGE:-$ROOT/build/baremem.img}
# The test image (make test-image): the app with the test hooks, which
# only it accepts as test_hook=NAME (lib/config/test_hooks.h).
TEST_IMAGE=${BAREMEM_TEST_IMAGE:-$ROOT/build/baremem-test.img}
# The latency table's rows (lib/ prints them): size, cache level, ns min,
# ns median, ns max, TSC cycles median.
LATENCY_ROW='^ *[0-9.]+[KMG] +(L[123]|DRAM) +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+'

T=$(mktemp -d "${TMPDIR:-/tmp}/baremem-qemu.XXXXXX")
DISK=$T/disk.img	# the booted disk, read back after the run
VARS=$T/vars.fd		# the OVMF varstore of the run
CONSOLE=$T/console.log	# console text without escape codes
BOOT_STATUS=""
FAILURES=0

# vars_from_template: a disk boot's varstore, when the scenario has none
# yet, starts as OVMF's store after one boot up to the app
# (build/ovmf-vars.fd, make's): on an empty store OVMF's first boot costs
# about 0.7 s more under TCG, every scenario. Not where the scenario
# names its own firmware (OVMF_VARS), boots from the network (net.sh) or
# attaches the disk otherwise (--readonly: virtio-blk, which the stored
# boot order does not name, so OVMF would start its shell instead), nor
# for another architecture's firmware (--arch: AAVMF).
# vars_from_template [the boot's run-qemu options ...]
VARS_TEMPLATE=$ROOT/build/ovmf-vars.fd
vars_from_template() {
	local a
	for a in "$@"; do
		[ "$a" = --readonly ] || [ "$a" = --arch ] && return 0
	done
	if [ ! -f "$VARS" ] && [ -z "${OVMF_VARS:-}" ] &&
		[ -f "$VARS_TEMPLATE" ]; then
		cp "$VARS_TEMPLATE" "$VARS"
	fi
}

# KEEP=1 keeps the directory for a look after a failure.
cleanup_test_dir() {
	if [ "${KEEP:-0}" = 1 ]; then
		echo "kept $T"
	else
		rm -rf "$T"
	fi
}
trap cleanup_test_dir EXIT

fail() {
	echo "FAIL: $*"
	FAILURES=$((FAILURES + 1))
}

# fresh_disk [run-qemu options]: a new copy of the image in $DISK and a
# varstore in $VARS for the boot these options make, BOOT_STATUS 0;
# with no image, a failure, BOOT_STATUS 1 and status 1.
fresh_disk() {
	if [ ! -f "$IMAGE" ]; then
		fail "no image at $IMAGE (make image)"
		BOOT_STATUS=1
		return 1
	fi
	cp --sparse=always "$IMAGE" "$DISK"
	vars_from_template "$@"
	BOOT_STATUS=0
}

# boot [run-qemu options] [key=value ...]: boots a copy of the image (the
# copy stays in $DISK, the varstore in $VARS); sets BOOT_STATUS to
# run-qemu's exit status (124: timeout).
boot() {
	fresh_disk "$@" || return 0
	"$ROOT/scripts/run-qemu" --disk "$DISK" --vars "$VARS" \
		--log "$CONSOLE" "$@" >"$T/run-qemu.out" 2>&1 || BOOT_STATUS=$?
	echo "boot: $*: $(tail -n 1 "$T/run-qemu.out")"
}

# boot_until REGEX LINGER_S [run-qemu options] [key=value ...]: boots as
# boot does, but stops QEMU LINGER_S seconds after a console line matches
# the extended REGEX, for a run that would otherwise only end at its
# --timeout (waiting for a key, or a firmware that refused the app).
# BOOT_STATUS is then 124 (still running when stopped), as at a timeout;
# BOOT_MATCHED is 1 when the line came, BOOT_LINGERED_S how long QEMU
# then ran on. The console is the one run-qemu shows as it comes.
boot_until() {
	local regex=$1 linger_s=$2 pid matched_ns="" now
	shift 2
	BOOT_MATCHED=0
	BOOT_LINGERED_S=0
	fresh_disk "$@" || return 0
	"$ROOT/scripts/run-qemu" --disk "$DISK" --vars "$VARS" --show "$@" \
		>"$T/run-qemu.out" 2>&1 </dev/null &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		now=$(date +%s%N)
		if [ -z "$matched_ns" ] &&
			grep -Eq -- "$regex" "$T/run-qemu.out" 2>/dev/null; then
			matched_ns=$now
		fi
		if [ -n "$matched_ns" ] &&
			[ $((now - matched_ns)) -ge $((linger_s * 1000000000)) ]; then
			# run-qemu stops QEMU on TERM
			kill -TERM "$pid" 2>/dev/null || true
			break
		fi
		sleep 0.2
	done
	wait "$pid" || BOOT_STATUS=$?
	if [ -n "$matched_ns" ]; then
		BOOT_MATCHED=1
		BOOT_LINGERED_S=$((($(date +%s%N) - matched_ns) / 1000000000))
		[ "$BOOT_STATUS" = 143 ] && BOOT_STATUS=124
	fi
	grep -v '^run-qemu: ' "$T/run-qemu.out" >"$CONSOLE" || true
	if [ "$BOOT_MATCHED" = 1 ] && [ "$BOOT_STATUS" = 124 ]; then
		echo "boot: $*: QEMU stopped $BOOT_LINGERED_S s after /$regex/"
	else
		echo "boot: $*: $(grep '^run-qemu: \(QEMU exited\|timeout\)' \
			"$T/run-qemu.out" | tail -n 1)"
	fi
}

# hmp SOCKET CMD: one command to the QEMU human monitor on the unix
# socket SOCKET (run-qemu's --qemu -monitor --qemu
# unix:SOCKET,server=on,wait=off), once the socket is there (30 s at
# most); prints the monitor's answer.
hmp() {
	/usr/bin/python3 - "$1" "$2" <<'PY'
import os, socket, sys, time
path, cmd = sys.argv[1], sys.argv[2]
for _ in range(300):
    if os.path.exists(path):
        break
    time.sleep(0.1)
s = socket.socket(socket.AF_UNIX)
s.connect(path)
s.settimeout(5)
def to_prompt():
    out = b""
    try:
        while not out.endswith(b"(qemu) "):
            d = s.recv(4096)
            if not d:
                break
            out += d
    except socket.timeout:
        pass
    return out
to_prompt()
s.sendall(cmd.encode() + b"\n")
sys.stdout.write(to_prompt().decode(errors="replace"))
PY
}

# use_test_image: later boots use the test image.
use_test_image() {
	IMAGE=$TEST_IMAGE
	if [ ! -f "$IMAGE" ]; then
		fail "no test image at $IMAGE (make test-image)"
	fi
}

# The console's end, once per test: enough to see where the run stopped.
show_console_tail() {
	if [ "${CONSOLE_SHOWN:-0}" = 1 ]; then
		return
	fi
	CONSOLE_SHOWN=1
	echo "  last console lines:"
	tail -n "${1:-15}" "$CONSOLE" 2>/dev/null | sed 's/^/  | /'
}

# assert_exit STATUS: run-qemu ended with STATUS: 0 only when the guest
# powered itself off (or, booted --expect-reset, reset itself); 10 a
# reset, 11 a triple fault, 124 a timeout (scripts/run-qemu --help).
assert_exit() {
	if [ "$BOOT_STATUS" = 124 ]; then
		fail "QEMU did not stop by itself (timeout)"
		show_console_tail
	elif [ "$BOOT_STATUS" != "$1" ]; then
		fail "QEMU exit status $BOOT_STATUS, expected $1"
		sed 's/^/  run-qemu: /' "$T/run-qemu.out" | tail -n 5
		show_console_tail
	fi
}

# assert_console REGEX WHAT: some console line matches the extended REGEX.
assert_console() {
	if ! grep -Eq -- "$1" "$CONSOLE" 2>/dev/null; then
		fail "$2: no console line matches /$1/"
		show_console_tail
	fi
}

# assert_no_console REGEX WHAT: no console line matches REGEX.
assert_no_console() {
	if grep -Eq -- "$1" "$CONSOLE" 2>/dev/null; then
		fail "$2: console has /$1/:"
		grep -E -- "$1" "$CONSOLE" | head -n 5 | sed 's/^/  | /'
	fi
}

# latency_rows: how many rows the console's "latency, cpu 0" table has.
# The table runs from its title to a blank line after its rows or to the
# next section's title.
latency_rows() {
	if [ ! -f "$CONSOLE" ]; then
		echo 0
		return
	fi
	awk -v row="$LATENCY_ROW" '
		/^latency, cpu 0/ { inside = 1; next }
		!inside { next }
		/^(latency, |bandwidth|summary|baremem: )/ { exit }
		/^[ \t]*$/ { if (rows) exit; next }
		$0 ~ row { rows++ }
		END { print rows + 0 }' "$CONSOLE"
}

# assert_latency_rows MIN: the cpu 0 latency table has at least MIN rows.
assert_latency_rows() {
	local n
	n=$(latency_rows)
	if [ "$n" -lt "$1" ]; then
		fail "latency table of cpu 0 has $n rows, expected at least $1"
		show_console_tail 30
	fi
}

# disk_get PATH DEST: copies ::PATH (forward slashes) off the booted disk.
disk_get() {
	MTOOLS_SKIP_CHECK=1 mcopy -n -i "$DISK@@1M" "::$1" "$2" 2>/dev/null
}

# assert_disk_file PATH: the booted disk holds the file PATH.
assert_disk_file() {
	if ! disk_get "$1" "$T/disk_file"; then
		fail "no $1 on the disk after the run"
		MTOOLS_SKIP_CHECK=1 mdir -i "$DISK@@1M" -/ ::/baremem 2>&1 |
			sed 's/^/  | /' | head -n 20
	fi
}

# finish: ends the test with status 1 when an assertion failed; returns
# 0 when every assertion held.
finish() {
	# results.sh's schema checks, kept until now to run in one Python
	if declare -F validate_pending >/dev/null; then
		validate_pending
	fi
	if [ "$FAILURES" -gt 0 ]; then
		echo "$FAILURES assertion(s) failed"
		exit 1	# not return: set -e's trap would call it a stray failure
	fi
	return 0
}
