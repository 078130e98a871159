// What a browser or Node gives React's server renderer and QuickJS does not: a console whose
// output the Rust side collects, UTF-8 TextEncoder/TextDecoder, a MessageChannel and timers
// that run as microtasks. `window` and `document` are deliberately absent: libraries read
// their absence as "not in a browser".
(function (g) {
  'use strict';
  g.self = g;

  const lines = [];
  const text = (args) =>
    args
      .map((a) => {
        if (typeof a === 'string') return a;
        if (a instanceof Error) return a.stack ? a.message + '\n' + a.stack : a.message;
        try {
          return JSON.stringify(a);
        } catch {
          return String(a);
        }
      })
      .join(' ');
  const log = (level) => (...args) => {
    // Bounded, so a chatty render cannot fill the engine's memory with log lines.
    if (lines.length < 50) lines.push(level + ' ' + text(args));
  };
  g.console = { log: log('log'), info: log('info'), debug: log('debug'), warn: log('warn'), error: log('error') };
  // The Rust side takes the lines after each render.
  g.__ssrTakeLog = () => lines.splice(0, lines.length);

  class TextEncoder {
    get encoding() {
      return 'utf-8';
    }
    encode(input = '') {
      const s = String(input);
      const out = [];
      for (let i = 0; i < s.length; i++) {
        let c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
          const d = s.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
            i++;
          } else c = 0xfffd;
        } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
        if (c < 0x80) out.push(c);
        else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return new Uint8Array(out);
    }
    encodeInto(input, dest) {
      const bytes = this.encode(input);
      const n = Math.min(bytes.length, dest.length);
      dest.set(bytes.subarray(0, n));
      return { read: String(input).length, written: n };
    }
  }

  class TextDecoder {
    get encoding() {
      return 'utf-8';
    }
    decode(input) {
      if (!input) return '';
      const b = input instanceof Uint8Array ? input : new Uint8Array(input.buffer || input);
      let s = '';
      for (let i = 0; i < b.length; ) {
        const c = b[i++];
        let cp;
        if (c < 0x80) cp = c;
        else if (c >= 0xf0) cp = ((c & 7) << 18) | ((b[i++] & 63) << 12) | ((b[i++] & 63) << 6) | (b[i++] & 63);
        else if (c >= 0xe0) cp = ((c & 15) << 12) | ((b[i++] & 63) << 6) | (b[i++] & 63);
        else cp = ((c & 31) << 6) | (b[i++] & 63);
        s += String.fromCodePoint(cp);
      }
      return s;
    }
  }

  if (typeof g.queueMicrotask !== 'function') {
    g.queueMicrotask = (f) => {
      Promise.resolve().then(f);
    };
  }

  // Timers run as microtasks, ignoring the delay: a render is one synchronous pass plus its
  // promise jobs, and nothing on the server should wait for wall-clock time.
  let nextTimer = 1;
  const cancelled = new Set();
  g.setTimeout = (f, _ms, ...args) => {
    const id = nextTimer++;
    Promise.resolve().then(() => {
      if (!cancelled.delete(id) && typeof f === 'function') f(...args);
    });
    return id;
  };
  g.clearTimeout = (id) => {
    cancelled.add(id);
  };
  g.setImmediate = (f, ...args) => g.setTimeout(f, 0, ...args);

  class MessagePort {
    constructor() {
      this.onmessage = null;
      this.other = null;
    }
    postMessage(data) {
      const target = this.other;
      Promise.resolve().then(() => {
        if (target && typeof target.onmessage === 'function') target.onmessage({ data });
      });
    }
    close() {}
  }
  class MessageChannel {
    constructor() {
      this.port1 = new MessagePort();
      this.port2 = new MessagePort();
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }

  // A small WHATWG URL: absolute URLs with a scheme and host, and references resolved against
  // a base (scheme-relative, path-absolute, relative, query and fragment only). Enough for
  // the router, which builds URLs from paths; no IDNA, no percent-encoding normalisation.
  const ABSOLUTE = /^([a-zA-Z][a-zA-Z0-9+.-]*:)(?:\/\/(?:[^@/?#]*@)?([^/?#:]*|\[[^\]]*\])(?::(\d*))?)?([^?#]*)(\?[^#]*)?(#.*)?$/;
  const DEFAULT_PORTS = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };
  const normalisePath = (path) => {
    const out = [];
    for (const seg of path.split('/').slice(1)) {
      if (seg === '..') out.pop();
      else if (seg !== '.') out.push(seg);
    }
    const last = path.split('/').pop();
    return '/' + out.join('/') + (last === '.' || last === '..' ? '/' : '');
  };
  class URL {
    constructor(input, base) {
      let s = String(input).trim();
      const m = ABSOLUTE.exec(s);
      if (m && (m[2] !== undefined || !base)) {
        this._set(m[1].toLowerCase(), m[2] ?? '', m[3] ?? '', m[4] || (m[2] !== undefined ? '/' : ''), m[5] ?? '', m[6] ?? '');
        return;
      }
      if (base === undefined) throw new TypeError('Invalid URL: ' + s);
      const b = base instanceof URL ? base : new URL(base);
      if (s.startsWith('//')) {
        const abs = new URL(b.protocol + s);
        this._copy(abs);
      } else if (s.startsWith('/')) {
        const [, path, search = '', hash = ''] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(s);
        this._set(b.protocol, b.hostname, b.port, normalisePath(path), search, hash);
      } else if (s.startsWith('?')) {
        const [, search, hash = ''] = /^(\?[^#]*)(#.*)?$/.exec(s);
        this._set(b.protocol, b.hostname, b.port, b.pathname, search, hash);
      } else if (s.startsWith('#') || s === '') {
        this._set(b.protocol, b.hostname, b.port, b.pathname, b.search, s);
      } else {
        const [, path, search = '', hash = ''] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(s);
        const dir = b.pathname.slice(0, b.pathname.lastIndexOf('/') + 1);
        this._set(b.protocol, b.hostname, b.port, normalisePath(dir + path), search, hash);
      }
    }
    _set(protocol, hostname, port, pathname, search, hash) {
      this.protocol = protocol;
      this.hostname = hostname.toLowerCase();
      this.port = DEFAULT_PORTS[protocol] === port ? '' : port;
      this.pathname = pathname;
      this.search = search === '?' ? '' : search;
      this.hash = hash === '#' ? '' : hash;
      this.username = '';
      this.password = '';
    }
    _copy(other) {
      this._set(other.protocol, other.hostname, other.port, other.pathname, other.search, other.hash);
    }
    get host() {
      return this.port ? this.hostname + ':' + this.port : this.hostname;
    }
    get origin() {
      return DEFAULT_PORTS[this.protocol] !== undefined ? this.protocol + '//' + this.host : 'null';
    }
    get href() {
      const authority = this.hostname || DEFAULT_PORTS[this.protocol] !== undefined ? '//' + this.host : '';
      return this.protocol + authority + this.pathname + this.search + this.hash;
    }
    get searchParams() {
      return new URLSearchParams(this.search);
    }
    toString() {
      return this.href;
    }
    toJSON() {
      return this.href;
    }
  }
  class URLSearchParams {
    constructor(init = '') {
      this._pairs = [];
      const s = String(init).replace(/^\?/, '');
      if (s)
        for (const part of s.split('&')) {
          const [k, v = ''] = part.split('=');
          const dec = (x) => decodeURIComponent(x.replace(/\+/g, ' '));
          this._pairs.push([dec(k), dec(v)]);
        }
    }
    get(name) {
      const p = this._pairs.find(([k]) => k === name);
      return p ? p[1] : null;
    }
    getAll(name) {
      return this._pairs.filter(([k]) => k === name).map(([, v]) => v);
    }
    has(name) {
      return this._pairs.some(([k]) => k === name);
    }
    toString() {
      return this._pairs.map(([k, v]) => encodeURIComponent(k) + '=' + encodeURIComponent(v)).join('&');
    }
  }
  g.URL = URL;
  g.URLSearchParams = URLSearchParams;

  g.TextEncoder = TextEncoder;
  g.TextDecoder = TextDecoder;
  g.MessageChannel = MessageChannel;
})(globalThis);
