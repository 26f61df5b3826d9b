#pragma once
// The report a manager forwards: one or two A4 or Letter pages with the title, the verdict in a sentence, the plan
// (layout, GPUs, days, GPU-hours, dollars), the memory and days charts, the key figures with units, the notes, the
// assumptions, and in the footer the scenario file's name, the date and the program's version. The same painter
// writes the PDF (QPdfWriter), prints (QPrinter) and, for up to four scenarios, the comparison report.

#include "engine/ledger.h"
#include "engine/scenario.h"

#include <QByteArray>
#include <QDateTime>
#include <QPageSize>
#include <QString>

#include <vector>

class QPagedPaintDevice;

namespace tl::ui {

struct ReportInput {
    engine::Scenario scenario;
    QString fileName; // shown in the footer; empty: "not saved"
    QDateTime when = QDateTime::currentDateTime();
};

// The verdict in one sentence a director can repeat ("This plan works: it fits in memory (... of ... per GPU) and
// finishes in ... of the ... days allowed, for $...").
QString reportVerdict(const engine::Ledger& ledger);

// The plan as a table (layout, GPUs, days with faults and checkpoints, what the reserve covers and
// engine::kFaultFigures, GPU-hours, dollars) and the key figures with units (the ledger table's labels), as rich text.
QString reportPlanTable(const engine::Scenario& s, const engine::Ledger& l);
QString reportKeyFigures(const engine::Ledger& l);
// A4, or Letter where the locale measures in inches (the US).
QPageSize::PageSizeId defaultPaper();

// Paints the report on the device, starting on its current page. Returns the number of pages (1 or 2).
int paintReport(const ReportInput& input, QPagedPaintDevice& device);
// The comparison of 2 to 4 scenarios: their verdicts, a table of figures side by side with B - A (and %), both
// charts. Returns the number of pages.
int paintComparisonReport(const std::vector<ReportInput>& inputs, QPagedPaintDevice& device);

// The report as PDF bytes, on paper of the given size.
QByteArray reportPdf(const ReportInput& input, QPageSize::PageSizeId paper = defaultPaper());
QByteArray comparisonPdf(const std::vector<ReportInput>& inputs, QPageSize::PageSizeId paper = defaultPaper());

} // namespace tl::ui
