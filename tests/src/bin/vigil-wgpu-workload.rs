//! A wgpu program (wgpu from crates.io, its Vulkan backend): a compute pass that doubles a
//! storage buffer, and a render pass that draws a triangle covering a 64×64 target in a color
//! from a uniform buffer; both read back and checked. `tests/wgpu.rs` runs it under Vigil.
//!
//! Exit status 0 when both results are right; it prints what it checked.

use std::process::ExitCode;

const COMPUTE: &str = r#"
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = data[id.x] * 2u;
}
"#;

const RENDER: &str = r#"
@group(0) @binding(0) var<uniform> color: vec4<f32>;

@vertex
fn vs(@location(0) position: vec2<f32>) -> @builtin(position) vec4<f32> {
    return vec4<f32>(position, 0.0, 1.0);
}

@fragment
fn fs() -> @location(0) vec4<f32> {
    return color;
}
"#;

const SIZE: u32 = 64;
const COUNT: u32 = 256;

fn main() -> ExitCode {
    match pollster::block_on(run()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("vigil-wgpu-workload: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<(), String> {
    // No debug flags: wgpu then registers no messenger, and Vigil prints what it finds.
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::VULKAN;
    desc.flags = wgpu::InstanceFlags::empty();
    let instance = wgpu::Instance::new(desc);
    let adapter = instance
        .request_adapter(&wgpu::RequestAdapterOptions::default())
        .await
        .map_err(|e| format!("no Vulkan adapter: {e}"))?;
    println!("adapter: {}", adapter.get_info().name);
    let (device, queue) =
        adapter.request_device(&wgpu::DeviceDescriptor::default()).await.map_err(|e| format!("no device: {e}"))?;
    compute(&device, &queue)?;
    render(&device, &queue)?;
    println!("compute ok, render ok");
    Ok(())
}

/// Reads `buffer` (MAP_READ) back after the queue's work.
fn read_back(device: &wgpu::Device, buffer: &wgpu::Buffer) -> Result<Vec<u8>, String> {
    let slice = buffer.slice(..);
    slice.map_async(wgpu::MapMode::Read, |r| r.expect("map_async"));
    device.poll(wgpu::PollType::wait_indefinitely()).map_err(|e| format!("poll: {e}"))?;
    let bytes = slice.get_mapped_range().map_err(|e| format!("mapped range: {e:?}"))?.to_vec();
    buffer.unmap();
    Ok(bytes)
}

fn compute(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<(), String> {
    let input: Vec<u8> = (0..COUNT).flat_map(|i| i.to_le_bytes()).collect();
    let storage = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("storage"),
        size: input.len() as u64,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    queue.write_buffer(&storage, 0, &input);
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("compute readback"),
        size: input.len() as u64,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("double"),
        source: wgpu::ShaderSource::Wgsl(COMPUTE.into()),
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("double"),
        layout: None,
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &pipeline.get_bind_group_layout(0),
        entries: &[wgpu::BindGroupEntry { binding: 0, resource: storage.as_entire_binding() }],
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(COUNT / 64, 1, 1);
    }
    encoder.copy_buffer_to_buffer(&storage, 0, &readback, 0, input.len() as u64);
    queue.submit([encoder.finish()]);
    let out = read_back(device, &readback)?;
    for (i, w) in out.chunks_exact(4).enumerate() {
        let v = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
        if v != 2 * i as u32 {
            return Err(format!("compute: element {i} is {v}, not {}", 2 * i));
        }
    }
    println!("compute: {COUNT} elements doubled");
    Ok(())
}

fn render(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<(), String> {
    let format = wgpu::TextureFormat::Rgba8Unorm;
    let target = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("target"),
        size: wgpu::Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let view = target.create_view(&Default::default());
    // One triangle that covers the whole target.
    let vertices: Vec<u8> = [-1.0f32, -1.0, 3.0, -1.0, -1.0, 3.0].iter().flat_map(|f| f.to_le_bytes()).collect();
    let vertex_buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("vertices"),
        size: vertices.len() as u64,
        usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    queue.write_buffer(&vertex_buffer, 0, &vertices);
    let color: Vec<u8> = [0.0f32, 1.0, 0.0, 1.0].iter().flat_map(|f| f.to_le_bytes()).collect();
    let uniform = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("color"),
        size: color.len() as u64,
        usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    queue.write_buffer(&uniform, 0, &color);
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("triangle"),
        source: wgpu::ShaderSource::Wgsl(RENDER.into()),
    });
    let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some("triangle"),
        layout: None,
        vertex: wgpu::VertexState {
            module: &module,
            entry_point: Some("vs"),
            compilation_options: Default::default(),
            buffers: &[Some(wgpu::VertexBufferLayout {
                array_stride: 8,
                step_mode: wgpu::VertexStepMode::Vertex,
                attributes: &wgpu::vertex_attr_array![0 => Float32x2],
            })],
        },
        fragment: Some(wgpu::FragmentState {
            module: &module,
            entry_point: Some("fs"),
            compilation_options: Default::default(),
            targets: &[Some(format.into())],
        }),
        primitive: Default::default(),
        depth_stencil: None,
        multisample: Default::default(),
        multiview_mask: None,
        cache: None,
    });
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &pipeline.get_bind_group_layout(0),
        entries: &[wgpu::BindGroupEntry { binding: 0, resource: uniform.as_entire_binding() }],
    });
    let bytes_per_row = SIZE * 4;
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("render readback"),
        size: u64::from(bytes_per_row * SIZE),
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("draw"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations { load: wgpu::LoadOp::Clear(wgpu::Color::BLACK), store: wgpu::StoreOp::Store },
            })],
            ..Default::default()
        });
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.set_vertex_buffer(0, vertex_buffer.slice(..));
        pass.draw(0..3, 0..1);
    }
    encoder.copy_texture_to_buffer(
        target.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &readback,
            layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(bytes_per_row), rows_per_image: None },
        },
        wgpu::Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
    );
    queue.submit([encoder.finish()]);
    let out = read_back(device, &readback)?;
    for (i, px) in out.chunks_exact(4).enumerate() {
        if px != [0, 255, 0, 255] {
            return Err(format!("render: pixel {i} is {px:?}, not green"));
        }
    }
    println!("render: {SIZE}x{SIZE} pixels green");
    Ok(())
}
