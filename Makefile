# baremem: the UEFI app, its disk image, the host tests, the QEMU tests.
# Read top to bottom: variables, then targets in the order a newcomer uses
# them (all, image, run, test, clean).

BUILD      := build
CC         := gcc
LD         := ld
OBJCOPY    := objcopy

WARN       := -Wall -Wextra -Wshadow -Wno-unused-parameter
# lib/ and kernels/ are freestanding for every target, the host tests too.
FREE       := -std=gnu11 -ffreestanding -fno-strict-aliasing -O2 -g $(WARN) -Ilib -Ikernels -I$(BUILD)/gen

# The UEFI app (docs/design.md §7, the GNU-EFI build).
EFI_INC    := /usr/include/efi
EFI_CFLAGS := $(FREE) -fpic -fshort-wchar -mno-red-zone -fno-stack-protector \
              -fno-stack-check -DGNU_EFI_USE_MS_ABI -I$(EFI_INC) -I$(EFI_INC)/x86_64
EFI_LDS    := /usr/lib/elf_x86_64_efi.lds
EFI_CRT0   := /usr/lib/crt0-efi-x86_64.o
EFI_LDFLAGS := -nostdlib -znocombreloc -T $(EFI_LDS) -shared -Bsymbolic -L/usr/lib
EFI_SECTIONS := .text .sdata .data .dynamic .dynsym .rel .rela .reloc

# Host builds of lib/ and kernels/ for the unit tests: sanitizers on.
HOST_CFLAGS := $(FREE) -fsanitize=address,undefined -fno-omit-frame-pointer
# The unit tests' code (lib/ and the tests, not the kernels, whose loops
# tests/objects/check-loops reads in host-obj as built) at -Og with line
# tables only: under the sanitizers a quarter less compile time than -O1
# (which was half of -O2 -g's) for about the same run time (the tests'
# time is in the kernels, still -O2), the warnings that need the
# optimizer's flow kept, and ASan's reports still name file and line.
# The app and runner stay -O2.
HOST_OPT := -Og -g1
host_opt = $(if $(filter kernels/%,$(1)),,$(HOST_OPT))
HOST_LDFLAGS := -fsanitize=address,undefined

# libFuzzer targets of the config and command-line parsers (clang):
# FUZZ_TEST_S seconds each in `make test`, FUZZ_S each in `make fuzz`.
FUZZ_CC    := clang
FUZZ_CFLAGS := $(FREE) -O1 -Itests/fuzz -fno-omit-frame-pointer \
              -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_LIB   := lib/registry_words.c lib/config/config.c lib/config/config_binding.c lib/util/wall_time.c lib/config/cmdline.c lib/util/fmt.c lib/util/str.c lib/util/msgs.c lib/net/url.c
FUZZ_BIN   := $(BUILD)/fuzz/fuzz_config $(BUILD)/fuzz/fuzz_cmdline
FUZZ_TEST_S ?= 5
FUZZ_S     ?= 600

# lib/ holds the seam (platform.h) and the one run both mains share
# (run.c); its folders are the layers: util, config, net, hw, suite,
# results. lib/arch/arch.h is the cpu's seam: lib/arch/x86_64/ is what
# this build runs (lib/arch/aarch64/: the AArch64 section below).
LIB_SRC    := $(wildcard lib/*.c lib/*/*.c lib/arch/x86_64/*.c)
# kernels/ holds the portable loops; kernels/x86_64/ the x86 vector
# kernels this build runs (kernels/aarch64/: the AArch64 section below).
KERNEL_SRC := $(wildcard kernels/*.c kernels/x86_64/*.c)
EFI_SRC    := $(wildcard efi/*.c efi/x86_64/*.c efi/net/*.c)
TEST_SRC   := $(wildcard tests/unit/test_*.c)
HEADERS    := $(wildcard lib/*.h lib/*/*.h lib/arch/*/*.h kernels/*.h kernels/x86_64/*.h efi/*.h efi/x86_64/*.h efi/net/*.h)
# Each object records the headers it includes (-MMD -MP, build/**/*.d), so
# touching one header rebuilds what includes it and nothing else.
DEPFLAGS   := -MMD -MP

# Only the AVX2 kernel file gets -mavx2 and only the AVX-512 one
# -mavx512f, so one binary starts on any x86-64 and picks the widest
# kernels the cpu can run (SSE2 where AVX2 is missing).
isa_flags = $(if $(findstring _avx2,$(1)),-mavx2)$(if $(findstring _avx512,$(1)),-mavx512f)
# Kernel loops keep their branches off 32-byte boundaries: on CPUs with
# Intel's JCC-erratum microcode such a loop runs from the legacy decoders.
kernel_flags = $(call isa_flags,$(1)) $(if $(findstring kernels/,$(1)),-Wa$(comma)-mbranches-within-32B-boundaries)
comma := ,

