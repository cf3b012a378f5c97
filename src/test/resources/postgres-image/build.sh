#!/usr/bin/env bash
# Builds a postgres-compatible Docker image without a registry, for the container target's tests:
# a PostgreSQL install dir (bin, lib, share: the embedded binaries), busybox-static as the shell,
# the host's C libraries the binaries need, and entrypoint.sh, which follows the official image's
# contract (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB; the arguments run as the server).
# usage: build.sh <install dir> <image name:tag>
set -euo pipefail
home=$(realpath "$1")
tag=$2
here=$(dirname "$(realpath "$0")")
busybox=$(command -v busybox)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

mkdir -p "$root"/{bin,etc,pg,tmp,var/lib/postgresql,var/run/postgresql}
chmod 1777 "$root/tmp"
cp -a "$home/bin" "$home/lib" "$home/share" "$root/pg/"
cp "$busybox" "$root/bin/busybox"
for applet in $("$busybox" --list); do
  [ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done
# The host's libraries (libc, libm, libstdc++, the loader, ...) that the install dir lacks.
for lib in $(ldd "$home"/bin/* "$home"/lib/postgresql/*.so 2>/dev/null | grep -o '/[^ ]*' | sort -u); do
  case "$lib" in "$home"/*) continue ;; esac
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done
printf 'root:x:0:0:root:/root:/bin/sh\npostgres:x:999:999:postgres:/var/lib/postgresql:/bin/sh\n' \
  >"$root/etc/passwd"
printf 'root:x:0:\npostgres:x:999:\n' >"$root/etc/group"
install -m 0755 "$here/entrypoint.sh" "$root/entrypoint.sh"

tar -C "$root" -c . | docker import \
  --change 'ENTRYPOINT ["/entrypoint.sh"]' \
  --change 'CMD ["postgres"]' \
  --change 'ENV PATH=/pg/bin:/bin PGDATA=/var/lib/postgresql/data' \
  --change 'EXPOSE 5432' \
  - "$tag" >/dev/null
