# shellcheck shell=bash
# Preparing the disk before a boot, for the storage and shell scenarios:
# a fresh copy of the image, a config written whole, files placed or
# filled in, the app moved off the removable-media path so OVMF starts
# its UEFI shell instead. Source after lib.sh and results.sh; boot the
# prepared $DISK with boot_again.

export MTOOLS_SKIP_CHECK=1
FS="$DISK@@1M"		# the ESP inside the disk image (scripts/make-image)

# disk_fresh: $DISK becomes a copy of the image.
disk_fresh() {
	cp --sparse=always "$IMAGE" "$DISK"
}

# disk_config KEY=VALUE...: \baremem\baremem.cfg holds exactly these lines.
disk_config() {
	printf '%s\n' "$@" >"$T/baremem.cfg"
	mcopy -o -i "$FS" "$T/baremem.cfg" ::/baremem/baremem.cfg
}

# disk_put LOCAL PATH: copies LOCAL onto the disk as ::PATH.
disk_put() {
	mcopy -o -i "$FS" "$1" "::$2"
}

# disk_free_bytes: free bytes on the ESP, as mtools counts them.
disk_free_bytes() {
	mdir -i "$FS" ::/ | sed -n 's/ bytes free.*//p' | tr -dc '0-9'
}

# disk_ls PATH: the names in the folder ::PATH, one a line, sorted.
disk_ls() {
	mdir -b -i "$FS" "::$1" 2>/dev/null | sed 's|.*/||' | LC_ALL=C sort
}

# disk_fill LEAVE_BYTES: fills the ESP with \filler.bin until at most
# LEAVE_BYTES are free.
disk_fill() {
	local free
	free=$(disk_free_bytes)
	truncate -s $((free - $1)) "$T/filler.bin"
	mcopy -i "$FS" "$T/filler.bin" ::/filler.bin
	rm -f "$T/filler.bin"
	echo "disk: $(disk_free_bytes) bytes left free on the ESP"
}

# shell_disk: moves the app to \baremem.efi. With no \EFI\BOOT\BOOTX64.EFI
# OVMF finds no boot loader and starts its built-in UEFI shell, which
# runs \startup.nsh.
shell_disk() {
	mcopy -n -i "$FS" ::/EFI/BOOT/BOOTX64.EFI "$T/app.efi"
	mdel -i "$FS" ::/EFI/BOOT/BOOTX64.EFI
	mcopy -i "$FS" "$T/app.efi" ::/baremem.efi
}

# shell_script LINE...: \startup.nsh runs these shell lines (CRLF).
shell_script() {
	printf '%s\r\n' "$@" >"$T/startup.nsh"
	mcopy -o -i "$FS" "$T/startup.nsh" ::/startup.nsh
}

# shell_boot [run-qemu options]: boot_again for a shell disk, with the
# startup.nsh countdown cut short. The UEFI shell counts down from 5
# with gBS->Stall(1 s) between its looks for a key (ShellPkg's Shell.c):
# a busy wait, 5 s of a host cpu under TCG. A key (HMP sendkey, on the
# PS/2 keyboard OVMF reads as ConIn) sent once the countdown shows ends
# it at its first look: sent once the shell's banner line is out (the
# countdown's own line ends only when the count does), it waits in the
# keyboard's buffer for that look. The varstore starts from the template where the
# scenario has none yet (vars_from_template, lib.sh): the same boot
# order, which names no loader on a shell disk, 0.7 s less of OVMF's
# first boot. No key sent (a monitor or a shell that never came): the
# countdown runs out and the script runs all the same.
shell_boot() {
	local mon=$T/monitor.sock keyer
	vars_from_template "$@"
	: >"$T/run-qemu.out"
	(
		for _ in $(seq 1500); do
			if grep -q '^UEFI Interactive Shell' "$T/run-qemu.out" 2>/dev/null; then
				hmp "$mon" "sendkey ret" >/dev/null 2>&1 || true
				exit 0
			fi
			sleep 0.2
		done
	) &
	keyer=$!
	boot_again --show --qemu -monitor --qemu "unix:$mon,server=on,wait=off" "$@"
	kill "$keyer" 2>/dev/null || true
	wait "$keyer" 2>/dev/null || true
}

# run_console N: after a shell boot of several runs (ALL_CONSOLE set to
# the boot's $CONSOLE), $CONSOLE becomes run N's part alone: from its
# banner to the next run's, so a check cannot pass on another run's line.
run_console() {
	CONSOLE=$T/console-$1.log
	awk -v n="$1" '/^baremem [0-9.]+: memory latency/ { k++ } k == n' \
		"$ALL_CONSOLE" >"$CONSOLE"
	# shellcheck disable=SC2034 # lib.sh's show_console_tail reads it
	CONSOLE_SHOWN=0
}
