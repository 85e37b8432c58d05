#pragma once
// What each fuzz target does with one input: parse it as a user's file would be parsed, and
// accept either success or an orca::Error (a one-line user error). Anything else — a crash, a
// sanitizer report, another exception type escaping — is a bug. The regression test runs every
// corpus and regression file through the same functions.
#include <cstddef>
#include <cstdint>
#include <string>

#include <cmath>

#include "data/text_cells.hpp"
#include "orca/atomic_file.hpp"
#include "orca/dataset.hpp"
#include "orca/errors.hpp"
#include "orca/model_io.hpp"
#include "orca/multiclass.hpp"
#include "orca/probability.hpp"

namespace orca::fuzz {

// The first byte picks the reader options, so the fuzzer explores them too.
inline void csv_input(const std::uint8_t* data, size_t size) {
    if (size == 0) return;
    ReadOptions o;
    o.target = data[0] & 1 ? "y" : "";
    o.drop_missing = data[0] & 2;
    o.target_optional = data[0] & 4;
    if (data[0] & 8) o.features = {"a", "b"};
    try {
        (void)parse_csv(std::string(reinterpret_cast<const char*>(data) + 1, size - 1), "fuzz.csv", o);
    } catch (const Error&) {
    }
}

inline void libsvm_input(const std::uint8_t* data, size_t size) {
    if (size == 0) return;
    ReadOptions o;
    o.libsvm_dimension = data[0] % 8;
    try {
        const Dataset ds = parse_libsvm(std::string(reinterpret_cast<const char*>(data) + 1, size - 1), "fuzz.svm", o);
        if (!ds.target.empty()) (void)distinct_labels(ds.target);
    } catch (const Error&) {
    }
}

inline void model_input(const std::uint8_t* data, size_t size) {
    try {
        const Model m = model_from_json(std::string(reinterpret_cast<const char*>(data), size), "fuzz.json");
        // A loaded model must be usable: predict at the centre of the domain (small models only,
        // so that a fuzzed degree of 10000 does not turn one input into a long computation).
        size_t support = 0;
        for (const Machine& machine : m.machines()) support += machine.support_count();
        if (m.basis().size() <= 1e6 && support <= 1000) {
            const std::vector<double> zero(m.dim(), 0.0);
            const auto values = machine_decisions(m, zero, 1);
            if (m.task == Task::classification) (void)predict_classes(m, values, 1);
            if (m.has_probability()) (void)predict_probabilities(m, values, 1);
        }
        // What the loader accepts, the writer writes and the loader reads back (its cross-field
        // checks must not refuse a model it let in).
        (void)model_from_json(model_to_json(m), "fuzz-again.json");
    } catch (const Error&) {
    }
}

// Labels as the readers compare them: canonical_label is idempotent, keeps a number's value and
// text that is not a number; a violation is a bug (trap), not a user error.
inline void label_input(const std::uint8_t* data, size_t size) {
    const std::string label(reinterpret_cast<const char*>(data), size);
    const std::string once = canonical_label(label);
    if (canonical_label(once) != once) __builtin_trap();
    double before = 0.0, after = 0.0;
    const bool number = parse_double(label, before);
    if (number != parse_double(once, after)) __builtin_trap();
    if (number && std::isfinite(before) && before != after) __builtin_trap();
    if (!number && once != label) __builtin_trap();
}

// Output-path comparison: a path names the same file as itself and as ./itself, and the answer
// does not depend on the order of the two paths. The input is two paths split at the first NUL.
inline void output_paths_input(const std::uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const size_t nul = text.find('\0');
    const std::string a = text.substr(0, nul), b = nul == std::string::npos ? "" : text.substr(nul + 1);
    if (a.empty() || a.find('\0') != std::string::npos || b.find('\0') != std::string::npos) return;
    if (!same_file(a, a)) __builtin_trap();
    if (a.front() != '/' && !same_file(a, "./" + a)) __builtin_trap();
    if (!b.empty() && same_file(a, b) != same_file(b, a)) __builtin_trap();
}

}  // namespace orca::fuzz