LINUX_SRC  := $(wildcard linux/*.c linux/x86_64/*.c)
LINUX_OBJ  := $(patsubst %.c,$(BUILD)/linux-obj/%.o,$(LIB_SRC) $(KERNEL_SRC) $(LINUX_SRC))
EFI_OBJ    := $(patsubst %.c,$(BUILD)/efi-obj/%.o,$(LIB_SRC) $(KERNEL_SRC) $(EFI_SRC))
# The test image: the same sources with the test hooks (lib/config/test_hooks.h).
# Only the sources that read BAREMEM_TEST_HOOKS compile otherwise: efi/
# (efi/baremem_efi.h's hook points) and the lib/ files that name it; the
# other lib/ and kernels/ objects are the release app's, not built twice.
# That holds while no header under lib/ or kernels/ but test_hooks.h (which
# only declares under it) reads the macro: make stops otherwise.
HOOK_SRC   := $(EFI_SRC) $(shell grep -l BAREMEM_TEST_HOOKS $(LIB_SRC) $(KERNEL_SRC))
HOOK_LIB_H := $(shell grep -l BAREMEM_TEST_HOOKS $(wildcard lib/*.h lib/*/*.h lib/arch/*/*.h kernels/*.h kernels/*/*.h))
ifneq ($(HOOK_LIB_H),lib/config/test_hooks.h)
$(error BAREMEM_TEST_HOOKS read in $(HOOK_LIB_H): the test image shares the lib/ objects that do not name it (Makefile, EFI_TEST_OBJ); build them all with the hooks)
endif
EFI_TEST_OBJ := $(foreach s,$(LIB_SRC) $(KERNEL_SRC) $(EFI_SRC),$(if $(filter $(s),$(HOOK_SRC)),$(BUILD)/efi-test-obj/$(s:.c=.o),$(BUILD)/efi-obj/$(s:.c=.o)))
HOST_OBJ   := $(patsubst %.c,$(BUILD)/host-obj/%.o,$(LIB_SRC) $(KERNEL_SRC))
TEST_BIN   := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(TEST_SRC))
# test_test_hooks runs the parser as the test image builds it.
HOOK_TEST_LIB := lib/registry_words.c lib/config/config.c lib/config/config_binding.c lib/util/wall_time.c lib/config/test_hooks.c lib/util/fmt.c lib/util/str.c lib/util/msgs.c lib/net/url.c

# The HTML report's CSS (lib/report/report.css) as a C string for the
# app; scripts/baremem-report --html inlines the same file.
REPORT_CSS_H := $(BUILD)/gen/report_css.h
REPORT_CSS_USERS := $(foreach d,efi-obj efi-test-obj linux-obj host-obj aa64-efi-obj aa64-efi-test-obj,$(BUILD)/$(d)/lib/report/report_html.o)

.PHONY: all deps image test-image netboot run test test-long unit-test fuzz-test fuzz script-test linux-test qemu-test shell-test clean
.PHONY: test-build loop-test mutation alone-test
.DELETE_ON_ERROR:

all: $(BUILD)/baremem.efi $(BUILD)/baremem-aa64.efi $(BUILD)/baremem-linux $(TEST_BIN)

# Checks the tools; as root installs missing Debian packages, otherwise
# prints the apt-get command and stops.
deps:
	@scripts/deps

