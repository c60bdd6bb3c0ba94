# IMA directory and special-file integrity: the series and its forge.
# Every target is a thin wrapper around one script in ci/, vm/ or
# static-analysis/; see README.md.

V ?=
export V
# The kernel base: mainline (Debian unstable's 7.2, the default) or
# stable-6.12 (the 6.12 LTS backport); see ci/bases/*.env. Every target
# works on the one selected, e.g. 'make tree BASE=stable-6.12'.
BASE ?= mainline
export BASE
ifeq ($(wildcard ci/bases/$(BASE).env),)
$(error unknown BASE=$(BASE): use one of $(basename $(notdir $(wildcard ci/bases/*.env))))
endif
# The base's build folder (build/ for mainline, build/stable-6.12/ ...).
BDIR := $(shell sed -n 's/^BASE_BUILD=//p' ci/bases/$(BASE).env)

.PHONY: help run test deps fetch tree apply export check-export kernels \
	kernel-base kernel-patched kernel-debug kernel-modular initramfs vm-probe vm-harness \
	vm-attacks vm-changes vm-selftest vm-kunit vm-debug vm-findings vm-debian \
	vm-debian-cuts build-each \
	checkpatch sparse w1 coccicheck static shellcheck selftest send \
	summary clean distclean tool tool-test install uninstall vm-tool \
	faults faults-long faults-report bench bench-smoke bench-stability bench-kernels bench-profile coverage

help:
	@sed -n 's/^## //p' $(MAKEFILE_LIST)

## run            main job: deps, fetch, apply, build, boot, IMA/EVM tests
run:
	ci/run-tests.sh main

## test           the whole test suite (what .ci/run runs)
test:
	ci/run-tests.sh

## deps           install the Debian packages the scripts need (root)
deps:
	ci/deps.sh

## fetch          download the base's pinned linux-source with apt into the cache folder
fetch:
	ci/fetch-base.sh

## tree           build/linux (build/BASE/linux): pristine base + series applied
tree: fetch
	ci/make-tree.sh
	ci/apply-series.sh

## apply          re-apply series/vN (newest, or V=N) on the base
apply:
	ci/apply-series.sh

## export         regenerate series/vN and series/vN.mbox from build/linux
export:
	ci/export-series.sh $(V)

## check-export   series/ equals the export; git am and b4 am reproduce it
check-export:
	ci/check-roundtrip.sh

## kernels        build the base and the patched test kernels
kernels: kernel-base kernel-patched

kernel-base:
	ci/build-kernel.sh base

kernel-patched:
	ci/build-kernel.sh patched

## kernel-debug   the patched kernel with KASAN, lockdep, PROVE_RCU, ...
kernel-debug:
	ci/build-kernel.sh patched debug

## kernel-modular the patched kernel with ext4 and overlayfs as modules (B6)
kernel-modular:
	ci/build-kernel.sh patched modular

## initramfs      busybox + static helpers + guest tests
initramfs:
	vm/mkinitramfs.sh $(BDIR)/vm/initramfs.cpio.gz

## vm-harness     two-boot offline-edit test on both kernels
vm-harness: initramfs
	vm/tests/harness.sh base
	vm/tests/harness.sh patched

## vm-attacks     offline-attack matrix (directories, special files), both kernels
vm-attacks: initramfs
	vm/tests/attacks.sh base
	vm/tests/attacks.sh patched

## vm-changes     VFS changes in enforce mode survive a reboot
vm-changes: initramfs
	vm/tests/changes.sh patched

## vm-selftest    the series' kselftest in one VM, both kernels
vm-selftest: initramfs
	vm/tests/selftest.sh base
	vm/tests/selftest.sh patched

## vm-kunit       the series' KUnit suites on the patched kernel
vm-kunit: initramfs
	vm/tests/kunit.sh $(BDIR)/kernels/patched.bzImage

## build-each     every patch of the newest version builds and boots alone
build-each: initramfs
	ci/build-each.sh $(if $(V),v$(V))

## vm-debug       the patched suites on the debug kernel
vm-debug: initramfs
	vm/tests/attacks.sh patched-debug
	vm/tests/changes.sh patched-debug
	vm/tests/kunit.sh $(BDIR)/kernels/patched-debug.bzImage
	vm/tests/selftest.sh patched-debug

## vm-findings    the v1 review's findings, each reproduced (vm/findings/open)
vm-findings: initramfs
	vm/tests/findings.sh patched

## vm-debian      a Debian bookworm root under directory appraisal: dpkg,
##                admin workload, reboots, 2 power cuts, rescue, tamper
vm-debian: initramfs
	vm/tests/debian.sh patched

## vm-debian-cuts the same with CUTS power cuts during dpkg (default 20)
CUTS ?= 20
vm-debian-cuts: initramfs
	DEBIAN_CUTS=$(CUTS) vm/tests/debian.sh patched

## coverage       line coverage of the series: the VM suites on a gcov kernel
##                (4 min with its kernel built; build/coverage/report.md)
coverage:
	vm/coverage.sh

## vm-tool        ima-dirtool in the guest: kernel labels, offline changes, enforce
vm-tool: initramfs
	vm/tests/tool.sh patched

## faults         power cuts (5), concurrent changes (15 s), hostile images,
##                patched kernel; figures in build/faults-report.md
faults: initramfs
	rc=0; \
	FAULTS_N=$${FAULTS_N:-5} vm/tests/faults-cuts.sh patched || rc=1; \
	FAULTS_SECS=$${FAULTS_SECS:-15} vm/tests/faults-conc.sh patched || rc=1; \
	vm/tests/faults-hostile.sh patched || rc=1; \
	vm/faults-report.sh; exit $$rc

## faults-long    50 power cuts; 60 s of concurrent changes and the hostile
##                images on the patched and the debug kernel
faults-long: initramfs
	rc=0; \
	FAULTS_N=$${FAULTS_N:-50} vm/tests/faults-cuts.sh patched || rc=1; \
	FAULTS_SECS=$${FAULTS_SECS:-60} vm/tests/faults-conc.sh patched || rc=1; \
	FAULTS_SECS=$${FAULTS_SECS:-60} vm/tests/faults-conc.sh patched-debug || rc=1; \
	vm/tests/faults-hostile.sh patched || rc=1; \
	vm/tests/faults-hostile.sh patched-debug || rc=1; \
	vm/faults-report.sh; exit $$rc

## faults-report  print the figures of the last fault runs
faults-report:
	vm/faults-report.sh

## bench          what the series costs: no appraisal, IMA/EVM, the series,
##                dm-crypt, dm-integrity (journal, bitmap) and the series on
##                512-byte inodes side by side in one boot, instruction-
##                counted (bench/bench.sh; BENCH_ICOUNT=0: wall clock);
##                prints the report; report and plot in build/bench/bench-full/
bench: kernel-patched initramfs
	bench/bench.sh full

## bench-smoke    the same harness on tiny sizes, one repetition (in make test)
bench-smoke: kernel-patched initramfs
	bench/bench.sh smoke

## bench-stability the benchmark three times, twice on a quiet host and once
##                beside a kernel build: do the medians agree within 2%?
##                (bench/stability.sh; build/bench/stability/report.md)
bench-stability: kernel-patched initramfs
	bench/stability.sh

## bench-kernels  the benchmark on several kernels in one session, (c) side by
##                side: make bench-kernels KERNELS="v1=IMAGE v2=IMAGE"
##                (bench/kernels.sh; build/bench/kernels/report.md)
bench-kernels: initramfs
	@test -n "$(KERNELS)" || { echo 'usage: make bench-kernels KERNELS="v1=IMAGE v2=IMAGE"' >&2; exit 2; }
	bench/kernels.sh $(KERNELS)

## bench-profile  where (c)'s extra CPU time goes, by kernel function: one
##                instruction-counted boot with QEMU's insn-profile plugin
##                on the images a finished run left (bench/profile.sh;
##                PROFILE_RUN=bench-full PROFILE_MAP=<its System.map>;
##                build/bench/PROFILE_RUN/profile.md)
PROFILE_RUN ?= bench-full
PROFILE_MAP ?= $(BDIR)/obj/patched/System.map
bench-profile: initramfs
	bench/profile.sh $(PROFILE_RUN) $(PROFILE_MAP)

## tool           ima-dirtool, the userspace labeller (ima-dirtool/, man page ima-dirtool.8)
tool:
	$(MAKE) -C ima-dirtool

## tool-test      its unit tests, plain and under ASan+UBSan (vectors from the base's tree)
tool-test:
	ima-dirtool/tests/run.sh
	ima-dirtool/tests/run.sh asan

## install        ima-dirtool + man page into DESTDIR, PREFIX (/usr/local); also uninstall
install uninstall:
	$(MAKE) -C ima-dirtool $@

## checkpatch     checkpatch.pl --strict on every patch of the newest version
checkpatch:
	static-analysis/checkpatch.sh

## sparse / w1 / coccicheck   new findings of the series (see static-analysis/README.md)
sparse:
	static-analysis/sparse.sh

w1:
	static-analysis/w1.sh

coccicheck:
	static-analysis/coccicheck.sh

## static         all static checks and the report in build/
static: checkpatch sparse w1 coccicheck
	static-analysis/report.sh

## shellcheck     every shell script of the project
shellcheck:
	ci/shellcheck.sh

## selftest       the harness fails on broken input (patch, guest, deps)
selftest:
	ci/selftest-harness.sh

## send           the exact mails (To/Cc from get_maintainer), nothing sent
send:
	ci/send-dry-run.sh

## summary        'N passed, N failed' over build/results
summary:
	ci/summary.sh

## clean          remove build output of every base, keep the trees (and the cache folder)
clean:
	rm -rf build/obj build/kernels build/vm build/logs build/results build/send
	rm -rf $(foreach b,$(filter-out build,$(shell sed -n 's/^BASE_BUILD=//p' ci/bases/*.env)),$(addprefix $(b)/,obj kernels vm logs results send))

## distclean      remove everything under build/ (the cache folder stays: see README)
distclean:
	rm -rf build
