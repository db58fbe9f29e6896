// crypto.getRandomValues' checks, in the spec's order: WebIDL's
// ArrayBufferView (TypeError), an integer array (TypeMismatchError), at
// most 65,536 bytes (QuotaExceededError).
export async function run(print) {
  const outcome = (f) => {
    try {
      const a = f();
      return `ok ${a.constructor.name} ${a.byteLength}`;
    } catch (e) {
      return e instanceof DOMException ? `DOMException ${e.name} code ${e.code}` : `${e.constructor.name} ${e.name}`;
    }
  };
  const types = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array,
    Uint32Array, BigInt64Array, BigUint64Array, Float32Array, Float64Array];
  for (const T of types) {
    print(T.name, outcome(() => crypto.getRandomValues(new T(8))));
    print(T.name, "65536 bytes", outcome(() => crypto.getRandomValues(new T(65536 / T.BYTES_PER_ELEMENT))));
    print(T.name, "65537 bytes", outcome(() => crypto.getRandomValues(new T(65536 / T.BYTES_PER_ELEMENT + 1))));
  }
  print("DataView", outcome(() => crypto.getRandomValues(new DataView(new ArrayBuffer(8)))));
  print("Float64Array too long", outcome(() => crypto.getRandomValues(new Float64Array(10000))));
  // (Not an ArrayBufferView: WebIDL's TypeError, where Node 20 answers
  // TypeMismatchError; web/subtle_errors.js checks it.)
  const filled = crypto.getRandomValues(new Uint8Array(64));
  print("filled", filled.some((b) => b !== 0));
  // Node 20 has no Float16Array; where there is one it is not an integer array.
  if (typeof Float16Array === "function") {
    const got = outcome(() => crypto.getRandomValues(new Float16Array(8)));
    if (got !== "DOMException TypeMismatchError code 17") print("Float16Array", got);
  }
}
