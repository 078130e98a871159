//! The site's one secret type, owned by core: see [`supplysite_core::secret::Secret`].

pub use supplysite_core::secret::Secret;
