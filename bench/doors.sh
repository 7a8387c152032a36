#!/bin/bash
# Door against door: the packaged application with the storefront's own door (the default build)
# and without it (built with -Pservlet-door, every storefront request through the servlet
# container), started one after the other on the same machine by payara/flashsale, each with a
# fresh database and Redis, warmed, then measured with wrk at 64 connections: GET /api/ping and a
# sold-out reserve (a SKU of one unit, sold; every request a new buyer and Idempotency-Key).
#
#   bench/doors.sh [ROUNDS] [SECONDS] [VARIANTS]
#       (defaults: 2 rounds, 5 s a measurement, 3 a round, variants "grizzly servlet")
#
# Variants: grizzly (the default build), servlet (-Pservlet-door), counted (the default build, as
# grizzly, named for the next one) and uncounted (the default build with the refusals for the
# reports not counted, FLASHSALE_REPORTS_REFUSALS_COUNTED=false): "counted uncounted" measures
# what counting a refusal costs. A variant NAME=JAR runs that packaged server as it is (a build of
# another commit, say): "before=/tmp/before.jar after=target/flashsale-micro.jar".
#
# After the rates, each start records one more run of each path with the JVM's flight recorder
# (jdk.ThreadAllocationStatistics of the HTTP threads) and prints the bytes allocated per request:
# a figure that the machine's other work does not move, as it moves the rates.
#
# Needs wrk, redis-server, and PostgreSQL on 127.0.0.1:5432 as postgres (a database
# flashsale_doors is dropped and made). Prints one line per measurement and the medians.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-2}
seconds=${2:-5}
variants=${3:-grizzly servlet}
port=8187
redis_port=6397
out=target/bench/doors
mkdir -p "$out"

if [[ " $variants " == *" servlet "* ]]; then
    ./mvnw -B -q package -DskipTests -Pservlet-door >/dev/null
    cp target/flashsale-micro.jar "$out/servlet.jar"
fi
./mvnw -B -q package -DskipTests >/dev/null
cp target/flashsale-micro.jar "$out/grizzly.jar"

redis-server --port $redis_port --bind 127.0.0.1 --save "" --appendonly no >"$out/redis.log" 2>&1 &
redis=$!
trap 'kill $redis 2>/dev/null || true' EXIT

# expect WANTED WHAT COMMAND...: runs the command and stops the benchmark unless it prints WANTED,
# so that a setup step that failed is never measured as if it had worked.
expect() {
    local wanted=$1 what=$2 got
    shift 2
    # A command that fails (curl that cannot connect, a reply that is no problem) is a wrong answer too.
    if ! got=$("$@" 2>&1); then got="a failure: $got"; fi
    if [ "$got" != "$wanted" ]; then
        echo "doors.sh: $what: expected $wanted, got $got" >&2
        if [ -n "${launcher:-}" ]; then pkill -P "$launcher" || true; kill "$launcher" 2>/dev/null || true; fi
        exit 1
    fi
}

