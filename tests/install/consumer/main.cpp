// Trains through the installed library's public headers only; exits 0 when it learned.
#include <orca/dataset.hpp>
#include <orca/training.hpp>

int main() {
    // Two classes split by the sign of x1 * x2: a product kernel learns them.
    std::string csv = "x1,x2,y\n";
    for (int i = 0; i < 12; ++i)
        for (int j = 0; j < 12; ++j) {
            const double x1 = -1.0 + i / 5.5, x2 = -1.0 + j / 5.5;
            csv += std::to_string(x1) + "," + std::to_string(x2) + "," + (x1 * x2 > 0 ? "a" : "b") + "\n";
        }
    orca::ReadOptions read;
    read.target = "y";
    orca::TrainOptions options;
    options.spec.degrees = {4};
    options.C = 100.0;
    const auto model = orca::train_model(orca::parse_csv(csv, "grid", read), options);
    return model.summary.training_accuracy > 0.9 ? 0 : 1;
}
