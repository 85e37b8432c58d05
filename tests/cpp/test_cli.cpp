// The command-line tool as a user meets it: exit codes, one-line errors, no partial files.
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "paper/spiral.hpp"
#include "test_helpers.hpp"

namespace fs = std::filesystem;

namespace {

struct RunResult {
    int code;
    std::string out, err;
};

class Cli : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("orca-cli-" + std::to_string(::getpid()) + "-" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::create_directories(dir_);
        // The spiral as a CSV file, the way users bring data.
        const auto ds = orca::make_double_spiral();
        std::ostringstream csv;
        csv.precision(17);
        csv << "x1,x2,arm\n";
        for (size_t r = 0; r < ds.rows; ++r)
            csv << ds.X[2 * r] << "," << ds.X[2 * r + 1] << "," << ds.target[r] << "\n";
        write("spiral.csv", csv.str());
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    void write(const std::string& name, const std::string& text) const { std::ofstream(path(name)) << text; }
    static std::string slurp(const std::string& p) {
        std::ifstream in(p);
        std::stringstream ss;
        ss << in.rdbuf();
        return ss.str();
    }
    RunResult run(const std::string& args) const {
        const std::string cmd =
            std::string(ORCA_CLI_PATH) + " " + args + " >" + path("out.txt") + " 2>" + path("err.txt");
        const int status = std::system(cmd.c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(path("out.txt")), slurp(path("err.txt"))};
    }
    // A refused command: exit code 2, exactly one line on stderr containing `expected`.
    void expect_refused(const std::string& args, const std::string& expected) const {
        const RunResult r = run(args);
        EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
        EXPECT_NE(r.err.find(expected), std::string::npos) << "stderr was: " << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_EQ(r.err.rfind("orca: error: ", 0), 0u) << r.err;
    }

    fs::path dir_;
};

}  // namespace

TEST_F(Cli, FitPredictInfoRoundTrip) {
    const RunResult fit = run("fit --data " + path("spiral.csv") +
                              " --target arm --family jacobi --alpha 2.5 --beta 1.2 "
                              "--degree 8 -C 10 --model " +
                              path("m.json"));
    ASSERT_EQ(fit.code, 0) << fit.err;
    EXPECT_NE(fit.out.find("support vectors"), std::string::npos);
    const RunResult pred =
        run("predict --model " + path("m.json") + " --data " + path("spiral.csv") + " --output " + path("p.csv"));
    ASSERT_EQ(pred.code, 0) << pred.err;
    const std::string p = slurp(path("p.csv"));
    EXPECT_EQ(p.rfind("label,decision\n", 0), 0u);
    EXPECT_EQ(std::count(p.begin(), p.end(), '\n'), 301);
    EXPECT_NE(pred.err.find("accuracy on the 300 row(s) with a known label"), std::string::npos);
    const RunResult info = run("info --model " + path("m.json"));
    ASSERT_EQ(info.code, 0);
    EXPECT_NE(info.out.find("jacobi (alpha = 2.5, beta = 1.2)"), std::string::npos);
    EXPECT_NE(info.out.find("x1"), std::string::npos);
}

TEST_F(Cli, PerFeatureDegreesAndLibsvmFormat) {
    write("d.svm", "+1 1:0.1 2:0.5\n-1 1:0.9 2:0.1\n+1 1:0.2 2:0.7\n-1 1:0.8 2:0.3\n+1 1:0.15 2:0.4\n-1 2:0.2\n");
    const RunResult fit = run("fit --data " + path("d.svm") + " --degree f1=2,f2=3 --model " + path("m.json"));
    ASSERT_EQ(fit.code, 0) << fit.err;
    EXPECT_NE(fit.out.find("f1=2, f2=3"), std::string::npos);
    const RunResult pred = run("predict --model " + path("m.json") + " --data " + path("d.svm"));
    ASSERT_EQ(pred.code, 0) << pred.err;
}

TEST_F(Cli, DemoRunsWithoutFiles) {
    const RunResult demo = run("demo");
    ASSERT_EQ(demo.code, 0) << demo.err;
    EXPECT_NE(demo.out.find("double spiral"), std::string::npos);
    EXPECT_NE(demo.out.find("training accuracy"), std::string::npos);
}

