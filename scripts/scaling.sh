#!/bin/sh
# Time against rows and peak memory: one scenario on one PostgreSQL version at several scales, each
# run's peak resident set size (VmHWM of the harness's JVM) stored beside its results, then one
# report (reports/scaling/<id>/scaling.md, scaling.png): time against rows, the claims at each
# scale, each cell's time per row and slope, and with PREDICT the times and ratios at those rows.
# usage: scripts/scaling.sh [SCENARIO] [PG] [SCALES] [REPEAT] [PREDICT] [MEMORY]   (make scaling sets them)
# SCALES empty: the scenario's scales:, else 1 3 10. MEMORY caps every run's servers (e.g. 256MB),
# so that the series crosses the point where the tables outgrow the server's memory.
set -eu
scenario=${1:-ways-binary-freeze}
pg=${2:-17}
scales=${3:-}
repeat=${4:-3}
predict=${5:-}
memory=${6:-}
java=${JAVA:-java}
jar=target/pgloadbench.jar
run() { "$java" -Dpgloadbench.postgres.jars=target/postgres -jar "$jar" "$@"; }
if [ -z "$scales" ]; then
  scales=$(run scaling --scales-of "$scenario")
fi
runs=""
for scale in $(echo "$scales" | tr ',' ' '); do
  log=$(mktemp)
  "$java" -Dpgloadbench.postgres.jars=target/postgres -jar "$jar" \
    bench "$scenario" --pg "$pg" --scale "$scale" --repeat "$repeat" --memory "$memory" >"$log" 2>&1 &
  pid=$!
  peak=0
  while kill -0 "$pid" 2>/dev/null; do
    # $pid is the JVM itself; VmHWM only grows, so the last reading is its peak
    hwm=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status" 2>/dev/null || true)
    [ -n "$hwm" ] && peak=$hwm
    sleep 0.2
  done
  status=0
  wait "$pid" || status=$?
  dir=$(sed -n 's/^results: //p' "$log" | tail -1)
  if [ "$status" -ne 0 ] || [ -z "$dir" ]; then
    cat "$log" >&2
    echo "scaling: the run at SCALE=$scale failed" >&2
    exit 1
  fi
  rm -f "$log"
  echo "$peak" >"$dir/peak_rss_kb"
  echo "SCALE=$scale: $dir, peak RSS $(((peak + 512) / 1024)) MB"
  runs="$runs $dir"
done
# shellcheck disable=SC2086
run scaling $runs --output "reports/scaling/$(date -u +%Y%m%d-%H%M%S)" --predict "$predict"