measure() { # variant
    local jar="$out/grizzly.jar" counted=true admin="admin:doors-admin-password-1"
    [ "$1" = servlet ] && jar="$out/servlet.jar"
    [ "$1" = uncounted ] && counted=false
    local name=${1%%=*}
    [[ $1 == *=* ]] && jar=${1#*=}
    psql -U postgres -h 127.0.0.1 -q -c "DROP DATABASE IF EXISTS flashsale_doors" -c "CREATE DATABASE flashsale_doors" >/dev/null
    redis-cli -p $redis_port flushall >/dev/null
    FLASHSALE_JAR=$jar FLASHSALE_HTTP_PORT=$port FLASHSALE_DB_URL=jdbc:postgresql://127.0.0.1:5432/flashsale_doors \
        FLASHSALE_DB_USER=postgres FLASHSALE_REDIS_HOST=127.0.0.1 FLASHSALE_REDIS_PORT=$redis_port \
        FLASHSALE_ADMIN_USER=admin FLASHSALE_ADMIN_PASSWORD=doors-admin-password-1 FLASHSALE_REPORTS_REFUSALS_COUNTED=$counted \
        FLASHSALE_LIMITS_API_KEY_PER_SECOND=1000000 FLASHSALE_LIMITS_API_KEY_BURST=1000000 \
        FLASHSALE_LIMITS_ADDRESS_PER_SECOND=1000000 FLASHSALE_LIMITS_ADDRESS_BURST=1000000 \
        payara/flashsale >"$out/$name.log" 2>&1 &
    local launcher=$!
    for _ in $(seq 1 150); do
        sleep 2
        [ "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:$port/health/ready || true)" = 200 ] && break
    done
    local key sale
    key=$(curl -s -u $admin -H 'Content-Type: application/json' -d '{"name":"doors"}' \
        http://127.0.0.1:$port/api/admin/api-keys | python3 -c 'import sys, json; print(json.load(sys.stdin)["key"])')
    sale=$(curl -s -u $admin -H 'Content-Type: application/json' -d '{"name":"doors","holdSeconds":300,"maxPerOrder":1,"latePayment":"REFUSE","items":[{"sku":"DOORS-1","units":1}]}' \
        http://127.0.0.1:$port/api/admin/sales | python3 -c 'import sys, json; print(json.load(sys.stdin)["id"])')
    # An admin call that changes something without a JSON body says it comes from a program.
    expect 200 "the sale opened" curl -s -o /dev/null -w '%{http_code}' -u $admin -H 'X-Requested-By: doors' \
        -X POST http://127.0.0.1:$port/api/admin/sales/$sale/open
    expect 201 "the one unit reserved" curl -s -o /dev/null -w '%{http_code}' -H "X-Api-Key: $key" \
        -H 'Content-Type: application/json' -H 'Idempotency-Key: doors-first' \
        -d '{"sku":"DOORS-1","buyerId":"first","qty":1}' http://127.0.0.1:$port/api/reservations
    expect sold-out "the next buyer refused as sold out" sh -c "curl -s -H 'X-Api-Key: $key' -H 'Content-Type: application/json' \
        -H 'Idempotency-Key: doors-probe' -d '{\"sku\":\"DOORS-1\",\"buyerId\":\"probe\",\"qty\":1}' \
        http://127.0.0.1:$port/api/reservations | python3 -c 'import sys, json; print(json.load(sys.stdin)[\"type\"].rsplit(\"/\", 1)[1])'"
    sed "s/@KEY@/$key/" bench/doors_soldout.lua >"$out/soldout.lua"
    wrk -t2 -c64 -d10s http://127.0.0.1:$port/api/ping >/dev/null
    wrk -t2 -c64 -d10s -s "$out/soldout.lua" http://127.0.0.1:$port/api/reservations >/dev/null
    for _ in 1 2 3; do
        echo "$name ping $(wrk -t2 -c64 -d${seconds}s --latency http://127.0.0.1:$port/api/ping | awk '/Requests\/sec/ {r=$2} / 99%/ {p=$2} END {print r, "p99", p}')"
        echo "$name soldout $(wrk -t2 -c64 -d${seconds}s --latency -s "$out/soldout.lua" http://127.0.0.1:$port/api/reservations | awk '/Requests\/sec/ {r=$2} / 99%/ {p=$2} END {print r, "p99", p}')"
    done
    allocations "$name"
    pkill -P $launcher || true
    kill $launcher 2>/dev/null || true
    sleep 5
}

# allocations NAME: bytes allocated per request by the server's HTTP threads, per path.
allocations() {
    local pid what n bytes
    # The launcher starts the JVM as its own child: no other server on the machine is mistaken for it.
    pid=$(pgrep -P "$launcher" -x java) || { echo "doors.sh: no server JVM under the launcher" >&2; exit 1; }
    for what in ping soldout; do
        jcmd "$pid" JFR.start name=doors settings=default >/dev/null
        if [ $what = ping ]; then
            n=$(wrk -t2 -c64 -d${seconds}s http://127.0.0.1:$port/api/ping | awk '/requests in/ {print $1}')
        else
            n=$(wrk -t2 -c64 -d${seconds}s -s "$out/soldout.lua" http://127.0.0.1:$port/api/reservations | awk '/requests in/ {print $1}')
        fi
        jcmd "$pid" JFR.stop name=doors filename="$out/allocations.jfr" >/dev/null
        bytes=$(jfr print --json --events jdk.ThreadAllocationStatistics "$out/allocations.jfr" | python3 -c '
import json, sys
seen = {}
for event in json.load(sys.stdin)["recording"]["events"]:
    thread = event["values"]["thread"]
    if thread and "http-thread-pool" in thread["javaName"]:
        seen.setdefault(thread["javaName"], []).append(event["values"]["allocated"])
# A thread'"'"'s count only grows: what it allocated during the run is its last less its first.
print(round(sum(max(counts) - min(counts) for counts in seen.values()) / int(sys.argv[1])))' "$n")
        echo "$1 $what-bytes $bytes"
    done
}

for _ in $(seq 1 "$rounds"); do
    for variant in $variants; do
        measure "$variant"
    done
done | tee "$out/figures.txt"
echo "medians (requests/s; bytes allocated a request):"
for door in $variants; do
    door=${door%%=*}
    for what in ping soldout ping-bytes soldout-bytes; do
        echo "  $door $what $(awk -v d=$door -v w=$what '$1 == d && $2 == w {print $3}' "$out/figures.txt" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')"
    done
done
