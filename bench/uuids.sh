# shellcheck shell=bash
# The file system UUIDs of the benchmark's configurations, by which the
# guest's IMA policy (vm/tests/guest/bench-lib.sh, bench_policy) selects
# them: bench/bench.sh gives them to the images, bench/profile.sh boots
# those images again. Sourced.
# shellcheck disable=SC2034 # used by the scripts that source this file
declare -A uuid=([a]=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0b000a [b]=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0b000b
	[c]=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0b000c [d]=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0b000d
	[f]=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0b000f)
