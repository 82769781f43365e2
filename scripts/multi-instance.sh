#!/usr/bin/env bash
# Runs the browser journeys against the multi-instance topology on one machine: a fresh PostgreSQL
# database, the local Redis, three server instances sharing JWT_SECRET and DATA_DIR, and nginx in
# front without session affinity. Loopback only; everything it starts is stopped on exit.
#
#   scripts/multi-instance.sh [playwright args, e.g. tests/chat.spec.ts]
#   MULTI_PROXY_CHECK=1 scripts/multi-instance.sh   # rate limits on; checks the proxy rules instead
#
# Needs: a build (npm run build), PostgreSQL on 127.0.0.1:5432 (MULTI_PG_ADMIN_URL), Redis on
# 127.0.0.1:6379 (MULTI_REDIS_URL), /usr/bin/chromium; installs the nginx package if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

BASE_PORT=${MULTI_BASE_PORT:-27610}
NGINX_PORT=$BASE_PORT
SMTP_PORT=$((BASE_PORT + 9))
# The cross-origin journey serves its page here; the instances list it in CORS_ORIGINS.
CLIENT_PORT=$((BASE_PORT + 8))
INSTANCES=${MULTI_INSTANCES:-3}
PG_ADMIN_URL=${MULTI_PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
REDIS_URL=${MULTI_REDIS_URL:-redis://127.0.0.1:6379}
DB_NAME="fba_multi_$$"
DATABASE_URL="${PG_ADMIN_URL%/*}/$DB_NAME"
TIME_LIMIT=${MULTI_TIME_LIMIT_SECONDS:-900}
PROXY_CHECK=${MULTI_PROXY_CHECK:-0}
# The journeys all sign up from 127.0.0.1; the proxy check needs the limits it checks.
LIMITS_OFF=true
[ "$PROXY_CHECK" = 1 ] && LIMITS_OFF=false

WORK=$(mktemp -d /tmp/fba-multi-XXXXXX)
PIDS=()

cleanup() {
  local code=$?
  trap - EXIT INT TERM
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for _ in $(seq 1 20); do
    local alive=0
    for pid in "${PIDS[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.5
  done
  for pid in "${PIDS[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  psql "$PG_ADMIN_URL" -qc "drop database if exists $DB_NAME with (force)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
  exit "$code"
}
trap cleanup EXIT INT TERM

[ -f apps/server/dist/main.js ] && [ -f apps/web/dist/index.html ] || {
  echo "multi-instance: run 'npm run build' first" >&2
  exit 2
}
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

echo "multi-instance: database $DB_NAME, $INSTANCES instances, nginx on 127.0.0.1:$NGINX_PORT"
psql "$PG_ADMIN_URL" -qc "create database $DB_NAME" >/dev/null
redis-cli -u "$REDIS_URL" ping >/dev/null

node e2e/support/smtp-sink.mjs "$SMTP_PORT" &
PIDS+=($!)

JWT_SECRET=$(node -e 'console.log(require("node:crypto").randomBytes(48).toString("base64"))')
mkdir -p "$WORK/data" "$WORK/logs" "$WORK/nginx"
UPSTREAMS=""
for i in $(seq 1 "$INSTANCES"); do
  port=$((BASE_PORT + i))
  UPSTREAMS+="    server 127.0.0.1:$port max_fails=3 fail_timeout=5s;"$'\n'
  # Same secret, database, Redis and DATA_DIR on every instance: nothing lives in one process.
  env NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$WORK/data" \
    DATABASE_URL="$DATABASE_URL" DATABASE_POOL_SIZE=5 REDIS_URL="$REDIS_URL" \
    JWT_SECRET="$JWT_SECRET" PUBLIC_URL="http://127.0.0.1:$NGINX_PORT" TRUST_PROXY=true \
    CORS_ORIGINS="http://127.0.0.1:$CLIENT_PORT" \
    SMTP_URL="smtp://127.0.0.1:$SMTP_PORT" BID_WINDOW_HOURS=0.01 LOG_LEVEL=warn \
    SEED_DEMO=true RATE_LIMIT_DISABLED=$LIMITS_OFF MAX_EVENT_LOOP_DELAY_MS=0 \
    node apps/server/dist/main.js >"$WORK/logs/app$i.log" 2>&1 &
  PIDS+=($!)
done

# The production template with its upstream and listen lines rewritten for loopback.
awk -v upstreams="$UPSTREAMS" -v port="$NGINX_PORT" -v logs="$WORK/logs" '
  /^ *server app[0-9]+:/ { if (!done) { printf "%s", upstreams; done = 1 } next }
  /^ *listen 80;/ { print "    listen 127.0.0.1:" port ";"; next }
  /^worker_processes/ { print "worker_processes 2;"; next }
  /^ *access_log / { print "  access_log " logs "/nginx-access.log redacted;"; next }
  { print }
' deploy/nginx.conf >"$WORK/nginx/nginx.conf.body"
{
  echo "daemon off;"
  # A root master would hand the workers to "nobody", who cannot use the private temp directory.
  [ "$(id -u)" = 0 ] && echo "user root;"
  echo "pid $WORK/nginx/nginx.pid;"
  echo "error_log $WORK/logs/nginx-error.log warn;"
  sed -e "s|^http {|http {\n  client_body_temp_path $WORK/nginx/body;\n  proxy_temp_path $WORK/nginx/proxy;\n  fastcgi_temp_path $WORK/nginx/fastcgi;\n  uwsgi_temp_path $WORK/nginx/uwsgi;\n  scgi_temp_path $WORK/nginx/scgi;|" \
    "$WORK/nginx/nginx.conf.body"
} >"$WORK/nginx/nginx.conf"
"$NGINX" -t -q -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -e "$WORK/logs/nginx-error.log"
"$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -e "$WORK/logs/nginx-error.log" &
PIDS+=($!)

for i in $(seq 1 "$INSTANCES"); do
  port=$((BASE_PORT + i))
  for _ in $(seq 1 120); do
    curl -fsS "http://127.0.0.1:$port/api/health/ready" >/dev/null 2>&1 && break
    sleep 1
  done
  curl -fsS "http://127.0.0.1:$port/api/health/ready" >/dev/null || {
    echo "multi-instance: instance $i did not become ready" >&2
    tail -n 40 "$WORK/logs/app$i.log" >&2
    exit 1
  }
done
curl -fsS "http://127.0.0.1:$NGINX_PORT/api/health/ready" >/dev/null
echo "multi-instance: all instances ready; running the journeys through nginx"

status=0
if [ "$PROXY_CHECK" = 1 ]; then
  # 20 malformed sign-ups an hour per client: a client writing its own X-Forwarded-For must not
  # get a fresh counter per request.
  codes=""
  for i in $(seq 1 21); do
    codes+=$(curl -s -o /dev/null -w '%{http_code} ' -X POST -H 'content-type: application/json' \
      -H "X-Forwarded-For: 198.18.0.$i" --data '{}' "http://127.0.0.1:$NGINX_PORT/api/auth/register/")
  done
  echo "multi-instance: sign-ups with 21 different spoofed X-Forwarded-For: $codes"
  [ "${codes% }" = "$(printf '400 %.0s' $(seq 1 20))429" ] || status=1
  # A socket URL with a token (refused: the token is not valid) must be logged without it.
  curl -s -o /dev/null --max-time 5 -H 'Connection: Upgrade' -H 'Upgrade: websocket' \
    -H 'Sec-WebSocket-Version: 13' -H 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==' \
    "http://127.0.0.1:$NGINX_PORT/ws/announcement/?token=secret-in-the-url" || true
  sleep 1
  if grep -q 'secret-in-the-url' "$WORK/logs/nginx-access.log"; then
    echo "multi-instance: the access log holds a socket token" >&2
    status=1
  fi
  grep ' /ws/announcement/ ' "$WORK/logs/nginx-access.log" | tail -n 1
  echo "multi-instance: proxy check exited with $status"
  exit "$status"
fi
(
  cd e2e
  E2E_EXTERNAL_URL="http://127.0.0.1:$NGINX_PORT" E2E_SMTP_PORT="$SMTP_PORT" \
    E2E_CLIENT_PORT="$CLIENT_PORT" \
    timeout --kill-after=10 "$TIME_LIMIT" npx playwright test --output "$WORK/test-results" "$@"
) || status=$?

for i in $(seq 1 "$INSTANCES"); do
  if grep -q '"level":[56]0' "$WORK/logs/app$i.log"; then
    echo "multi-instance: errors logged by instance $i:" >&2
    grep '"level":[56]0' "$WORK/logs/app$i.log" | tail -n 20 >&2
  fi
done
echo "multi-instance: journeys exited with $status"
exit "$status"
