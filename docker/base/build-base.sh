#!/usr/bin/env bash
# The base every image of the stack starts from when no registry can be reached: Debian
# bookworm made by debootstrap from the host's own Debian mirror, loaded with `docker import`.
# Its tag is the hash of this recipe, so an unchanged recipe is never made twice.
# Prints the image's tag on its last line.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
packages=$(grep -v '^#' "$here/packages.txt" | xargs | tr ' ' ',')
recipe=$(cat "$0" "$here/packages.txt" | sha256sum | cut -c1-12)
tag="tablecert-base:bookworm-$recipe"

if docker image inspect "$tag" >/dev/null 2>&1; then
  echo "base image $tag present (same recipe): not rebuilt" >&2
  echo "$tag"
  exit 0
fi

# The mirror the host's apt already uses (a deb822 sources file or a one-line list).
mirror=${DEBIAN_MIRROR:-$(
  { grep -h '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}';
    grep -h '^deb ' /etc/apt/sources.list 2>/dev/null | awk '{print $2}'; } \
  | grep -v security | head -1 || true)}
[ -n "$mirror" ] || { echo "no Debian mirror found in the host's apt sources; set DEBIAN_MIRROR" >&2; exit 1; }

root=$(mktemp -d /var/tmp/tablecert-base.XXXXXX)
trap 'rm -rf "$root"' EXIT
start=$(date +%s)
debootstrap --variant=minbase --include="$packages" bookworm "$root" "$mirror" >&2
# Nothing in the image starts services at install time or keeps apt's downloads.
# The cluster the package made at install time is dropped: the database image makes its own
# on first start, in its volume.
rm -rf "$root"/var/lib/postgresql/15 "$root"/etc/postgresql/15 "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* \
       "$root"/usr/share/man/*
tar -C "$root" -c . | docker import \
  --change 'ENV LANG=C.UTF-8 PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["/bin/bash"]' - "$tag" >&2
echo "base image $tag made in $(( $(date +%s) - start )) s" >&2
echo "$tag"
