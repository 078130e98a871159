//! Why a rendition could not be made. The server decides how each reason is answered.

use std::time::Duration;
use supplysite_core::rendition::{Request, RequestError};

/// Why a rendition was refused or failed; none of them is a panic. The variants say whose
/// fault it is (the request, the file, the load, the server), so the server can answer each.
#[derive(Clone, Debug, thiserror::Error)]
pub enum ImageError {
    /// The query is malformed: an unknown parameter, a width, format or quality not allowed.
    #[error(transparent)]
    Query(#[from] RequestError),
    /// The width asked for is not offered for this picture (not listed, or wider than it).
    #[error("width {width} is not offered for a picture {original} pixels wide")]
    Width {
        /// The width asked for, in pixels.
        width: u32,
        /// The picture's own width, in pixels.
        original: u32,
    },
    /// The path climbs out of the folder, or is spelled in a way a file name never is.
    #[error("path {0:?} is not a file of the export")]
    Path(String),
    /// No file at that path.
    #[error("no picture at {0:?}")]
    NotFound(String),
    /// The file is not a picture that is resized (SVG, GIF, a document, an unknown format).
    #[error("{0} is not a picture that can be resized")]
    NotResizable(String),
    /// The file says it is a picture but cannot be decoded (corrupt or truncated).
    #[error("the picture cannot be decoded: {0}")]
    Corrupt(String),
    /// The picture is larger than the decoder is allowed to open (a decompression bomb, or a
    /// camera file bigger than the site resizes).
    #[error("the picture is too large to resize: {0}")]
    TooLarge(String),
    /// A well-formed request for a rendition the site does not write for this picture (another
    /// width, format or quality): the nearest one it writes is this.
    #[error("not a rendition offered for this picture; the nearest is ?{}", .0.query())]
    Elsewhere(Request),
    /// The client has started more encodes than it is allowed in a while: it may ask again
    /// after this long.
    #[error("too many pictures prepared for this client; try again shortly")]
    Limited(Duration),
    /// The encoding pool's queue is full: try again shortly.
    #[error("too many pictures are being prepared; try again shortly")]
    Busy,
    /// Something on the server failed (the cache folder could not be written, an encoder
    /// failed).
    #[error("the picture could not be prepared: {0}")]
    Internal(String),
}
