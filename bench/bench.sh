#!/usr/bin/env bash
# What directory and special-file integrity costs: one boot of the patched
# kernel with the same ext4 file system on seven virtio disks,
#   (a) no appraisal   (b) IMA+EVM appraisal of regular files
#   (c) (b) + DIR_CHECK and SPECIAL_CHECK (this series)
#   (d) dm-crypt aes-xts-plain64, no IMA
#   (e) dm-integrity hmac(sha256), journal mode, no IMA
#   (eb) dm-integrity hmac(sha256), bitmap mode, no IMA
#   (f) (c) on a file system of 512-byte inodes (mke2fs -I 512)
# the IMA policy selecting them by fsuuid=, and the workloads of
# vm/tests/guest/bench-run.sh measured in the guest (elapsed time, CPU time
# in tasks, each disk's sector counts: vm/helpers/bench.c). Three boots:
# fill (the create/unlink/rename directories, made by the kernel on (a)'s
# image, then copied to (b), (c), (d), and on (f)'s; (d)'s copy is
# encrypted on the host, bench/xts-encrypt.c), label (fix mode: (b), (c)
# and (f) labelled; (e) and (eb) formatted and (a) copied onto them), run
# (enforce mode, with the guest's clock pinned to the TSC: tsc=reliable,
# else the TCG guest's watchdog finds it unstable, and tsc_early_khz=,
# else its PIT calibration fails on a loaded host; either way the guest
# would time in 4 ms jiffies).
# Clocks: by default the run boot runs under QEMU's -icount shift=0,
# sleep=off: the guest's clock (and its TSC, 1 GHz) counts executed
# instructions, one per ns, and jumps to the next timer when the guest
# idles, so its CPU time does not depend on the host's load; device
# latency is not in it (the sector counts are the I/O figure).
# BENCH_ICOUNT=0 runs on the host's clock instead (wall-clock mode, TSC
# frequency measured on the host: bench/tsc-khz.c), for comparison.
#   usage: bench.sh [full|smoke]
#   env:   BENCH_REPS (5), BENCH_FILES (50000), BENCH_MAXKB (8),
#          BENCH_COPY_MB (256), BENCH_SIZES (10,1000,10000,100000),
#          BENCH_OPS (operations of each kind per size: 100,100,100,10),
#          BENCH_ICOUNT (1: instruction-counted guest time, the default;
#          0: wall-clock mode), BENCH_TIMEOUT (s),
#          BENCH_CPU (QEMU's -cpu model for the boots, default max: every
#          extension TCG emulates, SSE4.2's crc32, PCLMULQDQ, AES-NI and
#          AVX2 among them, as deployed x86-64 CPUs have; empty for
#          QEMU's default, qemu64, which has none of them),
#          BENCH_NAME (a suffix for the run's name, its folder and logs),
#          BENCH_KERNEL (default build/kernels/patched.bzImage) and
#          BENCH_SERIES (the kernel tree commit it was built from, for the
#          report; default the tree's HEAD now)
#   smoke: 1 repetition, 400 files, 4 MiB, sizes 10,100: the harness works
#          (any failed workload fails it); its figures mean nothing.
# Report: build/bench/NAME/report.md (printed) and dirops.png; results:
# build/results/bench-NAME.tap and the boots' vm-bench-NAME-*.tap.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"
# shellcheck source=vm/tests/faults-lib.sh
. "$TOP/vm/tests/faults-lib.sh"

mode=${1:-full}
case $mode in
full)
	reps=${BENCH_REPS:-5} files=${BENCH_FILES:-50000} maxkb=${BENCH_MAXKB:-8}
	copymb=${BENCH_COPY_MB:-256} sizes=${BENCH_SIZES:-10,1000,10000,100000}
	ops=${BENCH_OPS:-100,100,100,10} runtime=${BENCH_TIMEOUT:-7200}
	fineclock=1
	;;
smoke)
	reps=1 files=400 maxkb=8 copymb=4 sizes=10,100 ops=5,5 runtime=${BENCH_TIMEOUT:-300}
	# Its times are not a result: a coarse clock (the TSC failed to
	# calibrate on a loaded host) must not fail the suite.
	fineclock=0
	;;
