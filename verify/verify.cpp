// Anchor translation unit of the verification library (dpb::verify).
namespace dpb::verify {
int verify_library_anchor = 0;
}  // namespace dpb::verify
