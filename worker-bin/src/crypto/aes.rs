//! AES in the four modes the API names: GCM (authenticated), CBC (PKCS#7
//! padding), CTR (with the API's counter length), KW (RFC 3394 key wrap).
//! GCM's usual shape and CBC run on `aws-lc-rs` (`aes_lc.rs`).

use aes::cipher::block_padding::Pkcs7;
use aes::cipher::{BlockModeDecrypt, BlockModeEncrypt, KeyIvInit, StreamCipher};
use aes::{Aes128, Aes192, Aes256};
use aes_gcm::aead::array::ArraySize;
use aes_gcm::aead::consts::{U12, U13, U14, U15, U16};
use aes_gcm::aead::{Aead, Payload};
use aes_gcm::{AesGcm, KeyInit, TagSize};

use subtle::ConstantTimeEq as _;

use super::{CryptoError, Result, cipher, data, operation};

/// The cipher and what it needs besides key and input.
#[derive(Debug, Clone)]
pub enum Mode {
    Gcm {
        iv: Vec<u8>,
        additional: Vec<u8>,
        tag_bits: u32,
    },
    Cbc {
        iv: Vec<u8>,
    },
    Ctr {
        counter: Vec<u8>,
        length: u32,
    },
    Kw,
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
            n => Err(data(format!(
                "an AES key is 128, 192 or 256 bits, not {}",
                n * 8
            ))),
        }
    };
}

/// Encrypts (or, with `decrypt`, decrypts) `input` under `key`.
pub fn run(mode: &Mode, key: &[u8], input: &[u8], decrypt: bool) -> Result<Vec<u8>> {
    match mode {
        Mode::Gcm {
            iv,
            additional,
            tag_bits,
        } => gcm(key, iv, additional, *tag_bits, input, decrypt),
        Mode::Cbc { iv } => cbc(key, iv, input, decrypt),
        Mode::Ctr { counter, length } => ctr(key, counter, *length, input),
        Mode::Kw => kw(key, input, decrypt),
    }
}

/// AES-GCM with any tag length the API allows (32, 64, 96 to 128 bits) and
/// an iv of any length from one byte. The usual shapes (an iv of 12 or 16
/// bytes, a tag of 96 to 128 bits) take `aes-gcm`, whose iv and tag lengths
/// are types; the others (a 32- or 64-bit tag, which `aes-gcm` does not
/// offer, or another iv length) are GCM as SP 800-38D writes it, from the
/// CTR and GHASH pieces node:crypto's ciphers are made of (J0 is GHASH of
/// an iv that is not 12 bytes long), the tag compared in constant time.
fn gcm(
    key: &[u8],
    iv: &[u8],
    aad: &[u8],
    tag_bits: u32,
    input: &[u8],
    decrypt: bool,
) -> Result<Vec<u8>> {
    if iv.is_empty() {
        return Err(operation("AES-GCM: the iv must be at least one byte"));
    }
    if iv.len() == 12 && tag_bits == 128 {
        if let Some(out) = super::aes_lc::gcm(key, iv, aad, input, decrypt) {
            return out;
        }
    }
    let payload = Payload { msg: input, aad };
    macro_rules! tag {
        ($n:ty) => {
            match tag_bits {
                96 => gcm_with::<$n, U12>(key, iv, payload, decrypt),
                104 => gcm_with::<$n, U13>(key, iv, payload, decrypt),
                112 => gcm_with::<$n, U14>(key, iv, payload, decrypt),
                120 => gcm_with::<$n, U15>(key, iv, payload, decrypt),
                128 => gcm_with::<$n, U16>(key, iv, payload, decrypt),
                _ => gcm_any(key, iv, aad, tag_bits, input, decrypt),
            }
        };
    }
    match iv.len() {
        12 => tag!(U12),
        16 => tag!(U16),
        _ => gcm_any(key, iv, aad, tag_bits, input, decrypt),
    }
}

/// GCM for any iv length and tag length, from CTR and GHASH.
fn gcm_any(
    key: &[u8],
    iv: &[u8],
    aad: &[u8],
    tag_bits: u32,
    input: &[u8],
    decrypt: bool,
) -> Result<Vec<u8>> {
    if ![32, 64, 96, 104, 112, 120, 128].contains(&tag_bits) {
        return Err(operation(format!("AES-GCM: a {tag_bits}-bit tag")));
    }
    if ![16, 24, 32].contains(&key.len()) {
        return Err(data(format!(
            "an AES key is 128, 192 or 256 bits, not {}",
            key.len() * 8
        )));
    }
    let t = tag_bits as usize / 8;
    let gcm = cipher::Stream::Gcm;
    if decrypt {
        let Some(split) = input.len().checked_sub(t) else {
            return Err(operation("AES-GCM: the data is shorter than its tag"));
        };
        let (ciphertext, tag) = input.split_at(split);
        let want = cipher::tag(gcm, key, iv, aad, ciphertext)?;
        if !bool::from(want[..t].ct_eq(tag)) {
            return Err(operation("AES-GCM: the data or the tag is not authentic"));
        }
        cipher::keystream(gcm, key, iv, 0, ciphertext)
    } else {
        let mut out = cipher::keystream(gcm, key, iv, 0, input)?;
        let tag = cipher::tag(gcm, key, iv, aad, &out)?;
        out.extend_from_slice(&tag[..t]);
        Ok(out)
    }
}