TEST_F(Cli, BadInputGivesOneLineAndExitCode2AndNoModelFile) {
    const std::string base = "fit --data " + path("spiral.csv") + " --target arm --model " + path("m.json");
    expect_refused(
        base + " --family laguerre",
        "family must be one of legendre, chebyshev1, chebyshev2, gegenbauer, jacobi or hermite, got 'laguerre'");
    expect_refused(base + " --family jacobi --alpha -1", "alpha must be a finite number > -1");
    expect_refused(base + " --family jacobi --beta -2.5", "beta must be a finite number > -1");
    expect_refused(base + " --degree -3", "degree must be an integer in 0..10000, got -3");
    expect_refused(base + " -C 0", "C must be a finite number > 0, got 0");
    expect_refused(base + " --alpha 1", "alpha applies to family jacobi only (got family legendre)");
    expect_refused("fit --data " + path("spiral.csv") + " --target nope --model " + path("m.json"),
                   "no target column 'nope' in the header (columns: x1, x2, arm)");
    write("bad.csv", "x1,x2,arm\n1,2,A\n3,abc,B\n");
    expect_refused("fit --data " + path("bad.csv") + " --target arm --model " + path("m.json"),
                   "bad.csv:3:2: non-numeric value 'abc' in column 'x2'");
    write("ragged.csv", "x1,x2,arm\n1,2,A\n3,B\n");
    expect_refused("fit --data " + path("ragged.csv") + " --target arm --model " + path("m.json"),
                   "ragged.csv:3: expected 3 fields");
    write("one.csv", "x1,x2,arm\n1,2,A\n3,4,A\n");
    expect_refused("fit --data " + path("one.csv") + " --target arm --model " + path("m.json"), "one class only");
    write("three.csv", "x1,x2,arm\n1,2,A\n3,4,B\n5,6,C\n");
    expect_refused("fit --data " + path("three.csv") + " --target arm --task regression --model " + path("m.json"),
                   "three.csv: data row 1, target column 'arm': 'A' is not a finite number");
    expect_refused(base + " --task ranking", "task must be one of classification or regression, got 'ranking'");
    expect_refused(base + " --multi-class ova", "multi_class must be one of ovo or ovr, got 'ova'");
    expect_refused(base + " --epsilon 0.2", "epsilon applies to task regression only (got task classification)");
    expect_refused(base + " --task regression --epsilon -1", "epsilon must be a finite number >= 0, got -1");
    expect_refused(base + " --task regression --probability",
                   "probability applies to task classification only (got task regression)");
    expect_refused(base + " --task regression --multi-class ovr",
                   "multi_class applies to task classification only (got task regression)");
    write("const.csv", "x1,x2,arm\n1,2,A\n1,2,B\n");
    expect_refused("fit --data " + path("const.csv") + " --target arm --model " + path("m.json"),
                   "all 2 features are constant: there is nothing to learn from");
    write("empty.csv", "");
    expect_refused("fit --data " + path("empty.csv") + " --target arm --model " + path("m.json"), "the file is empty");
    write("missing.csv", "x1,x2,arm\n1,?,A\n3,4,B\n5,6,A\n");
    expect_refused("fit --data " + path("missing.csv") + " --target arm --missing error --model " + path("m.json"),
                   "missing.csv:2:2 (column 'x2'): missing value (use --drop-missing to leave such rows out, or "
                   "--missing marginalize to integrate the feature out)");
    expect_refused("fit --data " + path("nofile.csv") + " --target arm --model " + path("m.json"), "no such file");
    EXPECT_FALSE(fs::exists(path("m.json")));
    expect_refused("predict --model " + path("nomodel.json") + " --data " + path("spiral.csv"), "no such model file");
    expect_refused("fit --data", "--data");
    // m = 300 rows: the cache is capped at 300 x 300 doubles whatever is asked, so this fits;
    // a request that cannot fit is refused with the estimate.
    EXPECT_EQ(run(base + " --cache-mb 1e9 -q").code, 0);
    fs::remove(path("m.json"));
}

TEST_F(Cli, DropMissingReportsTheCount) {
    write("missing.csv", "x1,x2,arm\n1,?,A\n3,4,B\n5,6,A\n7,1,B\n2,2,A\n8,3,B\n");
    const RunResult r =
        run("fit --data " + path("missing.csv") + " --target arm --degree 1 --drop-missing --model " + path("m.json"));
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("dropped 1 row(s) with missing values; 5 remain"), std::string::npos);
}

