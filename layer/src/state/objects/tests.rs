use super::*;
use vigil_generated::objects::HANDLE_TYPES;

fn k(scope: u64, handle: u64) -> Key {
    Key { scope, handle, ty: 3 }
}

#[test]
fn repeated_values_are_counted_and_children_go_with_their_parent() {
    let t = ObjectTable::new();
    t.insert(k(1, 0x10), None, false, Origin::Created);
    t.insert(k(1, 0x10), None, false, Origin::Created);
    assert!(t.get(k(1, 0x10)).unwrap().aliased());
    assert_eq!(t.remove(k(1, 0x10)).map(|r| r.refs()), Some(1));
    assert!(t.alive(k(1, 0x10)), "one object with the value is left");
    assert!(!t.get(k(1, 0x10)).unwrap().aliased());
    assert!(t.remove(k(1, 0x10)).is_some());
    assert!(!t.alive(k(1, 0x10)));
    assert!(t.remove(k(1, 0x10)).is_none());

    // A pool with two sets; freeing one, then destroying the pool, frees the other.
    t.insert(k(1, 0x100), None, false, Origin::Created);
    let pool = t.get(k(1, 0x100));
    t.insert(k(1, 0x200), pool.clone(), false, Origin::Created);
    t.insert(k(1, 0x300), pool.clone(), false, Origin::Created);
    t.remove(k(1, 0x200));
    assert!(Arc::ptr_eq(t.get(k(1, 0x300)).unwrap().parent.as_ref().unwrap(), pool.as_ref().unwrap()));
    t.remove(k(1, 0x100));
    assert!(!t.alive(k(1, 0x300)));

    // Retrieving again adds no reference.
    t.insert(k(1, 0x400), None, false, Origin::Retrieved);
    t.insert(k(1, 0x400), None, false, Origin::Retrieved);
    t.remove(k(1, 0x400));
    assert!(!t.alive(k(1, 0x400)));

    // A value only seen becomes the created object's, with fresh counters.
    let seen = t.get_or_see(k(1, 0x500));
    seen.uses.begin(true, 1, 1);
    t.insert(k(1, 0x500), None, true, Origin::Created);
    let created = t.get(k(1, 0x500)).unwrap();
    assert!(!Arc::ptr_eq(&seen, &created) && created.with_allocator && !created.aliased());
    assert_eq!(created.uses.begin(true, 2, 1), None);
}

#[test]
fn two_devices_may_hold_one_value() {
    let t = ObjectTable::new();
    t.add_scope(7);
    t.add_scope(8);
    t.insert(k(7, 0x10), None, false, Origin::Created);
    t.insert(k(8, 0x10), None, false, Origin::Created);
    assert!(!t.get(k(7, 0x10)).unwrap().aliased() && !t.get(k(8, 0x10)).unwrap().aliased());
    t.remove(k(8, 0x10));
    assert!(t.alive(k(7, 0x10)) && !t.alive(k(8, 0x10)));
    // Missing from device 8: device 7 has it (`-parent`); a value nobody has is `-parameter`.
    assert_eq!(t.scope_elsewhere(k(8, 0x10)), Some(7));
    assert_eq!(t.scope_elsewhere(k(8, 0x20)), None);
    t.insert(k(7, 0x30), None, false, Origin::Created);
    assert_eq!(t.in_scope(7).len(), 2);
    t.remove_scope(7);
    assert_eq!(t.len(), 0);
    assert_eq!(t.scope_elsewhere(k(8, 0x10)), None);
}

#[test]
fn the_cache_forgets_destroyed_objects() {
    let t = ObjectTable::new();
    t.insert(k(1, 0x10), None, false, Origin::Created);
    assert!(t.alive(k(1, 0x10)) && t.alive(k(1, 0x10)));
    t.remove(k(1, 0x10));
    assert!(!t.alive(k(1, 0x10)));
}

