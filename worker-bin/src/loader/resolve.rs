//! Where a specifier leads: Node's resolution, done by `oxc_resolver` (the
//! resolver Rolldown and Rspack use) rather than by hand.
//!
//! Relative and absolute specifiers name files; bare ones are looked up in
//! `node_modules` from the importing file's folder upwards, through a
//! package's `exports` (and `imports` for `#name`) with bext's conditions,
//! else its `module`/`main` field and `index` files. A name of Node's
//! built-ins (`node:buffer`, bare `events`) is one before any lookup, as in
//! Node. Symlinks are followed to the real file (pnpm's layout), so one file
//! is one module whichever link reached it.
//!
//! Extensions are searched for every importer, not only CommonJS ones as in
//! Node, and a `.js` specifier also finds the `.ts` file next to it, the way
//! TypeScript projects write their imports. An importer of the app (not of
//! a package in `node_modules`) has its nearest `tsconfig.json`'s `paths`
//! and `baseUrl` applied first, `extends` followed, as `tsc` has them.
//!
//! What a specifier resolves to is then admitted or refused by the pool's
//! confinement (`confine`): a file outside the pool's folders is an error
//! here, whichever way it was named.

use std::path::{Path, PathBuf};

use oxc_resolver::{ModuleType, PackageType, ResolveOptions, Resolver, TsconfigDiscovery};

use super::confine::{self, Refused};

/// Conditions for `import`, in order of preference. `node` comes after the
/// worker conditions and before `import`: bext provides Node's built-ins,
/// so it takes what a package publishes for Node over its generic build.
pub const IMPORT_CONDITIONS: &[&str] = &[
    "bext", "worker", "workerd", "node", "import", "module", "default",
];
/// Conditions for `require()`.
pub const REQUIRE_CONDITIONS: &[&str] =
    &["bext", "worker", "workerd", "node", "require", "default"];
/// What a specifier without one may end with, in order.
const EXTENSIONS: &[&str] = &[
    ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".tsx", ".jsx", ".json",
];

/// Who asks: conditions and main fields differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    Import,
    Require,
}

/// How a file is to be run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Esm,
    CommonJs,
    Json,
    /// A `.wasm` file: its default export is a `WebAssembly.Module`.
    Wasm,
    /// A `.js`/`.ts` file whose package does not say: its syntax decides,
    /// as Node's module detection does.
    Detect,
}

/// What a specifier resolved to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// A file, by its real path (with a `?query` when the specifier had one).
    File { name: String, format: Format },
    /// A Node built-in, named `node:X`.
    Builtin(String),
}

/// A specifier that leads nowhere, or to a file the pool may not read.
#[derive(Debug, thiserror::Error)]
pub enum ResolveError {
    #[error("cannot find module '{specifier}' imported from {importer}: {reason}; tried {tried}")]
    NotFound {
        specifier: String,
        importer: String,
        reason: String,
        tried: String,
    },
    #[error(transparent)]
    Refused(#[from] Refused),
}

/// The two resolvers (for `import` and for `require`), sharing one cache
/// of the file system.
pub struct Resolution {
    import: Resolver,
    require: Resolver,
}

impl std::fmt::Debug for Resolution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Resolution").finish_non_exhaustive()
    }
}

impl Default for Resolution {
    fn default() -> Self {
        Self::new()
    }
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

impl Resolution {
    pub fn new() -> Resolution {
        let alias = |from: &str, to: &[&str]| (from.to_string(), strings(to));
        let import = Resolver::new(ResolveOptions {
            condition_names: strings(IMPORT_CONDITIONS),
            main_fields: strings(&["module", "main"]),
            extensions: strings(EXTENSIONS),
            extension_alias: vec![
                alias(".js", &[".js", ".ts", ".tsx"]),
                alias(".mjs", &[".mjs", ".mts"]),
                alias(".cjs", &[".cjs", ".cts"]),
            ],
            builtin_modules: true,
            // `paths` and `baseUrl` of the importer's tsconfig.json.
            tsconfig: Some(TsconfigDiscovery::Auto),
            // Node's ESM_FILE_FORMAT: the nearest package.json's `type`
            // (a package may hold a folder with a `type` of its own).
            module_type: true,
            ..ResolveOptions::default()
        });
        let require = import.clone_with_options(ResolveOptions {
            condition_names: strings(REQUIRE_CONDITIONS),
            main_fields: strings(&["main"]),
            ..import.options().clone()
        });
        Resolution { import, require }
    }

