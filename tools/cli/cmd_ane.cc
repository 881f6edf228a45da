// refmath ane: placeholder until the ANE model's command lands.
#include "tools/cli/commands.h"

namespace refmath {
namespace cli {

int RunAne(const Argv&) { return Fail("ane", "not implemented yet"); }

}  // namespace cli
}  // namespace refmath
