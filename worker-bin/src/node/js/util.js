// node:util: format/inspect (inspect.js), promisify and friends, types.
const { inspect, format } = require("internal/inspect");

const kCustomPromisify = Symbol.for("nodejs.util.promisify.custom");
function promisify(original) {
  if (typeof original !== "function") throw new TypeError('The "original" argument must be of type function');
  if (original[kCustomPromisify]) return original[kCustomPromisify];
  function fn(...args) {
    return new Promise((resolve, reject) => {
      original.call(this, ...args, (err, ...values) => {
        if (err) reject(err);
        else resolve(values.length > 1 ? values : values[0]);
      });
    });
  }
  Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
  Object.defineProperty(fn, kCustomPromisify, { value: fn });
  return Object.defineProperties(fn, Object.getOwnPropertyDescriptors(original));
}
promisify.custom = kCustomPromisify;

function callbackify(original) {
  return function (...args) {
    const cb = args.pop();
    original.apply(this, args).then((v) => cb(null, v), (e) => cb(e || Object.assign(new Error("Promise was rejected with a falsy value"), { reason: e })));
  };
}

function deprecate(fn, msg, code) {
  let warned = false;
  return function (...args) {
    if (!warned) {
      warned = true;
      globalThis.process.emitWarning(msg, "DeprecationWarning", code);
    }
    return new.target ? Reflect.construct(fn, args, new.target) : fn.apply(this, args);
  };
}

function inherits(ctor, superCtor) {
  Object.defineProperty(ctor, "super_", { value: superCtor, writable: true, configurable: true });
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
}

const tag = (v) => Object.prototype.toString.call(v).slice(8, -1);
const typed = (name) => (v) => ArrayBuffer.isView(v) && tag(v) === name;
const types = {
  isPromise: (v) => v instanceof Promise,
  isDate: (v) => v instanceof Date,
  isRegExp: (v) => v instanceof RegExp,
  isMap: (v) => v instanceof Map,
  isSet: (v) => v instanceof Set,
  isMapIterator: (v) => tag(v) === "Map Iterator",
  isSetIterator: (v) => tag(v) === "Set Iterator",
  isArgumentsObject: (v) => tag(v) === "Arguments",
  isModuleNamespaceObject: (v) => tag(v) === "Module",
  isWeakMap: (v) => v instanceof WeakMap,
  isWeakSet: (v) => v instanceof WeakSet,
  isNativeError: (v) => v instanceof Error,
  isArrayBuffer: (v) => v instanceof ArrayBuffer,
  isSharedArrayBuffer: (v) => typeof SharedArrayBuffer !== "undefined" && v instanceof SharedArrayBuffer,
  isAnyArrayBuffer: (v) => v instanceof ArrayBuffer || (typeof SharedArrayBuffer !== "undefined" && v instanceof SharedArrayBuffer),
  isArrayBufferView: (v) => ArrayBuffer.isView(v),
  isTypedArray: (v) => ArrayBuffer.isView(v) && !(v instanceof DataView),
  isDataView: (v) => v instanceof DataView,
  isUint8Array: typed("Uint8Array"),
  isUint8ClampedArray: typed("Uint8ClampedArray"),
  isUint16Array: typed("Uint16Array"),
  isUint32Array: typed("Uint32Array"),
  isInt8Array: typed("Int8Array"),
  isInt16Array: typed("Int16Array"),
  isInt32Array: typed("Int32Array"),
  isFloat32Array: typed("Float32Array"),
  isFloat64Array: typed("Float64Array"),
  isBigInt64Array: typed("BigInt64Array"),
  isBigUint64Array: typed("BigUint64Array"),
  isAsyncFunction: (v) => typeof v === "function" && tag(v) === "AsyncFunction",
  isGeneratorFunction: (v) => typeof v === "function" && /GeneratorFunction$/.test(tag(v)),
  isGeneratorObject: (v) => tag(v) === "Generator",
  isBoxedPrimitive: (v) => v instanceof Number || v instanceof String || v instanceof Boolean || v instanceof BigInt || v instanceof Symbol,
  isNumberObject: (v) => v instanceof Number,
  isStringObject: (v) => v instanceof String,
  isBooleanObject: (v) => v instanceof Boolean,
  isSymbolObject: (v) => typeof v === "object" && v instanceof Symbol,
  isProxy: () => false,
  isKeyObject: () => false,
  isCryptoKey: (v) => typeof CryptoKey !== "undefined" && v instanceof CryptoKey,
};

function isDeepStrictEqual(a, b) {
  return require("assert").isDeepEqual(a, b, true);
}

function debuglog() {
  const log = () => {};
  log.enabled = false;
  return log;
}

module.exports = {
  format,
  formatWithOptions: (opts, ...args) => format(...args),
  inspect,
  promisify,
  callbackify,
  deprecate,
  inherits,
  types,
  isDeepStrictEqual,
  debuglog,
  debug: debuglog,
  TextEncoder: globalThis.TextEncoder,
  TextDecoder: globalThis.TextDecoder,
  isArray: Array.isArray,
  isBoolean: (v) => typeof v === "boolean",
  isNull: (v) => v === null,
  isNullOrUndefined: (v) => v == null,
  isNumber: (v) => typeof v === "number",
  isString: (v) => typeof v === "string",
  isSymbol: (v) => typeof v === "symbol",
  isUndefined: (v) => v === undefined,
  isRegExp: types.isRegExp,
  isObject: (v) => v !== null && typeof v === "object",
  isDate: types.isDate,
  isError: types.isNativeError,
  isFunction: (v) => typeof v === "function",
  isPrimitive: (v) => v === null || (typeof v !== "object" && typeof v !== "function"),
  toUSVString: (s) => `${s}`.toWellFormed(),
  stripVTControlCharacters: (s) => s.replace(/\u001b\[[0-9;]*[A-Za-z]/g, ""),
};
