//! The hasher of every map keyed by handles, ids or indices: no SipHash where the application
//! creates, destroys or uses objects.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Handles are mostly aligned pointers: fold the high bits down, then multiply.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u16(&mut self, v: u16) {
        self.write_u64(u64::from(v));
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(23) ^ v ^ (v >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
}

/// A map hashed with [`KeyHasher`]; `KeyMap::with_hasher(BuildHasherDefault::new())` builds
/// one in a `const`.
pub type KeyMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;
