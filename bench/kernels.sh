#!/usr/bin/env bash
# The same benchmark on several kernels in one session, e.g. series v1
# against v2: bench/bench.sh once per kernel, one after the other with the
# same sizes, then (c)'s figures side by side (bench/kernels.py) and one
# plot of the per-operation cost against directory size with every
# kernel's (c) (bench/dirops.gp).
#   usage: kernels.sh NAME=BZIMAGE[@TREE-COMMIT] NAME=BZIMAGE[@TREE-COMMIT]...
#          (TREE-COMMIT, for the report: the kernel tree commit the image
#          was built from)
#   env:   the BENCH_* variables of bench.sh (sizes, BENCH_ICOUNT)
# Report: build/bench/kernels/report.md (printed) and dirops.png; each
# kernel's own report in build/bench/bench-full-kern-NAME/.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"

[ $# -ge 2 ] || die "usage: ${0##*/} NAME=BZIMAGE[@COMMIT] NAME=BZIMAGE[@COMMIT]..."
need gnuplot
work=$BUILD/bench/kernels
rm -rf "$work"
mkdir -p "$work"
icount=${BENCH_ICOUNT:-1}
suffix=
[ "$icount" = 1 ] || suffix=-wall
logs=() names=() commits=()
for arg in "$@"; do
	name=${arg%%=*} spec=${arg#*=}
	if [ "$name" = "$arg" ] || ! [[ $name =~ ^[A-Za-z0-9._-]+$ ]]; then
		die "bad argument '$arg': want NAME=BZIMAGE[@COMMIT], NAME of letters, digits, . _ -"
	fi
	img=${spec%@*} commit=unknown
	[ "$img" = "$spec" ] || commit=${spec##*@}
	[ -f "$img" ] || die "no kernel image $img (for $name)"
	# Every run uses its kernel as it is now, even if it is rebuilt meanwhile.
	cp -p "$img" "$work/$name.bzImage"
	names+=("$name") commits+=("$commit")
done
for i in "${!names[@]}"; do
	name=${names[$i]}
	log "kernels: $name"
	BENCH_KERNEL=$work/$name.bzImage BENCH_SERIES=${commits[$i]} BENCH_NAME=kern-$name \
		BENCH_CMD="bench/kernels.sh $*" "$TOP/bench/bench.sh" full >"$work/$name.out" 2>&1 ||
		die "the run on $name failed: see $work/$name.out"
	logs+=("$name=$LOGS/vm/bench-full-kern-$name$suffix-run.ktap")
done
metric=secs
[ "$icount" = 0 ] || metric=busy
{
	echo "# Benchmark on ${#names[@]} kernels: ${names[*]} ($(date -u +%F))"
	echo
	echo "Command \`bench/kernels.sh $*\`; each kernel's report:"
	for name in "${names[@]}"; do
		r=$BUILD/bench/bench-full-kern-$name$suffix/report.md
		echo "- $name: build/bench/bench-full-kern-$name$suffix/report.md ($(sed -n 5p "$r" | cut -c1-160))"
	done
	echo
	/usr/bin/python3 "$TOP/bench/kernels.py" "$work" "$metric" "${logs[@]}"
} >"$work/report.md"
gnuplot -e "datafile='$work/dirops.dat'; outfile='$work/dirops.png'; subtitle='kernels ${names[*]}, $(date -u +%F)'; $(cat "$work/dirops.gpvars")" \
	"$TOP/bench/dirops.gp" 2>"$work/gnuplot.err" || die "gnuplot failed: see $work/gnuplot.err"
cat "$work/report.md"
log "report: $work/report.md, plot: $work/dirops.png"
