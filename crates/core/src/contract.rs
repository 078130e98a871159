//! The page contract in TypeScript: the declarations of every type the browser receives,
//! generated from the Rust view models so the two sides cannot drift apart.
//!
//! Beside the types, the file holds the site's interface copy as the constant `UI` (the labels
//! of controls and landmarks, see [`crate::copy::INTERFACE`]), so the browser's fixed words come
//! from the same place as the rest of the copy.
//!
//! The search forms' words ([`crate::copy::SEARCH_FIELD`]) are a file of their own: a bundler
//! puts a module whole into one chunk, and the contract is part of every page's entry script,
//! while the search field is code only the insights listing, the not-found page and the search
//! page load.
//!
//! The web build commits the output as `web/src/lib/contract.gen.ts` and
//! `web/src/lib/searchField.gen.ts`; a test in this crate fails when a committed file differs
//! from what these types generate, and `UPDATE_CONTRACT=1 cargo test -p supplysite-core contract`
//! rewrites them.

use crate::copy::{INTERFACE, InterfaceCopy, SEARCH_FIELD, SearchFieldCopy};
use crate::view::{Embedded, PageAnswer};
use std::any::TypeId;
use std::collections::HashSet;
use ts_rs::{Config, TS, TypeVisitor};

/// The file's first lines.
const PREAMBLE: &str = "// Generated from the Rust view models (supplysite-core's `contract` module): do not edit.\n\
// Regenerate with `UPDATE_CONTRACT=1 cargo test -p supplysite-core contract`.\n";

/// Every declaration reachable from the embedded page data and the page API's answer, sorted by
/// name, each exported.
pub fn typescript() -> String {
    let mut walk = Walk {
        cfg: Config::default(),
        seen: HashSet::new(),
        decls: Vec::new(),
    };
    walk.visit::<Embedded>();
    walk.visit::<PageAnswer>();
    walk.visit::<InterfaceCopy>();
    walk.visit::<SearchFieldCopy>();
    // The site search's answer (`GET /api/search`), which the search page reads.
    walk.visit::<crate::search::SearchAnswer>();
    // Sent by the page with an enquiry rather than received, but the page builds it to this
    // shape and the server cleans it by the same type.
    walk.visit::<crate::contact::Attribution>();
    walk.decls.sort();
    let mut out = String::from(PREAMBLE);
    for (_, decl) in walk.decls {
        out.push('\n');
        out.push_str("export ");
        out.push_str(&decl);
        out.push('\n');
    }
    let copy = serde_json::to_string_pretty(&INTERFACE).expect("the interface copy serialises");
    out.push_str(&format!(
        "\n/** The site's interface copy: labels of controls and landmarks. */\nexport const UI: InterfaceCopy = {copy};\n"
    ));
    out
}

/// The search forms' words, typed by the contract's `SearchFieldCopy`.
pub fn search_field_copy() -> String {
    let copy = serde_json::to_string_pretty(&SEARCH_FIELD).expect("the search copy serialises");
    format!(
        "{PREAMBLE}\nimport type {{ SearchFieldCopy }} from './contract.gen';\n\n\
         /** The search forms' words. */\nexport const SEARCH_FIELD: SearchFieldCopy = {copy};\n"
    )
}

struct Walk {
    cfg: Config,
    seen: HashSet<TypeId>,
    decls: Vec<(String, String)>,
}

impl TypeVisitor for Walk {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if !self.seen.insert(TypeId::of::<T>()) {
            return;
        }
        // Only derived types have a declaration (and a file of their own in ts-rs's terms);
        // primitives and wrappers are written inline.
        if T::output_path().is_some() {
            self.decls.push((T::ident(&self.cfg), T::decl(&self.cfg)));
        }
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn committed(file: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../web/src/lib")
            .join(file)
    }

    #[test]
    fn contract_file_matches_the_rust_types() {
        for (file, generated) in [
            ("contract.gen.ts", typescript()),
            ("searchField.gen.ts", search_field_copy()),
        ] {
            if std::env::var_os("UPDATE_CONTRACT").is_some() {
                std::fs::write(committed(file), &generated).expect("contract file writes");
                continue;
            }
            let on_disk = std::fs::read_to_string(committed(file)).unwrap_or_default();
            assert!(
                on_disk == generated,
                "web/src/lib/{file} is not what the Rust view models generate; \
                 run `UPDATE_CONTRACT=1 cargo test -p supplysite-core contract` and commit it"
            );
        }
    }

    #[test]
    fn every_screen_and_the_settings_are_declared() {
        let ts = typescript();
        for name in [
            "type PageAnswer",
            "type Embedded",
            "type PageView",
            "type NotFoundScreen",
            "type PageSettings",
            "type Chrome",
            "type SourcingView",
            "type HomeView",
            "type Attribution",
            "type SearchFieldCopy",
        ] {
            assert!(ts.contains(&format!("export {name} ")), "{name} missing");
        }
    }
}
