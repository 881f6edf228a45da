// refmath_ane_envelopes: measures the accuracy envelopes of the algorithms
// built on the ANE fp16 model (DFT, linear algebra, weight compression,
// layer compositions) and writes them into the generated part of
// docs/ane-envelopes.md.
//
//   refmath_ane_envelopes --doc docs/ane-envelopes.md [--profile spec]
//                         [--section all|fft|linalg|compress|layers|profiles]
//   refmath_ane_envelopes --print [--section ...]     (tables on stdout)
//
// Exit status: 0 written, 2 bad usage or unreadable/unwritable document.
#include <stdio.h>

#include <chrono>
#include <exception>
#include <string>
#include <vector>

#include "refmath/ane/profile.h"
#include "src/cmdline/args.h"
#include "src/verify/file_io.h"
#include "tools/ane_envelopes/sections.h"

namespace {

using refmath::envelopes::Section;

using refmath::cli::kExitOk;
using refmath::cli::kExitUsage;
const char kBegin[] = "<!-- BEGIN GENERATED: refmath_ane_envelopes -->\n";
const char kEnd[] = "<!-- END GENERATED -->";

const Section kSections[] = {
    {"fft", refmath::envelopes::FftTables},
    {"linalg", refmath::envelopes::LinalgTables},
    {"compress", refmath::envelopes::CompressTables},
    {"layers", refmath::envelopes::LayersTables},
    {"profiles", refmath::envelopes::ProfileTables},
};

int Usage(const std::string& message) {
  fprintf(stderr, "refmath_ane_envelopes: %s\n", message.c_str());
  return kExitUsage;
}

// The document with the text between the markers replaced by `body`.
bool Splice(const std::string& doc, const std::string& body, std::string* out,
            std::string* error) {
  const size_t begin = doc.find(kBegin);
  const size_t end = doc.find(kEnd);
  if (begin == std::string::npos || end == std::string::npos || end < begin) {
    *error = "the document has no generated section (markers " +
             std::string("'<!-- BEGIN GENERATED: refmath_ane_envelopes -->' and '") +
             kEnd + "')";
    return false;
  }
  const size_t body_start = begin + sizeof(kBegin) - 1;
  *out = doc.substr(0, body_start) + body + doc.substr(end);
  return true;
}

int Run(const std::vector<std::string>& argv) {
  refmath::cli::Args args;
  std::string error;
  if (!args.Parse(argv, {"doc", "profile", "section"}, {"print"}, &error)) {
    return Usage(error);
  }
  if (args.Has("doc") == args.Has("print")) {
    return Usage("give exactly one of --doc FILE and --print");
  }
  refmath::ane::Profile profile;
  if (!refmath::ane::FindProfile(args.Get("profile", "spec"), &profile, &error)) {
    return Usage(error);
  }
  const std::string which = args.Get("section", "all");
  // The document is read and checked before the long measurement.
  const std::string path = args.Get("doc");
  std::string doc, out;
  if (args.Has("doc")) {
    std::vector<uint8_t> bytes;
    if (!refmath::io::ReadAll(path, &bytes, &error)) return Usage(error);
    doc.assign(bytes.begin(), bytes.end());
    if (!Splice(doc, "", &out, &error)) return Usage(path + ": " + error);
  }
  bool known = which == "all";
  for (const Section& s : kSections) known = known || which == s.name;
  if (!known) return Usage("unknown --section '" + which + "' (valid: all, fft, linalg, compress, layers, profiles)");
  std::string body;
  const auto start = std::chrono::steady_clock::now();
  for (const Section& s : kSections) {
    if (which != "all" && which != s.name) continue;
    body += s.run(profile) + "\n";
  }
  const double seconds = std::chrono::duration<double>(
      std::chrono::steady_clock::now() - start).count();
  fprintf(stderr, "refmath_ane_envelopes: measured in %.0f s\n", seconds);

  const std::string profile_name = profile.name;
  body = "Profile `" + profile_name + "`. Regenerate with\n`" +
         "build/bin/refmath_ane_envelopes --doc docs/ane-envelopes.md" +
         (profile_name == "spec" ? "" : " --profile " + profile_name) +
         (which == "all" ? "" : " --section " + which) + "`.\n\n" + body;
  if (args.Has("print")) {
    fputs(body.c_str(), stdout);
    return kExitOk;
  }
  if (!Splice(doc, body, &out, &error)) return Usage(path + ": " + error);
  if (!refmath::io::WriteAllAtomic(path, out.data(), out.size(), &error)) {
    return Usage(error);
  }
  fprintf(stderr, "refmath_ane_envelopes: wrote %s\n", path.c_str());
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return Run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const std::exception& e) {
    fprintf(stderr, "refmath_ane_envelopes: %s\n", e.what());
    return kExitUsage;
  }
}
