# shellcheck shell=bash
# Shared helpers of the Linux-runner tests (tests/linux/test_*): the
# script tests' helpers (tests/scripts/lib.sh), and the runner itself.
# A test sources this file, calls need_runner, checks, and exits 1 at the
# first check that fails.
# shellcheck source=../scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

BIN=$ROOT/build/baremem-linux	# make build/baremem-linux (make linux-test does)

# need_runner: a test without build/baremem-linux skips (not-built: a
# skip tests/run-tests counts only outside make test, which builds it).
need_runner() {
	if [ ! -x "$BIN" ]; then
		echo "SKIP: not-built: $BIN (make build/baremem-linux)"
		exit 77
	fi
}
