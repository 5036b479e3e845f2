//! `cargo xtask wasm`: builds `crates/mesopotamia-wasm` for `wasm32-unknown-unknown` in
//! release, runs `wasm-bindgen` (at exactly the version of the `wasm-bindgen` crate in
//! Cargo.lock) for the web (`target/wasm/web/`, an ES module to `init()`) and for Node
//! (`target/wasm/node/`, CommonJS), writes each as an npm package (`package.json`, README,
//! licences, the `.d.ts` wasm-bindgen generates), and prints the `.wasm` size, raw and
//! gzipped. The module uses WebAssembly SIMD (`.cargo/config.toml`). `--opt` also runs
//! `wasm-opt -O3` (binaryen; `.ci/run` installs version 132 from npm): 7% smaller gzipped and
//! a little faster. Debian's binaryen 108 breaks the module (it rewrites the externref table
//! wasm-bindgen sets up), so it is off unless asked for.
//!
//! What the build needs and a fresh clone lacks, it installs first, saying so: the
//! `wasm32-unknown-unknown` target (`rustup target add`) and `wasm-bindgen-cli` at the lock
//! file's version (`cargo install wasm-bindgen-cli --version X --locked`, then without
//! `--locked` if that fails: its own lock file may name a version the registry no longer
//! serves).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The crate built, and the module name wasm-bindgen writes.
const CRATE: &str = "mesopotamia-wasm";
const MODULE: &str = "mesopotamia_wasm";
const TARGET: &str = "wasm32-unknown-unknown";

/// Runs the task; `args` may hold `--opt` (run `wasm-opt`, which must then be installed).
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let mut opt = false;
    for arg in args {
        match arg.as_str() {
            "--opt" => opt = true,
            other => return Err(format!("wasm: unknown argument `{other}` (known: --opt)")),
        }
    }
    let root = workspace_root()?;
    let version = locked_version(&root)?;
    install_target()?;
    let bindgen = install_bindgen(&version)?;
    build(&root)?;
    let input = root
        .join("target")
        .join(TARGET)
        .join("release")
        .join(format!("{MODULE}.wasm"));
    let out = root.join("target").join("wasm");
    if opt && !found("wasm-opt", "--version") {
        return Err("--opt: wasm-opt is not installed (binaryen)".into());
    }
    // wasm-bindgen writes the same module for both targets: optimised once, then copied.
    let mut optimised: Option<(Vec<u8>, Vec<u8>)> = None;
    for (dir, target) in [("web", "web"), ("node", "nodejs")] {
        let dir = out.join(dir);
        // A clean directory: nothing left from an older build.
        if dir.exists() {
            std::fs::remove_dir_all(&dir)
                .map_err(|e| format!("cannot clear {}: {e}", dir.display()))?;
        }
        run_command(
            Command::new(&bindgen)
                .arg("--target")
                .arg(target)
                .arg("--out-dir")
                .arg(&dir)
                .arg("--out-name")
                .arg(MODULE)
                .arg(&input),
        )?;
        let wasm = dir.join(format!("{MODULE}_bg.wasm"));
        if opt {
            let read = |path: &Path| {
                std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
            };
            let before = read(&wasm)?;
            match &optimised {
                Some((input, output)) if *input == before => std::fs::write(&wasm, output)
                    .map_err(|e| format!("cannot write {}: {e}", wasm.display()))?,
                _ => {
                    run_command(
                        Command::new("wasm-opt")
                            .arg("-O3")
                            .arg("--enable-bulk-memory")
                            .arg("--enable-nontrapping-float-to-int")
                            .arg("--enable-sign-ext")
                            .arg("--enable-mutable-globals")
                            .arg("--enable-reference-types")
                            .arg("--enable-multivalue")
                            .arg("--enable-simd")
                            .arg(&wasm)
                            .arg("-o")
                            .arg(&wasm),
                    )?;
                    optimised = Some((before, read(&wasm)?));
                }
            }
        }
        write_package(&root, &dir, target == "web", &version)?;
    }
    let wasm = out.join("web").join(format!("{MODULE}_bg.wasm"));
    let raw = std::fs::metadata(&wasm)
        .map_err(|e| format!("cannot read {}: {e}", wasm.display()))?
        .len();
    let gzipped = gzipped_size(&wasm)?;
    println!(
        "built {} and {}",
        out.join("web").display(),
        out.join("node").display()
    );
    println!(
        "{MODULE}_bg.wasm: {raw} bytes ({:.2} MiB), {gzipped} bytes gzipped ({:.2} MiB){}",
        raw as f64 / 1_048_576.0,
        gzipped as f64 / 1_048_576.0,
        if opt { ", after wasm-opt -O3" } else { "" }
    );
    Ok(())
}

