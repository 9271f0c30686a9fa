//! `depends` expressions: `VK_KHR_video_queue+(VK_KHR_synchronization2,VK_VERSION_1_3)`.
//! `+` is AND, `,` is OR.

use crate::Error;

/// A dependency expression over versions, extensions and (rarely) features.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Depends {
    /// A version (`VK_VERSION_1_1`), an extension name, or a `struct::feature` term.
    Term(String),
    All(Vec<Depends>),
    Any(Vec<Depends>),
}

impl Depends {
    /// Parses an expression.
    pub fn parse(text: &str) -> Result<Depends, Error> {
        let mut p = Parser { s: text.as_bytes(), i: 0 };
        let e = p.expr().map_err(|why| Error::Depends { text: text.to_string(), why })?;
        if p.i != p.s.len() {
            return Err(Error::Depends { text: text.to_string(), why: format!("trailing input at {}", p.i) });
        }
        Ok(e)
    }

    /// Evaluates with `holds` deciding each term.
    pub fn eval(&self, holds: &mut impl FnMut(&str) -> bool) -> bool {
        match self {
            Depends::Term(t) => holds(t),
            Depends::All(v) => v.iter().all(|d| d.eval(holds)),
            Depends::Any(v) => v.iter().any(|d| d.eval(holds)),
        }
    }

    /// Every term, in order of appearance.
    pub fn terms(&self) -> Vec<&str> {
        let mut out = Vec::new();
        self.collect(&mut out);
        out
    }

    fn collect<'a>(&'a self, out: &mut Vec<&'a str>) {
        match self {
            Depends::Term(t) => out.push(t),
            Depends::All(v) | Depends::Any(v) => v.iter().for_each(|d| d.collect(out)),
        }
    }

    /// Renames every term (used to map internal feature names to `VK_VERSION_x_y`).
    pub fn map_terms(self, f: &impl Fn(&str) -> String) -> Depends {
        match self {
            Depends::Term(t) => Depends::Term(f(&t)),
            Depends::All(v) => Depends::All(v.into_iter().map(|d| d.map_terms(f)).collect()),
            Depends::Any(v) => Depends::Any(v.into_iter().map(|d| d.map_terms(f)).collect()),
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    /// `+` and `,` have equal precedence and group left to right (the registry's
    /// `parse_dependency.py`): `A+B,C` is `(A+B),C`.
    fn expr(&mut self) -> Result<Depends, String> {
        let mut acc = self.primary()?;
        let mut acc_op = None;
        while let Some(&c) = self.s.get(self.i) {
            if c != b'+' && c != b',' {
                break;
            }
            self.i += 1;
            let rhs = self.primary()?;
            acc = match (acc, acc_op == Some(c)) {
                (Depends::All(mut v), true) | (Depends::Any(mut v), true) => {
                    v.push(rhs);
                    if c == b'+' {
                        Depends::All(v)
                    } else {
                        Depends::Any(v)
                    }
                }
                (lhs, _) => {
                    if c == b'+' {
                        Depends::All(vec![lhs, rhs])
                    } else {
                        Depends::Any(vec![lhs, rhs])
                    }
                }
            };
            acc_op = Some(c);
        }
        Ok(acc)
    }

    fn primary(&mut self) -> Result<Depends, String> {
        if self.s.get(self.i) == Some(&b'(') {
            self.i += 1;
            let e = self.expr()?;
            if self.s.get(self.i) != Some(&b')') {
                return Err(format!("expected `)` at {}", self.i));
            }
            self.i += 1;
            return Ok(e);
        }
        let start = self.i;
        while let Some(&c) = self.s.get(self.i) {
            if c.is_ascii_alphanumeric() || c == b'_' || c == b':' {
                self.i += 1;
            } else {
                break;
            }
        }
        if start == self.i {
            return Err(format!("expected a name at {}", self.i));
        }
        Ok(Depends::Term(String::from_utf8_lossy(&self.s[start..self.i]).into_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested() {
        let d = Depends::parse("VK_KHR_video_queue+(VK_KHR_synchronization2,VK_VERSION_1_3)").unwrap();
        assert_eq!(
            d,
            Depends::All(vec![
                Depends::Term("VK_KHR_video_queue".into()),
                Depends::Any(vec![
                    Depends::Term("VK_KHR_synchronization2".into()),
                    Depends::Term("VK_VERSION_1_3".into())
                ])
            ])
        );
        assert!(d.eval(&mut |t| t != "VK_KHR_synchronization2"));
        assert!(!d.eval(&mut |t| t == "VK_KHR_video_queue"));
    }

    #[test]
    fn equal_precedence_left_to_right() {
        let t = |s: &str| Depends::Term(s.into());
        assert_eq!(Depends::parse("A+B,C").unwrap(), Depends::Any(vec![Depends::All(vec![t("A"), t("B")]), t("C")]));
        assert_eq!(Depends::parse("A,B,C").unwrap(), Depends::Any(vec![t("A"), t("B"), t("C")]));
        assert!(Depends::parse("(A+B").is_err());
        assert!(Depends::parse("A+").is_err());
    }
}
