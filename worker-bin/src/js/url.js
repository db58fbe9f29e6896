// URLSearchParams and URL: a part of the prelude (see prelude.rs), called
// with the WebIDL helpers it shares with the other globals.
(function (host, deps) {
  "use strict";
  const { define, iterable, eachOf, usv } = deps;
  // -------------------------------------------------------- URLSearchParams
  class URLSearchParams {
    #list = [];
    #onChange = null;
    constructor(init = "") {
      if (init instanceof URLSearchParams && init[Symbol.iterator] === URLSearchParams.prototype.entries)
        this.#list = init.#list.map((p) => [p[0], p[1]]);
      else if (init !== null && (typeof init === "object" || typeof init === "function")) {
        const iter = init[Symbol.iterator];
        if (iter !== undefined && iter !== null) {
          if (typeof iter !== "function") throw new TypeError("URLSearchParams: @@iterator is not callable");
          const pairs = [];
          eachOf(init, iter, (pair) => {
            if (pair === null || (typeof pair !== "object" && typeof pair !== "function")) throw new TypeError("URLSearchParams: each pair must be a sequence");
            pairs.push([...pair].map(usv));
          });
          for (const p of pairs) {
            if (p.length !== 2) throw new TypeError("URLSearchParams: each pair must have exactly two items");
            this.#list.push(p);
          }
        } else {
          // record<USVString, USVString>: keys equal once converted share
          // the first one's place and take the last value.
          const record = new Map();
          for (const k of Reflect.ownKeys(init)) {
            const d = Reflect.getOwnPropertyDescriptor(init, k);
            if (d === undefined || !d.enumerable) continue;
            const key = usv(k);
            record.set(key, usv(init[k]));
          }
          this.#list = [...record];
        }
      } else this.#parse(usv(init));
    }
    #parse(s) {
      if (s.startsWith("?")) s = s.slice(1);
      const flat = host.formParse(s);
      this.#list = [];
      for (let i = 0; i < flat.length; i += 2) this.#list.push([flat[i], flat[i + 1]]);
    }
    #update() { if (this.#onChange) this.#onChange(this.toString()); }
    static _bind(params, s, onChange) { params.#parse(s); params.#onChange = onChange; }
    static _reparse(params, s) { params.#parse(s); }
    static _pairs(params) { return params.#list; }
    get size() { return this.#list.length; }
    append(k, v) { this.#list.push([usv(k), usv(v)]); this.#update(); }
    delete(k, v) {
      k = usv(k);
      if (v !== undefined) v = usv(v);
      this.#list = this.#list.filter((p) => !(p[0] === k && (v === undefined || p[1] === v)));
      this.#update();
    }
    get(k) { k = usv(k); const p = this.#list.find((p) => p[0] === k); return p ? p[1] : null; }
    getAll(k) { k = usv(k); return this.#list.filter((p) => p[0] === k).map((p) => p[1]); }
    has(k, v) { k = usv(k); if (v !== undefined) v = usv(v); return this.#list.some((p) => p[0] === k && (v === undefined || p[1] === v)); }
    set(k, v) {
      k = usv(k); v = usv(v);
      const i = this.#list.findIndex((p) => p[0] === k);
      if (i < 0) this.#list.push([k, v]);
      else { this.#list[i][1] = v; this.#list = this.#list.filter((p, j) => j <= i || p[0] !== k); }
      this.#update();
    }
    // Stable, by code units of the names.
    sort() {
      this.#list = this.#list.map((p, i) => [p, i]).sort((a, b) => (a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[1] - b[1])).map((x) => x[0]);
      this.#update();
    }
    toString() { return host.formSerialize(this.#list.flat()); }
    get [Symbol.toStringTag]() { return "URLSearchParams"; }
  }
  iterable(URLSearchParams, "URLSearchParams", (p) => URLSearchParams._pairs(p));
  define("URLSearchParams", URLSearchParams);

  // -------------------------------------------------------------------- URL
  // Parsing and every setter go through Ada (host/url.rs), a complete
  // WHATWG URL parser.
  const PARTS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
  class URL {
    #c;
    #params = null;
    constructor(url, base) {
      const c = host.urlParse(`${url}`, base === undefined ? undefined : `${base}`);
      if (!c) throw new TypeError(`Invalid URL: ${url}`);
      this.#c = c;
    }
    static canParse(url, base = undefined) {
      if (arguments.length === 0) throw new TypeError("URL.canParse: 1 argument required");
      return !!host.urlParse(`${url}`, base === undefined ? undefined : `${base}`);
    }
    static parse(url, base = undefined) {
      if (arguments.length === 0) throw new TypeError("URL.parse: 1 argument required");
      const c = host.urlParse(`${url}`, base === undefined ? undefined : `${base}`);
      return c ? new URL(url, base) : null;
    }
    #set(part, value) {
      const c = host.urlSet(this.#c[0], part, `${value}`);
      if (!c) { if (part === "href") throw new TypeError(`Invalid URL: ${value}`); return; }
      this.#c = c;
      if (this.#params && part !== "searchParams") URLSearchParams._reparse(this.#params, this.#c[9]);
    }
    get searchParams() {
      if (!this.#params) {
        this.#params = new URLSearchParams();
        URLSearchParams._bind(this.#params, this.#c[9], (s) => {
          const c = host.urlSet(this.#c[0], "search", s);
          if (c) this.#c = c;
        });
      }
      return this.#params;
    }
    static _get(u, i) { return u.#c[i]; }
    static _set(u, part, v) { u.#set(part, v); }
    toString() { return this.#c[0]; }
    toJSON() { return this.#c[0]; }
    get [Symbol.toStringTag]() { return "URL"; }
  }
  PARTS.forEach((name, i) => {
    const desc = { get() { return URL._get(this, i); }, configurable: true, enumerable: true };
    if (name !== "origin") desc.set = function (v) { URL._set(this, name, v); };
    Object.defineProperty(URL.prototype, name, desc);
  });
  define("URL", URL);
})