$(REPORT_CSS_H): lib/report/report.css
	@mkdir -p $(dir $@)
	{ echo '/* Generated from lib/report/report.css by the Makefile. */'; \
	  echo 'static const char report_css[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $<; \
	  echo ';'; } >$@
$(REPORT_CSS_USERS): $(REPORT_CSS_H)

$(BUILD)/efi-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(EFI_CFLAGS) $(DEPFLAGS) $(call kernel_flags,$<) -c $< -o $@

# A shared object links with undefined symbols, and a call to one jumps
# to nowhere at run time (a 128-bit division wants libgcc's __udivti3,
# a struct copy may want memcpy): none may be left.
no_undefined = @u="$$(nm -u $(1))"; if [ -n "$$u" ]; then \
	echo "$(1): undefined symbols (the UEFI app links no libc or libgcc):"; \
	echo "$$u"; rm -f $(1); exit 1; fi
# held_sections: every section the loaded image must hold (writable, or
# .bss-like) is one the objcopy to PE copies (scripts/check-efi-sections);
# a variable past the image would be neither zeroed nor owned.
held_sections = @scripts/check-efi-sections $(2) $(1) $(3) || { rm -f $(1); exit 1; }

$(BUILD)/baremem.so: $(EFI_OBJ)
	$(LD) $(EFI_LDFLAGS) $(EFI_CRT0) $(EFI_OBJ) -o $@ -lefi -lgnuefi
	$(call no_undefined,$@)
	$(call held_sections,$@,readelf,$(EFI_SECTIONS))

$(BUILD)/baremem.efi: $(BUILD)/baremem.so
	$(OBJCOPY) $(addprefix -j ,$(EFI_SECTIONS)) --target efi-app-x86_64 $< $@

# The test image (tests/README.md, "The test image and its hooks"):
# test_hook=NAME switches on a fault the QEMU tests cannot cause from
# outside. Never for a real run.
$(BUILD)/efi-test-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(EFI_CFLAGS) $(DEPFLAGS) -DBAREMEM_TEST_HOOKS $(call kernel_flags,$<) -c $< -o $@

$(BUILD)/baremem-test.so: $(EFI_TEST_OBJ)
	$(LD) $(EFI_LDFLAGS) $(EFI_CRT0) $(EFI_TEST_OBJ) -o $@ -lefi -lgnuefi
	$(call no_undefined,$@)
	$(call held_sections,$@,readelf,$(EFI_SECTIONS))

$(BUILD)/baremem-test.efi: $(BUILD)/baremem-test.so
	$(OBJCOPY) $(addprefix -j ,$(EFI_SECTIONS)) --target efi-app-x86_64 $< $@

# The same suite under Linux (docs/design.md §1: linux/).
$(BUILD)/linux-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(FREE) $(DEPFLAGS) $(call kernel_flags,$<) -c $< -o $@

$(BUILD)/linux-obj/linux/%.o: linux/%.c
	@mkdir -p $(dir $@)
	$(CC) $(DEPFLAGS) -std=gnu11 -O2 -g $(WARN) -Ilib -Ikernels -Ilinux -c $< -o $@

$(BUILD)/baremem-linux: $(LINUX_OBJ)
	$(CC) $^ -pthread -o $@

# The GPT disk image of docs/design.md §2, made without root.
# Both apps on one stick: \EFI\BOOT\BOOTX64.EFI and BOOTAA64.EFI (the
# AArch64 app: its section below), each firmware boots its own.
image: $(BUILD)/baremem.img
$(BUILD)/baremem.img: $(BUILD)/baremem.efi $(BUILD)/baremem-aa64.efi config/baremem.cfg scripts/make-image
	scripts/make-image --aa64 $(BUILD)/baremem-aa64.efi $(BUILD)/baremem.efi config/baremem.cfg $@

test-image: $(BUILD)/baremem-test.img
$(BUILD)/baremem-test.img: $(BUILD)/baremem-test.efi $(BUILD)/baremem-aa64-test.efi \
		config/baremem.cfg scripts/make-image
	scripts/make-image --aa64 $(BUILD)/baremem-aa64-test.efi $(BUILD)/baremem-test.efi \
		config/baremem.cfg $@

# The TFTP root for network boot (docs/design.md §4c): build/netboot/ (or
# NETBOOT_DIR) holds baremem.efi, baremem-aa64.efi (the AArch64 app, not
# in a signed tree), baremem/baremem.cfg and baremem/results/.
NETBOOT_DIR ?= $(BUILD)/netboot
netboot: $(NETBOOT_DIR)/baremem.efi

# Signed network configs (docs/design.md §4d, docs/netboot.md): `make netboot
# CONFIG_CERT=cert.pem CONFIG_KEY=key.pem` serves build/baremem-signedcfg.efi,
# the app with that certificate built in (the ordinary objects, with
# build/gen/config_cert.c in place of efi/net/config_cert_none.c, so the
# ordinary app is not touched), and a .cfg.p7s beside every .cfg, each
# config bound to its name, CONFIG_DAYS days of life (90) and the serial
# CONFIG_SERIAL (the signing time in seconds since 1970, so each make
# netboot's configs supersede the last's). Made afresh each time: the key
# may change.
CONFIG_DAYS ?= 90
CONFIG_SERIAL ?=
CONFIG_CERT_C := $(BUILD)/gen/config_cert.c
EFI_SIGNEDCFG_OBJ := $(filter-out $(BUILD)/efi-obj/efi/net/config_cert_none.o,$(EFI_OBJ)) \
	$(BUILD)/efi-obj/$(CONFIG_CERT_C:.c=.o)
ifneq ($(CONFIG_CERT)$(CONFIG_KEY),)
ifeq ($(CONFIG_KEY),)
$(error CONFIG_CERT given without CONFIG_KEY (the private key that signs the configs))
endif
ifeq ($(CONFIG_CERT),)
$(error CONFIG_KEY given without CONFIG_CERT (the certificate the app will trust))
endif
$(NETBOOT_DIR)/baremem.efi: $(BUILD)/baremem-signedcfg.efi config/baremem.cfg \
	scripts/make-netboot scripts/sign-config sign-always
	scripts/make-netboot --sign $(CONFIG_CERT) $(CONFIG_KEY) $(CONFIG_DAYS) \
		$(or $(CONFIG_SERIAL),$$(date -u +%s)) $< config/baremem.cfg $(NETBOOT_DIR)
else
# A tree left signed by an earlier `make netboot CONFIG_CERT=` is rebuilt
# unsigned: the QEMU tests serve build/netboot with unsigned configs.
$(NETBOOT_DIR)/baremem.efi: $(BUILD)/baremem.efi $(BUILD)/baremem-aa64.efi config/baremem.cfg \
	scripts/make-netboot $(if $(wildcard $(NETBOOT_DIR)/baremem/baremem.cfg.p7s),sign-always)
	scripts/make-netboot --aa64 $(BUILD)/baremem-aa64.efi $(BUILD)/baremem.efi \
		config/baremem.cfg $(NETBOOT_DIR)
endif

# Test only (tests/pkcs7/): a PXE boot file that installs a software
# EFI_PKCS7_VERIFY_PROTOCOL, which no Debian OVMF has, then starts the app
# beside it, so test_netboot_signed_config sees the app accept a good
# signature and refuse an altered or forged config.
PKCS7_VERIFIER_OBJ := $(patsubst %.c,$(BUILD)/efi-obj/%.o,$(wildcard tests/pkcs7/*.c))
$(BUILD)/tests/pkcs7-verifier.so: $(PKCS7_VERIFIER_OBJ)
	@mkdir -p $(dir $@)
	$(LD) $(EFI_LDFLAGS) $(EFI_CRT0) $(PKCS7_VERIFIER_OBJ) -o $@ -lefi -lgnuefi
	$(call no_undefined,$@)
	$(call held_sections,$@,readelf,$(EFI_SECTIONS))

$(BUILD)/tests/pkcs7-verifier.efi: $(BUILD)/tests/pkcs7-verifier.so
	$(OBJCOPY) $(addprefix -j ,$(EFI_SECTIONS)) --target efi-app-x86_64 $< $@

.PHONY: cfgcert-always
$(CONFIG_CERT_C): scripts/config-cert-c cfgcert-always
	@if [ -z "$(CONFIG_CERT)" ]; then \
		echo "$@: give CONFIG_CERT=cert.pem (make netboot CONFIG_CERT= CONFIG_KEY=)"; \
		exit 1; fi
	scripts/config-cert-c $(CONFIG_CERT) $@

$(BUILD)/baremem-signedcfg.so: $(EFI_SIGNEDCFG_OBJ)
	$(LD) $(EFI_LDFLAGS) $(EFI_CRT0) $(EFI_SIGNEDCFG_OBJ) -o $@ -lefi -lgnuefi
	$(call no_undefined,$@)
	$(call held_sections,$@,readelf,$(EFI_SECTIONS))

$(BUILD)/baremem-signedcfg.efi: $(BUILD)/baremem-signedcfg.so
	$(OBJCOPY) $(addprefix -j ,$(EFI_SECTIONS)) --target efi-app-x86_64 $< $@

# Secure Boot (README): `make image SIGN_KEY=db.key SIGN_CERT=db.crt`
# also builds build/baremem-signed.img, its app signed with sbsign and
# checked with sbverify. Signed afresh each time: the key may change.
ifneq ($(SIGN_KEY)$(SIGN_CERT),)
ifeq ($(SIGN_KEY),)
$(error SIGN_CERT given without SIGN_KEY (the private key of that certificate))
endif
ifeq ($(SIGN_CERT),)
$(error SIGN_KEY given without SIGN_CERT (the certificate to enrol))
endif
image: $(BUILD)/baremem-signed.img
endif
.PHONY: sign-always
$(BUILD)/baremem-signed.efi: $(BUILD)/baremem.efi scripts/sign-efi sign-always
	scripts/sign-efi $(SIGN_KEY) $(SIGN_CERT) $< $@
$(BUILD)/baremem-signed.img: $(BUILD)/baremem-signed.efi config/baremem.cfg scripts/make-image
	scripts/make-image $< config/baremem.cfg $@

# Boots the image in QEMU/OVMF with the quick profile, on a QEMU stick
# that keeps its results between runs, then shows where they are and the
# report of the newest. ARCH=aarch64: the same stick's AArch64 app in
# qemu-system-aarch64 (virt, -cpu max) with AAVMF.
ARCH ?= x86_64
run: deps
	@$(MAKE) --no-print-directory image
	scripts/run-stick --arch $(ARCH) profile=quick after=shutdown

# What the OS and its page tables cost here: baremem-linux with 2M and 4K
# pages, bandwidth on 1 and all cpus, tables; results in results/.
# BARE=run-NNNN.json adds bare metal against Linux; ARGS= extra keys.
bench: $(BUILD)/baremem-linux $(BUILD)/bench-libc
	BARE="$(BARE)" scripts/bench $(ARGS)
	scripts/bench-scan $(ARGS)

# bench's yardstick: glibc's memcpy and memset timed on this host, and
# baremem's kernels in the same samples (the objects baremem-linux links).
BENCH_LIBC_OBJ := $(addprefix $(BUILD)/linux-obj/,kernels/bw_table.o \
	kernels/x86_64/bw_kernels_x86.o kernels/x86_64/bw_sse2.o \
	kernels/x86_64/bw_avx2.o kernels/x86_64/bw_avx512.o \
	lib/arch/x86_64/isa.o)
$(BUILD)/bench-libc: linux/bench/libc_bw.c $(BENCH_LIBC_OBJ)
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 -O2 $(WARN) -Ilib -Ikernels $< $(BENCH_LIBC_OBJ) -o $@

# Whether a chain written cold (the scan's) is in no cache on this cpu:
# the scan's own builder and chase, as baremem-linux links them.
COLD_CHAIN_OBJ := $(addprefix $(BUILD)/linux-obj/,lib/suite/perm.o \
	lib/util/prng.o kernels/x86_64/chase.o kernels/x86_64/chase_put.o)
$(BUILD)/bench-cold-chain: linux/bench/cold_chain.c $(COLD_CHAIN_OBJ)
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 -O2 $(WARN) -Ilib -Ikernels $< $(COLD_CHAIN_OBJ) -o $@

$(BUILD)/host-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $(call host_opt,$<) $(DEPFLAGS) $(call kernel_flags,$<) -c $< -o $@

$(BUILD)/host-obj/libbaremem.a: $(HOST_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/host-obj/libbaremem.a
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $(HOST_OPT) $(DEPFLAGS) -Itests/unit $< $(BUILD)/host-obj/libbaremem.a \
		$(HOST_LDFLAGS) -lcmocka -lm -o $@

# test_corpus also links its loader (tests/unit/corpus.c) and reads the
# machine files of tests/data/machines wherever it is run from.
$(BUILD)/tests/test_corpus: tests/unit/test_corpus.c tests/unit/corpus.c \
		tests/unit/corpus.h tests/unit/fake_platform.h \
		$(BUILD)/host-obj/libbaremem.a
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $(HOST_OPT) -Itests/unit \
		-DCORPUS_DIR='"$(CURDIR)/tests/data/machines"' \
		tests/unit/test_corpus.c tests/unit/corpus.c \
		$(BUILD)/host-obj/libbaremem.a $(HOST_LDFLAGS) -lcmocka -lm -o $@

# test_mp_services_arm builds efi/aarch64/mp_services_arm.c for the host
# with gnu-efi's headers and the app's calling convention, against the
# fake firmware in the test.
$(BUILD)/tests/test_mp_services_arm: tests/unit/test_mp_services_arm.c \
		efi/aarch64/mp_services_arm.c $(BUILD)/host-obj/libbaremem.a
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $(HOST_OPT) $(DEPFLAGS) -fshort-wchar -DGNU_EFI_USE_MS_ABI \
		-Itests/unit -Iefi -Iefi/aarch64 -I$(EFI_INC) -I$(EFI_INC)/x86_64 \
		tests/unit/test_mp_services_arm.c efi/aarch64/mp_services_arm.c \
		$(BUILD)/host-obj/libbaremem.a $(HOST_LDFLAGS) -lcmocka -lm -o $@

# Only the sources that read BAREMEM_TEST_HOOKS compile again with it
# (build/host-hook-obj/); the others are the unit tests' own host-obj
# objects, as the test image shares the app's (EFI_TEST_OBJ).
HOOK_TEST_OBJ := $(foreach s,$(HOOK_TEST_LIB),$(if $(filter $(s),$(HOOK_SRC)),$(BUILD)/host-hook-obj/$(s:.c=.o),$(BUILD)/host-obj/$(s:.c=.o)))

$(BUILD)/host-hook-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $(HOST_OPT) $(DEPFLAGS) -DBAREMEM_TEST_HOOKS -c $< -o $@

$(BUILD)/tests/test_test_hooks: tests/unit/test_test_hooks.c $(HOOK_TEST_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $(HOST_OPT) $(DEPFLAGS) -DBAREMEM_TEST_HOOKS -Itests/unit $< \
		$(HOOK_TEST_OBJ) $(HOST_LDFLAGS) -lcmocka -lm -o $@

# make test builds everything its parts need first, TEST_JOBS at once
# (default: the number of cpus), the image before the rest (test-build). Then the tests whose TSC or calibration
# bounds need the host's cores to themselves (a "# run-all: alone" line:
# test_timer_sources, test_app_output_validates, test_linux_tsc_skew), one
# after another with nothing beside them (alone-test). Then the rest at
# once: the QEMU scenarios, QEMU_JOBS at a time, beside the host-side
# parts (shell, script, unit, loop, fuzz and AArch64 tests, TEST_JOBS
# parts at a time, each running TEST_JOBS tests at a time: JOBS in their
# runners; each part's output printed whole when it ends), then the
# Linux-runner tests. Much of a scenario is waiting (for a key, a screen,
# a server, the firmware's timer), a time the host-side tests fill.
# QEMU_JOBS is one more than TEST_JOBS for the same reason, and
# test_server_l3 runs its vCPUs on one thread; on the 2-core development
# machine 3 at a time took 260 s where 2 took 272 to 295.
# Every part runs even when one before it failed; each ends with its
# "PART: N passed, N failed, N skipped" line, which tests/part keeps in
# $(TEST_PARTS), and tests/total prints their sum as make test's last
# line, "test: N passed, N failed, N skipped" (non-zero exit on any
# failure). BAREMEM_TEST_ALL_BUILT: everything is built, so no test may
# skip as not-built (tests/skip-reason).
TEST_JOBS ?= $(shell nproc)
QEMU_JOBS ?= $(shell echo $$(( $(TEST_JOBS) + 1 )))
TEST_PARTS := $(BUILD)/test-parts
TEST_PART_ENV := BAREMEM_TEST_PARTS=$(abspath $(TEST_PARTS)) BAREMEM_TEST_ALL_BUILT=1
test: deps
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) $(BUILD)/baremem.img
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) test-build
	@rm -rf $(TEST_PARTS) && mkdir -p $(TEST_PARTS)
	@$(TEST_PART_ENV) $(MAKE) --no-print-directory alone-test || true
	@export $(TEST_PART_ENV) RUN_ALONE=none; \
	$(MAKE) --no-print-directory qemu-test & qemu=$$!; \
	$(MAKE) --no-print-directory -k -j$(TEST_JOBS) --output-sync=target \
		shell-test script-test unit-test loop-test fuzz-test aarch64-test \
		aarch64-loop-test || true; \
	$(MAKE) --no-print-directory linux-test || true; \
	wait $$qemu || true
	@tests/total $(TEST_PARTS) alone-qemu-test alone-linux-test shell-test \
		script-test unit-test loop-test fuzz-test aarch64-test \
		aarch64-loop-test linux-test qemu-test

# The varstore first: with the image built (make test builds it before),
# its boot (a few seconds on one core) starts at once and runs beside
# the other compiles; make -j left it to the end, one core idle.
test-build: $(BUILD)/ovmf-vars.fd $(TEST_BIN) $(FUZZ_BIN) $(BUILD)/baremem-linux \
	$(BUILD)/bench-libc $(BUILD)/bench-cold-chain aarch64-build $(BUILD)/baremem.img $(BUILD)/baremem-test.img \
	$(BUILD)/netboot/baremem.efi $(BUILD)/tests/pkcs7-verifier.efi

# OVMF's varstore after one boot of the image (a short run, var=off: no
# BarememResult in it): the QEMU scenarios' disk boots start from it
# (tests/qemu/lib.sh), as a machine that has booted before; on an empty
# store OVMF's first boot costs about 0.7 s more under TCG.
$(BUILD)/ovmf-vars.fd: $(BUILD)/baremem.img scripts/run-qemu
	@rm -f $@.tmp
	@scripts/run-qemu --image $(BUILD)/baremem.img --vars $@.tmp --smp 1 \
		--timeout 120 profile=quick tests=latency sizes=16K var=off \
		after=shutdown >$@.log 2>&1 || { cat $@.log; exit 1; }
	@mv $@.tmp $@

# The tests that need the host's cores to themselves, one after another.
alone-test: $(BUILD)/baremem-linux $(BUILD)/baremem.img $(BUILD)/ovmf-vars.fd
	@RUN_ALONE=only JOBS=1 tests/part alone-qemu-test tests/qemu/run-all; \
	RUN_ALONE=only JOBS=1 tests/part alone-linux-test tests/linux/run-all

unit-test: $(TEST_BIN)
	@JOBS=$(TEST_JOBS) tests/part unit-test tests/run-unit $(TEST_BIN)

# The timed loops as built, in every object set and the linked app and
# runner, against the shapes their comments state; then mutants of the
# kernels, each of which it must reject (tests/objects/check-loops).
loop-test: $(BUILD)/baremem.efi $(BUILD)/baremem-test.efi \
	$(BUILD)/baremem-linux $(HOST_OBJ)
	@BUILD=$(BUILD) tests/part loop-test tests/objects/check-loops

# The parsers compile once (build/fuzz-obj/) for both targets.
FUZZ_OBJ := $(patsubst %.c,$(BUILD)/fuzz-obj/%.o,$(FUZZ_LIB))
$(BUILD)/fuzz-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(FUZZ_BIN): $(FUZZ_OBJ)
$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/invariants.h $(FUZZ_OBJ) $(HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $< $(FUZZ_OBJ) -o $@

fuzz-test: $(FUZZ_BIN)
	@JOBS=$(TEST_JOBS) tests/part fuzz-test tests/fuzz/run $(FUZZ_TEST_S) $(FUZZ_BIN)

# Longer fuzzing by hand (FUZZ_S=3600 make fuzz); what it finds stays in
# build/fuzz/corpus-* for the next run.
fuzz: $(FUZZ_BIN)
	@tests/fuzz/run $(FUZZ_S) $(FUZZ_BIN)

qemu-test: $(BUILD)/baremem.img $(BUILD)/baremem-test.img $(BUILD)/netboot/baremem.efi \
	$(BUILD)/tests/pkcs7-verifier.efi $(BUILD)/ovmf-vars.fd
	@JOBS=$(QEMU_JOBS) tests/part qemu-test tests/qemu/run-all

# Scenarios too long for CI (tests/long): a profile=full run, then 6
# minutes past the boot manager's 5-minute watchdog (an hour or more
# under TCG); 8 guests network-booting one server at once; the slow-DHCP,
# huge-result and suite-timeout scenarios; and the costly cases make test
# keeps a cheaper one of (64 vCPUs, the SMT shape on two cores a socket
# and its bandwidth, a NIC the firmware's DHCP waits on, the signed
# configs' other refusals, which boot the pkcs7 test verifier).
test-long: deps $(BUILD)/baremem.img $(BUILD)/baremem-test.img \
	$(BUILD)/netboot/baremem.efi $(BUILD)/tests/pkcs7-verifier.efi \
	$(BUILD)/ovmf-vars.fd $(BUILD)/tests/test_perm
	@tests/qemu/run-all tests/long/test_*

# script-test: the user-side scripts and the schemas (tests/scripts);
# linux-test: build/baremem-linux and the scripts on its output (tests/linux).
script-test:
	@JOBS=$(TEST_JOBS) tests/part script-test tests/scripts/run-all

# shell-test: shellcheck over every shell script, and set -eu in the tests
# (tests/shellcheck-all).
shell-test:
	@tests/part shell-test tests/shellcheck-all

linux-test: $(BUILD)/baremem-linux $(BUILD)/bench-libc $(BUILD)/bench-cold-chain
	@JOBS=$(TEST_JOBS) tests/part linux-test tests/linux/run-all

# The mutation check (tests/mutation/run): each hand-written mutant of
# the product code (tests/mutation/*.mut) applied alone to a copy of the
# tree, the host-side tests run on it; last line `mutation: K of N
# killed`. Not part of make test: it takes many minutes.
mutation:
	@JOBS=$(TEST_JOBS) tests/mutation/run

# AArch64 pieces built beside the x86 ones: the bandwidth kernels
# (kernels/aarch64/), cross-built with aarch64-linux-gnu-gcc, their
# self-checking tests (tests/aarch64/), static binaries run under
# qemu-aarch64-static user-mode emulation, and the timed loops' shapes
# in the aarch64 objects (tests/objects/check-loops-aarch64). The
# AArch64 decoders (lib/arch/aarch64/, pure C) are compiled for the host
# into the unit tests' library: LIB_SRC stops two folders down.
ARM_CC      := aarch64-linux-gnu-gcc
ARM_QEMU    := qemu-aarch64-static
ARM_FREE    := -std=gnu11 -ffreestanding -fno-strict-aliasing -O2 -g $(WARN) -Ikernels -Ikernels/aarch64
# Only the SVE file gets +sve, as only bw_avx2.c gets -mavx2: the NEON
# kernels run on every AArch64 core. kernels/bw_table.c, the lookups
# over each architecture's table, goes with them.
arm_isa_flags = $(if $(findstring _sve,$(1)),-march=armv8.2-a+sve)
ARM_KERNEL_SRC := $(wildcard kernels/aarch64/*.c) kernels/bw_table.c
ARM_KERNEL_OBJ := $(patsubst %.c,$(BUILD)/aarch64-obj/%.o,$(ARM_KERNEL_SRC))
ARM_TEST_BIN := $(patsubst tests/aarch64/%.c,$(BUILD)/aarch64/%,$(wildcard tests/aarch64/test_*.c))
ARM_LIB_SRC := $(wildcard lib/arch/aarch64/*.c)
ARM_LIB_HOST_OBJ := $(patsubst %.c,$(BUILD)/host-obj/%.o,$(ARM_LIB_SRC))
.PHONY: aarch64-test aarch64-loop-test aarch64-build aarch64-lib-check
# What make test builds first (test-build), before any part runs.
aarch64-build: $(ARM_TEST_BIN) $(ARM_KERNEL_OBJ)

$(BUILD)/aarch64-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(ARM_CC) $(ARM_FREE) $(DEPFLAGS) $(call arm_isa_flags,$<) -c $< -o $@

# The tests are hosted C (libc, printf): -ffp-contract=off so the
# triad's expected b + 3.0 * a is two roundings, as the kernels compute.
$(BUILD)/aarch64/test_%: tests/aarch64/test_%.c tests/aarch64/bw_check.c \
		tests/aarch64/bw_check.h $(ARM_KERNEL_OBJ)
	@mkdir -p $(dir $@)
	$(ARM_CC) -static -std=gnu11 -O2 -g $(WARN) -ffp-contract=off \
		-Ikernels -Ikernels/aarch64 -Itests/aarch64 $< \
		tests/aarch64/bw_check.c $(ARM_KERNEL_OBJ) -o $@

$(BUILD)/host-obj/libbaremem.a: $(ARM_LIB_HOST_OBJ)

# lib/ and kernels/ outside their x86 folders, each file compiled for
# AArch64 (tests/aarch64/lib-check): x86 code outside lib/arch/x86_64/
# fails it, naming the file. aarch64-test runs it as one of its checks.
aarch64-lib-check:
	@JOBS=$(TEST_JOBS) tests/aarch64/lib-check

# Both end with "N passed, N failed" through tests/part, so make test can
# run them as parts of its own.
aarch64-test: $(ARM_TEST_BIN)
	@ARM_QEMU=$(ARM_QEMU) ARM_CC=$(ARM_CC) JOBS=$(TEST_JOBS) \
		tests/part aarch64-test tests/aarch64/run $(BUILD)/aarch64

aarch64-loop-test: $(ARM_KERNEL_OBJ) $(BUILD)/baremem-aa64.efi
	@BUILD=$(BUILD) tests/part aarch64-loop-test tests/objects/check-loops-aarch64

# The Linux runner for arm64, build/baremem-linux-arm64: lib/, kernels/
# and linux/ as build/baremem-linux builds them, with lib/arch/aarch64/,
# kernels/aarch64/ and linux/aarch64/ in place of the x86 folders,
# cross-built and linked static so qemu-aarch64-static runs it here
# (tests/aarch64/test_linux_runner, in aarch64-test). --gc-sections
# drops what this build never calls.
ARM_LINUX_SRC := $(sort $(wildcard lib/*.c lib/*/*.c kernels/*.c linux/*.c \
		 linux/aarch64/*.c) $(ARM_LIB_SRC) $(ARM_KERNEL_SRC))
ARM_LINUX_OBJ := $(patsubst %.c,$(BUILD)/linux-arm64-obj/%.o,$(ARM_LINUX_SRC))
ARM_LINUX_CFLAGS := -std=gnu11 -O2 -g $(WARN) -ffunction-sections \
		 -fdata-sections -Ilib -Ikernels -Ikernels/aarch64 -Ilinux -I$(BUILD)/gen
.PHONY: linux-arm64
linux-arm64: $(BUILD)/baremem-linux-arm64

$(BUILD)/linux-arm64-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(ARM_CC) $(ARM_LINUX_CFLAGS) -ffreestanding -fno-strict-aliasing \
		$(DEPFLAGS) $(call arm_isa_flags,$<) -c $< -o $@

$(BUILD)/linux-arm64-obj/linux/%.o: linux/%.c
	@mkdir -p $(dir $@)
	$(ARM_CC) $(ARM_LINUX_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/linux-arm64-obj/lib/report/report_html.o: $(REPORT_CSS_H)

$(BUILD)/baremem-linux-arm64: $(ARM_LINUX_OBJ)
	$(ARM_CC) -static -Wl,--gc-sections $^ -pthread -o $@

# make test builds it first (test-build) and aarch64-test runs it.
aarch64-build aarch64-test: $(BUILD)/baremem-linux-arm64

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# The AArch64 UEFI app, build/baremem-aa64.efi (\EFI\BOOT\BOOTAA64.EFI
# on the image): efi/aarch64/ with the efi/ and lib/ sources that hold no
# x86 code, against gnu-efi's arm64 build, which Debian cannot install
# beside the amd64 one: scripts/gnu-efi-aarch64 unpacks it into build/.
ARM_LD      := aarch64-linux-gnu-ld
ARM_OBJCOPY := aarch64-linux-gnu-objcopy
ARM_GNUEFI  := $(BUILD)/gnu-efi-aarch64/usr
ARM_EFI_CFLAGS := $(FREE) -mno-outline-atomics -fpic -fshort-wchar -fno-stack-protector -fno-stack-check \
              -ffunction-sections -fvisibility=hidden \
              -DGNU_EFI_USE_MS_ABI -Iefi -I$(ARM_GNUEFI)/include/efi \
              -I$(ARM_GNUEFI)/include/efi/aarch64
# EFI_SUBSYSTEM: the PE header's subsystem, an application (10), which
# gnu-efi's arm64 crt0 takes from the linker. --gc-sections drops what
# the app never calls (the x86 paths of the shared files): with
# -fvisibility=hidden the app exports nothing, so nothing is kept for it.
# No -fdata-sections: gnu-efi's arm64 linker script gathers `*(.bss)`
# into .data but not `.bss.NAME`, which would land past the image
# (scripts/check-efi-sections refuses that at every link).
ARM_EFI_LDFLAGS := -nostdlib -znocombreloc -T $(ARM_GNUEFI)/lib/elf_aarch64_efi.lds \
              -shared -Bsymbolic -L$(ARM_GNUEFI)/lib --defsym=EFI_SUBSYSTEM=0xa \
              --gc-sections
# lib/ whole but its x86 folder (gc-sections keeps what the app calls),
# the efi/ sources that hold no x86 code, efi/aarch64/, the AArch64 chase
# and the arch-neutral kernels the suite calls. -mno-outline-atomics: the
# suite's atomics inline (LL/SC or LSE), not libgcc's __aarch64_* helpers,
# which the app does not link.
ARM_EFI_SRC := $(wildcard efi/aarch64/*.c) efi/console.c efi/files.c \
              efi/results_store.c efi/config_load.c efi/pool.c efi/clock.c \
              efi/boot_source.c efi/memmap.c efi/acpi.c efi/var.c \
              efi/run_finish.c efi/run_start.c efi/report_store.c efi/screen.c efi/memory.c \
               efi/numa.c efi/machine.c efi/scan_memory.c efi/page_tables.c \
               efi/fault_run.c \
              $(wildcard efi/net/*.c) \
              $(wildcard lib/*.c lib/*/*.c) $(ARM_LIB_SRC) $(ARM_KERNEL_SRC) \
              kernels/chase_seg.c kernels/pingpong.c kernels/tscping.c
ARM_EFI_OBJ := $(patsubst %.c,$(BUILD)/aa64-efi-obj/%.o,$(ARM_EFI_SRC))
# The app's sections; `-O binary` copies them as laid out, and gnu-efi's
# arm64 PE header (in its crt0) declares .data up to _edata, 512-byte
# aligned past the last real byte: edk2 refuses an image shorter than
# its header says ("Unsupported"), so the copy is padded to _edata.
ARM_EFI_SECTIONS := .text .dynamic .data .rela.dyn .rela.plt .rela.got .rela.data

$(ARM_GNUEFI)/lib/crt0-efi-aarch64.o: scripts/gnu-efi-aarch64
	scripts/gnu-efi-aarch64 $(BUILD)/gnu-efi-aarch64
	@touch $@

$(BUILD)/aa64-efi-obj/%.o: %.c $(ARM_GNUEFI)/lib/crt0-efi-aarch64.o
	@mkdir -p $(dir $@)
	$(ARM_CC) $(ARM_EFI_CFLAGS) $(call arm_isa_flags,$<) $(DEPFLAGS) -c $< -o $@

# arm_efi_link / arm_efi_binary: an AArch64 app's .so from its objects
# (no symbol left undefined), and its PE file padded to _edata.
arm_efi_link = $(ARM_LD) $(ARM_EFI_LDFLAGS) $(ARM_GNUEFI)/lib/crt0-efi-aarch64.o \
	$(1) -o $@ -lefi -lgnuefi && \
	u="$$(aarch64-linux-gnu-nm -u $@)"; if [ -n "$$u" ]; then \
	echo "$@: undefined symbols (the UEFI app links no libc or libgcc):"; \
	echo "$$u"; rm -f $@; exit 1; fi && \
	scripts/check-efi-sections aarch64-linux-gnu-readelf $@ $(ARM_EFI_SECTIONS) || \
	{ rm -f $@; exit 1; }
arm_efi_binary = $(ARM_OBJCOPY) $(addprefix -j ,$(ARM_EFI_SECTIONS)) -O binary \
	--pad-to 0x$$(aarch64-linux-gnu-nm $< | sed -n 's/ [A-Za-z] _edata$$//p') $< $@

$(BUILD)/baremem-aa64.so: $(ARM_EFI_OBJ)
	$(call arm_efi_link,$(ARM_EFI_OBJ))

$(BUILD)/baremem-aa64.efi: $(BUILD)/baremem-aa64.so
	$(arm_efi_binary)

# The AArch64 test image's app (the test image's BOOTAA64.EFI): the same
# sources with BAREMEM_TEST_HOOKS (efi/aarch64/test_hooks_arm.c). As
# for x86 (EFI_TEST_OBJ), only the efi/ sources and those of lib/ and
# kernels/ that name the hooks compile again; the rest are the release
# app's own objects.
ARM_HOOK_SRC := $(filter efi/%,$(ARM_EFI_SRC)) $(shell grep -l BAREMEM_TEST_HOOKS $(filter-out efi/%,$(ARM_EFI_SRC)))
ARM_EFI_TEST_OBJ := $(foreach s,$(ARM_EFI_SRC),$(if $(filter $(s),$(ARM_HOOK_SRC)),$(BUILD)/aa64-efi-test-obj/$(s:.c=.o),$(BUILD)/aa64-efi-obj/$(s:.c=.o)))

$(BUILD)/aa64-efi-test-obj/%.o: %.c $(ARM_GNUEFI)/lib/crt0-efi-aarch64.o
	@mkdir -p $(dir $@)
	$(ARM_CC) $(ARM_EFI_CFLAGS) $(call arm_isa_flags,$<) $(DEPFLAGS) -DBAREMEM_TEST_HOOKS -c $< -o $@

$(BUILD)/baremem-aa64-test.so: $(ARM_EFI_TEST_OBJ)
	$(call arm_efi_link,$(ARM_EFI_TEST_OBJ))

$(BUILD)/baremem-aa64-test.efi: $(BUILD)/baremem-aa64-test.so
	$(arm_efi_binary)
