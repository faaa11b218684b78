// The C++ API of <ferry/ferry.hpp>.
#include <ferry/ferry.hpp>

#include "device.h"

namespace ferry {

std::string device_name() { return rt::current_device().describe(); }

} // namespace ferry
