//! searchlab: with no arguments, the window; `open FILE`, the window with a session file; with
//! a subcommand, headless work.

use std::ffi::OsStr;

fn main() -> std::process::ExitCode {
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    let session = match args.as_slice() {
        [] => None,
        [open, path] if open == OsStr::new("open") => Some(path.into()),
        _ => {
            return searchlab::cli::main(searchlab::cli::WindowHooks {
                frame_bench: searchlab::app::frame_bench,
            });
        }
    };
    match searchlab::app::run(session) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("searchlab: cannot open the window: {err}");
            std::process::ExitCode::from(2)
        }
    }
}