/// Eight threads create, look up and destroy objects with overlapping values in two scopes; at
/// the end the table is empty and no lookup ever saw another thread's object as its own.
#[test]
fn concurrent_create_destroy_lookup() {
    let t = ObjectTable::new();
    std::thread::scope(|s| {
        for thread in 0..8u64 {
            let t = &t;
            s.spawn(move || {
                let scope = thread % 2 + 1;
                for round in 0..2_000u64 {
                    // Every thread's values repeat across rounds and between the two scopes.
                    let h = 0x1000 + (thread / 2) * 0x100 + round % 16;
                    let key = k(scope, h);
                    t.insert(key, None, false, Origin::Created);
                    assert!(t.alive(key));
                    let r = t.get(key).unwrap();
                    assert_eq!(r.key, key);
                    assert!(t.remove(key).is_some());
                }
            });
        }
    });
    assert_eq!(t.len(), 0);
}

#[test]
fn instance_level_types_have_the_instance_as_scope() {
    let index = |name: &str| HANDLE_TYPES.iter().position(|t| t.name == name).unwrap() as u16;
    for (name, instance) in [
        ("VkInstance", true),
        ("VkPhysicalDevice", true),
        ("VkDevice", true),
        ("VkSurfaceKHR", true),
        ("VkDebugUtilsMessengerEXT", true),
        ("VkQueue", false),
        ("VkCommandBuffer", false),
        ("VkBuffer", false),
        ("VkSwapchainKHR", false),
    ] {
        let k = key(index(name), 0x10, 0xd, 0x1);
        assert_eq!(k.scope, if instance { 0x1 } else { 0xd }, "{name}");
    }
}

#[test]
fn each_scope_counts_its_records_and_keeps_the_peak() {
    let t = ObjectTable::new();
    t.add_scope(1);
    t.add_scope(2);
    t.insert(k(1, 0x10), None, false, Origin::Created);
    t.insert(k(1, 0x10), None, false, Origin::Created);
    t.insert(k(2, 0x10), None, false, Origin::Created);
    let pool = {
        t.insert(k(1, 0x100), None, false, Origin::Created);
        t.get(k(1, 0x100))
    };
    t.insert(k(1, 0x200), pool.clone(), false, Origin::Created);
    t.get_or_see(k(1, 0x300));
    // One record per value (0x10 twice is one record), the seen one included.
    assert_eq!((t.peak_records(1), t.peak_records(2)), (4, 1));
    // The pool takes its set with it; the peak stays, and new records count from what is left.
    t.remove(k(1, 0x100));
    t.remove(k(1, 0x10));
    t.remove(k(1, 0x10));
    t.insert(k(1, 0x400), None, false, Origin::Created);
    t.insert(k(1, 0x500), None, false, Origin::Created);
    assert_eq!(t.peak_records(1), 4, "0x300, 0x400 and 0x500 are live");
    t.insert(k(1, 0x600), None, false, Origin::Created);
    assert_eq!(t.peak_records(1), 4);
    t.insert(k(1, 0x700), None, false, Origin::Created);
    assert_eq!(t.peak_records(1), 5);
    t.remove_scope(1);
    assert_eq!(t.peak_records(1), 0, "a removed scope has no figures");
}

#[test]
fn a_threads_last_command_buffer_is_found_again_until_something_is_removed() {
    let t = ObjectTable::new();
    let cb = |handle| Key { scope: 9, handle, ty: TYPES.command_buffer };
    t.insert(cb(0x10), None, false, Origin::Created);
    let first = t.get(cb(0x10)).unwrap();
    assert!(Arc::ptr_eq(&first, &t.get(cb(0x10)).unwrap()), "from the cache");
    // Freed: gone, although the cache held it.
    t.remove(cb(0x10));
    assert!(first.destroyed());
    assert!(t.get(cb(0x10)).is_none());
    // The value handed to a new command buffer finds the new record.
    t.insert(cb(0x10), None, false, Origin::Created);
    let second = t.get(cb(0x10)).unwrap();
    assert!(!Arc::ptr_eq(&first, &second) && !second.destroyed());
    // Another command buffer replaces it in the cache; both are still found.
    t.insert(cb(0x20), None, false, Origin::Created);
    assert!(t.get(cb(0x20)).is_some());
    assert!(Arc::ptr_eq(&second, &t.get(cb(0x10)).unwrap()));
}

