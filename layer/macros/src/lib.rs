//! `#[hooks]`, on a validation object's `impl ValidationObject for ...`: declares which hooks
//! the impl defines, as the trait's `HOOKS` constant, so that the chassis runs those hooks and
//! compiles nothing for the others. A hook is a `fn` of the impl, or a hook's name handed to a
//! macro invoked in the impl (`create_hooks! { pre_call_validate_create_buffer(..) => ..; }`).
//!
//! Without it every intercept would instantiate every object's default hook, each in its own
//! panic containment: ten thousand copies that the optimizer removes only after paying for
//! them, most of the layer's build time. The list is read off the impl itself, so it cannot
//! drift from the hooks it names; an impl that writes `const HOOKS` itself is left alone.

use proc_macro::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};

/// Adds `const HOOKS: crate::chassis::Hooks = Hooks::of(&[hook_ids::NAME, ...])` to the impl,
/// one id per `fn` it defines. `#[hooks(then = f)]` passes that through the `const fn f(Hooks)
/// -> Hooks` (to run a generic hook for only some commands, say).
#[proc_macro_attribute]
pub fn hooks(attr: TokenStream, item: TokenStream) -> TokenStream {
    let attr: Vec<TokenTree> = attr.into_iter().collect();
    let then: Option<String> = match attr.as_slice() {
        [] => None,
        [TokenTree::Ident(kw), TokenTree::Punct(eq), rest @ ..] if kw.to_string() == "then" && eq.as_char() == '=' => {
            Some(rest.iter().map(|t| t.to_string()).collect())
        }
        _ => return error("#[hooks] takes nothing or `then = path`", Span::call_site()),
    };
    let mut tokens: Vec<TokenTree> = item.into_iter().collect();
    let Some(TokenTree::Group(body)) = tokens.last() else {
        return error("#[hooks] goes on an `impl ValidationObject for ...` block", Span::call_site());
    };
    if body.delimiter() != Delimiter::Brace {
        return error("#[hooks] goes on an `impl ValidationObject for ...` block", body.span());
    }
    let inner: Vec<TokenTree> = body.stream().into_iter().collect();
    let mut names = Vec::new();
    let mut declared = false;
    for (i, t) in inner.iter().enumerate() {
        match (t, inner.get(i + 1), inner.get(i + 2)) {
            (TokenTree::Ident(kw), Some(TokenTree::Ident(name)), _) => match kw.to_string().as_str() {
                // The in-line answer of the generic validate hook is part of that hook, and
                // `wants` (`wants_at` with the command a constant) gates every hook, and the in-line
                // answers stand in for hooks: none is a hook.
                "fn" if !["validate_call_in_line", "pre_record_call_in_line", "wants", "wants_at"]
                    .contains(&name.to_string().as_str()) =>
                {
                    names.push(name.clone())
                }
                "const" if name.to_string() == "HOOKS" => declared = true,
                _ => {}
            },
            // A macro that writes hooks: every hook name it is given.
            (TokenTree::Ident(_), Some(TokenTree::Punct(bang)), Some(TokenTree::Group(args)))
                if bang.as_char() == '!' =>
            {
                hook_names_in(args.stream(), &mut names)
            }
            _ => {}
        }
    }
    if declared {
        return tokens.into_iter().collect();
    }
    let ids: String = names.iter().map(|n| format!("crate::chassis::hook_ids::{n},")).collect();
    let of = format!("crate::chassis::Hooks::of(&[{ids}])");
    let value = match then {
        Some(f) => format!("{f}({of})"),
        None => of,
    };
    let constant = format!("const HOOKS: crate::chassis::Hooks = {value};");
    let mut stream: TokenStream = constant.parse().expect("the HOOKS item parses");
    // Keep the spans of the hook names on their ids, so a misspelt hook points at itself.
    stream = respan(stream, &names);
    stream.extend(inner);
    let span = body.span();
    let mut group = Group::new(Delimiter::Brace, stream);
    group.set_span(span);
    *tokens.last_mut().expect("checked above") = TokenTree::Group(group);
    tokens.into_iter().collect()
}

/// Every identifier in `stream` shaped like a hook's name (`pre_call_validate_*`,
/// `pre_call_record_*`, `post_call_record_*`, the generic hooks), at any depth.
fn hook_names_in(stream: TokenStream, names: &mut Vec<Ident>) {
    for t in stream {
        match t {
            TokenTree::Ident(i) => {
                let s = i.to_string();
                let hook =
                    ["pre_call_validate_", "pre_call_record_", "post_call_record_"].iter().any(|p| s.starts_with(p))
                        || matches!(s.as_str(), "validate_call" | "pre_record_call" | "post_record_call");
                if hook && !names.iter().any(|n| n.to_string() == s) {
                    names.push(i);
                }
            }
            TokenTree::Group(g) => hook_names_in(g.stream(), names),
            _ => {}
        }
    }
}

/// Gives each identifier in `stream` that names a hook the span of that hook's `fn`.
fn respan(stream: TokenStream, names: &[Ident]) -> TokenStream {
    stream
        .into_iter()
        .map(|t| match t {
            TokenTree::Ident(i) => match names.iter().find(|n| n.to_string() == i.to_string()) {
                Some(n) => TokenTree::Ident(Ident::new(&i.to_string(), n.span())),
                None => TokenTree::Ident(i),
            },
            TokenTree::Group(g) => {
                let mut out = Group::new(g.delimiter(), respan(g.stream(), names));
                out.set_span(g.span());
                TokenTree::Group(out)
            }
            other => other,
        })
        .collect()
}

/// `compile_error!(message)` at `span`.
fn error(message: &str, span: Span) -> TokenStream {
    let tokens: Vec<TokenTree> = vec![
        TokenTree::Ident(Ident::new("compile_error", span)),
        TokenTree::Punct(Punct::new('!', Spacing::Alone)),
        TokenTree::Group(Group::new(
            Delimiter::Parenthesis,
            TokenTree::Literal(proc_macro::Literal::string(message)).into(),
        )),
    ];
    tokens.into_iter().collect()
}
