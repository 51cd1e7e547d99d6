// The offline verifier page (services/exchange/verifier.py writes it with its data). Mirrors
// services/documents/verification.py: the record format of printing/qr.py, the verdict
// words and reasons of domain/verdicts.py (given in the config), the status list checks.
// No network: everything below runs on the phone. Each verdict on a document the list
// knows equals the desktop's on the list's date; the verdict box carries that date and age.
(function () {
  "use strict";
  var C = JSON.parse(document.getElementById("config").textContent);
  var V = window.MTVendor;
  var $ = function (id) { return document.getElementById(id); };
  var REASON_ORDER = Object.keys(C.reasons);
  var PERMIT_STATUS = {cassated: "cassated", revoked: "revoked", suspended: "suspended",
                       interrupted: "interrupted", lapsed: "lapsed", withdrawn: "withdrawn",
                       expired: "permit_expired"};
  var KINDS = {1: "permit_card", 2: "aux_card", 3: "sticker_annual", 4: "sticker_semiannual"};
  var B45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";
  var engines = {decoder: "", signature: ""};
  var status = null;       // the verified status payload, or null
  var stream = null;       // the camera, while it runs

  function Malformed(detail) { this.detail = detail; }

  // --- bytes and text ---------------------------------------------------------------------
  function hexBytes(hex) {
    var out = new Uint8Array(hex.length / 2);
    for (var i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(i * 2, 2), 16);
    return out;
  }
  function bytesHex(bytes) {
    var s = "";
    for (var i = 0; i < bytes.length; i++) s += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16);
    return s;
  }
  function b45decode(text) {
    var out = [];
    for (var i = 0; i < text.length; i += 3) {
      var chunk = text.slice(i, i + 3), n = 0;
      if (chunk.length < 2) throw new Malformed("base45");
      for (var j = chunk.length - 1; j >= 0; j--) {
        var v = B45.indexOf(chunk[j]);
        if (v < 0) throw new Malformed("base45");
        n = n * 45 + v;
      }
      if (chunk.length === 3) {
        if (n > 0xffff) throw new Malformed("base45");
        out.push(n >> 8, n & 0xff);
      } else {
        if (n > 0xff) throw new Malformed("base45");
        out.push(n);
      }
    }
    return new Uint8Array(out);
  }
  function pad(number, digits) {
    var s = String(number);
    while (s.length < digits) s = "0" + s;
    return s;
  }
  function dateFromDays(days) {
    if (days === 0) return null;
    var d = new Date(Date.UTC(2000, 0, 1) + days * 86400000);
    return d.toISOString().slice(0, 10);  // yyyy-mm-dd
  }
  function dateText(iso) {
    return iso ? iso.slice(8, 10) + "/" + iso.slice(5, 7) + "/" + iso.slice(0, 4) : "—";
  }
  function todayIso() {
    var d = new Date();
    return d.getFullYear() + "-" + pad(d.getMonth() + 1, 2) + "-" + pad(d.getDate(), 2);
  }
  function orderText(number) { return C.order_digits ? pad(number, C.order_digits) : String(number); }
  function serialText(number) {
    return pad(Math.floor(number / 1000000), 4) + "-" + pad(number % 1000000, 6);
  }

  // --- the record (printing/qr.py: struct ">BHIBIIB7sHHI") -----------------------------------
  function decode(text) {
    text = String(text).replace(/^[\r\n\t ]+|[\r\n\t ]+$/g, "");
    if (text.indexOf(C.prefix) !== 0) throw new Malformed("prefixo");
    var raw = b45decode(text.slice(C.prefix.length));
    if (raw.length !== 96) throw new Malformed("tamanho");
    var body = raw.slice(0, 32), signature = raw.slice(32);
    var v = new DataView(body.buffer, body.byteOffset, 32);
    var version = v.getUint8(0), kind = KINDS[v.getUint8(7)], person = v.getUint32(28);
    if (version !== 1 || !kind) throw new Malformed("versão ou tipo");
    if (person !== 0xffffffff && person > 999999) throw new Malformed("CPF");
    var plate = "";
    for (var i = 17; i < 24; i++) {
      if (body[i] > 127) throw new Malformed("placa");
      plate += String.fromCharCode(body[i]);
    }
    return {body: body, signature: signature, record: {
      kind: kind, key_id: v.getUint16(1), ibge: pad(v.getUint32(3), 7),
      number: v.getUint32(8), ref: v.getUint32(12), copy: v.getUint8(16),
      plate: plate.replace(/ +$/, ""), date1: dateFromDays(v.getUint16(24)),
      valid_until: dateFromDays(v.getUint16(26)),
      person: person === 0xffffffff ? "" : pad(person, 6)}};
  }

  // --- crypto: WebCrypto where the browser has it, the bundled libraries otherwise -----------
  function edVerify(publicKey, signature, message) {
    var subtle = window.crypto && window.crypto.subtle;
    var fallback = function () {
      engines.signature = "JavaScript (@noble/ed25519)";
      return V.ed25519Verify(signature, message, publicKey);
    };
    if (!subtle) return Promise.resolve(fallback());
    return subtle.importKey("raw", publicKey, {name: "Ed25519"}, false, ["verify"])
      .then(function (key) {
        return subtle.verify({name: "Ed25519"}, key, signature, message).then(function (ok) {
          engines.signature = "WebCrypto";
          return ok;
        });
      }, function () { return fallback(); });
  }
  function sha256Hex(text) {
    var bytes = new TextEncoder().encode(text);
    var subtle = window.crypto && window.crypto.subtle;
    if (!subtle) return Promise.resolve(bytesHex(V.sha256(bytes)));
    return subtle.digest("SHA-256", bytes).then(function (d) { return bytesHex(new Uint8Array(d)); },
      function () { return bytesHex(V.sha256(bytes)); });
  }
  function digest(order, value) {
    return sha256Hex(C.ibge + "|" + order + "|" + value).then(function (h) { return h.slice(0, 16); });
  }
  function keyFor(ref) {
    for (var i = 0; i < C.keys.length; i++) if (C.keys[i].key_id === ref) return C.keys[i];
    return null;
  }

  // --- the status list -------------------------------------------------------------------------
  // Its date is the station's local date when exported (the ISO text's own date part); its
  // age, in calendar days on the phone; past the município's setting it is out of date.
  function listAge() {
    var asOf = status.as_of.slice(0, 10);
    var day = function (iso) {
      return Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10));
    };
    var days = Math.round((day(todayIso()) - day(asOf)) / 86400000);
    var maxAge = status.max_age_days;
    return {date: dateText(asOf), days: days, stale: days > maxAge,
            every: maxAge === 7 ? "semanalmente" : maxAge === 1 ? "diariamente" :
              "a cada " + maxAge + " dias"};
  }
  function ageText(age) {
    var text = "Situação de " + age.date + (age.days < 0 ? "" : age.days === 0 ? " (hoje)" :
      ", há " + age.days + (age.days === 1 ? " dia" : " dias"));
    return age.stale ? text + " — desatualizada (atualize " + age.every + "): uma suspensão, " +
      "cassação ou revogação depois dessa data não aparece aqui. Peça um verificador novo à " +
      "Prefeitura." : text + ".";
  }
  function loadStatus() {
    var s = C.status, key = keyFor(s.key_id), box = $("situacao");
    if (!key) return Promise.resolve(showStatusError());
    return edVerify(hexBytes(key.public_key), hexBytes(s.signature), new TextEncoder().encode(s.payload))
      .then(function (ok) {
        if (!ok) return showStatusError();
        status = JSON.parse(s.payload);
        var age = listAge(), when = age.date + " " + status.as_of.slice(11, 16);
        if (age.stale) {
          box.className = "velha";
          box.textContent = "Atenção: situação de " + when + ", há " + age.days +
            " dias — desatualizada (atualize " + age.every + "). Permissões suspensas, revogadas " +
            "ou cassadas depois dessa data não aparecem: peça um verificador novo à Prefeitura.";
        } else {
          box.className = "";
          box.textContent = "Situação de " + when + " — atualize " + age.every + ".";
        }
        box.dataset.age = String(age.days);
      });
  }
  function showStatusError() {
    status = null;
    var box = $("situacao");
    box.className = "erro";
    box.textContent = "A lista de situação deste arquivo não confere (arquivo alterado ou " +
      "incompleto): nenhum documento pode ser dado como VÁLIDO. Peça um verificador novo à " +
      "Prefeitura.";
  }

  // --- the verdict (domain/verdicts.py, services/documents/verification.py) -----------------------
  function reason(code, fields) {
    var text = C.reasons[code];
    fields = fields || {};
    Object.keys(fields).forEach(function (k) { text = text.split("{" + k + "}").join(fields[k]); });
    return {code: code, text: text};
  }
  function judge(text) {
    var decoded;
    try { decoded = decode(text); } catch (e) {
      if (e instanceof Malformed) return Promise.resolve({reasons: [reason("malformed")], record: null});
      throw e;
    }
    var r = decoded.record;
    if (r.ibge !== C.ibge) {
      return Promise.resolve({reasons: [reason("other_municipio", {ibge: r.ibge})], record: r,
                              foreign: true});
    }
    var key = keyFor(r.ibge + "-" + r.key_id);
    if (!key) return Promise.resolve({reasons: [reason("unknown_key")], record: null});
    return edVerify(hexBytes(key.public_key), decoded.signature, decoded.body).then(function (ok) {
      if (!ok) return {reasons: [reason("bad_signature")], record: null};
      return statusReasons(r).then(function (reasons) { return {reasons: reasons, record: r}; });
    });
  }
  function statusReasons(r) {
    var reasons = [], checks = [];
    if (r.valid_until && r.valid_until < todayIso()) {
      reasons.push(reason("expired", {valid_until: dateText(r.valid_until)}));
    }
    if (!status) {  // the list was edited: nothing can be said VÁLIDO without it
      reasons.push(reason("status_unverified"));
      return Promise.resolve(reasons);
    }
    var isCard = r.kind === "permit_card" || r.kind === "aux_card";
    var document = r.kind === "permit_card" ? "card" : r.kind === "aux_card" ? "aux_card" : "sticker";
    var key = r.kind === "permit_card" ? String(r.number) : r.kind === "aux_card" ? String(r.ref) :
      serialText(r.number);
    var order = isCard ? r.number : stickerPermit(r, key);
    if (!isCard && !order) reasons.push(reason("no_permit"));
    var permitCurrent = true;
    if (order && status.permits[String(order)]) {
      reasons.push(reason(PERMIT_STATUS[status.permits[String(order)]] || "permit_expired"));
      permitCurrent = false;
    }
    if (order && (status.valid_until[String(order)] || "9999") < todayIso()) {
      reasons.push(reason("permit_expired"));  // in force on the list's date, not on today's
      permitCurrent = false;
    }
    // SRM Art. 6 XX: the card's yearly licensing date (lists made before it have none); as on
    // the desktop, only of a permit still in force (an ended permit says so, not its card)
    var licensed = r.kind === "permit_card" && (status.card_licensing || {})[String(order)];
    if (permitCurrent && licensed && licensed < todayIso()) {
      reasons.push(reason("licensing_overdue", {card_valid_until: dateText(licensed)}));
    }
    var latest = status.copies[document + ":" + key];
    if (latest && r.copy < latest) reasons.push(reason("superseded", {copy: r.copy, latest: latest}));
    else if ((status.reserved[document + ":" + key] || []).indexOf(r.copy) >= 0) {
      reasons.push(reason("not_issued"));  // reserved, never issued: the print did not finish
    }
    if (!isCard && Object.prototype.hasOwnProperty.call(status.voided_stickers, key)) {
      var newer = status.voided_stickers[key];
      reasons.push(reason("sticker_voided", {replaced: newer ? " (substituído pelo selo " + newer + ")" : ""}));
    }
    if (r.kind === "aux_card") auxiliaryReasons(r, reasons, checks);
    if (order && r.kind === "permit_card" && status.holders[String(order)]) {
      checks.push(digest(order, r.person).then(function (h) {
        if (h !== status.holders[String(order)]) reasons.push(reason("holder_changed"));
      }));
    }
    if (isCard && Object.prototype.hasOwnProperty.call(status.plates, String(order))) {
      checks.push(digest(order, r.plate).then(function (h) {  // "": the permit has no vehicle
        if (h !== status.plates[String(order)]) reasons.push(reason("vehicle_changed"));
      }));
    }
    return Promise.all(checks).then(function () { return reasons; });
  }
  // The permit the desktop judges a sticker by: the one its inspected vehicle serves now —
  // listed where that is not the one the sticker names; none if the named one ended.
  function stickerPermit(r, serial) {
    if (Object.prototype.hasOwnProperty.call(status.sticker_permits, serial)) {
      return status.sticker_permits[serial];
    }
    return r.ref && C.ended.indexOf(status.permits[String(r.ref)]) < 0 ? r.ref : 0;
  }
  // An auxiliary credential: in force, on this permit, on the phone's date, with this CPF.
  function auxiliaryReasons(r, reasons, checks) {
    var aux = status.auxiliaries[String(r.ref)];
    if (status.auxiliaries_ended.indexOf(r.ref) >= 0 ||
        (aux && (aux[0] !== r.number || (aux[1] && aux[1] < todayIso())))) {
      reasons.push(reason("auxiliary_ended"));
    } else if (aux) {
      checks.push(digest(aux[0], r.person).then(function (h) {
        if (h !== aux[2]) reasons.push(reason("auxiliary_mismatch"));
      }));
    }
  }
  function ordered(reasons) {
    var seen = {}, out = [];
    reasons.slice().sort(function (a, b) {
      return REASON_ORDER.indexOf(a.code) - REASON_ORDER.indexOf(b.code);
    }).forEach(function (x) { if (!seen[x.code]) { seen[x.code] = true; out.push(x); } });
    return out;
  }

  // --- showing it --------------------------------------------------------------------------------
  function capitalised(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
  function row(dl, label, value) {
    if (value === null || value === undefined || value === "") return;
    var dt = document.createElement("dt"), dd = document.createElement("dd");
    dt.textContent = label;
    dd.textContent = value;
    dl.appendChild(dt);
    dl.appendChild(dd);
  }
  function show(outcome) {
    var reasons = ordered(outcome.reasons), valid = reasons.length === 0, r = outcome.record;
    var box = $("resultado"), dl = $("dados"), others = $("outros");
    box.hidden = false;
    box.className = valid ? "valido" : "invalido";
    // the list's date and age where the verdict read it; out of date: amber, never a clean
    // green VÁLIDO (a suspension or cassation since would not show)
    var age = r && !outcome.foreign && status ? listAge() : null;
    $("idade").hidden = !age;
    $("idade").textContent = age ? ageText(age) : "";
    $("idade").className = age && age.stale ? "velha" : "";
    if (age && age.stale && valid) box.className += " velha";
    $("nota").hidden = !outcome.foreign;
    $("nota").textContent = outcome.foreign ? capitalised(C.unverified_note) + "." : "";
    $("veredito").textContent = valid ? C.words.valid : C.words.invalid;
    $("motivo").textContent = valid ? "Assinatura conferida e em dia na situação do município." :
      capitalised(reasons[0].text);
    dl.textContent = "";
    others.textContent = "";
    reasons.slice(1).forEach(function (x) {
      var li = document.createElement("li");
      li.textContent = "Também: " + x.text;
      others.appendChild(li);
    });
    if (r && outcome.foreign) {  // its signature is not checked here: only who it names
      row(dl, "Município (IBGE)", r.ibge);
      row(dl, "Chave indicada", r.ibge + "-" + r.key_id);
    } else if (r) {
      var isCard = r.kind === "permit_card" || r.kind === "aux_card";
      row(dl, "Documento", C.kind_labels[r.kind]);
      if (isCard) {
        row(dl, "Permissão nº", orderText(r.number));
        if (r.kind === "aux_card") row(dl, "Credencial nº", String(r.ref));
        row(dl, "CPF", r.person ? "***." + r.person.slice(0, 3) + "." + r.person.slice(3) + "-**" : "");
      } else {
        row(dl, "Selo nº", serialText(r.number));
        row(dl, "Permissão nº", r.ref ? orderText(r.ref) : "");
      }
      row(dl, "Placa", r.plate);
      row(dl, isCard ? "Emissão" : "Vistoria em", dateText(r.date1));
      row(dl, "Validade", r.valid_until ? dateText(r.valid_until) : "sem data");
      row(dl, "Via", r.copy + "ª via");
    }
    document.body.dataset.verdict = valid ? C.words.valid : C.words.invalid;
    document.body.dataset.reason = valid ? "" : reasons[0].code;
    document.body.dataset.reasons = reasons.map(function (x) { return x.code; }).join(" ");
    document.body.dataset.headline = valid ? C.words.valid :
      C.words.invalid + " — " + reasons[0].text;
    performance.mark("mt-verdict");
    document.body.dataset.engines = engines.decoder + " / " + engines.signature;
    $("motor").textContent = "Leitura do QR: " + (engines.decoder || "—") +
      "; assinatura: " + (engines.signature || "—") + ".";
    box.scrollIntoView({block: "start"});
  }
  function check(text) {
    $("aviso-leitura").textContent = "";
    return judge(text).then(show, function (e) {
      $("aviso-leitura").textContent = "Erro ao conferir: " + e;
    });
  }

  // --- reading the QR: BarcodeDetector where the browser has it, else ZXing-C++ in WebAssembly
  // (its binary is in the page), else jsQR (no WebAssembly, or a CSP the browser reads older) ---
  var detector = null;
  var zxing = null;        // a promise: true once ZXing-C++ is ready, false if it cannot be
  var ZXING_OPTIONS = {formats: ["QRCode"], tryHarder: true, tryInvert: false,
                       maxNumberOfSymbols: 1};
  function zxingReady() {
    if (zxing !== null) return zxing;
    var element = $("zxing-wasm");
    zxing = Promise.resolve().then(function () {
      if (!window.WebAssembly || !element || !V.zxingPrepare) return false;
      var text = atob(element.textContent.replace(/\s+/g, "")), bytes = new Uint8Array(text.length);
      for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      return V.zxingPrepare(bytes).then(function () {
        performance.mark("mt-zxing");
        return true;
      });
    }).then(null, function () { return false; });
    return zxing;
  }
  function nativeDetector() {
    if (detector !== null) return Promise.resolve(detector);
    if (!("BarcodeDetector" in window)) { detector = false; return Promise.resolve(false); }
    var formats = window.BarcodeDetector.getSupportedFormats ?
      window.BarcodeDetector.getSupportedFormats() : Promise.resolve(["qr_code"]);
    return formats.then(function (list) {
      detector = list.indexOf("qr_code") >= 0 ? new window.BarcodeDetector({formats: ["qr_code"]}) : false;
      return detector;
    }, function () { detector = false; return false; });
  }
  var canvas = null;
  function pixels(source, width, height, maxSide) {
    var scale = Math.min(1, maxSide / Math.max(width, height));
    var w = Math.max(1, Math.round(width * scale)), h = Math.max(1, Math.round(height * scale));
    canvas = canvas || document.createElement("canvas");
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    var ctx = canvas.getContext("2d", {willReadFrequently: true});
    ctx.drawImage(source, 0, 0, w, h);
    return ctx.getImageData(0, 0, w, h);
  }
  function jsqrFrom(source, width, height, maxSide) {
    var image = pixels(source, width, height, maxSide);
    var found = V.jsQR(image.data, image.width, image.height, {inversionAttempts: "attemptBoth"});
    return found ? found.data : null;
  }
  function zxingFrom(source, width, height, sizes) {
    var tries = sizes.slice();
    var next = function () {
      if (!tries.length) return null;
      return V.zxingRead(pixels(source, width, height, tries.shift()), ZXING_OPTIONS)
        .then(function (found) { return found.length ? found[0].text : next(); });
    };
    return Promise.resolve(next());
  }
  function readFrom(source, width, height, sizes) {
    return nativeDetector().then(function (native) {
      if (native) {
        return native.detect(source).then(function (codes) {
          engines.decoder = "BarcodeDetector";
          return codes.length ? codes[0].rawValue : null;
        }, function () { return null; });
      }
      return zxingReady().then(function (ready) {
        if (ready) {
          engines.decoder = "ZXing-C++ (WebAssembly)";
          return zxingFrom(source, width, height, sizes.zxing);
        }
        engines.decoder = "JavaScript (jsQR)";
        for (var i = 0; i < sizes.jsqr.length; i++) {
          var text = jsqrFrom(source, width, height, sizes.jsqr[i]);
          if (text) return text;
        }
        return null;
      });
    });
  }
  function loadImage(file) {
    return new Promise(function (resolve, reject) {
      var url = URL.createObjectURL(file), img = new Image();
      img.onload = function () { resolve(img); };
      img.onerror = function () { URL.revokeObjectURL(url); reject(new Error("imagem ilegível")); };
      img.src = url;
    });
  }
  function fromPhoto(file) {
    $("aviso-leitura").textContent = "Lendo a foto…";
    return loadImage(file).then(function (img) {
      return readFrom(img, img.naturalWidth, img.naturalHeight,
                      {zxing: [1600, 3200], jsqr: [1200, 2000, 3200]});
    }).then(function (text) {
      if (!text) {
        $("aviso-leitura").textContent = "Nenhum QR code encontrado na foto. Fotografe de perto, " +
          "com o QR code inteiro, nítido e sem reflexo.";
        document.body.dataset.verdict = "";
        return null;
      }
      return check(text);
    }, function () {
      $("aviso-leitura").textContent = "Não foi possível abrir a imagem.";
    });
  }
  function focusContinuously(s) {
    var track = s.getVideoTracks()[0];
    var offered = track && track.getCapabilities ? track.getCapabilities().focusMode || [] : [];
    if (offered.indexOf("continuous") >= 0) {
      track.applyConstraints({advanced: [{focusMode: "continuous"}]}).then(null, function () {});
    }
  }
  function stopCamera() {
    if (stream) stream.getTracks().forEach(function (t) { t.stop(); });
    stream = null;
    $("leitor").hidden = true;
  }
  function startCamera() {
    var media = navigator.mediaDevices;
    if (!media || !media.getUserMedia) {
      $("aviso-leitura").textContent = "Este navegador não dá acesso à câmera a um arquivo " +
        "aberto no aparelho: use \"Ler de uma foto\" (abre a câmera do celular).";
      return;
    }
    performance.mark("mt-camera");
    zxingReady();
    // 1280 × 720 or more: a card held at arm's length still gives the QR code enough pixels
    media.getUserMedia({video: {facingMode: "environment", width: {ideal: 1920},
                                height: {ideal: 1080}}, audio: false}).then(function (s) {
      stream = s;
      focusContinuously(s);
      var video = $("video");
      video.srcObject = s;
      $("leitor").hidden = false;
      video.play();
      var tick = function () {
        if (!stream) return;
        if (video.readyState < 2) { setTimeout(tick, 200); return; }
        document.body.dataset.frame = video.videoWidth + "x" + video.videoHeight;
        readFrom(video, video.videoWidth, video.videoHeight,
                 {zxing: [1920], jsqr: [800]}).then(function (text) {
          if (text && stream) { stopCamera(); check(text); } else setTimeout(tick, 40);
        });
      };
      tick();
    }, function () {
      $("aviso-leitura").textContent = "A câmera não pôde ser aberta (permissão negada ou " +
        "indisponível): use \"Ler de uma foto\".";
    });
  }

  // --- start ---------------------------------------------------------------------------------------
  $("municipio").textContent = "Prefeitura Municipal de " + C.municipio + "/" + C.uf +
    (C.law ? " — " + C.law : "");
  $("chaves").textContent = "Chaves do município (confira a impressão digital com a relação " +
    "do ponto ou com a Prefeitura): " + C.keys.map(function (k) {
      return k.key_id + " " + k.fingerprint_text + (k.current ? " (atual)" : "");
    }).join("; ") + ".";
  $("camera").addEventListener("click", startCamera);
  $("parar").addEventListener("click", stopCamera);
  $("foto").addEventListener("change", function (e) {
    var file = e.target.files && e.target.files[0];
    if (file) fromPhoto(file).then(function () { e.target.value = ""; });
  });
  $("conferir").addEventListener("click", function () { check($("texto").value); });
  loadStatus().then(function () {
    document.body.dataset.ready = "1";
    performance.mark("mt-ready");  // these marks: benchmarks/verifier_page.py
    setTimeout(zxingReady, 0);  // compiled before the first reading, off the first paint
  });
})();
