//! `cargo xtask serve`: the game server on 127.0.0.1 with its embedded database, serving the
//! site: the site is built first when it is not there (`cargo xtask web`, which installs what
//! the WebAssembly build lacks), then the server runs in release until interrupted.

use std::path::Path;
use std::process::Command;

/// Runs the task; `args`: `--port N` (8000), `--data DIR` (`target/server-data`), `--rebuild`
/// (build the site even when it is there).
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let mut port: u16 = 8000;
    let mut data: Option<String> = None;
    let mut rebuild = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--port" => {
                port = args
                    .next()
                    .and_then(|p| p.parse().ok())
                    .ok_or("--port takes a port number")?;
            }
            "--data" => data = Some(args.next().ok_or("--data takes a folder")?.clone()),
            "--rebuild" => rebuild = true,
            other => {
                return Err(format!(
                    "unknown argument `{other}`\nusage: cargo xtask serve [--port N] [--data DIR] [--rebuild]"
                ));
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .ok_or("xtask has no workspace above it")?
        .to_path_buf();
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .map(|t| if t.is_absolute() { t } else { root.join(t) })
        .unwrap_or_else(|| root.join("target"));
    let site = target.join("web");
    if rebuild || !site.join("index.html").exists() {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find xtask itself: {e}"))?;
        let status = Command::new(exe)
            .arg("web")
            .status()
            .map_err(|e| format!("cannot run `xtask web`: {e}"))?;
        if !status.success() {
            return Err("the site was not built".into());
        }
    }
    let data = data.unwrap_or_else(|| target.join("server-data").display().to_string());
    println!(
        "the game server on http://127.0.0.1:{port}, its database in {data} (Ctrl-C stops it)"
    );
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(&root)
        .args(["run", "--release", "-p", "mesopotamia-server", "--"])
        .arg("--addr")
        .arg(format!("127.0.0.1:{port}"))
        .arg("--data")
        .arg(&data)
        .arg("--site")
        .arg(&site)
        .status()
        .map_err(|e| format!("cannot run the server: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("the server stopped: {status}"))
    }
}