/// The workspace root: where this crate's parent is.
fn workspace_root() -> Result<PathBuf, String> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .map(Path::to_path_buf)
        .ok_or_else(|| "cannot find the workspace root".into())
}

/// The version of the `wasm-bindgen` crate in Cargo.lock.
fn locked_version(root: &Path) -> Result<String, String> {
    let lock = std::fs::read_to_string(root.join("Cargo.lock"))
        .map_err(|e| format!("cannot read Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == r#"name = "wasm-bindgen""# {
            if let Some(version) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = \""))
                .and_then(|v| v.strip_suffix('"'))
            {
                return Ok(version.to_owned());
            }
        }
    }
    Err("Cargo.lock has no wasm-bindgen crate: build mesopotamia-wasm once (cargo build -p mesopotamia-wasm)".into())
}

/// Installs the `wasm32-unknown-unknown` target when the toolchain lacks it (`rustup target
/// add`), saying so first.
fn install_target() -> Result<(), String> {
    if target_installed() {
        return Ok(());
    }
    let add = format!("rustup target add {TARGET}");
    if !found("rustup", "--version") {
        return Err(format!(
            "the Rust toolchain has no {TARGET} target and rustup is not installed to add it: install the target's standard library (with rustup: `{add}`)"
        ));
    }
    println!("xtask: the Rust toolchain lacks the {TARGET} target: installing it ({add})");
    run_command(Command::new("rustup").args(["target", "add", TARGET]))?;
    if target_installed() {
        Ok(())
    } else {
        Err(format!(
            "`{add}` ran, but the toolchain cargo uses still has no {TARGET} target (is it a rustup toolchain?)"
        ))
    }
}

/// Whether the toolchain's sysroot holds the wasm target's standard library.
fn target_installed() -> bool {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let Ok(out) = Command::new(rustc).args(["--print", "sysroot"]).output() else {
        return false;
    };
    if !out.status.success() {
        return false;
    }
    let sysroot = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    sysroot
        .join("lib")
        .join("rustlib")
        .join(TARGET)
        .join("lib")
        .is_dir()
}

/// The `wasm-bindgen` program at `version`: the one on `PATH`, or cargo's own
/// (`$CARGO_HOME/bin`, where `cargo install` puts it); installed first, saying so, when
/// neither is at that version.
fn install_bindgen(version: &str) -> Result<PathBuf, String> {
    let candidates = bindgen_candidates();
    if let Some(program) = bindgen_at(&candidates, version) {
        return Ok(program);
    }
    let found = candidates.iter().find_map(|p| bindgen_version(p));
    let plan = bindgen_install_plan(found.as_deref(), version);
    println!("xtask: {}: installing it ({})", plan.why, plan.commands[0]);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut installed = false;
    for (i, args) in plan.args.iter().enumerate() {
        if i > 0 {
            println!(
                "xtask: `{}` failed; trying again without --locked ({})",
                plan.commands[i - 1],
                plan.commands[i]
            );
        }
        if run_command(Command::new(&cargo).args(args)).is_ok() {
            installed = true;
            break;
        }
    }
    if !installed {
        return Err(format!(
            "could not install wasm-bindgen-cli {version}; install it by hand with\n  {}",
            plan.commands.join("\n  or ")
        ));
    }
    bindgen_at(&bindgen_candidates(), version).ok_or_else(|| {
        format!(
            "wasm-bindgen-cli {version} was installed, but no `wasm-bindgen` at that version is on PATH or in cargo's bin folder"
        )
    })
}

