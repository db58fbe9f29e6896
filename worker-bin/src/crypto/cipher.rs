//! The ciphers of `node:crypto`'s `createCipheriv`, in pieces a stream can
//! be made of: the JS side keeps a cipher's state (the bytes so far, the
//! last CBC block) and asks for one piece at a time.
//!
//! - [`blocks`]: AES-ECB or AES-CBC over whole blocks, no padding (the JS
//!   side pads and holds back, as OpenSSL does).
//! - [`keystream`]: a stream cipher's output at a byte offset: AES-CTR (a
//!   128-bit big-endian counter, as OpenSSL counts), AES-GCM's CTR part
//!   (32-bit counter from J0 + 1) and ChaCha20 (IETF, block 1 on).
//! - [`tag`]: the AEAD tag over the additional data and the ciphertext:
//!   GHASH (for any iv length: J0 is GHASH of a long iv, SP 800-38D) or
//!   Poly1305 (RFC 8439).
//!
//! GCM is built from `aes`, `ctr` and `ghash` rather than `aes-gcm`, whose
//! iv length and tag length are types: Node takes any iv length and tags of
//! 4 to 16 bytes. Comparing a tag is the JS side's, with the constant-time
//! comparison of [`super::mac::timing_safe_equal`].

use aes::cipher::{
    BlockCipherEncrypt, BlockModeDecrypt, BlockModeEncrypt, KeyInit, KeyIvInit, StreamCipher,
    StreamCipherSeek,
};
use aes::{Aes128, Aes192, Aes256};
use ghash::GHash;
use ghash::universal_hash::UniversalHash;

use super::{CryptoError, Result};

/// A stream cipher or the stream part of an AEAD.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Ctr,
    Gcm,
    ChaCha20Poly1305,
}

fn invalid_key() -> CryptoError {
    CryptoError::Data("Invalid key length".into())
}

/// Runs `$body` with `$a` the AES type for a key of `$key`'s length.
macro_rules! with_aes {
    ($key:expr, $a:ident => $body:expr) => {
        match $key.len() {
            16 => {
                type $a = Aes128;
                $body
            }
            24 => {
                type $a = Aes192;
                $body
            }
            32 => {
                type $a = Aes256;
                $body
            }
            _ => Err(invalid_key()),
        }
    };
}

/// A 16-byte slice as a block.
fn block(b: &mut [u8]) -> &mut aes::Block {
    b.try_into().expect("a block is 16 bytes")
}

/// AES-ECB (no `iv`) or AES-CBC over `input`, a whole number of blocks.
pub fn blocks(key: &[u8], iv: Option<&[u8]>, input: &[u8], decrypt: bool) -> Result<Vec<u8>> {
    if input.len() % 16 != 0 {
        return Err(CryptoError::Operation(
            "not a whole number of blocks".into(),
        ));
    }
    let mut buf = input.to_vec();
    with_aes!(key, A => {
        match iv {
            None => {
                let c = A::new_from_slice(key).map_err(|_| invalid_key())?;
                for b in buf.chunks_exact_mut(16) {
                    let block = block(b);
                    if decrypt {
                        aes::cipher::BlockCipherDecrypt::decrypt_block(&c, block);
                    } else {
                        c.encrypt_block(block);
                    }
                }
                Ok(())
            }
            Some(iv) => {
                if decrypt {
                    let mut c = cbc::Decryptor::<A>::new_from_slices(key, iv)
                        .map_err(|_| invalid_key())?;
                    for b in buf.chunks_exact_mut(16) {
                        c.decrypt_block(block(b));
                    }
                } else {
                    let mut c = cbc::Encryptor::<A>::new_from_slices(key, iv)
                        .map_err(|_| invalid_key())?;
                    for b in buf.chunks_exact_mut(16) {
                        c.encrypt_block(block(b));
                    }
                }
                Ok(())
            }
        }
    })?;
    Ok(buf)
}

/// GCM's hash key H and pre-counter block J0 for `iv`.
fn gcm_start(key: &[u8], iv: &[u8]) -> Result<([u8; 16], [u8; 16])> {
    let mut h = [0u8; 16];
    with_aes!(key, A => {
        let c = A::new_from_slice(key).map_err(|_| invalid_key())?;
        c.encrypt_block(block(&mut h));
        Ok(())
    })?;
    let mut j0 = [0u8; 16];
    if iv.len() == 12 {
        j0[..12].copy_from_slice(iv);
        j0[15] = 1;
    } else {
        let mut g = GHash::new(&h.into());
        g.update_padded(iv);
        let mut lens = [0u8; 16];
        lens[8..].copy_from_slice(&((iv.len() as u64) * 8).to_be_bytes());
        g.update_padded(&lens);
        j0.copy_from_slice(&g.finalize());
    }
    Ok((h, j0))
}

/// `input` XOR the cipher's keystream from byte `offset` on.
pub fn keystream(
    stream: Stream,
    key: &[u8],
    iv: &[u8],
    offset: u64,
    input: &[u8],
) -> Result<Vec<u8>> {
    let mut buf = input.to_vec();
    match stream {
        Stream::Ctr => with_aes!(key, A => {
            let mut c = ctr::Ctr128BE::<A>::new_from_slices(key, iv).map_err(|_| invalid_iv())?;
            c.seek(offset);
            c.apply_keystream(&mut buf);
            Ok(())
        })?,
        Stream::Gcm => {
            let (_, mut j0) = gcm_start(key, iv)?;
            let counter = u32::from_be_bytes([j0[12], j0[13], j0[14], j0[15]]).wrapping_add(1);
            j0[12..].copy_from_slice(&counter.to_be_bytes());
            with_aes!(key, A => {
                let mut c = ctr::Ctr32BE::<A>::new_from_slices(key, &j0).map_err(|_| invalid_iv())?;
                c.seek(offset);
                c.apply_keystream(&mut buf);
                Ok(())
            })?;
        }
        Stream::ChaCha20Poly1305 => {
            let mut c = chacha20::ChaCha20::new_from_slices(key, iv).map_err(|_| invalid_iv())?;
            c.seek(64 + offset);
            c.apply_keystream(&mut buf);
        }
    }
    Ok(buf)
}

