// CSV with a header: RFC 4180 quoting, UTF-8 BOM, CRLF, blank lines skipped.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <unordered_map>

#include "data/text_cells.hpp"
#include "orca/dataset.hpp"
#include "orca/errors.hpp"

namespace orca {
namespace {

struct Record {
    size_t line = 0;  // 1-based line where the record starts
    std::vector<std::string> fields;
};

// Splits the text into records. Quoted fields may hold commas, doubled quotes and newlines.
std::vector<Record> split_records(std::string_view text, const std::string& source) {
    std::vector<Record> records;
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    size_t line = 1;
    size_t i = 0;
    const size_t n = text.size();
    while (i < n) {
        Record rec;
        rec.line = line;
        std::string field;
        bool quoted_field = false;
        bool end_of_record = false;
        while (!end_of_record) {
            if (i >= n) {
                rec.fields.push_back(std::move(field));
                break;
            }
            const char c = text[i];
            if (c == '"' && field.find_first_not_of(" \t") == std::string::npos && !quoted_field) {
                // Opening quote (leading spaces before it are dropped).
                field.clear();
                quoted_field = true;
                const size_t open_line = line;
                ++i;
                while (true) {
                    if (i >= n)
                        throw DataError(source + ":" + std::to_string(open_line) + ": unterminated quoted field");
                    if (text[i] == '"') {
                        if (i + 1 < n && text[i + 1] == '"') {
                            field.push_back('"');
                            i += 2;
                            continue;
                        }
                        ++i;
                        break;
                    }
                    if (text[i] == '\n') ++line;
                    field.push_back(text[i]);
                    ++i;
                }
                continue;
            }
            if (c == ',') {
                rec.fields.push_back(std::move(field));
                field.clear();
                quoted_field = false;
                ++i;
                continue;
            }
            if (c == '\n' || c == '\r') {
                rec.fields.push_back(std::move(field));
                if (c == '\r' && i + 1 < n && text[i + 1] == '\n') ++i;
                ++i;
                ++line;
                end_of_record = true;
                continue;
            }
            if (quoted_field && c != ' ' && c != '\t')
                throw DataError(source + ":" + std::to_string(line) + ": text after a closing quote in field " +
                                std::to_string(rec.fields.size() + 1));
            field.push_back(c);
            ++i;
        }
        const bool blank = std::all_of(rec.fields.begin(), rec.fields.end(), [](const std::string& f) {
            return f.find_first_not_of(" \t") == std::string::npos;
        });
        if (!(blank && rec.fields.size() == 1)) records.push_back(std::move(rec));
    }
    return records;
}

}  // namespace

Dataset parse_csv(std::string_view text, const std::string& source, const ReadOptions& options) {
    auto records = split_records(text, source);
    if (records.empty()) throw DataError(source + ": the file is empty (expected a header line)");
    const Record& header = records.front();
    std::vector<std::string> names;
    std::unordered_map<std::string, size_t> column_of;
    for (size_t c = 0; c < header.fields.size(); ++c) {
        std::string name = trim(header.fields[c]);
        if (!is_valid_utf8(name))
            throw DataError(source + ":" + std::to_string(header.line) + ":" + std::to_string(c + 1) +
                            ": the column name " + quote_cell(name) +
                            " is not valid UTF-8 text (save the file as UTF-8)");
        if (name.empty())
            throw DataError(source + ":" + std::to_string(header.line) + ":" + std::to_string(c + 1) +
                            ": empty column name in the header");
        if (!column_of.emplace(name, c).second)
            throw DataError(source + ":" + std::to_string(header.line) + ":" + std::to_string(c + 1) +
                            ": duplicate column name '" + name + "'");
        names.push_back(name);
    }
    auto list_columns = [&] {
        std::string s;
        for (const auto& nm : names) s += (s.empty() ? "" : ", ") + nm;
        return s;
    };
    long target_col = -1;
    if (!options.target.empty()) {
        auto it = column_of.find(options.target);
        if (it != column_of.end())
            target_col = static_cast<long>(it->second);
        else if (!options.target_optional)
            throw DataError(source + ": no target column '" + options.target +
                            "' in the header (columns: " + list_columns() + ")");
    }
    long weight_col = -1;
    if (!options.weight_column.empty()) {
        auto it = column_of.find(options.weight_column);
        if (it == column_of.end())
            throw DataError(source + ": no sample-weight column '" + options.weight_column +
                            "' in the header (columns: " + list_columns() + ")");
        weight_col = static_cast<long>(it->second);
    }
    std::vector<size_t> feature_cols;
    if (options.features.empty()) {
        for (size_t c = 0; c < names.size(); ++c)
            if (static_cast<long>(c) != target_col && static_cast<long>(c) != weight_col) feature_cols.push_back(c);
    } else {
        for (const auto& f : options.features) {
            auto it = column_of.find(f);
            if (it == column_of.end())
                throw DataError(source + ": no feature column '" + f + "' in the header (columns: " + list_columns() +
                                ")");
            if (static_cast<long>(it->second) == target_col)
                throw ParameterError("feature '" + f + "' is also the target column");
            if (static_cast<long>(it->second) == weight_col)
                throw ParameterError("feature '" + f + "' is also the sample-weight column");
            feature_cols.push_back(it->second);
        }
    }
    if (feature_cols.empty()) throw DataError(source + ": no feature columns");

    Dataset ds;
    ds.source = source;
    ds.cols = feature_cols.size();
    for (size_t c : feature_cols) ds.feature_names.push_back(names[c]);
    if (target_col >= 0) ds.target_name = names[static_cast<size_t>(target_col)];
    std::vector<double> row(ds.cols);
    for (size_t r = 1; r < records.size(); ++r) {
        const Record& rec = records[r];
        if (rec.fields.size() != names.size())
            throw DataError(source + ":" + std::to_string(rec.line) + ": expected " + std::to_string(names.size()) +
                            " fields (as in the header), found " + std::to_string(rec.fields.size()));
        bool missing = false;
        std::string missing_where;
        for (size_t k = 0; k < feature_cols.size(); ++k) {
            const size_t c = feature_cols[k];
            const std::string where = source + ":" + std::to_string(rec.line) + ":" + std::to_string(c + 1);
            auto cell = parse_number_cell(rec.fields[c], where, names[c]);
            if (!cell) {
                missing = true;
                if (missing_where.empty()) missing_where = where + " (column '" + names[c] + "')";
                continue;
            }
            row[k] = *cell;
        }
        std::string label;
        if (target_col >= 0) {
            label = trim(rec.fields[static_cast<size_t>(target_col)]);
            if (!is_valid_utf8(label))
                throw DataError(source + ":" + std::to_string(rec.line) + ":" + std::to_string(target_col + 1) +
                                ": the label " + quote_cell(label) +
                                " is not valid UTF-8 text (save the file as UTF-8)");
            if (is_missing_token(label)) {
                missing = true;
                if (missing_where.empty())
                    missing_where = source + ":" + std::to_string(rec.line) + ":" + std::to_string(target_col + 1) +
                                    " (target '" + names[static_cast<size_t>(target_col)] + "')";
            }
        }
        double weight = 1.0;
        if (weight_col >= 0) {
            const auto c = static_cast<size_t>(weight_col);
            const std::string where = source + ":" + std::to_string(rec.line) + ":" + std::to_string(c + 1);
            auto w = parse_number_cell(rec.fields[c], where, names[c]);
            if (!w) {
                missing = true;
                if (missing_where.empty()) missing_where = where + " (sample weight '" + names[c] + "')";
            } else if (*w < 0.0) {
                throw DataError(where + ": negative sample weight " + quote_cell(trim(rec.fields[c])));
            } else {
                weight = *w;
            }
        }
        if (missing) {
            if (!options.drop_missing)
                throw DataError(missing_where + ": missing value (" +
                                (options.drop_missing_advice.empty() ? std::string("every row needs all its values")
                                                                     : options.drop_missing_advice) +
                                ")");
            ++ds.dropped_rows;
            continue;
        }
        ds.X.insert(ds.X.end(), row.begin(), row.end());
        if (target_col >= 0) ds.target.push_back(std::move(label));
        if (weight_col >= 0) ds.weights.push_back(weight);
        ++ds.rows;
    }
    return ds;
}

}  // namespace orca
