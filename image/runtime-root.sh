#!/bin/sh
# Assembles the runtime image's whole file system under $1 from the build stage (run in /src after
# `tsc` and `npm prune --omit=dev`): Node, the C libraries Node and the native addons link, tini,
# env (for the `vantage` script's #!/usr/bin/env node), the compiled application and its production
# dependencies, and a passwd/group naming uid 10001.
set -eu
root=$1
mkdir -p "$root/usr/local/bin" "$root/usr/bin" "$root/etc" "$root/app/dist" "$root/tmp" "$root/data"
chmod 1777 "$root/tmp"
chown 10001:10001 "$root/data"

# Documentation, type declarations and source maps are not read at run time.
find node_modules -type f \( -name '*.map' -o -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.md' -o -name '*.markdown' \) -delete
# Beside a native addon's binding.gyp, node-gyp's build folder: only the .node files are loaded.
find -L node_modules agents/icmp-datagram -name binding.gyp -type f | while read -r gyp; do
  build="$(dirname "$gyp")/build"
  [ -d "$build" ] || continue
  find "$build" -type f ! -name '*.node' -delete
  find "$build" -depth -type d -empty -delete
done

cp /usr/local/bin/node "$root/usr/local/bin/node"
cp /usr/bin/tini-static "$root/usr/bin/tini"
cp /usr/bin/env "$root/usr/bin/env"
addons=$(find -L node_modules agents -name '*.node' -type f)
for binary in /usr/local/bin/node /usr/bin/env $addons; do ldd "$binary"; done \
  | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' | sort -u \
  | while read -r library; do cp -L --parents "$library" "$root"; done

cp -a package.json node_modules crds "$root/app/"
cp -a dist/src dist/operator dist/agents "$root/app/dist/"
mkdir -p "$root/app/agents/icmp-datagram/build/Release"
cp agents/icmp-datagram/package.json "$root/app/agents/icmp-datagram/"
cp agents/icmp-datagram/build/Release/*.node "$root/app/agents/icmp-datagram/build/Release/"
chmod 0755 "$root/app/dist/src/cli/main.js"
ln -s /app/dist/src/cli/main.js "$root/usr/local/bin/vantage"

cat > "$root/etc/passwd" <<'PASSWD'
root:x:0:0:root:/root:/usr/sbin/nologin
vantage:x:10001:10001:Vantage:/data:/usr/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
PASSWD
cat > "$root/etc/group" <<'GROUP'
root:x:0:
vantage:x:10001:
nogroup:x:65534:
GROUP
printf 'passwd: files\ngroup: files\nhosts: files dns\n' > "$root/etc/nsswitch.conf"
