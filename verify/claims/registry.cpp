#include "verify/claims/registry.hpp"

#include <fnmatch.h>

#include <regex>
#include <stdexcept>
#include <string>

namespace dpb::verify {

namespace {

struct Names {
  std::string_view verdicts[3] = {"holds", "violated", "inconclusive"};
  std::string_view methods[7] = {"certified", "statistical", "proof", "audit", "crosscheck", "trend", "vectors"};
  std::string_view suites[2] = {"quick", "full"};
};
const Names kNames;

template <typename E, std::size_t N>
std::optional<E> parse_enum(const std::string_view (&names)[N], std::string_view text) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == text) return static_cast<E>(i);
  return std::nullopt;
}

}  // namespace

std::string_view to_string(Verdict v) { return kNames.verdicts[static_cast<int>(v)]; }
std::string_view to_string(Method m) { return kNames.methods[static_cast<int>(m)]; }
std::string_view to_string(Suite s) { return kNames.suites[static_cast<int>(s)]; }
std::optional<Verdict> parse_verdict(std::string_view text) { return parse_enum<Verdict>(kNames.verdicts, text); }
std::optional<Method> parse_method(std::string_view text) { return parse_enum<Method>(kNames.methods, text); }
std::optional<Suite> parse_suite(std::string_view text) { return parse_enum<Suite>(kNames.suites, text); }

Verdict combine(Verdict a, Verdict b) {
  if (a == Verdict::violated || b == Verdict::violated) return Verdict::violated;
  if (a == Verdict::inconclusive || b == Verdict::inconclusive) return Verdict::inconclusive;
  return Verdict::holds;
}

bool is_well_formed_claim_id(std::string_view id) {
  static const std::regex kId(R"(^(00[0-4]|core)\.[a-z0-9]+([._-][a-z0-9]+)*$)");
  return std::regex_match(id.begin(), id.end(), kId);
}

bool glob_matches(std::string_view pattern, std::string_view id) {
  return fnmatch(std::string(pattern).c_str(), std::string(id).c_str(), 0) == 0;
}

Claim& Registry::add(Claim claim) {
  auto refuse = [&](const std::string& why) {
    throw std::invalid_argument("Registry::add: claim '" + claim.id + "' " + why);
  };
  if (!is_well_formed_claim_id(claim.id)) refuse("has a malformed id (want <000-004|core>.<label>)");
  if (find(claim.id) != nullptr) refuse("is registered twice");
  if (claim.statement.empty()) refuse("has no statement");
  if (claim.source.seed.empty() || claim.source.section.empty()) refuse("has no source (seed and section)");
  if (claim.source.seed != claim.id.substr(0, claim.id.find('.')))
    refuse("has source seed '" + claim.source.seed + "' that differs from its id's seed");
  if (claim.grid.empty()) refuse("has no parameter grid description");
  if (!claim.check) refuse("has no checker");
  if (claim.version < 1) refuse("has a checker version below 1");
  claim.alpha = 0;
  if (!claim.family.empty()) {
    const Family* family = find_family(claim.family);
    if (family == nullptr) refuse("names the undeclared family '" + claim.family + "'");
    const std::size_t size = family_size(claim.family) + 1;
    for (auto& c : claims_)
      if (c.family == claim.family) c.alpha = family->alpha / static_cast<double>(size);
    claim.alpha = family->alpha / static_cast<double>(size);
  } else if (claim.method == Method::statistical || claim.method == Method::audit || claim.method == Method::trend) {
    refuse("tests hypotheses (method " + std::string(to_string(claim.method)) + ") but has no multiplicity family");
  }
  claims_.push_back(std::move(claim));
  return claims_.back();
}

void Registry::add_family(Family family) {
  if (family.name.empty() || find_family(family.name) != nullptr)
    throw std::invalid_argument("Registry::add_family: family '" + family.name + "' is empty or declared twice");
  if (family.description.empty())
    throw std::invalid_argument("Registry::add_family: family '" + family.name + "' has no description");
  if (!(family.alpha > 0 && family.alpha < 1))
    throw std::invalid_argument("Registry::add_family: family '" + family.name + "' has alpha outside (0, 1)");
  families_.push_back(std::move(family));
}

const Registry::Family* Registry::find_family(std::string_view name) const {
  for (const auto& f : families_)
    if (f.name == name) return &f;
  return nullptr;
}

std::size_t Registry::family_size(std::string_view name) const {
  std::size_t n = 0;
  for (const auto& c : claims_)
    if (c.family == name) ++n;
  return n;
}

const Claim* Registry::find(std::string_view id) const {
  for (const auto& c : claims_)
    if (c.id == id) return &c;
  return nullptr;
}

Claim* Registry::find(std::string_view id) {
  for (auto& c : claims_)
    if (c.id == id) return &c;
  return nullptr;
}

std::vector<const Claim*> Registry::match(std::string_view pattern) const {
  std::vector<const Claim*> out;
  for (const auto& c : claims_)
    if (glob_matches(pattern, c.id)) out.push_back(&c);
  return out;
}

}  // namespace dpb::verify
