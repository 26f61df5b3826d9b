#pragma once
// Texts that follow the interface language. Each is written once, in a function that sets it; add() runs the function
// now and retranslate() runs them all again, which the owner does on QEvent::LanguageChange (Qt sends it to every
// widget when View > Language installs another translator). Nothing is rebuilt, so every widget keeps its state.

#include <functional>
#include <utility>
#include <vector>

namespace tl::ui {

class Retranslator {
public:
    void add(std::function<void()> setTexts) {
        setTexts();
        m_setters.push_back(std::move(setTexts));
    }
    void retranslate() const {
        for (const auto& set : m_setters)
            set();
    }

private:
    std::vector<std::function<void()>> m_setters;
};

} // namespace tl::ui
