//! Every struct and union of the generated bindings has the size, alignment and field offsets
//! the C compiler gives the committed headers.

use std::ffi::{c_char, CStr};

use vigil_generated::layout::LAYOUTS;

// The C table is compiled by the crate's build script into the library; linking the library
// brings it in.
extern crate vigil_tests;

#[repr(C)]
struct CField {
    name: *const c_char,
    offset: usize,
}

#[repr(C)]
struct CLayout {
    name: *const c_char,
    size: usize,
    align: usize,
    field_count: usize,
    fields: *const CField,
}

extern "C" {
    static vigil_c_layouts: [CLayout; 0];
    static vigil_c_layout_count: usize;
}

fn c_str(p: *const c_char) -> &'static str {
    // SAFETY: the C table holds string literals.
    unsafe { CStr::from_ptr(p) }.to_str().unwrap()
}

#[test]
fn layouts_match_the_c_compiler() {
    // SAFETY: the C table has `vigil_c_layout_count` entries.
    let c = unsafe { std::slice::from_raw_parts(vigil_c_layouts.as_ptr(), vigil_c_layout_count) };
    assert_eq!(c.len(), LAYOUTS.len());
    assert!(LAYOUTS.len() > 1500, "{} structs", LAYOUTS.len());
    let mut mismatches = Vec::new();
    let mut fields_checked = 0;
    for (c, r) in c.iter().zip(LAYOUTS) {
        let name = c_str(c.name);
        assert_eq!(name, r.name);
        if (c.size, c.align) != (r.size, r.align) {
            mismatches.push(format!("{name}: C size/align {}/{}, Rust {}/{}", c.size, c.align, r.size, r.align));
        }
        let cf = if c.field_count == 0 {
            &[][..]
        } else {
            // SAFETY: `fields` points at `field_count` entries.
            unsafe { std::slice::from_raw_parts(c.fields, c.field_count) }
        };
        assert_eq!(cf.len(), r.fields.len(), "{name}");
        for (cf, (rname, roff)) in cf.iter().zip(r.fields) {
            assert_eq!(c_str(cf.name), *rname);
            fields_checked += 1;
            if cf.offset != *roff {
                mismatches.push(format!("{name}.{rname}: C offset {}, Rust {roff}", cf.offset));
            }
        }
    }
    assert!(mismatches.is_empty(), "{} mismatches:\n{}", mismatches.len(), mismatches.join("\n"));
    assert!(fields_checked > 7000, "{fields_checked} fields");
}
