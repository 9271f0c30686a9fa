//! Scratch memory for the copies a call down needs: the application's structures with the
//! driver's handles in them. The intercept lends a buffer on its own stack; a call that needs
//! more (thousands of descriptor writes) spills into heap blocks freed when the call returns.
//! No thread-local state: a thread-local with a destructor would keep the library mapped
//! after the loader unloads it.

use std::cell::{Cell, RefCell};
use std::mem::MaybeUninit;

/// Scratch for one call down.
pub struct Scope {
    base: *mut u64,
    words: usize,
    used: Cell<usize>,
    spilled: RefCell<Vec<Box<[MaybeUninit<u64>]>>>,
}

impl Scope {
    /// Scratch in the `words` 8-byte words at `base`.
    ///
    /// # Safety
    /// `base` must be writable for `words` words for as long as the scope and everything
    /// allocated from it is used.
    pub unsafe fn new(base: *mut u64, words: usize) -> Self {
        Scope { base, words, used: Cell::new(0), spilled: RefCell::new(Vec::new()) }
    }

    /// `bytes` of 8-byte-aligned scratch, valid while the scope lives.
    pub fn alloc(&self, bytes: usize) -> *mut u8 {
        let words = bytes.div_ceil(8).max(1);
        let used = self.used.get();
        if !self.base.is_null() && used + words <= self.words {
            self.used.set(used + words);
            return self.base.wrapping_add(used) as *mut u8;
        }
        let mut block = vec![MaybeUninit::<u64>::uninit(); words].into_boxed_slice();
        let p = block.as_mut_ptr() as *mut u8;
        // Moving the box does not move its heap block.
        self.spilled.borrow_mut().push(block);
        p
    }

    /// A copy of `bytes` bytes at `src` in scratch.
    ///
    /// # Safety
    /// `src` must be readable for `bytes` bytes.
    pub unsafe fn copy(&self, src: *const u8, bytes: usize) -> *mut u8 {
        let dst = self.alloc(bytes);
        unsafe { std::ptr::copy_nonoverlapping(src, dst, bytes) };
        dst
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scratch_fills_the_lent_buffer_then_spills() {
        let mut buf = [0u64; 4];
        let s = unsafe { Scope::new(buf.as_mut_ptr(), buf.len()) };
        let p = s.alloc(24);
        assert_eq!(p as usize, buf.as_ptr() as usize);
        let word = 0x5655_u64.to_le_bytes();
        let q = unsafe { s.copy(word.as_ptr(), 8) };
        assert_eq!(q as usize - p as usize, 24, "bump allocation in the lent buffer");
        assert_eq!(unsafe { *q }, 0x55);
        let spilled = s.alloc(16);
        assert!(!(buf.as_ptr() as usize..buf.as_ptr() as usize + 32).contains(&(spilled as usize)));
        assert_eq!(unsafe { *q }, 0x55, "earlier copies stay put");
    }
}