// Missing cells are integrated out by default: fit, predict and explain read them, a missing
// feature's Shapley value is 0, and a model fitted with --missing error refuses them later too.
TEST_F(Cli, MissingCellsAreIntegratedOutUnlessTheModelRefusesThem) {
    write("gaps.csv", "x1,x2,arm\n1,?,A\n3,4,B\n5,6,A\n7,,B\n2,2,A\n8,3,B\nNA,1,A\n6,5,B\n");
    const RunResult fit = run("fit --data " + path("gaps.csv") + " --target arm --degree 2 --model " + path("m.json"));
    ASSERT_EQ(fit.code, 0) << fit.err;
    EXPECT_NE(slurp(path("m.json")).find("\"missing\": \"marginalize\""), std::string::npos);
    write("new.csv", "x1,x2\n?,3\n4,?\n?,?\n");
    const RunResult pred =
        run("predict --model " + path("m.json") + " --data " + path("new.csv") + " --output " + path("p.csv"));
    ASSERT_EQ(pred.code, 0) << pred.err;
    const std::string predictions = slurp(path("p.csv"));
    EXPECT_EQ(std::count(predictions.begin(), predictions.end(), '\n'), 4);
    const RunResult e = run("explain --model " + path("m.json") + " --data " + path("new.csv") + " --output " + path("e.csv"));
    ASSERT_EQ(e.code, 0) << e.err;
    std::istringstream in(slurp(path("e.csv")));
    std::string line;
    std::getline(in, line);  // row,decision,base,phi:x1,phi:x2,...
    const std::vector<std::vector<bool>> missing{{true, false}, {false, true}, {true, true}};
    for (size_t r = 0; r < missing.size() && std::getline(in, line); ++r) {
        std::vector<double> v;
        std::stringstream cells(line);
        for (std::string c; std::getline(cells, c, ',');) v.push_back(std::stod(c));
        for (size_t j = 0; j < 2; ++j)
            if (missing[r][j]) {
                EXPECT_NEAR(v[3 + j], 0.0, 1e-12) << line;
            }
        EXPECT_NEAR(v[3] + v[4], v[1] - v[2], 1e-10 * (1 + std::abs(v[1]))) << line;
    }
    ASSERT_EQ(run("fit --data " + path("gaps.csv") + " --target arm --degree 2 --missing error --drop-missing --model " +
                  path("strict.json"))
                  .code,
              0);
    expect_refused("predict --model " + path("strict.json") + " --data " + path("new.csv"),
                   "new.csv:2:1 (column 'x1'): missing value (this model's missing setting is error");
}

TEST_F(Cli, ConstantFeatureIsKeptWithItsConstantFunctionAndSaidOnce) {
    write("const.csv", "x1,x2,arm\n1,2,A\n3,2,B\n5,2,A\n7,2,B\n");
    const RunResult fit = run("fit --data " + path("const.csv") + " --target arm --degree 2 --model " + path("m.json"));
    ASSERT_EQ(fit.code, 0) << fit.err;
    const std::string said = "warning: feature 'x2' is constant (every training value is 2): the model keeps only "
                             "its constant function and ignores its values";
    EXPECT_NE(fit.err.find(said), std::string::npos) << fit.err;
    EXPECT_EQ(fit.err.find(said), fit.err.rfind(said));
    // Predicting with another value of x2 changes nothing and clips nothing.
    write("other.csv", "x1,x2\n3,2\n3,-50\n");
    const RunResult pred =
        run("predict --model " + path("m.json") + " --data " + path("other.csv") + " --out-of-range error");
    ASSERT_EQ(pred.code, 0) << pred.err;
    std::istringstream lines(pred.out);
    std::string header, first, second;
    std::getline(lines, header);
    std::getline(lines, first);
    std::getline(lines, second);
    EXPECT_EQ(first, second);
    EXPECT_EQ(pred.err.find("clipped"), std::string::npos) << pred.err;
}

TEST_F(Cli, FailedFitLeavesAnExistingModelUntouched) {
    ASSERT_EQ(run("fit --data " + path("spiral.csv") + " --target arm --degree 3 --model " + path("m.json")).code, 0);
    const std::string before = slurp(path("m.json"));
    write("bad.csv", "x1,x2,arm\n1,2,A\n3,abc,B\n");
    EXPECT_EQ(run("fit --data " + path("bad.csv") + " --target arm --model " + path("m.json")).code, 2);
    EXPECT_EQ(slurp(path("m.json")), before);
}

TEST_F(Cli, OutOfRangePolicy) {
    ASSERT_EQ(run("fit --data " + path("spiral.csv") + " --target arm --degree 3 --model " + path("m.json")).code, 0);
    write("far.csv", "x1,x2\n0,0\n1000,0\n");
    const RunResult clip = run("predict --model " + path("m.json") + " --data " + path("far.csv"));
    EXPECT_EQ(clip.code, 0);
    EXPECT_NE(clip.err.find("1 of 2 row(s) had values outside the training range and were clipped"), std::string::npos);
    expect_refused("predict --model " + path("m.json") + " --data " + path("far.csv") + " --out-of-range error",
                   "row 2, feature 'x1': value 1000 is outside the training range");
    write("wrong.csv", "x1,z\n0,0\n");
    expect_refused("predict --model " + path("m.json") + " --data " + path("wrong.csv"), "no feature column 'x2'");
}

