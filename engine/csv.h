#pragma once
// A minimal reader for the preset tables: comma-separated, '#' comment lines, no quoting.

#include <string>
#include <string_view>
#include <vector>

namespace tl::engine {

inline std::vector<std::vector<std::string>> parseCsv(std::string_view text) {
    std::vector<std::vector<std::string>> rows;
    while (!text.empty()) {
        const auto eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.empty() || line.front() == '#')
            continue;
        std::vector<std::string> cells;
        for (;;) {
            const auto comma = line.find(',');
            cells.emplace_back(line.substr(0, comma));
            if (comma == std::string_view::npos)
                break;
            line.remove_prefix(comma + 1);
        }
        rows.push_back(std::move(cells));
    }
    return rows;
}

} // namespace tl::engine
