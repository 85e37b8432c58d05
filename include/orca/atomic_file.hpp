#pragma once
#include <string>

namespace orca {

// Writes content to a new temporary file beside path (a random name, created exclusively, never
// through a symbolic link) and renames it over path, so a failed or interrupted run never leaves a
// truncated file where a good one was. Refuses, before writing, a path that exists and is not a
// regular file (a directory, a device such as /dev/null, a pipe, a symbolic link). Throws
// orca::Error naming the path.
void write_file_atomically(const std::string& path, const std::string& content);

// The same refusals, before any work: throws orca::Error when path is empty, exists and is not a
// regular file, or lies in a folder that does not exist.
void check_output_path(const std::string& path);

// Whether two paths name one file: the same file when both exist (links, other spellings), else
// the same absolute, normalised path (an output not written yet and ./its-name are one file).
[[nodiscard]] bool same_file(const std::string& a, const std::string& b);

// Removes the temporary file of a write in progress, if any. Async-signal-safe: the CLI calls it
// from its SIGINT/SIGTERM/SIGHUP handler so that an interrupted run leaves nothing behind
// (SIGKILL cannot be caught: the file then stays, named .<name>.orca-tmp-XXXXXXXX).
void discard_temporary_file() noexcept;

}  // namespace orca
