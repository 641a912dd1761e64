//! searchlab: with no arguments, the window; with a subcommand, headless work.

fn main() -> std::process::ExitCode {
    if std::env::args_os().len() <= 1 {
        return match searchlab::app::run() {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("searchlab: cannot open the window: {err}");
                std::process::ExitCode::from(2)
            }
        };
    }
    searchlab::cli::main()
}
