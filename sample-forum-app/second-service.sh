#!/usr/bin/env bash
# Plays a second service of the forum (say, a mobile check-in API written in another
# language) that awards points without any Java: it publishes check-ins and page views
# to the Redis Streams the sample consumes (activity-rank.ingest, docs/ingest.md), with
# nothing but redis-cli XADD. Watch http://localhost:8080/ move as it runs.
#
#   sample-forum-app/second-service.sh [messages] [interval-seconds]
#
# REDIS_HOST, REDIS_PORT and REDIS_DB point it at the sample's Redis (default
# 127.0.0.1:6379, database 0; when the sample started its embedded redis-server, the log
# names the port). KEY_PREFIX (default sample_forum) and the partition count must match
# the sample's activity-rank.key-prefix and activity-rank.ingest.partitions.
set -euo pipefail

messages="${1:-50}"
interval="${2:-0.5}"
host="${REDIS_HOST:-127.0.0.1}"
port="${REDIS_PORT:-6379}"
db="${REDIS_DB:-0}"
prefix="${KEY_PREFIX:-sample_forum}"
partitions=4
users=12            # the demo users of data.sql, ids 1 to 12

# A user's partition: CRC32 of the id's UTF-8 bytes, mod partitions. gzip's trailer is
# the CRC32 of its input, so the shell needs no other tool.
partition_of() {
  local crc
  crc=$(printf '%s' "$1" | gzip -c | tail -c 8 | od -An -tu4 -N4 | tr -d ' ')
  echo $(( crc % partitions ))
}

for ((i = 1; i <= messages; i++)); do
  user=$(( RANDOM % users + 1 ))
  # each partition is a hash tag of its own, {prefix:<stream>:n}, so that on a Redis
  # Cluster the partitions spread over the masters
  stream="{${prefix}:activity:$(partition_of "$user")}"
  if (( RANDOM % 3 == 0 )); then
    # a check-in: the check-in rule, once per user per day (the field names the day)
    redis-cli -h "$host" -p "$port" -n "$db" XADD "$stream" '*' user "$user" rule check-in \
      field "checkin-$(date +%F)" > /dev/null
    echo "user $user checked in"
  else
    # a page view in the other service: 1 point, once per page per day
    page=$(( RANDOM % 20 + 1 ))
    redis-cli -h "$host" -p "$port" -n "$db" XADD "$stream" '*' user "$user" rule page-view \
      field "app-page-$page" > /dev/null
    echo "user $user viewed app page $page"
  fi
  sleep "$interval"
done
echo "Bad messages, if any, are in {${prefix}}:activity:dead:"
redis-cli -h "$host" -p "$port" -n "$db" XLEN "{${prefix}}:activity:dead"
