//! Reading application memory as the generated tables describe it: parameters by index,
//! members by offset, counts through pointers. The application's pointers are trusted only as
//! far as the spec lets a layer trust them; callers check NULL before following one.

use vigil_generated::stateless::{Count, NO_DEREF};

/// Where a field's value is.
#[derive(Clone, Copy)]
pub enum Base<'p> {
    /// A struct at this address: fields are at offsets.
    Struct(*const u8),
    /// A command's parameters: fields are indices into the parameter addresses.
    Params(&'p [*const u8]),
}

impl Base<'_> {
    #[inline]
    pub fn at(self, at: u32) -> *const u8 {
        match self {
            Base::Struct(p) => p.wrapping_add(at as usize),
            Base::Params(a) => a.get(at as usize).copied().unwrap_or(std::ptr::null()),
        }
    }

    /// [`Self::at`], where `known` says the address cannot be NULL, so that no caller tests it
    /// (two instructions a site on the hot paths' handle walks).
    ///
    /// # Safety
    /// When `known`: the base is a structure reached through a non-NULL pointer, or the
    /// parameter addresses an intercept made (never NULL) with `at` one of them.
    #[inline(always)]
    pub unsafe fn at_in(self, at: u32, known: bool) -> *const u8 {
        let p = self.at(at);
        if known {
            // SAFETY: as this function's contract.
            unsafe { std::hint::assert_unchecked(!p.is_null()) };
        }
        p
    }
}

/// Reads an unsigned integer of `width` bytes.
///
/// # Safety
/// `p` must point at a readable value of that width.
#[inline]
pub unsafe fn read_uint(p: *const u8, width: u8) -> u64 {
    unsafe {
        match width {
            1 => u64::from(p.read_unaligned()),
            2 => u64::from((p as *const u16).read_unaligned()),
            4 => u64::from((p as *const u32).read_unaligned()),
            _ => (p as *const u64).read_unaligned(),
        }
    }
}

/// Reads a pointer.
///
/// # Safety
/// `p` must point at a readable pointer.
#[inline]
pub unsafe fn read_ptr(p: *const u8) -> *const u8 {
    unsafe { (p as *const *const u8).read_unaligned() }
}

/// The length of an array, `None` when it cannot be read (its pointer is NULL).
///
/// # Safety
/// The count's member or parameter must be readable at `base`.
pub unsafe fn count(c: Count, base: Base<'_>) -> Option<usize> {
    // SAFETY: as this function's contract.
    unsafe { count_in(c, base, false) }
}

/// [`count`], with `known` as [`Base::at_in`]'s.
///
/// # Safety
/// As [`count`] and [`Base::at_in`].
#[inline(always)]
pub unsafe fn count_in(c: Count, base: Base<'_>, known: bool) -> Option<usize> {
    if c.width == 0 {
        return Some(c.constant as usize);
    }
    // SAFETY: as this function's contract.
    let mut p = unsafe { base.at_in(c.at, known) };
    if p.is_null() {
        return None;
    }
    if c.deref != NO_DEREF {
        let q = unsafe { read_ptr(p) };
        if q.is_null() {
            return None;
        }
        p = q.wrapping_add(c.deref as usize);
    }
    let raw = unsafe { read_uint(p, c.width) };
    Some((raw.saturating_add(u64::from(c.add)) / u64::from(c.div.max(1))) as usize)
}

/// How long an array parameter is, in the form the hot paths read fastest: one element (a
/// pointer to a single value), another parameter's value (almost every array), or anything
/// else the registry describes.
#[derive(Clone, Copy, Debug)]
pub enum ParamCount {
    One,
    /// The value of parameter `at`, `width` bytes wide.
    Param {
        at: u8,
        width: u8,
    },
    Other(Count),
}

impl ParamCount {
    /// The form of `c`, a count of a command's parameter.
    pub const fn of(c: Count) -> Self {
        if c.at <= u8::MAX as u32 && c.width != 0 && c.deref == NO_DEREF && c.add == 0 && c.div <= 1 {
            ParamCount::Param { at: c.at as u8, width: c.width }
        } else {
            ParamCount::Other(c)
        }
    }

    /// The length, from the parameters' addresses; `None` when it cannot be read.
    ///
    /// # Safety
    /// As [`count`], with `params` a command's parameter addresses.
    #[inline(always)]
    pub unsafe fn read(self, params: &[*const u8]) -> Option<usize> {
        match self {
            ParamCount::One => Some(1),
            ParamCount::Param { at, width } => {
                let p = *params.get(usize::from(at))?;
                // SAFETY: the count parameter's address.
                Some(unsafe { read_uint(p, width) } as usize)
            }
            ParamCount::Other(c) => unsafe { count(c, Base::Params(params)) },
        }
    }
}

/// `count` elements at `p`, or nothing when either is zero or NULL.
///
/// # Safety
/// A non-NULL `p` must point at `count` valid elements that outlive the slice.
pub unsafe fn slice<'a, T>(p: *const T, count: u32) -> &'a [T] {
    if p.is_null() || count == 0 {
        &[]
    } else {
        unsafe { std::slice::from_raw_parts(p, count as usize) }
    }
}

/// The structures of the pNext chain starting at `next`, as their headers (the first 256: a
/// longer chain is taken to be cyclic).
///
/// # Safety
/// `next` must be NULL or a valid pNext chain.
pub unsafe fn chain<'a>(
    mut next: *const core::ffi::c_void,
) -> impl Iterator<Item = &'a vigil_generated::VkBaseInStructure> {
    std::iter::from_fn(move || {
        // SAFETY: every structure of a chain starts with sType and pNext.
        let header = unsafe { (next as *const vigil_generated::VkBaseInStructure).as_ref() }?;
        next = header.pNext as *const core::ffi::c_void;
        Some(header)
    })
    .take(256)
}

/// The structure of type `s_type` in the chain starting at `next`.
///
/// # Safety
/// `next` must be NULL or a valid pNext chain, and `T` the structure `s_type` names.
pub unsafe fn chained<'a, T>(
    next: *const core::ffi::c_void,
    s_type: vigil_generated::VkStructureType,
) -> Option<&'a T> {
    let header = unsafe { chain(next) }.find(|h| h.sType == s_type)?;
    // SAFETY: the structure `s_type` names, as the caller promises.
    Some(unsafe { &*(header as *const vigil_generated::VkBaseInStructure as *const T) })
}