*) die "usage: ${0##*/} [full|smoke]" ;;
esac
icount=${BENCH_ICOUNT:-1}
cpu=${BENCH_CPU-max}
export QEMU_CPU=$cpu
case $icount in 0 | 1) ;; *) die "BENCH_ICOUNT must be 0 (wall clock) or 1 (-icount)" ;; esac
name=bench-$mode${BENCH_NAME:+-$BENCH_NAME}
[ "$icount" = 1 ] || name=$name-wall
for n in "$reps" "$runtime"; do
	[[ $n =~ ^[1-9][0-9]*$ ]] || die "BENCH_REPS and BENCH_TIMEOUT must be positive numbers"
done
[[ $sizes =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die "BENCH_SIZES must be numbers separated by commas"
[[ $ops =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die "BENCH_OPS must be numbers separated by commas"
[ "$(tr -cd , <<<"$sizes")" = "$(tr -cd , <<<"$ops")" ] ||
	die "BENCH_OPS needs one count for each of BENCH_SIZES ($sizes)"
need gcc e2fsck tune2fs gnuplot
kernel_src=${BENCH_KERNEL:-$BUILD/kernels/patched.bzImage}
[ -f "$kernel_src" ] || die "no kernel $kernel_src: run 'make kernel-patched'"
[ -f "$BUILD/vm/initramfs.cpio.gz" ] || die "no initramfs: run 'make initramfs'"
zcat "$BUILD/vm/initramfs.cpio.gz" | cpio -t 2>/dev/null | grep -qx 'tests/bench-run.sh' ||
	die "the initramfs has no benchmark scripts: run 'make initramfs'"

work=$BUILD/bench/$name
rm -rf "$work"
results_clear "$name"
mkdir -p "$work"
# Every boot uses the same kernel, even if it is rebuilt meanwhile.
kernel=$work/patched.bzImage
cp -p "$kernel_src" "$kernel"
start=$(date +%s)
load0=$(cut -d' ' -f1-3 /proc/loadavg)
# shellcheck source=bench/uuids.sh
. "$TOP/bench/uuids.sh"
# The dm-crypt test key, also in vm/tests/guest/bench-lib.sh.
key=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f

gcc -O2 -Wall -Wextra -Werror -o "$work/xts-encrypt" "$TOP/bench/xts-encrypt.c" -lcrypto ||
	die "cannot build bench/xts-encrypt.c (is libssl-dev installed? 'make deps')"
gcc -O2 -Wall -Wextra -Werror -o "$work/tsc-khz" "$TOP/bench/tsc-khz.c" ||
	die "cannot build bench/tsc-khz.c"
tscarg=
if [ "$icount" = 1 ]; then
	# shift=0: one instruction per ns of guest time, whose TSC runs at
	# 1 GHz, whatever the host's. -icount needs TCG: QEMU refuses it
	# with KVM.
	[ "${QEMU_ACCEL:-tcg}" = tcg ] ||
		die "BENCH_ICOUNT=1 needs QEMU_ACCEL=tcg (it is $QEMU_ACCEL): unset it, or set BENCH_ICOUNT=0 for wall clock"
	export QEMU_ACCEL=tcg
	tsc_khz=1000000 tscarg=tsc_early_khz=$tsc_khz
elif tsc_khz=$("$work/tsc-khz"); then
	tscarg=tsc_early_khz=$tsc_khz
elif [ "$fineclock" = 1 ]; then
	die "cannot measure the host's TSC frequency (bench/tsc-khz.c): is the host overloaded?"
else
	log "no TSC frequency for the guest: its times may be coarse (a smoke run accepts that)"
fi
"$TOP/bench/mktree.sh" "$work" "$files" "$maxkb" "$copymb"

# One image: room for the tree, one unpacked copy per repetition, the file
# and its copy, and an inode for every entry.
entries=$(find "$work/src/tree" | wc -l)
tree_mb=$(du -sm "$work/src/tree" | cut -f1)
dirents=$(($(tr , + <<<"$sizes")))
inodes=$((entries * (reps + 2) + dirents + 10000))
size=$((tree_mb * (reps + 2) * 3 / 2 + 2 * copymb + inodes / 2048 + 200))
img=$work/a.img
MKDISK_INODES=$inodes "$TOP/vm/mkdisk.sh" "$img" "${uuid[a]}" "$work/src" "$size"
# (f): the same tree with 512-byte inodes, twice the room for the tables.
MKDISK_INODES=$inodes MKDISK_OPTS='-I 512' \
	"$TOP/vm/mkdisk.sh" "$work/f.img" "${uuid[f]}" "$work/src" "$((size + inodes / 2048))"

tap_open "$name"
export QEMU_MEM=${QEMU_MEM:-1024}
TIMEOUT=$((dirents / 1000 + 300)) APPEND="itest.sizes=$sizes itest.disks=a,f" \
	boot "$name-fill" "$kernel" bench-fill "$img" "$work/f.img" ||
	{ tap_close || true; die "the fill boot failed: see $LOGS/vm/$name-fill.console"; }
for c in a f; do
	e2fsck -fy "$work/$c.img" >"$work/fill-$c.fsck" 2>&1 || [ $? -lt 4 ] ||
		die "e2fsck -fy failed on $work/$c.img: see $work/fill-$c.fsck"
done
# (b), (c), (d): copies of (a)'s image with their own UUIDs.
for c in b c d; do
	cp --sparse=always "$img" "$work/$c.img"
	tune2fs -U "${uuid[$c]}" "$work/$c.img" >/dev/null 2>"$work/tune2fs.err" ||
		die "tune2fs -U failed on $work/$c.img: $(cat "$work/tune2fs.err")"
done
"$work/xts-encrypt" "$key" "$work/d.img" "$work/d.crypt"
mv "$work/d.crypt" "$work/d.img"
# (e), (eb): zeroed disks, formatted by dm-integrity in the label boot,
# with room for (a)'s image, the tags (32 bytes per 4 KiB) and the journal.
for c in e eb; do
	rm -f "$work/$c.img"
	truncate -s "$((size * 105 / 100 + 128))M" "$work/$c.img"
done
disks=()
for c in a b c d e eb f tree; do disks+=("$work/$c.img"); done
disks[-1]=$work/tree.tar
uuids="itest.ub=${uuid[b]} itest.uc=${uuid[c]} itest.uf=${uuid[f]}"
uuids+=" itest.disks=a,b,c,d,e,eb,f,tar itest.isect=$((size * 2048))"

TIMEOUT=$((files / 10 + copymb * 3 + size / 2 + 300)) APPEND="ima_appraise=fix evm=fix $uuids" \
	boot "$name-label" "$kernel" bench-label "${disks[@]}" ||
	{ tap_close || true; die "the label boot failed: see $LOGS/vm/$name-label.console"; }
rc=0
qextra=
[ "$icount" = 0 ] || qextra='-icount shift=0,sleep=off'
QEMU_EXTRA=$qextra TIMEOUT=$runtime \
	APPEND="tsc=reliable $tscarg ima_appraise=enforce $uuids itest.reps=$reps itest.sizes=$sizes itest.ops=$ops itest.fineclock=$fineclock" \
	boot "$name-run" "$kernel" bench-run "${disks[@]}" || rc=1
secs=$(($(date +%s) - start))

# The report.
report=$work/report.md
series=${BENCH_SERIES:-$(git -C "$KTREE" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)}
if [ -z "${BENCH_SERIES:-}" ] && git -C "$KTREE" status --porcelain --untracked-files=no 2>/dev/null | grep -q .; then
	series="$series with uncommitted changes"
fi
top=$(git -C "$TOP" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
dirty=
if git -C "$TOP" status --porcelain -- series vm bench 2>/dev/null | grep -q .; then
	dirty=", with uncommitted changes"
fi
{
	echo "# Benchmark: no appraisal, IMA/EVM, this series, dm-crypt, dm-integrity, 512-byte inodes ($mode)"
	echo
	echo "$(date -u '+%F %T') UTC; command \`${BENCH_CMD:-bench/bench.sh $mode}\`"
	echo "(BENCH_REPS=$reps BENCH_FILES=$files BENCH_MAXKB=$maxkb BENCH_COPY_MB=$copymb" \
		"BENCH_SIZES=$sizes BENCH_OPS=$ops BENCH_ICOUNT=$icount);"
	echo "repository $top$dirty; kernel tree (series) $series; kernel ${kernel_src#"$TOP"/}" \
		"of $(stat -c %y "$kernel" | cut -d. -f1), sha256 $(sha256sum "$kernel" | cut -c1-12);"
	echo "QEMU $(qemu-system-x86_64 --version | head -n 1 | sed 's/.*version //') ($("$TOP/vm/accel.sh" "$kernel")${qextra:+, $qextra}), $QEMU_MEM MiB, 1 CPU;" \
		"host $(nproc) CPUs, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)."
	echo "Tree: $files entries of the pristine kernel tree ($entries with directories, $tree_mb MiB);" \
		"image $size MiB, $inodes inodes; whole run $secs s."
	clk=$(sed -n 's/^# clocksource: //p' "$LOGS/vm/$name-run.ktap" 2>/dev/null | head -n 1)
	if [ "$icount" = 1 ]; then
		echo "Guest clock source: ${clk:-unknown}, 1 GHz (tsc_early_khz=$tsc_khz): instruction-counted."
	else
		echo "Guest clock source: ${clk:-unknown}${tscarg:+, with tsc_early_khz=$tsc_khz measured on the host}."
	fi
	crypto=$(sed -n 's/^# crypto: //p' "$LOGS/vm/$name-run.ktap" 2>/dev/null | head -n 1)
	if [ -n "$cpu" ]; then
		echo "Guest CPU: QEMU's \"$cpu\" model (BENCH_CPU); crypto drivers in the guest: $crypto." \
			"Instruction counts, not cycles: an instruction that checksums 8 bytes counts as one, as a load does;" \
			"QEMU 7.2 does not emulate the SHA extensions, so SHA-256 (IMA, the series, dm-integrity) runs its AVX2 code," \
			"several times the cycles of SHA-NI on CPUs that have them."
	else
		echo "Guest CPU: QEMU's default model (qemu64: no SSE4.2, no AES-NI, no SHA extensions); crypto drivers in the guest: $crypto" \
			"(the lib drivers use CPU extensions where the CPU has them; qemu64 has none, so ext4's CRC32C, IMA's SHA-256, dm-crypt's AES-XTS and dm-integrity's HMAC all run generic C code here);" \
			"on deployed CPUs all of them are cheaper, dm-crypt by far the most," \
			"so ratios between (c), (d) and (e) do not carry over to such hardware."
	fi
	echo "Host load average (1, 5, 15 min) at the start $load0, at the end $(cut -d' ' -f1-3 /proc/loadavg)."
	echo "Console logs: build/logs/vm/$name-{fill,label,run}.console."
	echo
	args=()
	[ "$icount" = 0 ] || args+=(--icount)
	/usr/bin/python3 "$TOP/bench/report.py" "$LOGS/vm/$name-run.ktap" "$work" "${args[@]}"
} >"$report" || rc=1
if [ -s "$work/dirops.dat" ]; then
	gnuplot -e "datafile='$work/dirops.dat'; outfile='$work/dirops.png'; subtitle='$mode run of $(date -u +%F), kernel tree $series'; $(cat "$work/dirops.gpvars")" \
		"$TOP/bench/dirops.gp" 2>"$work/gnuplot.err" ||
		{ rc=1; log "gnuplot failed: see $work/gnuplot.err"; }
fi
expect "the report and the plot were written" "see $report and $work/gnuplot.err" \
	test -s "$report" -a -s "$work/dirops.png"
cat "$report"
log "report: $report, plot: $work/dirops.png ($secs s)"
tap_close || rc=1
exit "$rc"
