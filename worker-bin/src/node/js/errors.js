// Node's error shapes for the built-ins' argument checks: an error with a
// `code`, the " Received ..." tail Node puts after what it expected, and
// ERR_INVALID_ARG_TYPE made of both.
function codeError(Type, code, message) {
  const e = new Type(message);
  e.code = code;
  return e;
}

function received(v) {
  if (v == null) return ` Received ${v}`;
  if (typeof v === "function") return ` Received function ${v.name}`;
  if (typeof v === "object") {
    return v.constructor && v.constructor.name
      ? ` Received an instance of ${v.constructor.name}`
      : " Received " + String(v);
  }
  let shown = String(v).slice(0, 25);
  if (typeof v === "string") shown = `'${shown}'`;
  return ` Received type ${typeof v} (${shown})`;
}

// `what` is Node's wording of the expected type ("of type string", ...).
function argType(name, what, v) {
  return codeError(TypeError, "ERR_INVALID_ARG_TYPE", `The "${name}" argument must be ${what}.${received(v)}`);
}

module.exports = { codeError, received, argType };
