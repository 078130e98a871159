//! Every input of the committed fuzz corpus (`fuzz/corpus/TARGET`) through its target's check,
//! as libFuzzer would replay it: each crash once found and fixed stays fixed, and each parser
//! still takes the inputs that reach its deep paths. `make fuzz` searches for new ones.

use std::path::Path;

#[path = "../../../../fuzz/checks/mod.rs"]
mod checks;

#[test]
fn every_input_of_the_committed_fuzz_corpus_passes_its_target_s_check() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    for (target, check) in checks::TARGETS {
        let folder = corpus.join(target);
        let mut inputs: Vec<_> = std::fs::read_dir(&folder)
            .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
            .map(|entry| entry.expect("a corpus entry").path())
            .collect();
        inputs.sort();
        assert!(!inputs.is_empty(), "{}: no inputs", folder.display());
        for input in inputs {
            let data = std::fs::read(&input).expect("a corpus input");
            let outcome = std::panic::catch_unwind(|| check(&data));
            assert!(
                outcome.is_ok(),
                "{target}: {} fails its check",
                input.display()
            );
        }
    }
}
