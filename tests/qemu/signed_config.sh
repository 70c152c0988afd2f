# shellcheck shell=bash
# shellcheck disable=SC2034 # QUICK and NET_MAC are for the scenarios and net.sh
# The harness of the signed network config scenarios (docs/design.md §4d):
# tests/qemu/test_netboot_signed_config (make test: one config obeyed,
# one forged with another key refused) and
# tests/long/test_netboot_signed_config_refusals (make test-long: no
# verifier in the firmware, a config altered after signing, an unsigned
# one). Sourced after net.sh, lib.sh and results.sh: makes a throwaway
# key and another here, builds with `make netboot CONFIG_CERT=
# CONFIG_KEY=` the app that carries the first one's certificate and
# signs the served config, and brings the network up.
# Refused means the defaults with uploads off, whatever the config asked
# (its seed, its after=shutdown), and the reason on the console and in
# the warnings. The defaults are a long run (profile standard, after
# wait): those boots are stopped once the warnings are on the console.

VERIFIER=$ROOT/build/tests/pkcs7-verifier.efi
keys=$T/keys
mkdir -p "$keys"
for k in cfg other; do
	if ! openssl req -new -x509 -newkey rsa:2048 -nodes -sha256 -days 1 \
		-subj "/CN=baremem test $k signer/" -keyout "$keys/$k.key" \
		-out "$keys/$k.crt" >"$keys/openssl.log" 2>&1; then
		fail "openssl could not make a test key: $(tail -n 3 "$keys/openssl.log")"
		finish
		exit
	fi
done
if [ ! -f "$VERIFIER" ]; then
	fail "no $VERIFIER (make build/tests/pkcs7-verifier.efi)"
	finish
	exit
fi
NETBOOT_DIR=$T/netboot-signed
if ! make -C "$ROOT" --no-print-directory netboot CONFIG_CERT="$keys/cfg.crt" \
	CONFIG_KEY="$keys/cfg.key" NETBOOT_DIR="$NETBOOT_DIR" >"$T/make.log" 2>&1; then
	fail "make netboot CONFIG_CERT=... CONFIG_KEY=... failed:"
	tail -n 8 "$T/make.log" | sed 's/^/  | /'
	finish
	exit
fi
net_up || exit 1

# signed_config NAME KEY KEY=VALUE...: baremem/NAME holds these lines,
# signed with keys/KEY.
signed_config() {
	local name=$1 key=$2
	shift 2
	server_config "$name" "$@"
	"$ROOT/scripts/sign-config" "$keys/$key.crt" "$keys/$key.key" \
		"$TFTP_ROOT/baremem/$name" >>"$T/sign.log" 2>&1 ||
		fail "sign-config $name failed: $(tail -n 3 "$T/sign.log")"
}

# fresh_vars MAC: the next boot's NIC, with a new varstore (OVMF would
# first try the boot options it stored for the last boot's NIC).
fresh_vars() {
	NET_MAC=$1
	rm -f "$VARS"
	CONSOLE_SHOWN=0
}

# refused_boot MAC WHAT REASON_REGEX: boots with MAC, stops at the
# refusal's warning, checks the reason, the defaults and uploads off.
refused_boot() {
	local what=$2 reason=$3 log=$T/run-qemu.out
	fresh_vars "$1"
	net_boot_until '^warning: network config ' net_boot_kill --smp 1 \
		--timeout 180
	if ! grep -Eq "^config: tftp://10\.77\.0\.1/baremem/(baremem|[0-9a-f]{12})\.cfg refused: $reason" "$log"; then
		fail "$what: no refusal naming the file and /$reason/ on the console"
		grep -E '^(boot|config|warning|error|pkcs7)' "$log" | sed 's/^/  | /'
	fi
	if ! grep -Eq "^warning: network config refused, the defaults run with uploads off: tftp://10\.77\.0\.1/baremem/[^ ]+: $reason" "$log"; then
		fail "$what: the refusal is not among the run's warnings"
	fi
	if ! grep -Eq '^config: profile=standard tests=latency,bandwidth (.* )?seed=0x62617265 (.* )?after=wait (.* )?upload=off( |$)' "$log"; then
		fail "$what: the run is not on the defaults with uploads off"
		grep '^config: profile' "$log" | sed 's/^/  | /'
	fi
}

# use_verifier: tests/pkcs7's verifier (a software
# EFI_PKCS7_VERIFY_PROTOCOL, then the app started beside it) becomes the
# boot file: Debian's OVMF has no verifier of its own.
use_verifier() {
	mv "$TFTP_ROOT/baremem.efi" "$TFTP_ROOT/baremem-app.efi"
	cp "$VERIFIER" "$TFTP_ROOT/baremem.efi"
}

# no_refused_upload: only the obeyed config's run (if any) uploaded.
no_refused_upload() {
	local want=$1
	if [ "$(uploaded json | grep -c .)" != "$want" ]; then
		fail "a refused config's run uploaded: $(ls "$TFTP_ROOT/baremem/results")"
	fi
}

QUICK=(profile=quick tests=latency cpus=bsp sizes=16K repeat=1
	seed=0x5eed5eed after=shutdown)
