// Test support library: generators and deliberately broken mechanisms (negative controls) live beside this file.
namespace dpb::test {
int support_library_anchor = 0;
}  // namespace dpb::test
