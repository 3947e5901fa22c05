// Anchor translation unit of the optimized library (dpb::fast); the algorithms live in the files beside it.
namespace dpb::fast {
int optimized_library_anchor = 0;
}  // namespace dpb::fast
