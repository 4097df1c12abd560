//! The mail gateway: players' mail in (an IMAP mailbox, or a pipe from the
//! game master's own mail server), read and routed to the host; every
//! answer, report and notice the host queues sent out by SMTP.

pub mod config;
pub mod gateway;
pub mod html;
pub mod imap;
pub mod message;
pub mod send;