TEST_F(Cli, AnalyzePrintsEveryIndexAndWritesJson) {
    ASSERT_EQ(run("fit --data " + path("spiral.csv") + " --target arm --degree 8 --model " + path("m.json")).code, 0);
    const RunResult r = run("analyze --model " + path("m.json") + " --json " + path("a.json") + " --eps 0.05,0.2");
    ASSERT_EQ(r.code, 0) << r.err;
    for (const char* what : {"total energy E", "OKC(q)", "spectral peak N*", "threshold T_0.05", "threshold T_0.2",
                             "M_even", "OKC_i", "T_i", "OKC_ij", "subset shares S_u", "Largest coefficients"})
        EXPECT_NE(r.out.find(what), std::string::npos) << what;
    const std::string json = slurp(path("a.json"));
    for (const char* key :
         {"\"block\"", "\"pairwise\"", "\"total_effect\"", "\"thresholds\"", "\"family\"", "\"measure\""})
        EXPECT_NE(json.find(key), std::string::npos) << key;
    const RunResult both = run("fit --data " + path("spiral.csv") +
                               " --target arm --degree 5 --analyze --method pairs "
                               "--coefficients none --model " +
                               path("m2.json"));
    ASSERT_EQ(both.code, 0) << both.err;
    EXPECT_NE(both.out.find("support-vector-pair sums"), std::string::npos);
}

TEST_F(Cli, AnalyzeRefusesBadOptions) {
    ASSERT_EQ(run("fit --data " + path("spiral.csv") + " --target arm --degree 4 --model " + path("m.json")).code, 0);
    const std::string base = "analyze --model " + path("m.json");
    expect_refused(base + " --eps 1.5", "eps values must lie in (0, 1)");
    expect_refused(base + " --eps abc", "--eps: 'abc' is not a number");
    expect_refused(base + " --coefficients many", "--coefficients must be top=K, all, none or auto");
    expect_refused(base + " --coefficients top=0", "top=K needs an integer K >= 1");
    expect_refused(base + " --method fast", "method must be one of auto, enumeration or pairs, got 'fast'");
    expect_refused(base + " --method pairs --coefficients top=5",
                   "individual coefficients need the enumeration algorithm");
    expect_refused(base + " --method enumeration --coefficients all --memory-mb 0.0001",
                   "use the pair algorithm (method: pairs)");
    EXPECT_FALSE(fs::exists(path("a.json")));
}

TEST_F(Cli, ExplainWritesShapleyValuesThatSumToTheDecision) {
    ASSERT_EQ(run("fit --data " + path("spiral.csv") + " --target arm --degree 6 --model " + path("m.json")).code, 0);
    const RunResult r = run("explain --model " + path("m.json") + " --data " + path("spiral.csv") +
                            " --interactions --output " + path("e.csv"));
    ASSERT_EQ(r.code, 0) << r.err;
    std::istringstream in(slurp(path("e.csv")));
    std::string header;
    std::getline(in, header);
    EXPECT_EQ(header, "row,decision,base,phi:x1,phi:x2,main:x1,main:x2,pair:x1*x2,remainder,interaction:x1*x2");
    size_t rows = 0;
    for (std::string line; std::getline(in, line); ++rows) {
        std::vector<double> v;
        std::stringstream cells(line);
        for (std::string c; std::getline(cells, c, ',');) v.push_back(std::stod(c));
        ASSERT_EQ(v.size(), 10u);
        EXPECT_NEAR(v[3] + v[4], v[1] - v[2], 1e-10 * (1 + std::abs(v[1])));                // efficiency
        EXPECT_NEAR(v[5] + v[6] + v[7] + v[8], v[1] - v[2], 1e-10 * (1 + std::abs(v[1])));  // components
        EXPECT_NEAR(v[9], v[7], 1e-10 * (1 + std::abs(v[7])));  // d = 2: the only pair interaction is h_12
    }
    EXPECT_EQ(rows, 300u);
    const RunResult s = run("shapes --model " + path("m.json") + " --grid 5 --output " + path("s.csv") +
                            " --pairs 1 --pair-grid 3 --pair-output " + path("p.csv"));
    ASSERT_EQ(s.code, 0) << s.err;
    const std::string shapes = slurp(path("s.csv"));
    EXPECT_EQ(std::count(shapes.begin(), shapes.end(), '\n'), 11);  // header + 2 features x 5
    const std::string pairs = slurp(path("p.csv"));
    EXPECT_EQ(std::count(pairs.begin(), pairs.end(), '\n'), 10);  // header + 3 x 3
    expect_refused("shapes --model " + path("m.json") + " --grid 1", "--grid and --pair-grid must be >= 2");
    expect_refused("shapes --model " + path("m.json") + " --pairs 2", "--pairs needs --pair-output FILE");
    write("wrong.csv", "x1,z\n0,0\n");
    expect_refused("explain --model " + path("m.json") + " --data " + path("wrong.csv"), "no feature column 'x2'");
}

