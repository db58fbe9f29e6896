// hash-wasm: its hashers are wasm modules inlined as base64 strings,
// compiled on first use (SHA-256, BLAKE3, and Argon2id's memory-hard
// password hash).
import { argon2id, blake3, sha256, xxhash64 } from "hash-wasm";

export default async function () {
  const mib = new Uint8Array(1 << 20).map((_, i) => (i * 7 + (i >> 8)) & 255);
  const salt = new Uint8Array(16).map((_, i) => i * 3);
  return {
    sha256: await sha256("bext runs wasm"),
    sha256_1mib: await sha256(mib),
    blake3: await blake3(mib),
    xxhash64: await xxhash64("bext"),
    argon2id: await argon2id({
      password: "correct horse battery staple",
      salt,
      parallelism: 1,
      iterations: 2,
      memorySize: 1024,
      hashLength: 32,
      outputType: "encoded",
    }),
  };
}
