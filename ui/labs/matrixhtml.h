#pragma once
// Matrices and vectors as HTML tables for the parallelism lab: fixed decimals, cells tinted by the virtual GPU that
// owns them, so a shard can be followed from the whole matrix into its GPU's column.

#include <Eigen/Core>

#include <QColor>
#include <QString>

#include <functional>

namespace tl::ui::labs {

// The tint of virtual GPU g (0..7); an invalid colour for -1 (no owner).
QColor gpuColor(int gpu);

// title above a table of m; owner(r, c) gives the GPU whose tint the cell gets (-1: none).
QString matrixHtml(const Eigen::MatrixXd& m, const QString& title, const std::function<int(int, int)>& owner = {},
                   int decimals = 3);

// A number for the result lines: fixed for ordinary sizes, scientific near zero ("2.2e-16").
QString differenceText(double v);

} // namespace tl::ui::labs
