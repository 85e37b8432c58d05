// CSV with a header: RFC 4180 quoting, UTF-8 BOM, CRLF, blank lines skipped.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <limits>
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

// Reads the text one record at a time into a record the caller reuses, so that memory holds the
// text and the parsed table, not every field of every row as a string (a 150 MB file of short
// rows took 8 GB that way). Quoted fields may hold commas, doubled quotes and newlines.
class RecordReader {
public:
    RecordReader(std::string_view text, const std::string& source) : text_(without_bom(text)), source_(source) {}

    // The next record that is not blank; false at the end of the text.
    bool next(Record& rec) {
        while (i_ < text_.size()) {
            read_one(rec);
            const bool blank = rec.fields.size() == 1 && rec.fields[0].find_first_not_of(" \t") == std::string::npos;
            if (!blank) return true;
        }
        return false;
    }

private:
    static bool is_special(char c) { return c == ',' || c == '\n' || c == '\r' || c == '"'; }

    void read_one(Record& rec) {
        rec.line = line_;
        size_t used = 0;  // fields of rec in use (their strings keep their capacity)
        auto field = [&]() -> std::string& {
            if (used == rec.fields.size()) rec.fields.emplace_back();
            std::string& f = rec.fields[used];
            f.clear();
            return f;
        };
        std::string* current = &field();
        bool quoted_field = false;
        const size_t n = text_.size();
        while (true) {
            if (i_ >= n) break;
            const char c = text_[i_];
            if (c == '"' && current->find_first_not_of(" \t") == std::string::npos && !quoted_field) {
                // Opening quote (leading spaces before it are dropped).
                current->clear();
                quoted_field = true;
                const size_t open_line = line_;
                ++i_;
                while (true) {
                    if (i_ >= n)
                        throw DataError(source_ + ":" + std::to_string(open_line) + ": unterminated quoted field");
                    if (text_[i_] == '"') {
                        if (i_ + 1 < n && text_[i_ + 1] == '"') {
                            current->push_back('"');
                            i_ += 2;
                            continue;
                        }
                        ++i_;
                        break;
                    }
                    if (text_[i_] == '\n') ++line_;
                    current->push_back(text_[i_]);
                    ++i_;
                }
                continue;
            }
            if (c == ',') {
                ++used;
                current = &field();
                quoted_field = false;
                ++i_;
                continue;
            }
            if (c == '\n' || c == '\r') {
                if (c == '\r' && i_ + 1 < n && text_[i_ + 1] == '\n') ++i_;
                ++i_;
                ++line_;
                break;
            }
            if (quoted_field && c != ' ' && c != '\t')
                throw DataError(source_ + ":" + std::to_string(line_) + ": text after a closing quote in field " +
                                std::to_string(used + 1));
            if (quoted_field) {
                current->push_back(c);
                ++i_;
                continue;
            }
            // An unquoted field's run of plain characters, appended at once (a character at a time
            // was most of the reading of a 588 MB table).
            size_t end = i_ + 1;
            while (end < n && !is_special(text_[end])) ++end;
            current->append(text_.data() + i_, end - i_);
            i_ = end;
        }
        rec.fields.resize(used + 1);
    }

    std::string_view text_;
    const std::string& source_;
    size_t i_ = 0;
    size_t line_ = 1;
};

// The common numeric cell, a finite number with nothing around it, read by parse_double alone,
// without the rest of parse_number_cell (a missing token, trimmed copies, a message's place built
// first): every other cell takes all of it, and it names the cell's place. false: not such a cell.
bool plain_number(const std::string& cell, double& out) {
    double v = 0.0;
    if (!parse_double(cell, v) || !std::isfinite(v)) return false;
    out = v;
    return true;
}

// Distinct label cells whose canonical labels are remembered (a classifier's few classes; a
// regression's targets are mostly distinct and are read afresh once this many are held).
constexpr size_t kLabelsRemembered = 256;

// A header of one column whose name holds another separator: the file is not comma-separated.
std::string separator_hint(const std::vector<std::string>& names) {
    if (names.size() != 1) return "";
    for (const auto& [c, name] : {std::pair{'\t', "tab"}, {';', "semicolon (;)"}, {'|', "vertical bar (|)"}})
        if (names[0].find(c) != std::string::npos)
            return std::string("; the header is one column holding ") + name +
                   " characters: the file seems separated by them, and ORCA reads comma-separated files (save it "
                   "as CSV)";
    return "";
}

