//! A short program with real mistakes in it, one per validation object, each with the exact id
//! Vigil must report: what the main job shows a new user, and what `tests/mistakes.rs` asserts.
//!
//! The messenger asks Vigil to skip each invalid call (it answers `VK_TRUE` to errors), so
//! nothing invalid reaches the driver; the program still runs to the end.

use ash::vk;

use crate::{Context, ContextBuilder, Message, VIGIL_LAYER};

/// One mistake: what the program does wrong and the id Vigil reports for it.
#[derive(Clone, Copy, Debug)]
pub struct Mistake {
    /// What the program does, in a user's words.
    pub what: &'static str,
    /// The validation object that catches it.
    pub caught_by: &'static str,
    /// The id Vigil must report, exactly once.
    pub id: &'static str,
}

/// The mistakes [`run`] makes, in order.
pub const MISTAKES: &[Mistake] = &[
    Mistake { what: "vkCreateBuffer with size 0", caught_by: "stateless", id: "VUID-VkBufferCreateInfo-size-00912" },
    Mistake {
        what: "vkCreateSampler with magFilter = 7 (no such VkFilter)",
        caught_by: "stateless (generated)",
        id: "VUID-VkSamplerCreateInfo-magFilter-parameter",
    },
    Mistake {
        what: "vkCmdFillBuffer at dstOffset 2 (not a multiple of 4)",
        caught_by: "stateless",
        id: "VUID-vkCmdFillBuffer-dstOffset-00025",
    },
    Mistake {
        what: "vkGetBufferMemoryRequirements on a buffer already destroyed",
        caught_by: "object_lifetime",
        id: "VUID-vkGetBufferMemoryRequirements-buffer-parameter",
    },
    Mistake {
        what: "vkDestroyDevice with a sampler still alive (a leak)",
        caught_by: "object_lifetime",
        id: "VUID-vkDestroyDevice-device-05137",
    },
];

/// Runs the program through Vigil (found as the loader finds layers) and returns everything the
/// messenger heard, from instance creation to instance destruction.
pub fn run(entry: &ash::Entry) -> Vec<Message> {
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).build(entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    let log = ctx.messages.clone();
    log.skip_errors(true);
    make_mistakes(&ctx);
    // Dropping the context destroys the device (with the leaked sampler) and the instance. The
    // leak is an error too, and a callback that answers VK_TRUE would have Vigil skip
    // vkDestroyDevice itself: answer VK_FALSE from here on.
    log.skip_errors(false);
    drop(ctx);
    log.all()
}

fn make_mistakes(ctx: &Context) {
    let d = &ctx.device;
    let usage = vk::BufferUsageFlags::TRANSFER_DST;
    // SAFETY (whole function): every invalid call below is one Vigil reports and skips; the
    // valid ones are ordinary object creation, recording and destruction on this device.
    unsafe {
        // Stateless: a zero-sized buffer.
        let info = vk::BufferCreateInfo::default().size(0).usage(usage);
        let _ = d.create_buffer(&info, None);

        // Stateless, generated from the registry: an enum value that does not exist.
        let bad = vk::SamplerCreateInfo { mag_filter: vk::Filter::from_raw(7), ..Default::default() };
        let _ = d.create_sampler(&bad, None);

        // Stateless, recording: a fill at an unaligned offset, in an otherwise valid submission.
        let buffer = d.create_buffer(&vk::BufferCreateInfo::default().size(256).usage(usage), None).expect("buffer");
        let reqs = d.get_buffer_memory_requirements(buffer);
        let memory_type = ctx.memory_type(reqs.memory_type_bits, vk::MemoryPropertyFlags::empty());
        let alloc = vk::MemoryAllocateInfo::default().allocation_size(reqs.size).memory_type_index(memory_type);
        let memory = d.allocate_memory(&alloc, None).expect("memory");
        d.bind_buffer_memory(buffer, memory, 0).expect("bind");
        ctx.submit_and_wait(|cb| {
            d.cmd_fill_buffer(cb, buffer, 2, 8, 0x7);
            d.cmd_fill_buffer(cb, buffer, 0, 256, 0x7);
        });
        d.destroy_buffer(buffer, None);
        d.free_memory(memory, None);

        // Object lifetime: a handle used after its object was destroyed (never passed on).
        let _ = d.get_buffer_memory_requirements(buffer);

        // Object lifetime: a sampler never destroyed, reported when the device is.
        let _leaked = d.create_sampler(&vk::SamplerCreateInfo::default(), None).expect("sampler");
    }
}
