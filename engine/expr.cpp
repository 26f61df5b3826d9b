#include "engine/expr.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace tl::engine {
namespace {

// Recursive descent: ternary > comparison > sum > product > power > unary > primary.
class Parser {
public:
    Parser(std::string_view text, const std::map<std::string, double>& ops) : m_text(text), m_ops(ops) {}

    ExprValue parse() {
        ExprValue v = ternary();
        skip();
        if (m_pos != m_text.size())
            fail("unexpected text");
        return v;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error(what + " at offset " + std::to_string(m_pos) + " of \"" + std::string(m_text) + "\"");
    }
    void skip() {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos;
    }
    bool eat(std::string_view token) {
        skip();
        if (m_text.substr(m_pos, token.size()) == token) {
            m_pos += token.size();
            return true;
        }
        return false;
    }
    double num(const ExprValue& v) const {
        if (auto d = std::get_if<double>(&v))
            return *d;
        fail("a text value used as a number");
    }

    ExprValue ternary() {
        ExprValue c = comparison();
        if (!eat("?"))
            return c;
        ExprValue a = ternary();
        if (!eat(":"))
            fail("expected ':'");
        ExprValue b = ternary();
        return num(c) != 0 ? a : b;
    }
    ExprValue comparison() {
        ExprValue a = sum();
        for (const char* op : {"<=", ">=", "==", "<", ">"}) {
            if (eat(op)) {
                const ExprValue b = sum();
                const std::string o = op;
                if (o == "==")
                    return double(a == b);
                const double x = num(a), y = num(b);
                return double(o == "<=" ? x <= y : o == ">=" ? x >= y : o == "<" ? x < y : x > y);
            }
        }
        return a;
    }
    ExprValue sum() {
        ExprValue a = product();
        for (;;) {
            if (eat("+"))
                a = num(a) + num(product());
            else if (eat("-"))
                a = num(a) - num(product());
            else
                return a;
        }
    }
    ExprValue product() {
        ExprValue a = power();
        for (;;) {
            if (eat("*") || eat("×") || eat("·"))
                a = num(a) * num(power());
            else if (eat("/"))
                a = num(a) / num(power());
            else
                return a;
        }
    }
    ExprValue power() {
        ExprValue a = unary();
        if (eat("^"))
            return std::pow(num(a), num(power())); // right-associative
        return a;
    }
    ExprValue unary() {
        if (eat("-"))
            return -num(unary());
        return primary();
    }
    ExprValue primary() {
        skip();
        if (m_pos >= m_text.size())
            fail("unexpected end");
        const char c = m_text[m_pos];
        if (eat("(")) {
            ExprValue v = ternary();
            if (!eat(")"))
                fail("expected ')'");
            return v;
        }
        if (c == '"') {
            const size_t end = m_text.find('"', m_pos + 1);
            if (end == std::string_view::npos)
                fail("unterminated text");
            std::string s(m_text.substr(m_pos + 1, end - m_pos - 1));
            m_pos = end + 1;
            return s;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
            const std::string rest(m_text.substr(m_pos));
            char* end = nullptr;
            const double v = std::strtod(rest.c_str(), &end);
            m_pos += size_t(end - rest.c_str());
            return v;
        }
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            const size_t start = m_pos;
            while (m_pos < m_text.size() &&
                   (std::isalnum(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == '_'))
                ++m_pos;
            const std::string name(m_text.substr(start, m_pos - start));
            if (eat("("))
                return call(name);
            const auto it = m_ops.find(name);
            if (it == m_ops.end())
                fail("unknown operand '" + name + "'");
            return it->second;
        }
        fail("unexpected character");
    }
    ExprValue call(const std::string& name) {
        const double a = num(ternary());
        if (name == "min" || name == "max") {
            if (!eat(","))
                fail("expected ','");
            const double b = num(ternary());
            if (!eat(")"))
                fail("expected ')'");
            return name == "min" ? std::min(a, b) : std::max(a, b);
        }
        if (!eat(")"))
            fail("expected ')'");
        if (name == "ceil")
            return std::ceil(a);
        if (name == "floor")
            return std::floor(a);
        if (name == "round")
            return std::round(a);
        if (name == "sqrt" && a >= 0)
            return std::sqrt(a);
        fail("unknown function '" + name + "'");
    }

    std::string_view m_text;
    const std::map<std::string, double>& m_ops;
    size_t m_pos = 0;
};

} // namespace

ExprResult evaluateExpr(std::string_view formula, const std::map<std::string, double>& operands) {
    try {
        return {Parser(formula, operands).parse(), {}};
    } catch (const std::exception& e) {
        return {std::nullopt, e.what()};
    }
}

} // namespace tl::engine
