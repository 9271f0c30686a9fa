//! The VUIDs the reference layer's code names, read from its binary.
//!
//! The reference embeds the whole VUID → spec text table (to quote the spec in its messages), so
//! an id being in the .so says nothing about whether it is checked. What its checks name is
//! found through `.text` (`objdump -d`), two ways:
//! 1. by address: a RIP-relative operand whose target is a NUL-terminated `VUID-…` string in
//!    `.rodata` (a string constant handed to the logging call; in 1.3.239 about 8,100 ids);
//! 2. built in place: a `std::string` the compiler fills directly: 16-byte chunks loaded from
//!    `.rodata` and stored (`movdqa X(%rip),%xmm0; movups %xmm0,0x10(%rax)`), the tail stored
//!    from immediates (`movl $0x36383330,0x20(%rax)`, or through a register). No targeted
//!    address holds such an id whole, so the first way misses them (about 500 in 1.3.239,
//!    `vkCmdDispatch`'s group count checks among them); a built string counts only when it is
//!    exactly one of the `VUID-…` strings of `.rodata`.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Where Debian's `vulkan-validationlayers` puts the reference's library (first match wins).
const LIBRARY_PATHS: &[&str] = &[
    "/usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so",
    "/usr/local/lib/libVkLayer_khronos_validation.so",
    "/usr/lib/libVkLayer_khronos_validation.so",
];

/// The reference's library, if installed.
pub fn library() -> Option<PathBuf> {
    LIBRARY_PATHS.iter().map(PathBuf::from).find(|p| p.is_file())
}

/// The ids the reference's code names.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NamedIds {
    /// Strings whose address an instruction takes.
    pub by_address: BTreeSet<String>,
    /// Strings the code builds in place (not also named by address).
    pub built: BTreeSet<String>,
}

impl NamedIds {
    /// Every id named either way, sorted.
    pub fn all(&self) -> BTreeSet<&str> {
        self.by_address.iter().chain(&self.built).map(String::as_str).collect()
    }
}

/// Reads the ids `library`'s code names (runs `objdump`, a few seconds).
pub fn named_ids(library: &Path) -> Result<NamedIds, String> {
    let elf = std::fs::read(library).map_err(|e| format!("{}: {e}", library.display()))?;
    let rodata = sections(&elf)?
        .into_iter()
        .find(|s| s.name == ".rodata")
        .ok_or(format!("{}: no .rodata section", library.display()))?;
    let bytes = usize::try_from(rodata.offset)
        .ok()
        .zip(usize::try_from(rodata.size).ok())
        .and_then(|(o, n)| elf.get(o..o.checked_add(n)?))
        .ok_or(format!("{}: .rodata lies outside the file", library.display()))?;
    let strings = vuid_strings(bytes, rodata.addr);
    let known: BTreeSet<&str> = strings.values().map(String::as_str).collect();

    let mut child = Command::new("objdump")
        .args(["-d", "--no-show-raw-insn"])
        .arg(library)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("objdump (binutils) cannot run: {e}"))?;
    let mut scan = Scan::default();
    let read16 = |addr: u64| -> Option<[u8; 16]> {
        let at = usize::try_from(addr.checked_sub(rodata.addr)?).ok()?;
        bytes.get(at..at + 16)?.try_into().ok()
    };
    // Streamed: the listing is over 100 MB.
    for line in BufReader::new(child.stdout.take().expect("piped")).lines() {
        scan.line(&line.map_err(|e| format!("objdump: {e}"))?, &read16);
    }
    let status = child.wait().map_err(|e| format!("objdump: {e}"))?;
    if !status.success() {
        return Err(format!("objdump -d {} failed ({status})", library.display()));
    }
    scan.flush_all();

    let by_address: BTreeSet<String> = scan.targets.iter().filter_map(|a| strings.get(a)).cloned().collect();
    let built = scan
        .built
        .iter()
        .filter_map(|b| std::str::from_utf8(b).ok())
        .filter(|s| known.contains(s) && !by_address.contains(*s))
        .map(str::to_string)
        .collect();
    Ok(NamedIds { by_address, built })
}

/// One ELF section header, the fields this needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// From the section name string table.
    pub name: String,
    /// Virtual address (`sh_addr`).
    pub addr: u64,
    /// File offset (`sh_offset`).
    pub offset: u64,
    /// Size in bytes (`sh_size`).
    pub size: u64,
}