TEST_F(Cli, SweepSelectStabilityAndExperiments) {
    const std::string data = "--data " + path("spiral.csv") + " --target arm";
    const RunResult sw =
        run("sweep " + data + " --degree 2..4,8 -C 1,10 --cv 3 --csv " + path("s.csv") + " --json " + path("s.json"));
    ASSERT_EQ(sw.code, 0) << sw.err;
    EXPECT_NE(sw.out.find("| legendre n=8 C=10 |"), std::string::npos) << sw.out;
    const std::string csv = slurp(path("s.csv"));
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 9);  // header + 4 degrees x 2 C
    EXPECT_NE(slurp(path("s.json")).find("\"fold_accuracy\""), std::string::npos);
    const RunResult sel = run("select " + data + " --degree 6,8,10 --cv 3 -q");
    ASSERT_EQ(sel.code, 0) << sel.err;
    EXPECT_NE(sel.out.find(" chosen: validation accuracy"), std::string::npos) << sel.out;
    const RunResult st = run("stability " + data + " --degree 8 --bootstrap 6 -q --json " + path("st.json"));
    ASSERT_EQ(st.code, 0) << st.err;
    EXPECT_NE(st.out.find("| OKC(2) |"), std::string::npos);
    EXPECT_NE(st.out.find("Rule: a share is stable when its sd <= 0.05"), std::string::npos);
    const RunResult ex = run("experiment spiral -q --output-dir " + path("exp"));
    ASSERT_EQ(ex.code, 0) << ex.err;
    EXPECT_NE(ex.out.find("## Double spiral, Legendre, n = 1..16, C = 1"), std::string::npos);
    EXPECT_TRUE(fs::exists(path("exp/spiral-2.csv")));
    const RunResult echo = run("experiment echocardiogram -q");  // the built-in copy of the data
    ASSERT_EQ(echo.code, 0) << echo.err;
    EXPECT_NE(echo.out.find("| jacobi(4.3,1.8) n=25 C=1"), std::string::npos);
    const RunResult echo_file = run("experiment echocardiogram -q --data " + orca::test::echocardiogram_path());
    ASSERT_EQ(echo_file.code, 0) << echo_file.err;
    EXPECT_EQ(echo_file.out, echo.out);
    const RunResult many_jobs = run("sweep " + data + " --degree 2,3 --cv 3 -q --jobs 1000000");
    EXPECT_EQ(many_jobs.code, 0) << many_jobs.err;  // capped at the machine's threads
    EXPECT_EQ(many_jobs.out, run("sweep " + data + " --degree 2,3 --cv 3 -q --jobs 1").out);
    expect_refused("sweep " + data + " --degree 3..1", "degree: empty range '3..1'");
    expect_refused("sweep " + data + " --alpha 1,2 --beta 1,2,3 --family jacobi",
                   "alpha and beta lists must have the same length (they are paired)");
    expect_refused("sweep " + data + " --alpha 0.5", "alpha applies to family jacobi only (got family legendre)");
    expect_refused("sweep " + data + " -C 1,0", "C must be a finite number > 0, got 0");
    expect_refused("sweep " + data + " --cv 1", "--cv must be >= 2");
    expect_refused("stability " + data + " --degree 8", "give exactly one of --bootstrap N or --cv K");
    expect_refused("stability " + data + " --degree 4,8 --cv 3", "stability takes one setting");
    expect_refused("experiment echocardiogram --data " + path("none.data"), "cannot open the echocardiogram data");
}

// fit, sweep, select and stability take the same data options and read the same files: a LIBSVM
// file found by its content (no --target), header-only and all-missing CSV files refused alike.
TEST_F(Cli, EveryTrainingCommandReadsTheDataByTheSameRules) {
    std::string svm;
    for (int i = 0; i < 24; ++i)
        svm += fmt::format("{} 1:{:.3f} 2:{:.3f}\n", i % 2 ? "+1" : "-1", std::sin(i * 1.3), std::cos(i * 0.7));
    write("d.txt", svm);  // neither .svm nor .libsvm: the reader tells the format from the content
    write("header.csv", "x1,x2,arm\n");
    write("holes.csv", "x1,x2,arm\n1,?,A\n?,4,B\n");
    const std::vector<std::string> commands = {"fit --model " + path("m.json") + " -q", "sweep --cv 2 -q",
                                               "select --cv 2 -q", "stability --bootstrap 2 -q"};
    for (const std::string& command : commands) {
        const std::string head = command.substr(0, command.find(' '));
        const RunResult r = run(command + " --degree 2 --data " + path("d.txt"));
        EXPECT_EQ(r.code, 0) << head << ": " << r.err;
        expect_refused(command + " --data " + path("header.csv") + " --target arm", "no data rows (only a header)");
        expect_refused(command + " --data " + path("holes.csv") + " --target arm --drop-missing",
                       "every row had a missing value");
        expect_refused(command + " --data " + path("spiral.csv") + " --format csv", "--target is required for CSV data");
        expect_refused(command + " --data " + path("spiral.csv") + " --target arm --format tsv", "format");
    }
}

