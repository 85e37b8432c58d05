// LIBSVM's sparse text format: "label index:value index:value ..." with 1-based indices.
#include <algorithm>
#include <cmath>
#include <limits>

#include "data/text_cells.hpp"
#include "orca/dataset.hpp"
#include "orca/errors.hpp"
#include "platform/system_memory.hpp"

namespace orca {

// The largest dense table a LIBSVM file may expand to: 134 million values (100,000 rows of 1,342
// features), far beyond ORCA's tens of features, and small enough that a tiny file with a huge
// index cannot take the machine's memory.
constexpr double kMaxDenseBytes = 1024.0 * 1024.0 * 1024.0;
namespace {

struct SparseRow {
    std::string label;
    std::vector<std::pair<size_t, double>> entries;
};

}  // namespace

Dataset parse_libsvm(std::string_view text, const std::string& source, const ReadOptions& options) {
    text = without_bom(text);
    std::vector<SparseRow> rows;
    size_t max_index = 0;
    size_t line_no = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
        // Tokenise on blanks; column numbers are 1-based character positions.
        std::vector<std::pair<size_t, std::string_view>> tokens;
        size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
            const size_t start = i;
            while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
            if (i > start) tokens.emplace_back(start + 1, line.substr(start, i - start));
        }
        if (tokens.empty()) continue;
        SparseRow row;
        row.label = std::string(tokens[0].second);
        check_label_text(row.label, source + ":" + std::to_string(line_no) + ":1", "label");
        row.label = canonical_label(row.label);
        size_t previous = 0;
        for (size_t t = 1; t < tokens.size(); ++t) {
            const auto [col, tok] = tokens[t];
            const std::string where = source + ":" + std::to_string(line_no) + ":" + std::to_string(col);
            const auto colon = tok.find(':');
            double index_value = 0.0;
            if (colon == std::string_view::npos || !parse_double(tok.substr(0, colon), index_value) ||
                index_value < 1.0 || index_value != std::floor(index_value) || index_value > 1e7)
                throw DataError(where + ": expected index:value with an integer index from 1 to 10000000, found " +
                                quote_cell(tok));
            const auto index = static_cast<size_t>(index_value);
            if (index <= previous)
                throw DataError(where + ": feature indices must increase along a line, found " + std::to_string(index) +
                                " after " + std::to_string(previous));
            previous = index;
            auto value = parse_number_cell(tok.substr(colon + 1), where, "f" + std::to_string(index));
            if (!value && !options.keep_missing_features)
                throw DataError(where + ": missing value in " + quote_cell(tok));
            row.entries.emplace_back(index, value ? *value : std::numeric_limits<double>::quiet_NaN());
            max_index = std::max(max_index, index);
        }
        rows.push_back(std::move(row));
    }
    Dataset ds;
    ds.source = source;
    ds.cols = options.libsvm_dimension > 0 ? options.libsvm_dimension : max_index;
    if (max_index > ds.cols)
        throw DataError(source + ": feature index " + std::to_string(max_index) + " is beyond the model's " +
                        std::to_string(ds.cols) + " features");
    if (ds.cols == 0) {
        const bool comma_separated =
            std::any_of(rows.begin(), rows.end(), [](const SparseRow& r) { return r.label.find(',') != std::string::npos; });
        if (comma_separated)
            throw DataError(source + ": no index:value pairs in LIBSVM format, but its lines hold commas: it looks "
                                     "like a CSV file (read it with the format csv)");
        throw DataError(source + ": no features (the file is empty or has only labels)");
    }
    for (size_t j = 1; j <= ds.cols; ++j) ds.feature_names.push_back("f" + std::to_string(j));
    ds.rows = rows.size();
    ds.target_name = "label";
    // ORCA's data are dense: a large index in a small file would make a huge table. Refused up
    // front, with the size, rather than exhausting memory.
    const double dense_bytes = 8.0 * static_cast<double>(ds.rows) * static_cast<double>(ds.cols);
    if (dense_bytes > std::min(kMaxDenseBytes, 0.25 * available_memory_bytes()))
        throw ResourceError(
            source + ": its largest feature index " + std::to_string(ds.cols) + " makes a dense table of " +
            std::to_string(ds.rows) + " x " + std::to_string(ds.cols) + " values (" +
            std::to_string(static_cast<long long>(dense_bytes / 1e6)) +
            " MB), more than ORCA's dense tables take (1 GiB, and at most a quarter of the available memory); "
            "ORCA works on dense data (tens of features): "
            "number the features from 1 without gaps");
    ds.X.assign(ds.rows * ds.cols, 0.0);
    for (size_t r = 0; r < rows.size(); ++r) {
        for (auto [index, value] : rows[r].entries) ds.X[r * ds.cols + index - 1] = value;
        ds.target.push_back(std::move(rows[r].label));
    }
    return ds;
}

}  // namespace orca
