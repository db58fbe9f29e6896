//! The worker binary is linked at a fixed address (ELF type `EXEC`) on
//! Linux unless built with the `pie` feature: ICU4X's pointer tables then
//! need no relocation at start and stay shared, unwritten file pages in
//! every worker (build.rs says why). A PIE (`DYN`) worker would carry about
//! 145,000 relocations and write 3.9 MB of them at every start.

#[cfg(all(target_os = "linux", not(feature = "pie")))]
#[test]
fn the_worker_is_linked_at_a_fixed_address() {
    let bin = std::fs::read(env!("CARGO_BIN_EXE_bext-worker")).unwrap();
    assert_eq!(&bin[..4], b"\x7fELF", "not an ELF file");
    // e_type, at offset 16, little endian: 2 is EXEC, 3 is DYN (PIE).
    let e_type = u16::from_le_bytes([bin[16], bin[17]]);
    assert_eq!(
        e_type, 2,
        "bext-worker is not linked at a fixed address (e_type {e_type})"
    );
}