/// Where `wasm-bindgen` may be: `PATH`, then cargo's bin folder.
fn bindgen_candidates() -> Vec<PathBuf> {
    let mut out = vec![PathBuf::from("wasm-bindgen")];
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    if let Some(home) = home {
        out.push(home.join("bin").join("wasm-bindgen"));
    }
    out
}

/// The first candidate whose version is `version`.
fn bindgen_at(candidates: &[PathBuf], version: &str) -> Option<PathBuf> {
    candidates
        .iter()
        .find(|p| bindgen_version(p).as_deref() == Some(version))
        .cloned()
}

/// The version a `wasm-bindgen` program says it is, if it runs.
fn bindgen_version(program: &Path) -> Option<String> {
    let out = Command::new(program).arg("--version").output().ok()?;
    if !out.status.success() {
        return None;
    }
    parse_bindgen_version(&String::from_utf8_lossy(&out.stdout))
}

/// `wasm-bindgen 0.2.130` (and anything after the version) gives `0.2.130`.
fn parse_bindgen_version(text: &str) -> Option<String> {
    let mut words = text.split_whitespace();
    match (words.next(), words.next()) {
        (Some("wasm-bindgen"), Some(version)) => Some(version.to_owned()),
        _ => None,
    }
}

/// How `wasm-bindgen-cli` is installed at `version`: why, and the `cargo` arguments to try in
/// turn (`--locked` first), with each as a command to show.
struct InstallPlan {
    why: String,
    args: Vec<Vec<String>>,
    commands: Vec<String>,
}

fn bindgen_install_plan(found: Option<&str>, version: &str) -> InstallPlan {
    let why = match found {
        None => format!(
            "wasm-bindgen is not installed (the build needs {version}, the version of the wasm-bindgen crate in Cargo.lock)"
        ),
        Some(found) => format!(
            "wasm-bindgen {found} is installed, but the wasm-bindgen crate in Cargo.lock is {version} and they must be the same"
        ),
    };
    let base: Vec<String> = ["install", "wasm-bindgen-cli", "--version", version]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let mut locked = base.clone();
    locked.push("--locked".into());
    let args = vec![locked, base];
    let commands = args
        .iter()
        .map(|a| format!("cargo {}", a.join(" ")))
        .collect();
    InstallPlan {
        why,
        args,
        commands,
    }
}

/// Builds the crate for the web's wasm target: release, without debug information (the
/// workspace's release profile keeps some for native profiling), one codegen unit and
/// link-time optimisation (smaller and faster for a module loaded over the network).
fn build(root: &Path) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run_command(
        Command::new(cargo)
            .current_dir(root)
            .args(["build", "--release", "--package", CRATE, "--target", TARGET])
            .env("CARGO_PROFILE_RELEASE_DEBUG", "0")
            .env("CARGO_PROFILE_RELEASE_LTO", "true")
            .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "1"),
    )
    .map_err(|e| format!("{e}\n(the target is added with `rustup target add {TARGET}`)"))
}

/// Whether a tool answers `flag`.
fn found(tool: &str, flag: &str) -> bool {
    Command::new(tool)
        .arg(flag)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs a command, its output shown; an error names it when it fails.
fn run_command(command: &mut Command) -> Result<(), String> {
    let shown = format!("{command:?}");
    let status = command
        .status()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{shown} failed ({status})"))
    }
}

/// The size of the file gzipped at the highest level (as a static host would send it).
fn gzipped_size(path: &Path) -> Result<u64, String> {
    let out = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(path)
        .output()
        .map_err(|e| format!("cannot run gzip: {e}"))?;
    if !out.status.success() {
        return Err(format!("gzip {} failed", path.display()));
    }
    Ok(out.stdout.len() as u64)
}

