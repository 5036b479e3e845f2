//! The project's build tasks, run as `cargo xtask TASK` (the alias is in
//! `.cargo/config.toml`): plain Rust and the standard library, nothing to install.
//!
//! - `cargo xtask wasm`: the WebAssembly package, for the web and for Node (`wasm.rs`); it
//!   installs what it lacks first (the wasm32 target, `wasm-bindgen-cli` at the lock file's
//!   version), saying so.
//! - `cargo xtask web [--serve]`: the static site in `target/web/` (`web.rs`), the package
//!   built first: on a fresh clone, `cargo xtask web --serve` is the one command.
//! - `cargo xtask serve`: the game server (`crates/mesopotamia-server`) on 127.0.0.1 with its
//!   embedded database, serving the site (built first when missing): play with friends.

#![forbid(unsafe_code)]

mod serve;
mod wasm;
mod web;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <task>\n\ntasks:\n  wasm    build the WebAssembly package into target/wasm/ (web and node), installing the wasm32 target and wasm-bindgen-cli when missing; --opt: also wasm-opt\n  web     build the package (as `wasm`) and the site into target/web/ (--serve: and serve it on http://127.0.0.1:8000; --no-wasm: take the built package)\n  serve   the game server on http://127.0.0.1:8000 with its database in target/server-data/, serving the site (built first when missing); --port N, --data DIR, --rebuild";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("wasm") => wasm::run(&args[1..]),
        Some("web") => web::run(&args[1..]),
        Some("serve") => serve::run(&args[1..]),
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