#[test]
fn a_command_buffer_borrowed_from_the_cache_survives_nested_lookups() {
    let t = ObjectTable::new();
    let cb = |handle| Key { scope: 10, handle, ty: TYPES.command_buffer };
    t.insert(cb(0x10), None, false, Origin::Created);
    t.insert(cb(0x20), None, false, Origin::Created);
    let first = t.get(cb(0x10)).unwrap();
    // A callback calling Vulkan from inside: other command buffers, and the same one again.
    let seen = t.with_command_buffer(cb(0x10), |outer| {
        let other = t.get(cb(0x20)).unwrap();
        let again = t.with_command_buffer(cb(0x10), |inner| Arc::ptr_eq(inner, outer)).unwrap();
        assert!(again && !Arc::ptr_eq(&other, outer));
        Arc::ptr_eq(outer, &first)
    });
    assert_eq!(seen, Some(true));
    assert!(Arc::ptr_eq(&t.get(cb(0x10)).unwrap(), &first));
    assert!(t.with_command_buffer(cb(0x30), |_| ()).is_none(), "never created");
}

#[test]
fn uses_overlap_across_threads_only() {
    let u = ObjectRecord::new(Key { scope: 7, handle: 0x10, ty: 1 }, None, false, Origin::Created).uses;
    // Readers share; a writer meets them; a reader meets a writer.
    assert_eq!(u.begin(false, 1, 10), None);
    assert_eq!(u.begin(false, 2, 11), None);
    assert_eq!(u.begin(true, 3, 12), Some(Overlap { thread: 1, command: 10, other_writes: false }));
    u.end(true);
    u.end(false);
    u.end(false);
    // Sequential uses from two threads, and one thread's nested uses, do not overlap.
    assert_eq!(u.begin(true, 2, 11), None);
    u.end(true);
    assert_eq!(u.begin(true, 1, 10), None);
    assert_eq!(u.begin(false, 1, 13), None);
    assert_eq!(u.begin(false, 4, 14), Some(Overlap { thread: 1, command: 10, other_writes: true }));
    assert_eq!(u.begin(true, 5, 15), Some(Overlap { thread: 1, command: 10, other_writes: true }));
}

/// The generated instance scoping is the rule the tracker keys objects by: a type belongs to a
/// device when a device-level command (first parameter a handle other than the instance or a
/// physical device) creates or retrieves it.
#[test]
fn instance_scoped_types_are_those_no_device_level_command_makes() {
    use vigil_generated::objects::{HandleElem, Role, COMMAND_HANDLES};
    let mut instance = vec![true; HANDLE_TYPES.len()];
    for c in &COMMAND_HANDLES {
        let device_level = c.params.iter().any(|f| {
            f.at == 0
                && matches!(f.elem, HandleElem::Handle(t)
                    if !matches!(HANDLE_TYPES[usize::from(t)].name, "VkInstance" | "VkPhysicalDevice"))
        });
        let param = match c.role {
            Role::Create { param, .. } | Role::Retrieve { param, .. } if device_level => param,
            _ => continue,
        };
        if let Some(HandleElem::Handle(t)) = c.param(param).map(|f| f.elem) {
            instance[usize::from(t)] = false;
        }
    }
    let generated: Vec<bool> = HANDLE_TYPES.iter().map(|t| t.instance_scoped).collect();
    assert_eq!(generated, instance);
    for (i, t) in HANDLE_TYPES.iter().enumerate() {
        assert_eq!(crate::state::records::instance_scoped(i as u16), t.instance_scoped, "{}", t.name);
    }
    assert!(HANDLE_TYPES[usize::from(TYPES.command_buffer)].name == "VkCommandBuffer");
    assert!(HANDLE_TYPES[usize::from(TYPES.swapchain)].name == "VkSwapchainKHR");
    assert!(HANDLE_TYPES[usize::from(TYPES.shader_ext)].name == "VkShaderEXT");
}
