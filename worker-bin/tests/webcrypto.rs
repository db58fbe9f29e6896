//! WebCrypto against Node 20: each case in `webcrypto/` runs in Node and in
//! a real worker engine and must print the same lines (getRandomValues'
//! checks and errors, AES-GCM's tag and iv lengths, the order in which
//! generateKey's checks fail, Ed448 and X448).

mod harness;

use std::path::Path;

use harness::differ;

fn case(name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/webcrypto/{name}.mjs"));
    let want = differ::in_node(&path, None);
    let src = std::fs::read_to_string(&path).unwrap();
    differ::assert_same(name, &want, &differ::in_bext(name, &src, |_| {}));
}

#[test]
fn get_random_values_checks_as_node_does() {
    case("random");
}

#[test]
fn aes_gcm_takes_every_tag_and_iv_length_as_node_does() {
    case("gcm");
}

#[test]
fn generate_key_fails_in_the_specs_order_as_node_does() {
    case("order");
}

#[test]
fn ed448_and_x448_give_nodes_bytes_and_errors() {
    case("curve448");
}
