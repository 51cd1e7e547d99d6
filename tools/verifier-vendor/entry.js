// The vendored libraries of the offline verifier, exposed as one global (MTVendor). The
// page's own script (mototaxi_desk/verifier/verifier.js) reads QR codes with ZXing-C++ in
// WebAssembly (zxing-wasm) where the browser lacks BarcodeDetector, with jsQR where it has no
// WebAssembly either, and checks Ed25519 with @noble/ed25519 where it lacks WebCrypto Ed25519
// or crypto.subtle (a file:// page on an old phone).
import jsQR from "jsqr";
import * as ed from "@noble/ed25519";
import { sha256, sha512 } from "@noble/hashes/sha2.js";
import { inflateSync } from "fflate";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

ed.hashes.sha512 = sha512; // synchronous verification, no crypto.subtle needed

globalThis.MTVendor = {
  jsQR,
  ed25519Verify: (signature, message, publicKey) => ed.verify(signature, message, publicKey),
  sha256,
  // the .wasm travels in the page itself (raw deflate, build.sh): handed over as bytes, so
  // zxing-wasm never fetches it (the page may not make any request)
  zxingPrepare: (deflated) => prepareZXingModule({
    overrides: { wasmBinary: inflateSync(deflated) }, fireImmediately: true }),
  zxingRead: (imageData, options) => readBarcodes(imageData, options),
};
