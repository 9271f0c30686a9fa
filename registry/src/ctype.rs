//! C declarations as the registry writes them (`const char* const* ppEnabledLayerNames`,
//! `float matrix[3][4]`, `uint32_t mask:8`), parsed into a type tree.

use crate::Error;

/// A C type as it appears in a member, parameter or return declaration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CType {
    /// A named type: a C builtin (`void`, `uint32_t`, `char`, …) or a registry type.
    Named(String),
    /// A pointer; `pointee_const` says whether the pointee is `const`.
    Pointer { pointee_const: bool, pointee: Box<CType> },
    /// A fixed-size array (struct members only).
    Array { element: Box<CType>, len: ArrayLen },
}

/// The length of a fixed-size array: a literal or an API constant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ArrayLen {
    Literal(u32),
    Constant(String),
}

impl CType {
    /// The innermost named type (through pointers and arrays).
    pub fn base_name(&self) -> &str {
        match self {
            CType::Named(n) => n,
            CType::Pointer { pointee, .. } => pointee.base_name(),
            CType::Array { element, .. } => element.base_name(),
        }
    }

    /// The named type when this is not a pointer or array.
    pub fn as_named(&self) -> Option<&str> {
        match self {
            CType::Named(n) => Some(n),
            _ => None,
        }
    }

    /// Number of pointer levels at the top (`const char* const*` → 2).
    pub fn pointer_depth(&self) -> usize {
        match self {
            CType::Pointer { pointee, .. } => 1 + pointee.pointer_depth(),
            _ => 0,
        }
    }

    /// The pointee of a top-level pointer.
    pub fn pointee(&self) -> Option<(&CType, bool)> {
        match self {
            CType::Pointer { pointee, pointee_const } => Some((pointee, *pointee_const)),
            _ => None,
        }
    }
}

/// A parsed declarator: the type, and a bitfield width when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    pub ty: CType,
    pub bitfield: Option<u32>,
}

#[derive(Debug, PartialEq)]
enum Token<'a> {
    Ident(&'a str),
    Number(u32),
    Star,
    Open,
    Close,
    Colon,
}

fn tokenize(code: &str) -> Result<Vec<Token<'_>>, String> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b' ' | b'\t' | b'\n' | b'\r' | b';' => i += 1,
            b'*' => {
                out.push(Token::Star);
                i += 1
            }
            b'[' => {
                out.push(Token::Open);
                i += 1
            }
            b']' => {
                out.push(Token::Close);
                i += 1
            }
            b':' => {
                out.push(Token::Colon);
                i += 1
            }
            b'0'..=b'9' => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let n = code[start..i].parse().map_err(|e| format!("{e}"))?;
                out.push(Token::Number(n));
            }
            c if c == b'_' || c.is_ascii_alphabetic() => {
                let start = i;
                while i < bytes.len() && (bytes[i] == b'_' || bytes[i].is_ascii_alphanumeric()) {
                    i += 1;
                }
                out.push(Token::Ident(&code[start..i]));
            }
            _ => return Err(format!("unexpected character {:?}", c as char)),
        }
    }
    Ok(out)
}

/// Parses `code`, the full text of a `<member>`/`<param>`/`<proto>` element with comments
/// removed, whose declared name is `name`.
pub fn parse_declaration(code: &str, name: &str) -> Result<Declaration, Error> {
    let fail = |why: String| Error::Declaration { code: code.to_string(), why };
    let tokens = tokenize(code).map_err(fail)?;
    let name_at = tokens
        .iter()
        .rposition(|t| *t == Token::Ident(name))
        .ok_or_else(|| fail(format!("declared name `{name}` not found")))?;
    let (head, tail) = tokens.split_at(name_at);
    let tail = &tail[1..];

    let mut ty: Option<CType> = None;
    let mut pending_const = false;
    for t in head {
        match t {
            Token::Ident("const") => pending_const = true,
            Token::Ident("struct") => {}
            Token::Ident(base) if ty.is_none() => ty = Some(CType::Named(base.to_string())),
            Token::Star => {
                let pointee = ty.take().ok_or_else(|| fail("`*` before a type".into()))?;
                ty = Some(CType::Pointer { pointee_const: pending_const, pointee: Box::new(pointee) });
                pending_const = false;
            }
            other => return Err(fail(format!("unexpected {other:?} before the name"))),
        }
    }
    let mut ty = ty.ok_or_else(|| fail("no type before the name".into()))?;

    let mut dims = Vec::new();
    let mut bitfield = None;
    let mut rest = tail;
    while !rest.is_empty() {
        match rest {
            [Token::Open, Token::Number(n), Token::Close, more @ ..] => {
                dims.push(ArrayLen::Literal(*n));
                rest = more;
            }
            [Token::Open, Token::Ident(c), Token::Close, more @ ..] => {
                dims.push(ArrayLen::Constant(c.to_string()));
                rest = more;
            }
            [Token::Colon, Token::Number(n)] => {
                bitfield = Some(*n);
                rest = &[];
            }
            _ => return Err(fail(format!("unexpected {:?} after the name", rest[0]))),
        }
    }
    // `T a[3][4]` is an array of 3 arrays of 4: wrap from the innermost dimension out.
    for len in dims.into_iter().rev() {
        ty = CType::Array { element: Box::new(ty), len };
    }
    if bitfield.is_some() && !matches!(ty, CType::Named(_)) {
        return Err(fail("bitfield on a pointer or array".into()));
    }
    Ok(Declaration { ty, bitfield })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(n: &str) -> CType {
        CType::Named(n.into())
    }

    #[test]
    fn pointers_to_const_pointers() {
        let d = parse_declaration("const char* const* ppEnabledLayerNames", "ppEnabledLayerNames").unwrap();
        assert_eq!(
            d.ty,
            CType::Pointer {
                pointee_const: true,
                pointee: Box::new(CType::Pointer { pointee_const: true, pointee: Box::new(named("char")) })
            }
        );
    }

    #[test]
    fn arrays_nest_outer_first() {
        let d = parse_declaration("float matrix[3][4]", "matrix").unwrap();
        let inner = CType::Array { element: Box::new(named("float")), len: ArrayLen::Literal(4) };
        assert_eq!(d.ty, CType::Array { element: Box::new(inner), len: ArrayLen::Literal(3) });
        let d = parse_declaration("char name[VK_MAX_EXTENSION_NAME_SIZE]", "name").unwrap();
        assert_eq!(d.ty.base_name(), "char");
    }

    #[test]
    fn bitfields() {
        let d = parse_declaration("uint32_t mask:8", "mask").unwrap();
        assert_eq!(d, Declaration { ty: named("uint32_t"), bitfield: Some(8) });
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(parse_declaration("uint32_t (*fn)(void)", "fn").is_err());
        assert!(parse_declaration("uint32_t", "missing").is_err());
    }
}
