# The cost of one create, rename and unlink against the directory's size,
# one panel each, one line per configuration (bench/bench.sh). Variables:
# datafile (bench/report.py's dirops.dat), outfile (PNG), subtitle, names
# (one word per configuration of the data file, in its order) and metric
# (what the figures are), both set by report.py's dirops.gpvars.
set terminal pngcairo size 1500,520 font ",10"
set output outfile
set multiplot layout 1,3 title "Cost of one operation in a directory of N entries (median; ".subtitle.")"
set logscale xy
set xlabel "entries in the directory (N)"
set ylabel "ms per operation (".metric.")"
set grid
set key top left
set xrange [5:200000]
ops = "create rename unlink"
do for [o=1:3] {
	set title word(ops, o)
	plot for [c=1:words(names)] datafile using 1:(column(1 + (c - 1) * 3 + o)) \
		with linespoints lw 2 pt 7 title word(names, c)
}
unset multiplot