fn gcm_with<N: ArraySize, T: TagSize>(
    key: &[u8],
    iv: &[u8],
    payload: Payload<'_, '_>,
    decrypt: bool,
) -> Result<Vec<u8>> {
    let nonce = aes_gcm::Nonce::<N>::try_from(iv).map_err(|_| operation("AES-GCM: bad iv"))?;
    with_aes!(key, A => {
        let cipher = AesGcm::<A, N, T>::new_from_slice(key).map_err(|_| data("bad AES key"))?;
        if decrypt {
            cipher
                .decrypt(&nonce, payload)
                .map_err(|_| operation("AES-GCM: the data or the tag is not authentic"))
        } else {
            cipher
                .encrypt(&nonce, payload)
                .map_err(|_| operation("AES-GCM: the input is too long"))
        }
    })
}

fn cbc(key: &[u8], iv: &[u8], input: &[u8], decrypt: bool) -> Result<Vec<u8>> {
    if iv.len() != 16 {
        return Err(operation("AES-CBC: the iv must be 16 bytes"));
    }
    if let Some(out) = super::aes_lc::cbc(key, iv, input, decrypt) {
        return out;
    }
    with_aes!(key, A => {
        if decrypt {
            cbc::Decryptor::<A>::new_from_slices(key, iv)
                .map_err(|_| data("bad AES key"))?
                .decrypt_padded_vec::<Pkcs7>(input)
                .map_err(|_| operation("AES-CBC: bad padding or length"))
        } else {
            Ok(cbc::Encryptor::<A>::new_from_slices(key, iv)
                .map_err(|_| data("bad AES key"))?
                .encrypt_padded_vec::<Pkcs7>(input))
        }
    })
}

/// XORs the keystream of AES `$a` from `$counter` into `$buf`.
macro_rules! ctr_apply {
    ($a:ty, $key:expr, $counter:expr, $buf:expr) => {{
        let buf: &mut [u8] = $buf;
        if !buf.is_empty() {
            let mut c = ctr::Ctr128BE::<$a>::new_from_slices($key, &$counter.to_be_bytes())
                .map_err(|_| data("bad AES key"))?;
            c.apply_keystream(buf);
        }
        Ok::<(), CryptoError>(())
    }};
}

/// CTR with the API's counter: the rightmost `length` bits of the 16-byte
/// counter block count, and wrap to zero without carrying into the rest.
/// The crate's 128-bit counter carries; so a wrap is done as two runs, the
/// second from the block with those bits cleared.
fn ctr(key: &[u8], counter: &[u8], length: u32, input: &[u8]) -> Result<Vec<u8>> {
    let block: [u8; 16] = counter
        .try_into()
        .map_err(|_| operation("AES-CTR: the counter must be 16 bytes"))?;
    if !(1..=128).contains(&length) {
        return Err(operation("AES-CTR: length must be between 1 and 128"));
    }
    let whole = u128::from_be_bytes(block);
    let mask = if length == 128 {
        u128::MAX
    } else {
        (1u128 << length) - 1
    };
    let blocks = input.len().div_ceil(16) as u128;
    // Blocks before the counter's bits wrap; more than 2^length blocks in
    // all would reuse a counter value.
    let before_wrap = (mask - (whole & mask)).saturating_add(1);
    if length < 128 && blocks > mask + 1 {
        return Err(operation(
            "AES-CTR: the input is too long for the counter length",
        ));
    }
    let mut out = input.to_vec();
    let split = if blocks > before_wrap {
        (before_wrap * 16) as usize
    } else {
        out.len()
    };
    let (first, rest) = out.split_at_mut(split);
    with_aes!(key, A => {
        ctr_apply!(A, key, whole, first)?;
        ctr_apply!(A, key, whole & !mask, rest)
    })?;
    Ok(out)
}

fn kw(key: &[u8], input: &[u8], unwrap: bool) -> Result<Vec<u8>> {
    if unwrap {
        if input.len() < 24 || input.len() % 8 != 0 {
            return Err(operation(
                "AES-KW: the wrapped key must be a multiple of 8 bytes, at least 24",
            ));
        }
    } else if input.len() < 16 || input.len() % 8 != 0 {
        return Err(operation(
            "AES-KW: the key to wrap must be a multiple of 8 bytes, at least 16",
        ));
    }
    with_aes!(key, A => {
        let kw = aes_kw::AesKw::<A>::new_from_slice(key).map_err(|_| data("bad AES key"))?;
        if unwrap {
            let mut buf = vec![0u8; input.len() - 8];
            kw.unwrap_key(input, &mut buf)
                .map_err(|_| operation("AES-KW: the wrapped key is not authentic"))?;
            Ok(buf)
        } else {
            let mut buf = vec![0u8; input.len() + 8];
            kw.wrap_key(input, &mut buf)
                .map_err(|_| operation("AES-KW: cannot wrap"))?;
            Ok(buf)
        }
    })
}
