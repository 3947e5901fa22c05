#include "verify/experiments/output.hpp"

#include "verify/input/publish.hpp"

#include <unistd.h>

#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "reference/core/errors.hpp"

namespace dpb::verify::experiments {

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

std::string gnuplot_quote(const std::string& s) {
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("''") : std::string(1, ch);
  return out + "'";
}

namespace {

std::string fmt_double(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.10g", x);
  return buf;
}


std::string eps_text(const Rational& e) { return to_string(e); }

// Returning-users series: one per (learner, route, ε), its cells in increasing B (experiment 000-returning).
struct ReturningSeries {
  std::string title;
  std::vector<std::pair<std::uint64_t, const CellResult*>> points;
};
std::vector<ReturningSeries> returning_series(const SimulationResult& r) {
  std::vector<ReturningSeries> out;
  const auto& c = r.config;
  for (std::size_t j = 0; j < c.epsilons.size(); ++j)
    for (std::size_t i = 0; i < c.algorithms.size(); ++i) {
      const auto& cell = r.cell(i, j);
      if (!cell.returning) continue;
      std::string title = c.algorithms[i].learner + " (" + cell.returning->route + ")";
      if (c.epsilons.size() > 1) title += " ε = " + eps_text(cell.eps);
      auto it = std::find_if(out.begin(), out.end(), [&](const ReturningSeries& x) { return x.title == title; });
      if (it == out.end()) it = out.insert(out.end(), ReturningSeries{title, {}});
      it->points.emplace_back(cell.returning->B, &cell);
    }
  for (auto& x : out)
    std::stable_sort(x.points.begin(), x.points.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

// Plot data: block k = i·|ε| + j holds "round regret_mean regret_se avg_mean avg_se"; then one block per algorithm
// with "eps regret_mean regret_se avg_mean avg_se" at the horizon.
std::string plot_data(const SimulationResult& r) {
  std::ostringstream out;
  const auto& c = r.config;
  for (std::size_t i = 0; i < c.algorithms.size(); ++i)
    for (std::size_t j = 0; j < c.epsilons.size(); ++j) {
      const auto& cell = r.cell(i, j);
      out << "# " << cell.algorithm << " eps=" << eps_text(cell.eps) << "\n";
      for (std::size_t g = 0; g < r.grid.size(); ++g) {
        const double t = static_cast<double>(r.grid[g]);
        out << r.grid[g] << ' ' << fmt_double(cell.mean[g]) << ' ' << fmt_double(cell.se[g]) << ' '
            << fmt_double(cell.mean[g] / t) << ' ' << fmt_double(cell.se[g] / t) << "\n";
      }
      out << "\n\n";
    }
  const double T = static_cast<double>(c.horizon);
  for (std::size_t i = 0; i < c.algorithms.size(); ++i) {
    out << "# final " << c.algorithms[i].label << "\n";
    for (std::size_t j = 0; j < c.epsilons.size(); ++j) {
      const auto& cell = r.cell(i, j);
      out << fmt_double(c.epsilons[j].convert_to<double>()) << ' ' << fmt_double(cell.mean.back()) << ' '
          << fmt_double(cell.se.back()) << ' ' << fmt_double(cell.mean.back() / T) << ' '
          << fmt_double(cell.se.back() / T) << "\n";
    }
    out << "\n\n";
  }
  for (const auto& series : returning_series(r)) {  // blocks A·|ε| + A + k: "B regret_mean regret_se avg avg_se"
    out << "# returning " << series.title << "\n";
    for (const auto& [B, cell] : series.points)
      out << B << ' ' << fmt_double(cell->mean.back()) << ' ' << fmt_double(cell->se.back()) << ' '
          << fmt_double(cell->mean.back() / T) << ' ' << fmt_double(cell->se.back() / T) << "\n";
    out << "\n\n";
  }
  return out.str();
}

std::string plot_script(const SimulationResult& r, const std::string& data, const std::string& png,
                        const std::string& svg, const std::string& final_png, const std::string& final_svg,
                        const std::string& returning_png, const std::string& returning_svg) {
  const auto& c = r.config;
  const std::size_t A = c.algorithms.size(), E = c.epsilons.size();
  const bool avg = c.y_axis == "time-average";
  const std::string ycol = avg ? "4" : "2", secol = avg ? "5" : "3";
  const std::string ylabel = std::string(avg ? "Time-average " : "") + (c.realized ? "realized regret" : "pseudo-regret");
  std::ostringstream s;
  s << "# gnuplot script written by `dpbandit simulate` (" << c.name << ")\n"
    << "set encoding utf8\n"
    << (c.x_axis == "log" ? "set logscale x\nset format x '10^{%L}'\n" : "")
    << "set xlabel 'Round'\nset ylabel "
    << gnuplot_quote(ylabel) << "\nset key top right font ',8'\nset grid\n";
  const int width = static_cast<int>(420 * E + 80), height = 420;
  for (int pass = 0; pass < 2; ++pass) {
    s << (pass == 0 ? "set terminal pngcairo enhanced size " : "set terminal svg enhanced size ") << width << ","
      << height << (pass == 0 ? " font ',9'\n" : " font 'sans,9'\n");
    s << "set output " << gnuplot_quote(pass == 0 ? png : svg) << "\n";
    s << "set multiplot layout 1," << E << " title " << gnuplot_quote(c.name + ": " + c.description) << "\n";
    for (std::size_t j = 0; j < E; ++j) {
      s << "set title " << gnuplot_quote("ε = " + eps_text(c.epsilons[j])) << "\nplot ";
      for (std::size_t i = 0; i < A; ++i) {
        const std::size_t k = i * E + j;
        s << (i ? ", \\\n  " : "") << gnuplot_quote(data) << " index " << k << " using 1:($" << ycol << "-$" << secol
          << "):($" << ycol << "+$" << secol << ") with filledcurves lc " << i + 1
          << " fs transparent solid 0.15 noborder notitle, " << gnuplot_quote(data) << " index " << k << " using 1:"
          << ycol << " with lines lc " << i + 1 << " lw 2 title " << gnuplot_quote(c.algorithms[i].label);
      }
      s << "\n";
    }
    s << "unset multiplot\nset output\n";
  }
  if (E >= 2) {
    s << "unset title\nset xlabel 'ε'\nset ylabel " << gnuplot_quote((avg ? "Final time-average " : "Final ") +
                                                                     std::string(c.realized ? "realized regret"
                                                                                            : "pseudo-regret"))
      << "\nunset format x\n";
    for (int pass = 0; pass < 2; ++pass) {
      s << (pass == 0 ? "set terminal pngcairo enhanced size 640,460 font ',9'\n"
                      : "set terminal svg enhanced size 640,460 font 'sans,9'\n");
      s << "set output " << gnuplot_quote(pass == 0 ? final_png : final_svg) << "\n";
      s << "set title " << gnuplot_quote(c.name + ": final regret at T = " + std::to_string(c.horizon)) << "\nplot ";
      for (std::size_t i = 0; i < A; ++i)
        s << (i ? ", \\\n  " : "") << gnuplot_quote(data) << " index " << A * E + i << " using 1:" << ycol << ":"
          << secol << " with yerrorlines lc " << i + 1 << " lw 2 title " << gnuplot_quote(c.algorithms[i].label);
      s << "\nset output\n";
    }
  }
  const auto series = returning_series(r);
  if (!series.empty()) {  // final regret against B (log₂ axis), one curve per (learner, route)
    s << "unset title\nset logscale x 2\nset format x '%g'\nset xlabel 'B (batches per returning user)'\nset ylabel "
      << gnuplot_quote((avg ? "Final time-average " : "Final ") +
                       std::string(c.realized ? "realized regret" : "pseudo-regret"))
      << "\n";
    for (int pass = 0; pass < 2; ++pass) {
      s << (pass == 0 ? "set terminal pngcairo enhanced size 640,460 font ',9'\n"
                      : "set terminal svg enhanced size 640,460 font 'sans,9'\n");
      s << "set output " << gnuplot_quote(pass == 0 ? returning_png : returning_svg) << "\n";
      s << "set title " << gnuplot_quote(c.name + ": final regret at T = " + std::to_string(c.horizon) +
                                         " against B, ε = total over a user's B batches")
        << "\nplot ";
      for (std::size_t k = 0; k < series.size(); ++k)
        s << (k ? ", \\\n  " : "") << gnuplot_quote(data) << " index " << A * E + A + k << " using 1:" << ycol << ":"
          << secol << " with yerrorlines lc " << k + 1 << " lw 2 title " << gnuplot_quote(series[k].title);
      s << "\nset output\n";
    }
  }
  return s.str();
}

}  // namespace

std::string curves_csv(const SimulationResult& r) {
  std::ostringstream out;
  out << "algorithm,eps,round,regret_mean,regret_se,avg_regret_mean,avg_regret_se\n";
  for (const auto& cell : r.cells)
    for (std::size_t g = 0; g < r.grid.size(); ++g) {
      const double t = static_cast<double>(r.grid[g]);
      out << cell.algorithm << ',' << eps_text(cell.eps) << ',' << r.grid[g] << ',' << fmt_double(cell.mean[g]) << ','
          << fmt_double(cell.se[g]) << ',' << fmt_double(cell.mean[g] / t) << ',' << fmt_double(cell.se[g] / t)
          << "\n";
    }
  return out.str();
}

bool has_returning(const SimulationResult& r) {
  for (const auto& cell : r.cells)
    if (cell.returning) return true;
  return false;
}

std::string returning_csv(const SimulationResult& r) {
  std::ostringstream out;
  out << "algorithm,learner,route,B,eps,delta,eps_batch,final_regret_mean,final_regret_se,ledger_eps_upper,"
         "max_batches_per_user\n";
  const auto& c = r.config;
  for (std::size_t i = 0; i < c.algorithms.size(); ++i)
    for (std::size_t j = 0; j < c.epsilons.size(); ++j) {
      const auto& cell = r.cell(i, j);
      if (!cell.returning) continue;
      const auto& ret = *cell.returning;
      std::uint64_t max_batches = 0;
      for (const auto m : ret.max_batches_per_user) max_batches = std::max(max_batches, m);
      out << cell.algorithm << ',' << c.algorithms[i].learner << ',' << ret.route << ',' << ret.B << ','
          << eps_text(cell.eps) << ',' << (ret.delta ? to_string(*ret.delta) : std::string("0")) << ','
          << fmt_double(ret.eps_batch.convert_to<double>()) << ',' << fmt_double(cell.mean.back()) << ','
          << fmt_double(cell.se.back()) << ',' << fmt_double(ret.ledger_eps_upper.convert_to<double>()) << ','
          << max_batches << "\n";
    }
  return out.str();
}

nlohmann::json summary_json(const SimulationResult& r) {
  const auto& c = r.config;
  nlohmann::json j;
  j["experiment"] = c.name;
  j["description"] = c.description;
  j["source"] = c.source;
  j["figure"] = c.figure;
  j["horizon"] = c.horizon;
  j["runs"] = c.runs;
  j["seed"] = c.seed;
  j["regret"] = c.realized ? "realized" : "pseudo";
  j["streams"] = {{"generator", "ChaCha20Source(seed, stream)"},
                  {"instance", "2^20*run"},
                  {"rewards of arm a", "2^20*run + 2 + a"},
                  {"noise of algorithm i at eps index j", "2^20*run + 2^19 + 1024*i + j"}};
  nlohmann::json eps = nlohmann::json::array();
  for (const auto& e : c.epsilons) eps.push_back(to_string(e));
  j["epsilons"] = eps;
  j["config"] = c.raw;
  j["environment"] = r.environment;
  nlohmann::json runs = nlohmann::json::array();
  for (std::size_t k = 0; k < r.instance_means.size(); ++k)
    runs.push_back({{"run", k}, {"means", r.instance_means[k]}, {"best_arm", r.best_arm[k]}});
  j["instances"] = runs;
  nlohmann::json results = nlohmann::json::array();
  const double T = static_cast<double>(c.horizon);
  for (std::size_t i = 0; i < c.algorithms.size(); ++i)
    for (std::size_t jj = 0; jj < c.epsilons.size(); ++jj) {
      const auto& cell = r.cell(i, jj);
      const auto finals = r.final_regret(i, jj);
      std::uint64_t reruns = 0;
      for (auto x : cell.reruns) reruns += x;
      results.push_back({{"algorithm", cell.algorithm},
                         {"learner", c.algorithms[i].learner},
                         {"eps", to_string(cell.eps)},
                         {"final_regret_mean", cell.mean.back()},
                         {"final_regret_se", cell.se.back()},
                         {"final_avg_regret_mean", cell.mean.back() / T},
                         {"final_avg_regret_se", cell.se.back() / T},
                         {"final_regret_per_run", finals},
                         {"tape_reruns", reruns}});
      if (const auto& ret = cell.returning) {
        nlohmann::json per_size = nlohmann::json::array();
        for (const auto& [n, e] : ret->per_size) per_size.push_back({{"n", n}, {"eps_batch", to_string(e)}});
        std::uint64_t max_batches = 0;
        nlohmann::json problems = nlohmann::json::array();
        for (std::size_t run = 0; run < ret->max_batches_per_user.size(); ++run) {
          max_batches = std::max(max_batches, ret->max_batches_per_user[run]);
          if (!ret->placement_problem[run].empty())
            problems.push_back({{"run", run}, {"problem", ret->placement_problem[run]}});
        }
        results.back()["returning"] = {
            {"B", ret->B},
            {"route", ret->route},
            {"delta", ret->delta ? to_string(*ret->delta) : std::string("0")},
            {"eps_total", to_string(cell.eps)},
            {"eps_batch", to_string(ret->eps_batch)},
            {"eps_batch_decimal", ret->eps_batch.convert_to<double>()},
            {"batch_size_at_min", ret->size_at_min},
            {"eps_batch_per_size", per_size},
            {"user_level_ledger_eps_upper", to_string(ret->ledger_eps_upper)},
            {"user_level_ledger_eps_upper_decimal", ret->ledger_eps_upper.convert_to<double>()},
            {"ledger_conversion", ret->ledger_conversion},
            {"ledger_within_eps", ret->ledger_within_eps},
            {"placement", "each arm's batches b = 1, 2, ... cut into blocks of B consecutive batches; slot j of every "
                          "batch of a block is one user (reference/learners/returning_se.hpp)"},
            {"max_batches_per_user", max_batches},
            {"placement_problems", problems}};
      }
    }
  j["results"] = results;
  // How the run went, not what it computed: comparisons of runs (threads, MPI ranks) ignore this object.
  j["timing"] = {{"wall_seconds", r.wall_seconds}, {"threads", r.threads}};
  j["reward_entries_drawn"] = r.reward_entries;
  j["tape_reruns"] = r.reruns;
  j["grid_points"] = r.grid.size();
  return j;
}

bool gnuplot_available() {
  static const bool available = std::system("gnuplot --version > /dev/null 2>&1") == 0;
  return available;
}

WrittenFiles write_outputs(const SimulationResult& r, const std::filesystem::path& dir, bool plots) {
  // All or nothing (docs/reliability.md "Outputs"): every file is staged in DIR/.dpbandit-staging-<pid>, then
  // published file by file with the old ones backed up, the manifest last; any failure rolls back.
  const std::string name = r.config.name;  // file names start with it: several experiments share one --out
  output::Publication pub(dir, name);
  WrittenFiles w;
  pub.write(name + "-curves.csv", curves_csv(r));
  if (has_returning(r)) pub.write(name + "-returning.csv", returning_csv(r));
  std::vector<std::string> plot_names;
  if (plots && gnuplot_available()) {
    const std::string data = name + "-plot.dat";
    pub.write(data, plot_data(r));
    const bool final_plot = r.config.epsilons.size() >= 2, returning_plot = has_returning(r);
    std::vector<std::string> outs = {name + ".png", name + ".svg"};
    if (final_plot) outs.insert(outs.end(), {name + "-final.png", name + "-final.svg"});
    if (returning_plot) outs.insert(outs.end(), {name + "-returning.png", name + "-returning.svg"});
    const std::string script =
        plot_script(r, data, outs[0], outs[1], final_plot ? outs[2] : "", final_plot ? outs[3] : "",
                    returning_plot ? outs[outs.size() - 2] : "", returning_plot ? outs.back() : "");
    pub.write(name + ".gp", script);
    // gnuplot runs in the staging directory; its log stays there (removed with it).
    const std::string command = "cd " + shell_quote(pub.staged("").string()) + " && gnuplot " +
                                shell_quote(name + ".gp") + " > gnuplot.log 2>&1";
    const int status = std::system(command.c_str());
    std::string log;
    {
      std::ifstream in(pub.staged("gnuplot.log"));
      std::ostringstream ss;
      ss << in.rdbuf();
      log = ss.str();
    }
    const std::size_t count = outs.size();
    bool ok = status == 0;
    for (std::size_t k = 0; k < count; ++k) ok = ok && std::filesystem::exists(pub.staged(outs[k]));
    if (ok) {
      for (std::size_t k = 0; k < count; ++k) {
        pub.add(outs[k]);
        plot_names.push_back(outs[k]);
        w.plots.push_back(dir / outs[k]);
      }
    } else {
      w.plot_error = "gnuplot failed: " + log.substr(0, 400);
    }
  } else {
    w.plot_error = plots ? "gnuplot not found on the PATH" : "plots not requested";
  }
  nlohmann::json summary = summary_json(r);
  nlohmann::json plot_list = nlohmann::json::array();
  for (const auto& p : w.plots) plot_list.push_back(p.string());
  summary["plots"] = plot_list;
  if (!w.plot_error.empty()) summary["plot_error"] = w.plot_error;
  pub.write(name + "-summary.json", summary.dump(2) + "\n");
  w.files = pub.commit();
  return w;
}

}  // namespace dpb::verify::experiments
