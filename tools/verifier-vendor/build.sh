#!/bin/sh
# Rebuilds mototaxi_desk/verifier/vendor/ from the pinned npm packages (package-lock.json):
# one minified IIFE (mt-vendor.min.js) and the licences of what it bundles.
#   cd tools/verifier-vendor && npm ci && ./build.sh
set -eu
cd "$(dirname "$0")"
out=../../mototaxi_desk/verifier/vendor
mkdir -p "$out"
./node_modules/.bin/esbuild entry.js --bundle --minify --format=iife --target=es2019 \
    --legal-comments=none --outfile="$out/mt-vendor.min.js"
cp node_modules/jsqr/LICENSE "$out/LICENSE-jsQR.txt"
cp node_modules/@noble/ed25519/LICENSE "$out/LICENSE-noble-ed25519.txt"
cp node_modules/@noble/hashes/LICENSE "$out/LICENSE-noble-hashes.txt"
{
    echo "mt-vendor.min.js bundles, unmodified (tools/verifier-vendor/build.sh):"
    for p in jsqr @noble/ed25519 @noble/hashes; do
        node -e "const p=require('./node_modules/$p/package.json');console.log('- '+p.name+' '+p.version+' ('+p.license+')')"
    done
    echo "built with esbuild $(./node_modules/.bin/esbuild --version)"
} > "$out/README.txt"
