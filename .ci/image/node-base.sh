#!/usr/bin/env bash
# Makes a local stand-in for the official Node 20 slim image, since no registry is reachable in CI:
# Debian bookworm (minbase, from the Debian mirror) with this machine's Node binary, npm and headers
# in /usr/local, as the official image lays them out. Prints the image name; built once per Node
# version and kept in buildah's local storage, so later runs reuse it.
set -euo pipefail

node_bin=$(readlink -f "$(command -v node)")
version=$("$node_bin" --version)
case "$version" in v20.*) ;; *) echo "node-base: this machine has Node $version, the image needs Node 20" >&2; exit 1 ;; esac
image="localhost/vantage-node-base:${version#v}-bookworm-slim"

if buildah inspect --type image "$image" >/dev/null 2>&1; then echo "$image"; exit 0; fi

command -v debootstrap >/dev/null || { echo "node-base: debootstrap is missing (Debian: apt-get install debootstrap)" >&2; exit 1; }

prefix=$(dirname "$(dirname "$node_bin")")          # /usr or /usr/local
npm_dir="$prefix/lib/node_modules/npm"
headers="$prefix/include/node"
for needed in "$npm_dir/bin/npm-cli.js" "$headers/node.h"; do
  [ -e "$needed" ] || { echo "node-base: $needed is missing" >&2; exit 1; }
done

work=$(mktemp -d /var/tmp/vantage-node-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
echo "node-base: debootstrap bookworm (minbase) into $rootfs" >&2
debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
  || { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
# What the official slim image also leaves out: package lists and caches.
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb

install -D -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules" "$rootfs/usr/local/include"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
cp -a "$headers" "$rootfs/usr/local/include/node"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
# This machine's trusted authorities (they may include a TLS-inspecting proxy's), for npm in the
# build stage; the runtime stage starts from scratch and inherits neither the file nor the variable.
install -D -m 0644 /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/build-machine-ca.crt"
# The official image's user 1000 (node), for builds that expect it.
chroot "$rootfs" /usr/sbin/groupadd --gid 1000 node
chroot "$rootfs" /usr/sbin/useradd --uid 1000 --gid node --shell /bin/bash --create-home node

container=$(buildah from scratch)
mountpoint=$(buildah mount "$container")
tar -C "$rootfs" --exclude='./dev/*' --exclude='./proc/*' --exclude='./sys/*' -cf - . | tar -C "$mountpoint" -xpf -
buildah umount "$container" >/dev/null
buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --env "NODE_VERSION=${version#v}" \
  --env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/build-machine-ca.crt \
  --cmd node --label "org.opencontainers.image.description=Debian bookworm with Node ${version#v} from the build machine" "$container"
buildah commit --quiet --rm "$container" "$image" >/dev/null
echo "$image"
