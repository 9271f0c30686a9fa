//! `vigil-workload`: one benchmark workload, run once as its own process.
//!
//! ```text
//! vigil-workload <draw|dispatch|churn|threads> [--frames N] [--count N] [--threads T] [--no-submit]
//! vigil-workload soak [--frames SUBMITS] [--wait fence|timeline]
//! ```
//!
//! Every workload is a valid Vulkan 1.3 program. Each frame runs the workload's measured section
//! (recording command buffers, or creating and destroying objects) and, where there is
//! something to execute, submits it and waits. Frame 0 is a warm-up; frames 1..=N run the
//! measured section inside [`vigil_bench_measured`], the one function `cargo xtask bench` has
//! callgrind count. Results go to stdout as `vigil-bench: <key> <value>` lines (see
//! [`print_results`]); the process exits non-zero if a layer reported a WARNING or ERROR
//! validation message.

mod churn;
mod context;
mod dispatch;
mod draw;
mod soak;

use std::process::ExitCode;
use std::time::Instant;

use context::Context;

/// The measured section: everything this function and its callees execute (the workload's
/// loop, the layers, the driver) is what callgrind counts, with
/// `--collect-atstart=no --toggle-collect=vigil_bench_measured`. Unmangled so that name is the
/// symbol; never inlined so the symbol exists and brackets exactly the work.
#[no_mangle]
#[inline(never)]
pub fn vigil_bench_measured(work: &mut dyn FnMut()) {
    // Bodies distinct from `vigil_soak_window`'s: identical ones are folded into one address,
    // and callgrind then knows the section by the other name only (it counted nothing).
    std::hint::black_box(MEASURED);
    work();
}

/// What each bracketing function hands `black_box`, so that no two are identical.
const MEASURED: u8 = 1;
const SOAK_WINDOW: u8 = 2;

/// The soak workload's first and last windows of frames, each inside one call: `cargo xtask
/// bench` has callgrind count it and dump after each call (`--toggle-collect`, `--dump-after`),
/// one profile per window. Unmangled and never inlined, as [`vigil_bench_measured`].
#[no_mangle]
#[inline(never)]
pub fn vigil_soak_window(work: &mut dyn FnMut()) {
    std::hint::black_box(SOAK_WINDOW);
    work();
}

/// Runs `work` inside [`vigil_bench_measured`] when `measure`, directly (uncounted) otherwise.
pub fn section(measure: bool, work: &mut dyn FnMut()) {
    if measure {
        vigil_bench_measured(work);
    } else {
        work();
    }
}

/// One benchmark workload, set up on a [`Context`].
pub trait Workload {
    /// Vulkan calls one frame's measured section makes: every one of them is a call the layer
    /// under test intercepts.
    fn calls_per_frame(&self) -> u64;
    /// Unmeasured work before a frame (resetting command pools).
    fn prepare(&mut self) {}
    /// One frame's measured section, inside [`vigil_bench_measured`] when `measure`.
    fn frame(&mut self, measure: bool);
    /// The CPU ns the last frame's recording threads spent in it, summed, when they are not the
    /// calling thread (`None`: the calling thread recorded, and its CPU time is the frame's).
    fn recording_cpu_ns(&mut self) -> Option<u64> {
        None
    }
    /// Submits what the frame recorded and waits for it; false when the workload has nothing
    /// to execute.
    fn submit(&mut self) -> bool;
}

/// Parsed command line.
struct Args {
    workload: String,
    frames: usize,
    count: Option<u32>,
    threads: usize,
    submit: bool,
    /// How `soak` observes completion.
    wait: soak::Wait,
}

