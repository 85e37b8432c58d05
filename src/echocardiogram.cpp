#include "orca/echocardiogram.hpp"

#include <fstream>
#include <sstream>

#include "orca/errors.hpp"
#include "text_cells.hpp"

namespace orca {
namespace {

struct Column {
    const char* name;
    size_t index;  // 0-based field in the raw file
};
constexpr Column kFeatures[] = {
    {"age-at-heart-attack", 2}, {"fractional-shortening", 4}, {"epss", 5}, {"lvdd", 6}, {"wall-motion-index", 8}};
constexpr size_t kTargetField = 1;  // still-alive
constexpr size_t kFieldCount = 13;

}  // namespace

Dataset load_echocardiogram(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw DataError(path + ": cannot open the echocardiogram data");
    Dataset ds;
    ds.source = path;
    ds.target_name = "still-alive";
    for (const auto& c : kFeatures) ds.feature_names.emplace_back(c.name);
    ds.cols = ds.feature_names.size();
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> fields;
        std::stringstream ss(line);
        std::string f;
        while (std::getline(ss, f, ',')) fields.push_back(f);
        if (fields.size() != kFieldCount) {
            ++ds.dropped_rows;  // the distributed file's broken line 50
            continue;
        }
        bool complete = !is_missing_token(fields[kTargetField]);
        std::vector<double> row;
        for (const auto& c : kFeatures) {
            double v = 0.0;
            if (is_missing_token(fields[c.index]) || !parse_double(trim(fields[c.index]), v)) complete = false;
            row.push_back(v);
        }
        if (!complete) {
            ++ds.dropped_rows;
            continue;
        }
        ds.X.insert(ds.X.end(), row.begin(), row.end());
        ds.target.push_back(trim(fields[kTargetField]));
        ++ds.rows;
    }
    if (ds.rows == 0) throw DataError(path + ": no complete rows (is this the UCI echocardiogram.data file?)");
    return ds;
}

}  // namespace orca
