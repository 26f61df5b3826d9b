#include "engine/planlayout.h"

namespace tl::engine {

std::string describeLayout(const Layout& l) {
    std::string out = "tp " + std::to_string(l.tp) + " · pp " + std::to_string(l.pp) + " · dp " + std::to_string(l.dp);
    if (l.cp > 1)
        out += " · cp " + std::to_string(l.cp);
    if (l.ep > 1)
        out += " · ep " + std::to_string(l.ep);
    if (l.etp > 1)
        out += " · etp " + std::to_string(l.etp);
    out += " · ZeRO " + std::to_string(l.zero);
    if (l.sequenceParallel)
        out += " · SP";
    if (l.pp > 1) {
        out += std::string(" · ") + choiceName(l.schedule);
        if (l.virtualStages > 1)
            out += " x" + std::to_string(l.virtualStages);
    }
    out += " · micro-batch " + std::to_string(l.microBatch) + " · recompute " + choiceName(l.recompute);
    if (l.offload != Offload::None)
        out += std::string(" · offload ") + choiceName(l.offload);
    return out;
}

} // namespace tl::engine
