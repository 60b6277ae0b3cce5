// The guard in front of toml++ 3.3 (src/io/scenario/toml_guard.hpp): non-ASCII characters where the parser
// looks for white space are refused with their position before toml++ reaches its undefined
// behaviour; everywhere TOML allows them they pass.
#include <gtest/gtest.h>

#include "io/scenario/toml_guard.hpp"
#include "scenario_fixture.hpp"

using namespace ria;
using namespace ria::test;

TEST(TomlGuard, NonAsciiOutsideQuotesIsFoundWithItsPosition) {
  const auto p = io::toml_text_problem("a = 1\nname = R\xC3\xAD" "a\n");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->line, 2);
  EXPECT_EQ(p->column, 9);
  EXPECT_TRUE(contains(p->what, "U+00ED is outside quotes")) << p->what;
  // The fuzzer's input: a broken byte-order mark (U+FEEF) before a key.
  const auto q = io::toml_text_problem("\xEF\xBB\xAFjame = \"x\"\n");
  ASSERT_TRUE(q);
  EXPECT_TRUE(contains(q->what, "U+FEEF")) << q->what;
  // A quote inside a bare token opens no string (the fuzzer's second input): toml++ reads on.
  const auto r = io::toml_text_problem("name =6599'0000000\xEF\xBB\xB7p000.0\n");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->column, 19);
  EXPECT_FALSE(io::toml_text_problem("a.'b\xC3\xA9' = [\"x\xC3\xA9\", {k = '\xC3\xA9'}]\n"));
  // Bytes that are no UTF-8 character (a UTF-16 file's byte-order mark, a cut or overlong
  // sequence) are named as bytes, not decoded into a code point that does not exist.
  for (const char* text : {"\xFF\xFEname = 1\n", "name = 1\n\xC3", "\xC0\xAF = 1\n", "\xBF = 1\n", "\xF4\x90\x80\x80 = 1\n"}) {
    const auto b = io::toml_text_problem(text);
    ASSERT_TRUE(b) << text;
    EXPECT_TRUE(contains(b->what, "(not UTF-8) is outside quotes")) << b->what;
    EXPECT_FALSE(contains(b->what, "U+")) << b->what;
  }
}

TEST(TomlGuard, NonAsciiInStringsAndCommentsPasses) {
  EXPECT_FALSE(io::toml_text_problem("name = \"R\xC3\xAD" "a \\\" \xC2\xA7\" # \xC3\xB1 comment\n"
                                     "unit = '\xC2\xB5g'\nnote = \"\"\"\nline \xC3\xA9\n\xC3\xA9 first\"\"\"\n"
                                     "lit = '''\n\xC2\xA7 '''\n"));
  EXPECT_FALSE(io::toml_text_problem("s = \"\"\"a \\\n   b\"\"\"\n"));  // continuation to ASCII
}

TEST(TomlGuard, NonAsciiAfterALineEndingBackslashIsRefused) {
  // toml++ issue 190/295: s = """\ then a line starting with U+00A7.
  const auto p = io::toml_text_problem("s = \"\"\"\\\n\xC2\xA7\"\"\"\n");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->line, 2);
  EXPECT_EQ(p->column, 1);
  EXPECT_TRUE(contains(p->what, "line-ending backslash")) << p->what;
}

TEST(TomlGuard, ScenarioAndSetOverridesUseIt) {
  const std::string m = error_of(kMinimal + "[[gauge]]\nname = R\xC3\xAD" "a\nx = 1.0\ny = 1.0\n");
  EXPECT_EQ(m.rfind("scn.toml:7:9: the character U+00ED is outside quotes", 0), 0u) << m;
  // A --set value that is not TOML is a bare string, also when it is non-ASCII.
  const sim::Scenario sc = io::parse_scenario(kMinimal + "[[gauge]]\nname = \"a\"\nx = 1.0\ny = 1.0\n", "scn.toml", "/base",
                                              {"gauge.0.name=R\xC3\xAD" "a \xC2\xA7"});
  ASSERT_EQ(sc.gauges.size(), 1u);
  EXPECT_EQ(sc.gauges[0].name, "R\xC3\xAD" "a \xC2\xA7");
}
