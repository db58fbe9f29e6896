// The WebAssembly namespace (W3C WebAssembly JavaScript Interface), built
// on first read of `WebAssembly` (wasm/glue.rs) from `host`, the Rust side
// of wasm/: compiled modules, memories, tables, globals and functions are
// handles there; this file gives them their WebIDL shape (brand checks,
// dictionaries read in order, [EnforceRange], enumerable operations,
// Symbol.toStringTag) and does the spec's ToWebAssemblyValue coercions.
// Types arrive as one letter each (wasm/values.rs): i I f F v a e x.
(function (host) {
  "use strict";
  const { defineProperty, freeze, create, setPrototypeOf, getOwnPropertyNames } = Object;
  const isObject = (v) => (typeof v === "object" && v !== null) || typeof v === "function";

  // ------------------------------------------------------------ errors
  function errorClass(name) {
    const C = function (message, options) {
      const target = new.target === undefined ? C : new.target;
      return Reflect.construct(Error, arguments.length ? [message, options] : [], target);
    };
    defineProperty(C, "name", { value: name, configurable: true });
    defineProperty(C, "length", { value: 1, configurable: true });
    setPrototypeOf(C, Error);
    const proto = create(Error.prototype);
    defineProperty(proto, "constructor", { value: C, writable: true, configurable: true });
    defineProperty(proto, "name", { value: name, writable: true, configurable: true });
    defineProperty(proto, "message", { value: "", writable: true, configurable: true });
    defineProperty(C, "prototype", { value: proto, writable: false, enumerable: false, configurable: false });
    return C;
  }
  const CompileError = errorClass("CompileError");
  const LinkError = errorClass("LinkError");
  const RuntimeError = errorClass("RuntimeError");
  host.setErrors(CompileError, LinkError, RuntimeError);

  // ------------------------------------------------------- conversions
  const abByteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength").get;
  // A BufferSource's bytes, as a Uint8Array (Rust copies them).
  function bytesOf(source, what) {
    if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    try {
      Reflect.apply(abByteLength, source, []);
    } catch {
      throw new TypeError(`${what}: Argument 0 must be a buffer source`);
    }
    return new Uint8Array(source);
  }
  // WebIDL [EnforceRange] unsigned long.
  function enforceRange(v, what) {
    const n = Number(v);
    if (!Number.isFinite(n)) throw new TypeError(`${what} must be a finite number`);
    const t = Math.trunc(n);
    if (t < 0 || t > 0xffffffff) throw new TypeError(`${what} is outside the range of an unsigned long`);
    return t;
  }
  function toPrimitiveNumberHint(v) {
    if (!isObject(v)) return v;
    const exotic = v[Symbol.toPrimitive];
    if (exotic !== undefined && exotic !== null) {
      const r = Reflect.apply(exotic, v, ["number"]);
      if (isObject(r)) throw new TypeError("Cannot convert object to primitive value");
      return r;
    }
    for (const k of ["valueOf", "toString"]) {
      const f = v[k];
      if (typeof f === "function") {
        const r = Reflect.apply(f, v, []);
        if (!isObject(r)) return r;
      }
    }
    throw new TypeError("Cannot convert object to primitive value");
  }
  function toBigInt64(v) {
    const p = toPrimitiveNumberHint(v);
    if (typeof p === "number") throw new TypeError("Cannot convert a Number to a BigInt");
    return BigInt.asIntN(64, BigInt(p));
  }
  const funcHandles = new WeakMap(); // exported function -> handle
  const funcObjects = new Map(); // handle -> exported function
  // ToWebAssemblyValue, leaving the type's JS form for Rust.
  function toWasm(t, v) {
    switch (t) {
      case "i": return v | 0;
      case "I": return toBigInt64(v);
      case "f": return Math.fround(+v);
      case "F": return +v;
      case "e": return v;
      case "a": {
        if (v === null) return null;
        const h = funcHandles.get(v);
        if (h === undefined) throw new TypeError("WebAssembly: a funcref must be null or an exported function");
        return h;
      }
      default: throw new TypeError("WebAssembly: this type cannot be converted from JS");
    }
  }
  // ToJSValue: funcref handles become their function objects.
  const fromWasm = (t, v) => (t === "a" && v !== null ? exportedFunction(v) : v);
  const defaultOf = (t) => ({ i: 0, I: 0n, f: 0, F: 0, a: null, e: undefined })[t];
  const splitSig = (sig) => { const [p, r] = sig.split(":"); return [p, r]; };
  const typeLetter = (name) => ({ i32: "i", i64: "I", f32: "f", f64: "F", v128: "v", externref: "e", anyfunc: "a", funcref: "a" })[name];

  // ------------------------------------------------ exported functions
  function exportedFunction(h, index) {
    let f = funcObjects.get(h);
    if (f !== undefined) return f;
    const [params, results] = splitSig(host.funcSig(h));
    f = (...args) => {
      const a = [];
      for (let i = 0; i < params.length; i++) a.push(toWasm(params[i], args[i]));
      const r = host.call(h, a);
      if (results.length <= 1) return results.length ? fromWasm(results, r) : undefined;
      return r.map((v, i) => fromWasm(results[i], v));
    };
    defineProperty(f, "length", { value: params.length, configurable: true });
    defineProperty(f, "name", { value: String(index ?? h), configurable: true });
    funcObjects.set(h, f);
    funcHandles.set(f, h);
    return f;
  }
  // A JS function as an import of type `sig`: wasm's arguments in JS form,
  // its answer coerced to the results (an iterable for several).
  function importWrapper(fn, sig) {
    const [params, results] = splitSig(sig);
    return (...args) => {
      const js = [];
      for (let i = 0; i < params.length; i++) js.push(fromWasm(params[i], args[i]));
      const r = Reflect.apply(fn, undefined, js);
      if (results.length === 0) return undefined;
      if (results.length === 1) return toWasm(results, r);
      if (!isObject(r) || typeof r[Symbol.iterator] !== "function") throw new TypeError("WebAssembly: a multi-value import must return an iterable");
      const all = [...r];
      if (all.length !== results.length) throw new TypeError(`WebAssembly: expected ${results.length} results, got ${all.length}`);
      return all.map((v, i) => toWasm(results[i], v));
    };
  }

  // WebIDL: operations and attributes are enumerable; a toStringTag.
  function webidl(C, tag) {
    for (const obj of [C.prototype, C]) {
      for (const k of getOwnPropertyNames(obj)) {
        if (k === "constructor" || (obj === C && (k === "prototype" || k === "length" || k === "name"))) continue;
        defineProperty(obj, k, { enumerable: true });
      }
    }
    defineProperty(C.prototype, Symbol.toStringTag, { value: tag, configurable: true });
  }

  // ------------------------------------------------------------ Module
  const collected = new FinalizationRegistry((h) => host.moduleDrop(h));
  let moduleOf;
  class Module {
    #h;
    constructor(bytes) {
      if (arguments.length < 1) throw new TypeError("WebAssembly.Module(): Argument 0 must be a buffer source");
      this.#h = host.compile(bytesOf(bytes, "WebAssembly.Module()"));
      collected.register(this, this.#h);
    }
    static exports(moduleObject) {
      const h = moduleOf(moduleObject, "WebAssembly.Module.exports()");
      return host.moduleExports(h).map(([name, kind]) => ({ name, kind }));
    }
    static imports(moduleObject) {
      const h = moduleOf(moduleObject, "WebAssembly.Module.imports()");
      return host.moduleImports(h).map(([module, name, kind]) => ({ module, name, kind }));
    }
    static customSections(moduleObject, sectionName) {
      const h = moduleOf(moduleObject, "WebAssembly.Module.customSections()");
      if (arguments.length < 2) throw new TypeError("WebAssembly.Module.customSections(): Argument 1 is required");
      return host.customSections(h, String(sectionName));
    }
    static {
      moduleOf = (m, what) => {
        if (!isObject(m) || !(#h in m)) throw new TypeError(`${what}: Argument 0 must be a WebAssembly.Module`);
        return m.#h;
      };
    }
  }
  webidl(Module, "WebAssembly.Module");

  // ------------------------------------------------------------ Memory
  const memories = new Map(); // handle -> Memory
  let wrapping = -1;
  let memoryOf;
  class Memory {
    #h;
    #buffer = null;
    constructor(descriptor) {
      if (wrapping >= 0) {
        this.#h = wrapping;
        wrapping = -1;
      } else {
        if (!isObject(descriptor)) throw new TypeError("WebAssembly.Memory(): Argument 0 must be a memory descriptor");
        const initialRaw = descriptor.initial;
        const maximumRaw = descriptor.maximum;
        const shared = Boolean(descriptor.shared);
        if (initialRaw === undefined) throw new TypeError("WebAssembly.Memory(): descriptor.initial is required");
        const initial = enforceRange(initialRaw, "WebAssembly.Memory(): descriptor.initial");
        const maximum = maximumRaw === undefined ? -1 : enforceRange(maximumRaw, "WebAssembly.Memory(): descriptor.maximum");
        if (initial > 65536) throw new RangeError("WebAssembly.Memory(): initial is above 65536 pages");
        if (maximum !== -1 && maximum > 65536) throw new RangeError("WebAssembly.Memory(): maximum is above 65536 pages");
        if (maximum !== -1 && maximum < initial) throw new RangeError("WebAssembly.Memory(): maximum is below initial");
        if (shared && maximum === -1) throw new TypeError("WebAssembly.Memory(): a shared memory needs a maximum");
        this.#h = host.memNew(initial, maximum, shared);
      }
      memories.set(this.#h, this);
    }
    grow(delta) {
      const h = memoryOf(this, "WebAssembly.Memory.grow()");
      const d = enforceRange(delta, "WebAssembly.Memory.grow(): delta");
      const old = host.memGrow(h, d);
      this.#refresh(true);
      return old;
    }
    get buffer() {
      memoryOf(this, "WebAssembly.Memory.buffer");
      this.#refresh(false);
      return this.#buffer;
    }
    #refresh(always) {
      const b = this.#buffer;
      if (b !== null && !always && b.byteLength === host.memSize(this.#h)) return;
      if (b !== null) host.detach(b);
      this.#buffer = host.memBuffer(this.#h);
    }
    static {
      memoryOf = (m, what) => {
        if (!isObject(m) || !(#h in m)) throw new TypeError(`${what}: Receiver is not a WebAssembly.Memory`);
        return m.#h;
      };
    }
  }
  webidl(Memory, "WebAssembly.Memory");
  function memoryObject(h) {
    const m = memories.get(h);
    if (m !== undefined) return m;
    wrapping = h;
    return new Memory();
  }

  // ------------------------------------------------------------- Table
  const tables = new Map();
  let tableOf;
  class Table {
    #h;
    #elem;
    constructor(descriptor, value) {
      if (wrapping >= 0) {
        this.#h = wrapping;
        wrapping = -1;
        this.#elem = host.tableType(this.#h);
      } else {
        if (!isObject(descriptor)) throw new TypeError("WebAssembly.Table(): Argument 0 must be a table descriptor");
        const elementRaw = descriptor.element;
        const initialRaw = descriptor.initial;
        const maximumRaw = descriptor.maximum;
        const element = String(elementRaw);
        const elem = element === "anyfunc" || element === "funcref" ? "a" : element === "externref" ? "e" : null;
        if (elem === null) throw new TypeError("WebAssembly.Table(): descriptor.element must be funcref or externref");
        if (initialRaw === undefined) throw new TypeError("WebAssembly.Table(): descriptor.initial is required");
        const initial = enforceRange(initialRaw, "WebAssembly.Table(): descriptor.initial");
        const maximum = maximumRaw === undefined ? -1 : enforceRange(maximumRaw, "WebAssembly.Table(): descriptor.maximum");
        if (initial > 10000000) throw new RangeError("WebAssembly.Table(): initial is above 10000000");
        if (maximum !== -1 && maximum < initial) throw new RangeError("WebAssembly.Table(): maximum is below initial");
        const init = arguments.length < 2 ? defaultOf(elem) : toWasm(elem, value);
        this.#elem = elem;
        this.#h = host.tableNew(elem, initial, maximum, init);
      }
      tables.set(this.#h, this);
    }
    get length() {
      return host.tableLength(tableOf(this, "WebAssembly.Table.length"));
    }
    get(index) {
      const h = tableOf(this, "WebAssembly.Table.get()");
      const i = enforceRange(index, "WebAssembly.Table.get(): index");
      return fromWasm(this.#elem, host.tableGet(h, i));
    }
    set(index, value) {
      const h = tableOf(this, "WebAssembly.Table.set()");
      const i = enforceRange(index, "WebAssembly.Table.set(): index");
      const v = arguments.length < 2 ? defaultOf(this.#elem) : toWasm(this.#elem, value);
      host.tableSet(h, i, v);
    }
    grow(delta, value) {
      const h = tableOf(this, "WebAssembly.Table.grow()");
      const d = enforceRange(delta, "WebAssembly.Table.grow(): delta");
      const v = arguments.length < 2 ? defaultOf(this.#elem) : toWasm(this.#elem, value);
      return host.tableGrow(h, d, v);
    }
    static {
      tableOf = (t, what) => {
        if (!isObject(t) || !(#h in t)) throw new TypeError(`${what}: Receiver is not a WebAssembly.Table`);
        return t.#h;
      };
    }
  }
  defineProperty(Table.prototype.set, "length", { value: 1 });
  defineProperty(Table.prototype.grow, "length", { value: 1 });
  webidl(Table, "WebAssembly.Table");
  function tableObject(h) {
    const t = tables.get(h);
    if (t !== undefined) return t;
    wrapping = h;
    return new Table();
  }

  // ------------------------------------------------------------ Global
  const globals = new Map();
  let globalOf;
  class Global {
    #h;
    #type;
    #mutable;
    constructor(descriptor, v) {
      if (wrapping >= 0) {
        this.#h = wrapping;
        wrapping = -1;
        const [t, m] = host.globalType(this.#h).split(",");
        this.#type = t;
        this.#mutable = m === "1";
      } else {
        if (!isObject(descriptor)) throw new TypeError("WebAssembly.Global(): Argument 0 must be a global descriptor");
        const mutable = Boolean(descriptor.mutable);
        const valueRaw = descriptor.value;
        const t = typeLetter(String(valueRaw));
        if (t === undefined || t === "v") throw new TypeError("WebAssembly.Global(): descriptor.value must be a value type");
        const value = v === undefined ? defaultOf(t) : toWasm(t, v);
        this.#type = t;
        this.#mutable = mutable;
        this.#h = host.globalNew(t, mutable, value);
      }
      globals.set(this.#h, this);
    }
    get value() {
      const h = globalOf(this, "WebAssembly.Global.value");
      return fromWasm(this.#type, host.globalGet(h));
    }
    set value(v) {
      const h = globalOf(this, "WebAssembly.Global.value");
      if (!this.#mutable) throw new TypeError("WebAssembly.Global.value: cannot set an immutable global");
      if (arguments.length < 1) throw new TypeError("WebAssembly.Global.value: a value is required");
      host.globalSet(h, toWasm(this.#type, v));
    }
    valueOf() {
      const h = globalOf(this, "WebAssembly.Global.valueOf()");
      return fromWasm(this.#type, host.globalGet(h));
    }
    static {
      globalOf = (g, what) => {
        if (!isObject(g) || !(#h in g)) throw new TypeError(`${what}: Receiver is not a WebAssembly.Global`);
        return g.#h;
      };
    }
  }
  webidl(Global, "WebAssembly.Global");
  function globalObject(h) {
    const g = globals.get(h);
    if (g !== undefined) return g;
    wrapping = h;
    return new Global();
  }

  // ------------------------------------------------------ Tag, Exception
  // The JS side only: wasmtime 34 compiles no exception-handling code, so
  // no module can throw or catch these; JS can make and inspect them.
  let tagOf;
  class Tag {
    #params;
    constructor(type) {
      if (!isObject(type)) throw new TypeError("WebAssembly.Tag(): Argument 0 must be a tag type");
      const raw = type.parameters;
      if (!isObject(raw) || typeof raw[Symbol.iterator] !== "function") throw new TypeError("WebAssembly.Tag(): parameters must be a sequence");
      const params = [];
      for (const p of raw) {
        const t = typeLetter(String(p));
        if (t === undefined) throw new TypeError(`WebAssembly.Tag(): ${String(p)} is not a value type`);
        params.push(t);
      }
      this.#params = params.join("");
    }
    static {
      tagOf = (t, what) => {
        if (!isObject(t) || !(#params in t)) throw new TypeError(`${what}: Argument 0 must be a WebAssembly.Tag`);
        return t.#params;
      };
    }
  }
  webidl(Tag, "WebAssembly.Tag");
  let exceptionOf;
  class Exception {
    #tag;
    #payload;
    constructor(exceptionTag, payload, options) {
      const params = tagOf(exceptionTag, "WebAssembly.Exception()");
      if (!isObject(payload) || typeof payload[Symbol.iterator] !== "function") throw new TypeError("WebAssembly.Exception(): Argument 1 must be a sequence");
      const values = [...payload];
      if (values.length !== params.length) throw new TypeError(`WebAssembly.Exception(): the tag takes ${params.length} values, got ${values.length}`);
      this.#payload = values.map((v, i) => toWasm(params[i], v));
      this.#tag = exceptionTag;
      if (options !== undefined && options !== null && !isObject(options)) throw new TypeError("WebAssembly.Exception(): Argument 2 must be an object");
      if (isObject(options) && Boolean(options.traceStack)) {
        defineProperty(this, "stack", { value: new Error().stack.replace(/^.*\n/, ""), writable: true, configurable: true });
      }
    }
    getArg(exceptionTag, index) {
      exceptionOf(this, "WebAssembly.Exception.getArg()");
      const params = tagOf(exceptionTag, "WebAssembly.Exception.getArg()");
      const i = enforceRange(index, "WebAssembly.Exception.getArg(): index");
      if (exceptionTag !== this.#tag) throw new TypeError("WebAssembly.Exception.getArg(): not this exception's tag");
      if (i >= this.#payload.length) throw new RangeError("WebAssembly.Exception.getArg(): index out of range");
      return fromWasm(params[i], this.#payload[i]);
    }
    is(exceptionTag) {
      exceptionOf(this, "WebAssembly.Exception.is()");
      tagOf(exceptionTag, "WebAssembly.Exception.is()");
      return this.#tag === exceptionTag;
    }
    static {
      exceptionOf = (e, what) => {
        if (!isObject(e) || !(#tag in e)) throw new TypeError(`${what}: Receiver is not a WebAssembly.Exception`);
      };
    }
  }
  defineProperty(Exception, "length", { value: 1 }); // as WPT's exception tests and Node count it
  // WebIDL counts required arguments only.
  for (const C of [Table, Global]) defineProperty(C, "length", { value: 1 });
  webidl(Exception, "WebAssembly.Exception");

  // ---------------------------------------------------------- Instance
  // The spec's "read the imports": what host.instantiate takes, in order.
  function readImports(h, importObject) {
    const imports = host.moduleImports(h);
    if (imports.length > 0 && importObject === undefined) throw new TypeError("WebAssembly.Instance(): imports must be an object");
    if (importObject !== undefined && !isObject(importObject)) throw new TypeError("WebAssembly.Instance(): Argument 1 must be an object");
    const out = [];
    for (const [moduleName, name, kind, type] of imports) {
      const o = importObject[moduleName];
      if (!isObject(o)) throw new TypeError(`WebAssembly.Instance(): import module "${moduleName}" must be an object`);
      const v = o[name];
      const where = `import ${moduleName}.${name}`;
      switch (kind) {
        case "function": {
          if (typeof v !== "function") throw new LinkError(`WebAssembly.Instance(): ${where} must be a function`);
          const fh = funcHandles.get(v);
          out.push(fh !== undefined ? fh : importWrapper(v, type));
          break;
        }
        case "global": {
          const [t, m] = type.split(",");
          if (isObject(v) && globalHandle(v) !== undefined) {
            out.push(globalHandle(v));
            break;
          }
          if (typeof v === "number" || typeof v === "bigint") {
            if (t === "I" && typeof v === "number") throw new LinkError(`WebAssembly.Instance(): ${where} must be a BigInt`);
            if (t !== "I" && typeof v === "bigint") throw new LinkError(`WebAssembly.Instance(): ${where} must be a Number`);
          } else if (t !== "e" && t !== "a") {
            throw new LinkError(`WebAssembly.Instance(): ${where} must be a WebAssembly.Global or a value`);
          }
          if (t === "v") throw new LinkError(`WebAssembly.Instance(): ${where} is a v128`);
          if (m === "1") throw new LinkError(`WebAssembly.Instance(): ${where} is mutable and needs a WebAssembly.Global`);
          out.push(host.globalNew(t, false, toWasm(t, v)));
          break;
        }
        case "memory": {
          const mh = isObject(v) ? memoryHandle(v) : undefined;
          if (mh === undefined) throw new LinkError(`WebAssembly.Instance(): ${where} must be a WebAssembly.Memory`);
          out.push(mh);
          break;
        }
        case "table": {
          const th = isObject(v) ? tableHandle(v) : undefined;
          if (th === undefined) throw new LinkError(`WebAssembly.Instance(): ${where} must be a WebAssembly.Table`);
          out.push(th);
          break;
        }
        default:
          throw new LinkError(`WebAssembly.Instance(): ${where}: ${kind} imports are not supported`);
      }
    }
    return out;
  }
  const handleOr = (f) => (v) => { try { return f(v, ""); } catch { return undefined; } };
  const globalHandle = handleOr((v, w) => globalOf(v, w));
  const memoryHandle = handleOr((v, w) => memoryOf(v, w));
  const tableHandle = handleOr((v, w) => tableOf(v, w));

  function exportsObject(h, rows) {
    const exportIndex = new Map(host.moduleExports(h).map(([name, , , index]) => [name, index]));
    const exports = create(null);
    for (const [name, kind, eh] of rows) {
      let v;
      if (kind === "function") v = exportedFunction(eh, exportIndex.get(name));
      else if (kind === "memory") v = memoryObject(eh);
      else if (kind === "table") v = tableObject(eh);
      else if (kind === "global") v = globalObject(eh);
      else continue;
      defineProperty(exports, name, { value: v, writable: false, enumerable: true, configurable: false });
    }
    return freeze(exports);
  }
  const instantiateCore = (h, imports) => exportsObject(h, host.instantiate(h, imports));
  // Exports made before the Instance (the promise forms, which read the
  // imports before the instantiation's job, as the spec says).
  let presetExports = null;
  class Instance {
    #exports;
    constructor(module, importObject) {
      const h = moduleOf(module, "WebAssembly.Instance()");
      if (presetExports !== null) {
        this.#exports = presetExports;
        presetExports = null;
      } else {
        this.#exports = instantiateCore(h, readImports(h, importObject));
      }
    }
    get exports() {
      if (!isObject(this) || !(#exports in this)) throw new TypeError("WebAssembly.Instance.exports: Receiver is not a WebAssembly.Instance");
      return this.#exports;
    }
  }
  defineProperty(Instance, "length", { value: 1 });
  webidl(Instance, "WebAssembly.Instance");

  // ----------------------------------------------------------- namespace
  function validate(bytes) {
    return host.validate(bytesOf(bytes, "WebAssembly.validate()"));
  }
  function compile(bytes) {
    try {
      const copy = bytesOf(bytes, "WebAssembly.compile()").slice();
      return Promise.resolve().then(() => new Module(copy));
    } catch (e) {
      return Promise.reject(e);
    }
  }
  function instantiateWith(module, h, imports) {
    presetExports = instantiateCore(h, imports);
    return new Instance(module);
  }
  function instantiateModule(module, importObject) {
    const h = moduleOf(module, "WebAssembly.instantiate()");
    const imports = readImports(h, importObject);
    return Promise.resolve().then(() => instantiateWith(module, h, imports));
  }
  function instantiate(source, importObject) {
    try {
      if (isObject(source) && moduleHandleOf(source) !== undefined) return instantiateModule(source, importObject);
      const copy = bytesOf(source, "WebAssembly.instantiate()").slice();
      return Promise.resolve().then(() => {
        const module = new Module(copy);
        const h = moduleOf(module, "");
        const instance = instantiateWith(module, h, readImports(h, importObject));
        return { module, instance };
      });
    } catch (e) {
      return Promise.reject(e);
    }
  }
  const moduleHandleOf = handleOr((v, w) => moduleOf(v, w));
  // A Response's bytes, checked as the spec's compileStreaming checks them.
  async function responseBytes(source, what) {
    const response = await source;
    const R = globalThis.Response;
    if (typeof R !== "function" || !(response instanceof R)) throw new TypeError(`${what}: Argument 0 must be a Response or a promise of one`);
    const type = (response.headers.get("Content-Type") ?? "").replace(/^[\t ]+|[\t ]+$/g, "");
    if (type.toLowerCase() !== "application/wasm") throw new TypeError(`${what}: the Response's Content-Type must be application/wasm, not "${type}"`);
    if (!response.ok) throw new TypeError(`${what}: the Response's status is ${response.status}`);
    if (response.bodyUsed) throw new TypeError(`${what}: the Response's body was already read`);
    return new Uint8Array(await response.arrayBuffer());
  }
  function compileStreaming(source) {
    return responseBytes(source, "WebAssembly.compileStreaming()").then((b) => new Module(b));
  }
  function instantiateStreaming(source, importObject) {
    return responseBytes(source, "WebAssembly.instantiateStreaming()").then((b) => {
      const module = new Module(b);
      const h = moduleOf(module, "");
      return { module, instance: instantiateWith(module, h, readImports(h, importObject)) };
    });
  }

  const ns = {};
  for (const [name, f, length] of [
    ["validate", validate, 1], ["compile", compile, 1], ["instantiate", instantiate, 1],
    ["compileStreaming", compileStreaming, 1], ["instantiateStreaming", instantiateStreaming, 1],
  ]) {
    defineProperty(f, "length", { value: length, configurable: true });
    defineProperty(ns, name, { value: f, writable: true, enumerable: true, configurable: true });
  }
  for (const C of [Module, Instance, Memory, Table, Global, Tag, Exception, CompileError, LinkError, RuntimeError]) {
    defineProperty(ns, C.name, { value: C, writable: true, enumerable: false, configurable: true });
  }
  defineProperty(ns, Symbol.toStringTag, { value: "WebAssembly", configurable: true });
  return ns;
})
