#include "orca/dataset.hpp"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <unordered_map>

#include "data/text_cells.hpp"
#include "orca/errors.hpp"
#include "platform/system_memory.hpp"

namespace orca {
namespace {

DataFormat detect_format(const std::string& path, std::string_view text) {
    const auto ext = std::filesystem::path(path).extension().string();
    if (ext == ".csv") return DataFormat::csv;
    if (ext == ".svm" || ext == ".libsvm" || ext == ".svmlight") return DataFormat::libsvm;
    const auto first_line = text.substr(0, text.find('\n'));
    if (first_line.find(',') == std::string_view::npos && first_line.find(':') != std::string_view::npos)
        return DataFormat::libsvm;
    return DataFormat::csv;
}

// Keeps the named columns of a LIBSVM-format data set, in the order given.
void select_columns(Dataset& ds, const std::vector<std::string>& names) {
    std::unordered_map<std::string_view, size_t> column_of;
    for (size_t c = 0; c < ds.feature_names.size(); ++c) column_of.emplace(ds.feature_names[c], c);
    std::vector<size_t> cols;
    std::vector<bool> chosen(ds.cols, false);
    for (const auto& name : names) {
        auto it = column_of.find(name);
        if (it == column_of.end())
            throw DataError(ds.source + ": no feature '" + name + "' (LIBSVM-format features are named f1.." + "f" +
                            std::to_string(ds.cols) + ")");
        if (chosen[it->second]) throw ParameterError("features: '" + name + "' is listed twice (each feature once)");
        chosen[it->second] = true;
        cols.push_back(it->second);
    }
    std::vector<double> X(ds.rows * cols.size());
    for (size_t r = 0; r < ds.rows; ++r)
        for (size_t k = 0; k < cols.size(); ++k) X[r * cols.size() + k] = ds.X[r * ds.cols + cols[k]];
    ds.X = std::move(X);
    ds.cols = cols.size();
    ds.feature_names = names;
}

bool all_numeric(const std::vector<std::string>& labels) {
    double v = 0.0;
    return std::all_of(labels.begin(), labels.end(), [&](const std::string& s) { return parse_double(s, v); });
}

}  // namespace

std::string read_text_file(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (!fs::exists(status)) throw DataError(path + ": no such file");
    if (fs::is_directory(status)) throw DataError(path + ": is a directory, not a data file");
    // A pipe or a terminal (/dev/stdin, a process substitution) is read as it comes, up to the
    // same limit: a file's size is known in advance, a stream's is not.
    const double limit = 0.5 * available_memory_bytes();
    const std::uintmax_t size = fs::is_regular_file(status) ? fs::file_size(path, ec) : 0;
    if (!ec && static_cast<double>(size) > limit)
        throw ResourceError(path + ": " + std::to_string(size / 1000000) +
                            " MB is more than half the available memory; ORCA reads the whole table into memory");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw DataError(path + ": cannot open the file for reading");
    std::string text;
    std::vector<char> chunk(1 << 20);
    while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0) {
        text.append(chunk.data(), static_cast<size_t>(in.gcount()));
        if (static_cast<double>(text.size()) > limit)
            throw ResourceError(path + ": more than half the available memory was read and the data go on; "
                                       "ORCA reads the whole table into memory");
    }
    if (in.bad()) throw DataError(path + ": read failed");
    return text;
}

Dataset read_dataset(const std::string& path, const ReadOptions& options) {
    const std::string text = read_text_file(path);
    DataFormat format = options.format;
    if (format == DataFormat::automatic) format = detect_format(path, text);
    if (format == DataFormat::csv) return parse_csv(text, path, options);
    Dataset ds = parse_libsvm(text, path, options);
    if (!options.features.empty()) select_columns(ds, options.features);
    return ds;
}

std::vector<std::string> distinct_labels(const std::vector<std::string>& target) {
    const std::set<std::string> unique(target.begin(), target.end());
    std::vector<std::string> classes(unique.begin(), unique.end());
    if (all_numeric(classes)) {
        std::stable_sort(classes.begin(), classes.end(), [](const std::string& a, const std::string& b) {
            double x = 0.0, y = 0.0;
            (void)parse_double(a, x);
            (void)parse_double(b, y);
            return x < y;
        });
    }
    return classes;
}

BinaryLabels encode_binary_labels(const std::vector<std::string>& target, const std::string& source) {
    if (target.empty()) throw DataError(source + ": no data rows");
    BinaryLabels out;
    out.classes = distinct_labels(target);
    if (out.classes.size() == 1)
        throw DataError(source + ": the target has one class only ('" + out.classes[0] + "'); a classifier needs two");
    if (out.classes.size() > 2)
        throw DataError(source + ": the target has " + std::to_string(out.classes.size()) +
                        " classes; this step needs a two-class target");
    out.y.reserve(target.size());
    for (const auto& t : target) out.y.push_back(t == out.classes[1] ? 1.0 : -1.0);
    return out;
}

}  // namespace orca
