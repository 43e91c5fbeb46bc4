#!/usr/bin/env bash
# One benchmark sitting: raftwire's ClusterBenchmark alternated with SOFAJRaft (the peers' harness,
# ../shared/peer-clusters), in both layouts, round by round; then the per-round ratio table.
#
# Each round runs four steps in this order, each through `../shared/tools/heavy --quiet` (which waits
# for the lock and for a 1-minute load below 1.5, at most 10 minutes, and prints the load before and after):
#   raftwire-inproc     ClusterBenchmark modes=ideal,direct,kv durability=durable layout=inproc (kryo)
#   jraft-inproc        the peers' MODES=inproc ROUNDS=1 LIBS=jraft SKIP_BUILD=1 ./run.sh
#   raftwire-multiproc  ClusterBenchmark modes=kv durability=durable layout=multiproc (kryo)
#   jraft-multiproc     the peers' MODES=multiproc ROUNDS=1 LIBS=jraft SKIP_BUILD=1 ./run.sh
# Every step's whole output goes to RESULTS/round-<n>/<step>.log and its RESULT lines to
# RESULTS/round-<n>/<step>.results; at the end SittingReport prints (and writes to RESULTS/report.md)
# the ratios kv durable ÷ JRaft for (a) sequential, (b) 32 outstanding, (c) linearizable reads per
# layout, direct pipelined ÷ ideal, each per round and as median [min..max], and every run's
# commits/s, p50 and p99 with the load heavy printed around it.
#
# It builds nothing. It expects, relative to the repository root:
#   benchmarks/target/benchmarks.jar       mvn -B -ntp -q -pl benchmarks -am package -DskipTests
#   a writable, built copy of the peers' harness (PEERS, default benchmarks/target/peer-clusters) with
#     common/target/classes, jraft/target/classes, jraft/target/lib/ and ratis/target/lib/HdrHistogram-*.jar
#     (run.sh's fsync probe reads that jar). If PEERS is not set and the default copy is missing, the script
#     copies ../shared/peer-clusters there, prints the command that builds it, and stops.
#
# Knobs (environment): ROUNDS=3 WARMUP=5 MEASURE=10 (seconds, every workload of every step)
#   PEERS=<dir>  RESULTS=<dir> (default benchmarks/target/sitting-<UTC time>)
# Run from anywhere, with ../shared beside the repository: benchmarks/sitting.sh
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
HEAVY="$REPO/../shared/tools/heavy"
JAR="$REPO/benchmarks/target/benchmarks.jar"
ROUNDS=${ROUNDS:-3}
WARMUP=${WARMUP:-5}
MEASURE=${MEASURE:-10}
RESULTS=${RESULTS:-$REPO/benchmarks/target/sitting-$(date -u +%Y%m%d-%H%M%S)}

fail() { echo "sitting: $*" >&2; exit 2; }

[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS = $ROUNDS (expected: a positive integer)"
[[ "$WARMUP" =~ ^[0-9]+(\.[0-9]+)?$ ]] || fail "WARMUP = $WARMUP (expected: seconds, such as 5 or 2.5)"
[[ "$MEASURE" =~ ^[0-9]+(\.[0-9]+)?$ && "$MEASURE" != 0 ]] || fail "MEASURE = $MEASURE (expected: seconds > 0)"
[ -x "$HEAVY" ] || fail "no $HEAVY (expected: ../shared/tools/heavy beside the repository)"
[ -f "$JAR" ] || fail "no $JAR (expected: built by mvn -B -ntp -q -pl benchmarks -am package -DskipTests)"

if [ -z "${PEERS:-}" ]; then
  PEERS="$REPO/benchmarks/target/peer-clusters"
  if [ ! -d "$PEERS" ]; then
    [ -d "$REPO/../shared/peer-clusters" ] || fail "no $REPO/../shared/peer-clusters to copy (expected: the peers' harness)"
    mkdir -p "$(dirname "$PEERS")"
    cp -r "$REPO/../shared/peer-clusters" "$PEERS"
    chmod -R u+w "$PEERS"
    rm -rf "$PEERS/results"
    fail "copied the peers' harness to $PEERS; build it, then run this again:
  (cd $PEERS && $HEAVY mvn -B -ntp -q package)"
  fi
fi
PEERS=$(cd "$PEERS" && pwd)
for need in common/target/classes jraft/target/classes jraft/target/lib run.sh; do
  [ -e "$PEERS/$need" ] || fail "no $PEERS/$need (expected: a built copy of the peers' harness;
  build it with (cd $PEERS && $HEAVY mvn -B -ntp -q package))"
