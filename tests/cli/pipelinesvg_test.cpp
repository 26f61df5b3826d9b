// renderPipelineSvg: well-formed XML, one row per rank, one <rect> per block (or the summarised bands), the engine's
// caption figures, and the no-pipeline SVG for one stage.

#include "app/cli/pipelinesvg.h"

#include <QString>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

#include <map>

using namespace tl;

namespace {

struct SvgCounts {
    bool wellFormed = false;
    QString error;
    int rows = 0;
    std::map<QString, int> rectsByClass;
    QString allText;
    int rects(const char* cls) const {
        const auto it = rectsByClass.find(QString::fromLatin1(cls));
        return it == rectsByClass.end() ? 0 : it->second;
    }
};

SvgCounts scan(const std::string& svg) {
    SvgCounts out;
    QXmlStreamReader xml(QByteArray::fromStdString(svg));
    bool sawSvg = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto cls = xml.attributes().value(QStringLiteral("class")).toString();
            if (xml.name() == QStringLiteral("svg"))
                sawSvg = true;
            else if (xml.name() == QStringLiteral("g") && cls == QStringLiteral("row"))
                ++out.rows;
            else if (xml.name() == QStringLiteral("rect"))
                ++out.rectsByClass[cls];
        } else if (xml.isCharacters()) {
            out.allText += xml.text();
            out.allText += QLatin1Char('\n');
        }
    }
    out.wellFormed = !xml.hasError() && sawSvg;
    out.error = xml.errorString();
    return out;
}

engine::PipelineSpec spec(int p, int m, engine::Schedule s, int v = 1) {
    engine::PipelineSpec out;
    out.stages = p;
    out.microBatches = m;
    out.schedule = s;
    out.virtualStages = v;
    return out;
}

} // namespace

TEST(PipelineSvg, OneFOneBHasRowsBlocksAndCaption) {
    const auto t = engine::simulate(spec(4, 8, engine::Schedule::OneFOneB));
    const auto c = scan(cli::renderPipelineSvg(t));
    ASSERT_TRUE(c.wellFormed) << c.error.toStdString();
    EXPECT_EQ(c.rows, 4);
    EXPECT_EQ(c.rects("F"), 32);
    EXPECT_EQ(c.rects("B"), 32);
    EXPECT_EQ(c.rects("W"), 0);
    EXPECT_EQ(c.rects("idle"), 4);
    EXPECT_TRUE(c.allText.contains(QStringLiteral("27.3% of total time"))) << c.allText.toStdString();
    EXPECT_TRUE(c.allText.contains(QStringLiteral("37.5% over ideal")));
    EXPECT_TRUE(c.allText.contains(QStringLiteral("makespan 33 units")));
    EXPECT_TRUE(c.allText.contains(QStringLiteral("4, 3, 2, 1")));
    EXPECT_TRUE(c.allText.contains(QStringLiteral("rank 3")));
}

TEST(PipelineSvg, EveryScheduleDrawsOneRectPerBlock) {
    for (engine::Schedule s : engine::allSchedules()) {
        const auto t = engine::simulate(spec(4, 8, s, s == engine::Schedule::Interleaved ? 2 : 1));
        const auto c = scan(cli::renderPipelineSvg(t));
        ASSERT_TRUE(c.wellFormed) << engine::scheduleName(s) << ": " << c.error.toStdString();
        EXPECT_EQ(c.rows, 4) << engine::scheduleName(s);
        const int total = c.rects("F") + c.rects("B") + c.rects("W");
        EXPECT_EQ(size_t(total), t.blocks.size()) << engine::scheduleName(s);
        EXPECT_EQ(c.rects("W") > 0, engine::splitsWeightGrad(s)) << engine::scheduleName(s);
    }
}

TEST(PipelineSvg, ChunksAreLabelled) {
    const auto c = scan(cli::renderPipelineSvg(engine::simulate(spec(4, 16, engine::Schedule::Interleaved, 2))));
    ASSERT_TRUE(c.wellFormed);
    EXPECT_TRUE(c.allText.contains(QStringLiteral("\n3b\n")));
    EXPECT_TRUE(c.allText.contains(QStringLiteral("v = 2")));
    EXPECT_TRUE(c.allText.contains(QStringLiteral("11, 9, 7, 5")));
}

TEST(PipelineSvg, BigPipelineIsSummarised) {
    const auto t = engine::simulate(spec(64, 512, engine::Schedule::Interleaved, 4));
    const std::string svg = cli::renderPipelineSvg(t);
    const auto c = scan(svg);
    ASSERT_TRUE(c.wellFormed) << c.error.toStdString();
    EXPECT_EQ(c.rows, 64);
    EXPECT_EQ(c.rects("F"), 0);
    EXPECT_GT(c.rects("band"), 64);
    EXPECT_LT(svg.size(), size_t(2'000'000));
    EXPECT_TRUE(c.allText.contains(QStringLiteral("Summarised")));
}

TEST(PipelineSvg, OneStageSaysThereIsNoPipeline) {
    const auto c = scan(cli::renderPipelineSvg(engine::simulate(spec(1, 8, engine::Schedule::OneFOneB))));
    ASSERT_TRUE(c.wellFormed) << c.error.toStdString();
    EXPECT_EQ(c.rows, 0);
    EXPECT_TRUE(c.allText.contains(QStringLiteral("No pipeline")));
}