TEST_F(Cli, ThreeClassesFitPredictAnalyzeAndExplainPerClass) {
    std::ostringstream csv;
    csv << "x1,x2,kind\n";
    for (int i = 0; i < 60; ++i) {
        const double a = 0.1 * i, b = std::sin(0.37 * i);
        csv << a << "," << b << "," << (b > 0.5 ? "hi" : b < -0.5 ? "lo" : "mid") << "\n";
    }
    write("three.csv", csv.str());
    const std::string model = path("three.json");
    ASSERT_EQ(
        run("fit --data " + path("three.csv") + " --target kind --degree 4 --probability -q --model " + model).code, 0);
    const RunResult pred = run("predict --model " + model + " --data " + path("three.csv"));
    ASSERT_EQ(pred.code, 0) << pred.err;
    EXPECT_EQ(pred.out.substr(0, pred.out.find('\n')), "label,decision:hi,decision:lo,decision:mid,p:hi,p:lo,p:mid");
    const RunResult info = run("info --model " + model);
    EXPECT_NE(info.out.find("one-vs-one (3 two-class machines)"), std::string::npos);
    EXPECT_NE(info.out.find("lo vs hi"), std::string::npos);
    const RunResult rep = run("analyze --model " + model);
    EXPECT_NE(rep.out.find("=== machine 3 of 3: mid vs lo ==="), std::string::npos);
    EXPECT_NE(rep.out.find("energy-weighted"), std::string::npos);
    EXPECT_NE(rep.out.find("plain mean"), std::string::npos);
    expect_refused("explain --model " + model + " --data " + path("three.csv"),
                   "give --class LABEL (one of 'hi', 'lo', 'mid')");
    expect_refused("explain --model " + model + " --data " + path("three.csv") + " --class nope",
                   "--class 'nope' is not a class of the model ('hi', 'lo', 'mid')");
    const RunResult expl = run("explain --model " + model + " --data " + path("three.csv") + " --class mid");
    EXPECT_EQ(expl.code, 0) << expl.err;
    EXPECT_EQ(run("shapes --model " + model + " --class hi").code, 0);
}

TEST_F(Cli, RegressionFitPredictAnalyze) {
    std::ostringstream csv;
    csv << "x1,x2,z\n";
    for (int i = 0; i < 80; ++i)
        csv << 0.05 * i << "," << std::cos(0.3 * i) << "," << 0.1 * i * std::cos(0.3 * i) << "\n";
    write("reg.csv", csv.str());
    const std::string model = path("reg.json");
    const RunResult fit = run("fit --data " + path("reg.csv") +
                              " --target z --task regression --epsilon 0.01 -C 10 "
                              "--degree 5 --model " +
                              model);
    ASSERT_EQ(fit.code, 0) << fit.err;
    EXPECT_NE(fit.out.find("epsilon-SVR regression of 'z' (epsilon = 0.01; C and epsilon in units of the target's "
                           "standard deviation, "),
              std::string::npos);
    EXPECT_NE(fit.out.find("training R^2"), std::string::npos);
    const RunResult pred = run("predict --model " + model + " --data " + path("reg.csv"));
    EXPECT_EQ(pred.out.substr(0, pred.out.find('\n')), "prediction");
    EXPECT_NE(pred.err.find("root mean squared error on the 80 row(s)"), std::string::npos);
    const RunResult rep = run("analyze --model " + model);
    EXPECT_NE(rep.out.find("constant coefficient c_0"), std::string::npos);
    expect_refused("explain --model " + model + " --data " + path("reg.csv") + " --class a",
                   "--class applies to classifiers; this model is a regression");
}