/// The section headers of a little-endian ELF64 file.
pub fn sections(elf: &[u8]) -> Result<Vec<Section>, String> {
    if elf.get(..4) != Some(b"\x7fELF".as_slice()) || elf.get(4) != Some(&2) || elf.get(5) != Some(&1) {
        return Err("not a little-endian ELF64 file".into());
    }
    let short = || "truncated ELF file".to_string();
    let u16_at = |o: usize| elf.get(o..o + 2).map(|b| u16::from_le_bytes(b.try_into().unwrap()));
    let u32_at = |o: usize| elf.get(o..o + 4).map(|b| u32::from_le_bytes(b.try_into().unwrap()));
    let u64_at = |o: usize| elf.get(o..o + 8).map(|b| u64::from_le_bytes(b.try_into().unwrap()));
    let shoff = usize::try_from(u64_at(0x28).ok_or_else(short)?).map_err(|_| short())?;
    let entsize = usize::from(u16_at(0x3A).ok_or_else(short)?);
    let count = usize::from(u16_at(0x3C).ok_or_else(short)?);
    let strndx = usize::from(u16_at(0x3E).ok_or_else(short)?);
    let mut raw = Vec::with_capacity(count);
    for i in 0..count {
        let h = shoff + i * entsize;
        let field = |r: Option<u64>| r.ok_or_else(short);
        raw.push((
            u32_at(h).ok_or_else(short)?,
            field(u64_at(h + 0x10))?,
            field(u64_at(h + 0x18))?,
            field(u64_at(h + 0x20))?,
        ));
    }
    let names = raw.get(strndx).map(|r| r.2).ok_or("no section name table")?;
    raw.into_iter()
        .map(|(name, addr, offset, size)| {
            let start = usize::try_from(names + u64::from(name)).map_err(|_| short())?;
            let len = elf.get(start..).and_then(|b| b.iter().position(|&c| c == 0)).ok_or_else(short)?;
            let name = String::from_utf8_lossy(&elf[start..start + len]).into_owned();
            Ok(Section { name, addr, offset, size })
        })
        .collect()
}

/// Every NUL-terminated `VUID-[A-Za-z0-9_-]+` string in `bytes` (a section loaded at `base`),
/// by address. Each occurrence counts, a string's tail inside a longer one included: only
/// addresses the code takes are kept later.
pub fn vuid_strings(bytes: &[u8], base: u64) -> BTreeMap<u64, String> {
    let mut out = BTreeMap::new();
    let mut from = 0;
    while let Some(at) = find(&bytes[from..], b"VUID-").map(|i| from + i) {
        let len = bytes[at..].iter().position(|&c| !id_byte(c)).unwrap_or(bytes.len() - at);
        if bytes.get(at + len) == Some(&0) && len > 5 {
            out.insert(base + at as u64, String::from_utf8_lossy(&bytes[at..at + len]).into_owned());
        }
        from = at + 5;
    }
    out
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn id_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-'
}

/// The target objdump prints for a RIP-relative operand: `… 0x1a(%rip),%rdi   # 154fcf0 <sym>`.
pub fn rip_target(line: &str) -> Option<u64> {
    if !line.contains("(%rip)") {
        return None;
    }
    let (_, comment) = line.split_once("# ")?;
    let hex = comment.split(|c: char| !c.is_ascii_hexdigit()).next()?;
    u64::from_str_radix(hex, 16).ok()
}

/// Instructions that read their last operand without writing it.
const READ_ONLY: &[&str] = &["push", "cmp", "test", "bt"];

/// Moves of 16 bytes through an XMM register.
const VECTOR_MOVES: &[&str] = &["movdqa", "movdqu", "movaps", "movups"];

/// What the listing says so far: the addresses taken, the strings built, and the state of the
/// instruction window a string is built in.
#[derive(Default)]
pub struct Scan {
    /// Targets of RIP-relative operands, 16-byte vector loads (string chunks) left out.
    pub targets: BTreeSet<u64>,
    /// Byte runs starting with `VUID-` stored in place.
    pub built: Vec<Vec<u8>>,
    /// XMM registers holding 16 bytes loaded from a known address.
    vectors: HashMap<String, [u8; 16]>,
    /// General registers (by their 64-bit name) holding an immediate.
    registers: HashMap<&'static str, u64>,
    /// Bytes stored at offsets from a base register (by its 64-bit name).
    buffers: HashMap<&'static str, BTreeMap<i64, u8>>,
}

