//! Links `bext-worker` as a position-dependent executable (ELF `EXEC`, not
//! `DYN`) on Linux, unless the `pie` feature asks for the usual PIE.
//!
//! Why: ICU4X's compiled locale data (`Intl`) is tables of pointers. In a
//! PIE each pointer is a relocation the dynamic linker applies at every
//! exec (about 145,000 of them, over the 3.9 MB of `.data.rel.ro`), so
//! every worker, even one that never touches `Intl`, had those pages
//! written: its own by exec, or shared copy-on-write with its template
//! (measured, release build, idle hello worker forked from its template:
//! RSS 10.5 MB against 7.4 MB linked at a fixed address, PSS 4.0 against
//! 3.0 MB). Linked at a fixed address the pointers are final in the file:
//! the pages stay file-backed, shared through the page cache, read in only
//! when used, and the binary is 3.4 MB smaller (no relocation table). The
//! cost: the worker's own code and data load at a fixed address (no ASLR
//! for the executable's image); its libraries, heap, stack and mappings
//! stay randomized. `cargo build --release --features bext-worker/pie`
//! keeps the PIE (README.md, "Intl").
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let pie = std::env::var_os("CARGO_FEATURE_PIE").is_some();
    if linux && !pie {
        println!("cargo:rustc-link-arg-bin=bext-worker=-no-pie");
    }
}
