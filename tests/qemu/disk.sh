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
