// HTML's atob and btoa (forgiving-base64).
test("btoa encodes Latin-1 and refuses wider characters", () => {
  eq(btoa("abc"), "YWJj");
  eq(btoa("\xff\x00"), "/wA=");
  eq(btoa(""), "");
  throws("InvalidCharacterError", () => btoa("€"));
  throws("InvalidCharacterError", () => btoa("\uD800"));
});
test("atob drops ASCII whitespace and optional padding", () => {
  eq(atob(" YW\tJj\n"), "abc");
  eq(atob("YQ=="), "a");
  eq(atob("YQ"), "a");
  eq(atob("YWI="), "ab");
  eq(atob("YWI"), "ab");
  eq(atob(""), "");
});
test("atob refuses bad padding, lengths and characters", () => {
  for (const bad of ["ab=", "a", "abcde", "YQ===", "YQ=a", "=YQ", "YW\u00a0Jj", "YW\vJj", "Y-Q=", "é"])
    throws("InvalidCharacterError", () => atob(bad), JSON.stringify(bad));
  eq(atob(null), "\x9e\xe9e", "null is the string null");
});
test("WebIDL: one argument required, values converted to strings", () => {
  throws(TypeError, () => btoa());
  throws(TypeError, () => atob());
  same([btoa.length, atob.length], [1, 1]);
  eq(btoa(undefined), "dW5kZWZpbmVk");
  eq(btoa({ toString() { return "foo"; } }), "Zm9v");
  eq(atob({ toString() { return "abcd"; } }), "i\xb7\x1d");
  throws(TypeError, () => btoa(Symbol("x")));
  eq(atob(btoa("\xff\xff\xc0")), "\xff\xff\xc0");
  let all = "";
  for (let i = 0; i < 256; i++) all += String.fromCharCode(i);
  eq(atob(btoa(all)), all);
  eq(atob("AAA/"), "\0\0?");
  throws("InvalidCharacterError", () => atob("////A"));
});
