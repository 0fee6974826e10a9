#!/usr/bin/env bash
# Builds the stack's images and writes their names to docker/.built/images.env.
#
# The base is the official Python image when a registry answers, else the Debian base made
# by docker/base/build-base.sh; PostgreSQL and Redis likewise (official images, else Debian's
# packages on that base). The application image is tagged by the hash of everything it is
# built from, so an unchanged tree is never built again (and Docker's layer cache keeps the
# dependency layer when only the sources change). OMIT_STATIC=css/app.css builds a broken
# image on purpose (see docker/Dockerfile).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p docker/.built
timed() { local s; s=$(date +%s); "$@"; echo "  ($(( $(date +%s) - s )) s: $*)" >&2; }

pullable() {  # a local copy, or a registry that answers within a few seconds
  docker image inspect "$1" >/dev/null 2>&1 || timeout 20 docker pull -q "$1" >/dev/null 2>&1
}

python_image=python:3.11-slim-bookworm
if [ -n "${TABLECERT_BASE:-}" ]; then base=$TABLECERT_BASE
elif pullable "$python_image"; then base=$python_image
else base=$(docker/base/build-base.sh)
fi
echo "base image: $base" >&2

# The wheelhouse: the versions the project's own environment was tested with, as wheels.
if [ -x .venv/bin/pip ]; then
  constraints=$(.venv/bin/pip freeze --exclude-editable)
else
  constraints=""
fi
mkdir -p docker/.wheelhouse
# Debian's Python is 3.11.2: redis asks for async-timeout below 3.11.3, which the host's
# newer Python would not fetch on its own.
timed .venv/bin/pip wheel -q -w docker/.wheelhouse -r <(python3 docker/requirements.py) \
  "async-timeout>=4.0.3" \
  -c <(printf '%s\n' "$constraints") 2> >(grep -v "is ignored: it is neither" >&2)

sources=$( { printf '%s\n' "$base" "${OMIT_STATIC:-}"; ls docker/.wheelhouse;
  find casino certification templates static locale manage.py pyproject.toml \
       docker/Dockerfile docker/requirements.py -type f ! -name '*.pyc' -print0 \
    | sort -z | xargs -0 sha256sum; } | sha256sum | cut -c1-12)
app=tablecert:$sources
if docker image inspect "$app" >/dev/null 2>&1; then
  echo "application image $app present (same sources): not rebuilt" >&2
else
  timed docker build -q -f docker/Dockerfile --build-arg BASE="$base" \
    --build-arg OMIT_STATIC="${OMIT_STATIC:-}" -t "$app" . >/dev/null
fi

service_image() {  # official NAME, else our Dockerfile in docker/DIR on the base
  local official=$1 dir=$2 tag
  if [ "$base" = "$python_image" ] && pullable "$official"; then echo "$official"; return; fi
  tag=tablecert-$dir:$( { echo "$base"; cat "docker/$dir"/*; } | sha256sum | cut -c1-12)
  if ! docker image inspect "$tag" >/dev/null 2>&1; then
    timed docker build -q -f "docker/$dir/Dockerfile" --build-arg BASE="$base" -t "$tag" . >/dev/null
  fi
  echo "$tag"
}
postgres=$(service_image postgres:15 postgres)
redis=$(service_image redis:7 redis)

cat > docker/.built/images.env <<ENV
TABLECERT_IMAGE=$app
POSTGRES_IMAGE=$postgres
REDIS_IMAGE=$redis
ENV
cat docker/.built/images.env >&2
