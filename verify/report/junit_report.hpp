// junit.xml (docs/report.md): the verdicts of a run for CI test dashboards, rendered from report.json's content.
//
//   <testsuites name="dpbandit verify" tests failures errors="0" skipped time>
//     <testsuite name="<seed>" ...>           one per seed, in the order of first appearance in the registry
//       <testcase classname="<seed>" name="<id>" time="<seconds>">
//         <failure .../>                      verdict differs from the expected verdict
//         <skipped .../>                      verdict is inconclusive and inconclusive was expected
//         <system-out>key figure</system-out>
// A claim whose verdict equals its expectation passes, whether that verdict is holds or violated (a paper's false
// claim, confirmed, is a pass); only an expected inconclusive is reported as skipped, since nothing was decided.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace dpb::verify {

// `report` is report_json(...) (json_report.hpp). Every text is escaped (markup_escape), so the result is
// well-formed XML 1.0 whatever the claims contain.
std::string junit_xml(const nlohmann::json& report);

}  // namespace dpb::verify
