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
