//! Orders as read from one line, before they are placed in a section, and
//! the IF blocks a section is built from.

use umpire_core::source::Span;

use super::ast::{Block, Cond, Crowns, Premonthly, Spanned, Weekly};
use super::words::{is_pronoun, resolve_pronoun, same_name};
use crate::model::Post;

#[derive(Debug, Clone)]
pub(crate) enum Order {
    Pre(Premonthly),
    Week(Weekly),
    /// A gift: premonthly or weekly depending on where it is written.
    Give {
        to: String,
        amount: Crowns,
        if_appointed: Option<Post>,
    },
}

impl Order {
    pub(crate) fn target_mut(&mut self) -> Option<&mut String> {
        match self {
            Order::Give { to, .. } => Some(to),
            Order::Pre(Premonthly::Appoint { who, .. }) => Some(who),
            Order::Pre(Premonthly::Give { to, .. }) => Some(to),
            Order::Week(Weekly::Toady(who)) => Some(who),
            Order::Week(Weekly::Court { mistress, .. }) => Some(mistress),
            Order::Week(Weekly::Give { to, .. }) => Some(to),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) enum Tree {
    Leaf(Spanned<Order>),
    If {
        cond: Spanned<Cond>,
        then: Vec<Tree>,
        otherwise: Vec<Tree>,
    },
}

impl Tree {
    pub(crate) fn resolve_pronouns(&mut self, subject: &str) {
        match self {
            Tree::Leaf(o) => {
                if let Some(n) = o.value.target_mut() {
                    resolve_pronoun(n, subject);
                }
            }
            Tree::If {
                cond,
                then,
                otherwise,
            } => {
                cond_names_mut(&mut cond.value, &mut |n| resolve_pronoun(n, subject));
                for t in then.iter_mut().chain(otherwise.iter_mut()) {
                    t.resolve_pronouns(subject);
                }
            }
        }
    }
}

pub(crate) fn cond_names_mut(c: &mut Cond, f: &mut dyn FnMut(&mut String)) {
    match c {
        Cond::Not(a) => cond_names_mut(a, f),
        Cond::And(a, b) | Cond::Or(a, b) => {
            cond_names_mut(a, f);
            cond_names_mut(b, f);
        }
        Cond::InParis(n)
        | Cond::AtFront(n)
        | Cond::Received { by: n, .. }
        | Cond::Did { who: n, .. }
        | Cond::Gives { who: n, .. }
        | Cond::Appoints { who: n, .. } => f(n),
        Cond::CashAtLeast(_) | Cond::DeathRoll { .. } => {}
    }
}

/// The one person a simple condition is about, for "him"/"her" in the
/// orders it guards.
pub(crate) fn cond_subject(c: &Cond) -> Option<&str> {
    let n = match c {
        Cond::InParis(n)
        | Cond::AtFront(n)
        | Cond::Received { by: n, .. }
        | Cond::Did { who: n, .. }
        | Cond::Gives { who: n, .. }
        | Cond::Appoints { who: n, .. } => n,
        _ => return None,
    };
    (n != "me" && !is_pronoun(n)).then_some(n.as_str())
}

/// An action that can sit in a section's blocks.
pub(crate) trait Act: Sized {
    /// `Err` gives the order back when it does not belong in this section.
    fn from_order(o: Order) -> Result<Self, Order>;
    /// The two money-for-appointment exceptions, folded into one order.
    fn fold(cond: &Cond, then: &[Block<Self>], otherwise: &[Block<Self>]) -> Option<Spanned<Self>>;
}

pub(crate) fn single<'b, A>(
    then: &'b [Block<A>],
    otherwise: &[Block<A>],
) -> Option<&'b Spanned<A>> {
    match (then, otherwise) {
        ([Block::Order(o)], []) => Some(o),
        _ => None,
    }
}

impl Act for Premonthly {
    fn from_order(o: Order) -> Result<Self, Order> {
        match o {
            Order::Pre(p) => Ok(p),
            Order::Give {
                to,
                amount,
                if_appointed,
            } => Ok(Premonthly::Give {
                to,
                amount,
                if_appointed,
            }),
            other => Err(other),
        }
    }