/// `package.json`, the README and the licences beside wasm-bindgen's files.
fn write_package(root: &Path, dir: &Path, web: bool, bindgen: &str) -> Result<(), String> {
    let version = workspace_version(root)?;
    let module_type = if web { "module" } else { "commonjs" };
    let mut files = vec![
        format!("{MODULE}_bg.wasm"),
        format!("{MODULE}.js"),
        format!("{MODULE}.d.ts"),
    ];
    if web {
        files.push(format!("{MODULE}_bg.wasm.d.ts"));
    }
    let files: Vec<String> = files.iter().map(|f| format!("\"{f}\"")).collect();
    let titles: Vec<&str> = mesopotamia::games::all().iter().map(|g| g.title).collect();
    let games = match titles.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => titles.concat(),
    };
    let description = if web {
        format!(
            "Rules engines for {games} in WebAssembly, for the web (ES module: call init() first)"
        )
    } else {
        format!("Rules engines for {games} in WebAssembly, for Node (CommonJS)")
    };
    let keywords: Vec<String> = mesopotamia::games::all()
        .iter()
        .map(|g| format!("\"{}\"", g.name))
        .collect();
    let keywords = keywords.join(", ");
    let package = format!(
        r#"{{
  "name": "mesopotamia-wasm",
  "version": "{version}",
  "description": "{description}",
  "license": "MIT OR Apache-2.0",
  "type": "{module_type}",
  "main": "{MODULE}.js",
  "types": "{MODULE}.d.ts",
  "files": [{}, "README.md", "LICENSE-MIT", "LICENSE-APACHE"],
  "sideEffects": {},
  "keywords": ["boardgame", {keywords}, "webassembly"],
  "private": true,
  "wasmBindgen": "{bindgen}"
}}
"#,
        files.join(", "),
        if web { "[\"./snippets/*\"]" } else { "false" },
    );
    let write = |name: &str, text: &str| {
        std::fs::write(dir.join(name), text)
            .map_err(|e| format!("cannot write {}: {e}", dir.join(name).display()))
    };
    write("package.json", &package)?;
    for (from, to) in [
        ("crates/mesopotamia-wasm/README.md", "README.md"),
        ("LICENSE-MIT", "LICENSE-MIT"),
        ("LICENSE-APACHE", "LICENSE-APACHE"),
    ] {
        std::fs::copy(root.join(from), dir.join(to))
            .map_err(|e| format!("cannot copy {from}: {e}"))?;
    }
    Ok(())
}

/// The workspace's version (`[workspace.package] version`).
fn workspace_version(root: &Path) -> Result<String, String> {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml"))
        .map_err(|e| format!("cannot read Cargo.toml: {e}"))?;
    manifest
        .lines()
        .skip_while(|l| l.trim() != "[workspace.package]")
        .find_map(|l| {
            l.trim()
                .strip_prefix("version = \"")?
                .strip_suffix('"')
                .map(str::to_owned)
        })
        .ok_or_else(|| "no version in [workspace.package] of Cargo.toml".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_is_read_from_wasm_bindgen_s_answer() {
        assert_eq!(
            parse_bindgen_version("wasm-bindgen 0.2.130\n").as_deref(),
            Some("0.2.130")
        );
        assert_eq!(
            parse_bindgen_version("wasm-bindgen 0.2.100 (abc1234)").as_deref(),
            Some("0.2.100")
        );
        assert_eq!(parse_bindgen_version("something else 1.0"), None);
        assert_eq!(parse_bindgen_version(""), None);
    }

    #[test]
    fn wasm_bindgen_cli_is_installed_at_the_lock_file_s_version_locked_first() {
        let plan = bindgen_install_plan(None, "0.2.130");
        assert!(plan.why.contains("not installed"), "{}", plan.why);
        assert!(plan.why.contains("0.2.130"), "{}", plan.why);
        assert_eq!(
            plan.commands,
            [
                "cargo install wasm-bindgen-cli --version 0.2.130 --locked",
                "cargo install wasm-bindgen-cli --version 0.2.130",
            ]
        );
        assert_eq!(
            plan.args[1],
            ["install", "wasm-bindgen-cli", "--version", "0.2.130"]
        );
        let plan = bindgen_install_plan(Some("0.2.92"), "0.2.130");
        assert!(plan.why.contains("0.2.92 is installed"), "{}", plan.why);
    }

    #[test]
    fn the_lock_file_names_the_wasm_bindgen_crate() {
        let root = workspace_root().unwrap();
        let version = locked_version(&root).unwrap();
        assert!(version.starts_with("0.2."), "{version}");
    }
}
