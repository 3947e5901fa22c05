#include "verify/cli/options.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "reference/core/errors.hpp"
#include "verify/input/bounded_input.hpp"

namespace dpb::cli {

namespace {

constexpr unsigned kMaxTermBits = 4096;  // as require_reasonable_size: a 10^6-digit number is refused, not parsed

std::string first_long_name(const std::string& names) {
  std::string first = names.substr(0, names.find(','));
  if (first.rfind("--", 0) == 0) first = first.substr(2);
  return first;
}

std::string bound_text(const Bound& b) { return b.text.empty() ? dpb::to_string(b.value) : b.text; }

std::string range_text(const OptionSpec& s) {
  if (s.lo && s.hi)
    return std::string(s.lo->open ? "(" : "[") + bound_text(*s.lo) + ", " + bound_text(*s.hi) + (s.hi->open ? ")" : "]");
  if (s.lo) return std::string(s.lo->open ? "> " : ">= ") + bound_text(*s.lo);
  if (s.hi) return std::string(s.hi->open ? "< " : "<= ") + bound_text(*s.hi);
  return {};
}

bool in_range(const OptionSpec& s, const Rational& v) {
  if (s.lo && (s.lo->open ? v <= s.lo->value : v < s.lo->value)) return false;
  if (s.hi && (s.hi->open ? v >= s.hi->value : v > s.hi->value)) return false;
  return true;
}

[[noreturn]] void refuse(const OptionSpec& s, std::string_view text) {
  throw_parameter_error(s.command, s.flag(), s.condition(),
                        text.empty() ? std::string("'' (given but empty)") : verify::input::quoted_prefix(text));
}

Rational checked_number(const OptionSpec& s, std::string_view text) {
  const auto v = parse_number(text);
  if (!v || (s.kind == OptionKind::integer && boost::multiprecision::denominator(*v) != 1) || !in_range(s, *v))
    refuse(s, text);
  return *v;
}

nlohmann::json bound_json(const std::optional<Bound>& b) {
  if (!b) return nullptr;
  return {{"value", dpb::to_string(b->value)}, {"text", bound_text(*b)}, {"open", b->open}};
}

}  // namespace

std::string kind_name(OptionKind kind) {
  switch (kind) {
    case OptionKind::integer: return "integer";
    case OptionKind::number: return "number";
    case OptionKind::number_list: return "number_list";
    case OptionKind::choice: return "choice";
    case OptionKind::text: return "text";
    case OptionKind::path: return "path";
    case OptionKind::flag: return "flag";
    case OptionKind::positional: return "positional";
  }
  return "text";
}

Bound closed(const Rational& value, std::string text) { return {value, std::move(text), false}; }
Bound open(const Rational& value, std::string text) { return {value, std::move(text), true}; }
Rational pow2(unsigned k) { return Rational(Integer(1) << k); }
Rational pow10(unsigned k) {
  Integer r = 1;
  for (unsigned i = 0; i < k; ++i) r *= 10;
  return Rational(r);
}
Bound max_u64() { return closed(pow2(64) - 1, "2^64 - 1"); }

std::string OptionSpec::condition() const {
  if (!condition_text.empty()) return condition_text;
  switch (kind) {
    case OptionKind::integer: return "an integer in " + range_text(*this);
    case OptionKind::number: return lo || hi ? "a number " + std::string(lo && hi ? "in " : "") + range_text(*this) : "a number";
    case OptionKind::number_list:
      return "a comma-separated list of numbers " + std::string(lo && hi ? "in " : "") + range_text(*this);
    case OptionKind::choice:
    case OptionKind::positional: {
      std::string s = "one of ";
      for (std::size_t i = 0; i < choices.size(); ++i) s += (i ? "|" : "") + choices[i];
      return s;
    }
    case OptionKind::text: return "a non-empty text";
    case OptionKind::path: return "a non-empty path";
    case OptionKind::flag: return "a flag without value";
  }
  return {};
}

OptionSpec& OptionSpec::requires_options(std::vector<std::string> names) {
  requires_ = std::move(names);
  return *this;
}
OptionSpec& OptionSpec::conflicts_with(std::vector<std::string> names) {
  conflicts = std::move(names);
  return *this;
}
OptionSpec& OptionSpec::companions_are(std::vector<std::string> argv) {
  companions = std::move(argv);
  return *this;
}
OptionSpec& OptionSpec::slow_values(std::vector<std::string> values) {
  slow = std::move(values);
  return *this;
}

std::optional<Rational> parse_number(std::string_view text) {
  if (text.empty() || text.front() == '+') return std::nullopt;
  for (const char c : text) {  // ASCII digits, sign, point, slash and exponent only: no spaces, no Unicode digits
    const bool ok = (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == '/' || c == 'e' || c == 'E';
    if (!ok) return std::nullopt;
  }
  auto v = try_parse_rational(text);
  if (!v) return std::nullopt;
  using boost::multiprecision::abs;
  if (bit_length(abs(boost::multiprecision::numerator(*v))) > kMaxTermBits ||
      bit_length(boost::multiprecision::denominator(*v)) > kMaxTermBits)
    return std::nullopt;
  return v;
}

Rational checked_value(const OptionSpec& s, std::string_view text) {
  if (text.empty()) refuse(s, text);
  switch (s.kind) {
    case OptionKind::integer:
    case OptionKind::number: return checked_number(s, text);
    case OptionKind::number_list: (void)checked_list(s, text); return 0;
    case OptionKind::choice:
    case OptionKind::positional:
      if (std::find(s.choices.begin(), s.choices.end(), text) == s.choices.end()) refuse(s, text);
      return 0;
    case OptionKind::text:
    case OptionKind::path:
    case OptionKind::flag: return 0;
  }
  return 0;
}

std::vector<Rational> checked_list(const OptionSpec& s, std::string_view text) {
  if (text.empty()) refuse(s, text);
  std::vector<Rational> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = text.substr(start, comma == std::string_view::npos ? text.npos : comma - start);
    const auto v = parse_number(item);
    if (!v || !in_range(s, *v)) refuse(s, text);
    out.push_back(*v);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

OptionSpec& OptionTable::add(OptionSpec spec) {
  specs_.push_back(std::move(spec));
  return specs_.back();
}

std::string OptionTable::json() const {
  nlohmann::json all = nlohmann::json::array();
  for (const auto& s : specs_) {
    all.push_back({{"command", s.command},
                   {"name", s.name},
                   {"kind", kind_name(s.kind)},
                   {"lo", bound_json(s.lo)},
                   {"hi", bound_json(s.hi)},
                   {"choices", s.choices},
                   {"requires", s.requires_},
                   {"conflicts", s.conflicts},
                   {"companions", s.companions},
                   {"slow", s.slow},
                   {"condition", s.condition()}});
  }
  return all.dump(1) + "\n";
}

Options::Options(CLI::App* cmd, std::string command, OptionTable& table, std::vector<std::string> companions)
    : cmd_(cmd), command_(std::move(command)), table_(table), companions_(std::move(companions)) {}

OptionSpec& Options::add(const std::string& names, OptionKind kind, std::string* text, bool* flag,
                         const std::string& help) {
  OptionSpec spec;
  spec.command = command_;
  spec.name = first_long_name(names);
  spec.kind = kind;
  spec.companions = companions_;
  spec.help = help;
  CLI::Option* option = nullptr;
  if (flag) {
    option = cmd_->add_flag(names, *flag, help);
  } else {
    option = cmd_->add_option(names, *text, help);
    option->expected(1);
  }
  OptionSpec& s = table_.add(std::move(spec));
  entries_.push_back({&s, option, text});
  return s;
}

OptionSpec& Options::integer(const std::string& names, std::string& text, Bound lo, Bound hi, const std::string& help) {
  OptionSpec& s = add(names, OptionKind::integer, &text, nullptr, help);
  s.lo = std::move(lo);
  s.hi = std::move(hi);
  return s;
}

OptionSpec& Options::number(const std::string& names, std::string& text, std::optional<Bound> lo,
                            std::optional<Bound> hi, const std::string& help) {
  OptionSpec& s = add(names, OptionKind::number, &text, nullptr, help);
  s.lo = std::move(lo);
  s.hi = std::move(hi);
  return s;
}

OptionSpec& Options::number_list(const std::string& names, std::string& text, Bound lo, Bound hi,
                                 const std::string& help) {
  OptionSpec& s = add(names, OptionKind::number_list, &text, nullptr, help);
  s.lo = std::move(lo);
  s.hi = std::move(hi);
  return s;
}

OptionSpec& Options::choice(const std::string& names, std::string& text, std::vector<std::string> choices,
                            const std::string& help) {
  OptionSpec& s = add(names, OptionKind::choice, &text, nullptr, help);
  s.choices = std::move(choices);
  return s;
}

OptionSpec& Options::text(const std::string& names, std::string& text, const std::string& help) {
  return add(names, OptionKind::text, &text, nullptr, help);
}

OptionSpec& Options::path(const std::string& names, std::string& text, const std::string& help) {
  return add(names, OptionKind::path, &text, nullptr, help);
}

OptionSpec& Options::flag(const std::string& names, bool& value, const std::string& help) {
  return add(names, OptionKind::flag, nullptr, &value, help);
}

OptionSpec& Options::positional(const std::string& name, std::string& text, std::vector<std::string> choices,
                                std::string condition, std::vector<std::string> companions, const std::string& help,
                                bool required) {
  OptionSpec& s = add(name, OptionKind::positional, &text, nullptr, help);
  if (required) entries_.back().option->required();
  s.choices = std::move(choices);
  s.condition_text = std::move(condition);
  s.companions = std::move(companions);
  return s;
}

const Options::Entry& Options::entry(const std::string& name) const {
  for (const auto& e : entries_)
    if (e.spec->name == name) return e;
  throw std::logic_error("dpbandit " + command_ + ": no option --" + name + " registered");
}

bool Options::given(const std::string& name) const { return entry(name).option->count() > 0; }

void Options::check() const {
  for (const auto& e : entries_)
    if (e.option->count() > 0 && e.text) (void)checked_value(*e.spec, *e.text);
  for (const auto& e : entries_) {
    if (e.option->count() == 0) continue;
    for (const auto& r : e.spec->requires_)
      if (!given(r)) throw_parameter_error(command_, "--" + r, "given with " + e.spec->flag(), "nothing");
    for (const auto& c : e.spec->conflicts)
      if (given(c))
        throw_parameter_error(command_, "--" + c, "absent when " + e.spec->flag() + " is given",
                              entry(c).text ? verify::input::quoted_prefix(*entry(c).text) : std::string("set"));
  }
}

std::optional<Integer> Options::integer_value(const std::string& name) const {
  const Entry& e = entry(name);
  if (e.option->count() == 0) return std::nullopt;
  return boost::multiprecision::numerator(checked_value(*e.spec, *e.text));
}

std::optional<Rational> Options::number_value(const std::string& name) const {
  const Entry& e = entry(name);
  if (e.option->count() == 0) return std::nullopt;
  return checked_value(*e.spec, *e.text);
}

std::optional<std::uint64_t> Options::u64(const std::string& name) const {
  const auto v = integer_value(name);
  if (!v) return std::nullopt;
  if (!fits_uint64(*v)) throw std::logic_error("dpbandit " + command_ + ": --" + name + " registered beyond 64 bits");
  return to_uint64(*v);
}

std::uint64_t Options::u64(const std::string& name, std::uint64_t fallback) const {
  return u64(name).value_or(fallback);
}

}  // namespace dpb::cli
