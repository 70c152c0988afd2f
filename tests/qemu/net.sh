# shellcheck shell=bash
# shellcheck disable=SC2034 # BOOT_STATUS, CONSOLE_SHOWN: lib.sh's, read there
# A private boot network for the network-boot scenarios: the test re-runs
# itself in a new network namespace (unshare -n: no route out, so no
# packet leaves it), makes a tap device with a private address, and runs
# real dnsmasq (DHCP with the boot file) and in.tftpd (tftpd-hpa) on it,
# serving a copy of build/netboot/ in $TFTP_ROOT. Source first thing,
# before lib.sh (it re-executes the script), then call net_up.

if [ -z "${BAREMEM_IN_NETNS:-}" ]; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "SKIP-FAIL: network boot tests run as root (unshare -n, tap)"
		exit 1
	fi
	exec unshare -n env BAREMEM_IN_NETNS=1 "$0" "$@"
fi

NET_SERVER_IP=10.77.0.1
NET_PREFIX=24
# NET_IPV6=1: the server's link also holds NET_SERVER_IP6/64, where
# dnsmasq can send router advertisements (--enable-ra); iPXE's
# configuration waits for one before it goes on, the full router
# solicitation timeout when none comes.
NET_SERVER_IP6=fd77::1
NET_DHCP_RANGE=10.77.0.50,10.77.0.99,255.255.255.0,10m
NET_TAP=tap0
# NET_TAPS=N (N > 1): N tap devices tap0..tapN-1, ports of a bridge that
# holds the server's address, as machines on one switch (many guests at
# once); the server then listens on the bridge.
NET_TAPS=${NET_TAPS:-1}
NET_BRIDGE=br0
# NET_DHCP_BOOT: dnsmasq's boot options, an array set before net_up
# (iPXE chain-loading answers its second DHCP with a script); by default
# every client gets baremem.efi from this server.
NETBOOT_DIR=${BAREMEM_NETBOOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/build/netboot}

# net_up: the tap device, dnsmasq and in.tftpd; the TFTP root is a fresh
# copy of build/netboot/ in $TFTP_ROOT (results land in its
# baremem/results/). Call after lib.sh (it needs $T).
net_up() {
	local tool
	for tool in dnsmasq in.tftpd ip; do
		if ! command -v "$tool" >/dev/null; then
			fail "no $tool (make deps: dnsmasq-base, tftpd-hpa, iproute2)"
			return 1
		fi
	done
	if [ ! -f "$NETBOOT_DIR/baremem.efi" ]; then
		fail "no $NETBOOT_DIR/baremem.efi (make netboot)"
		return 1
	fi
	TFTP_ROOT=$T/tftp
	# -a keeps make-netboot's modes: the results folder writable by the
	# unprivileged TFTP user.
	cp -a "$NETBOOT_DIR" "$TFTP_ROOT"
	ip link set lo up
	net_links
	# shellcheck disable=SC2119 # no options: the plain server
	dnsmasq_start
	tftpd_start
	trap net_down EXIT
}

# dnsmasq_start [dnsmasq options] / dnsmasq_stop: the DHCP server, with
# the boot file (NET_DHCP_BOOT: dnsmasq's boot options, by default the
# PXE boot file); options added (--dhcp-reply-delay=30: a switch port
# running spanning tree).
# shellcheck disable=SC2120 # tests/long/test_http_slow_dhcp passes some
dnsmasq_start() {
	if [ -z "${NET_DHCP_BOOT+set}" ]; then
		NET_DHCP_BOOT=("--dhcp-boot=baremem.efi,,$NET_SERVER_IP")
	fi
	dnsmasq --conf-file=/dev/null --port=0 --no-resolv --no-hosts \
		--keep-in-foreground --bind-interfaces \
		--interface="$NET_SERVER_IF" --dhcp-range="$NET_DHCP_RANGE" \
		"${NET_DHCP_BOOT[@]}" \
		--dhcp-leasefile="$T/dnsmasq.leases" --log-facility="$T/dnsmasq.log" \
		--log-dhcp --pid-file="$T/dnsmasq.pid" "$@" &
	DNSMASQ_PID=$!
}

dnsmasq_stop() {
	if [ -n "${DNSMASQ_PID:-}" ]; then
		kill "$DNSMASQ_PID" 2>/dev/null || true
		wait "$DNSMASQ_PID" 2>/dev/null || true
		DNSMASQ_PID=""
	fi
}

# net_links: the tap device with the server's address, or (NET_TAPS > 1)
# the bridge with it and its taps; NET_SERVER_IF is where the server is.
net_links() {
	local i
	if [ "$NET_TAPS" -le 1 ]; then
		ip tuntap add dev "$NET_TAP" mode tap
		NET_SERVER_IF=$NET_TAP
	else
		# No spanning tree, no forwarding delay: a port forwards
		# as soon as its guest opens it.
		ip link add "$NET_BRIDGE" type bridge stp_state 0 \
			forward_delay 0
		for ((i = 0; i < NET_TAPS; i++)); do
			ip tuntap add dev "tap$i" mode tap
			ip link set "tap$i" master "$NET_BRIDGE"
			ip link set "tap$i" up
		done
		NET_SERVER_IF=$NET_BRIDGE
	fi
	ip addr add "$NET_SERVER_IP/$NET_PREFIX" dev "$NET_SERVER_IF"
	if [ "${NET_IPV6:-0}" = 1 ]; then
		ip -6 addr add "$NET_SERVER_IP6/64" dev "$NET_SERVER_IF" nodad
	fi
	ip link set "$NET_SERVER_IF" up
}