    fn fold(cond: &Cond, then: &[Block<Self>], otherwise: &[Block<Self>]) -> Option<Spanned<Self>> {
        let o = single(then, otherwise)?;
        match (cond, &o.value) {
            (
                &Cond::Gives { ref who, amount },
                &Premonthly::Appoint {
                    who: ref w,
                    post,
                    if_given: None,
                },
            ) if same_name(who, w) => Some(Spanned {
                value: Premonthly::Appoint {
                    who: w.clone(),
                    post,
                    if_given: Some(amount),
                },
                span: o.span,
                line: o.line,
            }),
            (
                &Cond::Appoints { ref who, post },
                &Premonthly::Give {
                    ref to,
                    amount,
                    if_appointed: None,
                },
            ) if same_name(who, to) => Some(Spanned {
                value: Premonthly::Give {
                    to: to.clone(),
                    amount,
                    if_appointed: Some(post),
                },
                span: o.span,
                line: o.line,
            }),
            _ => None,
        }
    }
}

impl Act for Weekly {
    fn from_order(o: Order) -> Result<Self, Order> {
        match o {
            Order::Week(w) => Ok(w),
            Order::Give {
                to,
                amount,
                if_appointed,
            } => Ok(Weekly::Give {
                to,
                amount,
                if_appointed,
            }),
            other => Err(other),
        }
    }

    fn fold(cond: &Cond, then: &[Block<Self>], otherwise: &[Block<Self>]) -> Option<Spanned<Self>> {
        let o = single(then, otherwise)?;
        match (cond, &o.value) {
            (
                &Cond::Appoints { ref who, post },
                &Weekly::Give {
                    ref to,
                    amount,
                    if_appointed: None,
                },
            ) if same_name(who, to) => Some(Spanned {
                value: Weekly::Give {
                    to: to.clone(),
                    amount,
                    if_appointed: Some(post),
                },
                span: o.span,
                line: o.line,
            }),
            _ => None,
        }
    }
}

pub(crate) fn make_if<A: Act>(
    cond: Spanned<Cond>,
    then: Vec<Block<A>>,
    otherwise: Vec<Block<A>>,
) -> Block<A> {
    match A::fold(&cond.value, &then, &otherwise) {
        Some(o) => Block::Order(o),
        None => Block::If {
            cond,
            then,
            otherwise,
        },
    }
}

/// Place a parsed tree in a section; `Err` when some order in it belongs
/// elsewhere.
pub(crate) fn to_block<A: Act>(t: Tree) -> Result<Block<A>, Order> {
    match t {
        Tree::Leaf(o) => Ok(Block::Order(Spanned {
            value: A::from_order(o.value)?,
            span: o.span,
            line: o.line,
        })),
        Tree::If {
            cond,
            then,
            otherwise,
        } => {
            let then = then
                .into_iter()
                .map(to_block)
                .collect::<Result<Vec<_>, _>>()?;
            let otherwise = otherwise
                .into_iter()
                .map(to_block)
                .collect::<Result<Vec<_>, _>>()?;
            Ok(make_if(cond, then, otherwise))
        }
    }
}

// ---------------------------------------------------------------------------
// IF blocks under construction

#[derive(Debug)]
pub(crate) struct Frame<A> {
    /// `None` when the condition could not be read: everything inside is
    /// held for the GM.
    cond: Option<Spanned<Cond>>,
    then: Vec<Block<A>>,
    otherwise: Vec<Block<A>>,
    pub(crate) in_else: bool,
    line: u32,
    span: Span,
}

#[derive(Debug)]
pub(crate) struct Builder<A> {
    pub(crate) top: Vec<Block<A>>,
    pub(crate) stack: Vec<Frame<A>>,
}

impl<A> Default for Builder<A> {
    fn default() -> Self {
        Builder {
            top: Vec::new(),
            stack: Vec::new(),
        }
    }
}

impl<A: Act> Builder<A> {
    pub(crate) fn holding(&self) -> bool {
        self.stack.iter().any(|f| f.cond.is_none())
    }

    pub(crate) fn push(&mut self, b: Block<A>) {
        match self.stack.last_mut() {
            Some(f) if f.in_else => f.otherwise.push(b),
            Some(f) => f.then.push(b),
            None => self.top.push(b),
        }
    }

    pub(crate) fn open(&mut self, cond: Option<Spanned<Cond>>, line: u32, span: Span) {
        self.stack.push(Frame {
            cond,
            then: Vec::new(),
            otherwise: Vec::new(),
            in_else: false,
            line,
            span,
        });
    }

    /// Close the innermost IF; the frame's line and span when there was one.
    pub(crate) fn close(&mut self) -> Option<(u32, Span)> {
        let f = self.stack.pop()?;
        let at = (f.line, f.span);
        if let Some(cond) = f.cond {
            let b = make_if(cond, f.then, f.otherwise);
            self.push(b);
        }
        Some(at)
    }
}
