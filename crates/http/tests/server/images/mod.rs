//! The image endpoint on a real socket: every refusal, every format at the right width, the
//! cache (hits, restarts, replaced files, 304s), the background warm-up, page serving going on
//! through a burst of first encodes, stand-ins while the queue is full, and only the renditions pages write being made.

mod burst;
mod caching;
mod canonical;
mod refusals;
mod renditions;
mod stand_in;