fn parse_args() -> Result<Args, String> {
    let mut args = std::env::args().skip(1);
    let workload = args.next().ok_or("missing workload name")?;
    let frames = if workload == "soak" { soak::SUBMITS } else { 10 };
    let mut parsed = Args { workload, frames, count: None, threads: 1, submit: true, wait: soak::Wait::Fence };
    while let Some(flag) = args.next() {
        let mut value = |what: &str| -> Result<u64, String> {
            let v = args.next().ok_or(format!("{what} needs a value"))?;
            v.parse().map_err(|_| format!("{what}: not a number: {v}"))
        };
        match flag.as_str() {
            "--frames" => parsed.frames = value("--frames")? as usize,
            "--count" => parsed.count = Some(value("--count")? as u32),
            "--threads" => parsed.threads = (value("--threads")? as usize).max(1),
            "--no-submit" => parsed.submit = false,
            "--wait" => {
                let v = args.next().ok_or("--wait needs a value")?;
                parsed.wait = soak::Wait::parse(&v).ok_or(format!("--wait: fence or timeline, not {v}"))?;
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(parsed)
}

const USAGE: &str = "usage: vigil-workload <draw|dispatch|churn|threads> [--frames N] [--count N] [--threads T] \
                     [--no-submit]\n       vigil-workload soak [--frames SUBMITS] [--wait fence|timeline]";

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("vigil-workload: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let ctx = match Context::new() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("vigil-workload: {e}");
            return ExitCode::FAILURE;
        }
    };
    if args.workload == "soak" {
        return run_soak(&args, ctx);
    }
    let results = {
        let mut workload: Box<dyn Workload + '_> = match args.workload.as_str() {
            "draw" => Box::new(draw::Draw::new(&ctx, args.count.unwrap_or(draw::DRAWS), None)),
            "threads" => Box::new(draw::Draw::new(&ctx, args.count.unwrap_or(draw::DRAWS), Some(args.threads))),
            "dispatch" => Box::new(dispatch::Dispatch::new(&ctx, args.count.unwrap_or(dispatch::ITERATIONS))),
            "churn" => Box::new(churn::Churn::new(&ctx, args.count.unwrap_or(churn::OBJECTS))),
            other => {
                eprintln!("vigil-workload: unknown workload {other}\n{USAGE}");
                return ExitCode::from(2);
            }
        };
        let timed = run(workload.as_mut(), args.frames, args.submit);
        Results {
            device_name: ctx.device_name.clone(),
            tool_layers: ctx.tool_layers.join(","),
            calls_per_frame: workload.calls_per_frame(),
            timed,
        }
        // The workload's objects are destroyed here, before the device.
    };
    unsafe { ctx.device.device_wait_idle() }.expect("vkDeviceWaitIdle");
    drop(ctx);
    // Read after teardown: the peak covers the whole run, and a layer's complaints about objects
    // left alive arrive at vkDestroyDevice.
    let problems = context::problems();
    print_results(&args, &results, problems);
    if problems > 0 {
        eprintln!("vigil-workload: {problems} WARNING/ERROR validation message(s): the run does not count");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The `soak` workload: its own loop (every frame submits) and its own figures.
fn run_soak(args: &Args, ctx: Context) -> ExitCode {
    let results = {
        let mut soak = soak::Soak::new(&ctx, args.wait);
        soak.run(args.frames)
    };
    unsafe { ctx.device.device_wait_idle() }.expect("vkDeviceWaitIdle");
    let (device_name, tool_layers) = (ctx.device_name.clone(), ctx.tool_layers.join(","));
    drop(ctx);
    let problems = context::problems();
    let window = soak::window(results.frame_ns.len());
    println!("vigil-bench: workload soak");
    println!("vigil-bench: wait {:?}", args.wait);
    println!("vigil-bench: calls_per_frame {}", results.calls_per_frame);
    println!("vigil-bench: frames {}", results.frame_ns.len());
    println!("vigil-bench: soak_window {window}");
    for (what, frames) in [("", &results.frame_ns), ("_cpu", &results.frame_cpu_ns)] {
        println!("vigil-bench: soak_first{what}_median_ns {}", soak::median(&frames[..window]));
        println!("vigil-bench: soak_last{what}_median_ns {}", soak::median(&frames[frames.len() - window..]));
        // Ten equal stretches of the run, for the shape of any drift.
        let tenth = (frames.len() / 10).max(1);
        let tenths: Vec<String> = frames.chunks(tenth).map(|c| soak::median(c).to_string()).collect();
        println!("vigil-bench: soak_tenths{what}_median_ns {}", tenths.join(" "));
    }
    if let Some(kib) = results.rss_from_kib {
        println!("vigil-bench: soak_rss_from_kib {kib}");
    }
    if let Some(kib) = results.rss_end_kib {
        println!("vigil-bench: soak_rss_end_kib {kib}");
    }
    if let Some(kib) = peak_rss_kib() {
        println!("vigil-bench: peak_rss_kib {kib}");
    }
    println!("vigil-bench: validation_problems {problems}");
    println!("vigil-bench: tool_layers {tool_layers}");
    println!("vigil-bench: device {device_name}");
    if problems > 0 {
        eprintln!("vigil-workload: {problems} WARNING/ERROR validation message(s): the run does not count");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// What one process measured.
struct Results {
    /// The physical device's name.
    device_name: String,
    /// Comma-separated layers that reported themselves as tools.
    tool_layers: String,
    /// Vulkan calls in one frame's measured section.
    calls_per_frame: u64,
    /// What the frame loop timed.
    timed: Timed,
}

/// Each measured frame's times.
struct Timed {
    /// Wall-clock ns of the measured section.
    record_ns: Vec<u64>,
    /// CPU ns of the measured section on the threads that recorded it, summed: with the calls
    /// per frame, the CPU time a call costs a recording thread (what contention between
    /// threads shows in, where too few cores leave the wall clock to the scheduler).
    record_cpu_ns: Vec<u64>,
    /// Wall-clock ns of the submit + wait (empty when none).
    submit_ns: Vec<u64>,
}

/// The frame loop: one warm-up frame, then `frames` measured ones. Returns the times of each
/// measured section and of each submit + wait (none when the workload submits nothing).
fn run(workload: &mut dyn Workload, frames: usize, submit: bool) -> Timed {
    let mut t = Timed {
        record_ns: Vec::with_capacity(frames),
        record_cpu_ns: Vec::with_capacity(frames),
        submit_ns: Vec::with_capacity(frames),
    };
    for frame in 0..=frames {
        let measure = frame > 0;
        workload.prepare();
        let (start, start_cpu) = (Instant::now(), thread_cpu_ns());
        workload.frame(measure);
        let (recorded, recorded_cpu) = (start.elapsed(), thread_cpu_ns().saturating_sub(start_cpu));
        let recorded_cpu = workload.recording_cpu_ns().unwrap_or(recorded_cpu);
        let start = Instant::now();
        let submitted = submit && workload.submit();
        let waited = start.elapsed();
        if measure {
            t.record_ns.push(recorded.as_nanos() as u64);
            t.record_cpu_ns.push(recorded_cpu);
            if submitted {
                t.submit_ns.push(waited.as_nanos() as u64);
            }
        }
    }
    t
}

/// The calling thread's CPU time, ns (`CLOCK_THREAD_CPUTIME_ID`).
pub fn thread_cpu_ns() -> u64 {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: the C library's clock_gettime on 64-bit Linux, writing one timespec.
    if unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } != 0 {
        return 0;
    }
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
}

/// Writes the results as `vigil-bench: <key> <value>` lines, the protocol `cargo xtask bench`
/// parses (xtask/src/bench/process.rs): `calls_per_frame N`, `frames N`, `record_ns N N …`,
/// `record_cpu_ns N N …`, `submit_ns N N …`, `peak_rss_kib N`, `validation_problems N`, `tool_layers A,B`, `device NAME`
/// (and `workload`, `threads`, echoing the command line).
fn print_results(args: &Args, results: &Results, problems: usize) {
    let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    println!("vigil-bench: workload {}", args.workload);
    println!("vigil-bench: threads {}", args.threads);
    println!("vigil-bench: calls_per_frame {}", results.calls_per_frame);
    println!("vigil-bench: frames {}", results.timed.record_ns.len());
    println!("vigil-bench: record_ns {}", list(&results.timed.record_ns));
    println!("vigil-bench: record_cpu_ns {}", list(&results.timed.record_cpu_ns));
    println!("vigil-bench: submit_ns {}", list(&results.timed.submit_ns));
    if let Some(kib) = peak_rss_kib() {
        println!("vigil-bench: peak_rss_kib {kib}");
    }
    println!("vigil-bench: validation_problems {problems}");
    println!("vigil-bench: tool_layers {}", results.tool_layers);
    println!("vigil-bench: device {}", results.device_name);
}

/// The process's peak resident set (`VmHWM` of /proc/self/status), in KiB.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
