//! The user's folders: where the file dialogs start (the documents folder) and the places they
//! offer (home, documents, desktop, downloads, the file system's root), each only if it exists.
//! The XDG `user-dirs.dirs` file names them where there is one (Linux desktops, in any
//! language); elsewhere they are the usual folders in the home folder.
//!
//! Everything is a function of the home folder handed in, so tests point it at a temporary
//! folder instead of changing the process's environment, which the tests running side by side
//! share.

use std::path::{Component, Path, PathBuf};

use super::text;

/// A folder the file dialog offers by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Home,
    Documents,
    Desktop,
    Downloads,
    /// The root of the file system the home folder is on (`/`, or its drive on Windows).
    Root,
}

impl Place {
    /// Every place, in the order the dialog shows them.
    pub const ALL: [Place; 5] = [
        Place::Home,
        Place::Documents,
        Place::Desktop,
        Place::Downloads,
        Place::Root,
    ];

    pub fn name(self) -> &'static str {
        let t = text::t();
        match self {
            Place::Home => t.home_folder,
            Place::Documents => t.documents_folder,
            Place::Desktop => t.desktop_folder,
            Place::Downloads => t.downloads_folder,
            Place::Root => t.root_folder,
        }
    }

    /// The key of this place in `user-dirs.dirs` and its usual folder in home, if it has them.
    fn user_dir(self) -> Option<(&'static str, &'static str)> {
        match self {
            Place::Documents => Some(("XDG_DOCUMENTS_DIR", "Documents")),
            Place::Desktop => Some(("XDG_DESKTOP_DIR", "Desktop")),
            Place::Downloads => Some(("XDG_DOWNLOAD_DIR", "Downloads")),
            Place::Home | Place::Root => None,
        }
    }
}

/// The user's home folder and the folder holding `user-dirs.dirs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserFolders {
    home: PathBuf,
    config: PathBuf,
}

