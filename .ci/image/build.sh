#!/usr/bin/env bash
# Builds the Vantage image with buildah and no registry: the Dockerfile's NODE_IMAGE is the local
# base from node-base.sh. Tags it as the chart expects (image.repository : appVersion, which is the
# package version); prints the tag on stdout, the build log and the image size on stderr. Layers
# and the npm cache stay in buildah's storage, so a rebuild with unchanged dependencies is quick.
set -euo pipefail
cd "$(dirname "$0")/../.."

repository=ghcr.io/vantage-monitoring/vantage
version=$(node -p 'require("./package.json").version')
tag="$repository:$version"
base=$(.ci/image/node-base.sh)

buildah bud --layers --isolation chroot \
  --build-arg "NODE_IMAGE=$base" \
  --build-arg "VERSION=$version" \
  --build-arg "REVISION=$(git rev-parse HEAD 2>/dev/null || echo unknown)" \
  --build-arg "CREATED=$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
  --tag "$tag" . >&2

echo "image $tag: $(buildah images --noheading --format '{{.Size}}' "$tag") (target: at most 250 MB)" >&2
echo "$tag"