impl Scan {
    /// Takes one line of `objdump -d --no-show-raw-insn`; `read16` reads 16 bytes of `.rodata`
    /// at a virtual address.
    pub fn line(&mut self, line: &str, read16: &dyn Fn(u64) -> Option<[u8; 16]>) {
        if line.ends_with(">:") {
            // A new function.
            self.flush_all();
            return;
        }
        let Some((_, code)) = line.split_once(":\t") else { return };
        let code = code.split('#').next().unwrap_or("").trim();
        let mut words = code.split_whitespace();
        let op = words.next().unwrap_or("");
        let prefixed = words.next().unwrap_or("");
        if [op, prefixed].iter().any(|w| w.starts_with("call") || w.starts_with("jmp") || w.starts_with("ret")) {
            // A string's stores sit between the allocation call and the next call.
            self.flush_all();
            return;
        }
        let operands = code[op.len()..].trim();
        let args = split_operands(operands);
        let target = rip_target(line);
        let vector = VECTOR_MOVES.contains(&op);
        if let Some(t) = target.filter(|_| !vector && !op.starts_with("nop")) {
            self.targets.insert(t);
        }
        match (args.as_slice(), vector) {
            ([src, dst], true) if src.ends_with("(%rip)") && dst.starts_with("%xmm") => {
                match target.and_then(read16) {
                    Some(bytes) => self.vectors.insert(dst.to_string(), bytes),
                    None => self.vectors.remove(*dst),
                };
            }
            ([src, dst], true) if src.starts_with("%xmm") && !dst.starts_with('%') => {
                if let Some(bytes) = self.vectors.get(*src).copied() {
                    self.store(dst, &bytes);
                }
            }
            ([src, dst], false) if op.starts_with("mov") && src.starts_with('$') => {
                let Some(value) = immediate(src) else { return };
                if let Some((reg, size)) = register(dst) {
                    self.written(reg);
                    // A 32-bit destination zero-extends; narrower ones keep the rest unknown.
                    if size >= 4 {
                        self.registers.insert(reg, value & mask(size));
                    }
                } else if let Some(size) = store_size(op) {
                    self.store(dst, &value.to_le_bytes()[..size]);
                }
            }
            ([src, dst], false) if op.starts_with("mov") && register(src).is_some() && !dst.starts_with('%') => {
                let (reg, size) = register(src).unwrap();
                if let Some(value) = self.registers.get(reg).copied() {
                    self.store(dst, &value.to_le_bytes()[..size]);
                }
            }
            _ if READ_ONLY.iter().any(|r| op.starts_with(r)) => {}
            _ => {
                // Anything else that writes a register ends what was known of it.
                if let Some(last) = args.last() {
                    if last.starts_with("%xmm") {
                        self.vectors.remove(*last);
                    } else if let Some((reg, _)) = register(last) {
                        self.written(reg);
                    }
                }
            }
        }
    }

    /// Stores `bytes` at the memory operand `dst` (`OFF(%reg)` only).
    fn store(&mut self, dst: &str, bytes: &[u8]) {
        let Some((offset, base)) = memory(dst) else { return };
        let buffer = self.buffers.entry(base).or_default();
        for (i, &b) in bytes.iter().enumerate() {
            buffer.insert(offset + i as i64, b);
        }
    }

    /// `reg` gets a new value: what it held and what was stored through it are done.
    fn written(&mut self, reg: &'static str) {
        self.registers.remove(reg);
        if let Some(buffer) = self.buffers.remove(reg) {
            self.built.extend(runs(&buffer));
        }
    }

    /// Ends the window: every buffer's `VUID-` runs are kept, the registers forgotten.
    pub fn flush_all(&mut self) {
        for (_, buffer) in self.buffers.drain() {
            self.built.extend(runs(&buffer));
        }
        self.registers.clear();
        self.vectors.clear();
    }
}

/// The runs of contiguous stored bytes that start with `VUID-`.
fn runs(buffer: &BTreeMap<i64, u8>) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut run: Vec<u8> = Vec::new();
    let mut next = None;
    for (&at, &b) in buffer {
        if next != Some(at) {
            if run.starts_with(b"VUID-") {
                out.push(std::mem::take(&mut run));
            }
            run.clear();
        }
        run.push(b);
        next = Some(at + 1);
    }
    if run.starts_with(b"VUID-") {
        out.push(run);
    }
    out
}

/// Operands split at top-level commas (`0x8(%rax,%rdx,1)` stays whole).
fn split_operands(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !s[start..].trim().is_empty() {
        out.push(s[start..].trim());
    }
    out
}

/// `$0x2a` → 42 (objdump prints immediates in hex, sign-extended ones in full).
fn immediate(s: &str) -> Option<u64> {
    u64::from_str_radix(s.strip_prefix("$0x")?, 16).ok()
}

/// Bytes an immediate-to-memory move stores, by its suffix.
fn store_size(op: &str) -> Option<usize> {
    match op {
        "movb" => Some(1),
        "movw" => Some(2),
        "movl" => Some(4),
        "movq" => Some(8),
        _ => None,
    }
}