impl UserFolders {
    /// The current user's: the home folder the system reports (`$HOME`, `%USERPROFILE%`) and
    /// `$XDG_CONFIG_HOME`, else `~/.config`. None without an absolute home folder.
    pub fn from_env() -> Option<UserFolders> {
        let home = std::env::home_dir().filter(|home| home.is_absolute())?;
        let config = std::env::var_os("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .filter(|config| config.is_absolute())
            .unwrap_or_else(|| home.join(".config"));
        Some(UserFolders { home, config })
    }

    /// Those of a user whose home is `home`, with the XDG configuration in `home/.config`.
    #[cfg(test)]
    pub fn in_home(home: &Path) -> UserFolders {
        UserFolders {
            home: home.to_path_buf(),
            config: home.join(".config"),
        }
    }

    /// Where a file dialog starts when it has not been used yet: the documents folder, else
    /// home. Never the working directory, which for a program started from a menu is home or
    /// the root, and from a terminal wherever that terminal was.
    pub fn documents(&self) -> PathBuf {
        self.place(Place::Documents)
            .unwrap_or_else(|| self.home.clone())
    }

    /// Where `place` is, if it exists as a folder: the folder `user-dirs.dirs` names for it if
    /// that exists, else its usual folder in home.
    pub fn place(&self, place: Place) -> Option<PathBuf> {
        let folder = match place.user_dir() {
            Some((key, usual)) => self
                .user_dirs_entry(key)
                .filter(|folder| folder.is_dir())
                .unwrap_or_else(|| self.home.join(usual)),
            None if place == Place::Home => self.home.clone(),
            None => root_of(&self.home),
        };
        folder.is_dir().then_some(folder)
    }

    /// The places that exist, each folder once (a documents folder that is home is home).
    pub fn places(&self) -> Vec<(Place, PathBuf)> {
        let mut places: Vec<(Place, PathBuf)> = Vec::new();
        for place in Place::ALL {
            if let Some(folder) = self.place(place)
                && places.iter().all(|(_, listed)| *listed != folder)
            {
                places.push((place, folder));
            }
        }
        places
    }

    /// The folder `user-dirs.dirs` gives for `key` (`XDG_DOCUMENTS_DIR="$HOME/Dokumente"`),
    /// whether or not it exists. A missing or unreadable file, or a value that is neither
    /// `$HOME/...` nor an absolute path, gives None.
    fn user_dirs_entry(&self, key: &str) -> Option<PathBuf> {
        let content = std::fs::read_to_string(self.config.join("user-dirs.dirs")).ok()?;
        content.lines().find_map(|line| {
            let (name, value) = line.trim().split_once('=')?;
            if name.trim() != key {
                return None;
            }
            let value = value.trim().trim_matches('"');
            if let Some(rest) = value.strip_prefix("$HOME") {
                Some(self.home.join(rest.trim_start_matches('/')))
            } else {
                Some(PathBuf::from(value)).filter(|path| path.is_absolute())
            }
        })
    }
}

/// The root of the file system `path` is on: `/` on Unix, the drive (`C:\`) on Windows.
fn root_of(path: &Path) -> PathBuf {
    path.components()
        .take_while(|c| matches!(c, Component::Prefix(_) | Component::RootDir))
        .collect()
}

/// A fresh empty folder for one test (a user's home, a folder to browse), named by the test
/// and this process so parallel tests and runs never share one.
#[cfg(test)]
pub fn fresh_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-folders-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documents_folder_is_the_user_dirs_one_else_documents_else_home() {
        let home = fresh_folder("documents");
        let folders = UserFolders::in_home(&home);
        assert_eq!(folders.documents(), home, "nothing there: home");
        std::fs::create_dir(home.join("Documents")).unwrap();
        assert_eq!(folders.documents(), home.join("Documents"));
        // A desktop in German names its folders in user-dirs.dirs.
        std::fs::create_dir(home.join(".config")).unwrap();
        std::fs::write(
            home.join(".config/user-dirs.dirs"),
            "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Schreibtisch\"\n\
             XDG_DOCUMENTS_DIR=\"$HOME/Dokumente\"\n",
        )
        .unwrap();
        assert_eq!(
            folders.documents(),
            home.join("Documents"),
            "the named folder does not exist yet"
        );
        std::fs::create_dir(home.join("Dokumente")).unwrap();
        assert_eq!(folders.documents(), home.join("Dokumente"));
        // An absolute path is taken as it is; a value it cannot read is passed over.
        let elsewhere = home.join("elsewhere");
        std::fs::create_dir(&elsewhere).unwrap();
        std::fs::write(
            home.join(".config/user-dirs.dirs"),
            format!("XDG_DOCUMENTS_DIR=\"{}\"\n", elsewhere.display()),
        )
        .unwrap();
        assert_eq!(folders.documents(), elsewhere);
        std::fs::write(
            home.join(".config/user-dirs.dirs"),
            "XDG_DOCUMENTS_DIR=\"relative/docs\"\nnot a line of this file\n",
        )
        .unwrap();
        assert_eq!(folders.documents(), home.join("Documents"));
    }

    #[test]
    fn only_places_that_exist_are_offered_each_once() {
        let home = fresh_folder("places");
        let folders = UserFolders::in_home(&home);
        let places = |folders: &UserFolders| -> Vec<Place> {
            folders.places().into_iter().map(|(p, _)| p).collect()
        };
        assert_eq!(places(&folders), [Place::Home, Place::Root]);
        std::fs::create_dir(home.join("Desktop")).unwrap();
        std::fs::create_dir(home.join("Downloads")).unwrap();
        assert_eq!(
            places(&folders),
            [Place::Home, Place::Desktop, Place::Downloads, Place::Root]
        );
        // A desktop folder that is home (how xdg-user-dirs turns one off) is listed as home.
        std::fs::create_dir(home.join(".config")).unwrap();
        std::fs::write(
            home.join(".config/user-dirs.dirs"),
            "XDG_DESKTOP_DIR=\"$HOME/\"\n",
        )
        .unwrap();
        assert_eq!(
            places(&folders),
            [Place::Home, Place::Downloads, Place::Root]
        );
        assert_eq!(
            folders.place(Place::Root),
            Some(home.ancestors().last().unwrap().to_path_buf())
        );
        // A home that does not exist offers nothing but the root.
        let gone = UserFolders::in_home(&home.join("gone"));
        assert_eq!(places(&gone), [Place::Root]);
        assert_eq!(gone.documents(), home.join("gone"));
    }
}
