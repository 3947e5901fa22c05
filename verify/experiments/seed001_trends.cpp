#include "verify/experiments/seed001_trends.hpp"

#include <algorithm>
#include <stdexcept>

namespace dpb::verify::experiments {

namespace {

std::vector<double> final_of(const SimulationResult& r, const std::string& label, std::size_t eps) {
  return r.final_regret(r.algorithm_index(label), eps);
}

std::vector<double> minus(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) throw std::logic_error("seed001 trends: paired vectors of different lengths");
  std::vector<double> out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) out[i] = a[i] - b[i];
  return out;
}

std::string eps_name(const Rational& e) { return "ε=" + dpb::to_string(e); }

}  // namespace

Seed001Tests seed001_ordering_tests(const SimulationResult& r, const std::map<std::string, std::string>& relabel) {
  auto read = [&](const std::string& label) {
    const auto it = relabel.find(label);
    return it == relabel.end() ? label : it->second;
  };
  static const std::pair<const char*, const char*> pairs[] = {{"LinUCB", "LinUCB-JDP"},
                                                              {"LinUCB-JDP", "LinUCB-SDP-Amp"},
                                                              {"LinUCB-JDP", "LinUCB-SDP-Vec"},
                                                              {"LinUCB-SDP-Amp", "LinUCB-LDP"},
                                                              {"LinUCB-SDP-Vec", "LinUCB-LDP"}};
  Seed001Tests t;
  for (std::size_t j = 0; j < r.config.epsilons.size(); ++j) {
    const std::string panel = r.config.name + " " + eps_name(r.config.epsilons[j]);
    for (const auto& [a, b] : pairs) {
      t.tests.push_back(sign_test_below(
          panel + ": Reg(" + a + ") − Reg(" + b + ") < 0 (realized regret at T, paired)",
          minus(final_of(r, read(a), j), final_of(r, read(b), j)), 0));
      t.panels.push_back(panel);
    }
  }
  return t;
}

Seed001Tests seed001_eps_gap_tests(const SimulationResult& r, bool reverse_eps) {
  const std::size_t n = r.config.epsilons.size();
  if (n < 2) throw std::logic_error("seed001_eps_gap_tests: " + r.config.name + " has fewer than two ε");
  // ε in increasing order (the configs list them so; sort to be safe).
  std::vector<std::size_t> order(n);
  for (std::size_t j = 0; j < n; ++j) order[j] = j;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return r.config.epsilons[a] < r.config.epsilons[b]; });
  if (reverse_eps) std::reverse(order.begin(), order.end());
  Seed001Tests t;
  for (std::size_t k = 0; k + 1 < n; ++k) {
    const std::size_t lo = order[k], hi = order[k + 1];
    const std::string panel = r.config.name + " " + eps_name(r.config.epsilons[lo]) + "→" +
                              dpb::to_string(r.config.epsilons[hi]);
    const auto base_lo = final_of(r, "LinUCB", lo), base_hi = final_of(r, "LinUCB", hi);
    for (const char* a : {"LinUCB-JDP", "LinUCB-SDP-Amp", "LinUCB-SDP-Vec", "LinUCB-LDP"}) {
      const auto gap_lo = minus(final_of(r, a, lo), base_lo), gap_hi = minus(final_of(r, a, hi), base_hi);
      t.tests.push_back(sign_test_below(panel + ": gap(" + a + ", " + eps_name(r.config.epsilons[hi]) + ") − gap(" + a +
                                            ", " + eps_name(r.config.epsilons[lo]) +
                                            ") < 0, gap = Reg(A) − Reg(LinUCB) at T (paired, margin 0)",
                                        minus(gap_hi, gap_lo), 0));
      t.panels.push_back(panel);
    }
  }
  return t;
}

Outcome seed001_trend_outcome(const Seed001Tests& t, double alpha) {
  Outcome o = trend_outcome(t.tests, alpha);
  std::map<std::string, std::pair<bool, bool>> panel;  // (all supported, some contradicted)
  std::vector<std::string> order;
  for (std::size_t i = 0; i < t.tests.size(); ++i) {
    const auto& e = o.evidence["tests"][i];
    auto [it, fresh] = panel.emplace(t.panels[i], std::make_pair(true, false));
    if (fresh) order.push_back(t.panels[i]);
    it->second.first = it->second.first && e["supported"].get<bool>();
    it->second.second = it->second.second || e["contradicted"].get<bool>();
    o.evidence["tests"][i]["panel"] = t.panels[i];
  }
  nlohmann::json panels = nlohmann::json::object();
  for (const auto& p : order) {
    const auto& [all, some] = panel.at(p);
    panels[p] = std::string(to_string(some ? Verdict::violated : all ? Verdict::holds : Verdict::inconclusive));
  }
  o.evidence["panels"] = panels;
  return o;
}

}  // namespace dpb::verify::experiments
