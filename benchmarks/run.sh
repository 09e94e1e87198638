#!/usr/bin/env bash
# Builds the project and runs every benchmark against a redis-server of the run's own, which the
# harness starts on a free port and stops at the end (INFO commandstats is server-wide, so a shared
# server would count other clients' commands in the figures); against a running server with
# $REDIS_URL, --redis redis://host:port or --shared-redis (127.0.0.1:6379), database $BENCH_DB
# (default 9). Section 7 (the award ledger) also needs
# PostgreSQL at $BENCH_POSTGRES_URL (default jdbc:postgresql://127.0.0.1:5432/postgres, user postgres),
# where it creates and drops a database of the run. One section alone: --only ledger (or award,
# async, aspect, query, memory, growth, ingest). Prints a table and writes BENCHMARKS.md
# at the repository root (not with --quick or --only, which only print their part); about ten minutes on 2 cores. Every comparison runs interleaved rounds of
# baseline and subject (--rounds N, default 5). Extra arguments go to the harness (--help lists them).
# Then the sharded boards on a local Redis Cluster (ShardBench, appended to BENCHMARKS.md; the
# cluster is $REDIS_CLUSTER_NODES or three redis-server processes it starts). Alone:
# benchmarks/run.sh --shards-only [--rounds N, default 9] [--members N] [--seconds S].
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B -ntp -pl benchmarks -am install -DskipTests
shards() {
  java -Xms1g -Xmx4g -cp "benchmarks/target/test-classes:benchmarks/target/classes:$(cat benchmarks/target/test-classpath.txt)" \
    io.github.activityrank.benchmarks.ShardBench --out BENCHMARKS.md "$@"
}
if [ "${1:-}" = "--shards-only" ]; then
  shift
  shards "$@"
  exit
fi
# --quick and --only measure a part: they print it and leave BENCHMARKS.md and the cluster alone
part=false
for arg in "$@"; do
  case "$arg" in --quick | --only) part=true ;; esac
done
main() {
  java -Xms1g -Xmx4g -cp "benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)" \
    io.github.activityrank.benchmarks.BenchmarkMain "$@"
}
if $part; then
  main --no-out "$@"
  exit
fi
main --out BENCHMARKS.md "$@"
shards
