#!/bin/sh
# Rebuilds mototaxi_desk/verifier/vendor/ from the pinned npm packages (package-lock.json):
# one minified IIFE (mt-vendor.min.js), ZXing-C++'s WebAssembly reader compressed with raw
# deflate (zxing_reader.wasm.deflate: services/exchange/verifier.py puts it in the page as base64),
# and the licences of what they hold.
#   cd tools/verifier-vendor && npm ci && ./build.sh
set -eu
cd "$(dirname "$0")"
out=../../mototaxi_desk/verifier/vendor
mkdir -p "$out"
./node_modules/.bin/esbuild entry.js --bundle --minify --format=iife --target=es2019 \
    --legal-comments=none --outfile="$out/mt-vendor.min.js"
node -e "const fs = require('fs'), zlib = require('zlib');
fs.writeFileSync('$out/zxing_reader.wasm.deflate', zlib.deflateRawSync(
    fs.readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm'), {level: 9}));"
cp node_modules/jsqr/LICENSE "$out/LICENSE-jsQR.txt"
cp node_modules/@noble/ed25519/LICENSE "$out/LICENSE-noble-ed25519.txt"
cp node_modules/@noble/hashes/LICENSE "$out/LICENSE-noble-hashes.txt"
cp node_modules/zxing-wasm/LICENSE "$out/LICENSE-zxing-wasm.txt"
cp node_modules/fflate/LICENSE "$out/LICENSE-fflate.txt"
cp licenses/LICENSE-zxing-cpp.txt licenses/LICENSE-stb_image.txt "$out/"
{
    echo "mt-vendor.min.js bundles, unmodified (tools/verifier-vendor/build.sh):"
    for p in jsqr @noble/ed25519 @noble/hashes fflate zxing-wasm; do
        node -e "const p=require('./node_modules/$p/package.json');console.log('- '+p.name+' '+p.version+' ('+p.license+')')"
    done
    echo "built with esbuild $(./node_modules/.bin/esbuild --version)"
    echo "zxing_reader.wasm.deflate: zxing-wasm's dist/reader/zxing_reader.wasm, raw deflate"
    echo "  (ZXing-C++ $(node -e "console.log(require('fs').readFileSync('node_modules/zxing-wasm/dist/es/share.js','utf8').match(/W = \"([0-9a-f]{40})\"/)[1])"), Apache-2.0; stb_image, MIT or public domain)"
} > "$out/README.txt"