fn mask(size: usize) -> u64 {
    if size >= 8 {
        u64::MAX
    } else {
        (1 << (8 * size)) - 1
    }
}

/// `OFF(%reg)` → (OFF, the register's 64-bit name); no index register.
fn memory(s: &str) -> Option<(i64, &'static str)> {
    let (offset, rest) = s.split_once('(')?;
    let (reg, _) = register(rest.strip_suffix(')')?)?;
    let offset = match offset {
        "" => 0,
        o if o.starts_with("-0x") => -i64::from_str_radix(&o[3..], 16).ok()?,
        o => i64::from_str_radix(o.strip_prefix("0x")?, 16).ok()?,
    };
    Some((offset, reg))
}

/// A general register → its 64-bit name and the bytes this name covers.
fn register(s: &str) -> Option<(&'static str, usize)> {
    const LEGACY: &[[&str; 5]] = &[
        // 64-bit name, 32, 16, 8 bits, and the name reported.
        ["%rax", "%eax", "%ax", "%al", "rax"],
        ["%rbx", "%ebx", "%bx", "%bl", "rbx"],
        ["%rcx", "%ecx", "%cx", "%cl", "rcx"],
        ["%rdx", "%edx", "%dx", "%dl", "rdx"],
        ["%rsi", "%esi", "%si", "%sil", "rsi"],
        ["%rdi", "%edi", "%di", "%dil", "rdi"],
        ["%rbp", "%ebp", "%bp", "%bpl", "rbp"],
        ["%rsp", "%esp", "%sp", "%spl", "rsp"],
    ];
    const NUMBERED: &[&str] = &["r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"];
    for names in LEGACY {
        if let Some(i) = names[..4].iter().position(|n| *n == s) {
            return Some((names[4], [8, 4, 2, 1][i]));
        }
    }
    let name = s.strip_prefix('%')?;
    NUMBERED.iter().find_map(|&n| {
        let size = match name.strip_prefix(n)? {
            "" => 8,
            "d" => 4,
            "w" => 2,
            "b" => 1,
            _ => return None,
        };
        Some((n, size))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal ELF64: header, a `.rodata` and a name table, then three section headers.
    fn tiny_elf() -> Vec<u8> {
        let names = b"\0.rodata\0.shstrtab\0";
        let rodata = b"xx\0VUID-vkCmdDraw-None-02859\0";
        let mut elf = vec![0u8; 0x40];
        elf[..6].copy_from_slice(b"\x7fELF\x02\x01");
        let rodata_at = elf.len() as u64;
        elf.extend_from_slice(rodata);
        let names_at = elf.len() as u64;
        elf.extend_from_slice(names);
        let shoff = elf.len() as u64;
        let header = |name: u32, addr: u64, offset: u64, size: u64| {
            let mut h = vec![0u8; 0x40];
            h[..4].copy_from_slice(&name.to_le_bytes());
            h[0x10..0x18].copy_from_slice(&addr.to_le_bytes());
            h[0x18..0x20].copy_from_slice(&offset.to_le_bytes());
            h[0x20..0x28].copy_from_slice(&size.to_le_bytes());
            h
        };
        elf.extend(header(0, 0, 0, 0));
        elf.extend(header(1, 0x1000, rodata_at, rodata.len() as u64));
        elf.extend(header(9, 0, names_at, names.len() as u64));
        elf[0x28..0x30].copy_from_slice(&shoff.to_le_bytes());
        elf[0x3A..0x3C].copy_from_slice(&0x40u16.to_le_bytes());
        elf[0x3C..0x3E].copy_from_slice(&3u16.to_le_bytes());
        elf[0x3E..0x40].copy_from_slice(&2u16.to_le_bytes());
        elf
    }

    #[test]
    fn section_headers() {
        let elf = tiny_elf();
        let s = sections(&elf).unwrap();
        let names: Vec<&str> = s.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["", ".rodata", ".shstrtab"]);
        let rodata = &s[1];
        assert_eq!((rodata.addr, rodata.offset, rodata.size), (0x1000, 0x40, 29));
        let bytes = &elf[rodata.offset as usize..][..rodata.size as usize];
        assert_eq!(vuid_strings(bytes, rodata.addr), BTreeMap::from([(0x1003, "VUID-vkCmdDraw-None-02859".into())]));
        assert!(sections(b"\x7fELF\x01\x01").is_err(), "ELF32");
        assert!(sections(&elf[..0x30]).is_err());
    }

    #[test]
    fn strings_of_a_section() {
        let bytes = b"VUID-a-b-01234\0\0VUID-x-y-paramet\x01VUID-c\0VUID-\0text VUID-d-e-00001";
        let found = vuid_strings(bytes, 0x100);
        // Unterminated (the section's end, or a byte outside the id alphabet) does not count.
        assert_eq!(found, BTreeMap::from([(0x100, "VUID-a-b-01234".into()), (0x100 + 33, "VUID-c".into())]));
    }

    #[test]
    fn objdump_comments() {
        let lea = "  23dfbe:\tlea    0x131adfb(%rip),%rdi        # 1558dc0 <vkGetDeviceProcAddr@@Base+0xfe1e80>";
        assert_eq!(rip_target(lea), Some(0x1558dc0));
        let bare = "  8bdf93:\tlea    0x73b4e6(%rip),%r14        # ff9480";
        assert_eq!(rip_target(bare), Some(0xff9480));
        assert_eq!(rip_target("  220004:\tcall   2206b0 <_M_create@plt>"), None);
        assert_eq!(rip_target("  a1e702:\tmovq   $0x24,0x28(%rsp)"), None);
    }

    /// The listing of `VUID-vkCmdDispatch-groupCountX-00386` as 1.3.239 builds it, and a tail
    /// stored through a narrower register.
    #[test]
    fn strings_built_in_place() {
        let chunks: HashMap<u64, [u8; 16]> = HashMap::from([
            (0x106d710, *b"VUID-vkCmdDispat"),
            (0x106d720, *b"ch-groupCountX-0"),
            (0x106d4d0, *b"VUID-vkCmdPushCo"),
            (0x106d4f0, *b"nstants-size-003"),
        ]);
        let read16 = |a: u64| chunks.get(&a).copied();
        let listing = "\
0000000000a1e6d0 <f>:
  a1e70b:\tcall   2206b0 <_M_create@plt>
  a1e710:\tmov    0x28(%rsp),%rdx
  a1e715:\tmovdqa 0x64eff3(%rip),%xmm0        # 106d710 <x>
  a1e71d:\tmov    %r14,%rsi
  a1e720:\tmov    %rax,0x30(%rsp)
  a1e72a:\tmovups %xmm0,(%rax)
  a1e72d:\tmovdqa 0x64efeb(%rip),%xmm0        # 106d720 <x>
  a1e735:\tmovl   $0x36383330,0x20(%rax)
  a1e73c:\tmovups %xmm0,0x10(%rax)
  a1e745:\tmovb   $0x0,(%rax,%rdx,1)
  a1e749:\tlea    0x50(%rsp),%rax
  a1e74e:\tlea    0x1234(%rip),%rsi        # 1558dc0 <x>
  a1a973:\tcall   2206b0 <_M_create@plt>
  a1a987:\tmov    $0x3137,%r10d
  a1a97f:\tmovdqa 0x652b49(%rip),%xmm0        # 106d4d0 <x>
  a1a99b:\tmovups %xmm0,(%rax)
  a1a99e:\tmovdqa 0x652b4a(%rip),%xmm0        # 106d4f0 <x>
  a1a9a6:\tmov    %r10w,0x20(%rax)
  a1a9ab:\tmovups %xmm0,0x10(%rax)
  a1a9b6:\tmovb   $0x0,(%rax,%rdx,1)
  a1a9c1:\tcall   717d90 <g>
";
        let mut scan = Scan::default();
        for line in listing.lines() {
            scan.line(line, &read16);
        }
        scan.flush_all();
        let built: Vec<String> = scan.built.iter().map(|b| String::from_utf8_lossy(b).into_owned()).collect();
        assert_eq!(built, ["VUID-vkCmdDispatch-groupCountX-00386", "VUID-vkCmdPushConstants-size-00371"]);
        // The chunks' addresses are not "named" strings; the lea's is.
        assert_eq!(scan.targets, BTreeSet::from([0x1558dc0]));
    }

    #[test]
    fn operands_and_registers() {
        assert_eq!(split_operands("$0x0,(%rax,%rdx,1)"), ["$0x0", "(%rax,%rdx,1)"]);
        assert_eq!(split_operands(""), Vec::<&str>::new());
        assert_eq!(memory("-0x90(%rbp)"), Some((-0x90, "rbp")));
        assert_eq!(memory("(%r12)"), Some((0, "r12")));
        assert_eq!(memory("0x8(%rax,%rdx,1)"), None);
        assert_eq!(register("%r10w"), Some(("r10", 2)));
        assert_eq!(register("%dil"), Some(("rdi", 1)));
        assert_eq!(register("%xmm0"), None);
        assert_eq!(immediate("$0xffffffffffffffff"), Some(u64::MAX));
    }
}
