// refmath mcu: placeholder until the MCU module's command lands.
#include "tools/cli/commands.h"

namespace refmath {
namespace cli {

int RunMcu(const Argv&) { return Fail("mcu", "not implemented yet"); }

}  // namespace cli
}  // namespace refmath
