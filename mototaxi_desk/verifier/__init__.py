"""The offline verifier page's assets, read with importlib.resources by
services/exchange/verifier.py: template.html, verifier.css, verifier.js (ours) and vendor/ (the QR
decoder and Ed25519 libraries, minified with their licences; tools/verifier-vendor rebuilds
them from the pinned npm packages)."""
