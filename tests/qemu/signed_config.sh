# shellcheck shell=bash
# shellcheck disable=SC2034 # QUICK and NET_MAC are for the scenarios and net.sh
# The harness of the signed network config scenarios (docs/netboot.md):
# tests/qemu/test_netboot_signed_config (make test: one config obeyed,
# then one served under another name and a replayed serial refused),
# tests/qemu/test_netboot_ipxe (iPXE's command line ignored)
# and tests/long/test_netboot_signed_config_refusals (make test-long: no
# verifier in the firmware, a config altered after signing, an unsigned
# one, an expired one, a clock that looks unset, a replayed serial).
# Sourced after net.sh, lib.sh and results.sh: makes a throwaway
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
# One signed-config build at a time: make writes its certificate into
# build/gen/config_cert.c and build/baremem-signedcfg.efi, and scenarios
# side by side (this one, test_netboot_ipxe) each bring their own key.
mkdir -p "$ROOT/build"
if ! flock "$ROOT/build/signedcfg.lock" make -C "$ROOT" --no-print-directory \
	netboot CONFIG_CERT="$keys/cfg.crt" CONFIG_KEY="$keys/cfg.key" \
	NETBOOT_DIR="$NETBOOT_DIR" >"$T/make.log" 2>&1; then
	fail "make netboot CONFIG_CERT=... CONFIG_KEY=... failed:"
	tail -n 8 "$T/make.log" | sed 's/^/  | /'
	finish
	exit
fi
net_up || exit 1

# signed_config NAME KEY KEY=VALUE...: baremem/NAME holds these lines,
# signed with keys/KEY for its own name (baremem.cfg, or the MAC NAME
# is), SIGN_DAYS (1) days of life and the serial SIGN_SERIAL (100).
signed_config() {
	local name=$1 key=$2 for=${1%.cfg}
	shift 2
	[ "$name" != baremem.cfg ] || for=baremem.cfg
	server_config "$name" "$@"
	"$ROOT/scripts/sign-config" --for "$for" --days "${SIGN_DAYS:-1}" \
		--serial "${SIGN_SERIAL:-100}" "$keys/$key.crt" "$keys/$key.key" \
		"$TFTP_ROOT/baremem/$name" >>"$T/sign.log" 2>&1 ||
		fail "sign-config $name failed: $(tail -n 3 "$T/sign.log")"
}

# serve_as SIGNED NAME: baremem/SIGNED with its signature served as
# baremem/NAME too (what anyone on the boot network can do with a
# signed config).
serve_as() {
	cp "$TFTP_ROOT/baremem/$1" "$TFTP_ROOT/baremem/$2"
	cp "$TFTP_ROOT/baremem/$1.p7s" "$TFTP_ROOT/baremem/$2.p7s"
}

# config_serials: the BarememConfigSerial variable in $VARS (the serials
# the app accepted, a line `NAME SERIAL` each), read with
# scripts/baremem-var's varstore walk; nothing when there is none.
config_serials() {
	"$PY" - "$ROOT/scripts/baremem-var" "$VARS" <<'PY'
import importlib.machinery, importlib.util, sys
sys.path.insert(0, sys.argv[1].rsplit("/", 1)[0])
loader = importlib.machinery.SourceFileLoader("bmvar", sys.argv[1])
bmvar = importlib.util.module_from_spec(
    importlib.util.spec_from_loader("bmvar", loader))
loader.exec_module(bmvar)
data = None
with open(sys.argv[2], "rb") as f:
    for state, name, guid, value in bmvar.walk(f.read()):
        if name == "BarememConfigSerial" and guid == bmvar.GUID and \
                state == bmvar.VAR_ADDED:
            data = value
if data is not None:
    sys.stdout.write(data.decode("ascii", "replace"))
PY
}

# fresh_vars MAC: the next boot's NIC, with a new varstore (OVMF would
# first try the boot options it stored for the last boot's NIC).
fresh_vars() {
	NET_MAC=$1
	rm -f "$VARS"
	CONSOLE_SHOWN=0
}

# refusal_file [FILE:]REASON: the file's regex in $file (the fleet's or
# a machine's when not given).
refusal_file() {
	file='(baremem|[0-9a-f]{12})\.cfg'
	case $1 in *.cfg:*)
		file=${1%%.cfg:*}
		file=${file//./\\.}\\.cfg
		;;
	esac
}

# refused_boot MAC WHAT [FILE:]REASON_REGEX... [run-qemu options]:
# boots with MAC (a fresh varstore unless KEEP_VARS=1), stops once every
# refusal's warning is on the console, checks each reason (naming FILE,
# the fleet's or this machine's file when not given), the defaults and
# uploads off.
refused_boot() {
	local mac=$1 what=$2 log=$T/run-qemu.out r file reason last
	local -a reasons=()
	shift 2
	while [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; do
		reasons+=("$1")
		shift
	done
	if [ "${KEEP_VARS:-0}" = 1 ]; then
		NET_MAC=$mac
		CONSOLE_SHOWN=0
	else
		fresh_vars "$mac"
	fi
	for r in "${reasons[@]}"; do
		refusal_file "$r"
		last=$file
	done
	# The warnings come in the files' order, the reasons given in it:
	# the last one's warning is the last to wait for.
	net_boot_until "^warning: network config refused, the defaults run with uploads off: tftp://10\.77\.0\.1/baremem/$last:" \
		net_boot_kill --smp 1 --timeout 180 "$@"
	for r in "${reasons[@]}"; do
		refusal_file "$r"
		reason=${r#*.cfg:}
		if ! grep -Eq "^config: tftp://10\.77\.0\.1/baremem/$file refused: $reason" "$log"; then
			fail "$what: no refusal naming $file and /$reason/ on the console"
			grep -E '^(boot|config|warning|error|pkcs7)' "$log" | sed 's/^/  | /'
		fi
		if ! grep -Eq "^warning: network config refused, the defaults run with uploads off: tftp://10\.77\.0\.1/baremem/$file: $reason" "$log"; then
			fail "$what: the refusal /$reason/ is not among the run's warnings"
		fi
	done
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
