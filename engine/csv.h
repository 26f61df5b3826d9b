#pragma once
// A minimal reader for the preset tables: comma-separated, '#' comment lines, no quoting.

#include <string>
#include <string_view>
#include <vector>

namespace tl::engine {

// The part of `rest` before the first `sep` (all of it when there is none); `rest` moves past that separator.
inline std::string_view splitOff(std::string_view& rest, char sep) {
    const auto at = rest.find(sep);
    const std::string_view part = rest.substr(0, at);
    rest = at == std::string_view::npos ? std::string_view{} : rest.substr(at + 1);
    return part;
}

inline std::vector<std::vector<std::string>> parseCsv(std::string_view text) {
    std::vector<std::vector<std::string>> rows;
    while (!text.empty()) {
        std::string_view line = splitOff(text, '\n');
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
