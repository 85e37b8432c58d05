#include "orca/dataset.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "data/text_cells.hpp"
#include "orca/errors.hpp"

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
    std::vector<size_t> cols;
    for (const auto& name : names) {
        auto it = std::find(ds.feature_names.begin(), ds.feature_names.end(), name);
        if (it == ds.feature_names.end())
            throw DataError(ds.source + ": no feature '" + name + "' (LIBSVM-format features are named f1.." + "f" +
                            std::to_string(ds.cols) + ")");
        cols.push_back(static_cast<size_t>(it - ds.feature_names.begin()));
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
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw DataError(path + ": no such file");
    if (!std::filesystem::is_regular_file(path, ec)) throw DataError(path + ": not a regular file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw DataError(path + ": cannot open the file for reading");
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
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