    /// Resolves `specifier` imported (or required) by module `importer`
    /// (a file path, or anything else for the pool's script itself).
    pub fn resolve(
        &self,
        importer: &str,
        specifier: &str,
        caller: Caller,
    ) -> Result<Resolved, ResolveError> {
        let dir = importer_dir(importer);
        let resolver = match caller {
            Caller::Import => &self.import,
            Caller::Require => &self.require,
        };
        let found = match tsconfig_importer(importer) {
            Some(file) => match resolver.resolve_file(file, specifier) {
                // A tsconfig.json that cannot be loaded (its `extends` a
                // dev package not installed) maps nothing; its error is
                // the one given if the specifier leads nowhere without it.
                Err(e) if is_tsconfig_error(&e) => {
                    let plain = resolver.resolve(&dir, specifier);
                    match &plain {
                        Ok(_) | Err(oxc_resolver::ResolveError::Builtin { .. }) => plain,
                        Err(_) => Err(e),
                    }
                }
                found => found,
            },
            None => resolver.resolve(&dir, specifier),
        };
        match found {
            Ok(r) => {
                let package = r.package_json().and_then(|p| p.name());
                confine::admit(importer, specifier, r.path(), package, caller)?;
                Ok(Resolved::File {
                    name: r.full_path().to_string_lossy().into_owned(),
                    format: match r.module_type() {
                        Some(ModuleType::Module) => Format::Esm,
                        Some(ModuleType::CommonJs) => Format::CommonJs,
                        Some(ModuleType::Json) => Format::Json,
                        _ if ext(r.path()) == Some("wasm") => Format::Wasm,
                        // `.js`/`.ts` whose package scope says nothing.
                        _ if matches!(ext(r.path()), Some("js" | "ts")) => Format::Detect,
                        // `.tsx`/`.jsx`: the package's `type`, as for `.js`.
                        _ => format_of(r.path(), r.package_json().and_then(|p| p.r#type())),
                    },
                })
            }
            Err(oxc_resolver::ResolveError::Builtin { resolved, .. }) => {
                Ok(Resolved::Builtin(resolved))
            }
            Err(e) => Err(ResolveError::NotFound {
                specifier: specifier.to_string(),
                importer: importer.to_string(),
                reason: e.to_string(),
                tried: tried(&dir, specifier, caller),
            }),
        }
    }

    /// Forgets what the resolvers learnt of the file system.
    pub fn clear(&self) {
        self.import.clear_cache();
        self.require.clear_cache();
    }
}

/// The folder specifiers of `importer` are relative to: its file's, or
/// the current folder for the script (imported by the prelude).
pub(super) fn importer_dir(importer: &str) -> PathBuf {
    let file = Path::new(file_part(importer));
    match file.parent() {
        Some(dir) if file.is_absolute() => dir.to_path_buf(),
        _ => std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")),
    }
}

/// The importer whose nearest `tsconfig.json` maps its specifiers: a file
/// of the app, as `tsc` compiles them, not a package's file.
fn tsconfig_importer(importer: &str) -> Option<&Path> {
    let file = Path::new(file_part(importer));
    let packaged = file.components().any(|c| c.as_os_str() == "node_modules");
    (file.is_absolute() && !packaged).then_some(file)
}

fn is_tsconfig_error(e: &oxc_resolver::ResolveError) -> bool {
    use oxc_resolver::ResolveError as E;
    matches!(
        e,
        E::TsconfigNotFound(_)
            | E::TsconfigSelfReference(_)
            | E::TsconfigCircularExtend(_)
            | E::TsconfigLoadFailed { .. }
    )
}

/// How the file at `path` runs, from its extension, else its package's
/// `type`.
pub fn format_of(path: &Path, package_type: Option<PackageType>) -> Format {
    match ext(path) {
        Some("mjs" | "mts") => Format::Esm,
        Some("cjs" | "cts") => Format::CommonJs,
        Some("json") => Format::Json,
        Some("wasm") => Format::Wasm,
        _ => match package_type {
            Some(PackageType::Module) => Format::Esm,
            Some(PackageType::CommonJs) => Format::CommonJs,
            None => Format::Detect,
        },
    }
}

fn ext(path: &Path) -> Option<&str> {
    path.extension().and_then(|e| e.to_str())
}

/// What the resolver looked at for `specifier`, for the error: the file
/// and its extensions for a path, else each `node_modules` folder upwards.
fn tried(dir: &Path, specifier: &str, caller: Caller) -> String {
    let conditions = match caller {
        Caller::Import => IMPORT_CONDITIONS,
        Caller::Require => REQUIRE_CONDITIONS,
    }
    .join(", ");
    if specifier.starts_with('.') || specifier.starts_with('/') {
        let file = dir.join(specifier);
        return format!(
            "{} with the extensions {} and as a folder with an index file",
            file.display(),
            EXTENSIONS.join(" ")
        );
    }
    let package = package_name(specifier);
    let folders: Vec<String> = dir
        .ancestors()
        .filter(|d| d.file_name() != Some("node_modules".as_ref()))
        .map(|d| d.join("node_modules").join(package).display().to_string())
        .collect();
    format!("{} (conditions: {conditions})", folders.join(", "))
}

/// The package part of a bare specifier: `@scope/name` or `name`.
pub(super) fn package_name(specifier: &str) -> &str {
    let mut ends = specifier.match_indices('/').map(|(i, _)| i);
    let end = if specifier.starts_with('@') {
        ends.nth(1)
    } else {
        ends.next()
    };
    &specifier[..end.unwrap_or(specifier.len())]
}

/// A module name without its query: the file it is read from.
pub fn file_part(name: &str) -> &str {
    name.split_once('?').map_or(name, |(f, _)| f)
}

#[cfg(test)]
#[path = "resolve_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "resolve_tsconfig_tests.rs"]
mod tsconfig_tests;