// Which feature columns are categorical and their levels (ReadOptions::categorical,
// detect_categorical, levels): a first look at the records, before the rows are read.
std::pair<std::vector<bool>, std::vector<std::vector<std::string>>> categorical_columns(
    std::string_view text, const std::string& source, const ReadOptions& options, const std::vector<std::string>& names,
    const std::vector<size_t>& feature_cols) {
    const size_t n = feature_cols.size();
    std::vector<bool> categorical(n, false);
    std::vector<std::vector<std::string>> levels(n);
    if (!options.levels.empty()) {  // the model's
        for (size_t k = 0; k < n && k < options.levels.size(); ++k) {
            categorical[k] = !options.levels[k].empty();
            levels[k] = options.levels[k];
        }
        return {categorical, levels};
    }
    for (const auto& name : options.categorical) {
        size_t k = 0;
        while (k < n && names[feature_cols[k]] != name) ++k;
        if (k == n) throw ParameterError("categorical: no feature column '" + name + "'");
        categorical[k] = true;
    }
    // Visits every non-missing feature cell, record by record, until `done` says so.
    const auto scan = [&](const std::function<void(size_t k, const std::string& cell, const Record& rec)>& visit,
                          const std::function<bool()>& done) {
        RecordReader reader(text, source);
        Record rec;
        (void)reader.next(rec);  // the header
        while (!done() && reader.next(rec)) {
            if (rec.fields.size() != names.size()) continue;  // the rows' reading names it
            for (size_t k = 0; k < n; ++k) {
                const std::string cell = trim(rec.fields[feature_cols[k]]);
                if (!is_missing_token(cell)) visit(k, cell, rec);
            }
        }
    };
    if (options.detect_categorical) {
        // A column of text only: categories. A numeric column with a stray word (a typo, "1e400")
        // stays numeric and that cell is refused with its place; --categorical reads it as levels.
        // One number settles a column, so a numeric table is decided within its first rows.
        std::vector<bool> numeric(n, false), words(n, false);
        size_t undecided = n;
        scan(
            [&](size_t k, const std::string& cell, const Record&) {
                double v = 0.0;
                if (numeric[k]) return;
                if (parse_double(cell, v)) {
                    numeric[k] = true;
                    --undecided;
                } else {
                    words[k] = true;
                }
            },
            [&] { return undecided == 0; });
        for (size_t k = 0; k < n; ++k)
            if (words[k] && !numeric[k]) categorical[k] = true;
    }
    if (std::find(categorical.begin(), categorical.end(), true) == categorical.end()) return {categorical, levels};
    std::vector<std::vector<std::string>> cells(n);
    std::vector<std::set<std::string>> seen(n);
    scan([&](size_t k, const std::string& cell, const Record& rec) {
        if (!categorical[k]) return;
        const std::string level = canonical_label(cell);
        if (seen[k].insert(level).second) {
            check_label_text(level, source + ":" + std::to_string(rec.line) + ":" + std::to_string(feature_cols[k] + 1),
                             "level");
            cells[k].push_back(level);
        }
    }, [] { return false; });
    for (size_t k = 0; k < n; ++k)
        if (categorical[k]) levels[k] = distinct_labels(cells[k]);
    return {categorical, levels};
}

}  // namespace

