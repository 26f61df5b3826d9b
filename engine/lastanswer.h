#pragma once
// The last answer of a costly pure function, kept per thread: an evaluation after an edit of most keys asks again
// with the same inputs (the model's counts, the scaling laws' figures), and then gets the answer without the work.

namespace tl::engine {

// Key: everything the function reads, compared with ==; Value: its answer. Declare one `thread_local` per function
// and call get(key, compute): compute() runs on first use and whenever the key differs from the last one. The key
// asked with may be anything Key compares with and is assigned from (std::tie of the inputs: no copy to compare).
template <class Key, class Value> class LastAnswer {
public:
    template <class Asked = Key, class Compute> const Value& get(const Asked& key, Compute&& compute) {
        if (!set_ || !(key_ == key)) {
            value_ = compute();
            key_ = key;
            set_ = true;
        }
        return value_;
    }

private:
    bool set_ = false;
    Key key_{};
    Value value_{};
};

} // namespace tl::engine
