//! `POST /api/contact` and `GET /api/robot-challenge` answered in-process with `oneshot`, no
//! socket, over core's `Enquiries` made of core's fakes. (The real adapters behind these
//! endpoints are tried through the spawned server in the CLI's wiring tests.)

// Every status the endpoint answers with.
mod statuses;
// The per-client limit and how the client is found behind proxies.
mod rate_limit;
// Arbitrary bodies never panic and always get a 4xx JSON answer.
mod arbitrary;
// The robot check as the page sees it: embedded settings, the challenge, the CSP.
mod robot;
// Every status observed here is one the OpenAPI description lists, with its content type.
mod described;
