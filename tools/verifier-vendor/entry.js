// The vendored libraries of the offline verifier, exposed as one global (MTVendor). The
// page's own script (mototaxi_desk/verifier/verifier.js) uses them only where the browser
// lacks BarcodeDetector, WebCrypto Ed25519 or crypto.subtle (a file:// page on an old phone).
import jsQR from "jsqr";
import * as ed from "@noble/ed25519";
import { sha256, sha512 } from "@noble/hashes/sha2.js";

ed.hashes.sha512 = sha512; // synchronous verification, no crypto.subtle needed

globalThis.MTVendor = {
  jsQR,
  ed25519Verify: (signature, message, publicKey) => ed.verify(signature, message, publicKey),
  sha256,
};
