#include "optimized/protocols/transcript.hpp"

namespace dpb::fast {
namespace {

template <class T>
std::vector<Integer> integers(const std::vector<T>& v) {
  std::vector<Integer> out;
  out.reserve(v.size());
  for (T e : v) out.emplace_back(e);
  return out;
}

}  // namespace

ref::Transcript Transcript::to_reference() const {
  ref::Transcript t;
  t.variant = variant;
  t.secure_sum = secure_sum;
  t.path = path;
  t.n = n;
  t.g = g;
  t.tau = tau;
  t.m = m;
  t.threshold = threshold;
  t.shares_per_message = shares_per_message;
  for (const Reward& r : x) t.x.push_back(to_rational(r));
  t.x_hat = integers(x_hat);
  t.noise = integers(noise);
  t.noise_sum = noise_sum;
  t.messages = integers(messages);
  t.masks = integers(masks);
  t.masked_messages = integers(masked_messages);
  t.shares = integers(shares);
  t.shuffled_shares = integers(shuffled_shares);
  t.y_hat = y_hat;
  t.analyzer_noise = analyzer_noise;
  t.y_analyzed = y_analyzed;
  t.decoded = decoded;
  t.z = z();
  return t;
}

}  // namespace dpb::fast