fn invalid_iv() -> CryptoError {
    CryptoError::Data("Invalid initialization vector".into())
}

/// The 16-byte AEAD tag of `aad` and `ciphertext`.
pub fn tag(
    stream: Stream,
    key: &[u8],
    iv: &[u8],
    aad: &[u8],
    ciphertext: &[u8],
) -> Result<Vec<u8>> {
    let mut lens = [0u8; 16];
    match stream {
        Stream::Gcm => {
            let (h, j0) = gcm_start(key, iv)?;
            let mut g = GHash::new(&h.into());
            g.update_padded(aad);
            g.update_padded(ciphertext);
            lens[..8].copy_from_slice(&((aad.len() as u64) * 8).to_be_bytes());
            lens[8..].copy_from_slice(&((ciphertext.len() as u64) * 8).to_be_bytes());
            g.update_padded(&lens);
            let mut s = g.finalize();
            let mut ek = j0;
            with_aes!(key, A => {
                let c = A::new_from_slice(key).map_err(|_| invalid_key())?;
                c.encrypt_block(block(&mut ek));
                Ok(())
            })?;
            for (t, e) in s.iter_mut().zip(ek) {
                *t ^= e;
            }
            Ok(s.to_vec())
        }
        Stream::ChaCha20Poly1305 => {
            let mut c = chacha20::ChaCha20::new_from_slices(key, iv).map_err(|_| invalid_iv())?;
            let mut otk = [0u8; 32];
            c.apply_keystream(&mut otk);
            let mut p = poly1305::Poly1305::new(&otk.into());
            p.update_padded(aad);
            p.update_padded(ciphertext);
            lens[..8].copy_from_slice(&(aad.len() as u64).to_le_bytes());
            lens[8..].copy_from_slice(&(ciphertext.len() as u64).to_le_bytes());
            p.update_padded(&lens);
            Ok(p.finalize().to_vec())
        }
        Stream::Ctr => Err(CryptoError::Operation("AES-CTR has no tag".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    #[test]
    fn gcm_matches_aes_gcm_and_test_case_4() {
        // SP 800-38D / McGrew-Viega test case 3 (AES-128, 12-byte iv, no AAD).
        let key = [
            0xfe, 0xff, 0xe9, 0x92, 0x86, 0x65, 0x73, 0x1c, 0x6d, 0x6a, 0x8f, 0x94, 0x67, 0x30,
            0x83, 0x08,
        ];
        let iv = [
            0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad, 0xde, 0xca, 0xf8, 0x88,
        ];
        let pt = [0u8; 16];
        let ct = keystream(Stream::Gcm, &key, &iv, 0, &pt).unwrap();
        let whole = {
            use aes_gcm::aead::Aead;
            let c = aes_gcm::Aes128Gcm::new_from_slice(&key).unwrap();
            c.encrypt(&iv.into(), &pt[..]).unwrap()
        };
        assert_eq!(ct, whole[..16]);
        assert_eq!(tag(Stream::Gcm, &key, &iv, b"", &ct).unwrap(), whole[16..]);
        // A keystream taken in two pieces is the keystream.
        let a = keystream(Stream::Gcm, &key, &iv, 0, &pt[..5]).unwrap();
        let b = keystream(Stream::Gcm, &key, &iv, 5, &pt[5..]).unwrap();
        assert_eq!([a, b].concat(), ct);
    }

    #[test]
    fn chacha20_poly1305_matches_rfc_8439() {
        // RFC 8439 §2.8.2.
        let key: Vec<u8> = (0x80u8..0xa0).collect();
        let iv = [
            0x07, 0, 0, 0, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47,
        ];
        let aad = [
            0x50, 0x51, 0x52, 0x53, 0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7,
        ];
        let pt = b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.";
        let ct = keystream(Stream::ChaCha20Poly1305, &key, &iv, 0, pt).unwrap();
        assert_eq!(hex(&ct[..8]), "d31a8d34648e60db");
        assert_eq!(
            hex(&tag(Stream::ChaCha20Poly1305, &key, &iv, &aad, &ct).unwrap()),
            "1ae10b594f09e26a7e902ecbd0600691"
        );
    }

    #[test]
    fn cbc_blocks_chain_across_calls() {
        let key = [7u8; 16];
        let iv = [9u8; 16];
        let pt = [1u8; 48];
        let whole = blocks(&key, Some(&iv), &pt, false).unwrap();
        let first = blocks(&key, Some(&iv), &pt[..16], false).unwrap();
        let rest = blocks(&key, Some(&first[..16]), &pt[16..], false).unwrap();
        assert_eq!([first, rest].concat(), whole);
        assert_eq!(blocks(&key, Some(&iv), &whole, true).unwrap(), pt);
        assert!(blocks(&key, None, &pt[..5], false).is_err());
        assert!(blocks(&[0u8; 15], None, &pt, false).is_err());
    }
}
