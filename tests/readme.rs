//! The README stays true to the repository: every example in `examples/` is listed with the
//! command that runs it, and the dependency lines name the real crates at their version.

use std::path::Path;

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md")
}

#[test]
fn every_example_is_listed_with_its_command() {
    let readme = readme();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("examples/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "rs") {
            names.push(path.file_stem().unwrap().to_string_lossy().into_owned());
        }
    }
    assert!(names.len() >= 9, "{names:?}");
    for name in &names {
        let source = std::fs::read_to_string(dir.join(format!("{name}.rs"))).unwrap();
        // The command the example's own docs give (`--release` where it matters).
        let command = if source.contains(&format!("cargo run --release --example {name}")) {
            format!("cargo run --release --example {name}")
        } else {
            format!("cargo run --example {name}")
        };
        assert!(
            readme.contains(&format!("- `{name}` (`{command}")),
            "README.md does not list example `{name}` with `{command}`"
        );
    }
}

#[test]
fn the_dependency_lines_name_the_crates_at_their_version() {
    let readme = readme();
    let version = env!("CARGO_PKG_VERSION");
    // `0.1.0` is asked for as `0.1`.
    let asked = version
        .rsplit_once('.')
        .map_or(version, |(major_minor, _)| major_minor);
    for krate in [
        "mesopotamia",
        "mesopotamia-core",
        "tigris-euphrates",
        "tigris-euphrates-cards",
        "sumeria",
    ] {
        let plain = format!("\n{krate} = \"{asked}\"");
        let table = format!("\n{krate} = {{ version = \"{asked}\"");
        assert!(
            readme.contains(&plain) || readme.contains(&table),
            "README.md has no dependency line for {krate} {asked}"
        );
    }
}
