#pragma once
// An engine sentence with its numbers taken out: "parameters stage 3 owns" -> "parameters stage %1 owns" and {"3"}.
// Explanations carry values inside their words (stages, ZeRO stages, seed sections, results); the enginestrings tool
// lists each text's pattern for lupdate, and the window translates the pattern and puts the numbers back, so one
// entry serves every value. Standard C++ only: the tool has no Qt.

#include <string>
#include <vector>

namespace tl::ui {

struct NumberPattern {
    std::string text;                 // the sentence with %1, %2, ... for its numbers, in order
    std::vector<std::string> numbers; // as written: "1,024", "0.85", "3"
};

inline NumberPattern numberPattern(const std::string& s) {
    auto digit = [&s](std::size_t i) { return i < s.size() && s[i] >= '0' && s[i] <= '9'; };
    NumberPattern out;
    for (std::size_t i = 0; i < s.size();) {
        if (!digit(i)) {
            out.text += s[i++];
            continue;
        }
        std::size_t j = i;
        while (digit(j) || ((s[j] == '.' || s[j] == ',') && digit(j + 1))) // one number: "1,024.5"
            ++j;
        out.numbers.push_back(s.substr(i, j - i));
        out.text += "%" + std::to_string(out.numbers.size());
        i = j;
    }
    return out;
}

} // namespace tl::ui
