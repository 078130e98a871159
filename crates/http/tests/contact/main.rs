//! `POST /api/contact` and `GET /api/robot-challenge` answered in-process with `oneshot`, no
//! socket, over core's `Enquiries` made of core's fakes or of the mail adapter's embedded
//! default (SQLite outbox, local mailbox, self-hosted check) in a temporary folder.

// The app with a contact desk, requests and answers.
mod support;

// Every status the endpoint answers with.
mod statuses;
// The per-client limit and how the client is found behind proxies.
mod rate_limit;
// Arbitrary bodies never panic and always get a 4xx JSON answer.
mod arbitrary;
// HTML and header injection attempts arrive escaped in the mailbox's .eml files.
mod injection;
// The robot check as the page sees it: embedded settings, the challenge, the CSP.
mod robot;
// Every status observed here is one the OpenAPI description lists, with its content type.
mod described;
