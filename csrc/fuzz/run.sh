#!/bin/sh
# fuzz/run.sh BUILD SECONDS HARNESS...: runs each libFuzzer harness for SECONDS
# seconds over a working copy of its seed corpus (fuzz/corpus/NAME, plus every
# past crash in fuzz/crashes/NAME), then prints its throughput. A crash stops
# the run: the input is left in BUILD/crash-NAME-*; add it to fuzz/crashes/NAME
# (and fix the bug) so that `make fuzz-corpus` runs it from then on.
set -eu
build=$1
seconds=$2
shift 2
status=0
for name in "$@"; do
    work="$build/corpus-$name"
    mkdir -p "$work"
    cp fuzz/corpus/"$name"/* "$work"/
    if [ -d fuzz/crashes/"$name" ]; then cp fuzz/crashes/"$name"/* "$work"/ 2>/dev/null || true; fi
    dict=""
    if [ "$name" = position ]; then dict="-dict=fuzz/json.dict"; fi
    log="$build/fuzz_$name.log"
    echo "== fuzz_$name for $seconds s (log: $log)"
    if "$build/fuzz_$name" "$work" $dict -max_total_time="$seconds" -max_len=16384 \
        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$build/crash-$name-" >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        rate=$(sed -n 's/.*exec\/s: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
        cov=$(sed -n 's/.*cov: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
        echo "fuzz_$name: $runs inputs in $seconds s, $rate inputs/s, coverage $cov edges, no crash"
    else
        echo "fuzz_$name: CRASH, see $log and $build/crash-$name-*"
        tail -n 40 "$log"
        status=1
    fi
done
exit $status