# tftpd_start / tftpd_stop: in.tftpd in the foreground of a background
# job, as Debian runs it (user tftp, chrooted by --secure), uploads
# allowed (--create) where that user may write: the results folder.
# TFTPD_CMD is the command line docs/netboot.md gives. Without
# --permissive, tftpd-hpa writes only files others may write, so the
# files it creates must be world-writable (its default umask 0): any
# client could overwrite or read back any result. With --permissive the
# system's own checks apply to user tftp, and --umask 0737 creates each
# result mode 0040: tftpd writes it through the descriptor that created
# it, and can then neither reopen it to overwrite nor to serve it; group
# tftp (the people who read the results) reads it.
TFTPD_CMD=(in.tftpd --foreground --listen --secure --create --permissive
	--umask 0737 --user tftp --address "$NET_SERVER_IP:69" --verbose)
tftpd_start() {
	"${TFTPD_CMD[@]}" "$TFTP_ROOT" >"$T/tftpd.log" 2>&1 &
	TFTPD_PID=$!
}

tftpd_stop() {
	if [ -n "${TFTPD_PID:-}" ]; then
		kill "$TFTPD_PID" 2>/dev/null || true
		wait "$TFTPD_PID" 2>/dev/null || true
		TFTPD_PID=""
	fi
}

# tftp_silent_uploads: from now on the TFTP server never answers a write
# request (an nftables rule in the test's namespace drops every WRQ, TFTP
# opcode 2, sent to port 69) while it still serves reads: to the app a
# server gone between reading its config and uploading, with no race
# against the boot (the reads are all done before any upload).
tftp_silent_uploads() {
	if ! command -v nft >/dev/null; then
		fail "no nft (make deps: nftables)"
		return 1
	fi
	nft add table inet baremem_test
	nft add chain inet baremem_test input \
		'{ type filter hook input priority 0; }'
	nft add rule inet baremem_test input udp dport 69 '@th,64,16' 2 drop
}

net_down() {
	tftpd_stop
	dnsmasq_stop
	cleanup_test_dir
}

# net_boot [run-qemu options]: boots with no disk, one virtio NIC on the
# tap (empty romfile: OVMF's own PXE, not iPXE). NET_MAC sets its MAC.
net_boot() {
	local nic="virtio-net-pci,netdev=n0,romfile="
	if [ -n "${NET_MAC:-}" ]; then
		nic="$nic,mac=$NET_MAC"
	fi
	BOOT_STATUS=0
	CONSOLE_SHOWN=0
	"$ROOT/scripts/run-qemu" --no-disk --vars "$VARS" --log "$CONSOLE" \
		--qemu -netdev \
		--qemu "tap,id=n0,ifname=$NET_TAP,script=no,downscript=no" \
		--qemu -device --qemu "$nic" "$@" \
		>"$T/run-qemu.out" 2>&1 || BOOT_STATUS=$?
	echo "net boot: $*: $(tail -n 1 "$T/run-qemu.out")"
}

# net_boot_until REGEX ACTION [run-qemu options]: boots as net_boot,
# showing the console as it comes in $T/run-qemu.out; when a line matches
# the extended REGEX, runs ACTION (a command, net_boot_kill: never a
# change to the servers, which would race the boot; tftp_silent_uploads
# is set before it), then waits for QEMU. Gives up on REGEX after the
# boot's --timeout.
net_boot_until() {
	local regex=$1 action=$2 nic="virtio-net-pci,netdev=n0,romfile="
	shift 2
	if [ -n "${NET_MAC:-}" ]; then
		nic="$nic,mac=$NET_MAC"
	fi
	BOOT_STATUS=0
	CONSOLE_SHOWN=0
	"$ROOT/scripts/run-qemu" --no-disk --vars "$VARS" --log "$CONSOLE" \
		--show --qemu -netdev \
		--qemu "tap,id=n0,ifname=$NET_TAP,script=no,downscript=no" \
		--qemu -device --qemu "$nic" "$@" \
		>"$T/run-qemu.out" 2>&1 &
	NET_QEMU_PID=$!
	while kill -0 "$NET_QEMU_PID" 2>/dev/null; do
		if grep -Eq -- "$regex" "$T/run-qemu.out"; then
			echo "net boot: console shows /$regex/: $action"
			$action
			break
		fi
		sleep 0.5
	done
	wait "$NET_QEMU_PID" || BOOT_STATUS=$?
	echo "net boot: $*: $(tail -n 1 "$T/run-qemu.out")"
}

# net_boot_kill: ends the boot net_boot_until started (run-qemu stops
# QEMU; no --log then: read $T/run-qemu.out).
net_boot_kill() {
	kill -TERM "$NET_QEMU_PID" 2>/dev/null || true
}

# server_config NAME KEY=VALUE...: the TFTP root's baremem/NAME holds
# exactly these lines.
server_config() {
	local name=$1
	shift
	printf '%s\n' "$@" >"$TFTP_ROOT/baremem/$name"
}

# serve_test_app: the server hands out the test app (build/baremem-test.efi,
# with the test hooks: test_hook= in a served config) in place of the
# release one; a failure, status 1, when it is not built.
serve_test_app() {
	if [ ! -f "$ROOT/build/baremem-test.efi" ]; then
		fail "no build/baremem-test.efi (make test-image)"
		return 1
	fi
	cp "$ROOT/build/baremem-test.efi" "$TFTP_ROOT/baremem.efi"
}

# uploaded EXT: the uploaded results file with extension EXT (exactly
# one expected), or nothing.
uploaded() {
	find "$TFTP_ROOT/baremem/results" -name "*.$1" | sort
}