TEST_F(Cli, MaxOrderFromFitToInfoAnalyzeExplainAndSweeps) {
    // Six features, the last four noise: an additive model (Q = 1) and a pairwise one (Q = 2).
    std::ostringstream csv;
    csv.precision(17);
    csv << "a,b,c,d,e,f,y\n";
    const auto X = orca::test::uniform_points(150, 6, 9u);
    for (size_t r = 0; r < 150; ++r) {
        for (size_t j = 0; j < 6; ++j) csv << X[r * 6 + j] << ",";
        csv << (X[r * 6] + X[r * 6 + 1] * X[r * 6 + 1] > 0.3 ? "yes" : "no") << "\n";
    }
    write("six.csv", csv.str());
    const std::string data = " --data " + path("six.csv") + " --target y";
    ASSERT_EQ(run("fit" + data + " --degree 3 --max-order 1 --model " + path("q1.json")).code, 0);
    const RunResult info = run("info --model " + path("q1.json"));
    EXPECT_NE(info.out.find("max order Q       1 (functions of at most 1 feature: an additive model)"),
              std::string::npos)
        << info.out;
    EXPECT_NE(info.out.find("basis size        19 functions"), std::string::npos) << info.out;  // 1 + 6 x 3
    const RunResult an = run("analyze --model " + path("q1.json") + " --json " + path("a.json"));
    ASSERT_EQ(an.code, 0) << an.err;
    EXPECT_NE(an.out.find("19 basis functions (max order Q = 1)"), std::string::npos) << an.out;
    EXPECT_NE(slurp(path("a.json")).find("\"max_order\": 1"), std::string::npos);
    // Only what the basis holds: OKC(0) and OKC(1), no pairs, and counts as integers.
    EXPECT_NE(an.out.find("  q = 1 "), std::string::npos) << an.out;
    EXPECT_EQ(an.out.find("  q = 2 "), std::string::npos) << an.out;
    EXPECT_NE(an.out.find("(the basis has no functions of more than 1 feature(s): max order Q = 1)"),
              std::string::npos);
    EXPECT_NE(an.out.find("No pairwise shares: the basis has no function of two features (max order Q = 1: an "
                          "additive model)"),
              std::string::npos)
        << an.out;
    EXPECT_EQ(an.out.find(" x b "), std::string::npos) << an.out;
    const nlohmann::json aj = nlohmann::json::parse(slurp(path("a.json")));
    EXPECT_EQ(aj["order"].size(), 2u);
    EXPECT_EQ(aj["spectrum"].size(), 4u);  // N = 0..3: one feature of degree at most 3
    EXPECT_EQ(aj["max_subset_order"], 1);
    EXPECT_TRUE(aj["coefficient_count"].is_number_integer());
    EXPECT_EQ(aj["coefficient_count"], 19);
    const RunResult by_pairs = run("analyze --model " + path("q1.json") + " --method pairs --json " + path("p.json"));
    ASSERT_EQ(by_pairs.code, 0) << by_pairs.err;
    const nlohmann::json by_pairs_json = nlohmann::json::parse(slurp(path("p.json")));  // kept alive for the loop
    for (const auto& subset : by_pairs_json["top_subsets"])
        EXPECT_EQ(subset["features"].size(), 1u) << subset.dump();  // no pair the basis does not have
    expect_refused("shapes --model " + path("q1.json") + " --pairs 2 --pair-output " + path("s2.csv"),
                   "--pairs: the model has no pair terms (max order 1: an additive model); leave --pairs out");
    const RunResult ex =
        run("explain --model " + path("q1.json") + " --data " + path("six.csv") + " --output " + path("e.csv"));
    ASSERT_EQ(ex.code, 0) << ex.err;
    ASSERT_EQ(run("fit" + data + " --degree 3 --max-order 6 --model " + path("q6.json")).code, 0);
    ASSERT_EQ(run("fit" + data + " --degree 3 --max-order 0 --model " + path("full.json")).code, 0);
    EXPECT_TRUE(slurp(path("q6.json")) == slurp(path("full.json")));  // Q >= d is the full product
    // The default order is automatic: additive for six features.
    ASSERT_EQ(run("fit" + data + " --model " + path("auto.json")).code, 0);
    EXPECT_TRUE(slurp(path("auto.json")) == slurp(path("q1.json")));
    ASSERT_EQ(run("fit" + data + " --degree 3 --max-order 2 --max-total-degree 4 --model " + path("cap.json")).code, 0);
    const RunResult capped = run("analyze --model " + path("cap.json"));
    EXPECT_NE(capped.out.find("(max order Q = 2, max total degree N = 4)"), std::string::npos) << capped.out;
    const RunResult sw_cap = run("sweep" + data + " --degree 3 --max-total-degree 2,4 --cv 3 -q");
    ASSERT_EQ(sw_cap.code, 0) << sw_cap.err;
    EXPECT_NE(sw_cap.out.find("| legendre n=3 Q=1 N<=2 C=1"), std::string::npos) << sw_cap.out;
    const RunResult sw = run("sweep" + data + " --degree 2,3 --max-order 1,2 --cv 3 -q");
    ASSERT_EQ(sw.code, 0) << sw.err;
    EXPECT_NE(sw.out.find("| legendre n=3 Q=2 C=1"), std::string::npos) << sw.out;
    EXPECT_NE(sw.out.find("| legendre n=2 Q=1 C=1"), std::string::npos) << sw.out;
    expect_refused("fit" + data + " --max-order -1 --model " + path("bad.json"),
                   "max_order must be 'auto' or an integer >= 0, got -1");
    expect_refused("fit" + data + " --max-order 1,2 --model " + path("bad.json"),
                   "max_order must be an integer, got '1,2'");
    EXPECT_FALSE(fs::exists(path("bad.json")));
}

