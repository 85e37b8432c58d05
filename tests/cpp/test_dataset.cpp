// Readers: what they accept, and the exact location they name when they refuse.
#include <gtest/gtest.h>

#include "data/text_cells.hpp"
#include "orca/dataset.hpp"
#include "orca/errors.hpp"
#include "paper/echocardiogram.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

ReadOptions with_target(const std::string& target) {
    ReadOptions o;
    o.target = target;
    return o;
}

std::string error_of(const std::string& text, const ReadOptions& o) {
    try {
        (void)parse_csv(text, "t.csv", o);
    } catch (const DataError& e) {
        return e.what();
    } catch (const ParameterError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(Csv, ReadsQuotesBomCrlfAndBlankLines) {
    const std::string text =
        "\xEF\xBB\xBF"
        "a,\"b, quoted\",y\r\n1,2.5,cat\r\n\r\n  -3 , \"4e1\" ,\"dog\"\r\n";
    const Dataset ds = parse_csv(text, "t.csv", with_target("y"));
    ASSERT_EQ(ds.rows, 2u);
    ASSERT_EQ(ds.cols, 2u);
    EXPECT_EQ(ds.feature_names[1], "b, quoted");
    EXPECT_EQ(ds.X, (std::vector<double>{1, 2.5, -3, 40}));
    EXPECT_EQ(ds.target, (std::vector<std::string>{"cat", "dog"}));
    EXPECT_EQ(ds.target_name, "y");
}

TEST(Csv, SelectsFeaturesByName) {
    ReadOptions o = with_target("y");
    o.features = {"c", "a"};
    const Dataset ds = parse_csv("a,b,c,y\n1,2,3,u\n4,5,6,v\n", "t.csv", o);
    EXPECT_EQ(ds.feature_names, (std::vector<std::string>{"c", "a"}));
    EXPECT_EQ(ds.X, (std::vector<double>{3, 1, 6, 4}));
}

TEST(Csv, ErrorsNameFileLineAndColumn) {
    EXPECT_EQ(error_of("a,b,y\n1,2,u\n3,x7,v\n", with_target("y")), "t.csv:3:2: non-numeric value 'x7' in column 'b'");
    EXPECT_EQ(error_of("a,b,y\n1,2,u\n3,v\n", with_target("y")),
              "t.csv:3: expected 3 fields (as in the header), found 2");
    EXPECT_EQ(error_of("a,b,y\n1,?,u\n", with_target("y")),
              "t.csv:2:2 (column 'b'): missing value (every row needs all its values)");
    {
        // The caller's advice is passed on (the CLI's fit names its --drop-missing option).
        orca::ReadOptions o = with_target("y");
        o.drop_missing_advice = "leave such rows out with drop_missing";
        EXPECT_EQ(error_of("a,b,y\n1,?,u\n", o),
                  "t.csv:2:2 (column 'b'): missing value (leave such rows out with drop_missing)");
    }
    EXPECT_EQ(
        error_of("a,b,y\n1e400,2,u\n", with_target("y")),
        "t.csv:2:1: the value '1e400' in column 'a' is beyond double precision (magnitudes from about 2.2e-308 to "
        "1.8e308, or 0)");
    EXPECT_EQ(error_of("a,b,y\n1,inf,u\n", with_target("y")), "t.csv:2:2: non-finite value 'inf' in column 'b'");
    EXPECT_EQ(error_of("a,b\n1,2\n", with_target("y")), "t.csv: no target column 'y' in the header (columns: a, b)");
    EXPECT_EQ(error_of("a,a,y\n1,2,u\n", with_target("y")), "t.csv:1:2: duplicate column name 'a'");
    EXPECT_EQ(error_of("", with_target("y")), "t.csv: the file is empty (expected a header line)");
    EXPECT_EQ(error_of("a,y\n\"1,u\n", with_target("y")), "t.csv:2: unterminated quoted field");
    EXPECT_NE(error_of("a,y\n\xff\xfe,u\n", with_target("y"))
                  .find("non-numeric value '?"
                        "?'"),
              std::string::npos);
}

TEST(Csv, DropMissingCountsTheRows) {
    ReadOptions o = with_target("y");
    o.drop_missing = true;
    const Dataset ds = parse_csv("a,b,y\n1,NA,u\n2,3,v\n4,5,\n6,7,u\n", "t.csv", o);
    EXPECT_EQ(ds.rows, 2u);
    EXPECT_EQ(ds.dropped_rows, 2u);
}

TEST(Libsvm, ReadsSparseRowsAndNamesColumns) {
    const Dataset ds = parse_libsvm("+1 1:0.5 3:-2\n-1 2:1e-3 # comment\n\n+1\n", "t.svm", {});
    ASSERT_EQ(ds.rows, 3u);
    ASSERT_EQ(ds.cols, 3u);
    EXPECT_EQ(ds.feature_names, (std::vector<std::string>{"f1", "f2", "f3"}));
    EXPECT_EQ(ds.X, (std::vector<double>{0.5, 0, -2, 0, 1e-3, 0, 0, 0, 0}));
    // Labels are compared as numbers where they are numbers: LIBSVM's +1 is class 1.
    EXPECT_EQ(ds.target, (std::vector<std::string>{"1", "-1", "1"}));
}

TEST(Libsvm, ErrorsNameLineAndColumn) {
    auto err = [](const std::string& text) {
        try {
            (void)parse_libsvm(text, "t.svm", {});
        } catch (const DataError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_EQ(err("1 1:2\n-1 2:x\n"), "t.svm:2:4: non-numeric value 'x' in column 'f2'");
    EXPECT_EQ(err("1 3:2 2:1\n"), "t.svm:1:7: feature indices must increase along a line, found 2 after 3");
    EXPECT_EQ(err("1 0:2\n"), "t.svm:1:3: expected index:value with an integer index from 1 to 10000000, found '0:2'");
}

TEST(Labels, SortedNumericallyAndTwoClassesOnly) {
    const auto enc = encode_binary_labels({"10", "9", "10"}, "s");
    EXPECT_EQ(enc.classes, (std::vector<std::string>{"9", "10"}));
    EXPECT_EQ(enc.y, (std::vector<double>{1, -1, 1}));
    EXPECT_THROW((void)encode_binary_labels({"a", "a"}, "s"), DataError);
    try {
        (void)encode_binary_labels({"a", "b", "c"}, "s");
        FAIL();
    } catch (const DataError& e) {
        EXPECT_NE(std::string(e.what()).find("3 classes; this step needs a two-class target"), std::string::npos);
    }
}

TEST(Echocardiogram, PaperSetupGives108Rows) {
    const Dataset ds = load_echocardiogram(test::echocardiogram_path());
    EXPECT_EQ(ds.rows, 108u);
    EXPECT_EQ(ds.cols, 5u);
    EXPECT_EQ(std::count(ds.target.begin(), ds.target.end(), "0"), 75);
    EXPECT_EQ(std::count(ds.target.begin(), ds.target.end(), "1"), 33);
}

TEST(Echocardiogram, BuiltInCopyEqualsTheShippedFile) {
    const Dataset file = load_echocardiogram(test::echocardiogram_path());
    const Dataset built_in = load_echocardiogram();
    EXPECT_EQ(built_in.feature_names, file.feature_names);
    EXPECT_EQ(built_in.target, file.target);
    EXPECT_EQ(built_in.X, file.X);
    EXPECT_EQ(built_in.dropped_rows, file.dropped_rows);
    EXPECT_EQ(built_in.dropped_rows, 24u);  // 132 lines, 108 complete rows
}

TEST(Utf8, AcceptsWellFormedTextAndRefusesEveryIllFormedKind) {
    using orca::is_valid_utf8;
    for (const char* ok :
         {"", "plain", "caf\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xed\x9f\xbf", "\xf4\x8f\xbf\xbf"})
        EXPECT_TRUE(is_valid_utf8(ok)) << ok;
    for (const char* bad : {"\xff", "A\xfe", "\xc3", "\xc0\xaf" /* overlong '/' */, "\xe0\x80\xaf" /* overlong */,
                            "\xed\xa0\x80" /* surrogate */, "\xf4\x90\x80\x80" /* above U+10FFFF */,
                            "\xe2\x82" /* truncated */, "\x80" /* lone continuation */})
        EXPECT_FALSE(is_valid_utf8(bad)) << bad;
}

TEST(Csv, RefusesNamesAndLabelsThatAreNotUtf8) {
    orca::ReadOptions o;
    o.target = "y";
    try {
        (void)orca::parse_csv("a,y\n1,ok\n2,b\xff\n", "t.csv", o);
        FAIL() << "invalid label accepted";
    } catch (const orca::DataError& e) {
        EXPECT_NE(std::string(e.what()).find("t.csv:3:2: the label 'b?' is not valid UTF-8"), std::string::npos)
            << e.what();
    }
    o.target = "";
    o.target_optional = true;
    EXPECT_THROW((void)orca::parse_csv("a\xfe,y\n1,2\n", "t.csv", o), orca::DataError);
}

TEST(Labels, NumbersAreOneClassHoweverWritten) {
    for (const auto& [text, canonical] : std::vector<std::pair<std::string, std::string>>{
             {"1", "1"}, {"1.0", "1"}, {"+1", "1"}, {"1e0", "1"}, {"01", "1"}, {"-0", "0"}, {"0.0", "0"},
             {"0.10", "0.1"}, {"-2.50", "-2.5"}, {"A", "A"}, {"1a", "1a"}, {"+-1", "+-1"}, {"nan", "nan"},
             // 16 or more significant digits: identifiers that would collide as doubles stay text.
             {"12345678901234567", "12345678901234567"}, {"1234567890123456.0", "1234567890123456.0"}})
        EXPECT_EQ(canonical_label(text), canonical) << text;
    ReadOptions o = with_target("y");
    const Dataset ds = parse_csv("a,y\n1,1\n2,1.0\n3,-0\n4,0\n", "t.csv", o);
    EXPECT_EQ(distinct_labels(ds.target), (std::vector<std::string>{"0", "1"}));
}

TEST(Csv, ReadsNumbersStrictly) {
    double v = 0.0;
    EXPECT_TRUE(parse_double("+5", v));
    EXPECT_EQ(v, 5.0);
    for (const char* bad : {"+-5", "++5", "--5", "-+5", "+", "5x"}) EXPECT_FALSE(parse_double(bad, v)) << bad;
    for (const char* missing : {"nan", "-nan", "+NaN", "NA", "?", ""}) EXPECT_TRUE(is_missing_token(missing)) << missing;
    EXPECT_NE(error_of("a,y\n+-5,A\n1,B\n", with_target("y")).find("non-numeric value '+-5'"), std::string::npos);
}

TEST(Csv, RefusesControlCharactersInNamesAndLabels) {
    EXPECT_NE(error_of(std::string("a,y\n1,A\0\n2,B\n", 13), with_target("y")).find("t.csv:2:2: the label"),
              std::string::npos);
    EXPECT_NE(error_of("a\x01,y\n1,A\n", with_target("y")).find("holds a control character (byte 0x01)"),
              std::string::npos);
}

TEST(Csv, NamesTheSeparatorOfATsvOrSemicolonFile) {
    EXPECT_NE(error_of("a\tb\ty\n1\t2\tA\n", with_target("y")).find("t.csv:1: the header is one column holding tab"),
              std::string::npos);
    EXPECT_NE(error_of("a;b;y\n1;2;A\n", with_target("y")).find("holding semicolon (;) characters"),
              std::string::npos);
}

TEST(Csv, ListsEachFeatureOnce) {
    ReadOptions o = with_target("y");
    o.features = {"a", "b", "a"};
    EXPECT_NE(error_of("a,b,y\n1,2,A\n", o).find("'a' is listed twice"), std::string::npos);
    const Dataset libsvm = parse_libsvm("1 1:2 2:3\n", "t.svm", {});
    EXPECT_EQ(libsvm.cols, 2u);
}

TEST(Csv, RowsToPredictMayHaveNoLabelYet) {
    ReadOptions o = with_target("y");
    o.target_optional = true;
    const Dataset ds = parse_csv("a,y\n1,\n2,B\n3,?\n", "t.csv", o);
    ASSERT_EQ(ds.rows, 3u);
    EXPECT_EQ(ds.target, (std::vector<std::string>{"", "B", ""}));
    // Training data (the target not optional) still need every label.
    EXPECT_NE(error_of("a,y\n1,\n2,B\n", with_target("y")).find("missing value"), std::string::npos);
}

TEST(Csv, StreamedRecordsEqualTheWholeText) {
    // Quoted fields, CRLF, blank lines and a last line without a newline: the reader
    // that reuses one record gives the rows the text holds.
    const Dataset ds = parse_csv("a,\"b\",y\r\n1,\"2\",\"x,y\"\r\n\r\n3,4,z\n5,6,z", "t.csv", with_target("y"));
    ASSERT_EQ(ds.rows, 3u);
    EXPECT_EQ(ds.X, (std::vector<double>{1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(ds.target, (std::vector<std::string>{"x,y", "z", "z"}));
}
