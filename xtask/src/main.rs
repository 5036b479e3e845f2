//! The project's build tasks, run as `cargo xtask TASK` (the alias is in
//! `.cargo/config.toml`): plain Rust and the standard library, nothing to install.
//!
//! - `cargo xtask wasm`: the WebAssembly package, for the web and for Node (`wasm.rs`).

#![forbid(unsafe_code)]

mod wasm;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <task>\n\ntasks:\n  wasm    build the WebAssembly package into target/wasm/ (web and node)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("wasm") => wasm::run(&args[1..]),
        Some("help" | "--help" | "-h") | None => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => Err(format!("unknown task `{other}`\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}