TEST_F(Cli, ReportWritesOnePageAndRefusesToOverwriteItsInputs) {
    ASSERT_EQ(run("fit --data " + path("spiral.csv") + " --target arm --degree 6 -C 10 --model " + path("m.json")).code,
              0);
    const RunResult report = run("report --model " + path("m.json") + " --data " + path("spiral.csv") +
                                 " --rows 0,299 --output " + path("r.html"));
    ASSERT_EQ(report.code, 0) << report.err;
    EXPECT_NE(report.err.find("report written to " + path("r.html")), std::string::npos) << report.err;
    const std::string page = slurp(path("r.html"));
    EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
    EXPECT_NE(page.find("id=\"row-299\""), std::string::npos);
    EXPECT_NE(page.find("accuracy on the data"), std::string::npos);
    EXPECT_NE(page.find("</html>"), std::string::npos);

    const std::string model = slurp(path("m.json"));
    expect_refused("report --model " + path("m.json") + " --output " + path("m.json"), "is also an input");
    expect_refused(
        "report --model " + path("m.json") + " --data " + path("spiral.csv") + " --output " + path("spiral.csv"),
        "is also an input");
    EXPECT_EQ(slurp(path("m.json")), model);
    expect_refused("report --model " + path("m.json") + " --data " + path("spiral.csv") + " --rows 300 --output " +
                       path("bad.html"),
                   "row 300 is outside");
    EXPECT_FALSE(fs::exists(path("bad.html")));
    expect_refused("report --model " + path("m.json") + " --rows 0 --output " + path("bad.html"),
                   "rows to explain need data");
}

TEST_F(Cli, ReportAddsASweepAndAStabilityRun) {
    const std::string data = " --data " + path("spiral.csv") + " --target arm";
    ASSERT_EQ(run("fit" + data + " --degree 4 -C 10 --model " + path("m.json")).code, 0);
    ASSERT_EQ(run("sweep" + data + " --degree 2,4 -C 10 --cv 3 --json " + path("sweep.json")).code, 0);
    ASSERT_EQ(run("stability" + data + " --degree 4 -C 10 --bootstrap 4 --json " + path("stab.json")).code, 0);
    const RunResult report = run("report --model " + path("m.json") + " --sweep " + path("sweep.json") +
                                 " --stability " + path("stab.json") + " --output " + path("r.html"));
    ASSERT_EQ(report.code, 0) << report.err;
    const std::string page = slurp(path("r.html"));
    const auto sweep = nlohmann::json::parse(slurp(path("sweep.json")));
    ASSERT_EQ(sweep["rows"].size(), 2u);
    for (const auto& row : sweep["rows"]) {
        // Each setting's row: its label, then its CV accuracy to 4 decimals.
        const std::string cells = "<td class=\"text\">" + row["setting"]["label"].get<std::string>() + "</td><td>" +
                                  fmt::format("{:.4f}", row["cv_mean"].get<double>()) + "</td>";
        EXPECT_NE(page.find(cells), std::string::npos) << cells;
    }
    EXPECT_NE(page.find("id=\"stability-table\""), std::string::npos);
    const auto stability = nlohmann::json::parse(slurp(path("stab.json")));
    const auto& first = stability["indices"][0];
    EXPECT_NE(page.find("<td class=\"text\">" + first["name"].get<std::string>() + "</td><td>" +
                        fmt::format("{:.4f}", first["mean"].get<double>()) + "</td>"),
              std::string::npos);
    EXPECT_EQ(page.find("stability-other-setting"), std::string::npos);  // the model's own setting
    // A run of another degree is drawn with a note saying whose indices they are.
    ASSERT_EQ(run("stability" + data + " --degree 6 -C 10 --bootstrap 4 --json " + path("stab6.json")).code, 0);
    ASSERT_EQ(run("report --model " + path("m.json") + " --stability " + path("stab6.json") + " --output " +
                  path("r6.html"))
                  .code,
              0);
    const std::string other = slurp(path("r6.html"));
    EXPECT_NE(other.find("This run was made with legendre n=6 C=10, not with this model's setting (legendre n=4 C=10)"),
              std::string::npos)
        << other.substr(other.find("id=\"stability\""), 600);
    expect_refused(
        "report --model " + path("m.json") + " --sweep " + path("stab.json") + " --output " + path("bad.html"),
        "not the output of orca sweep --json FILE");
    expect_refused(
        "report --model " + path("m.json") + " --stability " + path("spiral.csv") + " --output " + path("bad.html"),
        "not valid JSON");
    EXPECT_FALSE(fs::exists(path("bad.html")));
}