done
ls "$PEERS"/ratis/target/lib/HdrHistogram-*.jar > /dev/null 2>&1 \
  || fail "no $PEERS/ratis/target/lib/HdrHistogram-*.jar (expected: run.sh's fsync probe reads it; build the peers)"
[ -w "$PEERS" ] || fail "$PEERS is not writable (expected: run.sh writes results/ there; use a copy)"

mkdir -p "$RESULTS"
echo "sitting: results in $RESULTS; rounds=$ROUNDS warmup=${WARMUP}s measure=${MEASURE}s; peers in $PEERS" \
  | tee "$RESULTS/sitting.txt"
echo "sitting: $(nproc) cores, $(java -version 2>&1 | head -1), git $(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo '?')" \
  | tee -a "$RESULTS/sitting.txt"

# raftwire STEP LAYOUT MODES: one ClusterBenchmark round; its report and progress go to the step's log.
raftwire() {
  local step=$1 layout=$2 modes=$3
  "$HEAVY" --quiet java -cp "$JAR" io.raftwire.bench.cluster.ClusterBenchmark rounds=1 warmup="$WARMUP" \
      measure="$MEASURE" modes="$modes" serializers=kryo kv-serializers=kryo durability=durable layout="$layout" \
      results="$DIR/$step.results" > "$DIR/$step.log" 2>&1 \
    || echo "sitting: $step failed (rc=$?), see $DIR/$step.log"
}

# jraft STEP MODE: one round of the peers' run.sh for SOFAJRaft; its results file is copied beside the log.
jraft() {
  local step=$1 mode=$2 file
  (cd "$PEERS" && MODES=$mode ROUNDS=1 LIBS=jraft SKIP_BUILD=1 WARMUP=$WARMUP MEASURE=$MEASURE \
      "$HEAVY" --quiet ./run.sh) > "$DIR/$step.log" 2>&1 \
    || echo "sitting: $step failed (rc=$?), see $DIR/$step.log"
  file=$(sed -n 's/^== results: \([^,]*\), logs: .*/\1/p' "$DIR/$step.log" | head -1)
  if [ -n "$file" ] && [ -f "$PEERS/$file" ]; then
    cp "$PEERS/$file" "$DIR/$step.results"
  else
    echo "sitting: $step wrote no results file, see $DIR/$step.log"
  fi
}

for round in $(seq 1 "$ROUNDS"); do
  DIR="$RESULTS/round-$round"
  mkdir -p "$DIR"
  for step in raftwire-inproc jraft-inproc raftwire-multiproc jraft-multiproc; do
    echo "-- $(date -u +%H:%M:%S) round $round/$ROUNDS $step (load $(cut -d' ' -f1-3 /proc/loadavg))"
    case $step in
      raftwire-inproc) raftwire "$step" inproc ideal,direct,kv ;;
      jraft-inproc) jraft "$step" inproc ;;
      raftwire-multiproc) raftwire "$step" multiproc kv ;;
      jraft-multiproc) jraft "$step" multiproc ;;
    esac
    grep '^heavy: load' "$DIR/$step.log" | tr '\n' ' ' || true
    echo
  done
done

java -cp "$JAR" io.raftwire.bench.cluster.SittingReport "$RESULTS" | tee "$RESULTS/report.md"
