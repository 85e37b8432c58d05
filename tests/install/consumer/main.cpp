// Trains on the built-in spiral through the installed library; exits 0 when it learned.
#include <orca/model.hpp>
#include <orca/spiral.hpp>

#include "orca/training.hpp"

int main() {
    orca::TrainOptions options;
    options.degrees = {8};
    const auto model = orca::train_model(orca::make_double_spiral(), options);
    return model.summary.training_accuracy > 0.9 ? 0 : 1;
}
