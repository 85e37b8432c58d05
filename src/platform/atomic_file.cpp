#include "orca/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <random>

#include "orca/errors.hpp"

namespace orca {
namespace {

// The longest file name (NAME_MAX on Linux and the BSDs).
constexpr size_t kNameMax = 255;

// The write in progress, for discard_temporary_file (one at a time per process is all the CLI
// does; a concurrent writer's name is simply not recorded).
std::array<char, 4096> g_pending{};
std::atomic<bool> g_has_pending{false};

std::string error_text(int code) {
    return std::strerror(code);
}

void refuse_unless_regular_or_absent(const std::string& path) {
    namespace fs = std::filesystem;
    if (path.empty()) throw ParameterError("the output file name is empty");
    if (const size_t length = fs::path(path).filename().string().size(); length > kNameMax)
        throw Error(path + ": its name is " + std::to_string(length) + " bytes long, more than the " +
                    std::to_string(kNameMax) + " a file name may have");
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(path, ec);
    if (ec || !fs::exists(status)) return;
    if (fs::is_symlink(status))
        throw Error(path +
                    ": is a symbolic link; ORCA neither writes through nor replaces links (give the file's "
                    "own path)");
    if (fs::is_directory(status)) throw Error(path + ": is a directory (give a file name)");
    if (!fs::is_regular_file(status))
        throw Error(path + ": is not a regular file (a device, pipe or socket); ORCA replaces only regular files");
    // By its mode bits, not access(2): root may write anything, and a file made read-only is
    // meant to stay as it is, whoever runs orca.
    if ((static_cast<unsigned>(status.permissions()) & static_cast<unsigned>(fs::perms::owner_write)) == 0)
        throw Error(path + ": is read-only; ORCA does not replace it (make it writable, or choose another name)");
}

// The permissions a replaced file keeps (a 0600 model stays private); none for a new file,
// which gets the umask's.
std::optional<mode_t> kept_mode(const std::string& path) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    return st.st_mode & 07777;
}

// The temporary file's name: ".NAME.orca-tmp-XXXXXXXX", with NAME shortened (at a UTF-8 character
// boundary) so that the whole stays within the 255 bytes a file name may have.
std::string temporary_name(const std::string& name, const std::string& suffix) {
    const std::string tail = ".orca-tmp-" + suffix;
    size_t keep = std::min(name.size(), kNameMax - 1 - tail.size());
    while (keep > 0 && keep < name.size() && (static_cast<unsigned char>(name[keep]) & 0xC0) == 0x80) --keep;
    return "." + name.substr(0, keep) + tail;
}

std::string random_suffix() {
    static thread_local std::mt19937_64 rng{std::random_device{}()};
    static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    std::string s(8, 'x');
    for (auto& c : s) c = kAlphabet[rng() % (sizeof(kAlphabet) - 1)];
    return s;
}

// Creates the temporary file: exclusive (a name planted in advance, file or link, makes open fail
// and another name is tried), never following a link, close-on-exec, permissions by the umask.
int create_temporary(const std::string& path, std::string& temp) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
    for (int attempt = 0; attempt < 100; ++attempt) {
        temp = (folder / temporary_name(target.filename().string(), random_suffix())).string();
        const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd >= 0) return fd;
        if (errno != EEXIST) throw Error(path + ": cannot write in its folder (" + error_text(errno) + ")");
    }
    throw Error(path + ": cannot create a temporary file beside it");
}

void remember(const std::string& temp) {
    if (temp.size() < g_pending.size()) {
        std::memcpy(g_pending.data(), temp.c_str(), temp.size() + 1);
        g_has_pending.store(true);
    }
}

void forget() {
    g_has_pending.store(false);
}

}  // namespace

bool same_file(const std::string& a, const std::string& b) {
    namespace fs = std::filesystem;
    if (a == b) return true;
    std::error_code ec;
    if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec) && !ec;
    // Files not written yet: their absolute, normalised paths (new.json and ./new.json are one
    // file; weakly_canonical alone keeps a relative path whose folder part does not exist as it is).
    const auto normal = [](const std::string& p) {
        std::error_code e;
        const fs::path absolute = fs::absolute(p, e);
        const fs::path canonical = fs::weakly_canonical(absolute, e);
        return (e ? absolute : canonical).lexically_normal();
    };
    return normal(a) == normal(b);
}

void check_output_path(const std::string& path) {
    refuse_unless_regular_or_absent(path);
    namespace fs = std::filesystem;
    const fs::path folder = fs::path(path).parent_path();
    std::error_code ec;
    if (!folder.empty() && !fs::is_directory(folder, ec))
        throw Error(path + ": its folder " + folder.string() + " does not exist");
}

void discard_temporary_file() noexcept {
    if (g_has_pending.exchange(false)) ::unlink(g_pending.data());
}

void write_file_atomically(const std::string& path, const std::string& content) {
    refuse_unless_regular_or_absent(path);
    const std::optional<mode_t> mode = kept_mode(path);
    std::string temp;
    const int fd = create_temporary(path, temp);
    remember(temp);
    const auto fail = [&](const std::string& why) {
        ::close(fd);
        ::unlink(temp.c_str());
        forget();
        throw Error(path + ": " + why);
    };
    size_t written = 0;
    while (written < content.size()) {
        const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail("write failed (" + error_text(errno) + ")");
        written += static_cast<size_t>(n);
    }
    if (mode && ::fchmod(fd, *mode) != 0) fail("cannot keep its permissions (" + error_text(errno) + ")");
    if (::fsync(fd) != 0) fail("write failed (" + error_text(errno) + ")");
    if (::close(fd) != 0) {
        ::unlink(temp.c_str());
        forget();
        throw Error(path + ": write failed (" + error_text(errno) + ")");
    }
    // Checked again just before the rename: the path may have been replaced meanwhile.
    try {
        refuse_unless_regular_or_absent(path);
    } catch (...) {
        ::unlink(temp.c_str());
        forget();
        throw;
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        const int code = errno;
        ::unlink(temp.c_str());
        forget();
        throw Error(path + ": cannot replace the file (" + error_text(code) + ")");
    }
    forget();
}

}  // namespace orca