Dataset parse_csv(std::string_view text, const std::string& source, const ReadOptions& options) {
    RecordReader reader(text, source);
    Record header;
    if (!reader.next(header)) throw DataError(source + ": the file is empty (expected a header line)");
    std::vector<std::string> names;
    for (const auto& field : header.fields) names.push_back(trim(field));
    const std::string hint = separator_hint(names);
    if (!hint.empty() && control_character(names[0]))  // a tab: say what the file is before naming the byte
        throw DataError(source + ":" + std::to_string(header.line) + ":" + hint.substr(1));
    std::unordered_map<std::string, size_t> column_of;
    for (size_t c = 0; c < names.size(); ++c) {
        const std::string& name = names[c];
        const std::string where = source + ":" + std::to_string(header.line) + ":" + std::to_string(c + 1);
        check_label_text(name, where, "column name");
        if (name.empty()) throw DataError(where + ": empty column name in the header");
        if (!column_of.emplace(name, c).second) throw DataError(where + ": duplicate column name '" + name + "'");
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
            throw DataError(source + ": no target column '" + options.target + "' in the header (columns: " +
                            list_columns() + ")" + hint);
    }
    long weight_col = -1;
    if (!options.weight_column.empty()) {
        auto it = column_of.find(options.weight_column);
        if (it == column_of.end())
            throw DataError(source + ": no sample-weight column '" + options.weight_column +
                            "' in the header (columns: " + list_columns() + ")" + hint);
        weight_col = static_cast<long>(it->second);
        if (weight_col == target_col)
            throw ParameterError("the sample-weight column '" + options.weight_column +
                                 "' is the target column: name a column of weights");
    }
    std::vector<size_t> feature_cols;
    if (options.features.empty()) {
        for (size_t c = 0; c < names.size(); ++c)
            if (static_cast<long>(c) != target_col && static_cast<long>(c) != weight_col) feature_cols.push_back(c);
    } else {
        std::vector<bool> chosen(names.size(), false);
        for (const auto& f : options.features) {
            auto it = column_of.find(f);
            if (it == column_of.end())
                throw DataError(source + ": no feature column '" + f + "' in the header (columns: " +
                                list_columns() + ")" + hint);
            if (static_cast<long>(it->second) == target_col)
                throw ParameterError("feature '" + f + "' is also the target column");
            if (static_cast<long>(it->second) == weight_col)
                throw ParameterError("feature '" + f + "' is also the sample-weight column");
            if (chosen[it->second]) throw ParameterError("features: '" + f + "' is listed twice (each feature once)");
            chosen[it->second] = true;
            feature_cols.push_back(it->second);
        }
    }
    if (feature_cols.empty()) throw DataError(source + ": no feature columns" + hint);

    const auto [categorical, levels] = categorical_columns(text, source, options, names, feature_cols);
    std::vector<std::unordered_map<std::string, double>> code_of(feature_cols.size());
    for (size_t k = 0; k < feature_cols.size(); ++k)
        for (size_t l = 0; l < levels[k].size(); ++l) code_of[k].emplace(levels[k][l], static_cast<double>(l));

    Dataset ds;
    ds.source = source;
    ds.cols = feature_cols.size();
    if (std::find(categorical.begin(), categorical.end(), true) != categorical.end()) ds.levels = levels;
    for (size_t c : feature_cols) ds.feature_names.push_back(names[c]);
    if (target_col >= 0) ds.target_name = names[static_cast<size_t>(target_col)];
    std::vector<double> row(ds.cols);
    // A class's label cell as written -> its checked, canonical label: the checks once per class.
    std::unordered_map<std::string, std::string> label_of;
    Record rec;
    while (reader.next(rec)) {
        if (rec.fields.size() != names.size())
            throw DataError(source + ":" + std::to_string(rec.line) + ": expected " + std::to_string(names.size()) +
                            " fields (as in the header), found " + std::to_string(rec.fields.size()) + hint);
        bool missing = false;
        std::string missing_where;
        const auto where_of = [&](size_t c) {
            return source + ":" + std::to_string(rec.line) + ":" + std::to_string(c + 1);
        };
        for (size_t k = 0; k < feature_cols.size(); ++k) {
            const size_t c = feature_cols[k];
            if (categorical[k]) {
                const std::string text_cell = trim(rec.fields[c]);
                if (is_missing_token(text_cell)) {
                    if (options.keep_missing_features && !options.drop_missing) {
                        row[k] = std::numeric_limits<double>::quiet_NaN();
                    } else {
                        missing = true;
                        if (missing_where.empty()) missing_where = where_of(c) + " (column '" + names[c] + "')";
                    }
                    continue;
                }
                const auto it = code_of[k].find(canonical_label(text_cell));
                if (it != code_of[k].end()) {
                    row[k] = it->second;
                } else if (options.keep_missing_features) {  // a level the model never saw: missing
                    row[k] = std::numeric_limits<double>::quiet_NaN();
                } else {
                    throw DataError(where_of(c) + ": " + quote_cell(text_cell) + " is not a level of '" + names[c] +
                                    "' the model saw (its missing setting error refuses unseen levels)");
                }
                continue;
            }
            if (plain_number(rec.fields[c], row[k])) continue;
            auto cell = parse_number_cell(rec.fields[c], where_of(c), names[c]);
            if (!cell && options.keep_missing_features && !options.drop_missing) {
                row[k] = std::numeric_limits<double>::quiet_NaN();
                continue;
            }
            if (!cell) {
                missing = true;
                if (missing_where.empty()) missing_where = where_of(c) + " (column '" + names[c] + "')";
                continue;
            }
            row[k] = *cell;
        }
        std::string label;
        if (target_col >= 0) {
            const auto c = static_cast<size_t>(target_col);
            const auto known = label_of.find(rec.fields[c]);
            if (known != label_of.end()) {
                label = known->second;
            } else {
                label = trim(rec.fields[c]);
                check_label_text(label, where_of(c), "label");
                if (is_missing_token(label)) {
                    label.clear();
                    // Rows to predict have no label yet: an unknown label is not a missing value there.
                    if (!options.target_optional) {
                        missing = true;
                        if (missing_where.empty()) missing_where = where_of(c) + " (target '" + names[c] + "')";
                    }
                } else {
                    label = canonical_label(label);
                    if (label_of.size() < kLabelsRemembered) label_of.emplace(rec.fields[c], label);
                }
            }
        }
        double weight = 1.0;
        if (weight_col >= 0) {
            const auto c = static_cast<size_t>(weight_col);
            auto w = parse_number_cell(rec.fields[c], where_of(c), names[c]);
            if (!w) {
                missing = true;
                if (missing_where.empty()) missing_where = where_of(c) + " (sample weight '" + names[c] + "')";
            } else if (*w < 0.0) {
                throw DataError(where_of(c) + ": negative sample weight " + quote_cell(trim(rec.fields[c])));
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
