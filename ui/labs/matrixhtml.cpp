#include "ui/labs/matrixhtml.h"

#include <cmath>

namespace tl::ui::labs {

QColor gpuColor(int gpu) {
    // Light tints that keep black digits readable (and tell eight GPUs apart).
    static const QColor tints[] = {QColor(0xcf, 0xe2, 0xf3), QColor(0xfc, 0xe5, 0xcd), QColor(0xd9, 0xea, 0xd3),
                                   QColor(0xf4, 0xcc, 0xcc), QColor(0xd9, 0xd2, 0xe9), QColor(0xff, 0xf2, 0xcc),
                                   QColor(0xd0, 0xe0, 0xe3), QColor(0xea, 0xd1, 0xdc)};
    return gpu < 0 ? QColor() : tints[gpu % 8];
}

QString matrixHtml(const Eigen::MatrixXd& m, const QString& title, const std::function<int(int, int)>& owner,
                   int decimals) {
    QString html = QStringLiteral("<p style='margin:6px 0 2px 0'><b>%1</b> <span style='color:#666'>(%2 &times; "
                                  "%3)</span></p><table cellspacing='0' cellpadding='3' "
                                  "style='border:1px solid #999; font-family:monospace'>")
                       .arg(title.toHtmlEscaped())
                       .arg(m.rows())
                       .arg(m.cols());
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        html += QStringLiteral("<tr>");
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            const QColor tint = owner ? gpuColor(owner(int(r), int(c))) : QColor();
            const double v = m(r, c) == 0 ? 0.0 : m(r, c); // no "-0.000"
            html += (tint.isValid() ? QStringLiteral("<td align='right' bgcolor='%1'>").arg(tint.name())
                                    : QStringLiteral("<td align='right'>")) +
                    QString::number(std::fabs(v) < 0.5 * std::pow(10.0, -decimals) ? 0.0 : v, 'f', decimals) +
                    QStringLiteral("</td>");
        }
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</table>");
}

QString differenceText(double v) {
    if (v == 0)
        return QStringLiteral("0");
    return std::fabs(v) < 1e-3 ? QString::number(v, 'e', 1) : QString::number(v, 'f', 4);
}

} // namespace tl::ui::labs
